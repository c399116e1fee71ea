"""The ALU functions (the `op` of tensor_tensor, tensor_scalar, scalar_tensor_tensor) as the
public pages state them.

Two classes [I2 "Supported Math Operators"]: *arithmetic* operators convert their inputs to fp32
and compute in fp32 math (IEEE fp32: add, subtract, multiply and divide are exactly rounded);
*bitvec* operators take integer dtypes and treat the elements as bit patterns. The meaning of
each function is the nki.language entry it names [L1]. A function whose accuracy no page
states (pow, rsqrt) carries a bound in fp32 ulps, written beside it.
"""

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .numeric import Unstated

ALL_CORES = frozenset({"v2", "v3", "v4"})

#: Bound for an fp32 function no page gives an accuracy for: the page says the engine computes
#: in fp32, so a faithfully rounded fp32 routine (under 1 ulp) on an fp32-rounded argument is
#: the most the page implies; 2 ulps leaves room for one further fp32 rounding inside it.
FP32_FUNCTION_ULPS = 2


@dataclass(frozen=True)
class Alu:
    """One ALU function: its class, its meaning over fp32 (or bit-pattern) arrays returning
    `(result, stated)`, its accuracy in fp32 ulps, its cores and its source."""

    name: str
    kind: str  # "arith", "unary", "bitvec", "bitvec_unary"
    fn: Callable
    source: str
    ulps: int = 0
    cores: frozenset = ALL_CORES


def _all(*arrays):
    return np.ones(np.broadcast(*arrays).shape, bool)


def _finite(*arrays):
    return np.logical_and.reduce([np.isfinite(a) for a in arrays])


def _not_nan(*arrays):
    return np.logical_and.reduce([~np.isnan(a) for a in arrays])


def _flag(mask):
    return mask.astype(np.float32)


def _max(x, y):
    # Similar to numpy.maximum [L1]; which zero maximum(-0, +0) returns and NaNs are on no page.
    return np.maximum(x, y), _not_nan(x, y) & ~((x == 0) & (y == 0))


def _min(x, y):
    return np.minimum(x, y), _not_nan(x, y) & ~((x == 0) & (y == 0))


def _divide(x, y):
    # Division by zero is on no page (SEMANTICS-NOTES §7 item 2).
    with np.errstate(divide="ignore", invalid="ignore"):
        return x / y, y != 0


def _compare(test):
    # "a tile with 1 where true, 0 otherwise" [L1 equal, less, ...]; NaN operands on no page.
    return lambda x, y: (_flag(test(x, y)), _not_nan(x, y))


def _logical(test):
    # "Inputs should be boolean-like (0 or 1 values)" [L1 logical_and]: others are unstated.
    def fn(x, y):
        boolean = np.isin(x, (0, 1)) & np.isin(y, (0, 1))
        return _flag(test(x != 0, y != 0)), boolean

    return fn


def _pow(x, y):
    # numpy.power [L1 power], computed exactly (float64) and rounded once; a negative or zero
    # base and non-finite operands are on no page.
    with np.errstate(all="ignore"):
        exact = np.power(x.astype(np.float64), y.astype(np.float64))
        return exact.astype(np.float32), (x > 0) & _finite(x, y) & np.isfinite(exact.astype(np.float32))


def _mod(x, y):
    # "equivalent to the Python modulus x % y and has the same sign as the divisor y" [L1 mod]:
    # the floor remainder. fmod of two fp32 values is exact and adding y once is exact in
    # float64, so one rounding to fp32 gives the correctly rounded floor remainder.
    with np.errstate(all="ignore"):
        wide_x, wide_y = x.astype(np.float64), y.astype(np.float64)
        r = np.fmod(wide_x, wide_y)
        r = np.where((r != 0) & ((r < 0) != (wide_y < 0)), r + wide_y, r)
        r = np.where(r == 0, np.copysign(0.0, wide_y), r)  # a zero remainder takes y's sign too
        return r.astype(np.float32), (y != 0) & _finite(x, y)


def _abs_max(x, y):
    # "x if |x| > |y|, else y": the signed original, y on a tie [L1 abs_max]; NC-v4 only.
    return np.where(np.abs(x) > np.abs(y), x, y), _not_nan(x, y)


def _abs_min(x, y):
    return np.where(np.abs(x) < np.abs(y), x, y), _not_nan(x, y)


def _rsqrt(x, _):
    # "rsqrt(x) = 1 / sqrt(x)" [L1 rsqrt], exactly in float64 and rounded once; x <= 0 is on
    # no page.
    with np.errstate(all="ignore"):
        exact = 1.0 / np.sqrt(x.astype(np.float64))
        return exact.astype(np.float32), (x > 0) & np.isfinite(x)


def _bypass(x, _):
    # The input passes through: the lhs. With reverse the lhs is the scalar, which a reversed
    # bypass returns [K3]; tensor_scalar's optional op1 is this [I1 tensor_scalar].
    return x, _all(x)


def _shift(direction):
    # Shifts of the bit pattern [I2]; shift amounts outside 0..width-1 are on no page
    # (SEMANTICS-NOTES §7 item 5).
    def fn(x, y, bits):
        mask = (1 << bits) - 1
        amount = y & mask
        stated = amount < bits
        amount = np.where(stated, amount, 0)
        shifted = (x << amount) if direction == "left" else ((x & mask) >> amount)
        return shifted & mask, stated

    return fn


def _bits(op):
    return lambda x, y, bits: (op(x, y) & ((1 << bits) - 1), _all(x, y))


