"""TensorScalar and ScalarTensorTensor on the simulator against the reference's
nki.isa.tensor_scalar, tensor_scalar_cumulative and scalar_tensor_tensor [I1]: scalars as fp32
immediates and as `(P, 1)` vectors in SBUF or PSUM, both reverse flags, every arithmetic ALU
function with a public meaning."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from differential import harness
from differential.strategies import BINARY, CORES, IMMEDIATES, SYNC, dtypes, logical, operand, ops_pair, out_dtypes, partitions, shapes
from reference.alu import TABLE



def _bits(value: float) -> int:
    return int(np.float32(value).view(np.uint32))


@st.composite
def scalar(draw, name, where, unary: bool, boolean: bool = False):
    """`(source, word, operand or None)`: an fp32 immediate, or a `(P, 1)` fp32 vector (0 for a
    unary op: "must be None or 0 when op0 is a unary operator" [I1]); 0 or 1 for a logical op,
    whose inputs "should be boolean-like" [L1 logical_and]."""
    if unary:
        return "immediate", 0, None
    if draw(st.booleans()):
        values = st.sampled_from([0.0, 1.0]) if boolean else st.one_of(st.sampled_from(IMMEDIATES), st.floats(-1e4, 1e4, width=32))
        return "immediate", _bits(draw(values)), None
    profile = "boolean" if boolean else None
    vector = draw(operand(name, "float32", where, (1,), space=draw(st.sampled_from(["sbuf", "psum"])), profile=profile))
    return "physical_ap", None, vector


def _word(source, word, vector, ops):
    return ops[vector.name].descriptor()["addr"] if source == "physical_ap" else word


def tensor_scalar_record(opcode, cmd, names, n, ops, stages, scalars) -> dict:
    """A TensorScalar record: `names` (in, out) dtypes, `stages` (op0, op1, reverse), `scalars`
    two `(source, word, vector)` triples, `ops` the placed operands by name."""
    (op0, op1, reverse), (s0, s1) = stages, scalars
    return {
        "op": "TensorScalar",
        "opcode": opcode,
        "sync": SYNC,
        "accumulator_cmd": cmd,
        "input": ops["input"].descriptor(),
        "in_dtype": names[0],
        "out_dtype": names[1],
        "num_active_channels": n,
        "imm0_src": s0[0],
        "op0": op0,
        "op1": op1,
        "reverse": reverse,
        "imm1_src": s1[0],
        "imm0": _word(*s0, ops),
        "imm1": _word(*s1, ops),
        "out": ops["out"].descriptor(),
    }


def stt_record(opcode, names, n, ops, stages, scalar_slot) -> dict:
    """A ScalarTensorTensor record: `names` (tensor0, tensor1, out) dtypes, `stages` (op0, op1,
    reverse), `scalar_slot` a `(source, word, vector)` triple."""
    op0, op1, reverse = stages
    return {
        "op": "ScalarTensorTensor",
        "opcode": opcode,
        "sync": SYNC,
        "tensor1": ops["tensor1"].descriptor(),
        "tensor0": ops["tensor0"].descriptor(),
        "op0": op0,
        "op1": op1,
        "reverse": reverse,
        "scalar_src": scalar_slot[0],
        "tensor0_dtype": names[0],
        "tensor1_dtype": names[1],
        "out_dtype": names[2],
        "num_active_channels": n,
        "scalar_dtype": "float32",
        "accumulator_cmd": "idle",
        "out": ops["out"].descriptor(),
        "scalar": _word(*scalar_slot, ops),
    }


@st.composite
def tensor_scalar_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    op0, op1, reverse = draw(ops_pair(core))
    names = draw(dtypes(core)), draw(out_dtypes(core, op0, op1))
    profile = {"pow": "positive", "rsqrt": "positive"}.get(op0, "boolean" if logical(op0, op1) else None)
    data = draw(operand("input", names[0], where, nums, profile=profile))
    out = draw(operand("out", names[1], where, nums, output=True))
    s0 = draw(scalar("s0", where, TABLE[op0].kind == "unary", logical(op0, op1)))
    s1 = draw(scalar("s1", where, TABLE[op1].kind == "unary" or op1 == "bypass", logical(op0, op1)))
    vectors = [v for _, _, v in (s0, s1) if v is not None]

    def build(ops):
        return [tensor_scalar_record("tensor_scalar_arith", "idle", names, where[1], ops, (op0, op1, reverse), (s0, s1))]

    return harness.Case(core, build, [data, out] + vectors, draw(st.integers(0, 2**32 - 1)))


def label(case):
    rec = case.records[0]
    return rec["op"], [rec["op0"], rec["op1"]], [rec["in_dtype"], rec["out_dtype"]]


@settings(max_examples=examples(300))
@given(tensor_scalar_cases())
def test_tensor_scalar_matches_the_two_stage_fp32_reference(case):
    harness.run(case, label)


@st.composite
def cumulative_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    op0 = draw(st.sampled_from([a for a in BINARY if not TABLE[a].ulps and core in TABLE[a].cores]))
    op1 = draw(st.sampled_from(["add", "mult", "max", "min"]))
    names = [draw(dtypes(core).filter(lambda n: n not in ("int32", "uint32"))) for _ in range(2)]
    data = draw(operand("input", names[0], where, nums, profile="boolean" if logical(op0) else "small"))
    out = draw(operand("out", names[1], where, nums, output=True))
    s0 = draw(scalar("s0", where, False, logical(op0)))
    s1 = draw(scalar("s1", where, False))
    cmd = draw(st.sampled_from(["zero_accumulate", "load_accumulate"]))
    reverse = draw(st.sampled_from(["none", "first"]))
    vectors = [v for _, _, v in (s0, s1) if v is not None]

    def build(ops):
        return [tensor_scalar_record("tensor_scalar_cache_cumulative", cmd, names, where[1], ops, (op0, op1, reverse), (s0, s1))]

    return harness.Case(core, build, [data, out] + vectors, draw(st.integers(0, 2**32 - 1)))


def cumulative_label(case):
    rec = case.records[0]
    return "TensorScalar (cumulative)", [rec["op0"], f"{rec['op1']} (running)"], [rec["in_dtype"], rec["out_dtype"]]


@settings(max_examples=examples(100))
@given(cumulative_cases())
def test_tensor_scalar_cumulative_matches_the_running_register_reference(case):
    harness.run(case, cumulative_label)


@st.composite
def stt_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(2))
    binary = [a for a in BINARY if core in TABLE[a].cores]
    # An inexact op0 (pow) would feed op1 an error no test can bound: only op1 may be inexact.
    op0 = draw(st.sampled_from([a for a in binary if not TABLE[a].ulps]))
    op1 = draw(st.sampled_from(binary))
    names = [draw(dtypes(core)), draw(dtypes(core)), draw(out_dtypes(core, op1))]
    flags = "boolean" if logical(op0, op1) else None
    profile = {"pow": "positive"}.get(op0, flags)
    spaces = draw(st.sampled_from([("sbuf", "sbuf"), ("psum", "sbuf"), ("sbuf", "psum")]))
    data = draw(operand("tensor0", names[0], where, nums, space=spaces[0], profile=profile))
    other = draw(operand("tensor1", names[1], where, nums, space=spaces[1], profile={"pow": "positive"}.get(op1, flags)))
    out = draw(operand("out", names[2], where, nums, output=True))
    s = draw(scalar("s", where, False, logical(op0, op1)))
    reverse = draw(st.sampled_from(["none", "first", "second", "both"]))
    vectors = [s[2]] if s[2] is not None else []

    def build(ops):
        return [stt_record("scalar_tensor_tensor_arith", names, where[1], ops, (op0, op1, reverse), s)]

    return harness.Case(core, build, [data, other, out] + vectors, draw(st.integers(0, 2**32 - 1)))


def stt_label(case):
    rec = case.records[0]
    return rec["op"], [rec["op0"], rec["op1"]], [rec[k] for k in ("tensor0_dtype", "tensor1_dtype", "out_dtype")]


@settings(max_examples=examples(200))
@given(stt_cases())
def test_scalar_tensor_tensor_matches_the_fp32_reference(case):
    harness.run(case, stt_label)


@st.composite
def scan_cases(draw):
    """tensor_tensor_scan: one free axis (the page's tiles), exactly rounded operators."""
    core = draw(st.sampled_from(CORES))
    where = draw(partitions())
    nums = (draw(st.integers(1, 64)), 1)
    exact = [a for a in BINARY if not TABLE[a].ulps and core in TABLE[a].cores]
    op0, op1 = draw(st.sampled_from(exact)), draw(st.sampled_from(exact))
    names = [draw(dtypes(core)) for _ in range(3)]
    flags = "boolean" if logical(op0, op1) else "small"
    spaces = draw(st.sampled_from([("sbuf", "sbuf"), ("psum", "sbuf"), ("sbuf", "psum")]))
    data0 = draw(operand("tensor0", names[0], where, nums, space=spaces[0], profile=flags))
    data1 = draw(operand("tensor1", names[1], where, nums, space=spaces[1], profile=flags))
    out = draw(operand("out", names[2], where, nums, output=True))
    initial = draw(scalar("initial", where, False, logical(op0, op1)))
    reverse = draw(st.sampled_from(["none", "first", "second", "both"]))
    vectors = [initial[2]] if initial[2] is not None else []

    def build(ops):
        return [stt_record("tensor_tensor_scan_arith", names, where[1], ops, (op0, op1, reverse), initial)]

    return harness.Case(core, build, [data0, data1, out] + vectors, draw(st.integers(0, 2**32 - 1)))


def scan_label(case):
    rec = case.records[0]
    return "ScalarTensorTensor (scan)", [rec["op0"], rec["op1"]], [rec[k] for k in ("tensor0_dtype", "tensor1_dtype", "out_dtype")]


@settings(max_examples=examples(100))
@given(scan_cases())
def test_tensor_tensor_scan_matches_the_running_fp32_reference(case):
    harness.run(case, scan_label)
