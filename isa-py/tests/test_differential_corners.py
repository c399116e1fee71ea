"""Corners the drawn cases reach too rarely to hold them: hand-picked values at the edges of a
stated meaning, each run through a kernel call and compared with what its page states. The
drawn differential tests (`test_differential_*.py`) stay the broad check; these pin the
boundaries a wrong comparison or a wrong mask would move."""

import ml_dtypes
import numpy as np
import pytest

import isa_bundles as isa
from differential.calls import changed, tile
from reference.ops import INT32_OPS

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
#: The int32 path's comparisons: 1 or 0 on the exact integer values [L1 equal; I1 tensor_tensor].
COMPARISONS = sorted(op for op in INT32_OPS if op.startswith(("is_", "not_")))


@pytest.mark.parametrize("op", COMPARISONS)
def test_the_int32_paths_comparisons_at_equal_neighbouring_and_extreme_values(op):
    # Equal values are where > and >= part, and neighbours where > and == part; the extremes
    # are where a comparison through a narrower or a float type would go wrong.
    a = np.array([[5, 5, 4, -7, INT32_MAX, INT32_MIN, 0, -1, 16777217]], np.int32)
    b = np.array([[5, 4, 5, -7, INT32_MIN, INT32_MAX, 0, 0, 16777216]], np.int32)
    m = isa.Machine(core="v3")
    m.load("sbuf", 0, a)
    m.load("sbuf", 0x100, b)
    int32 = lambda address: tile(address, 1, a.shape[1], "int32")
    # The call writes the band byte (seed 000 §2: it names the engine); the op goes in the byte
    # of a TensorTensor of the int32 opcode, as the drawn int32 cases write it.
    band = isa.tensor_tensor(int32(0x200), int32(0), int32(0x100), "add", gpsimd_int32=True, core="v3")
    m.run(changed(band, alu=op))
    got = m.dump("sbuf", 0x200, np.int32, a.shape)
    np.testing.assert_array_equal(got, INT32_OPS[op](a.astype(np.int64), b.astype(np.int64)))


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32"])
def test_a_logical_right_shift_of_a_negative_value_shifts_its_bit_pattern(dtype):
    # [I2; L1 right_shift]: the shifts act on the bit pattern, so a logical right shift of a
    # negative value brings in zeros from the top of its own width, not of a wider one.
    info = np.iinfo(dtype)
    x = np.array([[-1, info.min, -2, -85, 5, info.max]], dtype)
    unsigned = x.view(f"u{x.dtype.itemsize}")
    m = isa.Machine()
    m.load("sbuf", 0, x)
    same = lambda address: tile(address, 1, x.shape[1], dtype)
    for amount in (1, 3, info.bits - 1):
        m.run(isa.tensor_scalar(same(0x100), same(0), "logical_shift_right", amount, bitvec=True))
        got = m.dump("sbuf", 0x100, dtype, x.shape)
        np.testing.assert_array_equal(got.view(unsigned.dtype), unsigned >> amount, err_msg=f"by {amount}")


def test_an_fp32_sum_of_inputs_in_another_format_in_one_memory():
    # [I1 tensor_tensor]: the inputs are read as fp32, so bfloat16 inputs are widened first,
    # also when every operand lies in one memory in runs of one length (where an all-fp32
    # bundle is computed straight into memory).
    a = np.arange(-8, 8, dtype=np.float32).reshape(2, 8) * np.float32(1.5)
    b = np.arange(16, dtype=np.float32).reshape(2, 8) * np.float32(-0.25)
    m = isa.Machine()
    m.load("sbuf", 0, a.astype(ml_dtypes.bfloat16))
    m.load("sbuf", 64, b.astype(ml_dtypes.bfloat16))
    row = lambda address, dtype: tile(address, 2, 8, dtype)
    m.run(isa.tensor_tensor(row(128, "float32"), row(0, "bfloat16"), row(64, "bfloat16"), "add"))
    np.testing.assert_array_equal(m.dump("sbuf", 128, np.float32, (2, 8)), a + b)


def test_inputs_walking_their_elements_in_longer_runs_than_the_output():
    # [I1 tensor_tensor]: the inputs need the output's element count, not its shape: the
    # output walks two runs of four elements with a gap between them, each input one run of
    # eight, all fp32 in SBUF.
    x = np.arange(1, 17, dtype=np.float32).reshape(2, 8)
    y = 10 * x
    m = isa.Machine()
    m.load("sbuf", 0, x)
    m.load("sbuf", 64, y)
    m.load("sbuf", 128, np.zeros((2, 12), np.float32))
    out = ("sbuf", 128, 0, 2, [[8, 2], [1, 4]], "float32")
    m.run(isa.tensor_tensor(out, tile(0, 2, 8, "float32"), tile(64, 2, 8, "float32"), "add"))
    got = m.dump("sbuf", 128, np.float32, (2, 12))
    np.testing.assert_array_equal(got[:, [0, 1, 2, 3, 8, 9, 10, 11]], x + y)
    assert not got[:, 4:8].any()


def test_an_input_walking_every_other_element():
    # [I1 tensor_tensor] over access patterns [N1]: a strided input is read element by element
    # along its stride, also beside fp32 operands in one memory in runs of one length.
    x = np.arange(1, 33, dtype=np.float32).reshape(2, 16)
    y = 10 * np.arange(1, 17, dtype=np.float32).reshape(2, 8)
    m = isa.Machine()
    m.load("sbuf", 0, x)
    m.load("sbuf", 64, y)
    every_other = ("sbuf", 0, 0, 2, [[2, 8]], "float32")
    m.run(isa.tensor_tensor(tile(128, 2, 8, "float32"), every_other, tile(64, 2, 8, "float32"), "add"))
    np.testing.assert_array_equal(m.dump("sbuf", 128, np.float32, (2, 8)), x[:, ::2] + y)
