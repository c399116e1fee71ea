//! Memset (seed 000 §5, `visitInstMemset` @0x125b320): broadcast-fill of one destination,
//! 0x49 (Const) / 0x4D (Random, Xorwow), on the d3_memset band.
//!
//! Seed 000 §5: the MemsetMode DWORD at `inst+0xF0` picks the opcode through
//! [`memset_opcode`] (0 Const → 0x49, `mov ebx,0x49` @0x125b530; 1 Random → 0x4D,
//! `mov ebx,0x4d` @0x125b379); any other mode is the error "has unimplemented Memset Mode". The
//! fill is a resolved 32-bit immediate (the variant guard at `inst+0x118` throws on anything
//! else, so [`MemsetInst::fill`] is a plain `u32`); the Random mode's RNG state rides the engine
//! context, not a bundle field.
//!
//! Stores (seed 000 ledger, CONFIRMED): +0x1C, +0x20, +0x22, +0x28, +0x2C. Their meaning is
//! SPEC-NOTES §2.4's reading: +0x2C the destination TENSOR4D (20 bytes: 0x2C + 20 = 0x40, the
//! end of the bundle), +0x20 the dtype, +0x22 num_active_partitions, and the two 32-bit stores
//! +0x1C and +0x28 the fill immediate and one word whose name was lost. Reading taken: +0x28 is
//! the fill (INFERRED: the S3D3_TS immediate position, next to the control band) and +0x1C the
//! raw MemsetMode DWORD (SPECULATIVE: the body's only other 32-bit value), which gives the
//! `memset_opcode` check something to compare the opcode with.

use isa_core::{
    Bundle as _, Confidence, Dtype, Lut, MemsetMode, Rule, SyncBand, Tensor4d, dtype_v2,
    enumeration, memset_opcode,
};
use isa_derive::Bundle;

use crate::lower::{EncoderBody, LowerError, Sink, Validate};
use crate::operand::Operand;
use crate::support::{at, descriptors, finding, pack, partitions};
use isa_core::{Findings, ReasonArg, reason};

enumeration! {
    /// The two Memset opcodes, the codes of [`memset_opcode`] (seed 000 §5).
    pub enum MemsetOpcode: "Memset opcode" {
        /// Every element gets the fill immediate.
        Const = 0x49 => "memset_const",
        /// Random fill.
        Random = 0x4D => "memset_random",
    }
}

// The opcode enumeration and the mode table say the same thing: every code of the table is an
// opcode, and every opcode is a code of the table.
const _: () = {
    let entries = <memset_opcode as Lut>::ENTRIES;
    assert!(entries.len() == MemsetOpcode::ALL.len());
    let mut i = 0;
    while i < entries.len() {
        assert!(MemsetOpcode::from_code(entries[i].1).is_some());
        i += 1;
    }
};

/// The Memset error for a mode with no opcode (seed 000 §5), as a macro so that the
/// validator's reason template can quote it.
macro_rules! unimplemented_mode {
    () => {
        "has unimplemented Memset Mode"
    };
}

/// The Memset error for a mode with no opcode, as a lowering reports it.
const UNIMPLEMENTED_MODE: &str = unimplemented_mode!();

/// The opcode of a raw MemsetMode DWORD through [`memset_opcode`]; `None` for a mode ≥ 2.
pub fn opcode_of_mode(mode: u32) -> Option<MemsetOpcode> {
    u8::try_from(mode)
        .ok()
        .and_then(MemsetMode::from_code)
        .and_then(|m| memset_opcode::encode(&m))
        .and_then(MemsetOpcode::from_code)
}

