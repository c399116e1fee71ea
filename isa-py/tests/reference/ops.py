"""One function per instruction: the public meaning of a bundle record, over the reference's
memory and accumulator registers.

Each function reads its operands through their access patterns from `state.memory`, computes
the way its page states, writes the results back and returns the `Values` it wrote, so a test
compares the simulator's output with them element by element. Field names are the records'
(`isa decode --json`); which page states what is cited in each docstring.
"""

from dataclasses import dataclass, field

import numpy as np

from . import alu as alus
from .access import PARTITIONS, Memory, Pattern, locate
from .numeric import FORMATS, Unstated, Values, fmt, from_f32, is_integer, to_f32

#: The reduce commands: KLR's AccumCmd names the NKI reduce_cmd values [K1]: zero = reset,
#: accumulate = reduce, zero_accumulate = reset_reduce, load_accumulate = load_reduce. The
#: bundles encode no `accumulate`; their `add_accumulate` ("add into the accumulator", wire
#: byte 2, KLR's Accumulate ordinal) is read as reduce.
RESET, REDUCE, LOAD, IDLE = "zero_accumulate", "add_accumulate", "load_accumulate", "idle"
#: The reverse field (KLR's none/first/second/both [K1]): reverse0 and reverse1.
REVERSE = {"none": (False, False), "first": (True, False), "second": (False, True), "both": (True, True)}
FP32_EPS = 2.0**-24


@dataclass
class Registers:
    """The VectorE accumulator registers, one a compute lane [I1 reduce_cmd, activation]:
    the exact (float64) sum each register approximates, the error bound its fp32 arithmetic
    may add, and whether a page states the register's value at all."""

    value: np.ndarray = field(default_factory=lambda: np.zeros(PARTITIONS))
    bound: np.ndarray = field(default_factory=lambda: np.zeros(PARTITIONS))
    stated: np.ndarray = field(default_factory=lambda: np.zeros(PARTITIONS, bool))


@dataclass
class State:
    """The reference machine: the memories and the VectorE accumulator registers."""

    core: str
    memory: Memory = field(default_factory=Memory)
    registers: Registers = field(default_factory=Registers)


@dataclass
class Write:
    """What an op wrote: the walk, its dtype and the expected values in walk order."""

    name: str
    pattern: Pattern
    dtype: str
    expected: Values


def finish(result: np.ndarray, stated: np.ndarray, ulps: int, name: str, core: str) -> Values:
    """fp32 results converted to the output dtype [I1: "the float32 results are cast to
    dst.dtype"]. A result within `ulps` fp32 ulps of exact is within 1 ulp of the output format
    after rounding to a narrower float; an integer output of an inexact result is unstated."""
    values, converted = from_f32(result, name, core)
    stated = stated & converted
    if ulps and is_integer(name):
        stated = np.zeros_like(stated)
    out_ulps = ulps if name == "float32" else min(ulps, 1)
    return Values(values, stated, np.full(values.shape, out_ulps))


def _read(state: State, pattern: Pattern, name: str):
    """fp32 values of a walk of dtype `name` and where the conversion is stated."""
    return to_f32(state.memory.read(pattern, fmt(name, state.core)), name)


def _store(state: State, name: str, pattern: Pattern, dtype: str, values: Values) -> Write:
    if values.values.shape[1] != pattern.elements:
        raise Unstated(f"{name} walks {pattern.elements} elements a partition, the inputs {values.values.shape[1]}")
    state.memory.write(pattern, values.values)
    return Write(name, pattern, dtype, values)


def _scalar(state: State, source: str, word: int, partitions: int, dtype: str = "float32"):
    """A tensor_scalar operand: an fp32 immediate (the word holds its bits) or a `(P, 1)`
    vector in SBUF/PSUM [I1 tensor_scalar: "operand0 and operand1 must be float32"], the word
    of a pointer being the ADDR4 word of its one element a partition."""
    if source == "immediate":
        if dtype != "float32":
            raise Unstated(f"the encoding of a {dtype} immediate is on no page")
        return np.full((partitions, 1), np.uint32(word).view(np.float32)), np.ones((partitions, 1), bool)
    if source == "physical_ap":
        vector = Pattern(word, (1,), (1,), partitions)
        return _read(state, vector, dtype)
    raise Unstated(f"scalar source {source}: no page gives a register AP's meaning")


