//! TensorScalarAddr (seed 001 "TensorScalarAddr — 0x74"): the addressable-scalar datapath. The
//! scalars come from a per-partition addressable tensor (a pointer read), not an immediate. The
//! opcode is fixed: there is no transpose, bit-vector or reduce fork in the addr mode.
//!
//! Layout S2D2_TS_AS: a 2-D pack with two addressable scalar operands. The seed pins only
//! num_active_channels at 0x2E and says op0/op1 and the reverse pack are shared with S3D3_TS;
//! the rest is INFERRED (SPEC-NOTES §2.3). The reading taken keeps every S3D3_TS position the
//! 2-D pack leaves free, so the family reads alike: input TENSOR2D at 0x10, output TENSOR2D at
//! 0x30, dtypes 0x20/0x21, scalar source bytes 0x23/0x27, op0/op1/reverse 0x24..0x26, scalar0's
//! word at 0x28. scalar1's word cannot stay at 0x2C (num_active_channels at 0x2E is pinned), so
//! it takes the free word after the output slot, 0x3C. There is no accumulate byte (no reduce
//! fork).

use isa_core::{
    Addr4, AluOp, Confidence, Dtype, ReverseOps, Rule, SyncBand, Tensor2d, alu_v2, dtype_v2,
};
use isa_derive::Bundle;

use crate::lower::{LowerError, Sink, Validate};
use crate::support::{At, at, descriptors, finding, pack, partitions};
use crate::tensor_scalar::{
    NO_SCALAR, ScalarSource, TensorScalarPtrInst, element_count_finding, slot_of,
};
use isa_core::{Findings, ReasonArg, push_if, reason};

/// The S2D2_TS_AS bundle (seed 001, SPEC-NOTES §2.3).
#[derive(Bundle, Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(size = 64, opcodes = [0x74], wire = "s2d2_ts_as")]
pub struct TensorScalarAddr {
    /// The sync band.
    #[field(offset = 0x04, confidence = inferred, note = "wait/update band order per SPEC-NOTES 2.6")]
    pub sync: SyncBand,
    /// The input pattern.
    #[field(offset = 0x10, confidence = inferred, note = "SPEC-NOTES 2.3: the S3D3_TS input slot, 2-D")]
    pub input: Tensor2d,
    /// The input's dtype tag.
    #[field(offset = 0x20, lut = dtype_v2, confidence = inferred, note = "SPEC-NOTES 2.3: S3D3_TS in_dtype position")]
    pub in_dtype: Dtype,
    /// The output's dtype tag.
    #[field(offset = 0x21, lut = dtype_v2, confidence = inferred, note = "SPEC-NOTES 2.3: S3D3_TS out_dtype position")]
    pub out_dtype: Dtype,
    /// What scalar0's word holds (an address, for a valid bundle).
    #[field(offset = 0x23, confidence = inferred, note = "SPEC-NOTES 2.3: S3D3_TS imm0 source position; each scalar goes through sub_12051E0")]
    pub scalar0_src: ScalarSource,
    /// The first ALU stage.
    #[field(offset = 0x24, lut = alu_v2, confidence = strong, note = "op0, shared with S3D3_TS (seed 001 JOIN)")]
    pub op0: AluOp,
    /// The second ALU stage (bypass with one scalar).
    #[field(offset = 0x25, lut = alu_v2, confidence = strong, note = "op1, shared with S3D3_TS (seed 001 JOIN)")]
    pub op1: AluOp,
    /// The reverse pack `reverse0 | reverse1 << 1`.
    #[field(offset = 0x26, bits = 0..=1, confidence = strong, note = "the 2-bit pack (seed 001: identical in STT, Addr, Cache)")]
    pub reverse: ReverseOps,
    /// What scalar1's word holds.
    #[field(offset = 0x27, confidence = inferred, note = "SPEC-NOTES 2.3: S3D3_TS imm1 source position")]
    pub scalar1_src: ScalarSource,
    /// scalar0's word: the ADDR4 word of its pattern.
    #[field(offset = 0x28, confidence = inferred, note = "SPEC-NOTES 2.3: S3D3_TS imm0 word position")]
    pub scalar0: u32,
    /// `num_active_channels`: the input's first APPair num.
    #[field(offset = 0x2E, confidence = confirmed, note = "the num_active_channels accessor lands at +0x2E for Addr")]
    pub num_active_channels: u8,
    /// The output pattern.
    #[field(offset = 0x30, confidence = inferred, note = "SPEC-NOTES 2.3: the S3D3_TS output slot, 2-D")]
    pub out: Tensor2d,
    /// scalar1's word (zero with one scalar).
    #[field(offset = 0x3C, confidence = inferred, note = "SPEC-NOTES 2.3: 0x2C would cross num_active_channels at 0x2E; the free word after the output slot")]
    pub scalar1: u32,
}

