//! What this crate's ops do on the simulator (`isa::sim`): [`TensorMax`] executes, TensorClamp
//! stops as not executed yet, and [`CustomOp`] runs its built-in members and its own through
//! `execute_family!`, exactly as the built-in `isa::ops::Op` is.

use isa::core::{AluOp, Confidence};
use isa::sim::{Execute, Fault, Problem, Semantics, Status, Step};

use crate::{CustomOp, TensorClamp, TensorMax};

/// TensorMax's meaning: this crate states it, so it is its own source.
pub const TENSOR_MAX: Semantics = Semantics {
    form: "TensorMax 0x60",
    pseudocode: "out[i] = to_dtype(max(fp32(in[i]), fp32(imm))), NaN propagating; alu is bypass",
    source: "this crate's TensorMax",
    confidence: Confidence::Confirmed,
    status: Status::Executed,
};

impl Execute for TensorMax {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&TENSOR_MAX);
    }

    fn semantics(&self) -> &'static Semantics {
        &TENSOR_MAX
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        if self.alu != AluOp::Bypass {
            let why = "this crate executes TensorMax with a bypass alu only";
            return Err(Fault::op(Problem::Field { what: "alu", why }));
        }
        let n = self.num_active_partitions;
        let input = step.operand("input", &self.input, self.in_dtype, n)?;
        let output = step.operand("output", &self.output, self.out_dtype, n)?;
        let imm = self.imm as f32;
        step.map_f32(&output, &input, |x| {
            isa::sim::alu::f32(AluOp::Max, x, imm).unwrap_or(f32::NAN)
        })
    }
}

isa::sim::unexecuted!(TensorClamp => &Semantics {
    form: "TensorClamp 0x61",
    pseudocode: "out[i] = to_dtype(min(max(fp32(in[i]), lo), hi))",
    source: "this crate's TensorClamp",
    confidence: Confidence::Confirmed,
    status: Status::NotExecuted,
});

isa::sim::execute_family! {
    CustomOp {
        Builtin(isa::ops::Op),
        TensorMax(TensorMax),
        TensorClamp(TensorClamp),
    }
}
