//! MoveShape (seed 000 §6, `CoreV2GenImpl::generateMoveShape(InstDMA&, AccessPattern const*)`
//! @0x1213d00): the DVE shape-register loader, opcode 0xB2, on the s_move band. Not a visitor: a
//! helper of the DMA path that programs the shape registers with a per-dimension (step, num)
//! pattern.
//!
//! Seed 000 §6: an indirect access pattern is refused up front ("Hardware Restriction: Shape
//! registers doesn't work with TensorIndirect AP"); `rank` = the APPair count must be at most
//! `SHAPE_REGISTER_SIZE + 1` = 5 ("ImmPattern.size() <= SHAPE_REGISTER_SIZE + 1", EC1124);
//! `step[i] = getAPStepOnHW(...)`, `num[i] = AP.pairs[rank-i].num`, and the remaining dimensions
//! up to four pad with step = the element size (`qword_1DF59E0[out.dtype]`) and num = 1. The
//! u16 0x0100 at +0x0C (`mov r9d,0x100` @0x1213f5e) and the flag 1 at +0x0E (@0x1213f64) are
//! fixed; +0x10 is the AP's mode/replication byte (AP+44).
//!
//! Readings taken (the seed does not give them):
//! - `i` runs 1..rank: `pairs[rank-1]` (the innermost axis) to `pairs[1]`, the partition axis
//!   `pairs[0]` never being a shape dimension (rank ≤ 5 leaves at most 4 such axes); dimension
//!   `i` goes to register slot `i - 1`, innermost first, as in seed 002's packer. Unlike that
//!   packer, no axis is dropped.
//! - `getAPStepOnHW` is the step in bytes, `step × element size`: the padding step, "the
//!   default contiguous step", is the element size in bytes, which is the byte step of a
//!   contiguous axis.
//! - Placement (INFERRED, SPEC-NOTES §2.5): the four steps as i32 at +0x14, +0x18, +0x1C, +0x20
//!   and the four nums as u32 at +0x24, +0x28, +0x2C, +0x30 — seed 002's order (all steps,
//!   then all counts), 4-byte aligned after the mode byte; a byte step of a 16-bit element
//!   stride needs more than 16 bits.
//!
//! ## The public notes on the vendor's headers
//!
//! Public reverse-engineering notes of the vendor's shipped ISA headers (`CTRL_MS` in
//! aws_neuron_isa_tpb_*.h) give move_type 0x0C, num_move 0x0D, shape_reg_type 0x0E (the seed's
//! fixed 0x0100 and flag), shape registers 0x10..0x13, reserved 0x14..0x1F and data 0x20..0x3F.
//! The INFERRED steps 0 to 2 sit in that reserved run: each carries `disputed = "…"`. A reader
//! who trusts the header moves the pairs into the data run, one attribute per field: `step0`
//! `offset = 0x20`, `step1` 0x24, `step2` 0x28, `step3` 0x2C, `num0` 0x30, `num1` 0x34, `num2`
//! 0x38, `num3` 0x3C (the reserved range at 0x34 then goes). The bytes keep the
//! seeds' reading.

use isa_core::{
    AccessPattern, Bundle as _, Confidence, Dtype, EncodeError, FieldError, Identity, Problem,
    Rule, SyncBand,
};
use isa_derive::Bundle;

use crate::lower::{EncoderBody, LowerError, Sink, Validate};
use crate::support::{At, at, finding};
use isa_core::{Findings, reason};

/// The MoveShape opcode (seed 000 §6: "Opcode 0xB2 (178)").
pub const OPCODE: u8 = 0xB2;

/// The number of shape registers (seed 000 §6: `SHAPE_REGISTER_SIZE`; "the remaining dims up to
/// 4").
pub const SHAPE_REGISTER_SIZE: usize = 4;

