//! TensorScalarAddr (S2D2_TS_AS, 0x74): KLR "Tensor-Scalar where the scalars are loaded from
//! memory" (op0, rev0, op1, rev1) \[K4\], computed as nki.isa.tensor_scalar's two stages \[I1\].
//! The operand details are an open question (SEMANTICS-NOTES §7 item 7); what is executed is
//! what the bytes hold, and each choice beyond them is named a reading below.

use isa_core::{AluOp, Confidence, Dtype};
use isa_ops::tensor_scalar::ScalarSource;
use isa_ops::tensor_scalar_addr::TensorScalarAddr;

use super::tensor_scalar::{at, lane};
use crate::alu::{self, AluError};
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
        let per = input.elements();
        match (address(&input), address(&out)) {
            (true, true) => {
                // The int32/uint32 form: both stages on the integer values, 32 bits wide, so
                // addresses past 2^24, which fp32 cannot hold, are exact.
                let xs = step.read_int(&input)?;
                let int = |o, r, xs: &mut [i64], y: &dyn Fn(usize) -> i64| {
                    alu::apply_int(o, r, xs, y, 32)
                };
                let xs = stages(self, step, (n, per), xs, Step::scalar_int, int)?;
                step.write_int(&out, &xs)
            }
            (false, false) => {
                // Any other dtype: tensor_scalar's two stages in fp32 [I1].
                let xs = step.read_f32(&input)?;
                let f32 =
                    |o, r, xs: &mut [f32], y: &dyn Fn(usize) -> f32| alu::apply_f32(o, r, xs, y);
                let xs = stages(self, step, (n, per), xs, Step::scalar_f32, f32)?;
                step.write_f32(&out, xs)
            }
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

/// A scalar slot's reader ([`Step::scalar_f32`] or [`Step::scalar_int`]).
trait Reader<'m, T>:
    Fn(&mut Step<'m>, &'static str, (ScalarSource, u32), Dtype, u8) -> Result<Vec<T>, Fault>
{
}

impl<'m, T, F> Reader<'m, T> for F where
    F: Fn(&mut Step<'m>, &'static str, (ScalarSource, u32), Dtype, u8) -> Result<Vec<T>, Fault>
{
}

/// The two stages over `xs` (`per` elements a partition of `n`), each scalar loaded with
/// `read` and applied with `apply` ([`alu::apply_int`] or [`alu::apply_f32`]); scalar1 only when
/// op1 is not bypass.
fn stages<'m, T: Copy + Default>(
    op: &TensorScalarAddr,
    step: &mut Step<'m>,
    (n, per): (u8, usize),
    mut xs: Vec<T>,
    read: impl Reader<'m, T>,
    apply: impl Fn(AluOp, bool, &mut [T], &dyn Fn(usize) -> T) -> Result<(), AluError>,
) -> Result<Vec<T>, Fault> {
    let (reverse0, reverse1) = op.reverse.flags();
    let s0 = loaded(op, step, 0, n, &read)?;
    apply(op.op0, reverse0, &mut xs, &lane(&s0, per)).map_err(at("op0"))?;
    if op.op1 != AluOp::Bypass {
        let s1 = loaded(op, step, 1, n, &read)?;
        apply(op.op1, reverse1, &mut xs, &lane(&s1, per)).map_err(at("op1"))?;
    }
    Ok(xs)
}

/// Scalar `k` of `op` loaded from memory with `read` ([`Step::scalar_f32`] or
/// [`Step::scalar_int`]): an immediate source has no meaning here,
/// since the scalars "are loaded from memory" \[K4\].
fn loaded<'m, T>(
    op: &TensorScalarAddr,
    step: &mut Step<'m>,
    k: usize,
    n: u8,
    read: &impl Reader<'m, T>,
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
