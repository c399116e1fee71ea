//! The layouts the commands describe — every op of the 64-byte bundle family and every 32-bit
//! block word of the PTO tile ISA — and a layout's bits, each owned by one row of its field table
//! or by nobody: what the field table, the WaveDrom description and the SVG diagram all draw.
//!
//! The derive reserves every bit no field claims (encode writes zero, decode refuses anything
//! else), and the field table it publishes carries a `reserved` row for each such run, so the
//! drawings read the reserved runs from the table like any other row. The identity row of a 32-bit word layout
//! spans its whole mask, holes included; only the mask's bits belong to it, and each run of them
//! is drawn as the literal the word must carry there (seed 004's WaveJSON writes BSTART.TEPL's
//! bits 19:0 as `20'b00011001000110000001`).

use isa_core::{Declaration, Family, FieldInfo, FieldKind, Identity, LayoutStatus, Placement};

use isa_host::Isa;

/// One layout as the commands see it: a declared op of the 64-byte family (seeds 000–001) or a
/// declared block word of the PTO tile ISA (seed 004), with what the field table, the reference
/// and the diagrams need.
#[derive(Debug, Clone, Copy)]
pub struct DrawnLayout {
    /// The op's name (`TensorTensor`) or the word's assembly name (`B.DIM LB0`).
    pub name: &'static str,
    /// The specification's wire-struct name, or "".
    pub wire_name: &'static str,
    /// How it is recognised: opcodes, or `word & mask == match`.
    pub identity: Identity,
    /// Its field table.
    pub fields: &'static [FieldInfo],
    /// Size in bytes: 64 for an op, 4 for a word.
    pub size: usize,
    /// Whether its field map is recovered.
    pub status: LayoutStatus,
}

impl DrawnLayout {
    /// The layout of a declared member.
    pub const fn of(decl: &Declaration) -> Self {
        Self {
            name: decl.name,
            wire_name: decl.wire_name,
            identity: decl.identity,
            fields: decl.fields,
            size: decl.size,
            status: decl.layout,
        }
    }

    /// Every bundle of ISA `I`, in dispatch order.
    pub fn ops<I: Isa>() -> impl Iterator<Item = DrawnLayout> {
        I::Bundles::DECLARATIONS.iter().map(DrawnLayout::of)
    }

    /// Every word of ISA `I`, in declaration order.
    pub fn words<I: Isa>() -> impl Iterator<Item = DrawnLayout> {
        I::Words::DECLARATIONS.iter().map(DrawnLayout::of)
    }

    /// Every bundle, then every word.
    pub fn all<I: Isa>() -> impl Iterator<Item = DrawnLayout> {
        Self::ops::<I>().chain(Self::words::<I>())
    }

    /// Whether this is a 32-bit block word.
    pub const fn is_word(&self) -> bool {
        matches!(self.identity, Identity::MaskMatch { .. })
    }

    /// The opcodes it claims (none for a word).
    pub const fn opcodes(&self) -> &'static [u8] {
        match self.identity {
            Identity::Opcodes(ops) => ops,
            Identity::MaskMatch { .. } | Identity::Nested => &[],
        }
    }

    /// The name as a file name: `TensorTensor`, `B.DIM_LB0` (spaces become underscores).
    pub fn file_stem(&self) -> String {
        self.name.replace(' ', "_")
    }
}

/// Who owns a run of bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunOwner<'a> {
    /// A row of the field table (a value, the opcode, a constant, a documented reserved range).
    Row(&'a FieldInfo),
    /// Bits of a 32-bit word's identity mask, with the value they must hold.
    Identity {
        /// The identity row.
        row: &'a FieldInfo,
        /// The bits' value, lowest bit of the run first.
        value: u64,
    },
    /// No row claims these bits: reserved, zero on the wire.
    Unclaimed,
}

/// A run of bits `lo..=hi` (absolute: byte offset × 8 + bit) with one owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BitRun<'a> {
    /// Lowest bit.
    pub lo: usize,
    /// Highest bit.
    pub hi: usize,
    /// Who owns them.
    pub owner: RunOwner<'a>,
}

impl BitRun<'_> {
    /// Width in bits.
    pub fn bits(&self) -> usize {
        self.hi - self.lo + 1
    }
}

