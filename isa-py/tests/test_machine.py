"""Machine: NumPy arrays in, a stream run by the simulator, NumPy arrays out, each compared with
a NumPy computation written here."""

import json
import subprocess

import numpy as np
import pytest

import isa_bundles as isa
from conftest import EXAMPLES, ISA_BIN

#: The example kernel's layout (examples/kernel.jsonl), in bytes of every partition.
SCORES, CAUSAL, PADDING, OUTPUT, ROWSUM = 0, 2048, 4096, 9216, 10244
ROWS, COLUMNS = 128, 512
#: The DveReadAccumulator is the kernel's sixth bundle.
DRAIN = 5 * 64


def kernel_records():
    return [json.loads(line) for line in (EXAMPLES / "kernel.jsonl").read_text().splitlines()]


def add_bundle(out, in0, in1, partitions=ROWS):
    """A TensorTensor (0x41) add of two fp32 rows of COLUMNS into `out`, all in SBUF."""
    walk = lambda addr: {"addr": addr, "strides": [1, 1, 1], "nums": [COLUMNS, 1, 1]}
    band = dict(wait_mode=0, wait_index=0, update_mode=0, update_index=0, value=0)
    record = {
        "op": "TensorTensor", "opcode": "tensor_tensor", "sync": band,
        "in0_dtype": "float32", "in1_dtype": "float32", "out_dtype": "float32", "alu": "add",
        "num_active_partitions": partitions, "out": walk(out), "in0": walk(in0), "in1": walk(in1),
    }
    return isa.encode([record])


def scores(rng):
    return rng.uniform(-4, 4, size=(ROWS, COLUMNS)).astype(np.float32)


def test_a_tensor_tensor_add_is_numpys_fp32_add():
    rng = np.random.default_rng(1)
    a, b = scores(rng), scores(rng)
    m = isa.Machine(core="v4")
    m.load("sbuf", 0, a)
    m.load("sbuf", 2048, b)
    assert m.run(add_bundle(5120, 0, 2048)) == []
    got = m.dump("sbuf", 5120, np.float32, (ROWS, COLUMNS))
    np.testing.assert_array_equal(got, a + b)
    # A load from a partition other than 0, read back as it was written.
    m.load("psum", 64, a[:3, :8], partition=5)
    np.testing.assert_array_equal(m.dump("psum", 64, "float32", (3, 8), partition=5), a[:3, :8])


def test_a_failing_run_raises_the_simulators_message_and_changes_nothing():
    m = isa.Machine(core="v4")
    a = np.arange(ROWS * COLUMNS, dtype=np.float32).reshape(ROWS, COLUMNS)
    m.load("sbuf", 0, a)
    memset = isa.encode([kernel_records()[0]])  # writes bf16 zeros at OUTPUT
    stream = memset + add_bundle(0, 0, 2048)  # in1 was never written
    with pytest.raises(ValueError, match=r"bundle at byte 0x40 \(TensorTensor\): operand in1: reads unwritten SBUF byte 0x800"):
        m.run(stream)
    # The Memset before the failing bundle did not land, and the loaded scores are as they were.
    with pytest.raises(ValueError, match="reads unwritten SBUF byte 0x2400 of partition 0"):
        m.dump("sbuf", OUTPUT, np.uint16, (1, 1))
    np.testing.assert_array_equal(m.dump("sbuf", 0, np.float32, (ROWS, COLUMNS)), a)


def test_a_read_of_unwritten_bytes_and_bad_arguments_raise():
    m = isa.Machine()
    with pytest.raises(ValueError, match="unwritten"):
        m.dump("sbuf", 0, np.float32, (1, 4))
    with pytest.raises(ValueError, match="no core"):
        isa.Machine(core="v9")
    with pytest.raises(ValueError, match="no region"):
        m.load("hbm", 0, np.zeros((1, 1), np.float32))
    with pytest.raises(TypeError, match="complex128"):
        m.load("sbuf", 0, np.zeros((1, 1), np.complex128))
    with pytest.raises(ValueError, match="past partition 127"):
        m.load("sbuf", 0, np.zeros((2, 1), np.float32), partition=127)


