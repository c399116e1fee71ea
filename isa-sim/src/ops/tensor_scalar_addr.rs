//! TensorScalarAddr (S2D2_TS_AS, 0x74): KLR "Tensor-Scalar where the scalars are loaded from
//! memory" (op0, rev0, op1, rev1) \[K4\], computed as nki.isa.tensor_scalar's two stages \[I1\].
//! The operand details are an open question (SEMANTICS-NOTES §7 item 7); what is executed is
//! what the bytes hold, and each choice beyond them is named a reading below.

use isa_core::{AluOp, Confidence};
use isa_ops::tensor_scalar::ScalarSource;
use isa_ops::tensor_scalar_addr::TensorScalarAddr;

use super::tensor_scalar::at;
use crate::alu;
use crate::error::{Fault, Problem};
use crate::semantics::{Execute, Semantics, Status};
use crate::step::{Step, same_elements};

/// The one form.
pub const ADDR: Semantics = Semantics {
    form: "TensorScalarAddr 0x74",
    pseudocode: "out[i] = to_dtype((fp32(x[i]) op0 s0) op1 s1), s0 and s1 one element per partition loaded from the addresses in scalar0 / scalar1 (s1 only when op1 is not bypass); reverse: s op x",
    source: "KLR Operators.lean @ccb2684 [K4]; nki.isa.tensor_scalar [I1]; the scalars' dtype (the input's) and their per-partition walk are readings",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

impl Execute for TensorScalarAddr {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&ADDR);
    }

    fn semantics(&self) -> &'static Semantics {
        &ADDR
    }

    /// Each live scalar is read from memory, one element of the input's dtype per partition (a
    /// reading: the layout has no scalar dtype byte). With op1 bypass scalar1 is not live
    /// (seed 001: "With NumArgs==2, op1 is the bypass identity") and is not read.
    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        let n = self.num_active_channels;
        let input = step.operand("input", &self.input, self.in_dtype, n)?;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        same_elements(&out, &[&input])?;
        let (reverse0, reverse1) = self.reverse.flags();
        let per = input.elements();
        let s0 = loaded(self, step, 0, n)?;
        let mut xs = step.read_f32(&input)?;
        alu::apply_rows_f32(self.op0, reverse0, &mut xs, &s0, per).map_err(at("op0"))?;
        if self.op1 != AluOp::Bypass {
            let s1 = loaded(self, step, 1, n)?;
            alu::apply_rows_f32(self.op1, reverse1, &mut xs, &s1, per).map_err(at("op1"))?;
        }
        step.write_f32(&out, &xs)
    }
}

/// Scalar `k` of `op` loaded from memory: an immediate source has no meaning here, since the
/// scalars "are loaded from memory" \[K4\].
fn loaded(op: &TensorScalarAddr, step: &mut Step<'_>, k: usize, n: u8) -> Result<Vec<f32>, Fault> {
    let (src_name, name, src, word) = match k {
        0 => ("scalar0_src", "scalar0", op.scalar0_src, op.scalar0),
        _ => ("scalar1_src", "scalar1", op.scalar1_src, op.scalar1),
    };
    if src == ScalarSource::Immediate {
        let problem = Problem::Field {
            what: "an immediate scalar",
            why: "TensorScalarAddr's scalars are loaded from memory [K4]",
        };
        return Err(Fault::at(src_name, problem));
    }
    step.scalar_f32(name, (src, word), op.in_dtype, n)
}
