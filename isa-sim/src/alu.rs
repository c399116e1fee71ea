//! The ALU: every [`AluOp`] applied to fp32 operands and to integer operands, shared by every
//! op that names an ALU op (TensorTensor, TensorScalar, ScalarTensorTensor, …).
//!
//! The rules the sources state (SEMANTICS-NOTES §0):
//! - arithmetic is computed in fp32 \[I1, A2, K2\];
//! - bitwise ops and shifts work on integer bits \[I1\]; arithmetic shift right is unsupported \[I2\];
//! - comparisons give 1 where true and 0 otherwise \[L1 `equal`\];
//! - `abs_max` / `abs_min` give the signed original, and `y` on a tie \[L1\].
//!
//! Every other choice is a reading, listed in [`READINGS`] and made in the function it names.

use isa_core::AluOp;

/// Why an ALU op has no meaning on the operands it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("ALU op {op} has no meaning here: {why}")]
pub struct AluError {
    /// The op's name.
    pub op: &'static str,
    /// Why.
    pub why: &'static str,
}

/// What an op works on: numbers (computed in fp32, or in the integer width of the int32 band)
/// or integer bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Arithmetic, comparison and logical ops.
    Arith,
    /// Bitwise ops and shifts: integer operands only \[I1\].
    Bitvec,
}

/// Each choice no source makes (SEMANTICS-NOTES §7), as `(rule, reading)`: shown by
/// documentation tools beside the op table.
pub const READINGS: &[(&str, &str)] = &[
    (
        "divide by zero",
        "fp32: IEEE (±inf, NaN for 0/0); integer: an error, never a value",
    ),
    (
        "mod, mod_int",
        "floor modulo, the result takes the divisor's sign; no source states floor or truncating modulo (the NKI CPU simulator runs NumPy [S1] but the pages name no function for mod), so this is a reading; fp32 x mod 0 is NaN",
    ),
    (
        "max, min",
        "NaN propagates (NumPy's np.maximum / np.minimum [S1]); of +0 and -0, max is +0 and min -0 (IEEE 754-2019 maximum / minimum: no page says which zero, and Rust's f32::max leaves it to the code generator, so a build could otherwise differ from another)",
    ),
    (
        "logical_and / or / xor",
        "an operand is true when it is not 0; the result is 1 or 0",
    ),
    ("average", "(x + y) / 2; integer: rounded toward -inf"),
    ("rsqrt, abs", "unary: apply to x, y is ignored"),
    ("bypass", "gives x"),
    (
        "shifts",
        "a shift amount >= the width or negative gives 0; arith_shift_left is logical_shift_left",
    ),
    (
        "integer overflow",
        "two's-complement wrap in the operand width (add, subtract, mult, pow, abs)",
    ),
    ("integer divide", "truncates toward zero"),
    ("integer pow", "a negative exponent is an error"),
    (
        "bypass stage",
        "a tensor-scalar bypass stage passes the data; with its reverse flag set it is refused: seed 001 calls bypass the identity, KLR's evaluator gives the scalar [K3] (apply_f32)",
    ),
    (
        "cumulative subtract",
        "reg = v - reg, the stated order op1(op0(x, imm0), reg); reverse1 gives reg - v (fold_f32, SEMANTICS-NOTES §7.4)",
    ),
];

/// The class of `op`.
pub const fn class(op: AluOp) -> Class {
    match op {
        isa_core::bitvec_alu_ops!() => Class::Bitvec,
        AluOp::Bypass
        | AluOp::Add
        | AluOp::Subtract
        | AluOp::Mult
        | AluOp::Divide
        | AluOp::Max
        | AluOp::Min
        | AluOp::LogicalAnd
        | AluOp::LogicalOr
        | AluOp::LogicalXor
        | AluOp::IsEqual
        | AluOp::NotEqual
        | AluOp::IsGt
        | AluOp::IsGe
        | AluOp::IsLt
        | AluOp::IsLe
        | AluOp::Average
        | AluOp::ElemwiseMul
        | AluOp::Pow
        | AluOp::Mod
        | AluOp::Rsqrt
        | AluOp::Abs
        | AluOp::AbsMax
        | AluOp::AbsMin
        | AluOp::ModInt => Class::Arith,
    }
}

const fn refuse(op: AluOp, why: &'static str) -> AluError {
    AluError { op: op.name(), why }
}

/// 1 where `holds`, 0 otherwise \[L1 `equal`\].
fn truth<T: From<u8>>(holds: bool) -> T {
    T::from(u8::from(holds))
}