/// The s_move bundle (seed 000 §6; the wire-struct tag from the ledger's string-table list).
#[derive(Bundle, Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(
    size = 64,
    opcodes = [0xB2],
    wire = "s_move",
    constant(offset = 0x0C, len = 2, value = 0x0100, name = "const_0x0c", confidence = confirmed, note = "mov r9d,0x100 @0x1213f5e: fixed for every MoveShape bundle"),
    constant(offset = 0x0E, value = 1, name = "flag", confidence = confirmed, note = "flag 1 @0x1213f64: fixed for every MoveShape bundle"),
    reserved(offset = 0x0F, len = 1, confidence = inferred, note = "after the flag; seed 000 lists no MoveShape store but the const, the flag and the AP mode byte (SPEC-NOTES 2.5)"),
    reserved(offset = 0x11, len = 3, confidence = inferred, note = "aligns the pairs to 4 bytes (INFERRED placement, SPEC-NOTES 2.5)"),
    reserved(offset = 0x34, len = 12, confidence = inferred, note = "past the four (step, num) pairs (INFERRED placement, SPEC-NOTES 2.5)")
)]
pub struct MoveShape {
    /// The sync band.
    #[field(offset = 0x04, confidence = inferred, note = "wait/update band order per SPEC-NOTES 2.6")]
    pub sync: SyncBand,
    /// The AP's mode/replication byte (AP+44).
    #[field(
        offset = 0x10,
        confidence = strong,
        note = "seed 000 §6: 'The +0x10 byte = AP+44 = a per-AP mode/replication flag' (stated in the text, no store address in the CONFIRMED list; SPEC-NOTES 2.5)"
    )]
    pub ap_mode: u8,
    /// Byte step of shape slot 0 (the innermost dimension).
    #[field(offset = 0x14, confidence = inferred, note = "steps before nums, i32 each (SPEC-NOTES 2.5); the unit, step × element size in bytes (getAPStepOnHW), is a reading", disputed = "CTRL_MS in aws_neuron_isa_tpb_*.h (public notes): 0x14..0x1F are reserved (shape registers 0x10..0x13, data 0x20..0x3F)")]
    pub step0: i32,
    /// Byte step of shape slot 1.
    #[field(offset = 0x18, confidence = inferred, note = "steps before nums, i32 each (SPEC-NOTES 2.5); the unit, step × element size in bytes (getAPStepOnHW), is a reading", disputed = "CTRL_MS in aws_neuron_isa_tpb_*.h (public notes): 0x14..0x1F are reserved (shape registers 0x10..0x13, data 0x20..0x3F)")]
    pub step1: i32,
    /// Byte step of shape slot 2.
    #[field(offset = 0x1C, confidence = inferred, note = "steps before nums, i32 each (SPEC-NOTES 2.5); the unit, step × element size in bytes (getAPStepOnHW), is a reading", disputed = "CTRL_MS in aws_neuron_isa_tpb_*.h (public notes): 0x14..0x1F are reserved (shape registers 0x10..0x13, data 0x20..0x3F)")]
    pub step2: i32,
    /// Byte step of shape slot 3.
    #[field(offset = 0x20, confidence = inferred, note = "steps before nums, i32 each (SPEC-NOTES 2.5); the unit, step × element size in bytes (getAPStepOnHW), is a reading")]
    pub step3: i32,
    /// Count of shape slot 0.
    #[field(offset = 0x24, confidence = inferred, note = "nums after steps, u32 each (SPEC-NOTES 2.5)")]
    pub num0: u32,
    /// Count of shape slot 1.
    #[field(offset = 0x28, confidence = inferred, note = "nums after steps, u32 each (SPEC-NOTES 2.5)")]
    pub num1: u32,
    /// Count of shape slot 2.
    #[field(offset = 0x2C, confidence = inferred, note = "nums after steps, u32 each (SPEC-NOTES 2.5)")]
    pub num2: u32,
    /// Count of shape slot 3.
    #[field(offset = 0x30, confidence = inferred, note = "nums after steps, u32 each (SPEC-NOTES 2.5)")]
    pub num3: u32,
}

impl MoveShape {
    /// The four (step, num) pairs, slot 0 first.
    pub const fn pairs(&self) -> [(i32, u32); SHAPE_REGISTER_SIZE] {
        [
            (self.step0, self.num0),
            (self.step1, self.num1),
            (self.step2, self.num2),
            (self.step3, self.num3),
        ]
    }
}

/// The step and num fields, slot by slot.
const SLOTS: [(At, At); SHAPE_REGISTER_SIZE] = [
    (at!(MoveShape, "step0"), at!(MoveShape, "num0")),
    (at!(MoveShape, "step1"), at!(MoveShape, "num1")),
    (at!(MoveShape, "step2"), at!(MoveShape, "num2")),
    (at!(MoveShape, "step3"), at!(MoveShape, "num3")),
];

/// `generateMoveShape`'s inputs (seed 000 §6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveShapeInst {
    /// The access pattern whose shape is loaded (the `AccessPattern const*` argument).
    pub ap: AccessPattern,
    /// Its mode/replication byte (AP+44).
    pub ap_mode: u8,
    /// The DMA output's dtype (`out.dtype`): its size scales the steps and is the padding step.
    pub dtype: Dtype,
    /// The sync band the sync writers fill.
    pub sync: SyncBand,
}

