"""decode/encode against `isa decode --json` and the original bytes."""

import gc
import os
import pathlib

import numpy as np
import pytest

import isa_bundles as isa
from conftest import KERNEL, TSHUF, cli_encode, cli_json


def test_kernel_decodes_as_the_command_does(kernel):
    records = isa.decode(kernel)
    assert records == cli_json(kernel)
    # examples/kernel.bin: nine bundles, the first a Memset of bfloat16 at 0x2400 (examples/kernel.jsonl).
    assert len(records) == 9
    assert records[0]["op"] == "Memset" and records[0]["dtype"] == "bfloat16"
    assert records[0]["dst"]["addr"] == 9216


@pytest.mark.parametrize(
    "as_input",
    [
        bytes,
        bytearray,
        memoryview,
        lambda b: np.frombuffer(b, dtype=np.uint8),
        lambda b: np.frombuffer(b, dtype=np.uint8).copy(),
        lambda b: str(KERNEL),
        lambda b: KERNEL,
    ],
    ids=["bytes", "bytearray", "memoryview", "ndarray-view", "ndarray", "str-path", "pathlike"],
)
def test_every_kind_of_input_reads_the_same(kernel, as_input):
    assert isa.decode(as_input(kernel)) == isa.decode(kernel)


@pytest.mark.parametrize("enabled", [True, False], ids=["collector-on", "collector-off"])
def test_decode_leaves_the_cyclic_collector_as_it_found_it(kernel, enabled):
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        assert isa.decode(kernel + b"\x01\x02")[-1]["raw"] == "0102"
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()


def test_a_non_contiguous_uint8_array_reads_its_elements(kernel):
    doubled = np.repeat(np.frombuffer(kernel, dtype=np.uint8), 2)[::2]
    assert not doubled.flags.c_contiguous
    assert isa.decode(doubled) == isa.decode(kernel)


def test_kernel_encodes_back_to_its_bytes(kernel):
    assert isa.encode(isa.decode(kernel)) == kernel


def test_random_valid_bundles_of_every_op(valid_stream, valid_records):
    records = isa.decode(valid_stream)
    assert records == valid_records
    # Every op is there, and every bundle decodes to its typed form.
    assert {r["op"] for r in records} == set(isa.ops())
    assert not any("raw" in r for r in records)
    assert isa.encode(records) == valid_stream


def corrupt(stream: bytes, rng, flips: int) -> bytes:
    data = bytearray(stream)
    for _ in range(flips):
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def with_reserved_bits(stream: bytes, rng) -> bytes:
    """Each bundle with one bit set in a byte its op's field table reserves, where it has one."""
    reserved = {
        op: [r["offset"] for r in isa.fields(op) if r["kind"] == "reserved"] for op in isa.ops()
    }
    data = bytearray(stream)
    for record in isa.decode(stream):
        offsets = reserved.get(record.get("op"), [])
        if offsets:
            data[record["offset"] + rng.choice(offsets)] |= 1 << rng.randrange(8)
    return bytes(data)


def with_unknown_opcodes(stream: bytes, rng) -> bytes:
    known = {
        r["offset"]: r for r in isa.decode(stream)
    }
    claimed = {stream[o] for o in known}
    unknown = [b for b in range(256) if b not in claimed]
    data = bytearray(stream)
    for at in range(0, len(data), 64 * 3):
        data[at] = rng.choice(unknown)
    return bytes(data)


@pytest.mark.parametrize("kind", ["flips", "truncated", "unknown-opcodes", "reserved-bits", "random"])
def test_corrupted_streams_decode_as_the_command_does_and_encode_back(valid_stream, rng, kind):
    base = valid_stream[: 64 * 3000]
    if kind == "flips":
        data = corrupt(base, rng, 2000)
    elif kind == "truncated":
        data = base[: 64 * 1000 + rng.randrange(1, 64)]
    elif kind == "unknown-opcodes":
        data = with_unknown_opcodes(base, rng)
    elif kind == "reserved-bits":
        data = with_reserved_bits(base, rng)
    else:
        data = bytes(rng.randrange(256) for _ in range(64 * 500 + 17))
    records = isa.decode(data)
    assert records == cli_json(data)
    if kind != "truncated" and kind != "random":
        assert any("raw" in r for r in records), "the corruption leaves some bundle undecodable"
    assert isa.encode(records) == data
    assert cli_encode(records) == data


def test_trailing_bytes_are_a_raw_record(kernel):
    data = kernel + b"\x01\x02\x03"
    records = isa.decode(data)
    assert records[-1] == {
        "offset": 576,
        "raw": "010203",
        "reason": "3 trailing bytes at offset 0x240 do not make a 64-byte bundle",
    }
    assert isa.encode(records) == data


def test_the_block_words_decode_as_the_command_does():
    stream = TSHUF.read_bytes()
    records = isa.decode_words(stream)
    assert records == cli_json(stream, "--word32")
    assert isa.encode_words(records) == stream
    # examples/tshuf.s: the first block is U32 CUBE_M16 into tile 0.
    assert records[0]["block"]["data_type"] == "U32"


def test_every_word_of_the_tshuf_stream_alone():
    stream = TSHUF.read_bytes()
    for at in range(0, len(stream), 4):
        word = stream[at : at + 4]
        records = isa.decode_words(word)
        assert records == cli_json(word, "--word32"), f"word at {at:#x}"
        assert isa.encode_words(records) == word