/// `abs_max` / `abs_min` \[L1\]: the signed original of the larger (smaller) magnitude; `y` on a
/// tie.
fn by_magnitude<T: Copy>(x: T, y: T, x_wins: bool) -> T {
    if x_wins { x } else { y }
}

/// A computation over a binary fp32 function, handed the function of an op by
/// [`dispatch_f32`]: each op gets its own monomorphic copy, so a loop over a stream compiles to
/// a tight loop per op, not a dispatch per element.
pub trait WithF32 {
    /// What the computation gives.
    type Out;
    /// Runs the computation with `f`, the op's meaning on one pair of elements.
    fn with<F: Fn(f32, f32) -> f32>(self, f: F) -> Self::Out;
}

/// `op(x, y)` computed in fp32 (SEMANTICS-NOTES §0). Bitvec ops have no meaning on fp32.
pub fn f32(op: AluOp, x: f32, y: f32) -> Result<f32, AluError> {
    struct At(f32, f32);
    impl WithF32 for At {
        type Out = f32;
        fn with<F: Fn(f32, f32) -> f32>(self, f: F) -> f32 {
            f(self.0, self.1)
        }
    }
    dispatch_f32(op, At(x, y))
}

/// Hands `v` the fp32 meaning of `op`: the one table of every op's fp32 semantics. Bitvec ops
/// have no meaning on fp32.
pub fn dispatch_f32<V: WithF32>(op: AluOp, v: V) -> Result<V::Out, AluError> {
    let nan = |x: f32, y: f32| x.is_nan() || y.is_nan();
    Ok(match op {
        AluOp::Bypass => v.with(|x, _| x),
        AluOp::Add => v.with(|x, y| x + y),
        AluOp::Subtract => v.with(|x, y| x - y),
        AluOp::Mult | AluOp::ElemwiseMul => v.with(|x, y| x * y),
        AluOp::Divide => v.with(|x, y| x / y),
        AluOp::Max => v.with(|x, y| if nan(x, y) { f32::NAN } else { max_f32(x, y) }),
        AluOp::Min => v.with(|x, y| if nan(x, y) { f32::NAN } else { min_f32(x, y) }),
        AluOp::LogicalAnd => v.with(|x, y| truth((x != 0.0) && (y != 0.0))),
        AluOp::LogicalOr => v.with(|x, y| truth((x != 0.0) || (y != 0.0))),
        AluOp::LogicalXor => v.with(|x, y| truth((x != 0.0) != (y != 0.0))),
        AluOp::IsEqual => v.with(|x, y| truth(x == y)),
        AluOp::NotEqual => v.with(|x, y| truth(x != y)),
        AluOp::IsGt => v.with(|x, y| truth(x > y)),
        AluOp::IsGe => v.with(|x, y| truth(x >= y)),
        AluOp::IsLt => v.with(|x, y| truth(x < y)),
        AluOp::IsLe => v.with(|x, y| truth(x <= y)),
        AluOp::Average => v.with(|x, y| (x + y) / 2.0),
        AluOp::Pow => v.with(f32::powf),
        AluOp::Mod | AluOp::ModInt => v.with(floor_mod_f32),
        AluOp::Rsqrt => v.with(|x, _| 1.0 / x.sqrt()),
        AluOp::Abs => v.with(|x, _| x.abs()),
        AluOp::AbsMax => v.with(|x, y| by_magnitude(x, y, x.abs() > y.abs())),
        AluOp::AbsMin => v.with(|x, y| by_magnitude(x, y, x.abs() < y.abs())),
        isa_core::bitvec_alu_ops!() => {
            return Err(refuse(
                op,
                "bitwise ops work on integer bits, not fp32 [I1]",
            ));
        }
    })
}

/// The greater of two numbers; of two equal ones the one with the clear sign bit, so +0 of
/// +0 and -0 (a reading, see [`READINGS`]): the same in every build and every order.
fn max_f32(x: f32, y: f32) -> f32 {
    if x == y {
        f32::from_bits(x.to_bits() & y.to_bits())
    } else if x > y {
        x
    } else {
        y
    }
}

/// The lesser of two numbers; of two equal ones the one with the set sign bit, so -0 of +0 and
/// -0 ([`max_f32`]'s reading).
fn min_f32(x: f32, y: f32) -> f32 {
    if x == y {
        f32::from_bits(x.to_bits() | y.to_bits())
    } else if x < y {
        x
    } else {
        y
    }
}