impl TensorScalarPtrInst {
    /// `generateTensorScalarAddr` @0x1240970 (seed 001): `NumArgs ∈ {2, 3}`, opcode 0x74. The
    /// layout has no accumulate byte and the seed no reduce fork, so a two-output or
    /// accumulating instruction is refused rather than lose its result.
    pub fn select_addr_opcode(&self) -> Result<u8, LowerError> {
        self.check_num_args()?;
        if self.reduce_out.is_some() || self.acc != isa_core::AccumulateCmd::Idle {
            return Err(LowerError::Refused {
                rule: &ADDR_SINGLE_OUTPUT,
                message: "0x74 has no accumulate byte; a two-output or accumulating form would lose its result",
            });
        }
        Ok(TENSOR_SCALAR_ADDR_OPCODE)
    }

    /// `generateTensorScalarAddr`: the opcode, then the stores.
    pub fn emit_tensor_scalar_addr<F: From<TensorScalarAddr>>(
        &self,
        sink: &mut dyn Sink<F>,
    ) -> Result<(), LowerError> {
        let opcode = self.select_addr_opcode()?;
        sink.bundle(opcode, &mut || Ok(self.build_addr()?.into()))
    }

    /// The stores of `generateTensorScalarAddr`; each scalar through the shared slot packer.
    /// With one scalar op1 is the bypass identity, as on TensorScalar (seed 001: "s1 iff
    /// NumArgs==3"; "With NumArgs==2, op1 is the bypass identity").
    fn build_addr(&self) -> Result<TensorScalarAddr, LowerError> {
        let op1 = self.op1_for_num_args()?;
        let (scalar0_src, scalar0) = slot_of(self.scalars.first());
        let (scalar1_src, scalar1) = slot_of(self.scalars.get(1));
        Ok(TensorScalarAddr {
            sync: self.sync,
            input: pack("input", &self.input.ap)?,
            in_dtype: self.input.dtype,
            out_dtype: self.out.dtype,
            scalar0_src,
            op0: self.op0,
            op1,
            reverse: ReverseOps::from_flags(self.reverse0, self.reverse1),
            scalar1_src,
            scalar0,
            num_active_channels: partitions("input", &self.input.ap)?,
            out: pack("out", &self.out.ap)?,
            scalar1,
        })
    }
}

/// TensorScalarAddr refuses two-output and accumulating forms: a reading (seed 001 gives the addr
/// mode no reduce fork, and the reading of the layout has no accumulate byte).
pub const ADDR_SINGLE_OUTPUT: Rule = Rule {
    name: "TensorScalarAddr: NumOutputs == 1 && acc == Idle",
    confidence: Confidence::Inferred,
    source: "seed 001 TensorScalarAddr: 'there is no transpose/bitvec/reduce fork in the addr mode'; no accumulate byte in the layout's reading (SPEC-NOTES 2.3)",
};

/// TensorScalarAddr's one opcode (seed 001: "The opcode is fixed 0x74").
pub const TENSOR_SCALAR_ADDR_OPCODE: u8 = 0x74;

/// Whether `op` is a bit-vector ALU op (bitwise or shift). INFERRED class: the seeds name
/// `bir::isBitVecInstruction` but not its op list; these are the ops whose operands are bit
/// patterns rather than numbers.
pub const fn is_bitvec_op(op: AluOp) -> bool {
    op.is_bitvec()
}

/// The start partition of a static ADDR4 word: its partition band (SBUF from bit 18, PSUM from
/// bit 15 under the region bit; both INFERRED in [`Addr4`]). `None` for a register word, whose
/// address is only known at run time.
pub fn start_partition(addr: Addr4) -> Option<u32> {
    let (is_static, partition) = partition_band(addr);
    is_static.then_some(partition)
}

