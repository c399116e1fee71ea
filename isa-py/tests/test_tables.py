"""tables() against the JSON values, view() over the wire bytes."""

import ml_dtypes
import numpy as np
import pytest

import isa_bundles as isa
from conftest import ROOT, cli_json

#: Every op's bundles, TensorTensor among them (tests/data, made by the workspace's tests).
EVERY_OP = ROOT / "tests" / "data" / "every_op.bin"


def as_json(value, dtype, names, path=""):
    """A row (or a member of one) as the JSON form writes it, read through the dtype."""
    if dtype.names is not None:
        return {
            n: as_json(value[n], dtype.fields[n][0], names, f"{path}{n}.") for n in dtype.names
        }
    if dtype.subdtype is not None:
        return [as_json(v, dtype.subdtype[0], names, path) for v in value]
    key = path[:-1]
    if key in names:
        return names[key][int(value)]
    if dtype.kind == "b":
        return bool(value)
    if dtype.kind == "V":
        return bytes(value).hex()
    return int(value)


def rows_as_json(array):
    names = array.dtype.metadata["names"]
    out = []
    for row in array:
        values = {n: as_json(row[n], array.dtype.fields[n][0], names, f"{n}.") for n in array.dtype.names}
        out.append(values)
    return out


def check_tables(stream, records, rows=None):
    """Every op's row count, and the values of its first `rows` rows (all by default)."""
    tables = isa.tables(stream)
    typed = [r for r in records if "op" in r]
    assert {op: len(a) for op, a in tables.items()} == {
        op: sum(1 for r in typed if r["op"] == op) for op in {r["op"] for r in typed}
    }
    for op, array in tables.items():
        expected = [{k: v for k, v in r.items() if k != "op"} for r in typed if r["op"] == op]
        array = array[np.argsort(array["offset"], kind="stable")][:rows]
        got = rows_as_json(array)
        expected = expected[:rows]
        assert got == expected, op


def test_kernel_tables_hold_the_json_values(kernel):
    check_tables(kernel, isa.decode(kernel))


def test_random_valid_tables_hold_the_json_values(valid_stream, valid_records):
    check_tables(valid_stream, valid_records, rows=1000)


def test_undecodable_bundles_have_no_row(kernel):
    broken = bytearray(kernel)
    broken[64] = 0xFF  # the TensorCopy at 0x40 gets an opcode no op claims
    tables = isa.tables(bytes(broken) + b"\x00")
    assert "TensorCopy" not in tables
    assert sum(len(a) for a in tables.values()) == len(kernel) // 64 - 1


def test_a_descriptor_has_the_wire_widths():
    # Seed 002: TENSOR3D is a 32-bit ADDR4 word, three signed 16-bit strides, three unsigned
    # 16-bit counts; TensorTensor's out descriptor is at 0x10 (seed 000 §2).
    array = isa.tables(EVERY_OP)["TensorTensor"]
    out = array.dtype["out"]
    assert out["addr"] == np.dtype("<u4")
    assert out["strides"] == np.dtype(("<i2", (3,)))
    assert out["nums"] == np.dtype(("<u2", (3,)))
    bundle = EVERY_OP.read_bytes()[int(array["offset"][0]):][:64]
    assert array["out"][0].tobytes() == bundle[0x10:0x20]


def test_a_many_to_one_code_is_named_by_its_canonical_value():
    # Seed 000's dtype table: 0x03 stands for uint8 and float8_e8m0fnu; 0x0A is float32.
    names = isa.tables(EVERY_OP)["TensorTensor"].dtype.metadata["names"]
    assert names["in0_dtype"][0x03] == "uint8"
    assert names["in0_dtype"][0x0A] == "float32"


def test_the_dtype_names_are_numpy_or_ml_dtypes_types_but_the_neuron_ones():
    # Seed 000's dtype table: float8e3/e4/e5 and float32r are the accelerator's own formats.
    names = isa.tables(EVERY_OP)["TensorTensor"].dtype.metadata["names"]["in0_dtype"]
    unknown = {n for n in names.values() if not (hasattr(np, n) or hasattr(ml_dtypes, n))}
    assert unknown == {"float8e3", "float8e4", "float8e5", "float32r"}
    assert np.dtype(getattr(ml_dtypes, names[6])).itemsize == 2  # bfloat16


