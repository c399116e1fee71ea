//! The field table of a layout, as text (the lines of a stream are [`isa_host::listing`]'s).
//!
//! Both the table and the lines are built from what every declaration carries — its field
//! table ([`FieldInfo`]) and its generated field visitor ([`isa_core::visit`]) — so an op declared tomorrow prints without a
//! change here, read in place from its wire bytes, with no tree built per bundle. A bundle's
//! line lists its fields in offset order, each as `name=value`; a lookup-table field shows its
//! value by name and, when the table is many-to-one, every value its code stands for (seed
//! 000's dtype table writes `uint8` and `float8_e8m0fnu` both as 0x03:
//! `in0_dtype=uint8|float8_e8m0fnu`).

use std::fmt::Write as _;

use isa_core::{Confidence, FieldInfo, FieldKind, Identity, LayoutStatus, Placement};

use crate::layout::{self, DrawnLayout, RunOwner};

/// Where a row sits: `0x0c` and `[3:0]`, or `4 bytes`.
pub fn placement_text(row: &FieldInfo) -> String {
    match row.placement {
        Placement::Bytes { len: 1 } => "1 byte".into(),
        Placement::Bytes { len } => format!("{len} bytes"),
        Placement::Bits { lo, hi } if lo == hi => format!("bit {lo}"),
        Placement::Bits { lo, hi } => format!("bits {hi}:{lo}"),
    }
}

/// The bits an identity mask covers, highest run first: `bits 26:25, 14:12, 6:0` (a word's
/// identity row spans its whole mask, but the fields inside the holes are not part of it).
pub fn mask_text(mask: u32) -> String {
    let mut runs: Vec<String> = Vec::new();
    let mut bit = 32;
    while bit > 0 {
        bit -= 1;
        if mask >> bit & 1 == 0 {
            continue;
        }
        let hi = bit;
        while bit > 0 && mask >> (bit - 1) & 1 == 1 {
            bit -= 1;
        }
        runs.push(if hi == bit {
            bit.to_string()
        } else {
            format!("{hi}:{bit}")
        });
    }
    match runs.as_slice() {
        [one] if !one.contains(':') => format!("bit {one}"),
        _ => format!("bits {}", runs.join(", ")),
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
    /// The public source outside the seeds that agrees with the position, or "".
    pub corroborated: &'static str,
    /// What a public source outside the seeds says instead, or "".
    pub disputed: &'static str,
}

impl TableRow {
    /// The note with the row's provenance beyond the seeds after it:
    /// `note; agrees: SOURCE; DISPUTED: WHAT THE SOURCE SAYS` (each part only when present).
    pub fn note_with_provenance(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if !self.note.is_empty() {
            parts.push(self.note.clone());
        }
        if !self.corroborated.is_empty() {
            parts.push(format!("agrees: {}", self.corroborated));
        }
        if !self.disputed.is_empty() {
            parts.push(format!("DISPUTED: {}", self.disputed));
        }
        parts.join("; ")
    }
}

/// Every row of `layout`'s field table, plus a row for each run of bits no row claims
/// (reserved: the derive writes zero there and decode refuses anything else). Each part of a
/// value split across bit ranges is named with the value bits it holds (`imm[11:0]`).
pub fn table_rows(layout: &DrawnLayout) -> Vec<TableRow> {
    let mut rows: Vec<(usize, TableRow)> = layout
        .fields
        .iter()
        .map(|row| {
            (
                row.first_bit(),
                TableRow {
                    offset: row.offset,
                    place: match row.kind {
                        FieldKind::Identity { mask, .. } => mask_text(mask),
                        _ => placement_text(row),
                    },
                    name: match row.value_bits {
                        Some((lo, hi)) => format!("{}[{hi}:{lo}]", row.name),
                        None => row.name.to_string(),
                    },
                    kind: kind_text(row),
                    confidence: row.confidence.tag(),
                    note: row.note.to_string(),
                    corroborated: row.corroborated,
                    disputed: row.disputed,
                },
            )
        })
        .collect();
    for seg in layout::runs(layout.fields, layout.size) {
        if seg.owner == RunOwner::Unclaimed {
            rows.push((
                seg.lo,
                TableRow {
                    offset: seg.lo / 8,
                    place: run_text(seg.lo, seg.hi),
                    name: String::new(),
                    kind: "reserved, zero".into(),
                    confidence: Confidence::Confirmed.tag(),
                    note: "no field claims these bits".into(),
                    corroborated: "",
                    disputed: "",
                },
            ));
        }
    }
    rows.sort_by_key(|(bit, _)| *bit);
    rows.into_iter().map(|(_, r)| r).collect()
}

/// How the layout is recognised: `opcodes 0x41 0x51 0x8a 0x8e`, or for a block word
/// `word & 0x0000707f == 0x00004013`.
pub fn identity_text(layout: &DrawnLayout) -> String {
    match layout.identity {
        Identity::Opcodes(ops) => {
            let ops: Vec<String> = ops.iter().map(|o| format!("{o:#04x}")).collect();
            format!("opcodes {}", ops.join(" "))
        }
        Identity::MaskMatch { mask, value } => format!("word & {mask:#010x} == {value:#010x}"),
        Identity::Nested => "nested".into(),
    }
}

/// What is known of an op whose field map is not recovered: its bytes are carried whole, never
/// given invented fields (SPEC-NOTES §2.10). `None` for a recovered layout.
pub fn unrecovered_text(layout: &DrawnLayout) -> Option<String> {
    match layout.status {
        LayoutStatus::Recovered => None,
        LayoutStatus::Unrecovered(known) => Some(format!(
            "field map not recovered; its bytes are carried whole. Known: {known}"
        )),
    }
}

/// `TensorTensor (s3d3_tt), opcodes 0x41 0x51 0x8a 0x8e` (no parentheses without a wire name);
/// `B.IOT (32-bit block word), word & 0x0000707f == 0x00004013`.
pub fn title(layout: &DrawnLayout) -> String {
    let what = match (layout.is_word(), layout.wire_name) {
        (true, _) => " (32-bit block word)".to_string(),
        (false, "") => String::new(),
        (false, wire) => format!(" ({wire})"),
    };
    format!("{}{what}, {}", layout.name, identity_text(layout))
}

/// The field table of `layout` as aligned text.
pub fn field_table_text(layout: &DrawnLayout) -> String {
    let rows = table_rows(layout);
    let w = |f: fn(&TableRow) -> usize, head: &str| {
        rows.iter().map(f).max().unwrap_or(0).max(head.len())
    };
    let wp = w(|r| r.place.len(), "width");
    let wn = w(|r| r.name.len(), "field");
    let wk = w(|r| r.kind.len(), "type / table");
    let wc = w(|r| r.confidence.len(), "confidence");
    let mut out = format!("{}\n", title(layout));
    if let Some(status) = unrecovered_text(layout) {
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
            &r.note_with_provenance(),
        );
    }
    out
}