/// [`start_partition`] without a branch on the word: whether the word is static, and its
/// partition band (meaningless for a register word).
fn partition_band(addr: Addr4) -> (bool, u32) {
    let psum = (addr.byte_address() & !Addr4::PSUM_REGION) >> Addr4::PSUM_PARTITION_SHIFT;
    let sbuf = addr.byte_address() >> Addr4::SBUF_PARTITION_SHIFT;
    let partition = if addr.is_psum() { psum } else { sbuf };
    (!addr.is_register(), partition)
}

/// The `_addr_*` family's source: name fragments only (seed 001), so every rule is a reading.
const ADDR_FAMILY: &str = "seed 001 TensorScalarAddr: a name fragment of the _addr_* validator family; rule read from the name and the encoder";

/// `s2d2_ts_as_valid_elem_count` (seed 001 fragment `d2_ts_as_valid_elem_count`).
pub const S2D2_TS_AS_VALID_ELEM_COUNT: Rule = Rule {
    name: "s2d2_ts_as_valid_elem_count",
    confidence: Confidence::Inferred,
    source: ADDR_FAMILY,
};
/// `s2d2_ts_as_addr_reserved_zero` (fragment `*_addr_reserved_z*`).
pub const S2D2_TS_AS_ADDR_RESERVED_ZERO: Rule = Rule {
    name: "s2d2_ts_as_addr_reserved_zero",
    confidence: Confidence::Inferred,
    source: ADDR_FAMILY,
};
/// `s2d2_ts_as_addr_immediate_unused` (fragment `*_addr_immediate*`).
pub const S2D2_TS_AS_ADDR_IMMEDIATE_UNUSED: Rule = Rule {
    name: "s2d2_ts_as_addr_immediate_unused",
    confidence: Confidence::Inferred,
    source: ADDR_FAMILY,
};
/// `s2d2_ts_as_addr_same_start_partition_in_sr` (fragment `*_addr_same_start_partition_in_sr*`).
pub const S2D2_TS_AS_ADDR_SAME_START_PARTITION_IN_SR: Rule = Rule {
    name: "s2d2_ts_as_addr_same_start_partition_in_sr",
    confidence: Confidence::Inferred,
    source: ADDR_FAMILY,
};
/// `s2d2_ts_as_addr_valid_ops` (fragment `*_addr_valid_ops*`).
pub const S2D2_TS_AS_ADDR_VALID_OPS: Rule = Rule {
    name: "s2d2_ts_as_addr_valid_ops",
    confidence: Confidence::Inferred,
    source: ADDR_FAMILY,
};
/// `s2d2_ts_as_addr_reverse_check` (fragment `*_addr_reverse_ch*`).
pub const S2D2_TS_AS_ADDR_REVERSE_CHECK: Rule = Rule {
    name: "s2d2_ts_as_addr_reverse_check",
    confidence: Confidence::Inferred,
    source: ADDR_FAMILY,
};

