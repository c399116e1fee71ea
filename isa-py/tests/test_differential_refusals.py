"""What a public page excludes, the machine refuses: each case is a bundle a call lowers, or
the same bundle with one field changed through its record, that breaks a constraint a page
states (or a reading the simulator takes where the bytes give no meaning), and `Machine.run`
must raise ValueError naming it instead of computing something. The differential tests draw
legal calls only, so these are the cases that hold the refusals; and a register an idle
VectorE instruction may have changed must read as unset."""

import numpy as np
import pytest

import isa_bundles as isa
from differential.calls import changed

PARTITIONS, ELEMENTS = 4, 8


def tile(address, n=ELEMENTS, dtype="float32", space="sbuf"):
    return (space, address, 0, PARTITIONS, [n], dtype)


MASK = tile(0x400, dtype="uint8")


def machine(core="v2"):
    """A machine with the first KiB of every partition of SBUF and PSUM written (ones), so a
    refusal is never a read of unwritten bytes."""
    m = isa.Machine(core=core)
    ones = np.ones((128, 0x800), np.uint8)
    m.load("sbuf", 0, ones)
    m.load("psum", 0, ones)
    return m


def refused(stream, message, core="v2"):
    m = machine(core)
    with pytest.raises(ValueError, match=message):
        m.run(stream)


def test_a_predicated_copy_refuses_a_mask_that_is_not_uint8_uint16_or_uint32():
    # [P2]: tensor_copy_predicated's predicate is uint8, uint16 or uint32.
    stream = isa.tensor_copy_predicated(tile(0x200), tile(0), MASK)
    machine().run(stream)
    for dtype in ("float32", "bfloat16", "int8"):
        bad = changed(stream, mask_dtype=dtype)
        refused(bad, r"predicate is uint8, uint16 or uint32 \[P2\]")


def test_a_predicated_copy_does_not_convert():
    # [I1]: the copy form (0x72) keeps the dtype; a cast is the other opcode.
    stream = isa.tensor_copy_predicated(tile(0x200), tile(0), MASK)
    refused(changed(stream, src_dtype="bfloat16"), r"CopyPredicated does not convert")


def test_a_predicated_scalar_copy_refuses_a_float_mask():
    stream = isa.select(tile(0x200), MASK, 2.0, tile(0x100))
    scalar = isa.decode(stream)
    assert {r["op"] for r in scalar} >= {"CopyPredicatedScalar"}
    at = next(i for i, r in enumerate(scalar) if r["op"] == "CopyPredicatedScalar")
    scalar[at] = {**scalar[at], "mask_dtype": "float32"}
    refused(isa.encode(scalar), r"predicate is uint8, uint16 or uint32 \[P2\]")


def test_select_reduce_refuses_what_its_page_excludes():
    stream = isa.select_reduce(tile(0x200, n=1), MASK, tile(0))
    machine().run(stream)
    # [I1]: the predicate is int8, uint8, int16 or uint16; the reduce is max.
    refused(changed(stream, mask_dtype="uint32"), r"select_reduce's predicate is int8, uint8, int16 or uint16")
    refused(changed(stream, mask_dtype="float32"), r"select_reduce's predicate is int8, uint8, int16 or uint16")
    refused(changed(stream, reduce_op="add"), r"reduce_op only supports max")
    # Seed 000's ledger reads op0 as bypass only; what another op0 does is not recovered.
    refused(changed(stream, op0="add"), r"only bypass")
    # Seed 000 §3.1: what the false-fill writers store at +0x27 is not recovered but for 0.
    refused(changed(stream, false_fill=1), r"false_fill has no meaning")


def test_exponential_refuses_an_alu_op_beside_its_exp():
    # Seed 001: the exp function is the opcode, op0 and op1 must be bypass.
    stream = isa.exponential(tile(0x200), tile(0))
    machine("v4").run(stream)
    refused(changed(stream, op0="add"), r"the exp function is the opcode", core="v4")
    refused(changed(stream, op1="mult"), r"the exp function is the opcode", core="v4")
    refused(changed(stream, reverse="first"), r"the exp function is the opcode", core="v4")


def test_scalar_tensor_tensor_refuses_both_tensors_in_psum():
    # [I1]: data and operand1 may not both be in PSUM.
    stream = isa.scalar_tensor_tensor(tile(0x200), tile(0, space="psum"), "mult", 0.5, "add", tile(0x100, space="psum"))
    refused(stream, r"may not both be in PSUM \[I1\]")
    machine().run(isa.scalar_tensor_tensor(tile(0x200), tile(0, space="psum"), "mult", 0.5, "add", tile(0x100)))


