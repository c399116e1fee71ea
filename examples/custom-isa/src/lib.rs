//! A user's instruction set, declared outside the library exactly as any crate would: three new
//! 64-byte ops ([`TensorMax`] 0x60, [`TensorClamp`] 0x61, [`TensorTensorV4`] 0x62) and one new
//! 32-bit word ([`BScale`]), each one annotated struct, added to the built-in ISA with `family!`
//! and given the whole `isa` command by [`CustomIsa`]. [`semantics`] gives its ops their meaning
//! on the simulator, through `isa::sim` alone.
#![forbid(unsafe_code)]

pub mod kernel;
pub mod semantics;

use isa::core::{
    AluOp, Confidence, Dtype, Family, Finding, Findings, Rule, SyncBand, Tensor3d, Validate,
    alu_v2, alu_v4, dtype_v2, family, reason,
};
use isa::host::{Isa, WordDecoder, WordReader};
use isa::ops::pto::Gpr;
use isa::serde::{Deserialize, Serialize};

/// `out = max(in, imm)` with an ALU op applied after: both dtypes in one byte (a nibble each,
/// through `dtype_v2`), the ALU byte through `alu_v2`, two TENSOR3D descriptors, a 32-bit
/// immediate, and a reserved gap after it.
#[derive(isa::Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(crate = "isa::serde", deny_unknown_fields)]
#[bundle(
    size = 64,
    opcodes = [0x60],
    wire = "s3d3_max",
    reserved(offset = 0x34, len = 12, note = "kept zero for a second immediate")
)]
pub struct TensorMax {
    /// The semaphore band of the 64-byte header.
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    /// The input's dtype, low nibble of 0x0C.
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub in_dtype: Dtype,
    /// The output's dtype, high nibble of 0x0C.
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub out_dtype: Dtype,
    /// The ALU op applied to the maximum.
    #[field(offset = 0x0D, lut = alu_v2, confidence = strong, note = "our own layout")]
    pub alu: AluOp,
    /// Active partitions.
    #[field(offset = 0x0E)]
    pub num_active_partitions: u8,
    /// The input access pattern.
    #[field(offset = 0x10)]
    pub input: Tensor3d,
    /// The output access pattern.
    #[field(offset = 0x20)]
    pub output: Tensor3d,
    /// The immediate the input is compared with.
    #[field(offset = 0x30)]
    pub imm: i32,
}

/// `out = clamp(in, lo, hi)`: one dtype pair, two 16-bit bounds, two TENSOR3D descriptors.
#[derive(isa::Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(crate = "isa::serde", deny_unknown_fields)]
#[bundle(size = 64, opcodes = [0x61], wire = "s3d3_clamp")]
pub struct TensorClamp {
    /// The semaphore band of the 64-byte header.
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    /// The input's dtype, low nibble of 0x0C.
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub in_dtype: Dtype,
    /// The output's dtype, high nibble of 0x0C.
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub out_dtype: Dtype,
    /// Active partitions.
    #[field(offset = 0x0F)]
    pub num_active_partitions: u8,
    /// The lower bound.
    #[field(offset = 0x10)]
    pub lo: i16,
    /// The upper bound.
    #[field(offset = 0x12)]
    pub hi: i16,
    /// The input access pattern.
    #[field(offset = 0x20)]
    pub input: Tensor3d,
    /// The output access pattern.
    #[field(offset = 0x30)]
    pub output: Tensor3d,
}

/// `out = in0 alu in1` with the ALU byte read through CoreV4's table (`alu_v4`: abs_max and
/// abs_min beside the CoreV2 ops): three dtypes (the two nibbles of 0x0C and the low nibble of
/// 0x0D, through `dtype_v2`), and three TENSOR3D descriptors filling the rest of the bundle.
#[derive(isa::Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(crate = "isa::serde", deny_unknown_fields)]
#[bundle(size = 64, opcodes = [0x62], wire = "s3d3_tt_v4")]
pub struct TensorTensorV4 {
    /// The semaphore band of the 64-byte header.
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    /// The first input's dtype, low nibble of 0x0C.
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub in0_dtype: Dtype,
    /// The second input's dtype, high nibble of 0x0C.
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub in1_dtype: Dtype,
    /// The output's dtype, low nibble of 0x0D.
    #[field(offset = 0x0D, nibble = lo, lut = dtype_v2)]
    pub out_dtype: Dtype,
    /// The ALU op, through CoreV4's table.
    #[field(offset = 0x0E, lut = alu_v4)]
    pub alu: AluOp,
    /// Active partitions.
    #[field(offset = 0x0F)]
    pub num_active_partitions: u8,
    /// The first input's access pattern.
    #[field(offset = 0x10)]
    pub in0: Tensor3d,
    /// The second input's access pattern.
    #[field(offset = 0x20)]
    pub in1: Tensor3d,
    /// The output's access pattern.
    #[field(offset = 0x30)]
    pub out: Tensor3d,
}