impl Validate for TensorScalarAddr {
    /// The `_addr_*` family of seed 001, recovered as name fragments from the validator string
    /// pool under the `s2d2_ts_as` prefix (`d2_ts_as_valid_elem_count`, `*_addr_reserved_z*`,
    /// `*_addr_immediate*`, `*_addr_same_start_partition_in_sr*`, `*_addr_valid_ops*`,
    /// `*_addr_reverse_ch*`). The full names below complete the fragments, and each rule is the
    /// reading the name and the encoder support (the bodies are not in the seeds):
    /// - `s2d2_ts_as_valid_elem_count`: the input and the output walk the same number of
    ///   elements, and not zero;
    /// - `s2d2_ts_as_addr_reserved_zero`: with one scalar (op1 bypass, seed 001: "With
    ///   NumArgs==2, op1 is the bypass identity"), scalar1's slot is the empty immediate 0;
    /// - `s2d2_ts_as_addr_immediate_unused`: a live scalar is an address (physical or register
    ///   AP), never an immediate — the addr datapath reads its scalars from memory;
    /// - `s2d2_ts_as_addr_same_start_partition_in_sr`: a live static scalar address starts on
    ///   the input's start partition (a per-partition scalar read);
    /// - `s2d2_ts_as_addr_valid_ops`: op0 and op1 are not bit-vector ops ([`is_bitvec_op`]):
    ///   0x74 has no bit-vector form;
    /// - `s2d2_ts_as_addr_reverse_check`: reverse1 is not set when op1 is bypass (there is no
    ///   second operand pair to swap);
    /// - and seed 002's `tensor2d_valid` on both patterns.
    fn check(&self, out: &mut Findings) {
        element_count_finding(
            &S2D2_TS_AS_VALID_ELEM_COUNT,
            (at!(Self, "input"), &self.input),
            &self.out,
            out,
        );
        // Every check's outcome first, without a branch on the bundle's bytes; then one branch
        // on whether any failed, and each finding pushed with `push_if`.
        let one_scalar = self.op1 == AluOp::Bypass;
        let reserved = one_scalar & ((self.scalar1_src, self.scalar1) != NO_SCALAR);
        let scalars = self.scalar_checks(one_scalar);
        let bitvec = [is_bitvec_op(self.op0), is_bitvec_op(self.op1)];
        let reverse = one_scalar & self.reverse.flags().1;
        let any_scalar = scalars
            .iter()
            .fold(false, |any, s| any | s.immediate | s.misplaced);
        if reserved | any_scalar | bitvec[0] | bitvec[1] | reverse {
            let why = reason!(
                "op1 is bypass but scalar1 is {} {}",
                self.scalar1_src,
                ReasonArg::hex(u64::from(self.scalar1))
            );
            let scalar1 = at!(Self, "scalar1");
            push_if(
                out,
                reserved,
                finding(&S2D2_TS_AS_ADDR_RESERVED_ZERO, scalar1, why),
            );
            for check in scalars {
                check.push(out);
            }
            for (at, op, failed) in [
                (at!(Self, "op0"), self.op0, bitvec[0]),
                (at!(Self, "op1"), self.op1, bitvec[1]),
            ] {
                let why = reason!("{} is a bit-vector op; 0x74 has no bit-vector form", op);
                push_if(out, failed, finding(&S2D2_TS_AS_ADDR_VALID_OPS, at, why));
            }
            let why = reason!("reverse is {} but op1 is bypass", self.reverse);
            let at = at!(Self, "reverse");
            push_if(
                out,
                reverse,
                finding(&S2D2_TS_AS_ADDR_REVERSE_CHECK, at, why),
            );
        }
        descriptors(
            [
                (at!(Self, "input"), &self.input),
                (at!(Self, "out"), &self.out),
            ],
            out,
        );
    }
}

/// `s2d2_ts_as_addr_immediate_unused` and `s2d2_ts_as_addr_same_start_partition_in_sr` on one
/// scalar, evaluated: an immediate is the source byte's fault, a wrong partition the address
/// word's.
#[derive(Clone, Copy)]
struct ScalarCheck {
    slot: u8,
    src_at: At,
    at: At,
    word: u32,
    immediate: bool,
    misplaced: bool,
    partitions: (u32, u32),
}

impl ScalarCheck {
    /// Its findings, each with `push_if`.
    #[inline(always)]
    fn push(self, out: &mut Findings) {
        let why = reason!(
            "scalar{} is an immediate {}, not an address",
            self.slot,
            ReasonArg::hex(u64::from(self.word))
        );
        let rule = &S2D2_TS_AS_ADDR_IMMEDIATE_UNUSED;
        push_if(out, self.immediate, finding(rule, self.src_at, why));
        let (p, q) = self.partitions;
        let why = reason!(
            "scalar{} starts on partition {}, the input on partition {}",
            self.slot,
            p,
            q
        );
        let rule = &S2D2_TS_AS_ADDR_SAME_START_PARTITION_IN_SR;
        push_if(out, self.misplaced, finding(rule, self.at, why));
    }
}

impl TensorScalarAddr {
    /// The checks of each scalar; a scalar that is not live (scalar1 when op1 is bypass)
    /// fails neither.
    #[inline(always)]
    fn scalar_checks(&self, one_scalar: bool) -> [ScalarCheck; 2] {
        let (input_static, q) = partition_band(self.input.addr);
        let check = |slot, live: bool, src_at, at, src, word| {
            let immediate = src == ScalarSource::Immediate;
            let (word_static, p) = partition_band(Addr4::from_raw(word));
            ScalarCheck {
                slot,
                src_at,
                at,
                word,
                immediate: live & immediate,
                misplaced: live & !immediate & word_static & input_static & (p != q),
                partitions: (p, q),
            }
        };
        [
            check(
                0,
                true,
                at!(Self, "scalar0_src"),
                at!(Self, "scalar0"),
                self.scalar0_src,
                self.scalar0,
            ),
            check(
                1,
                !one_scalar,
                at!(Self, "scalar1_src"),
                at!(Self, "scalar1"),
                self.scalar1_src,
                self.scalar1,
            ),
        ]
    }
}
