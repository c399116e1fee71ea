//! TensorScalarAddr (S2D2_TS_AS, 0x74): KLR "Tensor-Scalar where the scalars are loaded from
//! memory" (op0, rev0, op1, rev1) \[K4\], computed as nki.isa.tensor_scalar's two stages \[I1\].
//! The operand details are an open question (SEMANTICS-NOTES §7 item 7); what is executed is
//! what the bytes hold, and each choice beyond them is named a reading below.

use isa_core::{AluOp, Confidence, Dtype};
use isa_ops::tensor_scalar::ScalarSource;
use isa_ops::tensor_scalar_addr::TensorScalarAddr;

use super::tensor_scalar::{at, lane};
use crate::alu;
use crate::error::{Fault, Problem};
use crate::operand::Operand;
use crate::semantics::{Execute, Semantics, Status};
use crate::step::{Step, same_elements};

/// The one form.
pub const ADDR: Semantics = Semantics {
    form: "TensorScalarAddr 0x74",
    pseudocode: "int32 / uint32 input and output: out[i] = (x[i] op0 s0) op1 s1 on the integer values, wrapped to 32 bits; other dtypes: out[i] = to_dtype((fp32(x[i]) op0 s0) op1 s1); s0 and s1 one element per partition loaded from the addresses in scalar0 / scalar1 (s1 only when op1 is not bypass); reverse: s op x; an int32 / uint32 operand beside a float one is refused",
    source: "KLR Operators.lean @ccb2684 [K4]; nki.isa.tensor_scalar [I1]: tensor_scalar_addr is its int32/uint32 address-arithmetic pattern, so those dtypes compute on integers; readings: the 32-bit wrap (alu READINGS 'integer overflow'), the scalars' dtype (the input's) and their per-partition walk",
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
        match (address(&input), address(&out)) {
            (true, true) => integers(self, step, (&input, &out), n),
            (false, false) => floats(self, step, (&input, &out), n),
            (true, false) | (false, true) => Err(Fault::at(
                "out",
                Problem::Dtype {
                    dtype: out.dtype,
                    why: "an int32/uint32 address computation with a float operand has no stated meaning: tensor_scalar_addr is the int32/uint32 pattern [I1]",
                },
            )),
        }
    }
}

/// An operand of the int32/uint32 address-arithmetic pattern \[I1 tensor_scalar\].
fn address(op: &Operand) -> bool {
    matches!(op.dtype, Dtype::Int32 | Dtype::Uint32)
}

/// The int32/uint32 form: both stages on the integer values ([`alu::apply_int`], 32 bits), so
/// addresses past 2^24, which fp32 cannot hold, are exact.
fn integers(
    op: &TensorScalarAddr,
    step: &mut Step<'_>,
    (input, out): (&Operand, &Operand),
    n: u8,
) -> Result<(), Fault> {
    let (reverse0, reverse1) = op.reverse.flags();
    let per = input.elements();
    let s0 = loaded(op, step, 0, n, Step::scalar_int)?;
    let mut xs = step.read_int(input)?;
    alu::apply_int(op.op0, reverse0, &mut xs, lane(&s0, per), 32).map_err(at("op0"))?;
    if op.op1 != AluOp::Bypass {
        let s1 = loaded(op, step, 1, n, Step::scalar_int)?;
        alu::apply_int(op.op1, reverse1, &mut xs, lane(&s1, per), 32).map_err(at("op1"))?;
    }
    step.write_int(out, &xs)
}

/// Any other dtype: tensor_scalar's two stages in fp32 \[I1\].
fn floats(
    op: &TensorScalarAddr,
    step: &mut Step<'_>,
    (input, out): (&Operand, &Operand),
    n: u8,
) -> Result<(), Fault> {
    let (reverse0, reverse1) = op.reverse.flags();
    let per = input.elements();
    let s0 = loaded(op, step, 0, n, Step::scalar_f32)?;
    let mut xs = step.read_f32(input)?;
    alu::apply_f32(op.op0, reverse0, &mut xs, lane(&s0, per)).map_err(at("op0"))?;
    if op.op1 != AluOp::Bypass {
        let s1 = loaded(op, step, 1, n, Step::scalar_f32)?;
        alu::apply_f32(op.op1, reverse1, &mut xs, lane(&s1, per)).map_err(at("op1"))?;
    }
    step.write_f32(out, &xs)
}

/// Scalar `k` of `op` loaded from memory with `read` ([`Step::scalar_f32`] or
/// [`Step::scalar_int`]): an immediate source has no meaning here,
/// since the scalars "are loaded from memory" \[K4\].
fn loaded<'m, T>(
    op: &TensorScalarAddr,
    step: &mut Step<'m>,
    k: usize,
    n: u8,
    read: impl FnOnce(
        &mut Step<'m>,
        &'static str,
        (ScalarSource, u32),
        Dtype,
        u8,
    ) -> Result<Vec<T>, Fault>,
) -> Result<Vec<T>, Fault> {
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
    read(step, name, (src, word), op.in_dtype, n)
}
