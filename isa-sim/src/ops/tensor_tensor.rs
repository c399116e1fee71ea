//! TensorTensor (0x41 / 0x51 / 0x8A / 0x8E): `out = in0 op in1`, nki.isa.tensor_tensor \[I1, K1\].

use isa_core::{AluOp, Confidence};
use isa_ops::tensor_tensor::{Int32Band, TensorTensor, TtAlu, TtOpcode};

use crate::alu::{self, Class};
use crate::error::{Fault, Problem};
use crate::operand::Operand;
use crate::semantics::{Execute, Semantics, Status, refuse};
use crate::space::Space;
use crate::step::Step;

/// 0x41: arithmetic in fp32.
pub const PLAIN: Semantics = Semantics {
    form: "TensorTensor 0x41",
    pseudocode: "out[i] = to_dtype(fp32(in0[i]) op fp32(in1[i])); bitwise ops on integer bits; power (on GpSimd) with no operand in PSUM; abs_max / abs_min have no byte in this table (NC-v4 ops [L1], CoreV4's ALU table only)",
    source: "nki.isa.tensor_tensor [I1]; KLR Operators.lean [K1]; abs_max / abs_min NC-v4 [L1]",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

/// 0x51: the bit-vector form.
pub const BITVEC: Semantics = Semantics {
    form: "TensorTensor 0x51 (bitvec)",
    pseudocode: "out[i] = in0[i] op in1[i] on the integer bits (bitwise ops and shifts)",
    source: "nki.isa.tensor_tensor [I1]; nki.api.shared [I2]",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

/// 0x8A / 0x8E: the GPSIMD int32 band.
pub const INT32: Semantics = Semantics {
    form: "TensorTensor 0x8A / 0x8E (GPSIMD int32 band)",
    pseudocode: "out[i] = in0[i] op in1[i] in int32 (wrapping); the band byte 0xC8 is mod_int, 0xC4..0xC7 name the engine and carry no op",
    source: "nki.isa.tensor_tensor: all-int32 operations go to GpSimd [I1]; seed 000 §2 band bytes",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// ALU code 0x17: a name with no public meaning, so it does not run.
pub const ABSOLUTE_DIFF: Semantics = Semantics {
    form: "TensorTensor alu 0x17 (absolute_diff)",
    pseudocode: "unknown: only the name ABSOLUTE_DIFF is public (aws_neuron_isa_tpb_*.h, public notes); no nki.isa or nki.language operator is it",
    source: "none",
    confidence: Confidence::Speculative,
    status: Status::NoPublicSemantics(
        "ALU code 0x17 is only a name (ABSOLUTE_DIFF); no public source gives its meaning (|x - y| or otherwise) or its rounding",
    ),
};

impl Execute for TensorTensor {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.extend([&PLAIN, &BITVEC, &INT32, &ABSOLUTE_DIFF]);
    }

    fn semantics(&self) -> &'static Semantics {
        match (self.opcode, self.alu) {
            (TtOpcode::Plain | TtOpcode::Bitvec, TtAlu::AbsoluteDiff) => &ABSOLUTE_DIFF,
            (TtOpcode::Plain, _) => &PLAIN,
            (TtOpcode::Bitvec, _) => &BITVEC,
            (TtOpcode::Int32Eng4 | TtOpcode::Int32, _) => &INT32,
        }
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        refuse(self.semantics())?;
        let n = self.num_active_partitions;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        let in0 = step.operand("in0", &self.in0, self.in0_dtype, n)?;
        let in1 = step.operand("in1", &self.in1, self.in1_dtype, n)?;
        let int32 = matches!(self.opcode, TtOpcode::Int32Eng4 | TtOpcode::Int32);
        check_psum(int32, in0.space, in1.space)?;
        if let TtAlu::Op(op) = self.alu {
            check_power(op, [&out, &in0, &in1])?;
        }
        let bits = out.format.bits();
        match (int32, self.alu) {
            (false, TtAlu::Op(op)) if alu::class(op) == Class::Bitvec => {
                step.zip_int(&out, &in0, &in1, |x, y| alu::int(op, x, y, bits))
            }
            (false, TtAlu::Op(op)) => step.zip_alu(&out, &in0, &in1, op),
            (true, TtAlu::Op(op)) => step.zip_int(&out, &in0, &in1, |x, y| alu::int(op, x, y, 32)),
            (true, TtAlu::Int32(Int32Band::ModInt)) => {
                let op = isa_core::AluOp::ModInt;
                step.zip_int(&out, &in0, &in1, |x, y| alu::int(op, x, y, 32))
            }
            (true, TtAlu::Int32(_)) => Err(refuse_alu(
                "the int32 band byte names the engine, not the ALU op (seed 000 §2): the operation is not in the bytes",
            )),
            (_, TtAlu::AbsoluteDiff) | (false, TtAlu::Int32(_)) => Err(refuse_alu(
                "the ALU byte does not belong to the opcode's form (s3d3_tt_valid_op)",
            )),
        }
    }
}

fn refuse_alu(why: &'static str) -> Fault {
    Fault::at(
        "alu",
        Problem::Field {
            what: "the ALU byte",
            why,
        },
    )
}

/// The two inputs may not both be in PSUM, and GpSimd (the int32 band) cannot access PSUM
/// (nki.isa.tensor_tensor \[I1\]; seed 000 §2's PSUM guard).
fn check_psum(int32: bool, in0: Space, in1: Space) -> Result<(), Fault> {
    let why = match (int32, in0, in1) {
        (true, Space::Psum, _) | (true, _, Space::Psum) => {
            "GpSimd (the int32 band) cannot access PSUM [A1]"
        }
        (false, Space::Psum, Space::Psum) => "the two inputs may not both be in PSUM [I1]",
        _ => return Ok(()),
    };
    Err(Fault::op(Problem::Field {
        what: "in0 and in1 in PSUM",
        why,
    }))
}

/// "Since GpSimd Engine cannot access PSUM, the input/output tiles cannot be in PSUM if op is
/// nl.power" (nki.isa.tensor_tensor \[I1\]): power with any operand in PSUM is refused, naming
/// the operand.
fn check_power(op: AluOp, operands: [&Operand; 3]) -> Result<(), Fault> {
    if op != AluOp::Pow {
        return Ok(());
    }
    match operands.iter().find(|o| o.space == Space::Psum) {
        Some(o) => Err(Fault::at(
            o.name,
            Problem::Field {
                what: "a power operand in PSUM",
                why: "power runs on GpSimd, which cannot access PSUM: no tile of it may be in PSUM [I1]",
            },
        )),
        None => Ok(()),
    }
}
