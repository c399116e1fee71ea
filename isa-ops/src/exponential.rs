//! Exponential (seed 001 "Exponential — 0x30"): the fused-softmax primitive, exp plus an
//! optional accumulate, on the DVE engine. It reuses the whole S3D3_TS layout with op0/op1
//! forced to bypass and reverse forced to none: the exp function is implicit in the opcode, and
//! the only live op-specific field is the accumulate command at 0x0C.
//!
//! Exponential is the one member of the family with a CoreV4 emitter
//! (`CoreV4GenImpl::visitInstExponential` @0x1439d30), so its stamp of the layout takes the
//! CoreV4 tables: dtype tags from [`dtype_v4`] (float4_e2m1fn_x4 is 0x10 there, 0x05 on
//! CoreV2) and ALU bytes from [`alu_v4`]. The output slot is spelled MEM_PATTERN3D (the same
//! bytes as TENSOR3D, seed 002).

use isa_core::{
    AccumulateCmd, AluOp, Confidence, MemPattern3d, ReverseOps, Rule, SyncBand, alu_v4, dtype_v4,
    enumeration,
};

use crate::lower::{EncoderBody, LowerError, Sink, Validate};
use crate::opaque::DveReadAccumulator;
use crate::operand::Operand;
use crate::support::{at, descriptors, finding};
use crate::tensor_scalar::{Arg, NO_SCALAR, TsFill, element_count_finding, emit_drain, s3d3_ts};
use isa_core::{Findings, ReasonArg, reason};

enumeration! {
    /// Exponential's one opcode (seed 001: the header word 0x1030, `mov $0x1030,%r8d @0x1439eb0`).
    pub enum ExpOpcode: "Exponential opcode" {
        /// `exp(in)`, with the accumulate command of byte 0x0C.
        Exponential = 0x30 => "exponential",
    }
}

s3d3_ts! {
    /// The S3D3_TS bundle as the CoreV4 Exponential emitter writes it (seed 001: the
    /// `setupSyncWait<…core_v4::NEURON_ISA_TPB_S3D3_TS_STRUCT>` symbol and the `exponential_info`
    /// pybind string "s3d3_ts_struct - Exponential" pin the layout). The ALU table is INFERRED
    /// to be the CoreV4 [`alu_v4`]: the emitter stores op0|op1 = 0 directly, and bypass is 0x00
    /// in both tables.
    pub struct Exponential {
        opcodes = [0x30],
        opcode = ExpOpcode,
        dtype = dtype_v4,
        alu = alu_v4,
        output = MemPattern3d,
    }
}

/// A BIR `InstExponential` as `visitInstExponential` reads it (seed 001).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExponentialInst {
    /// `out[0]`: the output pattern.
    pub out: Operand,
    /// A second output: the fused form, drained by a trailing DveReadAccumulator (0x9B).
    pub reduce_out: Option<Operand>,
    /// `arg[0]`: the input pattern.
    pub input: Operand,
    /// `arg[1]`: imm0, nki.isa.exponential's `max_value`: `dst[i] = exp(src[i] - max_value)`
    /// \[I1\]. An fp32 immediate or an AP of one element per partition (`max_value: float |
    /// NkiTensor` \[I1\]; seed 001 packs `arg[1]` with the mem-pattern packer `sub_142E370`,
    /// whose "bias/scale mem-pattern" comment names the packer, not the meaning), so a row
    /// maximum is subtracted per partition by the Exponential itself.
    pub imm0: Arg,
    /// `arg[2]`: imm1 (the reduce-init with load_accumulate; otherwise an immediate 0).
    pub imm1: Arg,
    /// `reduce_cmd` (`+0xF0`), an EngineAccumulationType (not a ReduceCmdType).
    pub reduce_cmd: AccumulateCmd,
    /// The sync band the sync writers fill.
    pub sync: SyncBand,
}

impl ExponentialInst {
    /// The stores of `visitInstExponential` (seed 001): header 0x1030, channels 0x22, dtypes
    /// 0x20/0x21 through the CoreV4 table, reverse 0x26 = none, op0|op1 = bypass, accumulator
    /// 0x0C = `accum(reduce_cmd)`, imm0/imm1 through the CoreV4 packer, the two patterns.
    /// Engine DVE is forced, so there is no engine to check.
    pub fn build(&self) -> Result<Exponential, LowerError> {
        Exponential::fill(
            ExpOpcode::Exponential,
            &TsFill {
                input: &self.input,
                out: &self.out,
                imm0: self.imm0.slot(),
                imm1: self.imm1.slot(),
                op0: AluOp::Bypass,
                op1: AluOp::Bypass,
                reverse: ReverseOps::None,
                acc: self.reduce_cmd,
                sync: self.sync,
            },
        )
    }
}

impl<F> EncoderBody<F> for ExponentialInst
where
    F: From<Exponential> + From<DveReadAccumulator>,
{
    /// The bundle, then the drain of a two-output form.
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        let opcode = ExpOpcode::Exponential.code();
        sink.bundle(opcode, &mut || Ok(self.build()?.into()))?;
        emit_drain(self.reduce_out.is_some(), sink)
    }
}

