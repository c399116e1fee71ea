"""The readings the simulator takes where no page states a result (isa-sim's `alu::READINGS`,
each a reading there), pinned from the outside. The differential tests skip such elements, since
the reference states only what a page states; these tests hold the readings themselves, so a
change of one is a decision that changes a test, not an accident."""

import numpy as np
import pytest

import isa_bundles as isa
from differential.calls import tile

NAN, INF = np.float32("nan"), np.float32("inf")


def tensor_tensor(op, x, y):
    """`x op y` through a tensor_tensor call, fp32 tiles of x's shape."""
    rows, columns = x.shape
    m = isa.Machine()
    m.load("sbuf", 0, x)
    m.load("sbuf", 0x400, y)
    m.run(isa.tensor_tensor(tile(0x800, rows, columns), tile(0, rows, columns), tile(0x400, rows, columns), op))
    return m.dump("sbuf", 0x800, np.float32, (rows, columns))


@pytest.mark.parametrize("op", ["max", "min"])
def test_max_and_min_propagate_nan_and_order_the_zeros(op):
    # "NaN propagates (NumPy's np.maximum / np.minimum [S1]); of +0 and -0, max is +0 and min -0
    # (IEEE 754-2019 maximum / minimum)".
    x = np.array([[NAN, 1.0, NAN, 0.0, -0.0, 2.0, -INF, 3.0]], np.float32)
    y = np.array([[1.0, NAN, NAN, -0.0, 0.0, -2.0, INF, 3.0]], np.float32)
    got = tensor_tensor(op, x, y)
    assert np.isnan(got[0, :3]).all()
    zero = 0.0 if op == "max" else -0.0
    assert [np.signbit(v) for v in got[0, 3:5]] == [np.signbit(np.float32(zero))] * 2
    expected = (np.maximum if op == "max" else np.minimum)(x[0, 5:], y[0, 5:])
    np.testing.assert_array_equal(got[0, 5:], expected)


@pytest.mark.parametrize("at", [0, 3, 7, 8, 15, 16, 18])
def test_a_row_maximum_with_a_nan_anywhere_is_nan(at):
    # The max fold's NaN rule (the ALU's, READINGS "max, min"), wherever in the row the NaN lies:
    # in a block of eight elements or in the row's tail. (select_reduce's bytes hold no
    # partition count, so its operands cover every partition.)
    rows, columns = 128, 19
    x = np.arange(rows * columns, dtype=np.float32).reshape(rows, columns)
    x[1, at] = NAN
    m = isa.Machine()
    m.load("sbuf", 0, x)
    m.load("sbuf", 0x400, np.ones((rows, columns), np.uint8))
    m.run(isa.select_reduce(tile(0x800, rows, 1), tile(0x400, rows, columns, "uint8"), tile(0, rows, columns), reduce_op="max"))
    got = m.dump("sbuf", 0x800, np.float32, (rows, 1))[:, 0]
    assert np.isnan(got[1])
    others = np.arange(rows) != 1
    np.testing.assert_array_equal(got[others], x[others].max(axis=1))


def test_a_row_maximum_of_zeros_is_positive_zero_if_any_zero_is():
    # READINGS "max, min": of +0 and -0 max is +0, so a row whose greatest value is a zero ends
    # at +0 when any of its zeros is +0, and at -0 only when all are -0, wherever in the row
    # (in a block of eight or in the row's tail) each zero lies.
    rows, columns = 128, 19
    x = np.full((rows, columns), -1.0, np.float32)
    x[0, [3, 17]] = [-0.0, 0.0]
    x[1, [17, 3]] = [-0.0, 0.0]
    x[2, [0, 9]] = [0.0, -0.0]
    x[3, [5, 18]] = [-0.0, -0.0]
    m = isa.Machine()
    m.load("sbuf", 0, x)
    m.load("sbuf", 0x400, np.ones((rows, columns), np.uint8))
    m.run(isa.select_reduce(tile(0x800, rows, 1), tile(0x400, rows, columns, "uint8"), tile(0, rows, columns), reduce_op="max"))
    got = m.dump("sbuf", 0x800, np.float32, (rows, 1))[:4, 0]
    assert (got == 0).all()
    assert [bool(np.signbit(v)) for v in got] == [False, False, False, True]


