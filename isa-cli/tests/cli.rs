//! The `isa` binary, driven as a user drives it: the checked-in example stream, its JSON Lines
//! source, corrupted copies of it, and the generated reference.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

/// The repository root (the example and the reference live there).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn example_bin() -> PathBuf {
    root().join("examples/kernel.bin")
}

fn example_jsonl() -> PathBuf {
    root().join("examples/kernel.jsonl")
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

/// A copy of the example with `edit` applied, written to `dir/name`.
fn corrupted(dir: &Path, name: &str, edit: impl FnOnce(&mut Vec<u8>)) -> PathBuf {
    let mut bytes = fs::read(example_bin()).expect("the example stream");
    edit(&mut bytes);
    let path = dir.join(name);
    fs::write(&path, bytes).expect("corrupted copy");
    path
}

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().expect("isa runs").stdout).expect("UTF-8 output")
}

fn no_panic() -> impl Predicate<str> {
    contains("panicked").not()
}

/// The example is six TensorTensor bundles (examples/kernel.jsonl).
const BUNDLES: usize = 6;

#[test]
fn the_example_holds_the_seed_bytes_of_its_fourth_bundle() {
    // Bundle 3 (offset 0xc0): `keep = e >= threshold`, bit-vector form, fp32 inputs, uint8 out.
    let bytes = fs::read(example_bin()).unwrap();
    assert_eq!(bytes.len(), BUNDLES * 64);
    let b = &bytes[0xc0..0x100];
    // Seed 000: 0x51 is the bit-vector opcode; inst_word_len 0x10; bytes 2..=3 zero.
    assert_eq!(&b[..4], &[0x51, 0x10, 0x00, 0x00]);
    // Seed 000 dtype LUT: float32 -> 0x0A in both nibbles of 0x0C, uint8 -> 0x03 at 0x0D.
    assert_eq!(b[0x0C], 0xAA);
    assert_eq!(b[0x0D], 0x03);
    // Seed 001 ALU LUT (SPEC-NOTES §1): is_ge (21) -> 0x14.
    assert_eq!(b[0x0E], 0x14);
    assert_eq!(b[0x0F], 128);
}

#[test]
fn decode_prints_one_line_per_bundle_with_every_preimage_of_a_shared_code() {
    let out = stdout_of(isa().arg("decode").arg(example_bin()));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), BUNDLES, "{out}");
    // uint8 and float8_e8m0fnu share code 0x03 in seed 000's table: both are printed.
    assert_eq!(
        lines[3],
        "0x000000c0  0x51  TensorTensor  opcode=tensor_tensor_bitvec \
         sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=0} \
         in0_dtype=float32 in1_dtype=float32 out_dtype=uint8|float8_e8m0fnu alu=is_ge \
         num_active_partitions=128 out={addr=0x00002400,strides=[1,1,1],nums=[512,1,1]} \
         in0={addr=0x00001000,strides=[1,1,1],nums=[512,1,1]} \
         in1={addr=0x0000080c,strides=[0,1,1],nums=[512,1,1]}"
    );
    // The GPSIMD int32 band: opcode 0x8A and ALU byte 0xC4 (seed 000 §2).
    assert!(
        lines[4].starts_with("0x00000100  0x8a  TensorTensor  opcode=tensor_tensor_int32_eng4 "),
        "{}",
        lines[4]
    );
    assert!(lines[4].contains(" alu=int32_eng4 "), "{}", lines[4]);
    assert!(
        lines[5].contains(" sync={wait_mode=1,wait_index=3,update_mode=1,update_index=4,value=1} ")
    );
    isa()
        .arg("decode")
        .arg(example_bin())
        .assert()
        .success()
        .stderr("");
}

#[test]
fn decode_reads_standard_input() {
    let bytes = fs::read(example_bin()).unwrap();
    let out = stdout_of(isa().args(["decode", "-"]).write_stdin(bytes));
    assert_eq!(out.lines().count(), BUNDLES);
    assert!(out.starts_with("0x00000000  0x41  TensorTensor  opcode=tensor_tensor "));
}

