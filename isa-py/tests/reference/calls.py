"""The public meaning of each kernel call, over the call's own tiles.

`reference.ops` gives a bundle's record a meaning; this module gives one to a call as a kernel
author writes it (`isa_bundles.tensor_tensor(dst, data1, data2, op)` and its siblings, which
follow the nki.isa signatures [I1]). It reads the tiles as the tile convention states them and
never looks at the bundles a lowering made, so a lowering that fills a field wrong (swaps
data1 and data2, drops a reverse flag, packs a stride off by one) computes something else than
the call's meaning, and a differential test sees it.

A tile is `(space, address, start_partition, partitions, free, dtype)`: `free` is
`[[step, num], ...]` outermost first, steps in elements, or a shape walked row by row; every
partition walks the same free pattern from byte `address` [I1 tiles; N1]. A scalar operand is
a Python number (an fp32 immediate) or a tile of one element a partition.
"""

from dataclasses import dataclass
from typing import Union

import numpy as np

from . import alu as alus
from . import ops
from .access import Pattern, word
from .numeric import FORMATS, Unstated, Values, fmt, is_integer

Scalar = Union[float, int, tuple]


@dataclass(frozen=True)
class Tile:
    """A call's tile as the reference reads it: its walk and its dtype."""

    pattern: Pattern
    dtype: str

    @classmethod
    def of(cls, tile: tuple) -> "Tile":
        space, address, start, partitions, free, dtype = tile
        if all(isinstance(axis, int) for axis in free):
            steps, step = [], 1
            for num in reversed(free):
                steps.append([step, num])
                step *= num
            free = list(reversed(steps))
        # The pattern keeps axis 0 innermost: the tile lists the outermost first.
        strides = tuple(step for step, _ in reversed(free))
        nums = tuple(num for _, num in reversed(free))
        return cls(Pattern(word(space, start, address), strides, nums, partitions), dtype)


def _read(state: ops.State, tile: Tile):
    return ops._read(state, tile.pattern, tile.dtype)


def _scalar(state: ops.State, value: Scalar, partitions: int):
    """An fp32 immediate, or a `(P, 1)` fp32 tile broadcast along the free axes [I1
    tensor_scalar: "operand0 and operand1 must be float32"]."""
    if isinstance(value, tuple):
        tile = Tile.of(value)
        if tile.dtype != "float32" or tile.pattern.elements != 1:
            raise Unstated(f"a scalar tile of {tile.dtype} with {tile.pattern.elements} elements a partition")
        return _read(state, tile)
    return np.full((partitions, 1), np.float32(value)), np.ones((partitions, 1), bool)


def _store(state: ops.State, name: str, dst: Tile, values: Values) -> ops.Write:
    return ops._store(state, name, dst.pattern, dst.dtype, values)


def tensor_tensor(state: ops.State, dst: tuple, data1: tuple, data2: tuple, op: str, bitvec: bool = False, engine=None) -> list:
    """nki.isa.tensor_tensor [I1]: `dst = data1 op data2` element-wise, in fp32 for the
    arithmetic operators (cast to dst.dtype), over bit patterns for the bitvec ones [I2]
    (`bitvec` names the class, as the call's flag does). The engine that runs it (`engine`)
    does not change the meaning."""
    out, x_tile, y_tile = Tile.of(dst), Tile.of(data1), Tile.of(data2)
    entry = alus.alu(op, state.core)
    if bitvec != (entry.kind == "bitvec"):
        raise Unstated(f"{op} called {'with' if bitvec else 'without'} bitvec [I2]")
    if bitvec:
        if len({out.dtype, x_tile.dtype, y_tile.dtype}) != 1 or not is_integer(out.dtype):
            raise Unstated("a bitvec operator over mixed or float dtypes [I1 tensor_tensor]")
        unsigned = np.dtype(f"u{FORMATS[out.dtype].itemsize}")
        x = state.memory.read(x_tile.pattern, unsigned)
        y = state.memory.read(y_tile.pattern, unsigned)
        bits, stated = alus.apply_bits(entry, x, y, 8 * unsigned.itemsize)
        values = Values(bits.astype(unsigned).view(FORMATS[out.dtype]), stated, np.zeros(bits.shape, int))
        return [_store(state, "dst", out, values)]
    x, sx = _read(state, x_tile)
    y, sy = _read(state, y_tile)
    result, stated = alus.apply(entry, x, y)
    values = ops.finish(result, stated & sx & sy, entry.ulps, out.dtype, state.core)
    return [_store(state, "dst", out, values)]


