//! Exponential (0x30, CoreV4): nki.isa.exponential \[I1, A3\], `dst[i] = exp(src[i] -
//! max_value)` in fp32, and the running sum `acc += dst[i]` under the accumulate command.

use isa_core::{AluOp, Confidence, Dtype, ReverseOps};
use isa_ops::exponential::Exponential;

use super::tensor_scalar::at;
use crate::alu;
use crate::error::{Fault, Problem};
use crate::semantics::{Execute, Semantics, Status};
use crate::step::{Accumulate, Step, same_elements};

/// The one form.
pub const EXPONENTIAL: Semantics = Semantics {
    form: "Exponential 0x30",
    pseudocode: "dst[i] = to_dtype(exp(fp32(src[i]) - max_value)); acc += exp(...) (reset: acc = 0; load: acc = reduce_init; idle: every register undefined); max_value an fp32 immediate or one element per partition",
    source: "nki.isa.exponential [I1, A3]: dst = exp(src - max_value), reduce_res = sum(dst), idle may modify the registers; imm0 is max_value and imm1 reduce_init (seed 001: arg[1] imm0, arg[2] imm1 the reduce-init, against the signature's (src, max_value, ..., reduce_init)); the fp32 values summed before rounding to dst are a reading",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

impl Execute for Exponential {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&EXPONENTIAL);
    }

    fn semantics(&self) -> &'static Semantics {
        &EXPONENTIAL
    }

    /// The operands follow nki.isa.exponential's `(src, max_value, …, reduce_init)`: arg\[1\]
    /// (imm0, seed 001) is `max_value`, arg\[2\] (imm1, "LoadAccumulate lets imm1 carry the
    /// reduce-init") is `reduce_init`; each an fp32 immediate or one element per partition
    /// (`float | NkiTensor` \[I1\]). The sum adds the fp32 exponentials, before their rounding to
    /// the output dtype (a reading: "computes in float32 internally" \[I1\]).
    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        check_forced(self)?;
        let n = self.num_active_channels;
        let input = step.operand("input", &self.input, self.in_dtype, n)?;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        same_elements(&out, &[&input])?;
        let max_value = step.scalar_f32("imm0", (self.imm0_src, self.imm0), Dtype::Float32, n)?;
        let reduce_init = step.scalar_f32("imm1", (self.imm1_src, self.imm1), Dtype::Float32, n)?;
        let per = input.elements();
        let mut xs = step.read_f32(&input)?;
        alu::apply_rows_f32(AluOp::Subtract, false, &mut xs, &max_value, per)
            .map_err(at("imm0"))?;
        let acc = Accumulate::sum(self.accumulator_cmd, &reduce_init);
        step.accumulate_map(input.partition, &acc, &mut xs, per, f32::exp)?;
        step.write_f32(&out, xs)
    }
}

/// The exp function is the opcode: op0 and op1 must be bypass and reverse none (seed 001, the
/// RUN_ISA validators "op0 and op1 must be Bypass", "reverse_operands must be None"). Other
/// bytes there have no meaning.
fn check_forced(op: &Exponential) -> Result<(), Fault> {
    let field = |name, what| {
        Fault::at(
            name,
            Problem::Field {
                what,
                why: "the exp function is the opcode; seed 001: 'op0 and op1 must be Bypass', 'reverse_operands must be None'",
            },
        )
    };
    if op.op0 != AluOp::Bypass {
        return Err(field("op0", "a non-bypass op0"));
    }
    if op.op1 != AluOp::Bypass {
        return Err(field("op1", "a non-bypass op1"));
    }
    if op.reverse != ReverseOps::None {
        return Err(field("reverse", "a reverse flag"));
    }
    Ok(())
}