/// `has_valid_exponential_accum_cmd`'s accepted commands, from seed 001's sentence on the fused
/// exp+accumulate: "ZeroAccumulate/Idle/Accumulate require imm1 == 0 …; LoadAccumulate lets imm1
/// carry the reduce-init". Ordinal 2 (`Accumulate`) has no wire form, so the accumulating command
/// the sentence means is `add_accumulate` (wire 2, SPEC-NOTES §2.13); it is accepted, and with
/// every command but `load_accumulate` the immediate-validity check requires imm1 == 0. `zero`,
/// which the sentence does not name, is refused.
pub const EXPONENTIAL_ACCUM_CMDS: &[AccumulateCmd] = &[
    AccumulateCmd::Idle,
    AccumulateCmd::ZeroAccumulate,
    AccumulateCmd::AddAccumulate,
    AccumulateCmd::LoadAccumulate,
];

/// `has_valid_exponential_accum_cmd`: seed 001 names the check; the accepted set
/// ([`EXPONENTIAL_ACCUM_CMDS`]) is a reading of its accumulate sentence (SPEC-NOTES §2.13).
pub const HAS_VALID_EXPONENTIAL_ACCUM_CMD: Rule = Rule {
    name: "has_valid_exponential_accum_cmd",
    confidence: Confidence::Inferred,
    source: "seed 001 Exponential: 'ZeroAccumulate/Idle/Accumulate require imm1 == 0 …; LoadAccumulate lets imm1 carry the reduce-init'; Accumulate read as add_accumulate (wire 2)",
};

/// "op0 and op1 must be Bypass": seed 001 states it (the RUN_ISA validators @0x14321c0, and the
/// store `*(u16*)&b[0x24] = 0` @0x143a163).
pub const OP0_OP1_BYPASS: Rule = Rule {
    name: "op0 and op1 must be Bypass",
    confidence: Confidence::Strong,
    source: "seed 001 Exponential: RUN_ISA validators @0x14321c0 'op0 and op1 must be Bypass'",
};

/// "reverse_operands must be None": seed 001 states it (@0x14321c0; the store `b[0x26] = 0`
/// @0x143a153).
pub const REVERSE_OPERANDS_NONE: Rule = Rule {
    name: "reverse_operands must be None",
    confidence: Confidence::Strong,
    source: "seed 001 Exponential: RUN_ISA validators @0x14321c0 'reverse_operands must be None'",
};

/// `has_valid_exponential_num_elements` (seed 001, by name): the rule is a reading.
pub const HAS_VALID_EXPONENTIAL_NUM_ELEMENTS: Rule = Rule {
    name: "has_valid_exponential_num_elements",
    confidence: Confidence::Inferred,
    source: "seed 001 names has_valid_exponential_num_elements; equal nonzero counts read from the name",
};

/// The immediate-validity check: seed 001 states its rule ("ZeroAccumulate/Idle/Accumulate
/// require imm1 == 0 (imm1_src = InstructionImmediate); LoadAccumulate lets imm1 carry the
/// reduce-init").
pub const IMMEDIATE_VALIDITY: Rule = Rule {
    name: "immediate-validity check",
    confidence: Confidence::Strong,
    source: "seed 001 Exponential: 'require imm1 == 0 (imm1_src = InstructionImmediate); LoadAccumulate lets imm1 carry the reduce-init'",
};

impl Validate for Exponential {
    /// The RUN_ISA validators of `exponential_info` (seed 001, @0x14321c0), by their pybind
    /// names:
    /// - `has_valid_exponential_accum_cmd`: `accumulator_cmd` is one of
    ///   [`EXPONENTIAL_ACCUM_CMDS`];
    /// - "op0 and op1 must be Bypass": bytes 0x24 and 0x25 are bypass;
    /// - "reverse_operands must be None": byte 0x26 is none;
    /// - `has_valid_exponential_num_elements`: the input and the output walk the same number of
    ///   elements, and not zero (INFERRED reading of the name);
    /// - the immediate-validity check (seed 001 names it only so): without `load_accumulate`,
    ///   imm1 is the immediate 0;
    /// - and seed 002's `tensor3d_valid` on both patterns.
    fn check(&self, out: &mut Findings) {
        if !EXPONENTIAL_ACCUM_CMDS.contains(&self.accumulator_cmd) {
            let why = reason!(
                "{} is not an Exponential accumulate command",
                self.accumulator_cmd
            );
            out.push(finding(
                &HAS_VALID_EXPONENTIAL_ACCUM_CMD,
                at!(Self, "accumulator_cmd"),
                why,
            ));
        }
        for (slot, at, op) in [
            (0u8, at!(Self, "op0"), self.op0),
            (1, at!(Self, "op1"), self.op1),
        ] {
            if op != AluOp::Bypass {
                out.push(finding(
                    &OP0_OP1_BYPASS,
                    at,
                    reason!("op{} is {}", slot, op),
                ));
            }
        }
        if self.reverse != ReverseOps::None {
            let why = reason!("reverse is {}", self.reverse);
            out.push(finding(&REVERSE_OPERANDS_NONE, at!(Self, "reverse"), why));
        }
        element_count_finding(
            &HAS_VALID_EXPONENTIAL_NUM_ELEMENTS,
            (at!(Self, "input"), &self.input),
            &self.out,
            out,
        );
        if self.accumulator_cmd != AccumulateCmd::LoadAccumulate
            && (self.imm1_src, self.imm1) != NO_SCALAR
        {
            let why = reason!(
                "imm1 is {} {}; only load_accumulate carries an imm1, found {}",
                self.imm1_src,
                ReasonArg::hex(u64::from(self.imm1)),
                self.accumulator_cmd
            );
            out.push(finding(&IMMEDIATE_VALIDITY, at!(Self, "imm1"), why));
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
