"""The user's TensorMax held to its meaning the way the built-in ops are: random
`custom_isa.tensor_max` calls (this crate's lowering, `src/kernel.rs`) on random tiles, run on
`custom_isa.Machine` (this crate's `Execute`, `src/semantics.rs`) and compared with a NumPy model
of the meaning this crate states, through the differential harness of isa-py's tests: guard
blocks around every operand, a reproducer on a mismatch, every dtype and 1-128 partitions."""

import pathlib
import sys

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = pathlib.Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT / "isa-py" / "tests"))

import custom_isa  # noqa: E402
from differential import harness  # noqa: E402
from differential.calls import call_case  # noqa: E402
from differential.strategies import dtypes, operand, partitions, shapes  # noqa: E402
from reference import ops  # noqa: E402
from reference.calls import Tile  # noqa: E402

UNSIGNED = ("uint8", "uint16", "uint32")


def tensor_max(state, dst, data, imm) -> list:
    """This crate's TensorMax (src/semantics.rs, `TENSOR_MAX`): `out[i] = to_dtype(max(fp32(in[i]),
    fp32(imm)))`, NaN propagating, the alu bypass. Which zero max(-0, +0) gives is not stated,
    so those elements are left out."""
    out, src = Tile.of(dst), Tile.of(data)
    x, stated = ops._read(state, src.pattern, src.dtype)
    bound = np.float32(imm)
    result = np.where(np.isnan(x), np.float32(np.nan), np.maximum(x, bound)).astype(np.float32)
    stated = stated & ~((x == 0) & (bound == 0))
    values = ops.finish(result, stated, 0, out.dtype, state.core)
    return [ops._store(state, "dst", out.pattern, out.dtype, values)]


@st.composite
def cases(draw):
    core = draw(st.sampled_from(["v2", "v3", "v4"]))
    where, nums = draw(partitions()), draw(shapes(3))
    names = draw(dtypes(core)), draw(dtypes(core))
    low = 0 if names[0] in UNSIGNED else -100
    imm = draw(st.one_of(st.integers(low, 100), st.integers(low if low else -(1 << 31), (1 << 31) - 1)))
    operands = [
        draw(operand("data", names[0], where, nums)),
        draw(operand("dst", names[1], where, nums, output=True)),
    ]
    case = call_case(
        core,
        "tensor_max",
        operands,
        lambda t: ((t["dst"], t["data"], imm), {}),
        draw(st.integers(0, 2**32 - 1)),
        module=custom_isa,
        meanings={"tensor_max": tensor_max},
    )
    return case, names


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(cases())
def test_tensor_max_calls_compute_the_maximum_with_the_immediate(drawn):
    case, names = drawn
    outcome = harness.run(case, lambda c: ("TensorMax (call)", ["max"], list(names)))
    assert outcome.unstated is None