#[test]
fn a_long_stream_decodes_in_order_across_workers() {
    // 3000 bundles: several chunks of work, decoded on every core, printed in stream order.
    let dir = scratch("long");
    let one = fs::read(example_bin()).unwrap();
    let mut bytes: Vec<u8> = one.iter().copied().cycle().take(500 * one.len()).collect();
    bytes[2500 * 64] = 0xFF;
    let path = dir.join("long.bin");
    fs::write(&path, &bytes).unwrap();
    let run = isa().arg("decode").arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let offsets: Vec<usize> = out
        .lines()
        .map(|l| usize::from_str_radix(&l[2..10], 16).unwrap())
        .collect();
    assert_eq!(offsets, (0..3000).map(|k| k * 64).collect::<Vec<_>>());
    run.stderr(contains(
        "long.bin:0x27100: cannot decode bundle: field `opcode`",
    ))
    .stderr(contains("isa: 1 problem in"));
    isa()
        .arg("stats")
        .arg(&path)
        .assert()
        .code(1)
        // Bundle 2500 is bundle 4 of its copy of the example (2500 = 6·416 + 4): the 0x8A one.
        .stdout(contains("0x41    TensorTensor                 2000\n"))
        .stdout(contains("0x51    TensorTensor                  500\n"))
        .stdout(contains("0x8a    TensorTensor                  499\n"))
        .stdout(contains("0xff    (unknown)                       1\n"));
}

#[test]
fn decode_json_is_the_serde_form_with_the_offset() {
    let out = stdout_of(isa().args(["decode", "--json"]).arg(example_bin()));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), BUNDLES);
    assert!(
        lines[0].starts_with(r#"{"offset":0,"op":"TensorTensor","opcode":"tensor_tensor","#),
        "{}",
        lines[0]
    );
    for (k, line) in lines.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["offset"], k * 64);
        assert_eq!(v["op"], "TensorTensor");
    }
    // A shared code decodes to its canonical preimage (uint8, not float8_e8m0fnu).
    let v: serde_json::Value = serde_json::from_str(lines[3]).unwrap();
    assert_eq!(v["out_dtype"], "uint8");
    assert_eq!(v["alu"], "is_ge");
    assert_eq!(v["out"]["addr"], 0x2400);
}

#[test]
fn decode_then_encode_is_byte_identical() {
    let dir = scratch("round-trip");
    let json = isa()
        .args(["decode", "--json"])
        .arg(example_bin())
        .output()
        .unwrap()
        .stdout;
    let out = dir.join("again.bin");
    isa()
        .args(["encode", "-", "-o"])
        .arg(&out)
        .write_stdin(json)
        .assert()
        .success();
    assert_eq!(fs::read(&out).unwrap(), fs::read(example_bin()).unwrap());
}

#[test]
fn the_checked_in_stream_is_the_encoded_source() {
    let dir = scratch("source");
    let out = dir.join("kernel.bin");
    isa()
        .arg("encode")
        .arg(example_jsonl())
        .arg("-o")
        .arg(&out)
        .assert()
        .success()
        .stderr("");
    assert_eq!(fs::read(&out).unwrap(), fs::read(example_bin()).unwrap());
    let listing: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(listing, ["kernel.bin"], "no temporary file is left");
}

#[test]
fn validate_passes_the_example() {
    isa()
        .arg("validate")
        .arg(example_bin())
        .assert()
        .code(0)
        .stdout("")
        .stderr(contains("6 bundles, every check passed"));
}

#[test]
fn validate_lists_a_zero_count_with_its_absolute_offset_check_and_field() {
    let dir = scratch("zero-count");
    // Bundle 2 (0x80): `out` count0 at +0x10 + (4 + 2·3) = +0x1A (seed 002: counts after the
    // strides, at 4 + 2N).
    let path = corrupted(&dir, "zero.bin", |b| {
        b[0x80 + 0x1A] = 0;
        b[0x80 + 0x1B] = 0;
    });
    let out = isa().arg("validate").arg(&path).assert().code(1);
    let out = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains(":0x9a: TensorTensor: tensor3d_valid failed on `out` at byte 0x1a: count0"),
        "{out}"
    );
    // The inputs still walk 512 elements; the output now walks none.
    assert!(
        out.contains(
            ":0xa0: TensorTensor: s3d3_tt_src_element_cnt_check failed on `in0` at byte 0x20"
        ),
        "{out}"
    );
    assert_eq!(out.lines().count(), 3, "{out}");
    // Decoding does not run the validators: the bundle decodes.
    isa().arg("decode").arg(&path).assert().success();
}