def test_tensor_scalar_refuses_an_accumulate_on_the_plain_form_and_int32_in_a_reduce():
    stream = isa.tensor_scalar(tile(0x200), tile(0), "add", 1.0)
    # Seed 001: a non-idle accumulate makes the bundle 0x9A; 0x43 has no reduce.
    refused(changed(stream, accumulator_cmd="zero_accumulate"), r"0x43 has no reduce")
    fused = isa.tensor_scalar(tile(0x200), tile(0), "add", 1.0, op1="add", operand1=0.0,
                              reduce_res=tile(0x300, n=1), reduce_cmd="zero_accumulate")
    machine().run(fused)
    # [I1]: tensor_scalar_cumulative takes no int32 or uint32 dtype (held for 0x9A too).
    for field in ("in_dtype", "out_dtype"):
        refused(changed(fused, **{field: "int32"}), r"takes no int32 or uint32 dtype")


def test_power_refuses_a_tile_in_psum():
    # [I1 tensor_tensor]: pow runs on GpSimd, which cannot access PSUM.
    for dst, data1, data2 in [(tile(0x200, space="psum"), tile(0), tile(0x100)),
                              (tile(0x200), tile(0, space="psum"), tile(0x100)),
                              (tile(0x200), tile(0), tile(0x100, space="psum"))]:
        refused(isa.tensor_tensor(dst, data1, data2, "pow"), r"power runs on GpSimd")
    machine().run(isa.tensor_tensor(tile(0x200), tile(0), tile(0x100), "pow"))


def full(address, n=ELEMENTS, dtype="float32"):
    """Every partition: a drain reads all 128 registers."""
    return ("sbuf", address, 0, 128, [n], dtype)


def drained_after(stream):
    """A fused reduce fills every register, `stream` runs, then a DveReadAccumulator reads
    them out: its values, or the machine's ValueError."""
    fill = isa.tensor_scalar(full(0x200), full(0), "add", 1.0, op1="add", operand1=0.0,
                             reduce_res=full(0x300, n=1), reduce_cmd="zero_accumulate")
    whole = fill[:64] + stream + fill[64:]
    (read,) = machine().run(whole, drains={len(whole) - 64: 0x600})
    return read["values"]


def test_an_idle_vector_instruction_leaves_the_registers_unset():
    # [I1 select_reduce, exponential]: an idle VectorE instruction may change the accumulator
    # registers, so a read-out after one reads nothing a page states.
    # Each element's bytes read as a denormal fp32 (0x01010101); plus 1.0 it is 1.0, eight a row.
    assert (drained_after(b"") == 8.0).all()
    idle = [isa.tensor_scalar(full(0x200), full(0), "add", 1.0),
            isa.tensor_scalar(full(0x200, dtype="int32"), full(0, dtype="int32"), "bitwise_or", 1, bitvec=True),
            changed(isa.select_reduce(full(0x200), full(0x400, dtype="uint8"), full(0)), reduce_op="bypass", accumulate="idle")]
    for stream in idle:
        with pytest.raises(ValueError, match="accumulator of partition 0 is unset"):
            drained_after(stream)


def test_tensor_tensor_refuses_what_the_bytes_or_its_page_exclude():
    # [I1]: the two inputs may not both be in PSUM.
    refused(isa.tensor_tensor(tile(0x200), tile(0, space="psum"), tile(0x100, space="psum"), "add"),
            r"the two inputs may not both be in PSUM \[I1\]")
    int32 = lambda address, space="sbuf": tile(address, dtype="int32", space=space)
    band = isa.tensor_tensor(int32(0x200), int32(0), int32(0x100), "add", gpsimd_int32=True, core="v3")
    assert isa.decode(band)[0]["alu"] == "int32_eng5"
    # Seed 000 §2: the int32 band's byte names the engine, not the op.
    refused(band, r"the int32 band byte names the engine")
    refused(changed(band, opcode="tensor_tensor"), r"does not belong to the opcode's form")
    # [A1]: GpSimd (the int32 band) cannot access PSUM.
    mod = isa.tensor_tensor(int32(0x200), int32(0, space="psum"), int32(0x100), "mod", gpsimd_int32=True, core="v3")
    refused(mod, r"GpSimd \(the int32 band\) cannot access PSUM")


def test_a_scan_names_the_stage_it_cannot_run():
    # A bypass stage passes its left operand; reversed, KLR's evaluator and seed 001 disagree
    # on what it passes [K3], so it is refused, naming its stage.
    scan = isa.scalar_tensor_tensor(tile(0x200), tile(0), "add", 0.0, "mult", tile(0x100), scan=True)
    machine().run(scan)
    refused(changed(scan, op0="bypass", reverse="first"), r"operand op0: ALU op bypass has no meaning here")
    refused(changed(scan, op1="bypass", reverse="second"), r"operand op1: ALU op bypass has no meaning here")