/// The rank rule's message (seed 000 §6, EC1124).
const RANK: &str = "ImmPattern.size() <= SHAPE_REGISTER_SIZE + 1";
/// The indirect-pattern message (seed 000 §6).
const INDIRECT: &str = "Hardware Restriction: Shape registers doesn't work with TensorIndirect AP";

/// A value that does not fit its field of the MoveShape bundle.
fn out_of_range(field: &'static str, offset: usize, value: i64, min: i64, max: i64) -> LowerError {
    LowerError::Encode(EncodeError::field(
        MoveShape::NAME,
        field,
        offset,
        FieldError::new(Problem::OutOfRange { value, min, max }),
    ))
}

impl MoveShapeInst {
    /// The guards of the body, in the seed's order: the indirect pattern (up front), then the
    /// rank. They run in every CodeGenMode arm, as in the seed they precede the arms.
    pub fn check(&self) -> Result<(), LowerError> {
        if self.ap.indirect {
            return Err(LowerError::Spec(INDIRECT));
        }
        if self.ap.pattern.len() > SHAPE_REGISTER_SIZE + 1 {
            return Err(LowerError::Spec(RANK));
        }
        Ok(())
    }

    /// The shape-register pairs: slot `i - 1` gets `pairs[rank-i]` as (byte step, num) for
    /// `i` in 1..rank, the rest is the padding (element size, 1).
    pub fn shape(&self) -> Result<[(i32, u32); SHAPE_REGISTER_SIZE], LowerError> {
        self.check()?;
        let size = self.dtype.size_bytes();
        let size_i64 = i64::from(size);
        let padding = (i32::try_from(size).unwrap_or(i32::MAX), 1);
        let mut out = [padding; SHAPE_REGISTER_SIZE];
        let dims = self.ap.pattern.iter().skip(1).rev();
        for ((slot, pair), ((step_field, step_at), (num_field, num_at))) in
            out.iter_mut().zip(dims).zip(SLOTS)
        {
            let bytes = pair.step.saturating_mul(size_i64);
            let step = i32::try_from(bytes).map_err(|_| {
                out_of_range(step_field, step_at, bytes, i32::MIN.into(), i32::MAX.into())
            })?;
            let num = u32::try_from(pair.num).map_err(|_| {
                let value = i64::try_from(pair.num).unwrap_or(i64::MAX);
                out_of_range(num_field, num_at, value, 0, u32::MAX.into())
            })?;
            *slot = (step, num);
        }
        Ok(out)
    }

    /// Fills the bundle (the `GENERATE_ISACODE` arm's stores).
    pub fn build(&self) -> Result<MoveShape, LowerError> {
        let [(step0, num0), (step1, num1), (step2, num2), (step3, num3)] = self.shape()?;
        Ok(MoveShape {
            sync: self.sync,
            ap_mode: self.ap_mode,
            step0,
            step1,
            step2,
            step3,
            num0,
            num1,
            num2,
            num3,
        })
    }
}

impl<F: From<MoveShape>> EncoderBody<F> for MoveShapeInst {
    /// The guards precede every arm (they fail `COLLECT_OPCODES` too), then the one bundle.
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        self.check()?;
        sink.bundle(OPCODE, &mut || Ok(self.build()?.into()))
    }
}

/// `move_opcode` (seed 000 ledger, by name): the rule is a reading.
pub const MOVE_OPCODE: Rule = Rule {
    name: "move_opcode",
    confidence: Confidence::Inferred,
    source: "seed 000 ledger names move_opcode; nonzero counts read from the name and §6's num = 1 padding",
};

impl Validate for MoveShape {
    /// `move_opcode` (seed 000, STRONG by name; body not in the seeds). Decoding already pins
    /// what the opcode fixes byte for byte (0xB2, the 0x0100 constant, the flag), so the reading
    /// taken is the opcode's one rule left on the fields: the shape it loads is a shape, every
    /// count nonzero (a padded slot has num 1, never 0).
    fn check(&self, out: &mut Findings) {
        for ((_, num), (_, num_at)) in self.pairs().into_iter().zip(SLOTS) {
            if num == 0 {
                let why = reason!("a shape-register count is 0; a padded slot has num 1");
                out.push(finding(&MOVE_OPCODE, num_at, why));
            }
        }
    }
}

// The bundle size and opcode, checked against the declaration.
const _: () = assert!(MoveShape::SIZE == 64);
const _: () = assert!(matches!(MoveShape::IDENTITY, Identity::Opcodes(&[OPCODE])));