def tensor_tensor(rec: dict, state: State) -> list[Write]:
    """nki.isa.tensor_tensor [I1]: `dst = data1 op data2` element-wise. Arithmetic ops convert
    to fp32 and cast the fp32 result to dst.dtype; bitvec ops take integer dtypes as bit
    patterns (opcode tensor_tensor_bitvec); the two inputs may not both be in PSUM and `power`
    runs on GpSimd, which cannot access PSUM. All-int32/uint32 operations go to GpSimd, whose
    native integer arithmetic is exact (opcodes tensor_tensor_int32*)."""
    n = rec["num_active_partitions"]
    out, in0, in1 = (Pattern.of(rec[k], n) for k in ("out", "in0", "in1"))
    if locate(in0.addr)[0] == locate(in1.addr)[0] == "psum":
        raise Unstated("data1 and data2 cannot both reside in PSUM [I1 tensor_tensor]")
    name = rec["alu"]
    if rec["opcode"].startswith("tensor_tensor_int32"):
        return [_store(state, "out", out, rec["out_dtype"], _int32(rec, state, in0, in1))]
    entry = alus.alu(name, state.core)
    if entry.name == "pow" and "psum" in {locate(p.addr)[0] for p in (out, in0, in1)}:
        raise Unstated("pow runs on GpSimd, which cannot access PSUM [I1 tensor_tensor]")
    if rec["opcode"] == "tensor_tensor_bitvec":
        values = _bitvec(rec, state, entry, in0, in1)
        return [_store(state, "out", out, rec["out_dtype"], values)]
    x, sx = _read(state, in0, rec["in0_dtype"])
    y, sy = _read(state, in1, rec["in1_dtype"])
    result, stated = alus.apply(entry, x, y)
    values = finish(result, stated & sx & sy, entry.ulps, rec["out_dtype"], state.core)
    return [_store(state, "out", out, rec["out_dtype"], values)]


def _unsigned(name: str) -> np.dtype:
    return np.dtype(f"u{FORMATS[name].itemsize}")


def _bitvec(rec, state, entry, in0, in1) -> Values:
    """Bit patterns of one integer dtype: "input elements are treated as bit patterns without
    any data type casting" [I1 tensor_tensor]; mixed widths are on no page."""
    names = {rec["in0_dtype"], rec["in1_dtype"], rec["out_dtype"]}
    if len(names) != 1 or not is_integer(rec["out_dtype"]):
        raise Unstated("a bitvec op over mixed or non-integer dtypes")
    name = rec["out_dtype"]
    bits = 8 * FORMATS[name].itemsize
    x = state.memory.read(in0, fmt(name, state.core)).view(_unsigned(name))
    y = state.memory.read(in1, fmt(name, state.core)).view(_unsigned(name))
    result, stated = alus.apply_bits(entry, x, y, bits)
    values = result.astype(_unsigned(name)).view(FORMATS[name])
    return Values(values, stated, np.zeros(values.shape, int))


def _truth(test):
    """1 where `test` holds, 0 otherwise [L1 `equal`], over the exact integer values."""
    return lambda x, y: test(x, y).astype(np.int64)


#: The integer ops of the int32 path: native integer arithmetic, exact [I1 tensor_tensor]; a
#: comparison or a logical op of exact integers is 1 or 0 [L1 `equal`, `logical_and`], so it is
#: exact as well.
INT32_OPS = {
    "add": np.add,
    "subtract": np.subtract,
    "mult": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
    "is_equal": _truth(np.equal),
    "not_equal": _truth(np.not_equal),
    "is_gt": _truth(np.greater),
    "is_ge": _truth(np.greater_equal),
    "is_lt": _truth(np.less),
    "is_le": _truth(np.less_equal),
    "logical_and": _truth(np.logical_and),
    "logical_or": _truth(np.logical_or),
    "logical_xor": _truth(np.logical_xor),
}


