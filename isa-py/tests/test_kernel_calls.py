"""Kernels written as calls: each call runs an instruction's lowering of isa-ops on tiles and
gives its bundles. The masked softmax of examples/kernel.bin written as calls is that file byte
for byte and computes the softmax; each call's bundle is the record the lowering's rules give
(written out here), and every bad argument raises with the library's message."""

import json
import warnings

import numpy as np
import pytest

import isa_bundles as isa
from conftest import EXAMPLES, KERNEL

ROWS, COLUMNS = 128, 512
# The kernel's layout (isa-cli/examples/make_kernel.rs), bytes of every partition.
X, CAUSAL, VALID, XM, E, OUT = 0x0, 0x800, 0x1000, 0x1400, 0x1C00, 0x2400
ROWMAX, ROWSUM, RREC = 0x2800, 0x2804, 0x2808


def full(address, dtype="float32"):
    """Partitions 0..128 of SBUF, COLUMNS elements from `address`."""
    return ("sbuf", address, 0, ROWS, [COLUMNS], dtype)


def column(address):
    """One fp32 element per partition."""
    return ("sbuf", address, 0, ROWS, [1], "float32")


def masked_softmax():
    """The example kernel, call by call."""
    wait_load = {"wait_mode": 1, "wait_index": 0, "value": 1}
    signal_store = {"update_mode": 1, "update_index": 1, "value": 1}
    causal, valid = full(CAUSAL, "uint8"), full(VALID, "uint8")
    return [
        isa.memset(full(OUT, "bfloat16"), 0.0),
        isa.select(full(XM), causal, float("-inf"), full(X), sync=wait_load),
        isa.select_reduce(column(ROWMAX), valid, full(XM), reduce_op="max"),
        isa.exponential(full(E), full(XM), max_value=column(ROWMAX), reduce_res=column(ROWSUM),
                        reduce_cmd="zero_accumulate"),
        isa.tensor_scalar(column(RREC), column(ROWSUM), "divide", 1.0, reverse0=True),
        isa.tensor_scalar(full(E), full(E), "mult", column(RREC)),
        isa.tensor_copy_predicated(full(OUT, "bfloat16"), full(E), valid, sync=signal_store),
    ]


