"""The Python module against the Rust decoder and the exported pure-Python module.

Run by `isa-py/bench/run.sh` (which builds what it needs); prints a Markdown table of three runs:

- `tables()` on the benchmarks' 64 MB mixed stream against `Family::decode_batch` (the
  `bench-stream batch` kernel) on the same file, in the same run;
- `decode()` against the module `isa export --format python` writes (`iter_bundles`), on the
  first N bundles of the same stream (the pure-Python module takes tens of microseconds a bundle);
- the memory `tables()` takes (peak RSS growth, in a fresh process, and tracemalloc's peak)
  against the size of the arrays it returns.
"""

import argparse
import importlib.util

import pathlib
import statistics
import subprocess
import sys
import time

import isa_bundles as isa

RUNS = 3


def spread(values):
    return f"{statistics.median(values):.4g} (min {min(values):.4g}, max {max(values):.4g})"


def rust_batch(bench_stream, path):
    out = subprocess.run([bench_stream, "batch", str(path), str(RUNS)], capture_output=True, check=True)
    return [float(line.split()[0]) for line in out.stdout.decode().splitlines()]


def timed(call, *args):
    start = time.perf_counter()
    result = call(*args)
    return time.perf_counter() - start, result


MEMORY = """
import resource, sys, tracemalloc
import isa_bundles as isa
data = open(sys.argv[1], "rb").read()
isa.tables(data[:64 * 64])  # numpy and the module loaded before the measure
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
tables = isa.tables(data)
traced = tracemalloc.get_traced_memory()[1]
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
size = sum(a.nbytes for a in tables.values())
print((after - before) * 1024 / size, traced / size, size)
"""


def memory(path):
    out = subprocess.run([sys.executable, "-c", MEMORY, str(path)], capture_output=True, check=True)
    rss, traced, size = out.stdout.decode().split()
    return float(rss), float(traced), int(size)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stream", required=True, help="the 64 MB mixed stream")
    parser.add_argument("--bench-stream", required=True)
    parser.add_argument("--exported", required=True, help="the module of `isa export --format python`")
    parser.add_argument("--python-bundles", type=int, default=20_000)
    args = parser.parse_args()
    data = pathlib.Path(args.stream).read_bytes()
    n = len(data) // 64

    rust = rust_batch(args.bench_stream, args.stream)
    tables = [timed(isa.tables, data)[0] for _ in range(RUNS)]
    ratio = [t / r for t, r in zip(tables, rust)]

    spec = importlib.util.spec_from_file_location("exported", args.exported)
    exported = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(exported)
    part = data[: 64 * args.python_bundles]
    pure = [timed(lambda d: list(exported.iter_bundles(d)), part)[0] for _ in range(RUNS)]
    native = [timed(isa.decode, part)[0] for _ in range(RUNS)]
    speedup = [p / q for p, q in zip(pure, native)]

    mem = [memory(args.stream) for _ in range(RUNS)]
    us = lambda ts, k: [t / k * 1e6 for t in ts]  # noqa: E731
    ns = lambda ts, k: [t / k * 1e9 for t in ts]  # noqa: E731
    print(f"stream: {len(data) / 2**20:.0f} MiB, {n} bundles; {RUNS} runs, median (min, max)\n")
    print("| figure | value |")
    print("| --- | --- |")
    print(f"| `decode_batch` (Rust), ns/bundle | {spread(ns(rust, n))} |")
    print(f"| `tables()`, ns/bundle | {spread(ns(tables, n))} |")
    print(f"| `tables()` / `decode_batch` | {spread(ratio)} |")
    print(f"| exported pure-Python `iter_bundles`, µs/bundle ({args.python_bundles} bundles) | {spread(us(pure, args.python_bundles))} |")
    print(f"| `decode()`, µs/bundle (same bundles) | {spread(us(native, args.python_bundles))} |")
    print(f"| `decode()` speed-up over pure Python | {spread(speedup)} |")
    print(f"| `tables()` arrays, MiB | {mem[0][2] / 2**20:.1f} |")
    print(f"| `tables()` peak RSS growth / array bytes | {spread([m[0] for m in mem])} |")
    print(f"| `tables()` tracemalloc peak / array bytes | {spread([m[1] for m in mem])} |")


if __name__ == "__main__":
    main()