#[test]
fn validate_reports_decode_failures_as_the_decode_check() {
    let dir = scratch("validate-decode");
    let path = corrupted(&dir, "lut.bin", |b| b[0xC0 + 0x0C] = 0xA0);
    isa()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(contains(
            ":0xcc: TensorTensor: decode failed on `in0_dtype` at byte 0x0c: code 0x0 is not in table `dtype_v2`",
        ))
        .stderr(contains("6 bundles, 1 finding"));
}

#[test]
fn stats_counts_bundles_per_opcode_and_op() {
    isa()
        .arg("stats")
        .arg(example_bin())
        .assert()
        .success()
        .stdout(contains("6 bundles, 384 bytes"))
        .stdout(contains("0x41    TensorTensor                    4\n"))
        .stdout(contains("0x51    TensorTensor                    1\n"))
        .stdout(contains("0x8a    TensorTensor                    1\n"))
        .stdout(contains("TensorTensor                            6\n"))
        .stdout(contains("unknown").not());
}

#[test]
fn stats_counts_unknown_opcodes_and_trailing_bytes() {
    let dir = scratch("stats-bad");
    let path = corrupted(&dir, "bad.bin", |b| {
        b[0x80] = 0xFF;
        b.extend_from_slice(&[0x41, 0x10, 0, 0]);
    });
    isa()
        .arg("stats")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(contains("0x41    TensorTensor                    3\n"))
        .stdout(contains("0xff    (unknown)                       1\n"))
        .stdout(contains("trailing bytes: 4 at 0x180"))
        .stderr(contains(":0x80: cannot decode bundle: field `opcode`"))
        .stderr(contains(":0x180: 4 trailing bytes"));
}

#[test]
fn fields_prints_the_table_of_an_op_by_name_wire_name_or_opcode() {
    let by_name = stdout_of(isa().args(["fields", "TENSORtensor"]));
    assert!(
        by_name.starts_with("TensorTensor (s3d3_tt), opcodes 0x41 0x51 0x8a 0x8e\n"),
        "{by_name}"
    );
    let rows: Vec<Vec<&str>> = by_name
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    // Seed 000 §2: in0 dtype is the low nibble of 0x0C through the dtype table.
    assert!(
        rows.iter().any(|r| r[..]
            == [
                "0x0c",
                "bits",
                "3:0",
                "in0_dtype",
                "Dtype",
                "via",
                "dtype_v2",
                "(many-to-one)",
                "CONFIRMED"
            ]),
        "{by_name}"
    );
    assert!(rows.iter().any(
        |r| r[..4] == ["0x01", "1", "byte", "inst_word_len"] && r[4..6] == ["constant", "0x10"]
    ));
    assert!(
        rows.iter()
            .any(|r| r[..4] == ["0x10", "16", "bytes", "out"])
    );
    assert_eq!(stdout_of(isa().args(["fields", "s3d3_tt"])), by_name);
    assert_eq!(stdout_of(isa().args(["fields", "0x8E"])), by_name);
    assert_eq!(
        stdout_of(isa().arg("fields")),
        by_name,
        "every op: today one"
    );
}

#[test]
fn fields_refuses_an_unknown_op_naming_the_known_ones() {
    isa()
        .args(["fields", "Frobnicate"])
        .assert()
        .code(2)
        .stderr(contains(
            "no op is named `Frobnicate`; the ops are: TensorTensor",
        ));
}

