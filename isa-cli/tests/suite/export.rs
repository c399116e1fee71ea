//! `isa export`: the JSON catalog against its schema and against the field tables it comes from,
//! and bad requests that must leave nothing behind.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use isa_cli::export::catalog::{Catalog, IdentityInfo, KindInfo, Member, PlacementInfo};
use isa_core::{Declaration, Family, FieldKind, Identity, Placement};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn isa() -> Command {
    Command::cargo_bin("isa").expect("the isa binary is built")
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// What `isa export --format FORMAT` writes to standard output.
fn exported(format: &str) -> String {
    let out = isa()
        .args(["export", "--format", format])
        .output()
        .expect("isa runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn the_json_catalog_validates_against_its_schema() {
    let schema_text = fs::read_to_string(root().join("isa-cli/schema/catalog.schema.json"))
        .expect("the schema is checked in");
    let schema: serde_json::Value = serde_json::from_str(&schema_text).expect("the schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("the schema is a JSON Schema");
    let catalog: serde_json::Value =
        serde_json::from_str(&exported("json")).expect("the catalog is JSON");
    let errors: Vec<String> = validator
        .iter_errors(&catalog)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // The schema refuses what it should: a member without its field table.
    let mut broken = catalog.clone();
    if let Some(m) = broken["bundles"]["members"][0].as_object_mut() {
        m.remove("fields");
    }
    assert!(!validator.is_valid(&broken));
}

/// The declarations' field tables and the catalog's rows agree row for row.
fn same_table(member: &Member, decl: &Declaration) {
    assert_eq!(member.name, decl.name);
    assert_eq!(member.wire_name, decl.wire_name);
    assert_eq!(member.size, decl.size);
    match (decl.identity, &member.identity) {
        (Identity::Opcodes(ops), IdentityInfo::Opcodes { opcodes }) => {
            assert_eq!(ops, &opcodes[..])
        }
        (Identity::MaskMatch { mask, value }, IdentityInfo::MaskMatch { mask: m, value: v }) => {
            assert_eq!((mask, value), (*m, *v));
        }
        (want, got) => panic!("{}: identity {want:?} exported as {got:?}", decl.name),
    }
    assert_eq!(member.fields.len(), decl.fields.len(), "{}", decl.name);
    for (row, info) in member.fields.iter().zip(decl.fields) {
        let at = format!("{}.{}", decl.name, info.name);
        assert_eq!(row.name, info.name, "{at}");
        assert_eq!(row.spec_name, info.spec_name, "{at}");
        assert_eq!(row.offset, info.offset, "{at}");
        let placement = match row.placement {
            PlacementInfo::Bytes { len } => Placement::Bytes { len },
            PlacementInfo::Bits { lo, hi } => Placement::Bits { lo, hi },
        };
        assert_eq!(placement, info.placement, "{at}");
        assert_eq!(
            row.value_bits.map(|[lo, hi]| (lo, hi)),
            info.value_bits,
            "{at}"
        );
        assert_eq!(row.ty, info.ty, "{at}");
        assert_eq!(row.table.as_deref(), info.lut.map(|l| l.name), "{at}");
        let kind = match row.kind {
            KindInfo::Value => FieldKind::Value,
            KindInfo::Opcode => FieldKind::Opcode,
            KindInfo::Constant { value } => FieldKind::Constant(value),
            KindInfo::Reserved => FieldKind::Reserved,
            KindInfo::Identity { mask, value } => FieldKind::Identity { mask, value },
        };
        assert_eq!(kind, info.kind, "{at}");
        assert_eq!(row.confidence, info.confidence.tag(), "{at}");
        assert_eq!(row.note, info.note, "{at}");
        assert_eq!(row.corroborated, info.corroborated, "{at}");
        assert_eq!(row.disputed, info.disputed, "{at}");
    }
}

#[test]
fn the_json_catalog_reads_back_into_the_field_tables() {
    let catalog: Catalog = serde_json::from_str(&exported("json")).expect("the catalog reads back");
    assert_eq!(catalog.isa, "isa");
    assert_eq!(catalog.bundles.tag, isa_ops::Op::TAG);
    assert_eq!(catalog.words.tag, isa_ops::pto::Word::TAG);
    let bundles = isa_ops::Op::DECLARATIONS;
    let words = isa_ops::pto::Word::DECLARATIONS;
    assert_eq!(catalog.bundles.members.len(), bundles.len());
    assert_eq!(catalog.words.members.len(), words.len());
    for (m, d) in catalog.bundles.members.iter().zip(bundles) {
        same_table(m, d);
    }
    for (m, d) in catalog.words.members.iter().zip(words) {
        same_table(m, d);
    }
    let tags: Vec<&str> = catalog
        .bundles
        .members
        .iter()
        .map(|m| m.serde_tag.as_str())
        .collect();
    assert_eq!(tags, isa_ops::Op::TAGS);
    // Every table a row names is listed, with every code's canonical preimage first.
    for row in catalog.members().flat_map(|m| &m.fields) {
        if let Some(name) = &row.table {
            let table = catalog
                .table(name)
                .expect("every table a row names is listed");
            for code in &table.codes {
                assert_eq!(code.preimages.first(), Some(&code.canonical));
            }
        }
    }
    let dtype = catalog.table("dtype_v2").expect("dtype_v2");
    let shared = dtype
        .codes
        .iter()
        .find(|c| c.code == 0x03)
        .expect("code 0x03");
    assert_eq!(shared.preimages, ["uint8", "float8_e8m0fnu"]);
}

#[test]
fn the_json_catalog_is_the_library_export() {
    let text = isa_cli::cmd::export::export::<isa_cli::BuiltIn>(isa_cli::cmd::export::Format::Json)
        .expect("the built-in ISA exports");
    assert_eq!(text, exported("json"));
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    isa().args(["export", "--format", "yaml"]).assert().code(2);
}

#[test]
fn an_unwritable_path_is_one_line_and_leaves_nothing() {
    let dir = scratch("export-unwritable");
    let target = dir.join("missing").join("catalog.json");
    let out = isa()
        .args(["export", "--format", "json", "-o"])
        .arg(&target)
        .output()
        .expect("isa runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert!(!target.exists());
    assert_eq!(fs::read_dir(&dir).expect("scratch").count(), 0);
}

#[test]
fn an_export_to_a_file_is_what_standard_output_gets() {
    let dir = scratch("export-file");
    let target = dir.join("catalog.json");
    isa()
        .args(["export", "--format", "json", "-o"])
        .arg(&target)
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(&target).expect("written"),
        exported("json")
    );
    let names: Vec<_> = fs::read_dir(&dir)
        .expect("scratch")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, ["catalog.json"]);
}

#[test]
fn the_checked_in_exports_are_what_isa_export_generates() {
    for (format, file) in [
        ("json", "catalog.json"),
        ("c", "isa_export.h"),
        ("python", "isa_export.py"),
    ] {
        let checked_in =
            fs::read_to_string(root().join("docs/export").join(file)).unwrap_or_default();
        assert!(
            checked_in == exported(format),
            "docs/export/{file} is stale; regenerate it with \
             `cargo run -q -p isa-cli -- export --format {format} -o docs/export/{file}`"
        );
    }
}
