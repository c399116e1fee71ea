"""The user's ISA from Python: the module examples/custom-isa builds with isa-py."""

import json
import pathlib

import numpy as np
import pytest

import custom_isa
import isa_bundles

HERE = pathlib.Path(__file__).resolve().parents[2]
MIXED = HERE / "mixed.bin"
MIXED_JSONL = HERE / "mixed.jsonl"


def test_the_user_s_ops_are_there():
    ops = custom_isa.ops()
    assert {"TensorMax", "TensorClamp", "TensorTensorV4"} <= set(ops)
    assert set(isa_bundles.ops()) < set(ops)
    # src/lib.rs: TensorMax's immediate, an i32 at 0x30, with no confidence stated.
    imm = next(f for f in custom_isa.fields("TensorMax") if f["name"] == "imm")
    assert (imm["offset"], imm["bits"], imm["type"], imm["confidence"]) == (0x30, 32, "i32", "not stated")


def test_the_mixed_stream_decodes_to_its_checked_in_records():
    records = custom_isa.decode(MIXED)
    expected = [json.loads(line) for line in MIXED_JSONL.read_text().splitlines()]
    assert [{k: v for k, v in r.items() if k != "offset"} for r in records] == expected
    assert [r["offset"] for r in records] == list(range(0, 64 * len(records), 64))
    assert custom_isa.encode(records) == MIXED.read_bytes()


def test_the_built_in_module_does_not_know_the_user_s_op():
    records = isa_bundles.decode(MIXED)
    assert any("raw" in r for r in records)
    with pytest.raises(ValueError, match="TensorMax"):
        isa_bundles.encode(custom_isa.decode(MIXED))


def test_the_user_s_op_has_a_table_and_a_view():
    data = MIXED.read_bytes()
    tables = custom_isa.tables(data)
    records = custom_isa.decode(data)
    maxes = [r for r in records if r.get("op") == "TensorMax"]
    assert len(tables["TensorMax"]) == len(maxes)
    assert tables["TensorMax"]["imm"].tolist() == [r["imm"] for r in maxes]
    only = np.frombuffer(b"".join(data[r["offset"] : r["offset"] + 64] for r in maxes), dtype=np.uint8)
    view = custom_isa.view(only, "TensorMax")
    assert np.shares_memory(view, only)
    assert view["imm"].tolist() == [r["imm"] for r in maxes]


def test_the_user_s_machine_runs_its_tensor_max():
    record = next(
        json.loads(line) for line in MIXED_JSONL.read_text().splitlines() if '"TensorMax"' in line
    )
    record.update(num_active_partitions=4, imm=-1)
    x = np.random.default_rng(4).uniform(-3, 3, size=(4, 512)).astype(np.float32)
    m = custom_isa.Machine(core="v4")
    m.load("sbuf", record["input"]["addr"], x)
    assert m.run(custom_isa.encode([record])) == []
    got = m.dump("sbuf", record["output"]["addr"], np.float32, (4, 512))
    np.testing.assert_array_equal(got, np.maximum(x, np.float32(-1)))
    # The built-in module's machine does not know the op.
    with pytest.raises(ValueError, match="bundle at byte 0x0"):
        isa_bundles.Machine(core="v4").run(custom_isa.encode([record]))


def test_the_user_s_call_lowers_and_runs_beside_the_built_in_calls():
    tile = lambda address, dtype="float32": ("sbuf", address, 0, 2, [4], dtype)
    assert not hasattr(isa_bundles, "tensor_max")
    bundle = custom_isa.tensor_max(tile(0x100), tile(0), 1)
    (record,) = custom_isa.decode(bundle)
    assert (record["op"], record["imm"], record["alu"], record["num_active_partitions"]) == ("TensorMax", 1, "bypass", 2)
    assert (record["input"]["addr"], record["output"]["addr"]) == (0, 0x100)
    # A built-in call of the user's module gives the built-in module's bytes.
    add = custom_isa.tensor_tensor(tile(0x200), tile(0), tile(0x100), "add")
    assert add == isa_bundles.tensor_tensor(tile(0x200), tile(0), tile(0x100), "add")
    m = custom_isa.Machine()
    x = np.array([[-2.0, 0.5, 3.0, 1.0], [7.0, -1.0, 1.0, 0.0]], np.float32)
    m.load("sbuf", 0, x)
    assert m.run(bundle + add) == []
    np.testing.assert_array_equal(m.dump("sbuf", 0x100, np.float32, (2, 4)), np.maximum(x, 1))
    np.testing.assert_array_equal(m.dump("sbuf", 0x200, np.float32, (2, 4)), x + np.maximum(x, 1))
    with pytest.raises(ValueError, match="tensor_max_int_imm failed on `imm`"):
        custom_isa.tensor_max(tile(0x100, "uint8"), tile(0, "uint8"), -1)
    with pytest.raises(TypeError, match=r"tensor_max\(\): missing argument `imm`"):
        custom_isa.tensor_max(tile(0x100), tile(0))