def _int32(rec, state, in0, in1) -> Values:
    """All int32 (or all uint32) tiles: GpSimd's native integer arithmetic, "exact results for
    all 32-bit integer values" [I1 tensor_tensor]; overflow and integer division are on no
    page."""
    names = {rec["in0_dtype"], rec["in1_dtype"], rec["out_dtype"]}
    if names not in ({"int32"}, {"uint32"}) or rec["alu"] not in INT32_OPS:
        raise Unstated(f"the int32 path with {sorted(names)} and {rec['alu']}")
    dtype = FORMATS[rec["out_dtype"]]
    x = state.memory.read(in0, dtype).astype(np.int64)
    y = state.memory.read(in1, dtype).astype(np.int64)
    exact = INT32_OPS[rec["alu"]](x, y)
    info = np.iinfo(dtype)
    stated = (exact >= info.min) & (exact <= info.max)
    values = np.where(stated, exact, 0).astype(dtype)
    return Values(values, stated, np.zeros(values.shape, int))


def _two_stages(entries, x, scalars, reverses):
    """`(x op0 s0) op1 s1` in fp32 with the reverse flags [I1 tensor_scalar]: `reverse0`
    computes `s0 op0 x`, `reverse1` `s1 op1 tmp`. An inexact stage followed by another
    non-bypass stage has no bound a test could state, so the tests never generate one."""
    stated = np.ones(x.shape, bool)
    ulps = 0
    for entry, scalar, reverse in zip(entries, scalars, reverses):
        if ulps and entry.name != "bypass":
            raise ValueError(f"{entry.name} after an inexact stage: no error bound")
        x, ok = alus.apply(entry, x, scalar, reverse)
        stated &= ok
        ulps = max(ulps, entry.ulps)
    return x, stated, ulps


def tensor_scalar(rec: dict, state: State) -> list[Write]:
    """nki.isa.tensor_scalar [I1]: `(data <op0> operand0) <op1> operand1`, each operand an fp32
    immediate or a `(P, 1)` fp32 vector broadcast along the free axes, computed in fp32 and cast
    to dst.dtype; op1 optional (bypass). The cumulative form is
    nki.isa.tensor_scalar_cumulative [I1] (`tensor_scalar_cumulative`)."""
    if rec["opcode"] == "tensor_scalar_cache_cumulative":
        return tensor_scalar_cumulative(rec, state)
    if rec["opcode"] != "tensor_scalar_arith":
        raise Unstated(f"no page states {rec['opcode']} as the tests encode it")
    if rec["accumulator_cmd"] != IDLE:
        raise Unstated("tensor_scalar has no accumulator [I1]")
    n = rec["num_active_channels"]
    data, out = Pattern.of(rec["input"], n), Pattern.of(rec["out"], n)
    x, sx = _read(state, data, rec["in_dtype"])
    s0, ok0 = _scalar(state, rec["imm0_src"], rec["imm0"], n)
    s1, ok1 = _scalar(state, rec["imm1_src"], rec["imm1"], n)
    entries = [alus.alu(rec["op0"], state.core), alus.alu(rec["op1"], state.core)]
    result, stated, ulps = _two_stages(entries, x, (s0, s1), REVERSE[rec["reverse"]])
    values = finish(result, stated & sx & ok0 & ok1, ulps, rec["out_dtype"], state.core)
    return [_store(state, "out", out, rec["out_dtype"], values)]


#: tensor_scalar_cumulative's reset values by op1 [I1]; subtract's operand order is an open
#: question (SEMANTICS-NOTES §7.4), so it is left out.
CUMULATIVE_RESET = {"add": 0.0, "mult": 1.0, "max": -np.inf, "min": np.inf}


