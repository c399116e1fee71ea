#!/usr/bin/env python3
"""Writes the golden conversion tables of `isa-sim` from ml_dtypes (the reference the simulator's
number conversions must match bit for bit).

Usage: generate.py OUT_DIR   (the committed tables are isa-sim/golden/tables)

The versions are pinned in requirements.txt beside this script (ml-dtypes 0.6.0, numpy 2.3.5);
the script refuses to run under others. check.sh regenerates the tables and compares them with
the committed ones. For each float format
it writes two files, every value in lowercase hex, one entry a line:
  <name>.decode: `CODE F32BITS`   every code point of the format, decoded to fp32;
  <name>.encode: `F32BITS CODE`   fp32 inputs rounded to the format: the exact midpoint (a tie)
                                   between every pair of neighbouring finite values and the fp32
                                   values either side of it (all pairs for 8- and 4-bit formats;
                                   for 16-bit formats the pairs at each binade's edges), overflow
                                   past the largest finite value, underflow to zero, specials,
                                   and deterministic random fp32 values.
"""
import sys
from pathlib import Path

import ml_dtypes
import numpy as np

def pinned():
    """The versions of requirements.txt, by module name."""
    lines = (Path(__file__).parent / "requirements.txt").read_text().split()
    return {name.replace("-", "_"): version for name, version in (line.split("==") for line in lines)}


# (ml_dtypes name, bits of a code)
FORMATS = [
    ("bfloat16", 16),
    ("float16", 16),
    ("float8_e4m3", 8),
    ("float8_e4m3fn", 8),
    ("float8_e5m2", 8),
    ("float8_e3m4", 8),
    ("float8_e8m0fnu", 8),
    ("float4_e2m1fn", 4),
]

RANDOM_BITS = 1500  # uniformly random fp32 bit patterns per format
RANDOM_IN_RANGE = 1500  # random fp32 values with a magnitude near the format's range


def dtype_of(name):
    return np.float16 if name == "float16" else getattr(ml_dtypes, name)


def code_view(bits):
    return np.uint16 if bits == 16 else np.uint8


def decode_all(name, bits):
    """Every code point of the format, as fp32."""
    codes = np.arange(1 << bits, dtype=code_view(bits))
    return codes, codes.view(dtype_of(name)).astype(np.float32)


def encode(name, bits, f32):
    return f32.astype(dtype_of(name)).view(code_view(bits))


def f32(values):
    return np.asarray(values, dtype=np.float64).astype(np.float32)


def neighbours(x):
    """x and the fp32 values one unit in the last place below and above it."""
    x = f32(x)
    return np.concatenate([x, np.nextafter(x, f32(-np.inf)), np.nextafter(x, f32(np.inf))])


def edge_inputs(name, bits, decoded):
    """The fp32 inputs that pin rounding: ties, overflow, underflow, specials."""
    finite = np.unique(decoded[np.isfinite(decoded)].astype(np.float64))
    positive = finite[finite >= 0]
    if bits == 16:
        # Pairs at binade edges: a code whose mantissa is 0, 1, max-1 or max, and its successor.
        codes = np.arange(1 << bits, dtype=np.uint32)
        mant = codes & ((1 << ml_dtypes.finfo(dtype_of(name)).nmant) - 1)
        mask = np.isin(mant, [0, 1, mant.max() - 1, mant.max()]) & np.isfinite(decoded)
        chosen = np.unique(np.abs(decoded[mask].astype(np.float64)))
        index = np.searchsorted(positive, chosen)
        index = index[index + 1 < len(positive)]
        low, high = positive[index], positive[index + 1]
    else:
        low, high = positive[:-1], positive[1:]
    exact = np.concatenate([low, high])
    ties = (low + high) / 2.0
    largest = positive[-1]
    ulp_at_max = positive[-1] - positive[-2]
    beyond = [largest + ulp_at_max / 2.0, largest + ulp_at_max, 2.0 * largest, largest * 1.5]
    smallest = positive[positive > 0][0]
    below = [smallest / 2.0, smallest / 4.0, smallest * 0.75]
    fp32_edges = [np.finfo(np.float32).max, np.finfo(np.float32).tiny, 2.0**-149, 1.0, 0.0]
    magnitudes = np.concatenate([ties, exact, beyond, below, fp32_edges])
    values = neighbours(magnitudes)
    values = values[np.isfinite(values)]
    specials = f32([np.inf, -np.inf, 0.0, -0.0])
    nans = np.array([0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFFFFFFF, 0x7FA00000], dtype=np.uint32)
    return np.concatenate([values, -values, specials, nans.view(np.float32)])


def random_inputs(name, seed):
    rng = np.random.default_rng(seed)
    random_bits = rng.integers(0, 1 << 32, size=RANDOM_BITS, dtype=np.uint64).astype(np.uint32)
    info = ml_dtypes.finfo(dtype_of(name))
    low = np.log2(float(info.smallest_subnormal)) - 2.0
    high = np.log2(float(info.max)) + 2.0
    exponent = rng.uniform(low, high, size=RANDOM_IN_RANGE)
    sign = rng.choice([-1.0, 1.0], size=RANDOM_IN_RANGE)
    in_range = f32(sign * np.exp2(exponent))
    return np.concatenate([random_bits.view(np.float32), in_range])


def write(path, pairs, widths):
    left, right = widths
    with open(path, "w") as out:
        out.write(f"# ml_dtypes {ml_dtypes.__version__}, numpy {np.__version__}\n")
        for a, b in pairs:
            out.write(f"{int(a):0{left}x} {int(b):0{right}x}\n")


def generate(name, bits, out_dir, seed):
    width = max(1, bits // 4)
    codes, decoded = decode_all(name, bits)
    write(out_dir / f"{name}.decode", zip(codes, decoded.view(np.uint32)), (width, 8))
    inputs = np.concatenate([edge_inputs(name, bits, decoded), random_inputs(name, seed)])
    inputs = np.unique(inputs.view(np.uint32)).view(np.float32)
    write(out_dir / f"{name}.encode", zip(inputs.view(np.uint32), encode(name, bits, inputs)), (8, width))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py OUT_DIR")
    found = {"ml_dtypes": ml_dtypes.__version__, "numpy": np.__version__}
    if found != pinned():
        sys.exit(f"generate.py needs {pinned()}, found {found}")
    out_dir = Path(sys.argv[1])
    out_dir.mkdir(parents=True, exist_ok=True)
    # Overflow and NaN casts are what the tables record, not faults.
    np.seterr(all="ignore")
    for seed, (name, bits) in enumerate(FORMATS):
        generate(name, bits, out_dir, seed)


if __name__ == "__main__":
    main()
