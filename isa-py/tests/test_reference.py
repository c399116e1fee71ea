"""The reference itself against values its pages state outright: the examples of the
nki.language entries [L1], the downcasts of range_select [I1] and ml_dtypes [M1], and access
patterns written out by hand [N1]."""

import numpy as np
import pytest

from reference import Unstated, ops
from reference.access import Memory, Pattern, locate, word
from reference.alu import TABLE, alu, apply
from reference.numeric import Values, from_f32, mismatches, to_f32


def _one(name, x, y=0.0):
    result, stated = apply(TABLE[name], np.float32([x]), np.float32([y]))
    assert stated.all()
    return float(result[0])


def test_the_language_examples():
    assert _one("abs_max", -5.0, 3.0) == -5.0  # [L1 abs_max]
    assert _one("abs_max", 1.0, -1.0) == -1.0  # tie: y
    assert _one("abs_min", 5.0, -3.0) == -3.0  # [L1 abs_min]
    assert _one("abs_min", 1.0, -1.0) == -1.0
    assert _one("pow", 3.0, 2.0) == 9.0  # [L1 power]
    assert _one("rsqrt", 4.0) == 0.5  # [L1 rsqrt]
    assert _one("abs", -1.0) == 1.0  # [L1 abs]
    assert _one("is_equal", 2.0, 2.0) == 1.0 and _one("is_lt", 3.0, 2.0) == 0.0  # 1 where true


def test_mod_is_the_python_modulus():
    # "equivalent to the Python modulus x % y and has the same sign as the divisor y" [L1 mod]
    for x, y in [(-7.0, 3.0), (7.0, -3.0), (5.5, 2.0), (-6.0, 3.0), (6.0, -3.0)]:
        got = _one("mod", x, y)
        assert got == x % y and np.signbit(got) == np.signbit(x % y), (x, y)


def test_reverse_swaps_the_operands():
    result, _ = apply(TABLE["subtract"], np.float32([5.0]), np.float32([2.0]), reverse=True)
    assert result[0] == -3.0  # reverse0: operand0 <op0> data [I1 tensor_scalar]
    result, _ = apply(TABLE["bypass"], np.float32([5.0]), np.float32([2.0]), reverse=True)
    assert result[0] == 2.0  # a reversed bypass returns the scalar [K3]


def test_unstated_corners_are_marked():
    _, stated = apply(TABLE["divide"], np.float32([1.0, 1.0]), np.float32([0.0, 2.0]))
    assert stated.tolist() == [False, True]
    _, stated = apply(TABLE["logical_and"], np.float32([1.0, 2.0]), np.float32([1.0, 1.0]))
    assert stated.tolist() == [True, False]
    with pytest.raises(Unstated):
        alu("average", "v3")
    with pytest.raises(Unstated):
        alu("abs_max", "v3")  # NeuronCore-v4 only [L1]


def test_downcasts_round_to_nearest_even_without_saturating():
    fp32_min = np.float32(-3.4028235e38)
    for name in ("bfloat16", "float16", "float8e4", "float8e5"):
        out, stated = from_f32(np.array([fp32_min]), name, "v3")
        assert stated.all() and np.isneginf(out.astype(np.float32)[0]), name  # [I1 range_select]
    out, _ = from_f32(np.float32([248.0]), "float8e4", "v3")
    assert np.isposinf(out.astype(np.float32)[0])  # float8_e4m3 (max 240): 248 -> inf [M1]
    ties = np.float32([1 + 2**-8, 1 + 3 * 2**-8])
    out, _ = from_f32(ties, "bfloat16", "v3")
    assert out.astype(np.float32).tolist() == [1.0, 1 + 2**-6]  # ties to even [D1, D2]


def test_integer_conversions_are_stated_only_where_exact():
    out, stated = from_f32(np.float32([3.0, 2.5, 300.0, -1.0, np.nan]), "uint8", "v3")
    assert stated.tolist() == [True, False, False, False, False] and out[0] == 3
    _, stated = to_f32(np.array([1 << 24, (1 << 24) + 1], np.int32), "int32")
    assert stated.tolist() == [True, False]


def test_mismatches_compare_codes_within_the_bound():
    want = Values(np.float32([1.0, 0.0, np.nan]), np.ones(3, bool), np.zeros(3, int))
    assert not mismatches(np.float32([1.0, 0.0, np.nan]), want, "float32").any()
    assert mismatches(np.float32([1.0, -0.0, 1.0]), want, "float32").tolist() == [False, True, True]
    loose = Values(np.float32([1.0]), np.ones(1, bool), np.full(1, 2))
    assert not mismatches(np.nextafter(np.float32([1.0]), np.float32(2)), loose, "float32").any()


def test_access_patterns_walk_axis_0_innermost():
    assert Pattern(0, (1, 4), (4, 2), 1).offsets().tolist() == [0, 1, 2, 3, 4, 5, 6, 7]
    assert Pattern(0, (0, 1), (3, 2), 1).offsets().tolist() == [0, 0, 0, 1, 1, 1]
    assert Pattern(0, (-1, 10), (3, 2), 1).offsets().tolist() == [0, -1, -2, 10, 9, 8]
    assert locate(word("sbuf", 3, 100)) == ("sbuf", 3, 100)
    assert locate(word("psum", 7, 2048)) == ("psum", 7, 2048)


def test_memory_reads_and_writes_through_a_walk():
    memory = Memory()
    memory.load("sbuf", 2, 64, np.arange(12, dtype=np.int16).reshape(2, 6))
    walk = Pattern(word("sbuf", 2, 64 + 2 * 5), (-2,), (3,), 2)
    assert memory.read(walk, np.dtype(np.int16)).tolist() == [[5, 3, 1], [11, 9, 7]]
    memory.write(walk, np.int16([[50, 30, 10], [0, 0, 0]]))
    assert memory.regions["sbuf"][2, 64:76].view(np.int16).tolist() == [0, 10, 2, 30, 4, 50]


def _walk(addr: int, n: int) -> dict:
    return {"addr": addr, "strides": [1, 1], "nums": [n, 1]}


def test_a_scan_over_walks_of_unequal_length_is_unstated():
    # tensor_tensor_scan pairs data0[i] with data1[i] [I1]; walks of unequal length pair nothing.
    record = {
        "op": "ScalarTensorTensor",
        "opcode": "tensor_tensor_scan_arith",
        "accumulator_cmd": "idle",
        "tensor0": _walk(64, 3),
        "tensor1": _walk(128, 4),
        "out": _walk(192, 3),
        "tensor0_dtype": "float32",
        "tensor1_dtype": "float32",
        "out_dtype": "float32",
        "scalar_src": "immediate",
        "scalar": 0,
        "scalar_dtype": "float32",
        "op0": "add",
        "op1": "add",
        "reverse": "none",
        "num_active_channels": 1,
    }
    with pytest.raises(Unstated, match="tensor1 elements"):
        ops.run(record, ops.State("v3"))
    ops.run({**record, "tensor1": _walk(128, 3)}, ops.State("v3"))  # equal walks run
