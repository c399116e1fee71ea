//! The text forms: one line per bundle, and the field table.
//!
//! Both are built from what every declaration carries — its field table ([`FieldInfo`]) and its
//! serde form — so an op declared tomorrow prints without a change here. A bundle's line lists
//! its fields in offset order, each as `name=value`; a lookup-table field shows its value by
//! name and, when the table is many-to-one, every value its code stands for (seed 000's dtype
//! table writes `uint8` and `float8_e8m0fnu` both as 0x03: `in0_dtype=uint8|float8_e8m0fnu`).

use std::fmt::Write as _;

use isa_core::{Confidence, FieldInfo, FieldKind, LayoutStatus, Placement};
use isa_ops::Op;
use isa_ops::dispatch::Declaration;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::layout::{self, Owner};

/// A serde value with its members in the order they were written (the field order of the
/// declaration, and of descriptors: `addr`, `strides`, `nums`).
#[derive(Debug, Clone, PartialEq)]
pub enum Tree {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A non-negative integer.
    Unsigned(u64),
    /// A negative integer.
    Signed(i64),
    /// Any other number.
    Float(f64),
    /// A string (enumerations serialize as their wire names).
    Str(String),
    /// A sequence.
    Seq(Vec<Tree>),
    /// A map or struct, in order.
    Map(Vec<(String, Tree)>),
}

impl Tree {
    /// The serde form of `op`, in order.
    pub fn of(op: &Op) -> Result<Tree, serde_json::Error> {
        serde_json::from_str(&serde_json::to_string(op)?)
    }
}

impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TreeVisitor)
    }
}

struct TreeVisitor;