def tensor_scalar_cumulative(rec: dict, state: State) -> list[Write]:
    """nki.isa.tensor_scalar_cumulative [I1]: `reg = op1(op0(x[i], imm0), reg); out[i] = reg`
    over each partition's elements, the register reset by op1 (add 0, mult 1, max -inf,
    min +inf), kept (reduce) or loaded with imm1 (load_reduce); no int32/uint32 dtypes."""
    n = rec["num_active_channels"]
    if rec["op1"] not in CUMULATIVE_RESET or {rec["in_dtype"], rec["out_dtype"]} & {"int32", "uint32"}:
        raise Unstated(f"tensor_scalar_cumulative with op1 {rec['op1']} or 32-bit integers")
    if rec["accumulator_cmd"] not in (RESET, LOAD) or rec["reverse"] not in ("none", "first"):
        raise Unstated(f"cumulative with {rec['accumulator_cmd']} / reverse {rec['reverse']}")
    data, out = Pattern.of(rec["input"], n), Pattern.of(rec["out"], n)
    x, sx = _read(state, data, rec["in_dtype"])
    s0, ok0 = _scalar(state, rec["imm0_src"], rec["imm0"], n)
    op0, op1 = alus.alu(rec["op0"], state.core), alus.alu(rec["op1"], state.core)
    if op0.ulps:
        raise ValueError(f"{op0.name} feeds a running register: no error bound")
    v, stated = alus.apply(op0, x, s0, REVERSE[rec["reverse"]][0])
    if rec["accumulator_cmd"] == LOAD:
        reg, ok1 = _scalar(state, rec["imm1_src"], rec["imm1"], n)
        reg = reg[:, 0].copy()
    else:
        reg, ok1 = np.full(n, CUMULATIVE_RESET[rec["op1"]], np.float32), np.ones((n, 1), bool)
    running = np.empty_like(v)
    stated = stated & sx & ok0 & ok1
    for i in range(v.shape[1]):
        reg, ok = alus.apply(op1, v[:, i], reg)
        running[:, i] = reg
        stated[:, i] &= ok
    # Once an element is unstated, every later running value depends on it.
    stated = np.logical_and.accumulate(stated, axis=1)
    values = finish(running, stated, 0, rec["out_dtype"], state.core)
    return [_store(state, "out", out, rec["out_dtype"], values)]


def scalar_tensor_tensor(rec: dict, state: State) -> list[Write]:
    """nki.isa.scalar_tensor_tensor [I1]: `(data <op0> operand0) <op1> operand1`, operand0 a
    scalar constant or a `(P, 1)` tile broadcast along the free axes, operand1 a tile of data's
    shape; arithmetic ops only, all in fp32, cast to dst.dtype; data and operand1 may not both
    be in PSUM. `tensor0` is data, `tensor1` operand1 (the record's field names)."""
    if rec["accumulator_cmd"] != IDLE:
        raise Unstated(f"{rec['opcode']} with accumulator {rec['accumulator_cmd']}: only KLR names it [K1]")
    if rec["opcode"] == "tensor_tensor_scan_arith":
        return tensor_tensor_scan(rec, state)
    if rec["opcode"] != "scalar_tensor_tensor_arith":
        raise Unstated(f"no page states {rec['opcode']}")
    n = rec["num_active_channels"]
    data, other, out = (Pattern.of(rec[k], n) for k in ("tensor0", "tensor1", "out"))
    if locate(data.addr)[0] == locate(other.addr)[0] == "psum":
        raise Unstated("data and operand1 cannot both reside in PSUM [I1 scalar_tensor_tensor]")
    x, sx = _read(state, data, rec["tensor0_dtype"])
    y, sy = _read(state, other, rec["tensor1_dtype"])
    s, ok = _scalar(state, rec["scalar_src"], rec["scalar"], n, rec["scalar_dtype"])
    entries = [alus.alu(rec["op0"], state.core), alus.alu(rec["op1"], state.core)]
    if any(e.kind != "arith" for e in entries):
        raise Unstated("scalar_tensor_tensor takes arithmetic binary operators only [I1]")
    result, stated, ulps = _two_stages(entries, x, (s, y), REVERSE[rec["reverse"]])
    values = finish(result, stated & sx & sy & ok, ulps, rec["out_dtype"], state.core)
    return [_store(state, "out", out, rec["out_dtype"], values)]


