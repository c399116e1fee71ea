"""The listing: disassemble(data) is what `isa decode` prints, assemble(text) reads it back byte
for byte, whatever the stream holds, and a line that does not assemble says where and why."""

import random
import subprocess

import pytest

import isa_bundles as isa
from conftest import ISA_BIN, KERNEL, TSHUF


def cli_listing(data: bytes, *flags: str) -> str:
    out = subprocess.run(
        [str(ISA_BIN), "decode", *flags, "-"], input=data, capture_output=True, check=False
    )
    assert out.returncode in (0, 1), out.stderr.decode()
    return out.stdout.decode()


def corrupted(data: bytes, rng: random.Random) -> bytes:
    s = bytearray(data)
    for _ in range(rng.randint(0, 6)):
        s[rng.randrange(len(s))] ^= rng.randint(1, 255)
    return bytes(s[: len(s) - rng.randint(0, 7)])


def test_disassemble_is_the_command_s_listing():
    data = KERNEL.read_bytes()
    text = isa.disassemble(data)
    assert text == cli_listing(data)
    assert text.startswith("0x00000000  0x49  Memset  opcode=memset_const sync={wait_mode=0,")
    assert isa.disassemble_words(TSHUF.read_bytes()) == cli_listing(TSHUF.read_bytes(), "--word32")


def test_assemble_reads_back_every_stream():
    rng = random.Random(7)
    for source in (KERNEL.read_bytes(), TSHUF.read_bytes()):
        for _ in range(200):
            data = corrupted(source, rng)
            assert isa.assemble(isa.disassemble(data)) == data
            assert isa.assemble_words(isa.disassemble_words(data)) == data
    assert isa.assemble("") == b""
    assert isa.disassemble(b"") == ""


def test_a_hand_written_line_assembles_with_its_default():
    line = (
        "Memset opcode=memset_const mode=0 dtype=bfloat16 num_active_partitions=128 fill=0 "
        "dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}  ; the sync band is zero"
    )
    # examples/kernel.bin's first bundle has a zero sync band.
    assert isa.assemble(line) == KERNEL.read_bytes()[:64]


def test_a_line_that_does_not_assemble_names_its_line_column_and_fix():
    text = "\n" + "Memset opcode=memset_const dtyp=bfloat16"
    with pytest.raises(ValueError) as e:
        isa.assemble(text)
    message = str(e.value)
    assert message.startswith("listing:2:28: unknown field `dtyp` of Memset; did you mean `dtype`?")
    assert "                            ^^^^" in message
