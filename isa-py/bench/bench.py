"""The Python module against the Rust decoder and the exported pure-Python module.

Run by `isa-py/bench/run.sh` (which builds what it needs); prints a Markdown table of three runs:

- `tables()` on the benchmarks' 64 MB mixed stream against `Family::decode_batch` (the
  `bench-stream batch` kernel, one thread) on the same file, in the same run: on one thread
  (`threads=1`, CPU time against CPU time) and on every core (`threads=None`, wall time against
  `decode_batch`'s wall time on one thread);
- `decode()` against the module `isa export --format python` writes (`iter_bundles`), on the
  first N bundles of the same stream (the pure-Python module takes tens of microseconds a bundle),
  and against its floor: `json.loads` of the command's JSON Lines of the same bundles, which
  builds the very same dicts;
- the memory `tables()` takes (peak RSS growth, in a fresh process, and tracemalloc's peak)
  against the size of the arrays it returns.
"""

import argparse
import importlib.util
import json
import os

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


def rust_batch_wall(bench_stream, path, repeat=5):
    """`decode_batch` wall seconds per pass over the file, the fastest of `repeat` passes (each
    timed by the process itself)."""
    out = subprocess.run([bench_stream, "batch", str(path), str(repeat)], capture_output=True, check=True)
    return min(float(line.split()[0]) for line in out.stdout.decode().splitlines())


def timed(call, *args, **kwargs):
    """The CPU seconds of one call, and its result."""
    start = time.process_time()
    result = call(*args, **kwargs)
    return time.process_time() - start, result


def wall(call, *args, **kwargs):
    """The wall seconds of one call."""
    start = time.perf_counter()
    result = call(*args, **kwargs)
    seconds = time.perf_counter() - start
    del result  # freed after the clock stops, as `timed` frees it
    return seconds


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
    parser.add_argument("--isa", required=True, help="the `isa` command, for the JSON Lines floor")
    args = parser.parse_args()
    data = pathlib.Path(args.stream).read_bytes()
    n = len(data) // 64

    cores = os.cpu_count()
    rust = [rust_batch(args.bench_stream, args.stream) for _ in range(RUNS)]
    rust_wall = [rust_batch_wall(args.bench_stream, args.stream) for _ in range(RUNS)]
    # The first call of a process pays for the kernel's first huge pages; not counted.
    isa.tables(data)
    tables = [timed(isa.tables, data, threads=1)[0] for _ in range(RUNS)]
    ratio = [t / r for t, r in zip(tables, rust)]
    one_wall = [wall(isa.tables, data, threads=1) for _ in range(RUNS)]
    all_wall = [wall(isa.tables, data) for _ in range(RUNS)]
    ratio_all = [t / r for t, r in zip(all_wall, rust_wall)]
    speedup = [o / a for o, a in zip(one_wall, all_wall)]

    spec = importlib.util.spec_from_file_location("exported", args.exported)
    exported = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(exported)
    part = data[: 64 * args.python_bundles]
    pure = [timed(lambda d: list(exported.iter_bundles(d)), part)[0] for _ in range(RUNS)]
    native = [timed(isa.decode, part)[0] for _ in range(RUNS)]
    faster = [p / q for p, q in zip(pure, native)]
    # The floor: the command's JSON Lines of the same bundles, made beforehand, parsed by
    # json.loads into the very dicts decode() returns.
    lines = subprocess.run([args.isa, "decode", "--json", "-"], input=part, capture_output=True, check=True).stdout.decode().splitlines()
    assert isa.decode(part) == [json.loads(line) for line in lines]
    floor = [timed(lambda ls: [json.loads(line) for line in ls], lines)[0] for _ in range(RUNS)]
    over_floor = [q / f for q, f in zip(native, floor)]

    mem = [memory(args.stream) for _ in range(RUNS)]
    us = lambda ts, k: [t / k * 1e6 for t in ts]  # noqa: E731
    ns = lambda ts, k: [t / k * 1e9 for t in ts]  # noqa: E731
    print(f"stream: {len(data) / 2**20:.0f} MiB, {n} bundles; {RUNS} runs, median (min, max); CPU time of the process (user and system)\n")
    print("| figure | value |")
    print("| --- | --- |")
    print(f"| `decode_batch` (Rust), ns/bundle | {spread(ns(rust, n))} |")
    print(f"| `tables(threads=1)`, ns/bundle | {spread(ns(tables, n))} |")
    print(f"| `tables()` / `decode_batch`, one thread, CPU time | {spread(ratio)} |")
    print(f"| `decode_batch` (Rust), ns/bundle, wall, fastest of 5 passes | {spread(ns(rust_wall, n))} |")
    print(f"| `tables(threads=1)`, ns/bundle, wall | {spread(ns(one_wall, n))} |")
    print(f"| `tables()` on {cores} cores, ns/bundle, wall | {spread(ns(all_wall, n))} |")
    print(f"| `tables()` on {cores} cores / `decode_batch` on one, wall | {spread(ratio_all)} |")
    print(f"| `tables()` on {cores} cores against one thread, speed-up | {spread(speedup)} |")
    print(f"| exported pure-Python `iter_bundles`, µs/bundle ({args.python_bundles} bundles) | {spread(us(pure, args.python_bundles))} |")
    print(f"| `decode()`, µs/bundle (same bundles) | {spread(us(native, args.python_bundles))} |")
    print(f"| `decode()` speed-up over pure Python | {spread(faster)} |")
    print(f"| `json.loads` of the command's JSON Lines of the same bundles, µs/bundle | {spread(us(floor, args.python_bundles))} |")
    print(f"| `decode()` time / `json.loads` time | {spread(over_floor)} |")
    print(f"| `tables()` arrays, MiB | {mem[0][2] / 2**20:.1f} |")
    print(f"| `tables()` peak RSS growth / array bytes | {spread([m[0] for m in mem])} |")
    print(f"| `tables()` tracemalloc peak / array bytes | {spread([m[1] for m in mem])} |")


if __name__ == "__main__":
    main()
