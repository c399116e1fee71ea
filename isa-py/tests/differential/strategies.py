"""Hypothesis strategies for the pieces of a case: cores, partition ranges, free-axis shapes,
input strides (broadcast 0 and negative included), injective output strides, operands."""

import math

import numpy as np

from hypothesis import strategies as st

from reference.alu import TABLE
from reference.numeric import FLOATS, INTEGERS, UNSTATED_ON

from .layout import Operand
from .values import PROFILES

CORES = ("v2", "v3", "v4")
#: The ALU functions the built-in bundles can encode: their ALU bytes use the CoreV2 table
#: (isa-core's alu_v2), which has no abs_max or abs_min.
ENCODED = frozenset(TABLE) - {"abs_max", "abs_min"}
#: ALU functions on which the simulator and the reference disagree: the property tests leave
#: them out and test_differential_disagreements.py holds them to the page, marked xfail.
DISPUTED = frozenset({"mod"})
#: What the property tests draw from.
DRAWN = ENCODED - DISPUTED
#: Elements a partition at most: the walks stay small so that an example runs in milliseconds.
MAX_ELEMENTS = 96


def dtypes(core: str, kinds=("int", "float")) -> st.SearchStrategy:
    """A dtype whose format on `core` a page states: every integer and float format of the NKI
    dtype table but those `reference.numeric.UNSTATED_ON` names."""
    names = (INTEGERS if "int" in kinds else ()) + (FLOATS if "float" in kinds else ())
    return st.sampled_from([n for n in names if n not in UNSTATED_ON[core]])


@st.composite
def partitions(draw) -> tuple[int, int]:
    """`(start partition, count)`: more than 64 partitions start at 0, 33 to 64 at 0 or 64,
    32 or fewer at 0, 32, 64 or 96 [A1]."""
    count = draw(st.one_of(st.integers(1, 128), st.sampled_from([1, 32, 64, 128])))
    starts = [0] if count > 64 else [0, 64] if count > 32 else [0, 32, 64, 96]
    return draw(st.sampled_from(starts)), count


@st.composite
def shapes(draw, dims: int) -> tuple:
    """Counts of `dims` free axes, 1 to 3 of them above 1, at most MAX_ELEMENTS in all."""
    used = draw(st.integers(1, min(3, dims)))
    nums = []
    for _ in range(used):
        room = MAX_ELEMENTS // max(1, math.prod(nums))
        nums.append(draw(st.integers(1, max(1, min(16, room)))))
    return tuple(nums) + (1,) * (dims - used)


@st.composite
def reshaped(draw, nums: tuple) -> tuple:
    """Free counts with as many elements as `nums` in all, over as many axes, split otherwise
    where the count allows: an input may walk its elements in a shape of its own, "the same element count per
    partition" being what nki.isa.tensor_tensor asks of its tiles [I1]."""
    total = math.prod(nums)
    divisors = [d for d in range(1, total + 1) if total % d == 0]
    inner = draw(st.sampled_from([d for d in divisors if d != nums[0]] or divisors))
    return (inner, total // inner) + (1,) * (len(nums) - 2) if len(nums) > 1 else nums


def _contiguous(nums: tuple, order: list) -> list:
    strides, step = [0] * len(nums), 1
    for axis in order:
        strides[axis] = step
        step *= nums[axis]
    return strides


@st.composite
def input_strides(draw, nums: tuple) -> tuple:
    """Strides of an input walk: contiguous, or per axis a broadcast (0), a reversed walk
    (negative) or any small step; overlapping walks are legal reads."""
    base = _contiguous(nums, list(range(len(nums))))
    kind = draw(st.sampled_from(["contiguous", "mixed"]))
    if kind == "contiguous":
        return tuple(base)
    choices = st.sampled_from(["same", "zero", "negative", "small"])
    strides = []
    for stride in base:
        pick = draw(choices)
        strides.append({"same": stride, "zero": 0, "negative": -stride}.get(pick) if pick != "small" else draw(st.integers(-4, 4)))
    return tuple(strides)


@st.composite
def output_strides(draw, nums: tuple) -> tuple:
    """Strides of an output walk that writes every element once: a contiguous layout of the
    axes in any order, each axis possibly reversed, possibly with a gap between runs."""
    order = draw(st.permutations(range(len(nums))))
    strides = _contiguous(nums, list(order))
    gap = draw(st.sampled_from([1, 1, 2]))
    return tuple(s * gap * draw(st.sampled_from([1, -1])) if nums[a] > 1 else 1 for a, s in enumerate(strides))


@st.composite
def operand(draw, name, dtype, where, nums, output=False, space=None, profile=None) -> Operand:
    """One operand of `nums` free counts over `where` = (start partition, count)."""
    start, count = where
    strides = draw(output_strides(nums) if output else input_strides(nums))
    space = space or draw(st.sampled_from(["sbuf", "sbuf", "psum"]))
    profile = profile or draw(st.sampled_from(PROFILES))
    return Operand(name, dtype, space, start, count, strides, nums, profile)


SYNC = {"wait_mode": 0, "wait_index": 0, "update_mode": 0, "update_index": 0, "value": 0}
#: The binary and unary arithmetic functions drawn, and the fp32 immediates scalars draw from.
BINARY = sorted(n for n, a in TABLE.items() if a.kind == "arith" and n != "bypass" and n in DRAWN)
UNARY = sorted(n for n, a in TABLE.items() if a.kind == "unary" and n in DRAWN)
IMMEDIATES = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -3.0, 7.25, 1e-3, 65504.0, 1e30, np.inf, -np.inf, np.nan]


def logical(*names) -> bool:
    return any(n.startswith("logical") for n in names)


def out_dtypes(core, *names):
    """The output dtypes worth drawing: a float when a function is inexact (an integer output of
    an inexact result is unstated)."""
    return dtypes(core, ("float",)) if any(TABLE[n].ulps for n in names) else dtypes(core)


@st.composite
def ops_pair(draw, core):
    """op0 and op1 with the reverse flags: an inexact function (pow, rsqrt) only where nothing
    but bypass follows it; a unary function never reversed."""
    allowed = [a for a in BINARY + UNARY if core in TABLE[a].cores]
    op0 = draw(st.sampled_from(allowed))
    op1 = "bypass" if TABLE[op0].ulps else draw(st.sampled_from(allowed + ["bypass"] * 4))
    reverse0 = TABLE[op0].kind != "unary" and draw(st.booleans())
    reverse1 = TABLE[op1].kind != "unary" and op1 != "bypass" and draw(st.booleans())
    return op0, op1, {(False, False): "none", (True, False): "first", (False, True): "second", (True, True): "both"}[(reverse0, reverse1)]
