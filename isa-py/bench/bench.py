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
import resource
import statistics
import subprocess
import sys
import time

import isa_bundles as isa

RUNS = 3


def spread(values):
    return f"{statistics.median(values):.4g} (min {min(values):.4g}, max {max(values):.4g})"


def child_cpu(command):
    """The CPU seconds a child process takes (user and system): on a shared machine, wall
    time counts the other processes too."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def rust_batch(bench_stream, path, repeat=5):
    """`decode_batch` CPU seconds per pass over the file, from a process that makes `repeat`
    passes less one that makes none (reading the file, starting up)."""
    return (
        child_cpu([bench_stream, "batch", str(path), str(repeat)])
        - child_cpu([bench_stream, "batch", str(path), "0"])
    ) / repeat


def timed(call, *args):
    """The CPU seconds of one call, and its result."""
    start = time.process_time()
    result = call(*args)
    return time.process_time() - start, result


MEMORY = """
import sys, tracemalloc
import isa_bundles as isa

def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) * 1024

data = open(sys.argv[1], "rb").read()
isa.tables(data[:64 * 64])  # numpy and the module loaded before the measure
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the peak resident size starts again from here
before = status("VmRSS:")
tracemalloc.start()
tables = isa.tables(data)
traced = tracemalloc.get_traced_memory()[1]
size = sum(a.nbytes for a in tables.values())
print((status("VmHWM:") - before) / size, traced / size, size)
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

    rust = [rust_batch(args.bench_stream, args.stream) for _ in range(RUNS)]
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
    print(f"stream: {len(data) / 2**20:.0f} MiB, {n} bundles; {RUNS} runs, median (min, max); CPU time of the process (user and system)\n")
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
