//! ScalarTensorTensor (S2S2D2_STT, 0x9D / 0x9E / 0xE5): nki.isa.scalar_tensor_tensor \[I1, K1\],
//! `out = (tensor0 op0 scalar) op1 tensor1`, and the ISA form's accumulator (`acc += dst`,
//! KLR \[K1\]); the scan form 0xE5 is nki.isa.tensor_tensor_scan \[I1, K1\].

use isa_core::Confidence;
use isa_ops::scalar_tensor_tensor::{ScalarTensorTensor, SttOpcode};

use super::tensor_scalar::at;
use crate::alu;
use crate::error::{Fault, Problem};
use crate::semantics::{Execute, Semantics, Status, refuse};
use crate::space::Space;
use crate::step::{Accumulate, Step, same_elements};

/// 0x9D: arithmetic.
pub const ARITH: Semantics = Semantics {
    form: "ScalarTensorTensor 0x9D",
    pseudocode: "out[i] = to_dtype((fp32(tensor0[i]) op0 s) op1 fp32(tensor1[i])); reverse: s op x, tensor1 op v; zero_accumulate: acc = 0, then acc += dst; idle: every register undefined",
    source: "nki.isa.scalar_tensor_tensor [I1]; KLR Operators.lean [K1]; idle may modify the shared VectorE registers [I1 select_reduce, exponential]; the fp32 dst folded is a reading",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

/// 0x9E: the bit-vector form.
pub const BITVEC: Semantics = Semantics {
    form: "ScalarTensorTensor 0x9E (bitvec)",
    pseudocode: "scalar_tensor_tensor takes arithmetic ops only [I1]",
    source: "nki.isa.scalar_tensor_tensor [I1]",
    confidence: Confidence::Speculative,
    status: Status::NoPublicSemantics(
        "scalar_tensor_tensor states arithmetic ops only [I1]; no source gives the bit-vector form a meaning",
    ),
};

/// 0xE5: the scan. tensor0 is `d0` and tensor1 `d1` (seed 001's operand order, `tensor0 =
/// getArgument<AP>(0)`, `tensor1` the second operand-list entry, against NKI's `data0, data1`).
/// The bytes hold no field named `init`: the scalar slot (0x27 source, 0x2B dtype, 0x3C word) is
/// read as it, a reading — tensor_tensor_scan's `initial` is "a float32 compile-time scalar
/// constant … or a tile with … one element per partition" \[I1\], exactly what that slot holds
/// (an immediate, or one element per partition), and the scan form has no other scalar.
pub const SCAN: Semantics = Semantics {
    form: "ScalarTensorTensor 0xE5 (tensor_tensor_scan)",
    pseudocode: "result[:, 0] = op1(op0(data0[:, 0], initial), data1[:, 0]); result[:, i] = op1(op0(data0[:, i], result[:, i-1]), data1[:, i]); zero_accumulate: acc = 0, then acc += dst",
    source: "nki.isa.tensor_tensor_scan [I1, K1]; initial read from the scalar slot, the fp32 running value, the scan over the free axes in walk order and the accumulator as 0x9D's are readings",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

impl Execute for ScalarTensorTensor {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.extend([&ARITH, &BITVEC, &SCAN]);
    }

    fn semantics(&self) -> &'static Semantics {
        match self.opcode {
            SttOpcode::Arith => &ARITH,
            SttOpcode::Bitvec => &BITVEC,
            SttOpcode::ScanArith => &SCAN,
        }
    }

    /// The scalar is an immediate of `scalar_dtype` or one element of it per partition (for the
    /// scan, its `initial`: a reading, named in `SCAN`). The accumulator of each partition folds
    /// the fp32 results (`acc += dst` \[K1\]); the bytes hold no reduce-init, so
    /// `load_accumulate` is refused.
    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        refuse(self.semantics())?;
        let n = self.num_active_channels;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        let x = step.operand("tensor0", &self.tensor0, self.tensor0_dtype, n)?;
        let in1 = step.operand("tensor1", &self.tensor1, self.tensor1_dtype, n)?;
        same_elements(&out, &[&x, &in1])?;
        if x.space == Space::Psum && in1.space == Space::Psum {
            return Err(Fault::op(Problem::Field {
                what: "tensor0 and tensor1 in PSUM",
                why: "x and in1 may not both be in PSUM [I1]",
            }));
        }
        let (reverse0, reverse1) = self.reverse.flags();
        let scalar = (self.scalar_src, self.scalar);
        let s = step.scalar_f32("scalar", scalar, self.scalar_dtype, n)?;
        let per = x.elements();
        let mut xs = step.read_f32(&x)?;
        let ys = step.read_f32(&in1)?;
        let y = |k: usize| ys.get(k).copied().unwrap_or(f32::NAN);
        if self.opcode == SttOpcode::ScanArith {
            let init = |p: usize| s.get(p).copied().unwrap_or(f32::NAN);
            let stages = [(self.op0, reverse0), (self.op1, reverse1)];
            alu::scan_f32(stages, init, &mut xs, y, per)
                .map_err(|(stage, e)| at(if stage == 0 { "op0" } else { "op1" })(e))?;
        } else {
            alu::apply_rows_f32(self.op0, reverse0, &mut xs, &s, per).map_err(at("op0"))?;
            alu::apply_f32(self.op1, reverse1, &mut xs, y).map_err(at("op1"))?;
        }
        let acc = Accumulate::sum(self.accumulator_cmd, &[]);
        step.accumulate(x.partition, &acc, &mut xs, per)?;
        step.write_f32(&out, xs)
    }
}
