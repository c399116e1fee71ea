"""Kernel calls against their public meaning: each case calls `isa_bundles.<call>` on random
tiles, so the bundles come from the op's real lowering in isa-ops, runs them on a fresh Machine
and holds every output to `reference.calls`, which reads the call's own tiles and arguments
and never the bundles. A lowering that fills a field wrong (an operand swapped, a reverse flag
dropped, a stride or count off, a dtype code, an immediate's bits) computes something the call
does not mean, and the case fails with the call, the records and the arrays."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from differential import harness
from differential.calls import call_case
from differential.strategies import (
    BINARY,
    CORES,
    IMMEDIATES,
    dtypes,
    logical,
    operand,
    ops_pair,
    out_dtypes,
    partitions,
    reshaped,
    shapes,
)
from reference import calls
from reference.alu import TABLE
from reference.numeric import FORMATS
from reference.ops import REDUCE_IDENTITY

BITVEC = sorted(n for n, a in TABLE.items() if a.kind == "bitvec" and n != "arith_shift_right")
PROFILES_BY_ALU = {"pow": "positive", "rsqrt": "positive"}
#: Which input dst is written over in place (1: the first, 2: the second), or None for a dst of
#: its own, as a kernel often writes: `x = x * s`.
IN_PLACE = st.sampled_from([None, None, 1, 2])
#: GpSimd's engine number (the calls' `engine`; the Vector engine, 5, is the default).
GPSIMD = 1
#: Where the read-out of a call's reduce_res lands: above every operand span.
DRAIN_AT = 0xFE00


def legal(operands: list) -> list:
    """The operands with their PSUM walks made legal, as the validators' tensor3d_valid
    (seed 002) takes them: forward (the top bits of stride1 clear, so no negative stride) and
    with a nonzero stride2; a call that breaks either is refused by the lowering."""
    for op in operands:
        if op.space == "psum":
            strides = [abs(s) for s in op.strides]
            if len(strides) > 2 and strides[2] == 0:
                strides[2] = 1
            op.strides = tuple(strides)
    return operands


def label_of(call: str, alus, dtype_names):
    return lambda case: (f"{call} (call)", alus, dtype_names)


@st.composite
def scalar_operand(draw, name, where, boolean=False):
    """An fp32 immediate, or the name of a `(P, 1)` fp32 vector operand in SBUF or PSUM."""
    if draw(st.booleans()):
        values = st.sampled_from([0.0, 1.0]) if boolean else st.one_of(st.sampled_from(IMMEDIATES), st.floats(-1e4, 1e4, width=32))
        return float(draw(values)), None
    space = draw(st.sampled_from(["sbuf", "psum"]))
    vector = draw(operand(name, "float32", where, (1,), space=space, profile="boolean" if boolean else None))
    return name, vector


def _scalar_value(value, tiles):
    return tiles[value] if isinstance(value, str) else value


@st.composite
def tensor_tensor_cases(draw, op=None):
    """A tensor_tensor call of `op` (drawn when None) on a core that has it."""
    op = op or draw(st.sampled_from(BINARY + BITVEC))
    core = draw(st.sampled_from([c for c in CORES if c in TABLE[op].cores]))
    where, nums = draw(partitions()), draw(shapes(3))
    bitvec = TABLE[op].kind == "bitvec"
    if bitvec:
        names = [draw(dtypes(core, ("int",)))] * 3
    else:
        names = [draw(dtypes(core)), draw(dtypes(core)), draw(out_dtypes(core, op))]
    # Sometimes dst is the very tile of data1 or data2, written over it in place.
    target = draw(IN_PLACE)
    if target is not None:
        names[target - 1] = names[2]
    # The engine that runs it: left to the default (the Vector engine) or GpSimd, which
    # cannot access PSUM [I1 tensor_tensor]; the engine is not in the bytes, so the meaning is
    # the same.
    engine = draw(st.sampled_from([None, None, GPSIMD]))
    # Not both inputs in PSUM, and pow (GpSimd) not in PSUM at all [I1 tensor_tensor].
    spaces = ["sbuf"] * 3 if op == "pow" or engine == GPSIMD else [draw(st.sampled_from(["sbuf", "psum"])), *draw(st.sampled_from([("sbuf", "sbuf"), ("psum", "sbuf"), ("sbuf", "psum")]))]
    profile = PROFILES_BY_ALU.get(op, "boolean" if logical(op) else None)
    shift = "positive" if "shift" in op else profile
    # Now and then the inputs, none written over, walk their elements in a shape of their own.
    shape = draw(reshaped(nums)) if target is None and draw(st.booleans()) else nums
    shape = [shape, shape]
    operands = [
        draw(operand("dst", names[2], where, nums, output=True, space=spaces[0])),
        draw(operand("data1", names[0], where, shape[0], output=target == 1, space=spaces[1], profile=profile)),
        draw(operand("data2", names[1], where, shape[1], output=target == 2, space=spaces[2], profile=shift)),
    ]
    if target is not None:
        operands[0].in_place_of(operands[target])
    kwargs = {"bitvec": True} if bitvec else {}
    if engine is not None:
        kwargs["engine"] = engine
    case = call_case(core, "tensor_tensor", legal(operands), lambda t: ((t["dst"], t["data1"], t["data2"], op), kwargs), draw(st.integers(0, 2**32 - 1)))
    return case, label_of("tensor_tensor", [op + (" (bitvec)" if bitvec else "")], names)


@st.composite
def tensor_scalar_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    op0, op1, reverse = draw(ops_pair(core))
    reverse0, reverse1 = reverse in ("first", "both"), reverse in ("second", "both")
    names = draw(dtypes(core)), draw(out_dtypes(core, op0, op1))
    in_place = draw(IN_PLACE) is not None
    if in_place:
        names = names[1], names[1]
    boolean = logical(op0, op1)
    profile = PROFILES_BY_ALU.get(op0, "boolean" if boolean else None)
    operands = [
        draw(operand("data", names[0], where, nums, output=in_place, profile=profile)),
        draw(operand("dst", names[1], where, nums, output=True)),
    ]
    if in_place:
        operands[1].in_place_of(operands[0])
    s0 = (0.0, None) if TABLE[op0].kind == "unary" else draw(scalar_operand("operand0", where, boolean))
    s1 = (0.0, None) if TABLE[op1].kind == "unary" or op1 == "bypass" else draw(scalar_operand("operand1", where, boolean))
    operands += [v for _, v in (s0, s1) if v is not None]

    def arguments(t):
        kwargs = {"reverse0": reverse0}
        if op1 != "bypass":
            kwargs.update(op1=op1, operand1=_scalar_value(s1[0], t), reverse1=reverse1)
        return (t["dst"], t["data"], op0, _scalar_value(s0[0], t)), kwargs

    case = call_case(core, "tensor_scalar", legal(operands), arguments, draw(st.integers(0, 2**32 - 1)))
    return case, label_of("tensor_scalar", [op0, op1], list(names))


@st.composite
def tensor_scalar_bitvec_cases(draw):
    """A bit-vector tensor_scalar call: one integer dtype, op0 a bitvec operator and op1 one or
    bypass, each scalar an integer immediate the dtype holds (a shift amount within its width)."""
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    name = draw(dtypes(core, ("int",)))
    info = np.iinfo(FORMATS[name])
    ops = [o for o in BITVEC + ["bitwise_not"] if core in TABLE[o].cores]
    op0 = draw(st.sampled_from(ops))
    op1 = draw(st.sampled_from([o for o in ops if o != "bitwise_not"] + ["bypass"] * 2))

    def immediate(op):
        if "shift" in op:
            return draw(st.integers(0, info.bits - 1))
        return draw(st.integers(int(info.min), int(info.max)))

    s0, s1 = immediate(op0), immediate(op1)
    reverse0 = draw(st.booleans()) and "shift" not in op0
    reverse1 = draw(st.booleans()) and "shift" not in op1 and op1 != "bypass"
    in_place = draw(IN_PLACE) is not None
    space = draw(st.sampled_from(["sbuf", "psum"]))
    operands = [
        draw(operand("data", name, where, nums, output=in_place, space=space)),
        draw(operand("dst", name, where, nums, output=True, space=space)),
    ]
    if in_place:
        operands[1].in_place_of(operands[0])

    def arguments(t):
        kwargs = {"reverse0": reverse0, "bitvec": True}
        if op1 != "bypass":
            kwargs.update(op1=op1, operand1=s1, reverse1=reverse1)
        return (t["dst"], t["data"], op0, s0), kwargs

    case = call_case(core, "tensor_scalar", legal(operands), arguments, draw(st.integers(0, 2**32 - 1)))
    return case, label_of("tensor_scalar", [op0 + " (bitvec)", op1 + (" (bitvec)" if op1 != "bypass" else "")], [name, name])


@st.composite
def scalar_tensor_tensor_cases(draw):
    core = draw(st.sampled_from(CORES))
    # operand1 walks one free axis: ScalarTensorTensor's tensor1 is a [1, 2]-D pattern.
    where, nums = draw(partitions()), draw(shapes(1))
    exact = [a for a in BINARY if not TABLE[a].ulps and core in TABLE[a].cores]
    op0 = draw(st.sampled_from(exact))
    op1 = draw(st.sampled_from(exact + [a for a in BINARY if TABLE[a].ulps and core in TABLE[a].cores]))
    reverse0, reverse1 = draw(st.booleans()), draw(st.booleans())
    names = draw(dtypes(core)), draw(dtypes(core)), draw(out_dtypes(core, op0, op1))
    boolean = logical(op0, op1)
    profile = "boolean" if boolean else PROFILES_BY_ALU.get(op1)
    # data and operand1 not both in PSUM [I1 scalar_tensor_tensor].
    spaces = draw(st.sampled_from([("sbuf", "sbuf"), ("psum", "sbuf"), ("sbuf", "psum")]))
    operands = [
        draw(operand("data", names[0], where, nums, space=spaces[0], profile=profile)),
        draw(operand("operand1", names[1], where, nums, space=spaces[1], profile=profile)),
        draw(operand("dst", names[2], where, nums, output=True)),
    ]
    s0 = draw(scalar_operand("operand0", where, boolean))
    operands += [s0[1]] if s0[1] is not None else []

    def arguments(t):
        args = (t["dst"], t["data"], op0, _scalar_value(s0[0], t), op1, t["operand1"])
        return args, {"reverse0": reverse0, "reverse1": reverse1}

    case = call_case(core, "scalar_tensor_tensor", legal(operands), arguments, draw(st.integers(0, 2**32 - 1)))
    return case, label_of("scalar_tensor_tensor", [op0, op1], list(names))


@st.composite
def exponential_cases(draw):
    """exponential with max_value and, on all 128 partitions, a reduce command whose
    reduce_res the caller reads out (bound to DRAIN_AT)."""
    reduce = draw(st.booleans())
    where = (0, 128) if reduce else draw(partitions())
    nums = draw(shapes(3))
    names = draw(dtypes("v4")), "float32" if reduce else draw(dtypes("v4", ("float",)))
    src_profile = draw(st.sampled_from(["small", "positive"] if reduce else ["small", "wide", "special", "positive"]))
    operands = [
        draw(operand("src", names[0], where, nums, profile=src_profile)),
        draw(operand("dst", names[1], where, nums, output=True)),
    ]
    maximum = draw(scalar_operand("max_value", where))
    if reduce and maximum[1] is None:
        maximum = float(draw(st.floats(-10, 50, width=32))), None
    elif reduce:
        maximum[1].profile = "small"
    operands += [maximum[1]] if maximum[1] is not None else []
    cmd = draw(st.sampled_from(["zero_accumulate", "load_accumulate"])) if reduce else "idle"
    init = float(draw(st.floats(-10, 10, width=32))) if cmd == "load_accumulate" else None

    def meant(t):
        kwargs = {"max_value": _scalar_value(maximum[0], t), "reduce_cmd": cmd}
        if init is not None:
            kwargs["reduce_init"] = init
        return (t["dst"], t["src"]), kwargs

    def arguments(t):
        args, kwargs = meant(t)
        if reduce:
            kwargs["reduce_res"] = ("sbuf", DRAIN_AT, 0, 128, [1], "float32")
        else:
            del kwargs["reduce_cmd"]
        return args, kwargs

    drains = {64: DRAIN_AT} if reduce else None
    case = call_case("v4", "exponential", legal(operands), arguments, draw(st.integers(0, 2**32 - 1)), drains, meant)
    return case, label_of("exponential", [f"exp ({cmd})"], list(names))


@st.composite
def tensor_scalar_reduce_cases(draw):
    """tensor_scalar with a reduce_res, read as nki.isa.tensor_scalar_reduce [I1] with op1 the
    reduce op (add, mult, max or min) and operand1 load_reduce's reduce_init: that mapping of
    the call's arguments onto 0x9A's op1 and imm1 is the simulator's reading (its REDUCE form,
    INFERRED), and the reference states the rest from the page. On all 128 partitions, since
    which register a partition from another start feeds is on no page; no int32 or uint32,
    which the fused reduce refuses."""
    core = draw(st.sampled_from(CORES))
    where, nums = (0, 128), draw(shapes(3))
    reduce_op = draw(st.sampled_from(sorted(REDUCE_IDENTITY)))
    allowed = [a for a in BINARY if core in TABLE[a].cores and not (reduce_op == "mult" and TABLE[a].ulps)]
    op0 = draw(st.sampled_from(allowed))
    floats = lambda kinds: dtypes(core, kinds).filter(lambda n: n not in ("int32", "uint32"))
    names = draw(floats(("int", "float"))), draw(st.one_of(st.just("float32"), floats(("float",) if TABLE[op0].ulps else ("int", "float"))))
    profile = {"pow": "positive"}.get(op0, "boolean" if logical(op0) else "small")
    operands = [
        draw(operand("data", names[0], where, nums, profile=profile)),
        draw(operand("dst", names[1], where, nums, output=True)),
    ]
    s0 = draw(scalar_operand("operand0", where, logical(op0)))
    operands += [s0[1]] if s0[1] is not None else []
    reverse0 = draw(st.booleans())
    cmd = draw(st.sampled_from(["zero_accumulate", "load_accumulate"]))
    init = float(draw(st.floats(-10, 10, width=32))) if cmd == "load_accumulate" else 0.0

    def arguments(t):
        # A call with an op1 takes an operand1 (seed 001: s1 iff NumArgs == 3): with a reduce,
        # the reduce_init.
        kwargs = {"reverse0": reverse0, "op1": reduce_op, "operand1": init, "reduce_cmd": cmd,
                  "reduce_res": ("sbuf", DRAIN_AT, 0, 128, [1], "float32")}
        return (t["dst"], t["data"], op0, _scalar_value(s0[0], t)), kwargs

    def meant(t):
        kwargs = {"reverse0": reverse0, "reduce_cmd": cmd, "reduce_init": init}
        return (t["dst"], t["data"], op0, _scalar_value(s0[0], t), reduce_op), kwargs

    meanings = {"tensor_scalar": calls.tensor_scalar_reduce}
    case = call_case(core, "tensor_scalar", legal(operands), arguments, draw(st.integers(0, 2**32 - 1)),
                     {64: DRAIN_AT}, meant, meanings=meanings)
    return case, label_of("tensor_scalar (reduce_res)", [op0, f"{reduce_op} ({cmd})"], list(names))


@st.composite
def copy_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    src_dtype = draw(dtypes(core))
    dst_dtype = draw(st.one_of(st.just(src_dtype), dtypes(core)))
    operands = [draw(operand("src", src_dtype, where, nums)), draw(operand("dst", dst_dtype, where, nums, output=True))]
    case = call_case(core, "tensor_copy", legal(operands), lambda t: ((t["dst"], t["src"]), {}), draw(st.integers(0, 2**32 - 1)))
    kind = "same dtype" if src_dtype == dst_dtype else "cast"
    return case, label_of("tensor_copy", [kind], [src_dtype, dst_dtype])


@st.composite
def memset_cases(draw):
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    dtype = draw(dtypes(core))
    if dtype in ("uint8", "uint16", "uint32", "int8", "int16", "int32"):
        info = np.iinfo(dtype)
        value = draw(st.integers(int(info.min), int(info.max)))
    else:
        value = float(draw(st.one_of(st.sampled_from(IMMEDIATES), st.floats(-1e5, 1e5, width=32))))
    operands = [draw(operand("dst", dtype, where, nums, output=True))]
    case = call_case(core, "memset", legal(operands), lambda t: ((t["dst"], value), {}), draw(st.integers(0, 2**32 - 1)))
    return case, label_of("memset", ["const fill"], [dtype])


@st.composite
def predicated_cases(draw, name):
    """tensor_copy_predicated(dst, src, predicate) or select(dst, predicate, on_true,
    on_false): one dtype for the data, a uint8/16/32 predicate [P2]; src and on_true a tile or
    (select only) a number."""
    core = draw(st.sampled_from(CORES))
    where, nums = draw(partitions()), draw(shapes(3))
    # A number's encoding is fp32 bits: a number goes with a float32 dst [P2].
    number = name == "select" and draw(st.booleans())
    dtype = "float32" if number else draw(dtypes(core))
    mask = draw(st.sampled_from(["uint8", "uint16", "uint32"]))
    operands = [
        draw(operand("dst", dtype, where, nums, output=True)),
        draw(operand("predicate", mask, where, nums, profile="boolean")),
    ]
    source = float(draw(st.sampled_from(IMMEDIATES))) if number else "source"
    if not number:
        operands.append(draw(operand("source", dtype, where, nums)))
    if name == "select":
        operands.append(draw(operand("on_false", dtype, where, nums)))

    def arguments(t):
        src = t["source"] if source == "source" else source
        if name == "select":
            return (t["dst"], t["predicate"], src, t["on_false"]), {}
        return (t["dst"], src, t["predicate"]), {}

    case = call_case(core, name, legal(operands), arguments, draw(st.integers(0, 2**32 - 1)))
    return case, label_of(name, ["number" if number else "tile"], [dtype, mask])


@st.composite
def select_reduce_cases(draw):
    """select_reduce(dst, predicate, on_true): every partition from the first to the last (the
    bundle holds no partition count, so its operands reach the last partition), an int8/16 or
    uint8/16 predicate, and a dst of on_true's shape or of one element a partition."""
    core = draw(st.sampled_from(CORES))
    start = draw(st.sampled_from([0, 32, 64, 96]))
    # One free axis: SelectReduce's src is a [1, 2]-D pattern.
    where, nums = (start, 128 - start), draw(shapes(1))
    # One dtype: the validators want on_true and dst of one wire tag (s_valid_select_reduce_dtypes).
    names = (draw(st.one_of(st.just("float32"), dtypes(core))),) * 2
    reduce = draw(st.booleans())
    mask = draw(st.sampled_from(list(calls.SELECT_REDUCE_PREDICATES)))
    operands = [
        draw(operand("dst", names[1], where, (1,) if reduce else nums, output=True)),
        draw(operand("predicate", mask, where, nums, profile="boolean")),
        draw(operand("on_true", names[0], where, nums)),
    ]
    # on_false 0.0 given outright: its fill is an fp32 immediate, which the lowering takes only
    # for an output of fp32's wire tag (check_imm_value_type_compatible).
    fill = {"on_false": 0.0} if names[0] == "float32" and draw(st.booleans()) else {}
    arguments = lambda t: ((t["dst"], t["predicate"], t["on_true"]), fill)
    case = call_case(core, "select_reduce", legal(operands), arguments, draw(st.integers(0, 2**32 - 1)))
    return case, label_of("select_reduce", ["max (reduced)" if reduce else "select"], [names[0], names[1], mask])