/// Floor modulo in fp32 (a reading, see [`READINGS`]): `x - y·floor(x / y)`, the sign of `y`.
fn floor_mod_f32(x: f32, y: f32) -> f32 {
    let r = x % y;
    if r != 0.0 && (r < 0.0) != (y < 0.0) {
        r + y
    } else {
        r
    }
}

/// `op(x, y)` on integers of `bits` width (8, 16, 32 or 64): the operands are the
/// sign- or zero-extended element values, the result is wrapped to the width by the caller's
/// [`Format::from_i64`](crate::numeric::Format::from_i64). Used for bitvec ops on integer
/// dtypes and for the GPSIMD int32 band, which computes in int32 \[I1\].
pub fn int(op: AluOp, x: i64, y: i64, bits: u32) -> Result<i64, AluError> {
    let mask = u64::MAX >> (64 - bits);
    let shift = |v: i64, left: bool| -> i64 {
        match u32::try_from(y) {
            Ok(n) if n < bits && left => v.wrapping_shl(n),
            Ok(n) if n < bits => ((v as u64 & mask) >> n) as i64,
            _ => 0,
        }
    };
    Ok(match op {
        AluOp::Bypass => x,
        AluOp::Add => x.wrapping_add(y),
        AluOp::Subtract => x.wrapping_sub(y),
        AluOp::Mult | AluOp::ElemwiseMul => x.wrapping_mul(y),
        AluOp::Divide if y == 0 => return Err(refuse(op, "integer divide by zero")),
        AluOp::Divide => x.wrapping_div(y),
        AluOp::Max => x.max(y),
        AluOp::Min => x.min(y),
        AluOp::LogicalAnd => truth((x != 0) && (y != 0)),
        AluOp::LogicalOr => truth((x != 0) || (y != 0)),
        AluOp::LogicalXor => truth((x != 0) != (y != 0)),
        AluOp::IsEqual => truth(x == y),
        AluOp::NotEqual => truth(x != y),
        AluOp::IsGt => truth(x > y),
        AluOp::IsGe => truth(x >= y),
        AluOp::IsLt => truth(x < y),
        AluOp::IsLe => truth(x <= y),
        AluOp::Average => (x.wrapping_add(y)).div_euclid(2),
        AluOp::Pow => match u32::try_from(y) {
            Ok(n) => x.wrapping_pow(n),
            Err(_) => return Err(refuse(op, "integer pow with a negative exponent")),
        },
        AluOp::Mod | AluOp::ModInt if y == 0 => {
            return Err(refuse(op, "integer modulo by zero"));
        }
        AluOp::Mod | AluOp::ModInt => x.wrapping_rem(y).wrapping_add(y).wrapping_rem(y),
        AluOp::Rsqrt => return Err(refuse(op, "rsqrt of an integer has no stated meaning")),
        AluOp::Abs => x.wrapping_abs(),
        AluOp::AbsMax => by_magnitude(x, y, x.unsigned_abs() > y.unsigned_abs()),
        AluOp::AbsMin => by_magnitude(x, y, x.unsigned_abs() < y.unsigned_abs()),
        AluOp::BitwiseNot => !x,
        AluOp::BitwiseAnd => x & y,
        AluOp::BitwiseOr => x | y,
        AluOp::BitwiseXor => x ^ y,
        AluOp::ArithShiftLeft | AluOp::LogicalShiftLeft => shift(x, true),
        AluOp::LogicalShiftRight => shift(x, false),
        AluOp::ArithShiftRight => {
            return Err(refuse(op, "arithmetic shift right is unsupported [I2]"));
        }
    })
}

/// `xs[k] = op(xs[k], y(k))` in fp32, or `op(y(k), xs[k])` when `reverse` (with reverse the
/// scalar comes first, `scalar op tensor` \[I1; K3\]): the stage of every tensor-scalar op, one
/// tight loop per op through [`dispatch_f32`].
///
/// A bypass stage passes `xs` through (seed 001: "with NumArgs==2, op1 is the bypass identity and
/// only s0 participates"). A bypass stage with its reverse flag set is refused: the lowering
/// packs reverse1 whatever op1 is (seed 001), and the sources part there, the seed calling bypass
/// the identity while KLR's evaluator, bypass being `fun x _ => x` with reverse `c x t`, gives
/// the scalar \[K3\].
pub fn apply_f32(
    op: AluOp,
    reverse: bool,
    xs: &mut [f32],
    y: impl Fn(usize) -> f32,
) -> Result<(), AluError> {
    struct Apply<'a, Y> {
        xs: &'a mut [f32],
        y: Y,
        reverse: bool,
    }
    impl<Y: Fn(usize) -> f32> WithF32 for Apply<'_, Y> {
        type Out = ();
        fn with<F: Fn(f32, f32) -> f32>(self, f: F) {
            for (k, x) in self.xs.iter_mut().enumerate() {
                let y = (self.y)(k);
                *x = if self.reverse { f(y, *x) } else { f(*x, y) };
            }
        }
    }
    if op == AluOp::Bypass {
        return bypass(reverse);
    }
    dispatch_f32(op, Apply { xs, y, reverse })
}