def tensor_scalar(state, dst, data, op0, operand0, reverse0=False, op1="bypass", operand1=0.0, reverse1=False, bitvec=False) -> list:
    """nki.isa.tensor_scalar [I1]: `(data op0 operand0) op1 operand1` in fp32, each operand an
    fp32 immediate or a `(P, 1)` vector; `reverse0` computes `operand0 op0 data`, `reverse1`
    `operand1 op1 tmp`; op1 absent is bypass. With `bitvec`, the bitvec operators over the bit
    patterns of integer tiles [I2] (`_tensor_scalar_bits`)."""
    out, src = Tile.of(dst), Tile.of(data)
    if bitvec:
        return _tensor_scalar_bits(state, out, src, (op0, operand0, reverse0), (op1 or "bypass", operand1, reverse1))
    n = src.pattern.partitions
    x, sx = _read(state, src)
    s0, ok0 = _scalar(state, operand0, n)
    s1, ok1 = _scalar(state, operand1, n)
    entries = [alus.alu(op0, state.core), alus.alu(op1 or "bypass", state.core)]
    result, stated, ulps = ops._two_stages(entries, x, (s0, s1), (reverse0, reverse1))
    values = ops.finish(result, stated & sx & ok0 & ok1, ulps, out.dtype, state.core)
    return [_store(state, "dst", out, values)]


def _tensor_scalar_bits(state, out: Tile, src: Tile, *stages) -> list:
    """tensor_scalar's bitvec form: each stage a bitvec operator [I2] (or op1's bypass) over
    the bit patterns of the tile's integer dtype, wrapped to its width; each scalar an integer
    immediate that the dtype holds, applied as its bit pattern. What a bitvec stage does with
    an arithmetic operator, a float or mixed dtype, or a per-partition vector (whose dtype the
    bundle does not give) no page states."""
    if out.dtype != src.dtype or not is_integer(out.dtype):
        raise Unstated("a bitvec tensor_scalar over mixed or float dtypes [I1 tensor_scalar]")
    width = 8 * FORMATS[out.dtype].itemsize
    unsigned = np.dtype(f"u{width // 8}")
    bits = state.memory.read(src.pattern, unsigned).astype(np.uint64)
    stated = np.ones(bits.shape, bool)
    info = np.iinfo(FORMATS[out.dtype])
    for op, scalar, reverse in stages:
        entry = alus.alu(op, state.core)
        if op == "bypass":
            continue
        if not isinstance(scalar, int) or isinstance(scalar, bool) or not info.min <= scalar <= info.max:
            raise Unstated(f"a bitvec scalar {scalar!r} that {out.dtype} does not hold")
        pattern = np.full(bits.shape, scalar % (1 << width), np.uint64)
        lhs, rhs = (pattern, bits) if reverse else (bits, pattern)
        bits, ok = alus.apply_bits(entry, lhs, rhs, width)
        stated &= ok
    values = Values(bits.astype(unsigned).view(FORMATS[out.dtype]), stated, np.zeros(bits.shape, int))
    return [_store(state, "dst", out, values)]


def scalar_tensor_tensor(state, dst, data, op0, operand0, op1, operand1, reverse0=False, reverse1=False) -> list:
    """nki.isa.scalar_tensor_tensor [I1]: `(data op0 operand0) op1 operand1`, operand0 a scalar
    or a `(P, 1)` vector, operand1 a tile of data's shape; arithmetic operators, fp32."""
    out, src, other = Tile.of(dst), Tile.of(data), Tile.of(operand1)
    x, sx = _read(state, src)
    y, sy = _read(state, other)
    s, ok = _scalar(state, operand0, src.pattern.partitions)
    entries = [alus.alu(op0, state.core), alus.alu(op1, state.core)]
    if any(e.kind != "arith" for e in entries):
        raise Unstated("scalar_tensor_tensor takes arithmetic binary operators only [I1]")
    result, stated, ulps = ops._two_stages(entries, x, (s, y), (reverse0, reverse1))
    values = ops.finish(result, stated & sx & sy & ok, ulps, out.dtype, state.core)
    return [_store(state, "dst", out, values)]