def check(drawn):
    case, label = drawn
    return harness.run(case, label)


@pytest.mark.parametrize("op", BINARY + BITVEC)
@settings(max_examples=examples(15))
@given(data=st.data())
def test_tensor_tensor_calls_compute_data1_op_data2(op, data):
    check(data.draw(tensor_tensor_cases(op)))


@settings(max_examples=examples(300))
@given(tensor_scalar_cases())
def test_tensor_scalar_calls_compute_both_stages_with_their_reverse_flags(drawn):
    check(drawn)


@settings(max_examples=examples(100))
@given(tensor_scalar_bitvec_cases())
def test_tensor_scalar_bitvec_calls_compute_both_stages_on_bit_patterns(drawn):
    check(drawn)


@settings(max_examples=examples(150))
@given(scalar_tensor_tensor_cases())
def test_scalar_tensor_tensor_calls_compute_data_op0_scalar_op1_operand1(drawn):
    check(drawn)


@settings(max_examples=examples(80))
@given(exponential_cases())
def test_exponential_calls_compute_exp_of_src_minus_max_value_and_its_row_sum(drawn):
    check(drawn)


@settings(max_examples=examples(160))
@given(tensor_scalar_reduce_cases())
def test_tensor_scalar_calls_with_reduce_res_reduce_each_partition_into_its_register(drawn):
    check(drawn)


@settings(max_examples=examples(60))
@given(copy_cases())
def test_tensor_copy_calls_copy_or_cast(drawn):
    check(drawn)


@settings(max_examples=examples(40))
@given(memset_cases())
def test_memset_calls_fill_the_tile(drawn):
    check(drawn)


@settings(max_examples=examples(60))
@given(predicated_cases("tensor_copy_predicated"))
def test_tensor_copy_predicated_calls_copy_where_the_predicate_holds(drawn):
    check(drawn)


@settings(max_examples=examples(100))
@given(predicated_cases("select"))
def test_select_calls_choose_on_true_or_on_false(drawn):
    check(drawn)


@settings(max_examples=examples(60))
@given(select_reduce_cases())
def test_select_reduce_calls_select_and_reduce_to_the_row_maximum(drawn):
    check(drawn)