/// One placement of a layout that a public source outside the seeds disputes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disputed {
    /// The layout's name.
    pub member: &'static str,
    /// The row's name (with its value bits for one part of a split value).
    pub field: String,
    /// Byte offset of its first byte.
    pub offset: usize,
    /// `1 byte`, `bits 3:0`.
    pub place: String,
    /// What the source says, naming it.
    pub says: &'static str,
}

/// Every disputed row of `layouts`, in layout order, then table order.
pub fn disputed(layouts: &[DrawnLayout]) -> Vec<Disputed> {
    layouts
        .iter()
        .flat_map(|l| {
            table_rows(l)
                .into_iter()
                .filter(|r| !r.disputed.is_empty())
                .map(|r| Disputed {
                    member: l.name,
                    field: r.name,
                    offset: r.offset,
                    place: r.place,
                    says: r.disputed,
                })
        })
        .collect()
}

/// The disputed placements as aligned text: a title line, then one line per placement
/// (member, field, offset and width, what the source says).
pub fn disputed_text(rows: &[Disputed]) -> String {
    let wm = rows
        .iter()
        .map(|r| r.member.len())
        .max()
        .unwrap_or(0)
        .max(6);
    let wf = rows.iter().map(|r| r.field.len()).max().unwrap_or(0).max(5);
    let wp = rows.iter().map(|r| r.place.len()).max().unwrap_or(0).max(5);
    let mut out = format!(
        "{} placements disputed by a public source (the bytes follow the seeds)\n",
        rows.len()
    );
    let _ = writeln!(
        out,
        "  {:<wm$}  {:<wf$}  offset  {:<wp$}  the source says",
        "member", "field", "width"
    );
    for r in rows {
        let offset = format!("{:#04x}", r.offset);
        let _ = writeln!(
            out,
            "  {:<wm$}  {:<wf$}  {offset:<6}  {:<wp$}  {}",
            r.member, r.field, r.place, r.says
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
        let layout = DrawnLayout {
            name: "TensorScalarAffineSelect",
            wire_name: "",
            identity: Identity::Opcodes(&[0x92]),
            fields: &BODY,
            size: 64,
            status: LayoutStatus::Unrecovered("operands known: idx_partition_ap, fill_value"),
        };
        let text = field_table_text(&layout);
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
    fn an_identity_row_lists_the_runs_of_its_mask() {
        // SPEC-NOTES §3: B.IOR mask 0x0600707F, B.DATR 0x000C707F, BSTART.TEPL 0x000FFFFF.
        assert_eq!(mask_text(0x0600_707F), "bits 26:25, 14:12, 6:0");
        assert_eq!(mask_text(0x000C_707F), "bits 19:18, 14:12, 6:0");
        assert_eq!(mask_text(0x000F_FFFF), "bits 19:0");
        assert_eq!(mask_text(0x8000_0000), "bit 31");
    }

    #[test]
    fn an_unclaimed_run_is_named_from_its_first_byte() {
        assert_eq!(run_text(16, 31), "2 bytes");
        assert_eq!(run_text(8, 15), "1 byte");
        assert_eq!(run_text(100, 103), "bits 7:4");
        assert_eq!(run_text(97, 97), "bit 1");
    }
}