def load_kernel_inputs(m, x):
    p = np.arange(ROWS)[:, None]
    j = np.arange(COLUMNS)[None, :]
    causal = j > p + 384
    kept = j < COLUMNS - 16 * (p % 7)
    m.load("sbuf", SCORES, x)
    m.load("sbuf", CAUSAL, causal.astype(np.uint8))
    m.load("sbuf", PADDING, kept.astype(np.uint8))
    return causal, kept


def test_a_drain_returns_the_accumulators_and_lands_where_bound():
    x = scores(np.random.default_rng(2))
    m = isa.Machine(core="v4")
    causal, kept = load_kernel_inputs(m, x.astype(np.float32))
    kernel = (EXAMPLES / "kernel.bin").read_bytes()
    events = m.run(kernel[: DRAIN + 64], drains={DRAIN: ROWSUM})
    assert [e["offset"] for e in events] == [DRAIN]
    values = events[0]["values"]
    assert values.dtype == np.float32 and values.shape == (ROWS,)
    # The row max is over the kept columns, the sum of exp over the columns the causal mask
    # leaves; the Exponential's max_value (imm0) is that row max, read per partition.
    xs = x.astype(np.float64)
    live = np.where(causal, -np.inf, xs)
    row_max = np.where(kept & ~causal, xs, -np.inf).max(axis=1, keepdims=True)
    want = np.exp(live - row_max).sum(axis=1)
    np.testing.assert_allclose(values, want, rtol=1e-5)
    np.testing.assert_array_equal(m.dump("sbuf", ROWSUM, np.float32, (ROWS, 1))[:, 0], values)


def trace_line(bundle):
    """A traced bundle as `isa run --trace` prints it (isa-cli's `trace_line`)."""
    line = f"{bundle['offset']:#010x}  {bundle['op']}"
    for what, key in [("read", "reads"), ("wrote", "writes")]:
        for o in bundle[key]:
            span = f"{o['space'].upper()}[{o['partition']}..{o['partition'] + o['partitions']}]@{o['byte']:#x}"
            line += f"  {what} {o['name']} {span} {o['dtype']} x{o['elements']}"
    return line


def test_a_trace_lists_each_bundle_as_isa_run_trace_does(tmp_path):
    x = scores(np.random.default_rng(5))
    m = isa.Machine(core="v4")
    causal, kept = load_kernel_inputs(m, x)
    trace = []
    m.run(EXAMPLES / "kernel.bin", drains={DRAIN: ROWSUM}, trace=trace)
    assert [t["offset"] for t in trace] == list(range(0, 9 * 64, 64))
    # kernel.jsonl's first bundle: a Memset of bf16 zeros at OUTPUT, 512 a partition, reading
    # nothing.
    assert trace[0] == {
        "offset": 0, "op": "Memset", "reads": [],
        "writes": [{"name": "dst", "space": "sbuf", "partition": 0, "partitions": 128, "byte": OUTPUT, "dtype": "bfloat16", "elements": 512}],
    }
    # The command's trace of the same run, line for line.
    loads = []
    for name, address, array in [("x", SCORES, x), ("causal", CAUSAL, causal), ("kept", PADDING, kept)]:
        np.save(tmp_path / f"{name}.npy", array.astype(np.float32 if name == "x" else np.uint8))
        loads += ["--load", f"sbuf@{address:#x}={tmp_path / name}.npy"]
    run = [str(ISA_BIN), "run", str(EXAMPLES / "kernel.bin"), "--core", "v4", *loads, "--drain", f"{DRAIN:#x}=sbuf@{ROWSUM:#x}", "--trace"]
    printed = subprocess.run(run, capture_output=True, text=True, check=True).stdout.splitlines()
    assert printed == [trace_line(t) for t in trace]