def tensor_tensor_scan(rec: dict, state: State) -> list[Write]:
    """nki.isa.tensor_tensor_scan [I1]: per partition `result[0] = op1(op0(data0[0], initial),
    data1[0])`, `result[i] = op1(op0(data0[i], result[i-1]), data1[i])` in fp32, cast to
    dst.dtype; reverse0 makes data0 the rhs of op0, reverse1 data1 the lhs of op1; `initial` a
    float32 scalar or one element a partition (the record's scalar slot). The page's tiles
    have one free axis; a scan over several is on no page. Every step is one exactly rounded
    fp32 operation, so the running value is exact to the bit."""
    n = rec["num_active_channels"]
    data0, data1, out = (Pattern.of(rec[k], n) for k in ("tensor0", "tensor1", "out"))
    if sum(num > 1 for num in data0.nums) > 1:
        raise Unstated("a scan over more than one free axis")
    if data0.elements != data1.elements:
        raise Unstated(f"a scan of {data0.elements} tensor0 elements over {data1.elements} tensor1 elements")
    x, sx = _read(state, data0, rec["tensor0_dtype"])
    y, sy = _read(state, data1, rec["tensor1_dtype"])
    initial, ok = _scalar(state, rec["scalar_src"], rec["scalar"], n, rec["scalar_dtype"])
    op0, op1 = alus.alu(rec["op0"], state.core), alus.alu(rec["op1"], state.core)
    if op0.ulps or op1.ulps or "arith" not in (op0.kind, op1.kind) or op0.kind != op1.kind:
        raise Unstated("a scan with an inexact or non-binary operator")
    reverse0, reverse1 = REVERSE[rec["reverse"]]
    previous, stated = initial[:, 0], sx & sy & ok
    result = np.empty_like(x)
    for i in range(x.shape[1]):
        tmp, ok0 = alus.apply(op0, x[:, i], previous, reverse0)
        previous, ok1 = alus.apply(op1, tmp, y[:, i], reverse1)
        result[:, i] = previous
        stated[:, i] &= ok0 & ok1
    # Once a step is unstated, every later one depends on it.
    values = finish(result, np.logical_and.accumulate(stated, axis=1), 0, rec["out_dtype"], state.core)
    return [_store(state, "out", out, rec["out_dtype"], values)]


def tensor_copy(rec: dict, state: State) -> list[Write]:
    """nki.isa.tensor_copy [I1, P3]: a bit-accurate copy when the input and output dtypes are
    the same, an intermediate fp32 cast when they differ (Vector and GpSimd Engine)."""
    n = rec["num_active_partitions"]
    src, dst = Pattern.of(rec["src"], n), Pattern.of(rec["dst"], n)
    expected = copied(state, src, rec["src_dtype"], rec["dst_dtype"])
    return [_store(state, "dst", dst, rec["dst_dtype"], expected)]


def copied(state: State, src: Pattern, src_dtype: str, dst_dtype: str) -> Values:
    """A copy's values [I1, P3]: the bits within one dtype, through fp32 across two."""
    if src_dtype == dst_dtype:
        values = state.memory.read(src, fmt(src_dtype, state.core))
        return Values(values, np.ones(values.shape, bool), np.zeros(values.shape, int))
    x, sx = _read(state, src, src_dtype)
    return finish(x, sx, 0, dst_dtype, state.core)


