"""The perturbations of one record, read off its op's field table (`isa_bundles.fields`) and
the code tables of its encoded bytes (`isa_bundles.tables`), one field at a time.

What a field is decides how it is perturbed, never its name:

- a field a code table names (opcode, dtype, ALU function, reverse flags, accumulator command,
  scalar source): the neighbouring codes, the next and the previous the table names; a dtype
  also becomes every other dtype of its element width (the bytes read the same, the meaning
  not);
- an access pattern (`{addr, strides, nums}`): the start moved a byte either way, a partition
  either way and to the other memory; each stride and each count +-1;
- an integer (counts, immediates, fills): +-1 and its lowest, middle, fp32-exponent and highest
  bits flipped;
- raw bytes: the first and the last byte's lowest bit flipped;
- two fields of one declared type (not a plain integer): swapped (in0 with in1, op0 with op1,
  imm0 with imm1, a dtype with another).
"""

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import isa_bundles as isa
from reference.access import locate, word
from reference.numeric import FORMATS

#: Field types whose perturbation cannot change what a lone stream computes, and why; their
#: mutants are run and reported but left out of the score.
MEANING_FREE = {
    "SyncBand": "the semaphore band orders engines against each other; a stream of one "
    "engine's bundles on one machine waits on nothing and signals no one, so no wait or update "
    "value changes what the bundles compute",
    "[u8;60]": "DveReadAccumulator's body is on no page: the read-out's destination is the "
    "runner's drain map (byte offset -> SBUF address), not a field of the bundle",
}
#: Integer types, which are perturbed by value and never swapped.
PLAIN = frozenset({"u8", "u16", "u32", "u64", "i8", "i16", "i32", "bool"})


@dataclass(frozen=True)
class Mutant:
    """One perturbation: the field (`in0.strides[1]`), its declared type, its kind (the column
    of the tables), the change in words and the mutated record."""

    field: str
    type: str
    kind: str
    change: str
    record: dict

    @property
    def meaning_free(self) -> bool:
        return self.type in MEANING_FREE


@lru_cache(maxsize=None)
def _rows(op: str) -> tuple:
    return tuple(isa.fields(op))


def code_names(op: str, stream: bytes) -> dict:
    """field -> {code: name} for every coded field of `op`, from the tables of `stream` (any
    bytes holding one bundle of `op`)."""
    return dict(isa.tables(stream)[op].dtype.metadata["names"])


def mutants(record: dict, names: dict) -> list:
    """Every perturbation of `record` (one field at a time); `names` its op's code tables."""
    found = []
    for row in _rows(record["op"]):
        if row["name"] not in record or row["kind"] in ("constant", "reserved"):
            continue
        for field, kind, change, value in _perturb(row, record[row["name"]], names.get(row["name"])):
            found.append(Mutant(field or row["name"], row["type"], kind, change, {**record, row["name"]: value}))
    return found + _swaps(record)


def _perturb(row: dict, value, table):
    """(field, kind, change, new value) of each perturbation of one field's value."""
    if isinstance(value, str) and table is not None:
        yield from _codes(row, value, table)
    elif isinstance(value, str):
        yield from _raw(row, value)
    elif isinstance(value, dict) and "addr" in value:
        yield from _pattern(row["name"], value)
    elif isinstance(value, dict):
        for key, member in value.items():
            for _, kind, change, new in _integer(8, member):
                yield f"{row['name']}.{key}", kind, change, {**value, key: new}
    elif isinstance(value, bool):
        yield None, "flag", f"{value} -> {not value}", not value
    else:
        yield from _integer(row["bits"], value)


def _codes(row: dict, value: str, table: dict):
    codes = sorted(table)
    current = next(c for c in codes if table[c] == value)
    kind = "opcode" if row["kind"] == "opcode" else "dtype" if row["type"] == "Dtype" else "table code"
    at = codes.index(current)
    for near in (codes[at - 1] if at else None, codes[at + 1] if at + 1 < len(codes) else None):
        if near is not None and table[near] != value:
            yield None, kind, f"{value} -> {table[near]} (code {current:#x} -> {near:#x})", table[near]
    if row["type"] == "Dtype" and value in FORMATS:
        width = FORMATS[value].itemsize
        for other in sorted(set(table.values())):
            if other != value and other in FORMATS and FORMATS[other].itemsize == width and not _adjacent(table, current, other):
                yield None, "dtype", f"{value} -> {other} (same width)", other


def _adjacent(table: dict, code: int, name: str) -> bool:
    return any(table.get(c) == name for c in (code - 1, code + 1))


def _raw(row: dict, value: str):
    data = bytes.fromhex(value)
    for at in sorted({0, len(data) - 1}):
        flipped = bytearray(data)
        flipped[at] ^= 1
        yield None, "raw bytes", f"byte {at} bit 0 flipped", flipped.hex()


def _integer(bits: int, value: int):
    top = (1 << bits) - 1
    for step in (1, -1):
        if 0 <= value + step <= top:
            yield None, "integer +-1", f"{value} -> {value + step}", value + step
    for bit in sorted({0, bits // 2, 3 * bits // 4 - 1, bits - 1}):
        yield None, "bit flip", f"bit {bit}: {value:#x} -> {value ^ (1 << bit):#x}", value ^ (1 << bit)


def _pattern(name: str, value: dict):
    """The access pattern's start moved, and each stride and count +-1."""
    space, partition, byte = locate(value["addr"])
    other = "psum" if space == "sbuf" else "sbuf"
    moves = [
        ("a byte up", space, partition, byte + 1),
        ("a byte down", space, partition, byte - 1),
        ("a partition up", space, partition + 1, byte),
        ("a partition down", space, partition - 1, byte),
        (f"to {other}", other, partition, byte),
    ]
    for what, to_space, to_partition, to_byte in moves:
        if to_partition >= 0 and to_byte >= 0:
            yield f"{name}.addr", "address", f"start moved {what}", {**value, "addr": word(to_space, to_partition, to_byte)}
    for key, kind in (("strides", "stride"), ("nums", "count")):
        for axis, current in enumerate(value[key]):
            for step in (1, -1):
                if key == "nums" and current + step < 0:
                    continue
                changed = list(value[key])
                changed[axis] = current + step
                yield f"{name}.{key}[{axis}]", kind, f"{current} -> {current + step}", {**value, key: changed}


def _swaps(record: dict) -> list:
    """Two fields of one declared type, swapped, when their values differ."""
    rows = [r for r in _rows(record["op"]) if r["name"] in record and r["type"] and r["type"] not in PLAIN and r["type"] not in MEANING_FREE]
    found = []
    for a, b in combinations(rows, 2):
        if a["type"] == b["type"] and record[a["name"]] != record[b["name"]]:
            mutated = {**record, a["name"]: record[b["name"]], b["name"]: record[a["name"]]}
            found.append(Mutant(f"{a['name']}<->{b['name']}", a["type"], "swap", f"{a['name']} and {b['name']} swapped", mutated))
    return found
