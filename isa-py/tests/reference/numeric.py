"""Element formats, the conversions the pages state, and the comparison of results in ulps.

Arithmetic converts every input to fp32, computes in fp32 and converts the result to the output
dtype [I1 tensor_tensor, tensor_scalar; I2 "Supported Math Operators"]. The conversion rounds to
nearest even on every NeuronCore [D1, D2]; a downcast does not saturate (FP32_MIN becomes -inf
in bf16, fp16 and fp8 [I1 range_select]); ml_dtypes rounds the same way and does not saturate
[M1]. No page states how fp32 becomes an integer (rounding, saturation, NaN) or how an integer
above 2^24 becomes fp32: those elements are unstated (SEMANTICS-NOTES §7).
"""

from dataclasses import dataclass

import ml_dtypes
import numpy as np


class Unstated(Exception):
    """No public source states this behaviour; the tests skip the corner it names."""


#: The wire dtype names (as records spell them) whose element format a public page names: the
#: integer and float rows of the NKI dtype table [I2 "Supported Data Types"]. `float8e4` is the
#: table's float8_e4m3 (1S,4E,3M), max 240 on Trn2 [V1], ml_dtypes' IEEE-like float8_e4m3;
#: `float8e5` the table's float8_e5m2; `float8_e4m3fn` (OCP, no inf) is NeuronCore-v4 only
#: [E1, E2].
FORMATS = {
    "uint8": np.dtype(np.uint8),
    "int8": np.dtype(np.int8),
    "uint16": np.dtype(np.uint16),
    "int16": np.dtype(np.int16),
    "uint32": np.dtype(np.uint32),
    "int32": np.dtype(np.int32),
    "float32": np.dtype(np.float32),
    "float16": np.dtype(np.float16),
    "bfloat16": np.dtype(ml_dtypes.bfloat16),
    "float8e4": np.dtype(ml_dtypes.float8_e4m3),
    "float8e5": np.dtype(ml_dtypes.float8_e5m2),
    "float8_e4m3fn": np.dtype(ml_dtypes.float8_e4m3fn),
}
#: Formats whose meaning on a core no page states. F8E4M3FN is not supported on Trn1/Trn2 [E1].
#: NeuronCore-v4 supports both E4M3FN [E1] and the legacy E4M3 (rejected only after Trn3 [E2]),
#: and the bundles give both one dtype tag (a record's float8_e4m3fn decodes as float8e4), so
#: which of the two an NC-v4 float8e4 operand holds is on no page.
UNSTATED_ON = {"v2": {"float8_e4m3fn"}, "v3": {"float8_e4m3fn"}, "v4": {"float8_e4m3fn", "float8e4"}}
INTEGERS = ("uint8", "int8", "uint16", "int16", "uint32", "int32")
FLOATS = ("float32", "float16", "bfloat16", "float8e4", "float8e5", "float8_e4m3fn")
#: fp32 holds every integer of magnitude up to 2^24 exactly.
EXACT_INT = 1 << 24


def fmt(name: str, core: str) -> np.dtype:
    """The NumPy dtype of wire dtype `name` on `core`; Unstated for a dtype no page describes."""
    if name not in FORMATS:
        raise Unstated(f"no public page gives the element format of dtype {name}")
    if name in UNSTATED_ON[core]:
        raise Unstated(f"no page states what dtype {name} holds on NeuronCore-{core} [E1, E2]")
    return FORMATS[name]


def is_integer(name: str) -> bool:
    return name in INTEGERS


@dataclass
class Values:
    """Values of one walk: `values` in the format of `dtype`, `stated` where a page states the
    element, `ulps` the distance a result may lie from `values` (0: exactly rounded)."""

    values: np.ndarray
    stated: np.ndarray
    ulps: np.ndarray


def to_f32(values: np.ndarray, name: str) -> tuple[np.ndarray, np.ndarray]:
    """fp32 values of elements of dtype `name`, and where the conversion is stated: floats
    widen exactly; an integer is exact up to 2^24 and unstated beyond (how the engine rounds it
    is on no page)."""
    if is_integer(name):
        wide = values.astype(np.int64)
        return wide.astype(np.float32), np.abs(wide) <= EXACT_INT
    return values.astype(np.float32), np.ones(values.shape, bool)


def from_f32(values: np.ndarray, name: str, core: str) -> tuple[np.ndarray, np.ndarray]:
    """fp32 results converted to dtype `name`, and where the conversion is stated.

    A float format rounds to nearest even without saturating [D1, D2; I1 range_select; M1];
    float8_e4m3fn has no infinity and no page says what an overflow becomes, so an overflow is
    unstated. An integer format is stated only for a finite whole value in its range."""
    dtype = fmt(name, core)
    values = np.asarray(values, np.float32)
    if is_integer(name):
        info = np.iinfo(dtype)
        with np.errstate(invalid="ignore"):
            whole = np.isfinite(values) & (np.floor(values) == values)
        fits = whole & (values >= info.min) & (values <= info.max)
        out = np.where(fits, values, 0).astype(np.int64).astype(dtype)
        return out, fits
    with np.errstate(over="ignore", invalid="ignore"):
        out = values.astype(dtype)
    stated = np.ones(values.shape, bool)
    if name == "float8_e4m3fn":
        stated = np.isnan(values) | np.isfinite(out.astype(np.float32))
    return out, stated


def ordered(values: np.ndarray) -> np.ndarray:
    """Float codes as integers in the order of their values (sign-magnitude to a number line),
    so that adjacent representable values differ by 1."""
    bits = values.view(f"u{values.dtype.itemsize}").astype(np.int64)
    sign = np.int64(1) << (8 * values.dtype.itemsize - 1)
    magnitude = bits & (sign - 1)
    return np.where(bits & sign, -magnitude, magnitude)


def mismatches(got: np.ndarray, want: Values, name: str) -> np.ndarray:
    """Where `got` (the simulator's elements, dtype `name`) is not `want`: integers exactly, floats
    within `want.ulps` (NaN matches any NaN: no page states payloads), unstated elements never."""
    if is_integer(name):
        bad = got.astype(np.int64) != want.values.astype(np.int64)
        return bad & want.stated
    g32 = got.astype(np.float32)
    w32 = want.values.astype(np.float32)
    both_nan = np.isnan(g32) & np.isnan(w32)
    one_nan = np.isnan(g32) ^ np.isnan(w32)
    expected = want.values.astype(got.dtype)
    distance = np.abs(ordered(got) - ordered(expected))
    unsigned = f"u{got.dtype.itemsize}"
    # An exactly rounded result is the same code, the sign of a zero included (IEEE fp32 math).
    differs = np.where(want.ulps == 0, got.view(unsigned) != expected.view(unsigned), distance > want.ulps)
    bad = one_nan | (~both_nan & differs)
    return bad & want.stated
