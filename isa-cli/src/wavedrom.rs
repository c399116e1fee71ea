//! WaveDrom register descriptions (`{"reg": [...], "config": {...}}`), in the shape of seed 004's
//! WaveJSON for BSTART.TEPL: fields from bit 0 up, each `{"bits": N, "name": ...}`, constant and
//! identity bits named by their Verilog literal (`20'b00011001000110000001`), 32-bit lanes.
//!
//! Fields wider than a lane are cut at lane boundaries (a 16-byte descriptor is four 32-bit
//! parts). Reserved bits have no name and colour type 1. A lookup table, and a confidence below
//! CONFIRMED, go in `attr` under the field, and so does `DISPUTED` for a placement a public
//! source outside the seeds disputes. Names are [`layout::label`]s: a block word's fields
//! in the PTO spec's PascalCase, so that BSTART.TEPL's description is seed 004's WaveJSON.

use isa_core::{Confidence, FieldInfo, FieldKind};
use serde::Serialize;

use crate::layout::{self, BitRun, DrawnLayout, RunOwner};

/// Bits per lane.
pub const LANE_BITS: usize = 32;

/// A register description.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Register {
    /// The fields, lowest bits first.
    pub reg: Vec<Entry>,
    /// Drawing settings.
    pub config: Config,
}

/// One field (or one lane's part of it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Width in bits.
    pub bits: usize,
    /// The label in the box.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The label under the box.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attr: Option<String>,
    /// The colour type.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<u8>,
}

/// Drawing settings, as seed 004 gives them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Config {
    /// Total bits.
    pub bits: usize,
    /// Font size.
    pub fontsize: u32,
    /// Drawing width.
    pub hspace: u32,
    /// Lanes (`bits / 32`).
    pub lanes: usize,
    /// First bit number.
    pub offset: usize,
}

/// The register description of `layout`.
pub fn register(layout: &DrawnLayout) -> Register {
    let size = layout.size;
    let reg = layout::runs(layout.fields, size)
        .iter()
        .flat_map(split_at_lanes)
        .map(|seg| entry(&seg))
        .collect();
    Register {
        reg,
        config: Config {
            bits: size * 8,
            fontsize: 13,
            hspace: 900,
            lanes: (size * 8).div_ceil(LANE_BITS).max(1),
            offset: 0,
        },
    }
}

/// The description as pretty JSON.
pub fn to_json(layout: &DrawnLayout) -> String {
    serde_json::to_string_pretty(&register(layout)).unwrap_or_default()
}

/// `seg` cut at every lane boundary it crosses; identity and constant values follow their bits.
pub fn split_at_lanes<'a>(seg: &BitRun<'a>) -> Vec<BitRun<'a>> {
    let mut parts = Vec::new();
    let mut lo = seg.lo;
    while lo <= seg.hi {
        let hi = seg.hi.min((lo / LANE_BITS + 1) * LANE_BITS - 1);
        let owner = match seg.owner {
            RunOwner::Identity { row, value } => RunOwner::Identity {
                row,
                value: value.checked_shr((lo - seg.lo) as u32).unwrap_or(0),
            },
            other => other,
        };
        parts.push(BitRun { lo, hi, owner });
        lo = hi + 1;
    }
    parts
}

/// The value of constant `row` on absolute bits `lo..=hi`.
pub fn constant_bits(row: &FieldInfo, value: u64, lo: usize, hi: usize) -> u64 {
    let v = value
        .checked_shr((lo - row.first_bit()) as u32)
        .unwrap_or(0);
    match hi - lo + 1 {
        w if w >= 64 => v,
        w => v & ((1u64 << w) - 1),
    }
}

fn entry(seg: &BitRun<'_>) -> Entry {
    let bits = seg.bits();
    let reserved = Entry {
        bits,
        name: None,
        attr: None,
        kind: Some(1),
    };
    match seg.owner {
        RunOwner::Unclaimed => reserved,
        RunOwner::Identity { value, .. } => Entry {
            bits,
            name: Some(layout::binary_literal(value, bits)),
            attr: None,
            kind: None,
        },
        RunOwner::Row(row) => match row.kind {
            FieldKind::Reserved => reserved,
            FieldKind::Constant(v) => Entry {
                bits,
                name: Some(layout::binary_literal(
                    constant_bits(row, v, seg.lo, seg.hi),
                    bits,
                )),
                attr: Some(row.name.to_string()),
                kind: None,
            },
            FieldKind::Identity { .. } | FieldKind::Value | FieldKind::Opcode => {
                let mut attr: Vec<&str> = Vec::new();
                if let Some(t) = row.lut {
                    attr.push(t.name);
                }
                if row.confidence.is_stated() && row.confidence != Confidence::Confirmed {
                    attr.push(row.confidence.tag());
                }
                if row.is_disputed() {
                    attr.push("DISPUTED");
                }
                Entry {
                    bits,
                    name: Some(layout::label(row)),
                    attr: (!attr.is_empty()).then(|| attr.join(" ")),
                    kind: None,
                }
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::tests::BSTART_TEPL;

    #[test]
    fn bstart_tepl_is_seed_004s_wavejson() {
        // Seed 004, the WaveJSON of `BSTART.TEPL Mode, Function, DataType`, verbatim.
        let seed: serde_json::Value = serde_json::from_str(
            r#"{
"reg": [
{ "bits": 20, "name": "20'b00011001000110000001" },
{ "bits": 5, "name": "Function" },
{ "bits": 2, "name": "Mode" },
{ "bits": 5, "name": "DataType" }
],
"config": { "bits": 32, "fontsize": 13, "hspace": 900, "lanes": 1, "offset": 0 }
}"#,
        )
        .unwrap();
        let ours: serde_json::Value =
            serde_json::from_str(&to_json(&crate::layout::tests::word_layout(&BSTART_TEPL)))
                .unwrap();
        assert_eq!(ours, seed);
    }

    #[test]
    fn a_field_across_lanes_is_cut_at_each_boundary() {
        use crate::layout::tests::row;
        use isa_core::Placement;
        const FIELDS: [FieldInfo; 2] = [
            row(
                "head",
                0,
                Placement::Bytes { len: 2 },
                FieldKind::Constant(0x1041),
            ),
            row("body", 2, Placement::Bytes { len: 8 }, FieldKind::Value),
        ];
        let layout = DrawnLayout {
            name: "twelve",
            wire_name: "",
            identity: isa_core::Identity::Opcodes(&[0x41]),
            fields: &FIELDS,
            size: 12,
            status: isa_core::LayoutStatus::Recovered,
        };
        let reg = register(&layout).reg;
        let parts: Vec<(usize, Option<&str>)> =
            reg.iter().map(|e| (e.bits, e.name.as_deref())).collect();
        assert_eq!(
            parts,
            [
                (16, Some("16'b0001000001000001")),
                (16, Some("body")),
                (32, Some("body")),
                (16, Some("body")),
                (16, None),
            ]
        );
    }
}
