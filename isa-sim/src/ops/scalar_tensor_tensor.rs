//! ScalarTensorTensor (S2S2D2_STT, 0x9D / 0x9E / 0xE5): nki.isa.scalar_tensor_tensor \[I1, K1\],
//! `out = (tensor0 op0 scalar) op1 tensor1`, and the ISA form's accumulator (`acc += dst`,
//! KLR \[K1\]).

use isa_core::Confidence;
use isa_ops::scalar_tensor_tensor::{ScalarTensorTensor, SttOpcode};

use super::tensor_scalar::{at, lane};
use crate::alu;
use crate::error::{Fault, Problem};
use crate::machine::Space;
use crate::semantics::{Execute, Semantics, Status, refuse};
use crate::step::{Accumulate, Step, same_elements};

/// 0x9D: arithmetic.
pub const ARITH: Semantics = Semantics {
    form: "ScalarTensorTensor 0x9D",
    pseudocode: "out[i] = to_dtype((fp32(tensor0[i]) op0 s) op1 fp32(tensor1[i])); reverse: s op x, tensor1 op v; zero_accumulate: acc = 0, then acc += dst",
    source: "nki.isa.scalar_tensor_tensor [I1]; KLR Operators.lean [K1]; the fp32 dst folded is a reading",
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

/// 0xE5: the scan.
pub const SCAN: Semantics = Semantics {
    form: "ScalarTensorTensor 0xE5 (tensor_tensor_scan)",
    pseudocode: "r[i] = (tensor0[i] op0 r[i-1]) op1 tensor1[i], r[-1] = init",
    source: "nki.isa.tensor_tensor_scan [I1, K1]",
    confidence: Confidence::Strong,
    status: Status::NotExecuted,
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

    /// The scalar is an immediate of `scalar_dtype` or one element of it per partition. The
    /// accumulator of each partition folds the fp32 results (`acc += dst` \[K1\]); the bytes hold
    /// no reduce-init, so `load_accumulate` is refused.
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
        alu::apply_f32(self.op0, reverse0, &mut xs, lane(&s, per)).map_err(at("op0"))?;
        let y = |k: usize| ys.get(k).copied().unwrap_or(f32::NAN);
        alu::apply_f32(self.op1, reverse1, &mut xs, y).map_err(at("op1"))?;
        let acc = Accumulate::sum(self.accumulator_cmd, &[], false);
        step.accumulate(x.partition, &acc, &mut xs, per)?;
        step.write_f32(&out, &xs)
    }
}