#[test]
fn fields_wavedrom_is_a_register_of_32_bit_lanes() {
    let out = stdout_of(isa().args(["fields", "tensortensor", "--wavedrom"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["config"]["bits"], 512);
    assert_eq!(v["config"]["lanes"], 16);
    let reg = v["reg"].as_array().unwrap();
    let mut at = 0;
    for e in reg {
        let bits = e["bits"].as_u64().unwrap();
        assert!(
            at / 32 == (at + bits - 1) / 32,
            "{e} crosses a lane boundary at bit {at}"
        );
        at += bits;
    }
    assert_eq!(at, 512, "the fields cover the bundle");
    assert_eq!(reg[0], serde_json::json!({"bits": 8, "name": "opcode"}));
    assert_eq!(
        reg[1],
        serde_json::json!({"bits": 8, "name": "8'b00010000", "attr": "inst_word_len"})
    );
    assert_eq!(reg[2], serde_json::json!({"bits": 16, "type": 1}));
    let in0_dtype = reg.iter().find(|e| e["name"] == "in0_dtype").unwrap();
    assert_eq!(in0_dtype["bits"], 4);
    assert_eq!(in0_dtype["attr"], "dtype_v2");
    // A 16-byte descriptor is four whole lanes.
    assert_eq!(reg.iter().filter(|e| e["name"] == "out").count(), 4);
}

#[test]
fn the_checked_in_reference_is_what_isa_doc_generates() {
    let dir = scratch("doc");
    isa().arg("doc").arg("-o").arg(&dir).assert().success();
    let docs = root().join("docs");
    let names = |d: &Path| {
        let mut n: Vec<String> = fs::read_dir(d)
            .map(|r| {
                r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        n.sort();
        n
    };
    let stale = "docs/ is stale; regenerate it with `cargo run -q -p isa-cli -- doc -o docs`";
    assert_eq!(names(&docs), names(&dir), "{stale}");
    for name in names(&dir) {
        assert!(
            fs::read(docs.join(&name)).ok() == fs::read(dir.join(&name)).ok(),
            "{name}: {stale}"
        );
    }
    let page = fs::read_to_string(dir.join("TensorTensor.md")).unwrap();
    assert!(page.contains(
        "| 0x0c | bits 3:0 | `in0_dtype` | Dtype via dtype_v2 (many-to-one) | CONFIRMED |  |"
    ));
    let index = fs::read_to_string(dir.join("index.md")).unwrap();
    assert!(
        index.contains("| 0x03 | `uint8`, `float8_e8m0fnu` |"),
        "{index}"
    );
    let svg = fs::read_to_string(dir.join("TensorTensor.svg")).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains(">in0_dtype</text>"));
}

// Bad input: every problem is reported with its offset or line, everything else is still
// processed, the exit status is not zero, and nothing panics.

#[test]
fn a_truncated_stream_reports_the_trailing_bytes_and_decodes_the_rest() {
    let dir = scratch("truncated");
    let path = corrupted(&dir, "short.bin", |b| b.truncate(BUNDLES * 64 - 10));
    let run = isa().arg("decode").arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        BUNDLES,
        "five bundles and the trailing bytes: {out}"
    );
    assert!(lines[4].starts_with("0x00000100  0x8a  TensorTensor  "));
    assert!(
        lines[5].starts_with("0x00000140  (trailing)  bytes=4110000001030104"),
        "{}",
        lines[5]
    );
    run.stderr(contains(
        "short.bin:0x140: 54 trailing bytes at offset 0x140 do not make a 64-byte bundle",
    ))
    .stderr(no_panic());
}

#[test]
fn an_unknown_opcode_is_reported_at_its_bundle_and_the_others_decode() {
    let dir = scratch("unknown-opcode");
    let path = corrupted(&dir, "unknown.bin", |b| b[2 * 64] = 0xFF);
    let run = isa().arg("decode").arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), BUNDLES);
    assert!(
        lines[2].starts_with("0x00000080  0xff  (bad)  bytes=ff1000"),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("  TensorTensor  "))
            .count(),
        5
    );
    run.stderr(contains(
        "unknown.bin:0x80: cannot decode bundle: field `opcode` at byte 0x00: opcode 0xff is not one of [41, 51, 8a, 8e]",
    ))
    .stderr(no_panic());
    // JSON Lines leave the bad bundle out of the output, and still report it.
    let run = isa().args(["decode", "--json"]).arg(&path).assert().code(1);
    assert_eq!(
        String::from_utf8(run.get_output().stdout.clone())
            .unwrap()
            .lines()
            .count(),
        BUNDLES - 1
    );
    run.stderr(contains("unknown.bin:0x80: "));
}

#[test]
fn a_reserved_byte_set_is_reported_at_its_absolute_offset() {
    let dir = scratch("reserved");
    let path = corrupted(&dir, "reserved.bin", |b| b[64 + 2] = 0x01);
    isa()
        .arg("decode")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(contains("0x00000040  0x41  (bad)  bytes=41100100"))
        .stdout(contains("0x00000080  0x41  TensorTensor  "))
        .stderr(contains(
            "reserved.bin:0x42: cannot decode TensorTensor: field `reserved` at byte 0x02: reserved bits are set",
        ))
        .stderr(contains("(bundle at 0x40)"))
        .stderr(no_panic());
}

