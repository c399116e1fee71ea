//! The listing and the JSON written from the field visitor (`isa_core::render`) against what the
//! `isa` command writes through serde:
//! - the listings of `isa decode` saved in `tests/data/` (examples/kernel.bin, a stream of
//!   sampled bundles of every op, examples/tshuf.words) are reproduced line by line;
//! - the JSON of every bundle is byte-identical to `serde_json::to_string` of its `Op` (and of
//!   its `Word` for a block word);
//! - on random valid bundles of every op, the same JSON equality, and the listing equal to the
//!   one built from the serde form by the command's rules (a reference kept here, itself checked
//!   against the saved listings);
//! - a bundle that does not decode at a field is refused by the renderers with the error
//!   decoding reports.

use std::fmt::Write as _;

use isa::core::render::{RenderError, json_member, text_member};
use isa::core::{FieldInfo, FieldKind, FieldOrder};
use isa::ops::dispatch::{Declaration, bundles};
use isa::ops::pto::Word;
use isa::ops::pto::words::{decode_word, identify};
use isa::ops::sample::{SplitMix64, shaped, valid};
use isa::ops::{DECLARATIONS, Op, OpView, decode_any, view_any};
use proptest::prelude::*;

/// The listing's fields of a bundle, from the visitor.
fn text_of(view: &OpView<'_>) -> Result<String, RenderError> {
    let mut out = String::new();
    text_member::<Op, _>(view, FieldOrder::Offset, &mut out)?;
    Ok(out)
}

/// The JSON object of a bundle as `isa decode --json` writes it without the offset, from the
/// visitor: the op's name under `"op"`, then its fields.
fn json_of(view: &OpView<'_>) -> Result<String, RenderError> {
    let mut out = String::from("{\"op\":");
    isa::core::render::json::write_string(&mut out, view.name())?;
    json_member::<Op, _>(view, &mut out)?;
    Ok(out)
}

/// The listing line of `isa decode` for the bundle at `offset`, from the visitor.
fn bundle_line(offset: usize, bytes: &[u8]) -> String {
    let view = view_any(bytes).expect("a bundle of a declared op");
    let fields = text_of(&view).expect("the bundle decodes");
    format!(
        "{offset:#010x}  {:#04x}  {}  {fields}",
        view.opcode(),
        view.name()
    )
}

/// Every bundle of a saved stream with its listing line.
fn saved(stream: &str, listing: &str) -> Vec<(usize, Vec<u8>, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(root.join(stream)).expect("saved stream");
    let text = std::fs::read_to_string(root.join(listing)).expect("saved listing");
    let lines: Vec<&str> = text.lines().collect();
    let located: Vec<_> = bundles(&bytes).map(|b| b.expect("whole bundles")).collect();
    assert_eq!(located.len(), lines.len(), "{listing}: one line per bundle");
    located
        .iter()
        .zip(lines)
        .map(|(b, line)| (b.offset, b.bytes.to_vec(), line.to_string()))
        .collect()
}

const STREAMS: [(&str, &str); 2] = [
    ("examples/kernel.bin", "tests/data/kernel.txt"),
    ("tests/data/every_op.bin", "tests/data/every_op.txt"),
];

#[test]
fn the_saved_listings_are_written_line_for_line_from_the_visitor() {
    for (stream, listing) in STREAMS {
        for (offset, bytes, line) in saved(stream, listing) {
            assert_eq!(bundle_line(offset, &bytes), line, "{listing}");
        }
    }
}

#[test]
fn the_json_of_every_saved_bundle_is_what_serde_writes() {
    for (stream, listing) in STREAMS {
        for (_, bytes, _) in saved(stream, listing) {
            let op = decode_any(&bytes).expect("the bundle decodes");
            let view = view_any(&bytes).expect("a declared op");
            let ours = json_of(&view).expect("the bundle renders");
            assert_eq!(ours, serde_json::to_string(&op).unwrap(), "{stream}");
        }
    }
}