def memset(rec: dict, state: State) -> list[Write]:
    """nki.isa.memset [I1]: every element of dst is the constant. The 32-bit fill field holds
    the constant (isa-ops' Memset declaration): for a float dtype its fp32 bits, cast to the
    dtype as every fp32 result is [D1, D2]; for an integer dtype its two's-complement value,
    stated when it is in the dtype's range."""
    if rec["opcode"] != "memset_const":
        raise Unstated("the random fill's generator is on no page")
    n = rec["num_active_partitions"]
    dst = Pattern.of(rec["dst"], n)
    name, word = rec["dtype"], rec["fill"]
    shape = (n, dst.elements)
    if is_integer(name):
        info = np.iinfo(fmt(name, state.core))
        value = int(np.uint32(word).view(np.int32)) if info.min < 0 else word
        stated = info.min <= value <= info.max
        values = np.full(shape, value if stated else 0).astype(FORMATS[name])
        expected = Values(values, np.full(shape, stated), np.zeros(shape, int))
    else:
        fill = np.full(shape, np.uint32(word).view(np.float32))
        expected = finish(fill, np.ones(shape, bool), 0, name, state.core)
    return [_store(state, "dst", dst, name, expected)]


def _sum_bound(start: np.ndarray, values: np.ndarray, ulps: int) -> np.ndarray:
    """The error an fp32 running sum of `start` and `values` may carry, whatever order it adds
    them in: each term within `ulps` fp32 ulps (2^-23 relative each) and the recursive-summation
    bound γ_n·Σ|x| for n additions in fp32 (Higham, Accuracy and Stability of Numerical
    Algorithms, §4.2), the start value one of the summands."""
    count = values.shape[1] + 1
    gamma = count * FP32_EPS / (1 - count * FP32_EPS)
    magnitude = np.abs(values.astype(np.float64)).sum(axis=1)
    return gamma * (magnitude + np.abs(start)) + ulps * 2.0**-23 * magnitude


def exponential(rec: dict, state: State) -> list[Write]:
    """nki.isa.exponential [I1], NeuronCore-v4 only: `dst[i] = exp(src[i] - max_value)` in fp32,
    cast to dst.dtype; with a reduce command `accumulator += dst[i]`, the accumulator reset to 0
    (reset_reduce), kept (reduce) or loaded with reduce_init (load_reduce); after idle "the
    accumulator state [is] unknown". max_value is imm0 and reduce_init imm1 (the signature's
    order), each an fp32 immediate or a `(P, 1)` vector."""
    if state.core != "v4":
        raise Unstated("exponential is available only on NeuronCore-v4 [I1 exponential]")
    if (rec["op0"], rec["op1"], rec["reverse"]) != ("bypass", "bypass", "none"):
        raise Unstated("exponential has no ALU stages on any page")
    n = rec["num_active_channels"]
    src, out = Pattern.of(rec["input"], n), Pattern.of(rec["out"], n)
    x, sx = _read(state, src, rec["in_dtype"])
    max_value, ok0 = _scalar(state, rec["imm0_src"], rec["imm0"], n)
    with np.errstate(all="ignore"):
        shifted = x - max_value  # fp32 subtraction, exactly rounded
        exact = np.exp(shifted.astype(np.float64)).astype(np.float32)
    stated = sx & ok0
    values = finish(exact, stated, alus.FP32_FUNCTION_ULPS, rec["out_dtype"], state.core)
    init = _scalar(state, rec["imm1_src"], rec["imm1"], n) if rec["accumulator_cmd"] == LOAD else None
    accumulate(state, rec["accumulator_cmd"], init, out, rec["out_dtype"], exact, stated, "add", alus.FP32_FUNCTION_ULPS)
    return [_store(state, "out", out, rec["out_dtype"], values)]


#: The reduce ops of tensor_scalar_reduce and the identity reset_reduce loads for each [I1
#: tensor_scalar_reduce, tensor_scalar_cumulative]: add 0, mult 1, max -inf, min +inf.
REDUCE_IDENTITY = {"add": 0.0, "mult": 1.0, "max": -np.inf, "min": np.inf}