impl<'de> Visitor<'de> for TreeVisitor {
    type Value = Tree;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any serde value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Tree, E> {
        Ok(Tree::Bool(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Tree, E> {
        Ok(Tree::Unsigned(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Tree, E> {
        Ok(u64::try_from(v).map_or(Tree::Signed(v), Tree::Unsigned))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Tree, E> {
        Ok(Tree::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Tree, E> {
        Ok(Tree::Str(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Tree, E> {
        Ok(Tree::Str(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Tree, E> {
        Ok(Tree::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Tree, E> {
        Ok(Tree::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Tree, D::Error> {
        Tree::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Tree::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tree, A::Error> {
        let mut members = Vec::new();
        while let Some(member) = map.next_entry::<String, Tree>()? {
            members.push(member);
        }
        Ok(Tree::Map(members))
    }
}

/// `key=value` text of one value. A member named `addr` is an ADDR4 start-address word (seed
/// 002: register flag, region bits and byte address packed in one word) and prints in hex;
/// every other number prints in decimal.
fn write_value(out: &mut String, key: &str, value: &Tree) {
    match value {
        Tree::Null => out.push_str("null"),
        Tree::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Tree::Unsigned(n) if key == "addr" => {
            let _ = write!(out, "{n:#010x}");
        }
        Tree::Unsigned(n) => {
            let _ = write!(out, "{n}");
        }
        Tree::Signed(n) => {
            let _ = write!(out, "{n}");
        }
        Tree::Float(x) => {
            let _ = write!(out, "{x}");
        }
        Tree::Str(s) => out.push_str(s),
        Tree::Seq(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, key, item);
            }
            out.push(']');
        }
        Tree::Map(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(k);
                out.push('=');
                write_value(out, k, v);
            }
            out.push('}');
        }
    }
}

/// The fields of `op` as `name=value` pairs, in the field table's order. A member of the serde
/// form that the field table does not list still prints, after the others: nothing is dropped.
pub fn fields_text(op: &Op) -> Result<String, serde_json::Error> {
    let Tree::Map(mut members) = Tree::of(op)? else {
        return Ok(String::new());
    };
    members.retain(|(k, _)| k != "op");
    let mut out = String::new();
    let push = |out: &mut String, key: &str, value: &Tree, row: Option<&FieldInfo>| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(key);
        out.push('=');
        match (row.and_then(|r| r.lut), value) {
            (Some(table), Tree::Str(name)) if !table.one_to_one => {
                let all = table
                    .code_of(name)
                    .map(|code| table.preimages(u64::from(code)))
                    .unwrap_or_default();
                if all.is_empty() {
                    out.push_str(name);
                } else {
                    out.push_str(&all.join("|"));
                }
            }
            _ => write_value(out, key, value),
        }
    };
    for row in op.fields() {
        if !matches!(row.kind, FieldKind::Value | FieldKind::Opcode) {
            continue;
        }
        // A field split across bit ranges has one row per part: print it once.
        if let Some(i) = members.iter().position(|(k, _)| k == row.name) {
            let (key, value) = members.remove(i);
            push(&mut out, &key, &value, Some(row));
        }
    }
    for (key, value) in &members {
        push(&mut out, key, value, None);
    }
    Ok(out)
}

/// The bundle's line: offset, opcode byte, op name, fields.
pub fn bundle_line(offset: usize, opcode: u8, op: &Op) -> Result<String, serde_json::Error> {
    Ok(format!(
        "{offset:#010x}  {opcode:#04x}  {}  {}",
        op.name(),
        fields_text(op)?
    ))
}

/// A line for bytes that are not a bundle: where, and every byte, so the listing drops nothing.
pub fn raw_line(offset: usize, what: &str, bytes: &[u8]) -> String {
    let mut out = format!("{offset:#010x}  {what}  bytes=");
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// The JSON Lines form of a bundle: the serde form of [`Op`] with the byte offset first.
pub fn json_line(offset: usize, op: &Op) -> Result<String, serde_json::Error> {
    Ok(with_offset(offset, &serde_json::to_string(op)?))
}

/// A JSON object with an `"offset"` member put first.
pub fn with_offset(offset: usize, object: &str) -> String {
    match object.strip_prefix('{') {
        Some(rest) if rest.trim_start().starts_with('}') => format!("{{\"offset\":{offset}}}"),
        Some(rest) => format!("{{\"offset\":{offset},{rest}"),
        None => object.to_string(),
    }
}

/// Where a row sits: `0x0c` and `[3:0]`, or `4 bytes`.
pub fn placement_text(row: &FieldInfo) -> String {
    match row.placement {
        Placement::Bytes { len: 1 } => "1 byte".into(),
        Placement::Bytes { len } => format!("{len} bytes"),
        Placement::Bits { lo, hi } if lo == hi => format!("bit {lo}"),
        Placement::Bits { lo, hi } => format!("bits {hi}:{lo}"),
    }
}

/// Where an unclaimed run of absolute bits `lo..=hi` sits, relative to its first byte.
pub fn run_text(lo: usize, hi: usize) -> String {
    let (bits, base) = (hi - lo + 1, lo / 8 * 8);
    match (lo % 8, bits % 8) {
        (0, 0) if bits == 8 => "1 byte".into(),
        (0, 0) => format!("{} bytes", bits / 8),
        _ if lo == hi => format!("bit {}", lo - base),
        _ => format!("bits {}:{}", hi - base, lo - base),
    }
}

/// What a row holds: its type, lookup table, constant value, or that it is reserved.
pub fn kind_text(row: &FieldInfo) -> String {
    match row.kind {
        FieldKind::Value | FieldKind::Opcode => match row.lut {
            Some(t) if !t.one_to_one => format!("{} via {t} (many-to-one)", row.ty),
            Some(t) => format!("{} via {t}", row.ty),
            None => row.ty.to_string(),
        },
        FieldKind::Constant(v) => format!("constant {v:#x}"),
        FieldKind::Reserved => "reserved, zero".into(),
        FieldKind::Identity { mask, value } => {
            format!("identity: word & {mask:#010x} == {value:#010x}")
        }
    }
}

/// One row of the field table: offset, placement, name, kind, confidence, note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    /// Byte offset of the first byte.
    pub offset: usize,
    /// `1 byte`, `16 bytes`, `bits 3:0`.
    pub place: String,
    /// The field's name (empty for an unclaimed run).
    pub name: String,
    /// Type and table, constant or reserved.
    pub kind: String,
    /// The confidence tag.
    pub confidence: &'static str,
    /// The note.
    pub note: String,
}

/// Every row of `decl`'s field table, plus a row for each run of bits no row claims (reserved:
/// the derive writes zero there and decode refuses anything else).
pub fn table_rows(decl: &Declaration) -> Vec<TableRow> {
    let size = layout::size_of(decl);
    let mut rows: Vec<(usize, TableRow)> = decl
        .fields
        .iter()
        .map(|row| {
            (
                row.first_bit(),
                TableRow {
                    offset: row.offset,
                    place: placement_text(row),
                    name: row.name.to_string(),
                    kind: kind_text(row),
                    confidence: row.confidence.tag(),
                    note: row.note.to_string(),
                },
            )
        })
        .collect();
    for seg in layout::segments(decl.fields, size) {
        if seg.owner == Owner::Unclaimed {
            rows.push((
                seg.lo,
                TableRow {
                    offset: seg.lo / 8,
                    place: run_text(seg.lo, seg.hi),
                    name: String::new(),
                    kind: "reserved, zero".into(),
                    confidence: Confidence::Confirmed.tag(),
                    note: "no field claims these bits".into(),
                },
            ));
        }
    }
    rows.sort_by_key(|(bit, _)| *bit);
    rows.into_iter().map(|(_, r)| r).collect()
}

/// `0x41 0x51 0x8a 0x8e`.
pub fn opcodes_text(decl: &Declaration) -> String {
    let ops: Vec<String> = decl.opcodes.iter().map(|o| format!("{o:#04x}")).collect();
    ops.join(" ")
}

/// What is known of an op whose field map is not recovered: its bytes are carried whole, never
/// given invented fields (SPEC-NOTES §2.10). `None` for a recovered layout.
pub fn unrecovered_text(decl: &Declaration) -> Option<String> {
    match decl.layout {
        LayoutStatus::Recovered => None,
        LayoutStatus::Unrecovered(known) => Some(format!(
            "field map not recovered; its bytes are carried whole. Known: {known}"
        )),
    }
}

/// `TensorTensor (s3d3_tt), opcodes 0x41 0x51 0x8a 0x8e` (no parentheses without a wire name).
pub fn title(decl: &Declaration) -> String {
    match decl.wire_name {
        "" => format!("{}, opcodes {}", decl.name, opcodes_text(decl)),
        wire => format!("{} ({wire}), opcodes {}", decl.name, opcodes_text(decl)),
    }
}

/// The field table of `decl` as aligned text.
pub fn field_table_text(decl: &Declaration) -> String {
    let rows = table_rows(decl);
    let w = |f: fn(&TableRow) -> usize, head: &str| {
        rows.iter().map(f).max().unwrap_or(0).max(head.len())
    };
    let wp = w(|r| r.place.len(), "width");
    let wn = w(|r| r.name.len(), "field");
    let wk = w(|r| r.kind.len(), "type / table");
    let wc = w(|r| r.confidence.len(), "confidence");
    let mut out = format!("{}\n", title(decl));
    if let Some(status) = unrecovered_text(decl) {
        let _ = writeln!(out, "  {status}");
    }
    let mut line = |o: &str, p: &str, n: &str, k: &str, c: &str, note: &str| {
        let l = format!("  {o:<6}  {p:<wp$}  {n:<wn$}  {k:<wk$}  {c:<wc$}  {note}");
        out.push_str(l.trim_end());
        out.push('\n');
    };
    line(
        "offset",
        "width",
        "field",
        "type / table",
        "confidence",
        "note",
    );
    for r in &rows {
        line(
            &format!("{:#04x}", r.offset),
            &r.place,
            &r.name,
            &r.kind,
            r.confidence,
            &r.note,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unrecovered_op_says_so_above_its_table() {
        // SPEC-NOTES §2.10: 0x92 TensorScalarAffineSelect is known by opcode only.
        const BODY: [FieldInfo; 1] = [crate::layout::tests::row(
            "body",
            4,
            Placement::Bytes { len: 60 },
            FieldKind::Value,
        )];
        let decl = Declaration {
            name: "TensorScalarAffineSelect",
            wire_name: "",
            opcodes: &[0x92],
            fields: &BODY,
            layout: LayoutStatus::Unrecovered("operands known: idx_partition_ap, fill_value"),
        };
        let text = field_table_text(&decl);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "TensorScalarAffineSelect, opcodes 0x92");
        assert_eq!(
            lines[1],
            "  field map not recovered; its bytes are carried whole. Known: operands known: \
             idx_partition_ap, fill_value"
        );
        // The four header bytes no row claims are listed as reserved.
        let words = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(
            words(lines[3]),
            "0x00 4 bytes reserved, zero CONFIRMED no field claims these bits"
        );
        assert_eq!(words(lines[4]), "0x04 60 bytes body u8 CONFIRMED");
    }

    #[test]
    fn an_unclaimed_run_is_named_from_its_first_byte() {
        assert_eq!(run_text(16, 31), "2 bytes");
        assert_eq!(run_text(8, 15), "1 byte");
        assert_eq!(run_text(100, 103), "bits 7:4");
        assert_eq!(run_text(97, 97), "bit 1");
    }

    #[test]
    fn a_value_prints_its_members_in_order_and_addresses_in_hex() {
        let t = Tree::Map(vec![
            ("addr".into(), Tree::Unsigned(0x2000_0040)),
            (
                "strides".into(),
                Tree::Seq(vec![Tree::Signed(-4), Tree::Unsigned(1)]),
            ),
        ]);
        let mut out = String::new();
        write_value(&mut out, "out", &t);
        assert_eq!(out, "{addr=0x20000040,strides=[-4,1]}");
    }

    #[test]
    fn the_offset_leads_a_json_object() {
        assert_eq!(
            with_offset(64, r#"{"op":"X"}"#),
            r#"{"offset":64,"op":"X"}"#
        );
        assert_eq!(with_offset(0, "{}"), r#"{"offset":0}"#);
    }

    #[test]
    fn a_tree_keeps_the_order_members_were_written_in() {
        let t: Tree = serde_json::from_str(r#"{"op":"X","b":[1,{"c":null}]}"#).unwrap();
        assert_eq!(
            t,
            Tree::Map(vec![
                ("op".into(), Tree::Str("X".into())),
                (
                    "b".into(),
                    Tree::Seq(vec![
                        Tree::Unsigned(1),
                        Tree::Map(vec![("c".into(), Tree::Null)])
                    ])
                ),
            ])
        );
    }
}