/// The runs of `fields` over a layout of `size` bytes, lowest bit first, covering every bit.
///
/// The runs are the table's rows in bit order: who owns which bit is decided once, where the
/// table is built (isa-core's `claimed`, whose unclaimed runs the table carries as `reserved`
/// rows), and read here. Two things are left to this function. The identity row of a 32-bit
/// word spans its whole mask, holes included, so it is cut into its mask's runs, the other rows
/// owning the holes; and bits no row covers, which a published table has only past the size up to
/// which isa-core writes reserved rows (no layout of the built-in ISA), are drawn as
/// [`RunOwner::Unclaimed`].
pub fn runs(fields: &[FieldInfo], size: usize) -> Vec<BitRun<'_>> {
    let end = size * 8;
    let mut spans: Vec<BitRun<'_>> = Vec::new();
    for row in fields {
        let (lo, stop) = span(row);
        match row.kind {
            FieldKind::Identity { mask, .. } => spans.extend(mask_runs(row, mask, end)),
            _ if lo < stop.min(end) => spans.push(BitRun {
                lo,
                hi: stop.min(end) - 1,
                owner: RunOwner::Row(row),
            }),
            _ => {}
        }
    }
    // Stable: rows that start on one bit keep their table order, and the first of them wins.
    spans.sort_by_key(|run| run.lo);
    let mut out = Vec::with_capacity(spans.len());
    let mut next = 0;
    for run in spans {
        if run.hi < next {
            continue;
        }
        if run.lo > next {
            out.push(unclaimed(next, run.lo - 1));
        }
        out.push(clip(run, next));
        next = run.hi + 1;
    }
    if next < end {
        out.push(unclaimed(next, end - 1));
    }
    out
}

/// `run` without its bits below `from`, which an earlier row owns.
fn clip(run: BitRun<'_>, from: usize) -> BitRun<'_> {
    let lo = run.lo.max(from);
    let owner = match run.owner {
        RunOwner::Identity { row, .. } => RunOwner::Identity {
            row,
            value: identity_bits(row, lo, run.hi),
        },
        other => other,
    };
    BitRun { lo, owner, ..run }
}

/// Bits `lo..=hi`, which no row covers.
fn unclaimed<'a>(lo: usize, hi: usize) -> BitRun<'a> {
    BitRun {
        lo,
        hi,
        owner: RunOwner::Unclaimed,
    }
}

/// The absolute bits of `row`: the first, and one past the last.
fn span(row: &FieldInfo) -> (usize, usize) {
    let base = row.offset * 8;
    match row.placement {
        Placement::Bytes { len } => (base, base + len * 8),
        Placement::Bits { lo, hi } => (base + lo as usize, base + hi as usize + 1),
    }
}

/// The runs of identity row `row` that its mask covers, below bit `end`, each with the value it
/// requires.
fn mask_runs(row: &FieldInfo, mask: u32, end: usize) -> Vec<BitRun<'_>> {
    let base = row.offset * 8;
    let mut out = Vec::new();
    let mut bit = 0;
    while bit < 32 {
        if mask >> bit & 1 == 0 {
            bit += 1;
            continue;
        }
        let first = bit;
        while bit < 32 && mask >> bit & 1 == 1 {
            bit += 1;
        }
        let (lo, hi) = (base + first, (base + bit).min(end));
        if lo < hi {
            out.push(BitRun {
                lo,
                hi: hi - 1,
                owner: RunOwner::Identity {
                    row,
                    value: identity_bits(row, lo, hi - 1),
                },
            });
        }
    }
    out
}

