//! What this crate's ops do on the simulator (`isa::sim`): [`TensorMax`] and [`TensorTensorV4`]
//! execute, TensorClamp stops as not executed yet, and [`CustomOp`] runs its built-in members and
//! its own through `execute_family!`, exactly as the built-in `isa::ops::Op` is.

use isa::core::{AluOp, Confidence};
use isa::sim::{Execute, Fault, Problem, Semantics, Status, Step};

use crate::{CustomOp, TensorClamp, TensorMax, TensorTensorV4};

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

/// TensorTensorV4's meaning: the library's ALU functions over the operands, so abs_max and
/// abs_min mean what nki.language states (the signed original of the larger or smaller
/// magnitude, `in1` on a tie \[L1\]).
pub const TENSOR_TENSOR_V4: Semantics = Semantics {
    form: "TensorTensorV4 0x62",
    pseudocode: "out[i] = to_dtype(fp32(in0[i]) op fp32(in1[i])); when in0, in1 and out are one integer dtype, out[i] = in0[i] op in1[i] on the integers, wrapped to the width",
    source: "this crate's TensorTensorV4; abs_max / abs_min as nki.language states them [L1]",
    confidence: Confidence::Confirmed,
    status: Status::Executed,
};

impl Execute for TensorTensorV4 {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&TENSOR_TENSOR_V4);
    }

    fn semantics(&self) -> &'static Semantics {
        &TENSOR_TENSOR_V4
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        let n = self.num_active_partitions;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        let in0 = step.operand("in0", &self.in0, self.in0_dtype, n)?;
        let in1 = step.operand("in1", &self.in1, self.in1_dtype, n)?;
        let one_dtype = self.in0_dtype == self.out_dtype && self.in1_dtype == self.out_dtype;
        if one_dtype && !out.format.is_float() {
            let (op, bits) = (self.alu, out.format.bits());
            step.zip_int(&out, &in0, &in1, |x, y| isa::sim::alu::int(op, x, y, bits))
        } else {
            step.zip_alu(&out, &in0, &in1, self.alu)
        }
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
        TensorTensorV4(TensorTensorV4),
    }
}