def test_a_failing_runs_trace_holds_the_bundles_before_the_failing_one():
    m = isa.Machine(core="v4")
    m.load("sbuf", 0, np.zeros((ROWS, COLUMNS), np.float32))
    trace = []
    with pytest.raises(ValueError, match="bundle at byte 0x40"):
        m.run(isa.encode([kernel_records()[0]]) + add_bundle(0, 0, 2048), trace=trace)
    assert [(t["offset"], t["op"]) for t in trace] == [(0, "Memset")]


def bf16_ulp(x):
    return 2.0 ** (np.floor(np.log2(np.abs(x))) - 7)


def test_the_softmax_kernel_is_within_one_bf16_ulp_of_an_f64_softmax():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    x = scores(np.random.default_rng(3))
    m = isa.Machine(core="v4")
    causal, kept = load_kernel_inputs(m, x)
    events = m.run(EXAMPLES / "kernel.bin", drains={DRAIN: ROWSUM})
    assert len(events) == 1
    out = m.dump("sbuf", OUTPUT, ml_dtypes.bfloat16, (ROWS, COLUMNS)).astype(np.float64)
    # The softmax over the columns the causal mask leaves; 0 where either mask removes a column.
    xs = np.where(causal, -np.inf, x.astype(np.float64))
    e = np.exp(xs - xs.max(axis=1, keepdims=True))
    want = np.where(kept & ~causal, e / e.sum(axis=1, keepdims=True), 0.0)
    written = want != 0
    assert np.all(out[~written] == 0)
    assert np.all(np.abs(out[written] - want[written]) <= bf16_ulp(want[written]))


def test_bfloat16_round_trips_through_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    values = np.array([[1.0, -2.5, 3.140625, 65280.0], [0.0, -0.0, 0.15625, -7.0]])
    a = values.astype(ml_dtypes.bfloat16)
    m = isa.Machine()
    m.load("sbuf", 100, a)
    back = m.dump("sbuf", 100, ml_dtypes.bfloat16, (2, 4))
    assert back.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(back.view(np.uint16), a.view(np.uint16))
    # bf16 is the high half of an fp32: the bytes are what the truncation of float32 makes for
    # these exactly representable values.
    want = (values.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    np.testing.assert_array_equal(m.dump("sbuf", 100, np.uint16, (2, 4)), want)


def test_run_all_runs_independent_kernels_each_on_its_machine():
    rng = np.random.default_rng(7)
    inputs = [(scores(rng), scores(rng)) for _ in range(4)]
    machines = [isa.Machine(core="v4") for _ in inputs]
    for m, (a, b) in zip(machines, inputs):
        m.load("sbuf", 0, a)
        m.load("sbuf", 2048, b)
    add = add_bundle(5120, 0, 2048)
    for threads in (1, None):
        assert isa.run_all(machines, [add] * len(machines), threads=threads) == [[]] * 4
        for m, (a, b) in zip(machines, inputs):
            np.testing.assert_array_equal(m.dump("sbuf", 5120, np.float32, (ROWS, COLUMNS)), a + b)


def test_run_all_names_each_failed_run_and_leaves_its_machine_as_it_was():
    rng = np.random.default_rng(8)
    a, b = scores(rng), scores(rng)
    good, bad = isa.Machine(core="v4"), isa.Machine(core="v4")
    for m in (good, bad):
        m.load("sbuf", 0, a)
    good.load("sbuf", 2048, b)  # `bad` never has in1 written
    add = add_bundle(5120, 0, 2048)
    with pytest.raises(ValueError, match=r"^run 1: bundle at byte 0x0 \(TensorTensor\): operand in1: reads unwritten"):
        isa.run_all([good, bad], [add, add])
    np.testing.assert_array_equal(good.dump("sbuf", 5120, np.float32, (ROWS, COLUMNS)), a + b)
    with pytest.raises(ValueError, match="reads unwritten SBUF byte 0x1400"):
        bad.dump("sbuf", 5120, np.float32, (1, 1))
    with pytest.raises(ValueError, match="given twice"):
        isa.run_all([good, good], [add, add])
    with pytest.raises(ValueError, match="2 machines for 1 streams"):
        isa.run_all([good, bad], [add])