@pytest.mark.parametrize("dtype, width", [("uint8", 8), ("int16", 16), ("uint32", 32)])
@pytest.mark.parametrize("op", ["logical_shift_left", "logical_shift_right"])
def test_a_shift_by_the_width_or_more_gives_zero(op, dtype, width):
    # READINGS "shifts": a shift amount >= the width gives 0 (64 and past it too, where a
    # 64-bit shift would wrap its amount).
    x = np.full((2, 4), 0x55, dtype)
    m = isa.Machine()
    m.load("sbuf", 0, x)
    beyond = [(width, 0x100), (width + 3, 0x200), (64, 0x400), (65, 0x500)]
    for amount, address in beyond + [(width - 1, 0x300)]:
        m.run(isa.tensor_scalar(tile(address, 2, 4, dtype), tile(0, 2, 4, dtype), op, amount, bitvec=True))
    for amount, address in beyond:
        assert not m.dump("sbuf", address, dtype, (2, 4)).any(), amount
    last = m.dump("sbuf", 0x300, dtype, (2, 4))
    expected = (0x55 << (width - 1)) % (1 << width) if op == "logical_shift_left" else 0x55 >> (width - 1)
    assert (last.astype(np.uint64) % (1 << width) == expected).all()


def test_a_bundle_reads_its_inputs_before_it_writes_an_output_over_them():
    # The simulator stages a bundle's writes and commits them after its reads, so an output
    # that overlaps its inputs, a run later, sees them as they were. No page states
    # overlapping operands: a reading.
    x = np.arange(40, dtype=np.float32).reshape(1, 40)
    m = isa.Machine()
    m.load("sbuf", 0, x)
    walk = lambda address: ("sbuf", address, 0, 1, [[8, 4], [1, 8]], "float32")   # 4 runs of 8
    m.run(isa.tensor_tensor(walk(32), walk(0), walk(0), "add"))         # out: one run later
    got = m.dump("sbuf", 0, np.float32, (1, 40))
    np.testing.assert_array_equal(got[0, :8], x[0, :8])
    np.testing.assert_array_equal(got[0, 8:], 2 * x[0, :32])


def test_an_output_walking_its_own_bytes_twice_writes_what_its_inputs_were():
    # The same reading: out and data1 are one walk that visits four elements twice; its second
    # visit computes from data1 as it was, not from what the first visit wrote.
    m = isa.Machine()
    m.load("sbuf", 0, np.arange(1, 9, dtype=np.float32).reshape(1, 8))
    m.load("sbuf", 64, 10 * np.arange(1, 9, dtype=np.float32).reshape(1, 8))
    twice = ("sbuf", 0, 0, 1, [[0, 2], [1, 4]], "float32")
    halves = ("sbuf", 64, 0, 1, [[4, 2], [1, 4]], "float32")
    m.run(isa.tensor_tensor(twice, twice, halves, "add"))
    np.testing.assert_array_equal(m.dump("sbuf", 0, np.float32, (1, 4))[0], [51.0, 62.0, 73.0, 84.0])


def test_a_broadcast_input_inside_the_output_is_read_as_it_was():
    # The same reading: data2 repeats one element that the output overwrites early in its walk;
    # every element still adds the element's value from before the bundle.
    m = isa.Machine()
    m.load("sbuf", 0, np.arange(1, 9, dtype=np.float32).reshape(1, 8))
    m.load("sbuf", 64, 10 * np.arange(1, 9, dtype=np.float32).reshape(1, 8))
    row = lambda address: ("sbuf", address, 0, 1, [8], "float32")
    third = ("sbuf", 8, 0, 1, [[0, 8]], "float32")
    m.run(isa.tensor_tensor(row(0), row(64), third, "add"))
    np.testing.assert_array_equal(m.dump("sbuf", 0, np.float32, (1, 8))[0], 10 * np.arange(1, 9) + 3.0)
