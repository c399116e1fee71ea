"""The user's TensorTensorV4 held to its meaning: random `custom_isa.tensor_tensor_v4` calls
(this crate's lowering, `src/kernel.rs`, over CoreV4's ALU table) run on `custom_isa.Machine`
(this crate's `Execute`, `src/semantics.rs`, which runs the library's ALU functions) and
compared with the reference's nki.isa.tensor_tensor (isa-py's tests, written from the public
pages), through the differential harness; then abs_max and abs_min at the ties and the extremes the
draws rarely reach, against values worked by hand from their page [L1]."""

import pathlib
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = pathlib.Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT / "isa-py" / "tests"))

import custom_isa  # noqa: E402
from differential import harness  # noqa: E402
from differential.calls import call_case, tile  # noqa: E402
from differential.strategies import dtypes, operand, partitions, reshaped, shapes  # noqa: E402
from reference import alu as alus  # noqa: E402
from reference import calls, ops  # noqa: E402
from reference.calls import Tile  # noqa: E402
from reference.numeric import FORMATS, Values, is_integer  # noqa: E402
from reference.ops import INT32_OPS  # noqa: E402

#: The functions drawn: the two only CoreV4's table encodes, and neighbours they could be
#: confused with.
OPS = ["abs_max", "abs_min", "max", "min", "add", "subtract"]


def exact(op: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """`op` on exact integers: the int32 path's functions [I1 tensor_tensor], abs_max and
    abs_min as nki.language states them [L1], which hold for integers as they are."""
    return INT32_OPS[op](x, y) if op in INT32_OPS else alus.TABLE[op].fn(x, y)[0]


def tensor_tensor_v4(state, dst, data1, data2, op) -> list:
    """This crate's TensorTensorV4 (src/semantics.rs, `TENSOR_TENSOR_V4`) on a v4 core:
    nki.isa.tensor_tensor's meaning (`reference.calls.tensor_tensor`), and on one integer
    dtype the exact integer function wrapped to the width."""
    out, x_tile, y_tile = Tile.of(dst), Tile.of(data1), Tile.of(data2)
    if not (out.dtype == x_tile.dtype == y_tile.dtype and is_integer(out.dtype)):
        return calls.tensor_tensor(state, dst, data1, data2, op)
    dtype = FORMATS[out.dtype]
    x = state.memory.read(x_tile.pattern, dtype).astype(np.int64)
    y = state.memory.read(y_tile.pattern, dtype).astype(np.int64)
    values = exact(op, x, y).astype(dtype)
    written = Values(values, np.ones(values.shape, bool), np.zeros(values.shape, int))
    return [ops._store(state, "dst", out.pattern, out.dtype, written)]


@st.composite
def cases(draw):
    core = "v4"  # abs_max and abs_min are NC-v4 ops [L1]
    where, nums = draw(partitions()), draw(shapes(3))
    one = draw(dtypes(core, ("int",)))
    names = draw(st.one_of(st.just((one, one, one)), st.tuples(*[dtypes(core)] * 3)))
    op = draw(st.sampled_from(OPS))
    operands = [
        draw(operand("data1", names[0], where, draw(reshaped(nums)))),
        draw(operand("data2", names[1], where, draw(reshaped(nums)))),
        draw(operand("dst", names[2], where, nums, output=True)),
    ]
    case = call_case(
        core,
        "tensor_tensor_v4",
        operands,
        lambda t: ((t["dst"], t["data1"], t["data2"], op), {}),
        draw(st.integers(0, 2**32 - 1)),
        module=custom_isa,
        meanings={"tensor_tensor_v4": tensor_tensor_v4},
    )
    return case, op, names


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(cases())
def test_tensor_tensor_v4_calls_compute_the_core_v4_alu_functions(drawn):
    case, op, names = drawn
    outcome = harness.run(case, lambda c: ("TensorTensorV4 (call)", [op], list(names)))
    assert outcome.unstated is None


def _run(x: np.ndarray, y: np.ndarray, op: str) -> np.ndarray:
    m = custom_isa.Machine(core="v4")
    m.load("sbuf", 0, x)
    m.load("sbuf", 0x100, y)
    same = lambda address: tile(address, 1, x.shape[1], x.dtype.name)
    assert m.run(custom_isa.tensor_tensor_v4(same(0x200), same(0), same(0x100), op)) == []
    return m.dump("sbuf", 0x200, x.dtype, x.shape)


#: Pairs at a tie of opposite signs, at neighbouring magnitudes of both signs, and at the
#: extremes of int8, where |-128| > |127| and a magnitude taken in int8 would wrap.
#: abs_max is "x if |x| > |y|, else y", abs_min "x if |x| < |y|, else y": the signed original,
#: y on a tie [L1 abs_max, abs_min].
PAIRS = [(-3, 3), (2, -2), (5, -6), (-7, 7), (-128, 127), (127, -128), (0, 0), (-1, -2)]
ABS_MAX = [3, -2, -6, 7, -128, -128, 0, -2]
ABS_MIN = [3, -2, 5, 7, 127, 127, 0, -1]


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "float32"])
@pytest.mark.parametrize(("op", "expected"), [("abs_max", ABS_MAX), ("abs_min", ABS_MIN)])
def test_abs_max_and_abs_min_keep_the_sign_and_take_y_on_a_tie(dtype, op, expected):
    x = np.array([[a for a, _ in PAIRS]], dtype)
    y = np.array([[b for _, b in PAIRS]], dtype)
    np.testing.assert_array_equal(_run(x, y, op), np.array([expected], dtype))


@pytest.mark.parametrize(("op", "expected"), [("abs_max", [0.0, -0.0]), ("abs_min", [0.0, -0.0])])
def test_abs_max_and_abs_min_of_the_two_zeros_give_y(op, expected):
    # |-0| = |+0|: a tie, so y, with its sign [L1].
    got = _run(np.array([[-0.0, 0.0]], np.float32), np.array([[0.0, -0.0]], np.float32), op)
    np.testing.assert_array_equal(got.view(np.uint32), np.array([expected], np.float32).view(np.uint32))


def test_average_has_no_byte_in_the_core_v4_table():
    same = lambda address: tile(address, 1, 4)
    with pytest.raises(ValueError, match="average"):
        custom_isa.tensor_tensor_v4(same(0x200), same(0), same(0x100), "average")