/// The d3_memset bundle (seed 000 §5; the wire-struct tag from the ledger's string-table list).
#[derive(Bundle, Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(
    size = 64,
    opcodes = [0x49, 0x4D],
    wire = "d3_memset",
    reserved(offset = 0x0C, len = 16, confidence = confirmed, note = "no store (seed 000 ledger: +0x1C/+0x20/+0x22/+0x28/+0x2C)"),
    reserved(offset = 0x21, len = 1, confidence = confirmed, note = "no store between the dtype and num_active_partitions"),
    reserved(offset = 0x23, len = 5, confidence = confirmed, note = "no store between num_active_partitions and the fill")
)]
pub struct Memset {
    /// Const or Random.
    #[field(opcode)]
    pub opcode: MemsetOpcode,
    /// The sync band.
    #[field(offset = 0x04, confidence = inferred, note = "wait/update band order per SPEC-NOTES 2.6")]
    pub sync: SyncBand,
    /// The 32-bit store whose name was lost, read as the raw MemsetMode DWORD.
    #[field(offset = 0x1C, confidence = speculative, note = "32-bit store CONFIRMED, name lost (SPEC-NOTES 2.4); read as the MemsetMode DWORD (inst+0xF0), the body's other 32-bit value")]
    pub mode: u32,
    /// The destination dtype tag.
    #[field(offset = 0x20, lut = dtype_v2, confidence = inferred, note = "store CONFIRMED; dtype per SPEC-NOTES 2.4")]
    pub dtype: Dtype,
    /// `num_active_partitions`: the first APPair's num of the destination.
    #[field(offset = 0x22, confidence = strong, note = "Memset +0x22 = firstAPPair.num (seed 000 ledger); of out, the AP the body asserts on (out+88)")]
    pub num_active_partitions: u8,
    /// The fill immediate, broadcast to every element.
    #[field(offset = 0x28, confidence = inferred, note = "32-bit store CONFIRMED; the fill per SPEC-NOTES 2.4, at S3D3_TS's immediate position")]
    pub fill: u32,
    /// The destination access pattern (`getOutput(0)`).
    #[field(offset = 0x2C, confidence = inferred, note = "store CONFIRMED; a TENSOR4D, the 20 bytes up to 0x3F (SPEC-NOTES 2.4)")]
    pub dst: Tensor4d,
}

/// A BIR `InstMemset` (IT10) as `visitInstMemset` reads it (seed 000 §5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemsetInst {
    /// `getOutput(0)`.
    pub out: Operand,
    /// The MemsetMode DWORD at `inst+0xF0`, raw: 0 Const, 1 Random, anything else an error.
    pub mode: u32,
    /// The resolved 32-bit fill immediate.
    pub fill: u32,
    /// The sync band the sync writers fill.
    pub sync: SyncBand,
}

impl MemsetInst {
    /// The opcode of the mode through [`memset_opcode`]; a mode ≥ 2 is the seed's error
    /// "has unimplemented Memset Mode".
    pub fn select_opcode(&self) -> Result<MemsetOpcode, LowerError> {
        opcode_of_mode(self.mode).ok_or(LowerError::Spec(UNIMPLEMENTED_MODE))
    }

    /// Fills the bundle (the `GENERATE_ISACODE` arm's stores).
    pub fn build(&self) -> Result<Memset, LowerError> {
        Ok(Memset {
            opcode: self.select_opcode()?,
            sync: self.sync,
            mode: self.mode,
            dtype: self.out.dtype,
            num_active_partitions: partitions("out", &self.out.ap)?,
            fill: self.fill,
            dst: pack("out", &self.out.ap)?,
        })
    }
}

impl<F: From<Memset>> EncoderBody<F> for MemsetInst {
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        let opcode = self.select_opcode()?.code();
        sink.bundle(opcode, &mut || Ok(self.build()?.into()))
    }
}

/// `memset_opcode` (seed 000 ledger, by name): the rule is a reading.
pub const MEMSET_OPCODE: Rule = Rule {
    name: "memset_opcode",
    confidence: Confidence::Inferred,
    source: "seed 000 ledger names memset_opcode; opcode-matches-mode read from the name and §5's mode selection",
};

impl Validate for Memset {
    /// - `memset_opcode` (seed 000, STRONG by name; body not in the seeds): the opcode is the
    ///   [`memset_opcode`] code of the mode word at +0x1C (the reading of [`Memset::mode`]); a
    ///   mode with no code is reported with the seed's "has unimplemented Memset Mode";
    /// - `tensor4d_valid` on the destination (seed 002's rules, 4-D by analogy).
    fn check(&self, out: &mut Findings) {
        match opcode_of_mode(self.mode) {
            Some(op) if op == self.opcode => {}
            Some(op) => {
                let why = reason!(
                    "mode {} selects {}, found {}",
                    self.mode,
                    ReasonArg::hex2(u64::from(op.code())),
                    ReasonArg::hex2(u64::from(self.opcode.code()))
                );
                out.push(finding(&MEMSET_OPCODE, at!(Self, "opcode"), why));
            }
            None => {
                let why = reason!(concat!("mode {}: ", unimplemented_mode!()), self.mode);
                out.push(finding(&MEMSET_OPCODE, at!(Self, "mode"), why));
            }
        }
        descriptors([(at!(Self, "dst"), &self.dst)], out);
    }
}

/// The bundle size, checked against the declaration.
const _: () = assert!(Memset::SIZE == 64);
