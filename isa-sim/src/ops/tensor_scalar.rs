//! TensorScalar and TensorScalarCache (S3D3_TS, CoreV2 tables): nki.isa tensor_scalar,
//! tensor_scalar_reduce and tensor_scalar_cumulative \[I1, K1\]. One wire struct, one meaning per
//! opcode: 0x43 arith, 0x53 bit-vector, 0x93 transposed (stops), 0x9A the fused reduce (both
//! producers), 0xE6 the cumulative.

use isa_core::{AccumulateCmd, Confidence, Dtype};
use isa_ops::tensor_scalar::{TensorScalar, TsOpcode};

use crate::alu::{self, AluError};
use crate::error::{Fault, Problem};
use crate::operand::Operand;
use crate::semantics::{Execute, Semantics, Status, refuse};
use crate::step::{Accumulate, Step, same_elements};

/// 0x43: two stages in fp32.
pub const ARITH: Semantics = Semantics {
    form: "TensorScalar 0x43",
    pseudocode: "out[i] = to_dtype((fp32(x[i]) op0 s0) op1 s1); reverse: s op x; s an fp32 immediate or one fp32 element per partition; a bypass stage passes x, and with its reverse flag set is refused; idle: every register undefined",
    source: "nki.isa.tensor_scalar [I1]; KLR Operators.lean [K1]; reverse [I1; K3]; a reversed bypass is x by seed 001 and s by KLR's evaluator [K3], so it is refused; idle may modify the shared VectorE registers [I1 select_reduce, exponential]",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

/// 0x53: the bit-vector form.
pub const BITVEC: Semantics = Semantics {
    form: "TensorScalar 0x53 (bitvec)",
    pseudocode: "out[i] = (x[i] op0 s0) op1 s1 on the integer values of the input's dtype, wrapped to the output's width; s an immediate's low bits or one element per partition; idle: every register undefined",
    source: "nki.isa.tensor_scalar [I1]; idle may modify the shared VectorE registers [I1 select_reduce, exponential]; the scalar's dtype (the input's) a reading",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0x93: the transposed form.
pub const TRANSPOSE: Semantics = Semantics {
    form: "TensorScalar 0x93 (transpose)",
    pseudocode: "unknown: VectorE transposes 32x32 blocks [A1, K1]; its link to TensorScalar is not stated",
    source: "none (SEMANTICS-NOTES §7 item 7)",
    confidence: Confidence::Speculative,
    status: Status::NoPublicSemantics(
        "no public source states how 0x93 combines the 32x32 transpose with the two stages",
    ),
};

/// 0x9A: the fused reduce, TensorScalar's and TensorScalarCache Reduce's. One wire op has one
/// meaning: tensor_scalar_reduce's "one op, then a reduction" \[I1\], the reduction being op1 as
/// TensorScalarCache folds with it (a reading). imm1 is the reduce-init of `load_accumulate`,
/// so the s1 a two-scalar fused TensorScalar writes there is not applied: the bytes hold no
/// third op to apply it with.
pub const REDUCE: Semantics = Semantics {
    form: "TensorScalar / TensorScalarCache 0x9A (fused reduce)",
    pseudocode: "v[i] = fp32(x[i]) op0 s0; out[i] = to_dtype(v[i]); reg = op1(v[i], reg) over the partition (reset: op1's identity; load: imm1)",
    source: "nki.isa.tensor_scalar_reduce, tensor_scalar_cumulative [I1]; op1 as the reduce op, imm1 only a reduce-init and the fp32 v folded are readings",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0xE6: the cumulative.
pub const CUMULATIVE: Semantics = Semantics {
    form: "TensorScalarCache 0xE6 (cumulative)",
    pseudocode: "reg = op1(fp32(x[i]) op0 imm0, reg); out[i] = to_dtype(reg) (reset: op1's identity; load: imm1)",
    source: "nki.isa.tensor_scalar_cumulative [I1]; subtract's operand order a reading (SEMANTICS-NOTES §7.4)",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

impl Execute for TensorScalar {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.extend([&ARITH, &BITVEC, &TRANSPOSE, &REDUCE, &CUMULATIVE]);
    }

    fn semantics(&self) -> &'static Semantics {
        match self.opcode {
            TsOpcode::Arith => &ARITH,
            TsOpcode::Bitvec => &BITVEC,
            TsOpcode::TransposeArith => &TRANSPOSE,
            TsOpcode::CacheReduce => &REDUCE,
            TsOpcode::CacheCumulative => &CUMULATIVE,
        }
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        refuse(self.semantics())?;
        let n = self.num_active_channels;
        let input = step.operand("input", &self.input, self.in_dtype, n)?;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        same_elements(&out, &[&input])?;
        let (reverse0, reverse1) = self.reverse.flags();
        if self.opcode == TsOpcode::Bitvec {
            idle(self.accumulator_cmd, step);
            return bitvec(self, step, (&input, &out), n);
        }
        let s0 = step.scalar_f32("imm0", (self.imm0_src, self.imm0), Dtype::Float32, n)?;
        let s1 = step.scalar_f32("imm1", (self.imm1_src, self.imm1), Dtype::Float32, n)?;
        let per = input.elements();
        let mut xs = step.read_f32(&input)?;
        alu::apply_rows_f32(self.op0, reverse0, &mut xs, &s0, per).map_err(at("op0"))?;
        if self.opcode == TsOpcode::Arith {
            if self.accumulator_cmd != AccumulateCmd::Idle {
                return Err(Fault::at(
                    "accumulator_cmd",
                    Problem::Field {
                        what: "an accumulate command on 0x43",
                        why: "a non-idle accumulate makes the bundle 0x9A (seed 001); 0x43 has no reduce",
                    },
                ));
            }
            alu::apply_rows_f32(self.op1, reverse1, &mut xs, &s1, per).map_err(at("op1"))?;
            idle(self.accumulator_cmd, step);
        } else {
            no_int32(&[&input, &out])?;
            let acc = Accumulate {
                cmd: self.accumulator_cmd,
                op: self.op1,
                op_name: "op1",
                reverse: reverse1,
                reset: alu::identity(self.op1).map_err(at("op1"))?,
                load: &s1,
                running: self.opcode == TsOpcode::CacheCumulative,
            };
            step.accumulate(input.partition, &acc, &mut xs, per)?;
        }
        step.write_f32(&out, xs)
    }
}

/// 0x53: both stages on integer values ([`alu::int`], the output's width, as TensorTensor's
/// bit-vector form); the scalars take the input's dtype (a reading: the bytes give none,
/// and seed 001 requires a bit-vector immediate at least as wide as the input).
fn bitvec(
    op: &TensorScalar,
    step: &mut Step<'_>,
    (input, out): (&Operand, &Operand),
    n: u8,
) -> Result<(), Fault> {
    let (reverse0, reverse1) = op.reverse.flags();
    let s0 = step.scalar_int("imm0", (op.imm0_src, op.imm0), op.in_dtype, n)?;
    let s1 = step.scalar_int("imm1", (op.imm1_src, op.imm1), op.in_dtype, n)?;
    let per = input.elements();
    let bits = out.format.bits();
    let mut xs = step.read_int(input)?;
    alu::apply_int(op.op0, reverse0, &mut xs, lane(&s0, per), bits).map_err(at("op0"))?;
    alu::apply_int(op.op1, reverse1, &mut xs, lane(&s1, per), bits).map_err(at("op1"))?;
    step.write_int(out, &xs)
}

/// A VectorE instruction whose accumulate command is idle may still modify the registers
/// \[I1 select_reduce, exponential\]: the forms without a reduce (0x43, 0x53) leave every
/// register undefined ([`Step::idle_accumulators`]).
fn idle(cmd: AccumulateCmd, step: &mut Step<'_>) {
    if cmd == AccumulateCmd::Idle {
        step.idle_accumulators();
    }
}

/// Element `k`'s per-partition scalar, for a stream of `per` elements a partition (the
/// default past the partitions, which a checked stream never reaches).
pub(crate) fn lane<T: Copy + Default>(scalars: &[T], per: usize) -> impl Fn(usize) -> T + '_ {
    move |k| scalars.get(k / per.max(1)).copied().unwrap_or_default()
}

/// An ALU error as a fault of the field that names the op.
pub(crate) fn at(field: &'static str) -> impl Fn(AluError) -> Fault {
    move |e| Fault::at(field, e)
}

/// tensor_scalar_cumulative: "no int32 or uint32 dtypes" \[I1\]; held for both cache opcodes
/// (0x9A is also TensorScalarCache Reduce's).
fn no_int32(operands: &[&Operand]) -> Result<(), Fault> {
    for op in operands {
        if matches!(op.dtype, Dtype::Int32 | Dtype::Uint32) {
            let problem = Problem::Dtype {
                dtype: op.dtype,
                why: "tensor_scalar_cumulative takes no int32 or uint32 dtype [I1]",
            };
            return Err(Fault::at(op.name, problem));
        }
    }
    Ok(())
}