/// A bypass stage: nothing to compute, unless reversed, which no source agrees on
/// ([`apply_f32`]).
fn bypass(reverse: bool) -> Result<(), AluError> {
    if reverse {
        Err(refuse(
            AluOp::Bypass,
            "a reversed bypass is the data by seed 001 and the scalar by KLR's evaluator [K3]",
        ))
    } else {
        Ok(())
    }
}

/// [`apply_f32`] with one scalar a row: `xs[k] = op(xs[k], scalars[k / per])` (0 past the
/// scalars), the stage of a tensor-scalar op whose scalar is one value per partition. Each row
/// is one loop with its scalar fixed, so no element divides its index.
pub fn apply_rows_f32(
    op: AluOp,
    reverse: bool,
    xs: &mut [f32],
    scalars: &[f32],
    per: usize,
) -> Result<(), AluError> {
    struct Rows<'a> {
        xs: &'a mut [f32],
        scalars: &'a [f32],
        per: usize,
        reverse: bool,
    }
    impl WithF32 for Rows<'_> {
        type Out = ();
        fn with<F: Fn(f32, f32) -> f32>(self, f: F) {
            let scalars = self.scalars.iter().copied().chain(std::iter::repeat(0.0));
            for (row, y) in self.xs.chunks_mut(self.per.max(1)).zip(scalars) {
                if self.reverse {
                    row.iter_mut().for_each(|x| *x = f(y, *x));
                } else {
                    row.iter_mut().for_each(|x| *x = f(*x, y));
                }
            }
        }
    }
    if op == AluOp::Bypass {
        return bypass(reverse);
    }
    dispatch_f32(
        op,
        Rows {
            xs,
            scalars,
            per,
            reverse,
        },
    )
}

/// A two-stage scan over `d0` in place, one chunk of `per` elements a partition (its free axes in
/// the order the descriptor walks them, innermost first): from the partition's `init`,
/// `r[i] = (d0[i] op0 r[i-1]) op1 d1[i]` and `d0[i] = r[i]` (nki.isa.tensor_tensor_scan \[I1\]:
/// `result[:, i] = op1(op0(data0[:, i], result[:, i-1]), data1[:, i])`). Each stage is
/// [`apply_f32`] on one element, so a reverse flag swaps its operands and a bypass stage passes
/// its left operand exactly as there. The running value stays fp32 between elements (a reading:
/// §0's fp32 ALU; the public numpy sketch keeps `result` in data0's dtype).
pub fn scan_f32(
    [(op0, reverse0), (op1, reverse1)]: [(AluOp, bool); 2],
    init: impl Fn(usize) -> f32,
    d0: &mut [f32],
    d1: impl Fn(usize) -> f32,
    per: usize,
) -> Result<(), (usize, AluError)> {
    let per = per.max(1);
    for (p, chunk) in d0.chunks_mut(per).enumerate() {
        let mut r = init(p);
        for (i, x) in chunk.iter_mut().enumerate() {
            let mut v = [*x];
            apply_f32(op0, reverse0, &mut v, |_| r).map_err(|e| (0, e))?;
            apply_f32(op1, reverse1, &mut v, |_| d1(p * per + i)).map_err(|e| (1, e))?;
            [r] = v;
            *x = r;
        }
    }
    Ok(())
}

/// [`apply_f32`] on integer values of `bits` width ([`int`]): the stage of a bit-vector
/// tensor-scalar op. A bypass stage passes `xs` through, and is refused reversed ([`apply_f32`]).
pub fn apply_int(
    op: AluOp,
    reverse: bool,
    xs: &mut [i64],
    y: impl Fn(usize) -> i64,
    bits: u32,
) -> Result<(), AluError> {
    if op == AluOp::Bypass {
        return bypass(reverse);
    }
    for (k, x) in xs.iter_mut().enumerate() {
        let (a, b) = if reverse { (y(k), *x) } else { (*x, y(k)) };
        *x = int(op, a, b, bits)?;
    }
    Ok(())
}