/// `B.SCALE imm, reg`: a 32-bit word whose 17-bit immediate is split across bits `[31:20]`
/// (low 12 bits) and `[11:7]` (high 5 bits), as the PTO's `B.DIM` is.
#[derive(isa::Bundle, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(crate = "isa::serde", deny_unknown_fields)]
#[bundle(size = 4, mask = 0x0000_707F, match = 0x0000_5043, name = "B.SCALE")]
pub struct BScale {
    /// The scale: low 12 bits in `[31:20]`, high 5 bits in `[11:7]`.
    #[field(spec = "Imm", bits = [20..=31, 7..=11])]
    pub imm: u32,
    /// The register added to the scale.
    #[field(spec = "RegSrc", bits = 15..=19)]
    pub reg: Gpr,
}

/// `tensor_max_int_imm`: this crate's own rule, so it is stated (by this crate's spec).
pub const TENSOR_MAX_INT_IMM: Rule = Rule {
    name: "tensor_max_int_imm",
    confidence: Confidence::Confirmed,
    source: "this crate's TensorMax: an unsigned input compares with a non-negative immediate",
};

/// `tensor_clamp_bounds`: this crate's own rule.
pub const TENSOR_CLAMP_BOUNDS: Rule = Rule {
    name: "tensor_clamp_bounds",
    confidence: Confidence::Confirmed,
    source: "this crate's TensorClamp: lo <= hi",
};

impl Validate for TensorMax {
    /// `tensor_max_int_imm`: an integer input compares with an immediate that fits its dtype;
    /// here, a negative immediate is refused for an unsigned input.
    fn check(&self, out: &mut Findings) {
        let unsigned = matches!(self.in_dtype, Dtype::Uint8 | Dtype::Uint16 | Dtype::Uint32);
        if unsigned && self.imm < 0 {
            let why = reason!(
                "{} is negative, and the input is {}",
                self.imm,
                self.in_dtype
            );
            out.push(Finding::new(&TENSOR_MAX_INT_IMM, "imm", 0x30, why));
        }
    }
}

impl Validate for TensorClamp {
    /// `tensor_clamp_bounds`: the lower bound is not above the upper.
    fn check(&self, out: &mut Findings) {
        if self.lo > self.hi {
            let why = reason!("lo {} is above hi {}", self.lo, self.hi);
            out.push(Finding::new(&TENSOR_CLAMP_BOUNDS, "lo", 0x10, why));
        }
    }
}

impl Validate for TensorTensorV4 {}

impl Validate for BScale {}

family! {
    /// Every bundle of the custom ISA: the built-in ops, and two more.
    pub enum CustomOp(view CustomOpView, tag "op", extends isa::ops::Op as Builtin) {
        /// `max(in, imm)`, 0x60.
        TensorMax(TensorMax),
        /// `clamp(in, lo, hi)`, 0x61.
        TensorClamp(TensorClamp),
        /// `in0 alu in1` over CoreV4's ALU table, 0x62.
        TensorTensorV4(TensorTensorV4),
    }
}

family! {
    /// Every 32-bit word of the custom ISA: the PTO block words, and one more.
    pub enum CustomWord(view CustomWordView, tag "word", extends isa::ops::pto::Word as Pto) {
        /// `B.SCALE`.
        Scale(BScale),
    }
}

/// The custom ISA as the `isa` command sees it: its bundles and its words, whose streams are
/// read as TSHUF blocks like the built-in ones.
#[derive(Debug, Clone, Copy, Default)]
pub struct CustomIsa;

impl Isa for CustomIsa {
    const COMMAND: &'static str = "custom-isa";
    const PREFACE: &'static str = concat!(
        "The custom ISA: the built-in ops and PTO block words, and this crate's own three ops ",
        "(`TensorMax` 0x60, `TensorClamp` 0x61, `TensorTensorV4` 0x62) and one word (`B.SCALE`). ",
        "Their layouts are our own design, so a field without a stated confidence is shown as ",
        "not stated.\n\n"
    );
    type Bundles = CustomOp;
    type Words = CustomWord;

    fn word_decoder() -> Box<dyn WordDecoder> {
        Box::new(WordReader::<CustomWord>::tshuf_blocks())
    }

    fn calls() -> Vec<isa::host::kernel::Call> {
        kernel::calls()
    }
}

/// How many members the custom ISA has: the built-in ones and its own.
pub fn member_counts() -> (usize, usize) {
    (CustomOp::DECLARATIONS.len(), CustomWord::DECLARATIONS.len())
}

isa::core::enumeration! {
    /// How this crate's rounding unit rounds: its own enumeration, with a wire byte per
    /// generation of the unit.
    pub enum Rounding: "Rounding" {
        /// To the nearest, ties to even.
        Nearest = 0 => "nearest",
        /// Towards minus infinity.
        Down = 1 => "down",
        /// Towards plus infinity.
        Up = 2 => "up",
        /// Stochastic: the second generation only.
        Stochastic = 3 => "stochastic",
    }
}

isa::core::lut! {
    /// The first generation's rounding bytes: no stochastic rounding.
    pub rounding_v1: Rounding { Nearest => 0x00, Down => 0x01, Up => 0x02 }
    unmapped { Stochastic }
}

isa::core::lut! {
    /// The second generation's: the first's, with stochastic rounding added and `up` moved to
    /// make room for it.
    pub rounding_v2: Rounding = rounding_v1 {
        added { Stochastic => 0x02 }
        changed { Up => 0x03 }
    }
}