def _arith_shift_right(x, y, bits):
    raise Unstated("arithmetic shift right is not supported [I2]")


TABLE = {
    a.name: a
    for a in [
        Alu("bypass", "arith", _bypass, "[I1 tensor_scalar; K3]"),
        Alu("add", "arith", lambda x, y: (x + y, _all(x, y)), "[I2 add; I1 fp32 math]"),
        Alu("subtract", "arith", lambda x, y: (x - y, _all(x, y)), "[I2 subtract; I1 fp32 math]"),
        Alu("mult", "arith", lambda x, y: (x * y, _all(x, y)), "[I2 multiply; I1 fp32 math]"),
        Alu("divide", "arith", _divide, "[L1 divide; I1 fp32 math]"),
        Alu("max", "arith", _max, "[L1 maximum]"),
        Alu("min", "arith", _min, "[L1 minimum]"),
        Alu("is_equal", "arith", _compare(np.equal), "[L1 equal]"),
        Alu("not_equal", "arith", _compare(np.not_equal), "[L1 not_equal]"),
        Alu("is_gt", "arith", _compare(np.greater), "[L1 greater]"),
        Alu("is_ge", "arith", _compare(np.greater_equal), "[L1 greater_equal]"),
        Alu("is_lt", "arith", _compare(np.less), "[L1 less]"),
        Alu("is_le", "arith", _compare(np.less_equal), "[L1 less_equal]"),
        Alu("logical_and", "arith", _logical(np.logical_and), "[L1 logical_and]"),
        Alu("logical_or", "arith", _logical(np.logical_or), "[L1 logical_or]"),
        Alu("logical_xor", "arith", _logical(np.logical_xor), "[L1 logical_xor]"),
        Alu("pow", "arith", _pow, "[L1 power]", ulps=FP32_FUNCTION_ULPS),
        Alu("mod", "arith", _mod, "[L1 mod]"),
        Alu("abs_max", "arith", _abs_max, "[L1 abs_max]", cores=frozenset({"v4"})),
        Alu("abs_min", "arith", _abs_min, "[L1 abs_min]", cores=frozenset({"v4"})),
        Alu("abs", "unary", lambda x, _: (np.abs(x), _all(x)), "[L1 abs]"),
        Alu("rsqrt", "unary", _rsqrt, "[L1 rsqrt]", ulps=FP32_FUNCTION_ULPS),
        Alu("bitwise_not", "bitvec_unary", lambda x, _, bits: (~x & ((1 << bits) - 1), _all(x)), "[L1 invert; I2]"),
        Alu("bitwise_and", "bitvec", _bits(np.bitwise_and), "[L1 bitwise_and; I2]"),
        Alu("bitwise_or", "bitvec", _bits(np.bitwise_or), "[L1 bitwise_or; I2]"),
        Alu("bitwise_xor", "bitvec", _bits(np.bitwise_xor), "[L1 bitwise_xor; I2]"),
        Alu("arith_shift_left", "bitvec", _shift("left"), "[L1 left_shift; I2]"),
        Alu("logical_shift_left", "bitvec", _shift("left"), "[L1 left_shift; I2]"),
        Alu("logical_shift_right", "bitvec", _shift("right"), "[L1 right_shift; I2]"),
        Alu("arith_shift_right", "bitvec", _arith_shift_right, "[I2: not supported]"),
    ]
}
#: ALU names with no public meaning: average and elemwise_mul (SEMANTICS-NOTES §7 item 5),
#: mod_int, and TensorTensor's decode-only absolute_diff (0x17).
NO_PUBLIC_MEANING = ("average", "elemwise_mul", "mod_int", "absolute_diff")


def alu(name: str, core: str) -> Alu:
    """The ALU function `name` on `core`; Unstated when no page gives it a meaning there."""
    if name not in TABLE:
        raise Unstated(f"no public page states ALU function {name}")
    entry = TABLE[name]
    if core not in entry.cores:
        raise Unstated(f"{name} is NeuronCore-v4 only {entry.source}")
    return entry


def apply(entry: Alu, lhs: np.ndarray, rhs: np.ndarray, reverse: bool = False):
    """`lhs op rhs` over fp32 arrays (`rhs op lhs` when reversed), as `(result, stated)`."""
    if entry.kind not in ("arith", "unary"):
        raise Unstated(f"{entry.name} is a bitvec op; it takes integer bit patterns")
    if reverse and entry.kind == "unary":
        raise Unstated(f"a reversed unary {entry.name}: no page gives the operand it applies to")
    x, y = (rhs, lhs) if reverse else (lhs, rhs)
    x, y = np.broadcast_arrays(np.asarray(x, np.float32), np.asarray(y, np.float32))
    with np.errstate(all="ignore"):
        result, stated = entry.fn(x, y)
    return np.asarray(result, np.float32), np.asarray(stated, bool)


def apply_bits(entry: Alu, lhs: np.ndarray, rhs: np.ndarray, bits: int):
    """`lhs op rhs` over bit patterns (uint64 arrays of `bits` significant bits)."""
    if entry.kind not in ("bitvec", "bitvec_unary"):
        raise Unstated(f"{entry.name} is an arithmetic op; it converts to fp32")
    x, y = np.broadcast_arrays(lhs.astype(np.uint64), rhs.astype(np.uint64))
    result, stated = entry.fn(x, y, bits)
    return np.asarray(result, np.uint64), np.asarray(stated, bool)