def only(stream, records, op):
    return b"".join(stream[r["offset"] : r["offset"] + 64] for r in records if r.get("op") == op)


def test_a_view_shares_the_buffer_and_reads_the_wire_bytes(valid_stream, valid_records):
    for op in isa.ops():
        data = np.frombuffer(only(valid_stream, valid_records, op), dtype=np.uint8).copy()
        view = isa.view(data, op)
        assert np.shares_memory(view, data), op
        assert len(view) == len(data) // 64
        byte_fields = [
            f for f in isa.fields(op)
            if f["first_bit"] % 8 == 0 and f["bits"] in (8, 16, 32) and f["type"] in ("u8", "u16", "u32", "i32")
            and f["value_bits"] is None and f["kind"] in ("value", "constant")
        ]
        for f in byte_fields:
            width = f["bits"] // 8
            raw = data.reshape(-1, 64)[:, f["offset"] : f["offset"] + width]
            wire = [int.from_bytes(bytes(b), "little", signed=f["type"].startswith("i")) for b in raw]
            assert view[f["name"]].tolist() == wire, (op, f["name"])


def test_a_view_writes_through():
    stream = EVERY_OP.read_bytes()
    data = bytearray(only(stream, isa.decode(stream), "TensorTensor"))
    view = isa.view(data, "TensorTensor")
    view["num_active_partitions"][0] = 7
    assert data[0x0F] == 7  # the field sits at 0x0F (README's TensorTensor)
    assert isa.decode(data)[0]["num_active_partitions"] == 7


def test_a_view_of_a_bytes_object_is_read_only():
    stream = EVERY_OP.read_bytes()
    data = only(stream, isa.decode(stream), "TensorTensor")
    view = isa.view(data, "TensorTensor")
    assert not view.flags.writeable
    assert np.shares_memory(view, np.frombuffer(data, dtype=np.uint8))


def test_a_view_of_two_ops_is_refused(kernel):
    with pytest.raises(ValueError, match=r"bundle at offset 0x0 is Memset, not TensorTensor"):
        isa.view(kernel, "TensorTensor")


def test_a_view_of_a_partial_bundle_is_refused():
    stream = EVERY_OP.read_bytes()
    data = only(stream, isa.decode(stream), "TensorTensor")
    with pytest.raises(ValueError, match="trailing bytes"):
        isa.view(data[:-1], "TensorTensor")


def enumeration_columns(op):
    """The top-level enumeration fields of `op` that sit in a byte of their own: name and offset."""
    return [
        (f["name"], f["offset"])
        for f in isa.fields(op)
        if f["kind"] == "value" and f["table"] is None and f["bits"] == 8 and f["value_bits"] is None
        and not f["type"].startswith(("u", "i", "bool"))
    ]


def test_enumeration_columns_hold_the_wire_code(valid_stream):
    seen = 0
    for op, array in isa.tables(valid_stream).items():
        names = array.dtype.metadata["names"]
        for column, at in enumeration_columns(op):
            if column not in names:
                continue
            for row in array[:200]:
                code = valid_stream[int(row["offset"]) + at]
                assert int(row[column]) == code, (op, column)
                seen += 1
    assert seen > 0


def test_an_enumeration_code_does_not_depend_on_the_first_value(valid_stream):
    tables = isa.tables(valid_stream)
    for op, array in tables.items():
        for column, at in enumeration_columns(op):
            if column not in array.dtype.metadata["names"]:
                continue
            values = np.unique(array[column])
            if len(values) < 2:
                continue
            first = array[array[column] == values[0]][0]["offset"]
            second = array[array[column] == values[1]][0]["offset"]
            a = valid_stream[first : first + 64] + valid_stream[second : second + 64]
            b = valid_stream[second : second + 64] + valid_stream[first : first + 64]
            ta, tb = isa.tables(a)[op], isa.tables(b)[op]
            assert list(ta[column]) == list(tb[column][::-1])
            name = ta.dtype.metadata["names"][column][int(ta[column][0])]
            # The integer is the byte the stream holds, and the name the one `isa decode` shows.
            assert int(ta[column][0]) == a[at]
            assert cli_json(a)[0][column] == name
            return
    pytest.fail("no enumeration column with two values")