/// The listing fields and the JSON (tagged under `"word"`) of one block word, from the visitor.
fn word_forms(bytes: &[u8], tag: &str) -> (String, String) {
    let view = Word::view(bytes).expect("a block word");
    let mut text = String::new();
    text_member::<Word, _>(&view, FieldOrder::Declaration, &mut text).expect("the word decodes");
    let mut json = String::new();
    write!(json, "{{\"word\":\"{tag}\"").unwrap();
    json_member::<Word, _>(&view, &mut json).expect("the word decodes");
    (text, json)
}

#[test]
fn the_saved_block_word_listing_is_written_from_the_visitor() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let listing = std::fs::read_to_string(root.join("tests/data/tshuf.txt")).unwrap();
    let mut words = 0;
    for line in listing.lines() {
        // `0x00000004    0x00001fa3  B.DATR       cmode=0 …`; block lines say `block`.
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(raw) = tokens.get(1).and_then(|t| t.strip_prefix("0x")) else {
            continue;
        };
        let raw = u32::from_str_radix(raw, 16).unwrap();
        let kind = identify(raw).expect("a block word");
        let word = decode_word(raw).expect("the word decodes");
        let tag = serde_json::to_value(word).unwrap()["word"]
            .as_str()
            .unwrap()
            .to_string();
        let bytes = raw.to_le_bytes();
        let (text, json) = word_forms(&bytes, &tag);
        let head = format!("{:#010x}  {}", raw, kind.name());
        assert!(line.contains(&head), "{line}");
        assert!(line.trim_end().ends_with(&text), "{line} / {text}");
        assert_eq!(json, serde_json::to_string(&word).unwrap());
        words += 1;
    }
    assert_eq!(words, 15);
}

/// The serde form of a value with its members in the order they were written (the order the
/// listing of nested values follows).
#[derive(Debug, Clone, PartialEq)]
enum Tree {
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Str(String),
    Seq(Vec<Tree>),
    Map(Vec<(String, Tree)>),
}

