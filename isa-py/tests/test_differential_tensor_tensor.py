"""TensorTensor on the simulator against the reference's nki.isa.tensor_tensor [I1]: random
records of every ALU function with a public meaning that the bundles encode (abs_max and
abs_min have no wire form; mod is held to its page in test_differential_disagreements.py),
every dtype, 1-128 partitions, 1-3 free axes with broadcast and reversed input walks, on every
core; the arithmetic, bit-vector and int32 paths."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from differential import harness
from differential.strategies import CORES, DRAWN, SYNC, dtypes, operand, partitions, shapes
from reference.alu import TABLE
from reference.ops import INT32_OPS

ARITH = sorted(n for n, a in TABLE.items() if a.kind == "arith" and n != "bypass" and n in DRAWN)
BITVEC = sorted(n for n, a in TABLE.items() if a.kind == "bitvec" and n != "arith_shift_right")
INT32 = sorted(INT32_OPS)
#: Input profiles that keep a function's inputs where its page states it: booleans for the
#: logical ops, a positive base for pow, shift amounts within the width.
PROFILE = {"logical_and": "boolean", "logical_or": "boolean", "logical_xor": "boolean"}


def record(opcode, alu, n, ops) -> list:
    return [
        {
            "op": "TensorTensor",
            "opcode": opcode,
            "sync": SYNC,
            "in0_dtype": ops["in0"].dtype,
            "in1_dtype": ops["in1"].dtype,
            "out_dtype": ops["out"].dtype,
            "alu": alu,
            "num_active_partitions": n,
            "out": ops["out"].descriptor(),
            "in0": ops["in0"].descriptor(),
            "in1": ops["in1"].descriptor(),
        }
    ]


@st.composite
def cases(draw, form: str, core=None, alu=None, spaces=None) -> harness.Case:
    core = core or draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    if form == "arith":
        alu = alu or draw(st.sampled_from([a for a in ARITH if core in TABLE[a].cores]))
        # An integer output of an inexact result (pow) is unstated: pow writes a float.
        names = [draw(dtypes(core)), draw(dtypes(core)), draw(dtypes(core, ("float",) if TABLE[alu].ulps else ("int", "float")))]
        opcode = "tensor_tensor"
    elif form == "bitvec":
        alu = alu or draw(st.sampled_from(BITVEC))
        names = [draw(dtypes(core, ("int",)))] * 3
        opcode = "tensor_tensor_bitvec"
    else:
        alu = alu or draw(st.sampled_from(INT32))
        names = [draw(st.sampled_from(["int32", "uint32"]))] * 3
        opcode = "tensor_tensor_int32"
    gpsimd = form == "int32" or alu == "pow"  # GpSimd cannot access PSUM [I1, A1]
    # Not both inputs in PSUM [I1]; the output anywhere.
    inputs = draw(st.sampled_from([("sbuf", "sbuf"), ("psum", "sbuf"), ("sbuf", "psum")]))
    spaces = spaces or (["sbuf"] * 3 if gpsimd else [draw(st.sampled_from(["sbuf", "psum"])), *inputs])
    profile = {"pow": "positive"}.get(alu, PROFILE.get(alu))
    shift = "positive" if "shift" in alu else profile
    ops = [
        draw(operand("out", names[2], where, nums, output=True, space=spaces[0])),
        draw(operand("in0", names[0], where, nums, space=spaces[1], profile=profile)),
        draw(operand("in1", names[1], where, nums, space=spaces[2], profile=shift)),
    ]
    seed = draw(st.integers(0, 2**32 - 1))
    return harness.Case(core, lambda o: record(opcode, alu, where[1], o), ops, seed)


def label(case: harness.Case) -> tuple:
    rec = case.records[0]
    path = {"tensor_tensor_bitvec": " (bitvec)", "tensor_tensor_int32": " (int32 path)"}.get(rec["opcode"], "")
    return "TensorTensor", [rec["alu"] + path], [rec[k] for k in ("in0_dtype", "in1_dtype", "out_dtype")]


def check(case: harness.Case) -> harness.Outcome:
    return harness.run(case, label)


@settings(max_examples=examples(300))
@given(cases("arith"))
def test_arithmetic_functions_match_the_fp32_reference(case):
    check(case)


@settings(max_examples=examples(80))
@given(cases("bitvec"))
def test_bitvec_functions_match_the_bit_pattern_reference(case):
    check(case)


@pytest.mark.parametrize("alu", INT32)
@settings(max_examples=examples(10))
@given(data=st.data())
def test_the_int32_path_is_exact_integer_arithmetic(alu, data):
    check(data.draw(cases("int32", alu=alu)))