def exponential(state, dst, src, max_value=0.0, reduce_cmd="idle", reduce_init=0.0) -> list:
    """nki.isa.exponential [I1], NeuronCore-v4: `dst = exp(src - max_value)` in fp32, cast to
    dst.dtype; the reduce command adds each partition's results into its accumulator register
    (`reference.ops.exponential`), which the caller's `reduce_res` reads out."""
    if state.core != "v4":
        raise Unstated("exponential is available only on NeuronCore-v4 [I1 exponential]")
    out, x_tile = Tile.of(dst), Tile.of(src)
    n = x_tile.pattern.partitions
    x, sx = _read(state, x_tile)
    shift, ok = _scalar(state, max_value, n)
    with np.errstate(all="ignore"):
        exact = np.exp((x - shift).astype(np.float64)).astype(np.float32)
    stated = sx & ok
    values = ops.finish(exact, stated, alus.FP32_FUNCTION_ULPS, out.dtype, state.core)
    init = _scalar(state, reduce_init, n) if reduce_cmd == ops.LOAD else None
    ops.accumulate(state, reduce_cmd, init, out.pattern, out.dtype, exact, stated, "add", alus.FP32_FUNCTION_ULPS)
    return [_store(state, "dst", out, values)]


def tensor_scalar_reduce(state, dst, data, op0, operand0, reduce_op, reverse0=False, reduce_cmd=ops.RESET, reduce_init=0.0) -> list:
    """nki.isa.tensor_scalar_reduce [I1]: `dst = data op0 operand0` in fp32 (reverse0:
    `operand0 op0 data`), cast to dst.dtype, and each partition's fp32 results reduced with
    `reduce_op` (add, mult, max or min) over the free axes into its accumulator register under
    `reduce_cmd`: reset_reduce starts from the op's identity, load_reduce from `reduce_init`
    (`reference.ops.accumulate`); the caller's `reduce_res` reads the registers out."""
    if reduce_op not in ops.REDUCE_IDENTITY:
        raise Unstated(f"tensor_scalar_reduce reduces with add, mult, max or min, not {reduce_op} [I1]")
    out, src = Tile.of(dst), Tile.of(data)
    n = src.pattern.partitions
    x, sx = _read(state, src)
    s0, ok0 = _scalar(state, operand0, n)
    entry = alus.alu(op0, state.core)
    result, stated = alus.apply(entry, x, s0, reverse0)
    stated, ulps = stated & sx & ok0, entry.ulps
    values = ops.finish(result, stated, ulps, out.dtype, state.core)
    init = _scalar(state, reduce_init, n) if reduce_cmd == ops.LOAD else None
    ops.accumulate(state, reduce_cmd, init, out.pattern, out.dtype, result, stated, reduce_op, ulps)
    return [_store(state, "dst", out, values)]


def tensor_copy(state, dst, src) -> list:
    """nki.isa.tensor_copy [I1, P3]: bit-accurate within one dtype, through fp32 across two."""
    out, x_tile = Tile.of(dst), Tile.of(src)
    return [_store(state, "dst", out, ops.copied(state, x_tile.pattern, x_tile.dtype, out.dtype))]


def memset(state, dst, value) -> list:
    """nki.isa.memset [I1]: every element of dst is `value`, cast to dst.dtype as an fp32
    result is [D1, D2]; an integer dtype takes the value itself."""
    out = Tile.of(dst)
    shape = (out.pattern.partitions, out.pattern.elements)
    if is_integer(out.dtype):
        values = np.full(shape, int(value)).astype(FORMATS[out.dtype])
        expected = Values(values, np.ones(shape, bool), np.zeros(shape, int))
    else:
        expected = ops.finish(np.full(shape, np.float32(value)), np.ones(shape, bool), 0, out.dtype, state.core)
    return [_store(state, "dst", out, expected)]