/// Folds `xs` into the register `acc` in order, `acc = op(x, acc)` (the order
/// tensor_scalar_cumulative states, `reg = op1(op0(x, imm0), reg)` \[I1\]), or `op(acc, x)` when
/// `reverse`; when `running`, each `xs[k]` becomes the register after it (a prefix, `out[i] =
/// reg`). Returns the register. Which operand comes first for subtract is a reading
/// (SEMANTICS-NOTES §7.4): the stated order, and the reverse flag swaps it.
///
/// A max or min that is not running is found lane-parallel when the order cannot show
/// (`extremum`).
pub fn fold_f32(
    op: AluOp,
    reverse: bool,
    acc: f32,
    xs: &mut [f32],
    running: bool,
) -> Result<f32, AluError> {
    if !running && let Some(end) = extremum(op, acc, xs) {
        return Ok(end);
    }
    fold_map_f32(op, reverse, acc, xs, running, |x| x)
}

/// [`fold_f32`] of `map(x)`: each `xs[k]` becomes `map(xs[k])` (the register after it when
/// `running`) and is folded, in one pass, so the work of a costly `map` (Exponential's exp)
/// overlaps the fold's chain of dependent ops.
pub fn fold_map_f32(
    op: AluOp,
    reverse: bool,
    acc: f32,
    xs: &mut [f32],
    running: bool,
    map: impl Fn(f32) -> f32,
) -> Result<f32, AluError> {
    struct Fold<'a, M> {
        xs: &'a mut [f32],
        acc: f32,
        reverse: bool,
        running: bool,
        map: M,
    }
    impl<M: Fn(f32) -> f32> WithF32 for Fold<'_, M> {
        type Out = f32;
        fn with<F: Fn(f32, f32) -> f32>(self, f: F) -> f32 {
            let mut acc = self.acc;
            for x in self.xs.iter_mut() {
                *x = (self.map)(*x);
                acc = if self.reverse { f(acc, *x) } else { f(*x, acc) };
                if self.running {
                    *x = acc;
                }
            }
            acc
        }
    }
    let fold = Fold {
        xs,
        acc,
        reverse,
        running,
        map,
    };
    dispatch_f32(op, fold)
}

/// Lanes of the lane-parallel [`extremum`].
const LANES: usize = 8;

/// The register a max (min) fold of `xs` from `acc` ends at, found in [`LANES`] lanes at once,
/// or `None` where the lanes cannot tell: an op other than max and min, or an extremum of zero
/// (a lane keeps the first zero it meets, where the fold gives +0 for max, -0 for min, if any
/// zero of that sign is met: [`max_f32`]).
/// Any NaN makes the fold NaN (the ALU's rule for max and min, [`READINGS`]); otherwise the fold
/// ends at the greatest (least) value, and two equal values other than zero have the same bits,
/// whichever of them the fold kept.
fn extremum(op: AluOp, acc: f32, xs: &[f32]) -> Option<f32> {
    let max = match op {
        AluOp::Max => true,
        AluOp::Min => false,
        _ => return None,
    };
    let wins = |x: f32, best: f32| if max { x > best } else { x < best };
    let mut best = [acc; LANES];
    let mut nan = [acc.is_nan(); LANES];
    let chunks = xs.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for ((b, n), &x) in best.iter_mut().zip(&mut nan).zip(chunk) {
            *b = if wins(x, *b) { x } else { *b };
            *n |= x.is_nan();
        }
    }
    let mut end = acc;
    for &x in best.iter().chain(rest) {
        end = if wins(x, end) { x } else { end };
    }
    if nan.contains(&true) || rest.iter().any(|x| x.is_nan()) {
        Some(f32::NAN)
    } else {
        (end != 0.0).then_some(end)
    }
}

/// The register a reset loads for reduce op `op`: add and subtract 0, mult 1, max -inf, min
/// +inf (tensor_scalar_cumulative and tensor_scalar_reduce \[I1\]). Any other op is no reduce
/// op.
pub fn identity(op: AluOp) -> Result<f32, AluError> {
    match op {
        AluOp::Add | AluOp::Subtract => Ok(0.0),
        AluOp::Mult | AluOp::ElemwiseMul => Ok(1.0),
        AluOp::Max => Ok(f32::NEG_INFINITY),
        AluOp::Min => Ok(f32::INFINITY),
        _ => Err(refuse(
            op,
            "not a reduce op: add, subtract, mult, max or min [I1]",
        )),
    }
}
