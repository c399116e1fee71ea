"""The simulator from Python against NumPy on the same arrays, in one run.

Run by `isa-py/bench/run.sh` (or alone, with the module installed: `python isa-py/bench/machine.py`);
prints a Markdown table of three runs (median, min, max), each a best-of-`REPEAT` timing:

- `Machine.run` of an empty stream on a v4 machine (the fixed cost of a run);
- a TensorTensor fp32 add of two 128 x 2048 tiles through `Machine.run`, against
  `numpy.add(a, b, out=c)` on the same arrays (speed ratio: NumPy time / simulator time);
- the example masked softmax (`examples/kernel.bin`, nine bundles) through `Machine.run`, against
  a NumPy softmax of the same tile with the same masks (time ratio: simulator / NumPy).
"""

import pathlib
import statistics
import time

import ml_dtypes
import numpy as np

import isa_bundles as isa

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUNS, REPEAT = 3, 20
ROWS, COLS = 128, 2048
# The example kernel's layout (isa-cli/examples/make_kernel.rs), bytes of every partition.
SCORES, CAUSAL, VALID, OUTPUT, ROWSUM, DRAIN = 0x0, 0x800, 0x1000, 0x2400, 0x2804, 5 * 64


def best(call):
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def spread(values, unit=""):
    return f"{statistics.median(values):.4g}{unit} (min {min(values):.4g}, max {max(values):.4g})"


def add_stream():
    walk = lambda addr: {"addr": addr, "strides": [1, 1, 1], "nums": [COLS, 1, 1]}
    band = dict(wait_mode=0, wait_index=0, update_mode=0, update_index=0, value=0)
    return isa.encode([{
        "op": "TensorTensor", "opcode": "tensor_tensor", "sync": band,
        "in0_dtype": "float32", "in1_dtype": "float32", "out_dtype": "float32", "alu": "add",
        "num_active_partitions": ROWS, "out": walk(2 * 4 * COLS), "in0": walk(0), "in1": walk(4 * COLS),
    }])


def numpy_softmax(x, causal, valid):
    xm = np.where(causal, np.float32(-np.inf), x)
    row_max = np.where(valid & ~causal, xm, np.float32(0)).max(axis=1, keepdims=True)
    e = np.exp(xm - row_max)
    p = e * (np.float32(1) / e.sum(axis=1, keepdims=True))
    return np.where(valid, p, np.float32(0)).astype(ml_dtypes.bfloat16)


def main():
    rng = np.random.default_rng(0)
    a, b = (rng.uniform(-4, 4, (ROWS, COLS)).astype(np.float32) for _ in range(2))
    c = np.empty_like(a)
    m = isa.Machine(core="v4")
    m.load("sbuf", 0, a)
    m.load("sbuf", 4 * COLS, b)
    add = add_stream()
    m.run(add)
    assert np.array_equal(m.dump("sbuf", 8 * COLS, np.float32, (ROWS, COLS)), a + b)

    x = rng.uniform(-4, 4, (128, 512)).astype(np.float32)
    rows, cols = np.indices((128, 512))
    causal = cols > rows + 384
    valid = cols < 512 - 16 * (rows % 7)
    k = isa.Machine(core="v4")
    k.load("sbuf", SCORES, x)
    k.load("sbuf", CAUSAL, causal.astype(np.uint8))
    k.load("sbuf", VALID, valid.astype(np.uint8))
    kernel = (ROOT / "examples" / "kernel.bin").read_bytes()
    k.run(kernel, drains={DRAIN: ROWSUM})

    empty, add_ratio, softmax_ratio, add_us, softmax_us = [], [], [], [], []
    for _ in range(RUNS):
        empty.append(best(lambda: m.run(b"")) * 1e6)
        sim = best(lambda: m.run(add))
        ref = best(lambda: np.add(a, b, out=c))
        add_ratio.append(ref / sim)
        add_us.append(sim * 1e6)
        sim = best(lambda: k.run(kernel, drains={DRAIN: ROWSUM}))
        ref = best(lambda: numpy_softmax(x, causal, valid))
        softmax_ratio.append(sim / ref)
        softmax_us.append(sim * 1e6)
    print(f"{RUNS} runs, each the best of {REPEAT} calls; median (min, max)\n")
    print("| figure | value |")
    print("| --- | --- |")
    print(f"| `Machine.run` of an empty stream, v4, µs | {spread(empty)} |")
    print(f"| fp32 add 128 x 2048 through `Machine.run`, µs | {spread(add_us)} |")
    print(f"| the same, `numpy.add(a, b, out=c)` time / `Machine.run` time | {spread(add_ratio)} |")
    print(f"| softmax kernel through `Machine.run`, µs | {spread(softmax_us)} |")
    print(f"| the same, `Machine.run` time / NumPy softmax time | {spread(softmax_ratio)} |")


if __name__ == "__main__":
    main()