#[test]
fn a_code_missing_from_its_table_is_reported_with_field_and_offset() {
    let dir = scratch("bad-lut");
    // 0x0 is no dtype's code in seed 000's table (it starts at 0x01, uint64).
    let path = corrupted(&dir, "lut.bin", |b| b[3 * 64 + 0x0C] = 0xA0);
    isa()
        .arg("decode")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains(
            "lut.bin:0xcc: cannot decode TensorTensor: field `in0_dtype` at byte 0x0c: code 0x0 is not in table `dtype_v2` (bundle at 0xc0)",
        ))
        .stderr(contains("isa: 1 problem in"))
        .stderr(no_panic());
}

#[test]
fn malformed_json_is_reported_by_line_and_no_output_is_written() {
    let dir = scratch("malformed");
    let source = fs::read_to_string(example_jsonl()).unwrap();
    let mut lines: Vec<String> = source.lines().map(str::to_string).collect();
    lines[3].truncate(40);
    lines[4] = lines[4].replace(
        "\"num_active_partitions\":128",
        "\"num_active_partitions\":300",
    );
    let input = dir.join("bad.jsonl");
    fs::write(&input, lines.join("\n")).unwrap();
    let out = dir.join("out.bin");
    isa()
        .arg("encode")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains(
            "bad.jsonl:4:40: malformed JSON: EOF while parsing a string",
        ))
        .stderr(contains("bad.jsonl:5: invalid value: integer `300`"))
        .stderr(contains("2 lines of"))
        .stderr(no_panic());
    assert!(!out.exists());
    let listing: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert_eq!(listing.len(), 1, "only the input is there");
}

#[test]
fn a_failed_encode_leaves_an_existing_output_untouched() {
    let dir = scratch("keep-output");
    let out = dir.join("out.bin");
    fs::write(&out, b"previous").unwrap();
    isa()
        .args(["encode", "-", "-o"])
        .arg(&out)
        .write_stdin("{\"op\":\"TensorTensor\"}\n[1,2]\n")
        .assert()
        .code(1)
        .stderr(contains("<stdin>:1: missing field `opcode`"))
        .stderr(contains(
            "<stdin>:2: expected a JSON object (one bundle per line), found an array",
        ));
    assert_eq!(fs::read(&out).unwrap(), b"previous");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn an_op_that_does_not_exist_is_refused_by_encode() {
    isa()
        .args(["encode", "-", "-o", "-"])
        .write_stdin("{\"op\":\"Nonsense\"}\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("<stdin>:1: unknown variant `Nonsense`"));
}

#[test]
fn an_empty_file_is_refused_clearly() {
    let dir = scratch("empty");
    let path = dir.join("empty.bin");
    fs::write(&path, b"").unwrap();
    for cmd in ["decode", "validate", "stats"] {
        isa()
            .arg(cmd)
            .arg(&path)
            .assert()
            .code(2)
            .stderr(contains("empty.bin is empty: there is nothing to"))
            .stderr(no_panic());
    }
    isa()
        .args(["encode", "-o"])
        .arg(dir.join("out.bin"))
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("is empty"));
}

#[test]
fn a_directory_is_refused_clearly() {
    let dir = scratch("directory");
    for cmd in ["decode", "validate", "stats"] {
        isa()
            .arg(cmd)
            .arg(&dir)
            .assert()
            .code(2)
            .stderr(contains("is a directory; give a file of bundles"))
            .stderr(no_panic());
    }
}

#[test]
fn a_missing_file_is_refused_clearly() {
    let dir = scratch("missing");
    let path = dir.join("nowhere.bin");
    isa()
        .arg("decode")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("cannot read "))
        .stderr(contains("nowhere.bin: No such file or directory"))
        .stderr(no_panic());
}

#[test]
fn word_streams_are_not_available_yet() {
    isa()
        .args(["decode", "--word32"])
        .arg(example_bin())
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(
            "--word32: decoding 32-bit PTO block words is not available",
        ));
}