def _predicate(state, predicate: tuple) -> np.ndarray:
    mask = Tile.of(predicate)
    return ops.taken(state, mask.pattern, mask.dtype)


def _fill(state, value: Scalar, like: Tile) -> np.ndarray:
    """A source that is a tile of dst's dtype, or a number cast to it."""
    if isinstance(value, tuple):
        tile = Tile.of(value)
        if tile.dtype != like.dtype:
            raise Unstated("a predicated source of another dtype than dst [P2]")
        return state.memory.read(tile.pattern, fmt(tile.dtype, state.core))
    shape = (like.pattern.partitions, like.pattern.elements)
    if is_integer(like.dtype):
        return np.full(shape, int(value)).astype(FORMATS[like.dtype])
    return np.full(shape, np.float32(value)).astype(fmt(like.dtype, state.core))


def tensor_copy_predicated(state, dst, src, predicate) -> list:
    """nki.isa.tensor_copy_predicated [P2, I1]: where the predicate is not 0, dst takes src's
    element; elsewhere dst keeps its own."""
    out = Tile.of(dst)
    taken = _predicate(state, predicate)
    old = state.memory.read(out.pattern, fmt(out.dtype, state.core))
    selected = np.where(taken, _fill(state, src, out), old)
    return [_store(state, "dst", out, Values(selected, np.ones(selected.shape, bool), np.zeros(selected.shape, int)))]


def select(state, dst, predicate, on_true, on_false) -> list:
    """nki.isa.select [I1]: `dst = on_true` where the predicate is not 0, `on_false` elsewhere;
    on_true a tile of dst's shape or a number, on_false a tile."""
    out = Tile.of(dst)
    taken = _predicate(state, predicate)
    chosen = np.where(taken, _fill(state, on_true, out), _fill(state, on_false, out))
    return [_store(state, "dst", out, Values(chosen, np.ones(chosen.shape, bool), np.zeros(chosen.shape, int)))]


#: select_reduce's predicate dtypes [I1 select_reduce].
SELECT_REDUCE_PREDICATES = ("int8", "uint8", "int16", "uint16")


def select_reduce(state, dst, predicate, on_true, on_false=0.0, reduce_op="max") -> list:
    """nki.isa.select_reduce [I1]: `where(predicate, on_true, on_false)` in fp32, cast to
    dst.dtype; a dst of one element a partition receives the row's max reduction instead (the
    call's reading of `reduce_res`). A row whose maximum is a NaN or a zero (whose sign no page
    gives) is unstated; on_false is the fill 0.0, the only one the call takes."""
    out, src, mask = Tile.of(dst), Tile.of(on_true), Tile.of(predicate)
    if on_false != 0.0 or reduce_op != "max":
        raise Unstated(f"select_reduce with on_false {on_false}, reduce_op {reduce_op}")
    taken = ops.taken(state, mask.pattern, mask.dtype, SELECT_REDUCE_PREDICATES)
    x, stated = _read(state, src)
    selected = np.where(taken, x, np.float32(0.0)).astype(np.float32)
    if out.pattern.elements == 1 and src.pattern.elements > 1:
        with np.errstate(invalid="ignore"):
            row = selected.max(axis=1, keepdims=True)
        stated = stated.all(axis=1, keepdims=True) & ~np.isnan(row) & (row != 0)
        selected = row
    values = ops.finish(selected, stated, 0, out.dtype, state.core)
    return [_store(state, "dst", out, values)]


CALLS = {
    "tensor_tensor": tensor_tensor,
    "tensor_scalar": tensor_scalar,
    "scalar_tensor_tensor": scalar_tensor_tensor,
    "exponential": exponential,
    "tensor_copy": tensor_copy,
    "memset": memset,
    "tensor_copy_predicated": tensor_copy_predicated,
    "select": select,
    "select_reduce": select_reduce,
}

