"""Random element values for the differential tests, by profile: small whole numbers (exact in
every dtype, so integer outputs stay stated), booleans (for the logical ops and predicates),
wide magnitudes, raw bit patterns and the special values (signed zeros, infinities, NaN,
subnormals, the largest finite values)."""

import numpy as np

from reference.numeric import FORMATS, is_integer

PROFILES = ("small", "boolean", "wide", "bits", "special", "positive")
SPECIAL_F32 = np.array(
    [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, np.inf, -np.inf, np.nan, 1e-40, -1e-40, 3.4028235e38, -3.4028235e38, 65504.0, 448.0, 240.0, 57344.0],
    np.float32,
)


def values(rng: np.random.Generator, name: str, shape: tuple, profile: str) -> np.ndarray:
    """An array of `shape` in dtype `name`, drawn by `profile`."""
    dtype = FORMATS[name]
    if profile == "bits":
        raw = rng.integers(0, 256, size=shape + (dtype.itemsize,), dtype=np.uint8)
        return raw.view(dtype).reshape(shape)
    if is_integer(name):
        return _integers(rng, dtype, shape, profile)
    with np.errstate(over="ignore"):  # wide values overflow the narrow formats to inf
        return _floats(rng, shape, profile).astype(dtype)


def _integers(rng, dtype, shape, profile):
    info = np.iinfo(dtype)
    if profile == "boolean":
        return rng.integers(0, 2, size=shape).astype(dtype)
    if profile in ("small", "positive"):
        low = 1 if profile == "positive" else max(info.min, -8)
        return rng.integers(low, 9, size=shape).astype(dtype)
    # Wide and special: the dtype's range, within 2^24 so that fp32 holds each value exactly.
    low, high = max(info.min, -(1 << 24)), min(info.max, 1 << 24)
    picked = rng.integers(low, high + 1, size=shape, dtype=np.int64)
    if profile == "special":
        edges = np.array([low, high, 0, 1, low + 1, high - 1])
        picked = np.where(rng.random(shape) < 0.5, rng.choice(edges, size=shape), picked)
    return picked.astype(dtype)


def _floats(rng, shape, profile):
    if profile == "boolean":
        return rng.integers(0, 2, size=shape).astype(np.float32)
    if profile == "small":
        return rng.integers(-8, 9, size=shape).astype(np.float32) / rng.choice([1, 2, 4], size=shape)
    if profile == "positive":
        return np.exp2(rng.uniform(-6, 6, size=shape)).astype(np.float32)
    if profile == "special":
        return rng.choice(SPECIAL_F32, size=shape)
    magnitude = np.exp2(rng.uniform(-20, 20, size=shape))
    return (magnitude * rng.choice([-1.0, 1.0], size=shape)).astype(np.float32)
