"""Field tables, validation, and errors that are Python exceptions, never a panic."""

import random

import numpy as np
import pytest

import isa_bundles as isa
from conftest import ISA_BIN

import subprocess


def field(op, name):
    return next(f for f in isa.fields(op) if f["name"] == name)


def test_the_field_table_reads_like_the_declaration():
    # README's TensorTensor: in0_dtype at 0x0C low nibble via dtype_v2, num_active_partitions at
    # 0x0F (STRONG), opcodes 0x41 0x51 0x8A 0x8E.
    in0 = field("TensorTensor", "in0_dtype")
    assert (in0["offset"], in0["first_bit"], in0["last_bit"], in0["table"]) == (0x0C, 0x60, 0x63, "dtype_v2")
    nap = field("TensorTensor", "num_active_partitions")
    assert (nap["offset"], nap["bits"], nap["type"], nap["confidence"]) == (0x0F, 8, "u8", "STRONG")
    assert "DISPUTED" not in nap["disputed"]
    assert field("TensorTensor", "out")["disputed"].startswith("S3S3D3_TT")


def test_ops_are_the_command_s_ops():
    out = subprocess.run([str(ISA_BIN), "fields"], capture_output=True, check=True).stdout.decode()
    for op in isa.ops():
        assert op in out


def test_a_clean_kernel_has_no_finding(kernel):
    assert isa.validate(kernel) == []


def test_findings_are_the_command_s(kernel, tmp_path):
    data = bytearray(kernel)
    # A dtype code no table entry has, in the TensorCopy at 0x40.
    data[0x40 + field("TensorCopy", "src_dtype")["offset"]] = 0xFF
    data += b"\x00" * 5
    path = tmp_path / "bad.bin"
    path.write_bytes(data)
    found = isa.validate(path)
    cli = subprocess.run([str(ISA_BIN), "validate", str(path)], capture_output=True).stdout.decode()
    lines = cli.splitlines()
    assert len(found) == len(lines) == 2
    for f, line in zip(found, lines):
        assert line.startswith(f"{path}:{f['offset']:#x}: ")
        assert line.endswith(f["message"])
    assert found[0]["rule"] == "decode" and found[0]["bundle"] == 0x40
    assert found[1]["rule"] == "trailing" and found[1]["offset"] == len(kernel)


def test_strict_only_keeps_the_stated_rules(valid_stream):
    every = isa.validate(valid_stream[: 64 * 5000])
    strict = isa.validate(valid_stream[: 64 * 5000], strict_only=True)
    assert strict == [f for f in every if f["confidence"] in ("CONFIRMED", "STRONG") or f["rule"] in ("decode", "trailing")]


def test_a_record_that_does_not_encode_names_its_index_and_field(kernel):
    records = isa.decode(kernel)
    del records[3]["sync"]
    with pytest.raises(ValueError, match=r"record 3: .*sync"):
        isa.encode(records)
    records = isa.decode(kernel)
    records[2]["num_active_partitions"] = "many"
    with pytest.raises(ValueError, match=r"record 2: .*num_active_partitions"):
        isa.encode(records)


def test_a_gap_is_refused(kernel):
    records = isa.decode(kernel)
    del records[1]
    with pytest.raises(ValueError, match=r"record 1: .*gap of 64 bytes"):
        isa.encode(records)


def test_a_record_that_is_not_an_object_is_refused():
    with pytest.raises(ValueError, match=r"record 0: expected a JSON object"):
        isa.encode([5])


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: isa.decode(12), TypeError),
        (lambda: isa.decode(np.zeros(4, dtype=np.uint16)), TypeError),
        (lambda: isa.decode("/nonexistent/stream.bin"), OSError),
        (lambda: isa.decode(), TypeError),
        (lambda: isa.view(b"", "NoSuchOp"), KeyError),
        (lambda: isa.fields("NoSuchOp"), KeyError),
        (lambda: isa.encode(None), TypeError),
        (lambda: isa.encode([{"op": "NoSuchOp"}]), ValueError),
        (lambda: isa.encode([{"offset": -1, "raw": "00"}]), ValueError),
        (lambda: isa.encode([{"raw": "0g"}]), ValueError),
        (lambda: isa.encode_words([{"block": 1}]), ValueError),
        (lambda: isa.tables(3.5), TypeError),
    ],
)
def test_bad_input_raises_a_python_error(call, error):
    with pytest.raises(error):
        call()


def test_random_input_never_panics():
    rng = random.Random(5)
    panic = type("never", (BaseException,), {})
    try:
        from pyo3_runtime import PanicException as panic  # noqa: F811
    except ImportError:
        pass
    for _ in range(200):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
        for call in (isa.decode, isa.decode_words, isa.validate, isa.tables):
            call(data)
        for op in isa.ops()[:3]:
            try:
                isa.view(data, op)
            except ValueError:
                pass
        record = {"op": rng.choice(isa.ops()), "sync": rng.choice([None, 1, {}, "x"]), "offset": rng.randrange(-2, 3)}
        try:
            isa.encode([record])
        except ValueError:
            pass
        except panic:
            pytest.fail("a panic crossed the boundary")
