"""Exponential on the simulator against the reference's nki.isa.exponential [I1] (NeuronCore-v4):
`exp(src - max_value)` within 2 fp32 ulps, and the accumulator registers after reset_reduce,
load_reduce and reduce, read out by DveReadAccumulator, within the fp32 summation bound."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from differential import harness
from differential.strategies import SYNC, dtypes, operand, partitions, shapes

#: Where a drain's read-out lands: above every operand span (reference.access.WINDOW).
DRAIN_AT = 0xFE00
DRAIN = {"op": "DveReadAccumulator", "body": "00" * 60}
MAX_VALUES = [0.0, 1.0, -2.0, 10.0, 88.0, -88.0, np.inf]


def _bits(value) -> int:
    return int(np.float32(value).view(np.uint32))


@st.composite
def exponential(draw, index, where, nums, cmd, out_dtype=None, scalars=None):
    """One Exponential bundle's operands and a builder of its record; `scalars` draws the
    immediates (max_value, reduce_init)."""
    names = draw(dtypes("v4")), out_dtype or draw(dtypes("v4", ("float",)))
    src = draw(operand(f"src{index}", names[0], where, nums, profile=draw(st.sampled_from(["small", "wide", "special", "positive"]))))
    out = draw(operand(f"out{index}", names[1], where, nums, output=True))
    vectors = []
    words = {}
    for slot in ("imm0", "imm1"):
        if draw(st.booleans()):
            value = draw(scalars if scalars is not None else st.one_of(st.sampled_from(MAX_VALUES), st.floats(-50, 50, width=32)))
            words[slot] = ("immediate", _bits(value))
        else:
            vector = draw(operand(f"{slot}_{index}", "float32", where, (1,), space="sbuf", profile="small"))
            vectors.append(vector)
            words[slot] = ("physical_ap", vector.name)

    def build(ops):
        def word(slot):
            source, value = words[slot]
            return ops[value].descriptor()["addr"] if source == "physical_ap" else value

        return {
            "op": "Exponential",
            "opcode": "exponential",
            "sync": SYNC,
            "accumulator_cmd": cmd,
            "input": ops[src.name].descriptor(),
            "in_dtype": names[0],
            "out_dtype": names[1],
            "num_active_channels": where[1],
            "imm0_src": words["imm0"][0],
            "op0": "bypass",
            "op1": "bypass",
            "reverse": "none",
            "imm1_src": words["imm1"][0],
            "imm0": word("imm0"),
            "imm1": word("imm1"),
            "out": ops[out.name].descriptor(),
        }

    return [src, out] + vectors, build


@st.composite
def single_cases(draw):
    where, nums = draw(partitions()), draw(shapes(3))
    cmd = draw(st.sampled_from(["idle", "zero_accumulate", "load_accumulate"]))
    operands, build = draw(exponential(0, where, nums, cmd))
    return harness.Case("v4", lambda ops: [build(ops)], operands, draw(st.integers(0, 2**32 - 1)))


def label(case):
    rec = case.records[0]
    return "Exponential", [f"exp ({rec['accumulator_cmd']})"], [rec["in_dtype"], rec["out_dtype"]]


@settings(max_examples=examples(100))
@given(single_cases())
def test_exponential_is_exp_of_src_minus_max_value(case):
    harness.run(case, label)


@st.composite
def accumulate_cases(draw):
    """One to three Exponentials over all partitions (the first resets or loads, the others
    reduce: add_accumulate), then a DveReadAccumulator whose read-out is compared register by register."""
    # All 128 partitions: the drain binding reads every register out (Machine.run).
    where, nums = (0, 128), draw(shapes(3))
    first = draw(st.sampled_from(["zero_accumulate", "load_accumulate"]))
    # An fp32 dst: whether a narrower dst adds its rounded values is on no page. Sums far below
    # the fp32 range: where a partial sum overflows depends on the order of the adds.
    scalars = st.floats(-10, 50, width=32)
    bundles = [draw(exponential(0, where, nums, first, "float32", scalars))]
    for index in range(1, draw(st.integers(1, 3))):
        bundles.append(draw(exponential(index, where, draw(shapes(3)), "add_accumulate", "float32", scalars)))
    operands = [op for ops, _ in bundles for op in ops]
    for op in operands:
        if op.name.startswith("src"):
            op.profile = draw(st.sampled_from(["small", "positive"]))

    def build(ops):
        return [b(ops) for _, b in bundles] + [DRAIN]

    case = harness.Case("v4", build, operands, draw(st.integers(0, 2**32 - 1)))
    case.drains = {64 * len(bundles): DRAIN_AT}
    return case


@settings(max_examples=examples(80))
@given(accumulate_cases())
def test_the_accumulator_sums_the_exponentials_across_bundles(case):
    def accumulate_label(c):
        cmds = "+".join(r["accumulator_cmd"] for r in c.records if r["op"] == "Exponential")
        return "Exponential + DveReadAccumulator", [f"exp sum ({cmds})"], [r["out_dtype"] for r in c.records if r["op"] == "Exponential"]

    outcome = harness.run(case, accumulate_label)
    assert outcome.unstated or outcome.registers > 0, "no register was compared"