def same_tables(a, b):
    """Whether two results of tables() hold the same ops, dtypes and bytes."""
    assert a.keys() == b.keys()
    for op in a:
        assert a[op].dtype == b[op].dtype, op
        assert a[op].dtype.metadata == b[op].dtype.metadata, op
        assert a[op].tobytes() == b[op].tobytes(), op


def test_the_rows_do_not_depend_on_the_threads(valid_stream):
    # The valid stream is about 200,000 bundles: several segments, each cut into parts.
    one = isa.tables(valid_stream, threads=1)
    for threads in (2, 3, None):
        same_tables(isa.tables(valid_stream, threads=threads), one)
    for op, array in one.items():
        offsets = array["offset"].astype(np.int64)
        assert (np.diff(offsets) > 0).all(), op  # stream order


def test_the_arrays_are_read_only_views_of_one_buffer(kernel):
    tables = isa.tables(kernel)
    arrays = list(tables.values())
    assert all(not a.flags.writeable for a in arrays)
    assert len({id(a.base) for a in arrays}) == 1


def test_threads_must_be_positive(kernel):
    with pytest.raises(ValueError, match="threads must be at least 1"):
        isa.tables(kernel, threads=0)
    with pytest.raises(TypeError):
        isa.tables(kernel, threads="two")


def breaking_byte(bundle):
    """A byte past the opcode that, set to 0xFF, makes `bundle` one that does not decode (its
    opcode still claims it), or None."""
    for at in range(1, 64):
        broken = bytearray(bundle)
        broken[at] = 0xFF
        if "raw" in isa.decode(bytes(broken))[0]:
            return at
    return None


def test_claimed_bundles_that_do_not_decode_leave_no_gap(valid_stream, valid_records):
    # Every 7th bundle of each op that can be broken past its opcode is broken, across every
    # segment and part of the stream; the rows are those of the other bundles, in order.
    broken = bytearray(valid_stream)
    dropped = set()
    for op in isa.ops():
        offsets = [r["offset"] for r in valid_records if r.get("op") == op]
        at = breaking_byte(valid_stream[offsets[0] : offsets[0] + 64]) if offsets else None
        if at is None:
            continue
        for offset in offsets[::7]:
            broken[offset + at] = 0xFF
            dropped.add(offset)
    assert len(dropped) > 1000
    whole = isa.tables(valid_stream, threads=1)
    for threads in (1, 2):
        tables = isa.tables(bytes(broken), threads=threads)
        assert tables.keys() == whole.keys()
        for op, array in tables.items():
            kept = whole[op][~np.isin(whole[op]["offset"], list(dropped))]
            assert array.tobytes() == kept.tobytes(), (op, threads)


def test_a_tensor_tensor_row_holds_its_wire_bytes(valid_stream):
    # README's TensorTensor: in0/in1 dtype codes in the nibbles of 0x0C, out dtype at 0x0D, ALU
    # at 0x0E, num_active_partitions at 0x0F, the descriptors out/in0/in1 at 0x10/0x20/0x30.
    # Seed 002: a 3-D descriptor is an ADDR4 word, then 3 int16 strides, then 3 uint16 counts.
    array = isa.tables(valid_stream)["TensorTensor"]
    assert len(array) > 1000
    wire = np.frombuffer(valid_stream, dtype=np.uint8).reshape(-1, 64)[array["offset"] // 64]
    assert (array["in0_dtype"] == wire[:, 0x0C] & 0x0F).all()
    assert (array["in1_dtype"] == wire[:, 0x0C] >> 4).all()
    assert (array["out_dtype"] == wire[:, 0x0D]).all()
    assert (array["alu"] == wire[:, 0x0E]).all()
    assert (array["num_active_partitions"] == wire[:, 0x0F]).all()
    for name, at in (("out", 0x10), ("in0", 0x20), ("in1", 0x30)):
        slot = wire[:, at : at + 16].copy()
        assert (array[name]["addr"] == slot[:, 0:4].view("<u4")[:, 0]).all(), name
        assert (array[name]["strides"] == slot[:, 4:10].view("<i2")).all(), name
        assert (array[name]["nums"] == slot[:, 10:16].view("<u2")).all(), name
