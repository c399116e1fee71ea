//! TensorScalarCache (seed 001 "TensorScalarCache (Cumulative / Scan)"): the per-partition
//! running accumulator, IR type IT30. Reduce folds the input to one result (0x9A); Cumulative
//! and TensorScan emit a running prefix (0xE6).
//!
//! It writes the S3D3_TS layout of [`TensorScalar`]: 0x9A is the same wire op the fused-reduce
//! TensorScalar emits (one declaration, two producers, SPEC-NOTES §2.9), and 0xE6 sits beside it
//! on the same CoreV2 stamp. "Reduce vs cumulative vs scan" is the opcode plus TSCMode, not a wire
//! enum; there is no separate reduce command on the wire.

use isa_core::{AccumulateCmd, AluOp, Engine, ReverseOps, SyncBand, TscMode};

use crate::lower::{EncoderBody, LowerError, Sink};
use crate::opaque::DveReadAccumulator;
use crate::operand::Operand;
use crate::tensor_scalar::{Arg, TensorScalar, TsFill, TsOpcode, emit_drain, slot_of};

/// A BIR `InstTensorScalarCache` as `visitInstTensorScalarCache` @0x125db00 reads it (seed 001).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorScalarCacheInst {
    /// `getOutput(0)`.
    pub out: Operand,
    /// `getOutput(1)`: a two-output cumulative appends a DveReadAccumulator (0x9B).
    pub reduce_out: Option<Operand>,
    /// `getArgument(0)`: the input.
    pub input: Operand,
    /// The first scalar (imm0).
    pub imm0: Arg,
    /// The second scalar (imm1, the reduce-init), allowed only with `load_accumulate`.
    pub imm1: Option<Arg>,
    /// `op0` (`+0xF0`).
    pub op0: AluOp,
    /// `op1` (`+0x120`).
    pub op1: AluOp,
    /// `reverse0` (`+0xF8`): on a scan, the scan direction.
    pub reverse0: bool,
    /// `reverse1` (`+0x128`).
    pub reverse1: bool,
    /// The raw `TSCMode` (`+0x150`); see [`TscMode`]. Kept raw: a mode outside 0..=2 is the
    /// body's "Unhandled TSCMode".
    pub mode: u32,
    /// `acc` (`+0x154`): the scan init (zero_accumulate resets, load_accumulate seeds from imm1).
    pub acc: AccumulateCmd,
    /// The engine (`+0x90`).
    pub engine: Engine,
    /// The sync band the sync writers fill.
    pub sync: SyncBand,
}

impl TensorScalarCacheInst {
    /// The body's opening: the DVE guard ("TensorScalarCache must be on the DVE engine"), then
    /// the TSCMode fork (seed 001): Reduce (0) → 0x9A, Cumulative (1) and TensorScan (2) → 0xE6,
    /// anything else "Unhandled TSCMode".
    pub fn select_opcode(&self) -> Result<TsOpcode, LowerError> {
        if self.engine != Engine::DVE {
            return Err(LowerError::Spec(
                "TensorScalarCache must be on the DVE engine",
            ));
        }
        let mode = u8::try_from(self.mode)
            .ok()
            .and_then(TscMode::from_code)
            .ok_or(LowerError::Spec("Unhandled TSCMode"))?;
        Ok(match mode {
            TscMode::Reduce => TsOpcode::CacheReduce,
            TscMode::Cumulative | TscMode::TensorScan => TsOpcode::CacheCumulative,
        })
    }

    /// The immediate rules of the RUN arm (seed 001): every immediate is fp32 ("TensorScalarCache
    /// immediate value must be fp32"), and imm1 is present only with `load_accumulate`
    /// ("TensorScalarCache can only have imm1 if accumulation mode is LoadAccumulate").
    pub fn check_immediates(&self) -> Result<(), LowerError> {
        let not_fp32 = |arg: &Arg| matches!(arg, Arg::Immediate { dtype, .. } if *dtype != isa_core::Dtype::Float32);
        if not_fp32(&self.imm0) || self.imm1.as_ref().is_some_and(not_fp32) {
            return Err(LowerError::Spec(
                "TensorScalarCache immediate value must be fp32",
            ));
        }
        if self.imm1.is_some() && self.acc != AccumulateCmd::LoadAccumulate {
            return Err(LowerError::Spec(crate::tensor_scalar::CACHE_IMM1.name));
        }
        Ok(())
    }
}

impl<F> EncoderBody<F> for TensorScalarCacheInst
where
    F: From<TensorScalar> + From<DveReadAccumulator>,
{
    /// The opcode, then the field fill (the immediate rules and the S3D3_TS stores of the
    /// GENERATE arm), then the drain of a two-output form.
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        let opcode = self.select_opcode()?;
        sink.bundle(opcode.code(), &mut || {
            self.check_immediates()?;
            let fields = TsFill {
                input: &self.input,
                out: &self.out,
                imm0: self.imm0.slot(),
                imm1: slot_of(self.imm1.as_ref()),
                op0: self.op0,
                op1: self.op1,
                reverse: ReverseOps::from_flags(self.reverse0, self.reverse1),
                acc: self.acc,
                sync: self.sync,
            };
            Ok(TensorScalar::fill(opcode, &fields)?.into())
        })?;
        emit_drain(self.reduce_out.is_some(), sink)
    }
}