def accumulate(state: State, cmd: str, init, out: Pattern, out_dtype: str, dst: np.ndarray, stated: np.ndarray,
               op: str, ulps: int) -> None:
    """Each partition's `dst` reduced with `op` (add, mult, max or min) into its accumulator
    register under the reduce command `cmd` [I1 exponential, tensor_scalar_reduce]; `init` is
    reduce_init's `(values, stated)` for load_reduce, and each term of `dst` lies within
    `ulps` fp32 ulps of its exact value.

    The registers are one a compute lane; which lane a partition other than 0..P-1 from start
    partition 0 feeds is on no page, and whether a non-fp32 dst adds its rounded values is on
    no page either: such registers become unstated."""
    regs = state.registers
    lanes = np.arange(dst.shape[0])
    if cmd == IDLE:
        regs.stated[:] = False  # "Even when reduce_cmd is set to idle, the accumulator state may still be modified."
        return
    if cmd == RESET:
        regs.value[lanes], regs.bound[lanes], regs.stated[lanes] = REDUCE_IDENTITY[op], 0.0, True
    elif cmd == LOAD:
        regs.value[lanes], regs.bound[lanes], regs.stated[lanes] = init[0][:, 0], 0.0, init[1][:, 0]
    elif cmd != REDUCE:
        raise Unstated(f"a reduce takes idle, reset_reduce, reduce or load_reduce, not {cmd}")
    plain = locate(out.addr)[1] == 0 and out_dtype == "float32"
    # Each fold leaves unstated a register an infinite or NaN term, or an order of its ops,
    # could change, whatever NumPy warns of.
    with np.errstate(all="ignore"):
        _FOLDS[op](regs, lanes, dst.astype(np.float64), ulps)
    regs.stated[lanes] &= plain & stated.all(axis=1)
    regs.stated[dst.shape[0] :] = False


def _fold_add(regs: Registers, lanes, terms: np.ndarray, ulps: int) -> None:
    """A running sum: within `_sum_bound` of the exact sum. Unless the magnitudes together stay
    in fp32's range, some order of the adds overflows a partial sum, so the register is
    unstated."""
    start = regs.value[lanes]
    magnitude = np.abs(start) + np.abs(terms).sum(axis=1)
    regs.bound[lanes] += _sum_bound(start, terms, ulps)
    regs.value[lanes] += terms.sum(axis=1)
    regs.stated[lanes] &= magnitude + regs.bound[lanes] < np.finfo(np.float32).max


def _fold_mult(regs: Registers, lanes, terms: np.ndarray, ulps: int) -> None:
    """A product of n fp32 factors carries at most n roundings of 2^-24 relative each, and each
    factor's own `ulps` (Higham §3.1); a partial product near the ends of fp32's normal range may
    lose that relative bound (a subnormal or an overflow), so a register any of whose partial
    products in the terms' order lies outside 2^-100 to 2^100 is unstated (the margin stands in
    for the other orders of the products; it is not a proof for every one)."""
    start = regs.value[lanes]
    partial = start[:, None] * np.cumprod(terms, axis=1)
    magnitude = np.abs(np.concatenate([start[:, None], partial], axis=1))
    normal = ((magnitude == 0) | ((magnitude >= 2.0**-100) & (magnitude <= 2.0**100))).all(axis=1)
    product = partial[:, -1]
    count = terms.shape[1]
    gamma = count * FP32_EPS / (1 - count * FP32_EPS)
    relative = gamma + count * ulps * 2.0**-23
    regs.bound[lanes] = regs.bound[lanes] * np.abs(np.prod(terms, axis=1)) + relative * np.abs(product)
    regs.value[lanes] = product
    regs.stated[lanes] &= normal  # a NaN or infinite term makes some magnitude not normal


def _fold_extremum(pick):
    """max or min: exact whatever the order, so no bound; an inexact term may move it by its
    `ulps`. A NaN term is on no page for a reduce (the ALU's NaN rule is a reading), so its
    register is unstated; an infinite one is exact, as any extremum is."""

    def fold(regs: Registers, lanes, terms: np.ndarray, ulps: int) -> None:
        found = pick.reduce(terms, axis=1)
        regs.stated[lanes] &= ~np.isnan(terms).any(axis=1)
        regs.value[lanes] = pick(regs.value[lanes], found)
        regs.bound[lanes] = np.maximum(regs.bound[lanes], ulps * 2.0**-23 * np.abs(np.nan_to_num(regs.value[lanes], posinf=0, neginf=0)))

    return fold