impl<'de> serde::Deserialize<'de> for Tree {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Tree;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON value without floats or nulls")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Tree, E> {
                Ok(Tree::Bool(v))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Tree, E> {
                Ok(Tree::Unsigned(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Tree, E> {
                Ok(u64::try_from(v).map_or(Tree::Signed(v), Tree::Unsigned))
            }
            fn visit_str<E>(self, v: &str) -> Result<Tree, E> {
                Ok(Tree::Str(v.into()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = a.next_element()? {
                    items.push(item);
                }
                Ok(Tree::Seq(items))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                let mut members = Vec::new();
                while let Some(member) = a.next_entry()? {
                    members.push(member);
                }
                Ok(Tree::Map(members))
            }
        }
        d.deserialize_any(V)
    }
}

/// The command's listing rules over a serde form (the text form of `isa decode` before it was
/// written from the visitor): a member named `addr` in hex, every other number in decimal,
/// nested members in serde order, top-level members in the order of the field-table rows.
fn reference_value(out: &mut String, key: &str, value: &Tree) {
    match value {
        Tree::Bool(b) => write!(out, "{b}").unwrap(),
        Tree::Unsigned(n) if key == "addr" => write!(out, "{n:#010x}").unwrap(),
        Tree::Unsigned(n) => write!(out, "{n}").unwrap(),
        Tree::Signed(n) => write!(out, "{n}").unwrap(),
        Tree::Str(s) => out.push_str(s),
        Tree::Seq(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                reference_value(out, key, item);
            }
            out.push(']');
        }
        Tree::Map(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write!(out, "{k}=").unwrap();
                reference_value(out, k, v);
            }
            out.push('}');
        }
    }
}

/// The listing fields of a serde form (`tag`, the op's name member, left out) by
/// [`reference_value`]'s rules, a many-to-one table value as every value of its code.
fn reference_fields(json: &str, rows: &[FieldInfo], tag: &str) -> String {
    let Tree::Map(mut members) = serde_json::from_str::<Tree>(json).unwrap() else {
        panic!("an op is an object")
    };
    members.retain(|(k, _)| k != tag);
    let mut out = String::new();
    for row in rows {
        if !matches!(row.kind, FieldKind::Value | FieldKind::Opcode) {
            continue;
        }
        let Some(i) = members.iter().position(|(k, _)| k == row.name) else {
            continue;
        };
        let (key, value) = members.remove(i);
        if !out.is_empty() {
            out.push(' ');
        }
        write!(out, "{key}=").unwrap();
        match (row.lut, &value) {
            (Some(table), Tree::Str(name)) if !table.one_to_one => {
                let code = table.code_of(name).unwrap();
                out.push_str(&table.preimages(u64::from(code)).join("|"));
            }
            _ => reference_value(&mut out, &key, &value),
        }
    }
    assert!(members.is_empty(), "every member is a row: {members:?}");
    out
}

#[test]
fn the_reference_rules_reproduce_the_saved_listings() {
    for (stream, listing) in STREAMS {
        for (_, bytes, line) in saved(stream, listing) {
            let op = decode_any(&bytes).unwrap();
            let json = serde_json::to_string(&op).unwrap();
            let fields = reference_fields(&json, op.fields(), "op");
            assert!(line.ends_with(&format!("  {fields}")), "{line}");
        }
    }
}

/// The visitor's listing and JSON of `bytes` against serde's and the reference rules'.
fn agree(decl: &Declaration, bytes: &[u8]) -> Result<(), TestCaseError> {
    let op = decode_any(bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let view = view_any(bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let serde = serde_json::to_string(&op).unwrap();
    let json = json_of(&view).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&json, &serde, "{}", decl.name);
    let text = text_of(&view).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(
        text,
        reference_fields(&serde, decl.fields, "op"),
        "{}",
        decl.name
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// 256 cases, each a valid bundle of every op.
    #[test]
    fn random_valid_bundles_render_as_serde_and_the_listing_rules_do(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for decl in DECLARATIONS {
            for b in valid(decl, 1, &mut rng) {
                agree(decl, &b)?;
            }
        }
    }

    /// 256 cases, each a shaped bundle of every op (header and reserved bits right, field
    /// bits random): a bundle that decodes renders, one that does not is refused with the
    /// error decoding reports (the JSON walks the fields in declaration order, as decode
    /// checks them).
    #[test]
    fn a_field_that_does_not_decode_is_refused_with_the_decode_error(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for decl in DECLARATIONS {
            let b = shaped(decl, &mut rng);
            let view = view_any(&b).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let rendered = json_of(&view);
            match decode_any(&b) {
                Ok(_) => prop_assert!(rendered.is_ok(), "{}: {rendered:?}", decl.name),
                Err(e) => prop_assert_eq!(rendered, Err(RenderError::from(e)), "{}", decl.name),
            }
        }
    }
}

#[test]
fn every_op_renders_sampled_bundles() {
    let mut rng = SplitMix64::new(0x0715_7E47);
    for decl in DECLARATIONS {
        let found = valid(decl, 16, &mut rng);
        assert!(!found.is_empty(), "{}", decl.name);
        for b in found {
            agree(decl, &b).unwrap();
        }
    }
}

#[test]
fn strings_are_escaped_as_serde_json_escapes_them() {
    let mut all: String = (0u8..=0x7F).map(char::from).collect();
    all.push_str("é漢\u{1F600}\u{7F}\u{80}");
    for s in all
        .chars()
        .map(String::from)
        .chain([all.clone(), String::new()])
    {
        let mut out = String::new();
        isa::core::render::json::write_string(&mut out, &s).unwrap();
        assert_eq!(out, serde_json::to_string(&s).unwrap());
    }
}