@pytest.mark.parametrize("op", ["divide", "mod"])
def test_the_int32_path_refuses_a_zero_divisor(op):
    # READINGS "divide by zero": on integers an error, never a value (no page gives one).
    int32 = lambda address: tile(address, dtype="int32")
    band = isa.tensor_tensor(int32(0x200), int32(0), int32(0x100), "add", gpsimd_int32=True, core="v3")
    stream = changed(band, alu=op)
    m = machine()
    m.load("sbuf", 0, np.full((PARTITIONS, ELEMENTS), 7, np.int32))
    m.load("sbuf", 0x100, np.full((PARTITIONS, ELEMENTS), 2, np.int32))
    m.run(stream)
    assert (m.dump("sbuf", 0x200, np.int32, (PARTITIONS, ELEMENTS)) == (3 if op == "divide" else 1)).all()
    m.load("sbuf", 0x100, np.zeros((PARTITIONS, ELEMENTS), np.int32))
    with pytest.raises(ValueError, match=f"integer {'divide' if op == 'divide' else 'modulo'} by zero"):
        m.run(stream)


def test_an_input_that_walks_another_count_of_elements_is_refused():
    # Seed 000's s3d3_tt_src_element_cnt_check: every input walks as many elements as out.
    stream = isa.tensor_tensor(tile(0x200), tile(0), tile(0x100), "add")
    record = isa.decode(stream)[0]
    for operand in ("in0", "in1"):
        short = changed(stream, **{operand: {**record[operand], "nums": [ELEMENTS // 2, 1, 1]}})
        refused(short, f"operand {operand}: walks {PARTITIONS * ELEMENTS // 2} elements, {PARTITIONS * ELEMENTS} expected")


def test_a_read_of_unwritten_bytes_names_the_first_the_walk_meets_run_by_run():
    # Element-wise ops read their operands a run at a time, every operand's run before the next
    # run: the fault names the first unwritten byte in that order (in1's first run), not the
    # first of an operand read whole (in0's second run).
    m = isa.Machine()
    m.load("psum", 0, np.ones((1, 4), np.float32))            # in0's first run
    m.load("sbuf", 32, np.full((1, 4), 2.0, np.float32))      # in1's second run
    runs = lambda space, address: (space, address, 0, 1, [[8, 2], [1, 4]], "float32")
    with pytest.raises(ValueError, match="operand in1: reads unwritten SBUF byte 0x0 of partition 0"):
        m.run(isa.tensor_tensor(runs("sbuf", 256), runs("psum", 0), runs("sbuf", 0), "add"))


def test_a_read_of_unwritten_bytes_names_the_first_of_the_first_operand_when_not_all_are_fp32():
    # With an operand that is not fp32 the walk is the whole-operand one: the fault names the
    # first unwritten byte of data1 (its second run) before any of data2.
    m = isa.Machine()
    m.load("psum", 0, np.ones((1, 8), np.uint8))               # in0's first run: 4 bfloat16
    m.load("sbuf", 32, np.full((1, 4), 2.0, np.float32))
    runs = lambda space, address, dtype="float32": (space, address, 0, 1, [[8, 2], [1, 4]], dtype)
    with pytest.raises(ValueError, match="operand in0: reads unwritten PSUM byte 0x10 of partition 0"):
        m.run(isa.tensor_tensor(runs("sbuf", 256), runs("psum", 0, "bfloat16"), runs("sbuf", 0), "add"))


def test_an_element_wise_op_computed_in_memory_still_refuses_unwritten_bytes():
    # Every operand fp32 in one memory and in runs of one length: the simulator computes such a
    # bundle straight into memory at commit. Its reads are checked all the same, run by run:
    # the fault names in1's first unwritten byte, inside its first run.
    m = isa.Machine()
    m.load("sbuf", 0, np.ones((1, 8), np.float32))             # in0, whole
    m.load("sbuf", 64, np.full((1, 1), 2.0, np.float32))       # in1's first element only
    runs = lambda address: ("sbuf", address, 0, 1, [[4, 2], [1, 4]], "float32")
    with pytest.raises(ValueError, match="operand in1: reads unwritten SBUF byte 0x44 of partition 0"):
        m.run(isa.tensor_tensor(runs(256), runs(0), runs(64), "add"))


def test_an_operand_at_a_register_no_instruction_set_is_refused():
    # Seed 002: an ADDR4 word with bit 31 set names a register (its RegId in the low byte); no
    # instruction of a stream has set register 7 here, so the start address is unknown and the
    # read is refused, naming the operand and the register.
    stream = isa.tensor_tensor(tile(0x200), tile(0), tile(0x100), "add")
    in0 = isa.decode(stream)[0]["in0"]
    refused(changed(stream, in0={**in0, "addr": 0x8000_0007}), r"operand in0: .*register 7")


def test_a_bitwise_op_over_fp32_tiles_is_refused():
    # [I1 tensor_tensor]: bitwise ops take integer tiles. A bundle of the bitvec form whose
    # dtypes are fp32 has no meaning, and the run names the operand.
    int32 = lambda address: tile(address, dtype="int32")
    stream = isa.tensor_tensor(int32(0x200), int32(0), int32(0x100), "bitwise_xor", bitvec=True)
    fp32 = changed(stream, in0_dtype="float32", in1_dtype="float32", out_dtype="float32")
    refused(fp32, r"operand out: .*integer operation on a float dtype")