_FOLDS = {"add": _fold_add, "mult": _fold_mult, "max": _fold_extremum(np.maximum), "min": _fold_extremum(np.minimum)}


def copy_predicated(rec: dict, state: State) -> list[Write]:
    """nki.isa.tensor_copy_predicated [P2, I1]: where the predicate is true (not 0) the src
    element is copied to dst, elsewhere dst is unmodified. The predicate must be uint8, uint16
    or uint32 and src and dst share one dtype, so CastPredicated (`cast_predicated`, a dtype
    change) has no public analogue. `num_active_partitions` counts the predicate's partitions."""
    if rec["opcode"] != "copy_predicated" or rec["src_dtype"] != rec["out_dtype"]:
        raise Unstated("CastPredicated has no public analogue: src and dst share a dtype [P2]")
    n = rec["num_active_partitions"]
    out, src, mask = (Pattern.of(rec[k], n) for k in ("out", "src", "mask"))
    values = state.memory.read(src, fmt(rec["src_dtype"], state.core))
    return [_select(rec, state, out, mask, n, values)]


def copy_predicated_scalar(rec: dict, state: State) -> list[Write]:
    """nki.isa.tensor_copy_predicated with a scalar src [P2]: true lanes take the scalar. The
    scalar field holds fp32 bits; a scalar of another dtype's encoding is on no page."""
    if rec["out_dtype"] != "float32" or rec["mask_num_active_partitions"] != rec["num_active_partitions"]:
        raise Unstated("a predicated scalar copy to a non-fp32 dst or over unequal partitions")
    n = rec["num_active_partitions"]
    out, mask = Pattern.of(rec["out"], n), Pattern.of(rec["mask"], n)
    scalar = np.full((n, out.elements), np.uint32(rec["scalar"]).view(np.float32))
    return [_select(rec, state, out, mask, n, scalar)]


def _select(rec, state, out, mask, n, values) -> Write:
    """dst = where(predicate != 0, values, dst) [P2]; the predicate dtype is uint8/16/32."""
    predicate = taken(state, mask, rec["mask_dtype"])
    old = state.memory.read(out, fmt(rec["out_dtype"], state.core))
    selected = np.where(predicate, values, old)
    return _store(state, "out", out, rec["out_dtype"], Values(selected, np.ones(selected.shape, bool), np.zeros(selected.shape, int)))


def taken(state: State, mask: Pattern, dtype: str, dtypes=("uint8", "uint16", "uint32")) -> np.ndarray:
    """Where a predicate of `dtype` holds (not 0); a predicate is uint8, uint16 or uint32 [P2]
    unless its op names other `dtypes`."""
    if dtype not in dtypes:
        raise Unstated(f"the predicate must be one of {', '.join(dtypes)}, not {dtype}")
    return state.memory.read(mask, fmt(dtype, state.core)) != 0


def drain(state: State) -> Registers:
    """DveReadAccumulator: the read-out of the VectorE accumulator registers, the public
    counterpart of passing reduce_res (SEMANTICS-NOTES §1, a reading the notes tag)."""
    regs = state.registers
    return Registers(regs.value.copy(), regs.bound.copy(), regs.stated.copy())


OPS = {
    "TensorTensor": tensor_tensor,
    "TensorScalar": tensor_scalar,
    "ScalarTensorTensor": scalar_tensor_tensor,
    "TensorCopy": tensor_copy,
    "Memset": memset,
    "Exponential": exponential,
    "CopyPredicated": copy_predicated,
    "CopyPredicatedScalar": copy_predicated_scalar,
}


def run(rec: dict, state: State) -> list[Write]:
    """The public meaning of one record; Unstated for an op no page describes."""
    if rec["op"] not in OPS:
        raise Unstated(f"no page gives {rec['op']} a meaning the reference models")
    return OPS[rec["op"]](rec, state)