/// The value an identity row requires on absolute bits `lo..=hi`.
fn identity_bits(row: &FieldInfo, lo: usize, hi: usize) -> u64 {
    let FieldKind::Identity { value, .. } = row.kind else {
        return 0;
    };
    let shift = lo.saturating_sub(row.offset * 8);
    let width = hi - lo + 1;
    let v = u64::from(value).checked_shr(shift as u32).unwrap_or(0);
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

/// What a diagram or table writes for a row: the field's name as the specification spells it
/// (seed 004's WaveJSON names BSTART.TEPL's fields `DataType`, `Mode`, `Function`; the
/// declarations carry that spelling in `spec = "…"`), and, for one part of a value split across
/// bit ranges, which bits of the value it holds (`Imm[11:0]`, `Imm[16:12]`).
pub fn label(row: &FieldInfo) -> String {
    match row.value_bits {
        Some((lo, hi)) => format!("{}[{hi}:{lo}]", row.display_name()),
        None => row.display_name().to_string(),
    }
}

/// A Verilog-style binary literal: `20'b00011001000110000001` (seed 004's WaveJSON).
pub fn binary_literal(value: u64, bits: usize) -> String {
    format!("{bits}'b{value:0bits$b}")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use isa_core::Confidence;

    /// A row of a hand-written field table.
    pub(crate) const fn row(
        name: &'static str,
        offset: usize,
        placement: Placement,
        kind: FieldKind,
    ) -> FieldInfo {
        FieldInfo {
            name,
            spec_name: "",
            offset,
            placement,
            value_bits: None,
            ty: "u8",
            lut: None,
            kind,
            confidence: Confidence::Confirmed,
            note: "",
            corroborated: "",
            disputed: "",
        }
    }

    /// A value in bits `lo..=hi` of a 32-bit word.
    pub(crate) const fn bits(name: &'static str, lo: u32, hi: u32) -> FieldInfo {
        row(name, 0, Placement::Bits { lo, hi }, FieldKind::Value)
    }

    /// The identity row of a 32-bit word.
    pub(crate) const fn identity(hi: u32, mask: u32, value: u32) -> FieldInfo {
        row(
            "identity",
            0,
            Placement::Bits { lo: 0, hi },
            FieldKind::Identity { mask, value },
        )
    }

    /// A 32-bit block word layout over a hand-written field table whose first row is the
    /// identity.
    pub(crate) fn word_layout(fields: &'static [FieldInfo]) -> DrawnLayout {
        let (mask, value) = match fields.first().map(|f| f.kind) {
            Some(FieldKind::Identity { mask, value }) => (mask, value),
            _ => (0, 0),
        };
        DrawnLayout {
            name: "word",
            wire_name: "",
            identity: Identity::MaskMatch { mask, value },
            fields,
            size: 4,
            status: LayoutStatus::Recovered,
        }
    }

    /// BSTART.TEPL as SPEC-NOTES §3 gives it: mask 0x000FFFFF, match 0x00019181,
    /// Function[24:20], Mode[26:25], DataType[31:27].
    pub(crate) const BSTART_TEPL: [FieldInfo; 4] = [
        identity(19, 0x000F_FFFF, 0x0001_9181),
        FieldInfo {
            spec_name: "Function",
            ..bits("function", 20, 24)
        },
        FieldInfo {
            spec_name: "Mode",
            ..bits("mode", 25, 26)
        },
        FieldInfo {
            spec_name: "DataType",
            ..bits("data_type", 27, 31)
        },
    ];

    #[test]
    fn a_row_is_labelled_with_the_spec_spelling_and_its_value_bits() {
        const FIELDS: [FieldInfo; 3] = [
            FieldInfo {
                spec_name: "DataType",
                ..bits("data_type", 27, 31)
            },
            FieldInfo {
                spec_name: "Imm",
                value_bits: Some((12, 16)),
                ..bits("imm", 7, 11)
            },
            bits("plain", 0, 3),
        ];
        assert_eq!(label(&FIELDS[0]), "DataType");
        assert_eq!(label(&FIELDS[1]), "Imm[16:12]");
        assert_eq!(label(&FIELDS[2]), "plain");
    }

    #[test]
    fn an_identity_run_is_the_literal_of_seed_004() {
        let segs = runs(&BSTART_TEPL, 4);
        let spans: Vec<(usize, usize)> = segs.iter().map(|s| (s.lo, s.hi)).collect();
        assert_eq!(spans, [(0, 19), (20, 24), (25, 26), (27, 31)]);
        let RunOwner::Identity { value, .. } = segs[0].owner else {
            panic!("bits 19:0 are the identity: {:?}", segs[0].owner)
        };
        assert_eq!(binary_literal(value, 20), "20'b00011001000110000001");
    }

    #[test]
    fn holes_in_an_identity_mask_belong_to_the_fields_inside() {
        // B.DIM (SPEC-NOTES §3): mask 0x0000707F match 0x1043, RegSrc[19:15], and the 17-bit
        // immediate's parts at 31:20 and 11:7.
        let fields = [
            identity(14, 0x0000_707F, 0x0000_1043),
            bits("imm", 7, 11),
            bits("reg_src", 15, 19),
            bits("imm", 20, 31),
        ];
        let segs = runs(&fields, 4);
        let spans: Vec<(usize, usize, Option<&str>)> = segs
            .iter()
            .map(|s| {
                let name = match s.owner {
                    RunOwner::Row(r) => Some(r.name),
                    RunOwner::Identity { .. } => Some("identity"),
                    RunOwner::Unclaimed => None,
                };
                (s.lo, s.hi, name)
            })
            .collect();
        assert_eq!(
            spans,
            [
                (0, 6, Some("identity")),
                (7, 11, Some("imm")),
                (12, 14, Some("identity")),
                (15, 19, Some("reg_src")),
                (20, 31, Some("imm")),
            ]
        );
        let literals: Vec<String> = segs
            .iter()
            .filter_map(|s| match s.owner {
                RunOwner::Identity { value, .. } => Some(binary_literal(value, s.bits())),
                _ => None,
            })
            .collect();
        // 0x1043 = 0b001_00000_1000011: bits 6:0 are 1000011, bits 14:12 are 001.
        assert_eq!(literals, ["7'b1000011", "3'b001"]);
    }

    #[test]
    fn the_reserved_runs_of_a_built_in_layout_are_rows_of_its_table() {
        let layouts: Vec<DrawnLayout> = DrawnLayout::all::<isa_host::BuiltIn>().collect();
        for layout in &layouts {
            let segs = runs(layout.fields, layout.size);
            assert!(
                segs.iter().all(|s| s.owner != RunOwner::Unclaimed),
                "{}: every bit has a row",
                layout.name
            );
            let bits: usize = segs.iter().map(BitRun::bits).sum();
            assert_eq!(bits, layout.size * 8, "{}", layout.name);
        }
        // TensorScalar: bytes 0x0D..0x0F and bits 7:2 of byte 0x26 are claimed by no field.
        let ts = layouts.iter().find(|l| l.name == "TensorScalar");
        let reserved: Vec<(usize, usize)> = ts
            .map(|l| runs(l.fields, l.size))
            .unwrap_or_default()
            .iter()
            .filter_map(|s| match s.owner {
                RunOwner::Row(row) if row.kind == FieldKind::Reserved && row.name == "reserved" => {
                    Some((s.lo, s.hi))
                }
                _ => None,
            })
            .collect();
        assert!(reserved.contains(&(0x0D * 8, 0x10 * 8 - 1)), "{reserved:?}");
        assert!(
            reserved.contains(&(0x26 * 8 + 2, 0x26 * 8 + 7)),
            "{reserved:?}"
        );
    }

    #[test]
    fn a_row_starting_inside_an_earlier_one_keeps_only_its_own_bits() {
        let fields = [identity(7, 0x0000_00FF, 0x0000_00A5), bits("tail", 4, 11)];
        let segs = runs(&fields, 2);
        let spans: Vec<(usize, usize)> = segs.iter().map(|s| (s.lo, s.hi)).collect();
        assert_eq!(spans, [(0, 7), (8, 11), (12, 15)]);
        assert_eq!(segs[2].owner, RunOwner::Unclaimed);
    }

    #[test]
    fn unclaimed_bits_are_reserved_runs() {
        let fields = [
            row("a", 0, Placement::Bytes { len: 1 }, FieldKind::Value),
            row("b", 2, Placement::Bits { lo: 4, hi: 7 }, FieldKind::Value),
        ];
        let segs = runs(&fields, 4);
        let spans: Vec<(usize, usize, bool)> = segs
            .iter()
            .map(|s| (s.lo, s.hi, s.owner == RunOwner::Unclaimed))
            .collect();
        assert_eq!(
            spans,
            [
                (0, 7, false),
                (8, 19, true),
                (20, 23, false),
                (24, 31, true)
            ]
        );
    }
}
