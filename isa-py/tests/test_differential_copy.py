"""TensorCopy, Memset and the predicated copies on the simulator against the reference's
nki.isa.tensor_copy [I1, P3], memset [I1] and tensor_copy_predicated [P2]."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from differential import harness
from differential.strategies import CORES, SYNC, dtypes, operand, partitions, shapes
from reference.numeric import FORMATS

PREDICATES = ["uint8", "uint16", "uint32"]


@st.composite
def copy_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(4))
    src_dtype = draw(dtypes(core))
    dst_dtype = draw(st.one_of(st.just(src_dtype), dtypes(core)))
    src = draw(operand("src", src_dtype, where, nums))
    dst = draw(operand("dst", dst_dtype, where, nums, output=True))
    opcode = "tensor_copy" if src_dtype == dst_dtype else "tensor_copy_cast"

    def build(ops):
        return [
            {
                "op": "TensorCopy",
                "opcode": opcode,
                "sync": SYNC,
                "src": ops["src"].descriptor(),
                "src_dtype": src_dtype,
                "dst_dtype": dst_dtype,
                "num_active_partitions": where[1],
                "dst": ops["dst"].descriptor(),
            }
        ]

    return harness.Case(core, build, [src, dst], draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=examples(150))
@given(copy_cases())
def test_tensor_copy_is_bit_exact_or_an_fp32_cast(case):
    def label(c):
        rec = c.records[0]
        kind = "same dtype (bit-exact)" if rec["src_dtype"] == rec["dst_dtype"] else "cast via fp32"
        return "TensorCopy", [kind], [rec["src_dtype"], rec["dst_dtype"]]

    harness.run(case, label)


FILLS = [0.0, -0.0, 1.0, -2.5, 0.1, 65504.0, 1e5, 448.0, 3.0e38, np.inf, -np.inf]


@st.composite
def memset_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(4))
    name = draw(dtypes(core))
    dst = draw(operand("dst", name, where, nums, output=True))
    if name.startswith(("int", "uint")):
        # Mostly within the dtype's range (a fill outside it leaves every element unstated),
        # negative fills as their two's-complement word.
        info = np.iinfo(FORMATS[name])
        value = draw(st.one_of(st.integers(int(info.min), int(info.max)), st.integers(0, 300), st.integers(0, 2**32 - 1)))
        fill = value & 0xFFFF_FFFF
    else:
        value = draw(st.one_of(st.sampled_from(FILLS), st.floats(-1e6, 1e6, width=32)))
        fill = int(np.float32(value).view(np.uint32))

    def build(ops):
        return [
            {
                "op": "Memset",
                "opcode": "memset_const",
                "sync": SYNC,
                "mode": 0,
                "dtype": name,
                "num_active_partitions": where[1],
                "fill": fill,
                "dst": ops["dst"].descriptor(),
            }
        ]

    return harness.Case(core, build, [dst], draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=examples(80))
@given(memset_cases())
def test_memset_fills_the_walk_with_the_constant(case):
    harness.run(case, lambda c: ("Memset", ["const fill"], [c.records[0]["dtype"]]))


@st.composite
def predicated_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    name = draw(dtypes(core))
    mask_dtype = draw(st.sampled_from(PREDICATES))
    spaces = draw(st.sampled_from([("sbuf", "sbuf"), ("psum", "sbuf"), ("sbuf", "psum")]))
    src = draw(operand("src", name, where, nums, space=spaces[0]))
    mask = draw(operand("mask", mask_dtype, where, nums, space=spaces[1], profile=draw(st.sampled_from(["boolean", "bits", "small"]))))
    out = draw(operand("out", name, where, nums, output=True))

    def build(ops):
        return [
            {
                "op": "CopyPredicated",
                "opcode": "copy_predicated",
                "sync": SYNC,
                "src_dtype": name,
                "mask_dtype": mask_dtype,
                "out_dtype": name,
                "alu": 0,
                "num_active_partitions": where[1],
                "out": ops["out"].descriptor(),
                "src": ops["src"].descriptor(),
                "mask": ops["mask"].descriptor(),
            }
        ]

    return harness.Case(core, build, [src, mask, out], draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=examples(100))
@given(predicated_cases())
def test_copy_predicated_copies_where_the_predicate_is_not_zero(case):
    def label(c):
        rec = c.records[0]
        return "CopyPredicated", ["predicated copy"], [rec["src_dtype"], rec["mask_dtype"]]

    harness.run(case, label)


@st.composite
def predicated_scalar_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    mask_dtype = draw(st.sampled_from(PREDICATES))
    mask = draw(operand("mask", mask_dtype, where, nums, profile=draw(st.sampled_from(["boolean", "bits"]))))
    out = draw(operand("out", "float32", where, nums, output=True))
    value = draw(st.one_of(st.sampled_from(FILLS), st.floats(width=32, allow_nan=False)))

    def build(ops):
        return [
            {
                "op": "CopyPredicatedScalar",
                "sync": SYNC,
                "out": ops["out"].descriptor(),
                "mask_dtype": mask_dtype,
                "out_dtype": "float32",
                "num_active_partitions": where[1],
                "byte_0x29": 0,
                "mask_num_active_partitions": where[1],
                "scalar": int(np.float32(value).view(np.uint32)),
                "mask": ops["mask"].descriptor(),
            }
        ]

    return harness.Case(core, build, [mask, out], draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=examples(50))
@given(predicated_scalar_cases())
def test_copy_predicated_scalar_writes_the_scalar_where_the_predicate_is_not_zero(case):
    harness.run(case, lambda c: ("CopyPredicatedScalar", ["predicated scalar copy"], ["float32", c.records[0]["mask_dtype"]]))