def kernel_records():
    lines = (EXAMPLES / "kernel.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_the_masked_softmax_as_calls_is_the_example_kernel_byte_for_byte():
    calls = masked_softmax()
    assert [len(b) // 64 for b in calls] == [1, 2, 1, 2, 1, 1, 1]
    assert b"".join(calls) == KERNEL.read_bytes()
    # Each call's bundles are the records make_kernel.rs lowered in Rust.
    records = [{k: v for k, v in r.items() if k != "offset"} for r in isa.decode(b"".join(calls))]
    assert records == kernel_records()


def test_the_masked_softmax_as_calls_runs_to_an_f64_softmax_and_its_row_sums():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    rng = np.random.default_rng(11)
    x = rng.uniform(-4, 4, (ROWS, COLUMNS)).astype(np.float32)
    p, j = np.indices((ROWS, COLUMNS))
    causal = j > p + 384
    kept = j < COLUMNS - 16 * (p % 5)
    m = isa.Machine(core="v4")
    m.load("sbuf", X, x)
    m.load("sbuf", CAUSAL, causal.astype(np.uint8))
    m.load("sbuf", VALID, kept.astype(np.uint8))
    stream = b"".join(masked_softmax())
    drains = m.run(stream, drains={0x140: ROWSUM})
    xs = x.astype(np.float64)
    live = np.where(causal, -np.inf, xs)
    row_max = np.where(kept & ~causal, xs, -np.inf).max(axis=1, keepdims=True)
    row_sum = np.exp(live - row_max).sum(axis=1)
    assert [d["offset"] for d in drains] == [0x140]
    np.testing.assert_allclose(drains[0]["values"], row_sum, rtol=1e-5)
    np.testing.assert_array_equal(m.dump("sbuf", ROWSUM, np.float32, (ROWS, 1))[:, 0], drains[0]["values"])
    out = m.dump("sbuf", OUT, ml_dtypes.bfloat16, (ROWS, COLUMNS)).astype(np.float64)
    e = np.exp(live - live.max(axis=1, keepdims=True))
    want = np.where(kept & ~causal, e / e.sum(axis=1, keepdims=True), 0.0)
    written = want != 0
    assert np.all(out[~written] == 0)
    ulp = 2.0 ** (np.floor(np.log2(np.abs(want[written]))) - 7)
    assert np.all(np.abs(out[written] - want[written]) <= ulp)


def tile(address, n=8, dtype="float32", partitions=4, space="sbuf"):
    return (space, address, 0, partitions, [n], dtype)


def walk(address, n=8, strides=(1, 1, 1)):
    """A TENSOR3D descriptor of one free axis of n elements (the packer's 3-D form)."""
    return {"addr": address, "strides": list(strides), "nums": [n, 1, 1]}


NO_SYNC = dict(wait_mode=0, wait_index=0, update_mode=0, update_index=0, value=0)


def only(bundles):
    (record,) = isa.decode(bundles)
    del record["offset"]
    return record


def test_tensor_tensor_fills_its_bundle_from_the_tiles():
    got = only(isa.tensor_tensor(tile(0x200), tile(0), tile(0x100, dtype="float32"), "subtract"))
    assert got == {
        "op": "TensorTensor", "opcode": "tensor_tensor", "sync": NO_SYNC,
        "in0_dtype": "float32", "in1_dtype": "float32", "out_dtype": "float32",
        "alu": "subtract", "num_active_partitions": 4,
        "out": walk(0x200), "in0": walk(0), "in1": walk(0x100),
    }
    # The bit-vector form, and the GPSIMD int32 band on engine 6 (ALU byte int32_eng6).
    ints = lambda a: tile(a, dtype="int32")
    assert only(isa.tensor_tensor(ints(0x200), ints(0), ints(0x100), "bitwise_and", bitvec=True))["opcode"] == "tensor_tensor_bitvec"
    band = only(isa.tensor_tensor(ints(0x200), ints(0), ints(0x100), "add", engine=6, gpsimd_int32=True))
    assert (band["opcode"], band["alu"]) == ("tensor_tensor_int32", "int32_eng6")


def test_a_tile_takes_steps_a_shape_a_dict_a_start_partition_and_psum():
    strided = ("sbuf", 0x40, 0, 2, [[2, 4], [1, 2]], "int16")
    got = only(isa.tensor_copy(strided, strided))
    assert got["src"] == got["dst"]
    assert got["src"]["nums"][:2] == [2, 4] and got["src"]["strides"][:2] == [1, 2]
    shaped = ("sbuf", 0x40, 0, 2, [4, 2], "int16")
    assert isa.tensor_copy(shaped, shaped) == isa.tensor_copy(strided, strided)
    keys = ["space", "address", "start_partition", "partitions", "pattern", "dtype"]
    as_dict = dict(zip(keys, ("psum", 0x40, 3, 2, [8], "float32")))
    got = only(isa.memset(as_dict, 1.0))
    # PSUM: region bit 29, partition 3 at bit 15; the fill is 1.0's fp32 bits.
    assert got["dst"]["addr"] == (1 << 29) | (3 << 15) | 0x40
    assert (got["fill"], got["num_active_partitions"]) == (0x3F800000, 2)


def test_tensor_scalar_takes_immediates_tiles_two_stages_and_a_reduce():
    got = only(isa.tensor_scalar(tile(0x200), tile(0), "subtract", 2.0, reverse0=True,
                                 op1="mult", operand1=tile(0x300, n=1), reverse1=True))
    assert (got["opcode"], got["op0"], got["op1"], got["reverse"]) == (
        "tensor_scalar_arith", "subtract", "mult", "both")
    assert (got["imm0_src"], got["imm0"]) == ("immediate", 0x40000000)
    assert (got["imm1_src"], got["imm1"]) == ("physical_ap", 0x300)
    with pytest.warns(isa.LoweringWarning, match="Reduce Accum result is not outputed"):
        stream = isa.tensor_scalar(tile(0x200), tile(0), "add", 1.0, reduce_res=tile(0x300, n=1))
    fused, drain = isa.decode(stream)
    # Two outputs with the accumulator idle: the fused form with zero_accumulate forced.
    assert (fused["opcode"], fused["accumulator_cmd"], drain["op"]) == (
        "tensor_scalar_cache_reduce", "zero_accumulate", "DveReadAccumulator")
    assert only(isa.tensor_scalar(tile(0), tile(0), "add", 1.0, transpose=True))["opcode"] == "transpose_tensor_scalar_arith"


def test_scalar_tensor_tensor_tensor_scalar_addr_and_the_cache():
    stt = only(isa.scalar_tensor_tensor(tile(0x200), tile(0), "mult", 0.5, "add", tile(0x100)))
    assert (stt["op"], stt["opcode"], stt["op0"], stt["op1"]) == (
        "ScalarTensorTensor", "scalar_tensor_tensor_arith", "mult", "add")
    assert (stt["tensor0"]["addr"], stt["tensor1"]["addr"], stt["scalar"]) == (0, 0x100, 0x3F000000)
    assert only(isa.scalar_tensor_tensor(tile(0x200), tile(0), "mult", 0.5, "add", tile(0x100), scan=True))["opcode"] == "tensor_tensor_scan_arith"
    addr = only(isa.tensor_scalar_addr(tile(0x200), tile(0), "max", tile(0x300, n=1)))
    assert (addr["op"], addr["scalar0_src"], addr["scalar0"]) == ("TensorScalarAddr", "physical_ap", 0x300)
    cache = only(isa.tensor_scalar_cache(tile(0x200), tile(0), "add", 1.0, "reduce"))
    assert (cache["opcode"], cache["accumulator_cmd"]) == ("tensor_scalar_cache_reduce", "idle")
    scan = only(isa.tensor_scalar_cache(tile(0x200), tile(0), "add", 1.0, 2,
                                        reduce_cmd="load_accumulate", reduce_init=3.0))
    assert (scan["opcode"], scan["imm1"]) == ("tensor_scalar_cache_cumulative", 0x40400000)


def test_copies_selects_and_the_shape_registers():
    assert only(isa.tensor_copy(tile(0x100), tile(0)))["opcode"] == "tensor_copy"
    cast = only(isa.tensor_copy(tile(0x100, dtype="bfloat16"), tile(0)))
    assert (cast["opcode"], cast["src_dtype"], cast["dst_dtype"]) == ("tensor_copy_cast", "float32", "bfloat16")
    same = only(isa.tensor_copy(tile(0x100, dtype="int32"), tile(0), copy_dtype="int32"))
    assert (same["src_dtype"], same["dst_dtype"]) == ("int32", "int32")
    copy, predicated = isa.decode(isa.select(tile(0x200), tile(0x300, dtype="uint8"), tile(0), tile(0x100)))
    assert (copy["op"], copy["src"]["addr"], predicated["op"], predicated["src"]["addr"]) == (
        "TensorCopy", 0x100, "CopyPredicated", 0)
    scalar = only(isa.tensor_copy_predicated(tile(0x200, dtype="int16"), -3, tile(0x300, dtype="uint8")))
    assert (scalar["op"], scalar["scalar"]) == ("CopyPredicatedScalar", 0xFFFFFFFD)
    reduce = only(isa.select_reduce(tile(0x200, n=1), tile(0x300, dtype="uint8"), tile(0), 0.0, reduce_op="min"))
    assert (reduce["op"], reduce["reduce_op"]) == ("SelectReduce", "min")
    shape = only(isa.move_shape(("sbuf", 0, 0, 2, [[8, 3], [1, 4]], "float32")))
    assert (shape["op"], shape["step0"], shape["num0"], shape["step1"], shape["num1"]) == (
        "MoveShape", 4, 4, 32, 3)
    # Seed 000 §6: the slots past the pattern's rank are padded with (element size, 1).
    assert [(shape[f"step{i}"], shape[f"num{i}"]) for i in (2, 3)] == [(4, 1), (4, 1)]


def test_move_shape_takes_a_pattern_of_the_largest_rank():
    # Seed 000 §6: "ImmPattern.size() <= SHAPE_REGISTER_SIZE + 1", the partition pair and four
    # free axes; slot i - 1 holds the pattern's entry rank - i, its step in bytes.
    shape = only(isa.move_shape(("sbuf", 0, 0, 2, [[120, 2], [40, 3], [8, 5], [1, 8]], "bfloat16")))
    pairs = [(shape[f"step{i}"], shape[f"num{i}"]) for i in range(4)]
    assert pairs == [(2, 8), (16, 5), (80, 3), (240, 2)]


def test_tensor_scalar_addr_on_floats_runs_both_stages_with_a_scalar_a_partition():
    # The simulator's reading of 0x74 (its form's pseudocode, INFERRED): on dtypes other than
    # int32/uint32, nki.isa.tensor_scalar's two stages in fp32 [I1], each scalar one element a
    # partition, loaded from its address.
    rng = np.random.default_rng(7)
    x = rng.uniform(-4, 4, (4, 8)).astype(np.float32)
    s0 = np.array([[-1.5], [0.25], [2.0], [9.0]], np.float32)
    s1 = np.array([[0.5], [-3.0], [1.25], [0.0]], np.float32)
    m = isa.Machine(core="v2")
    m.load("sbuf", 0, x)
    m.load("sbuf", 0x300, s0)
    m.load("sbuf", 0x340, s1)
    m.run(isa.tensor_scalar_addr(tile(0x200), tile(0), "max", tile(0x300, n=1), op1="subtract",
                                 operand1=tile(0x340, n=1), reverse1=True))
    np.testing.assert_array_equal(m.dump("sbuf", 0x200, np.float32, (4, 8)), s1 - np.maximum(x, s0))


def test_calls_compute_what_numpy_computes():
    rng = np.random.default_rng(5)
    a = rng.uniform(1, 2, (4, 8)).astype(np.float32)
    b = rng.uniform(1, 2, (4, 8)).astype(np.float32)
    m = isa.Machine(core="v2")
    m.load("sbuf", 0, a)
    m.load("sbuf", 0x100, b)
    stream = (isa.tensor_tensor(tile(0x200), tile(0), tile(0x100), "subtract")
              + isa.tensor_scalar(tile(0x300), tile(0), "divide", 1.0, reverse0=True, op1="add", operand1=0.5))
    assert m.run(stream) == []
    np.testing.assert_array_equal(m.dump("sbuf", 0x200, np.float32, (4, 8)), a - b)
    np.testing.assert_allclose(m.dump("sbuf", 0x300, np.float32, (4, 8)), 1 / a.astype(np.float64) + 0.5, rtol=1e-6)


@pytest.mark.parametrize("n", [1, 4, 15, 16, 17, 64])
def test_an_input_repeating_one_element_along_a_run(n):
    # A stride-0 walk repeats its element [I1 tiles]: data2 holds one element a partition, read
    # n times, whatever n (a run of 16 fp32 spans as many bytes as 16 / 4 elements would not).
    rng = np.random.default_rng(n)
    a = rng.uniform(-2, 2, (4, n)).astype(np.float32)
    b = rng.uniform(-2, 2, (4, 1)).astype(np.float32)
    m = isa.Machine(core="v2")
    m.load("sbuf", 0, a)
    m.load("sbuf", 0x400, b)
    m.run(isa.tensor_tensor(tile(0x800, n=n), tile(0, n=n), ("sbuf", 0x400, 0, 4, [[0, n]], "float32"), "add"))
    np.testing.assert_array_equal(m.dump("sbuf", 0x800, np.float32, (4, n)), a + b)


BAD = [
    # (call, args, kwargs, exception, message)
    ("tensor_tensor", (tile(0), tile(0)), {}, TypeError, r"tensor_tensor\(\): missing argument `data2`"),
    ("tensor_tensor", (tile(0), tile(0), tile(0), "add"), {"opp": 1}, TypeError, "no argument `opp`; the arguments are dst, data1"),
    ("tensor_tensor", (tile(0), tile(0), tile(0), "add"), {"op": "add"}, TypeError, "argument `op` given twice"),
    ("memset", (tile(0),) * 5, {}, TypeError, "takes at most 4 arguments, 5 given"),
    ("tensor_tensor", (tile(0), tile(0), tile(0), "plus"), {}, ValueError, "argument `op`: `plus` is not a name of"),
    ("tensor_tensor", (tile(0), tile(0), tile(0), 3), {}, TypeError, "argument `op`: expected a name, found 3"),
    ("tensor_tensor", (1.0, tile(0), tile(0), "add"), {}, TypeError, "argument `dst`: expected a tile"),
    ("tensor_tensor", (tile(0)[:4], tile(0), tile(0), "add"), {}, TypeError, "found a sequence of 4 items"),
    ("tensor_tensor", (("sbuf", float("nan"), 0, 4, [8], "float32"), tile(0), tile(0), "add"), {}, TypeError, "argument `dst`, address: expected an integer, found nan"),
    ("tensor_tensor", (("sbuf", 2 ** 70, 0, 4, [8], "float32"), tile(0), tile(0), "add"), {}, TypeError, "an integer past 64 bits"),
    ("tensor_tensor", (tile(0x3FFF0), tile(0), tile(0), "add"), {}, ValueError, r"spans? bytes .* outside SBUF's 0..0x40000"),
    ("tensor_tensor", (tile(0x3FF0, space="psum"), tile(0), tile(0), "add"), {}, ValueError, "outside PSUM's 0..0x4000"),
    ("tensor_tensor", (("hbm", 0, 0, 4, [8], "float32"), tile(0), tile(0), "add"), {}, ValueError, "argument `dst`, space: no region `hbm`"),
    ("tensor_tensor", (("sbuf", 0, 126, 4, [8], "float32"), tile(0), tile(0), "add"), {}, ValueError, "partitions 126..130 are not within 0..128"),
    ("tensor_tensor", (tile(0, dtype="float33"), tile(0), tile(0), "add"), {}, ValueError, "argument `dst`, dtype: `float33` is not a name"),
    ("tensor_tensor", (tile(0, n=4), tile(0), tile(0), "add"), {}, ValueError, "argument `data1`: 4 partitions of 8 elements, where dst has 4 partitions of 4"),
    ("tensor_tensor", (("sbuf", 0, 0, 4, [2, 2, 2, 2], "float32"),) * 3 + ("add",), {}, ValueError, r"tensor_tensor\(\): out: Illegal ISA memory access dimension 5"),
    ("tensor_tensor", (tile(0), tile(0, space="psum"), tile(0), "add"), {"engine": 1}, ValueError, "GPSIMD engine cannot access PSUM"),
    # Seed 002's tensor3d_valid, at the descriptor's byte: a PSUM walk goes forward.
    ("tensor_tensor", (("psum", 0x100, 0, 4, [[4, 2], [-1, 2], [1, 2]], "float32"), tile(0x300), tile(0x100), "add"), {}, ValueError,
     r"tensor3d_valid failed on `out` at byte 0x17: byte 0x07 \(high byte of stride1\) is 0xff; a PSUM descriptor needs"),
    ("tensor_tensor", (tile(0x200), ("psum", 0x100, 0, 4, [[4, 2], [-1, 2], [1, 2]], "float32"), tile(0x100), "add"), {}, ValueError,
     r"\(TensorTensor\): tensor3d_valid failed on `in0` at byte 0x27: byte 0x07"),
    ("tensor_tensor", (tile(0), tile(0), tile(0), "add"), {"core": "v9"}, ValueError, "argument `core`: no core `v9`"),
    ("tensor_scalar", (tile(0), tile(0), "add", 1.0), {"op1": "mult"}, ValueError, "op1: with NumArgs == 2, op1 is the bypass identity"),
    ("tensor_scalar", (tile(0), tile(0), "add", 1.0), {"bitvec": True, "transpose": True}, ValueError, "TensorScalarPtr bitvec does not support transpose"),
    ("tensor_scalar", (tile(0), tile(0), "add", 1.0), {"reverse0": 1}, TypeError, "argument `reverse0`: expected True or False, found 1"),
    ("tensor_scalar", (tile(0), tile(0), "add", "one"), {}, TypeError, "argument `operand0`: expected a tile"),
    ("scalar_tensor_tensor", (tile(0), tile(0), "mult", 1.0, "add", 2.0), {}, ValueError, "ScalarTensorTensor's 3rd argument must be AP"),
    ("scalar_tensor_tensor", (tile(0), tile(0), "mult", 1.0, "add", tile(0, n=2)), {}, ValueError, "argument `operand1`: 4 partitions of 2 elements"),
    ("tensor_scalar_addr", (tile(0), tile(0), "add", 1.0), {"reduce_res": tile(0)}, TypeError, "no argument `reduce_res`"),
    ("tensor_scalar_cache", (tile(0), tile(0), "add", 1.0, 7), {}, ValueError, "Unhandled TSCMode"),
    ("tensor_scalar_cache", (tile(0), tile(0), "add", 1.0, "reduce"), {"engine": 1}, ValueError, "TensorScalarCache must be on the DVE engine"),
    ("tensor_scalar_cache", (tile(0), tile(0), "add", 1.0, "reduce"), {"reduce_init": 2.0}, ValueError, "can only have imm1 if accumulation mode is LoadAccumulate"),
    ("tensor_scalar_cache", (tile(0), tile(0), "add", 1.0, "sideways"), {}, ValueError, "`sideways` is not a name of `TSCMode`"),
    ("exponential", (tile(0), tile(0)), {"reduce_cmd": "zero"}, ValueError, r"bundle at byte 0x0 \(Exponential\): has_valid_exponential_accum_cmd failed on `accumulator_cmd`"),
    ("exponential", (tile(0), tile(0)), {"sync": {"wait": 1}}, ValueError, "argument `sync`: no part `wait`"),
    ("exponential", (tile(0), tile(0)), {"sync": {"value": -1}}, ValueError, "argument `sync`: -1 is outside 0..=4294967295"),
    ("exponential", (tile(0), tile(0)), {"sync": [1]}, TypeError, "argument `sync`: expected a dict"),
    ("tensor_copy", (tile(0), tile(0)), {"copy_dtype": "float99"}, ValueError, "argument `copy_dtype`: `float99` is not a name"),
    ("memset", (tile(0, dtype="int32"), float("nan")), {}, ValueError, "argument `value`: nan is no int32 value"),
    ("memset", (tile(0, dtype="int32"), 1.5), {}, ValueError, "1.5 is no int32 value"),
    ("memset", (tile(0, dtype="uint8"), 2 ** 40), {}, ValueError, "is no uint8 value"),
    ("memset", (tile(0), 0.0), {"mode": 2}, ValueError, "has unimplemented Memset Mode"),
    ("memset", (tile(0), "zero"), {}, TypeError, "argument `value`: expected a number, found 'zero'"),
    ("select", (tile(0), tile(0, dtype="uint8"), 1.0, tile(0, n=4)), {}, ValueError, "argument `on_false`: 4 partitions of 4 elements"),
    ("tensor_copy_predicated", (tile(0), tile(0), tile(0)), {}, ValueError, "the mask of a predicated copy must be uint8, uint16 or uint32"),
    ("tensor_copy_predicated", (tile(0), tile(0), tile(0, dtype="uint8")), {"reverse_pred": True}, TypeError, "no argument `reverse_pred`"),
    ("select_reduce", (tile(0, n=2), tile(0, dtype="uint8"), tile(0)), {}, ValueError, "argument `dst`: dst must have on_true's shape, or one element per partition"),
    ("select_reduce", (tile(0, n=1), tile(0, dtype="uint8"), tile(0), -1.0), {}, ValueError, "argument `on_false`: -1.0: only the fill 0.0 has a known byte"),
    ("move_shape", (("sbuf", 0, 0, 2, [2, 2, 2, 2, 2], "float32"),), {}, ValueError, r"ImmPattern.size\(\) <= SHAPE_REGISTER_SIZE \+ 1"),
    ("move_shape", (tile(0),), {"ap_mode": 256}, ValueError, "argument `ap_mode`: 256 is outside 0..=255"),
]


@pytest.mark.parametrize("name, args, kwargs, exception, message", BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_a_bad_argument_raises_with_the_librarys_message(name, args, kwargs, exception, message):
    with pytest.raises(exception, match=message):
        getattr(isa, name)(*args, **kwargs)


def test_a_call_warns_what_its_lowering_notes_beside_the_bundles():
    # Seed 001: two outputs with the accumulate idle report "Reduce Accum result is not
    # outputed" and force zero_accumulate; rsqrt as op0 sets the module's rsqrt-in-use flag.
    # Neither is in the bytes, so each comes as a LoweringWarning.
    report = r"tensor_scalar\(\): the lowering reports: Reduce Accum result is not outputed"
    with pytest.warns(isa.LoweringWarning, match=report) as caught:
        stream = isa.tensor_scalar(tile(0), tile(0), "add", 1.0, reduce_res=tile(0x100, n=1))
    assert len(caught) == 1
    assert isa.decode(stream)[0]["accumulator_cmd"] == "zero_accumulate"
    attribute = r"tensor_scalar\(\): the lowering sets the module attribute `rsqrt_in_use`"
    with pytest.warns(isa.LoweringWarning, match=attribute) as caught:
        isa.tensor_scalar(tile(0), tile(0), "rsqrt", 0.0)
    assert len(caught) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        isa.tensor_scalar(tile(0), tile(0), "add", 1.0, reduce_res=tile(0x100, n=1), reduce_cmd="zero_accumulate")
        isa.tensor_scalar(tile(0), tile(0), "divide", 2.0)


def every_call_kernel():
    """A stream that reaches every op a call lowers to (each form that executes)."""
    mask = tile(0x400, dtype="uint8")
    return b"".join(masked_softmax()) + b"".join([
        isa.tensor_tensor(tile(0x200), tile(0), tile(0x100), "add"),
        isa.tensor_tensor(tile(0x200, dtype="int32"), tile(0, dtype="int32"), tile(0x100, dtype="int32"), "bitwise_and", bitvec=True),
        isa.tensor_scalar(tile(0x200), tile(0), "add", 1.0),
        isa.tensor_scalar(tile(0x200, dtype="int32"), tile(0, dtype="int32"), "bitwise_or", 3, bitvec=True),
        isa.tensor_scalar(tile(0x200), tile(0), "add", 1.0, op1="max", operand1=0.0, reduce_res=tile(0x300, n=1), reduce_cmd="zero_accumulate"),
        isa.tensor_scalar_cache(tile(0x200), tile(0), "add", 1.0, "cumulative"),
        isa.tensor_scalar_addr(tile(0x200), tile(0), "max", tile(0x300, n=1)),
        isa.scalar_tensor_tensor(tile(0x200), tile(0), "mult", 0.5, "add", tile(0x100)),
        isa.tensor_copy(tile(0x200), tile(0)),
        isa.tensor_copy(tile(0x200, dtype="bfloat16"), tile(0)),
        isa.tensor_copy_predicated(tile(0x200, dtype="bfloat16"), tile(0), mask),
        isa.tensor_copy_predicated(tile(0x200), tile(0), mask),
        isa.select(tile(0x200), mask, 2.0, tile(0x100)),
        isa.memset(tile(0x200), 1.0),
    ])


def test_every_bundle_a_call_lowers_runs_a_form_of_the_op_table():
    table = {form["form"]: form for form in isa.semantics()}
    assert all(set(form) == {"form", "pseudocode", "source", "confidence", "executed", "status"} for form in table.values())
    stream = every_call_kernel()
    meanings = isa.meanings(stream)
    assert [m["offset"] for m in meanings] == list(range(0, len(stream), 64))
    for meaning in meanings:
        form = table.get(meaning["form"])
        assert form is not None and form["executed"] and meaning["executed"], meaning
        assert form["status"] == "executed" and form["source"] and form["pseudocode"], form
    assert {m["op"] for m in meanings} == {
        "Memset", "CopyPredicated", "CopyPredicatedScalar", "SelectReduce", "Exponential",
        "TensorScalar", "DveReadAccumulator", "TensorTensor", "ScalarTensorTensor", "TensorCopy",
        "TensorScalarAddr"}
    assert {"CopyPredicated 0x72", "CastPredicated 0x99"} <= {m["form"] for m in meanings}


def test_meanings_account_for_bytes_that_do_not_decode():
    stream = isa.memset(tile(0), 1.0) + b"\xff" * 64 + b"\x00" * 3
    first, bad, tail = isa.meanings(stream)
    assert (first["op"], first["executed"]) == ("Memset", True)
    assert (bad["offset"], bad["op"], bad["form"], bad["executed"]) == (64, None, None, False)
    assert "opcode 0xff" in bad["reason"]
    assert (tail["offset"], tail["op"]) == (128, None) and "3" in tail["reason"]


def test_numpy_values_are_taken_as_python_values():
    shape = np.array([8])
    t = ("sbuf", np.int64(0), np.uint8(0), np.int32(4), shape, "float32")
    assert isa.memset(t, np.float32(2.0)) == isa.memset(tile(0), 2.0)


def test_every_call_has_its_signature_and_help():
    calls = ["tensor_tensor", "tensor_scalar", "scalar_tensor_tensor", "tensor_scalar_addr",
             "tensor_scalar_cache", "exponential", "tensor_copy", "memset", "select",
             "tensor_copy_predicated", "select_reduce", "move_shape"]
    for name in calls:
        assert getattr(isa, name).__text_signature__.startswith("(dst, " if name != "move_shape" else "(src")
    assert isa.tensor_scalar.__text_signature__ == (
        "(dst, data, op0, operand0, reverse0=None, op1=None, operand1=None, reverse1=None, "
        "reduce_res=None, reduce_cmd=None, bitvec=None, transpose=None, sync=None)")
