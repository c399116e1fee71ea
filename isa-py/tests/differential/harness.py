"""Runs a case on a fresh simulator Machine and on the reference, and compares every output.

A case is a core, a list of records and their operands. Every operand's guard block (its span
over all partitions, widened, `layout`) and then its span are loaded with the same random data
into both; the reference runs the records on its own memory model, the simulator runs the
encoded stream; then each output walk is compared element by element
(`reference.numeric.mismatches`) and every other byte of every guard block must be as the
reference left it, so a write past a walk's end, its partitions or its start is seen. A mismatch fails with a reproducer: the core, the records, where the loaded arrays
were saved and the first differing elements. The machine's trace must also say so: each walk the
reference writes is one a bundle wrote, and each input walk one a bundle read."""

import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import numpy as np

import isa_bundles as isa
from reference import ops
from reference.access import PARTITIONS, WINDOW, locate
from reference.numeric import FORMATS, Unstated, mismatches

from . import coverage
from .layout import Operand, guard_length, place
from .values import values


@dataclass
class Case:
    """A core, its operands, a data seed and `build`, which makes the records (or, for a case
    of kernel calls, the calls' bundles) from the placed operands (by name); `stream` and
    `records` hold them once `prepare` has run.

    The reference runs the records, unless the case has a `meaning`: then `meaning(state)`
    gives the writes and the drained registers (by stream offset) from the calls themselves,
    never from the bundles their lowerings made, and `call` says what was called."""

    core: str
    build: Callable
    operands: list
    seed: int
    #: stream byte offset of a DveReadAccumulator -> the SBUF byte its read-out lands at.
    drains: dict = field(default_factory=dict)
    records: list = field(default_factory=list)
    stream: bytes = b""
    meaning: Optional[Callable] = None
    call: str = ""
    #: The module whose codec and Machine run the case: isa_bundles, or a user's ISA module.
    module: Any = isa
    #: Random bytes loaded over each memory from byte 0 to the end of the last guard block.
    canaries: dict = field(default_factory=dict)


@dataclass
class Outcome:
    """What a run compared: elements of the outputs and registers of the drains."""

    elements: int
    registers: int
    unstated: Optional[str] = None


def prepare(case: Case) -> None:
    """Places the operands and draws their data (every span fully, so gaps are defined), unless
    an operand brings data of its span's shape."""
    place(case.operands)
    built = case.build({op.name: op for op in case.operands})
    case.stream = built if isinstance(built, bytes) else case.module.encode(built)
    # The reference reads what the bytes say: the records decoded from the encoded stream.
    case.records = [{k: v for k, v in r.items() if k != "offset"} for r in case.module.decode(case.stream)]
    rng = np.random.default_rng(case.seed)
    own = [op for op in case.operands if op.alias is None]
    for op in own:
        if op.data is None or op.data.shape != (op.partitions, op.span):
            op.data = values(rng, op.dtype, (op.partitions, op.span), op.profile)
    for op in own:
        op.guard = rng.integers(0, 256, size=(PARTITIONS, guard_length(op)), dtype=np.uint8)
    for op in case.operands:
        if op.alias is not None:
            op.data, op.guard = op.alias.data, op.alias.guard
    # Both memories, up to the last guard block of either: a write moved into the other memory
    # or next to no operand lands on bytes loaded here.
    end = max(op.guard_start + op.guard.shape[1] for op in case.operands)
    case.canaries = {space: rng.integers(0, 256, size=(PARTITIONS, min(end, size)), dtype=np.uint8) for space, size in WINDOW.items()}


def run(case: Case, label: Callable) -> Outcome:
    """Prepares, runs and compares a case; `label(case)` is its (op, alu, dtypes) row of the
    coverage table. Returns without comparing when the reference finds the case unstated."""
    prepare(case)
    label = label(case)
    state = ops.State(case.core)
    machine = case.module.Machine(core=case.core)
    load(case, state, machine)
    try:
        writes, drained = case.meaning(state) if case.meaning else reference(case.records, state)
    except Unstated as why:
        coverage.record(*label, case.core, unstated=True)
        return Outcome(0, 0, str(why))
    trace = []
    events = machine.run(case.stream, drains=case.drains or None, trace=trace)
    outcome = compare(case, machine, state, writes, (events, drained))
    _compare_trace(case, writes, trace)
    coverage.record(*label, case.core, elements=outcome.elements + outcome.registers)
    return outcome


def load(case: Case, state: ops.State, machine) -> None:
    """Loads every operand's guard block, then every operand's span, into the reference's
    memory and the machine, each when given (not None)."""
    loads = [(space, 0, 0, block) for space, block in case.canaries.items()]
    loads += [(op.space, 0, op.guard_start, op.guard) for op in case.operands]
    loads += [(op.space, op.partition, op.span_start, op.data) for op in case.operands]
    for space, partition, byte, array in loads:
        if state is not None:
            state.memory.load(space, partition, byte, array)
        if machine is not None:
            machine.load(space, byte, array, partition=partition)


def reference(records: list, state: ops.State):
    """Runs `records` on the reference: the writes of every op and, by the stream byte offset
    of each DveReadAccumulator, the registers it drains."""
    writes, drained = [], {}
    offset = 0
    for rec in records:
        if rec["op"] == "DveReadAccumulator":
            drained[offset] = ops.drain(state)
        else:
            writes += ops.run(rec, state)
        offset += 64
    return writes, drained


def compare(case: Case, machine, state: ops.State, writes: list, drains: tuple) -> Outcome:
    """Compares the machine's memory with the reference's `writes` and the machine's drain
    `events` with the reference's drained registers (`drains` = (events, drained)); raises
    AssertionError with a reproducer on the first difference."""
    compared = sum(_compare_write(case, machine, w) for w in writes)
    _compare_guards(case, machine, state, writes)
    return Outcome(compared, _compare_drains(case, *drains))


def _operand(case: Case, write) -> Operand:
    return next(op for op in case.operands if op.descriptor()["addr"] == write.pattern.addr and op.dtype == write.dtype)


def _compare_write(case: Case, machine, write) -> int:
    op = _operand(case, write)
    got = machine.dump(op.space, op.span_start, FORMATS[op.dtype], (op.partitions, op.span), partition=op.partition)
    walk = op.walk()
    bad = mismatches(got[:, walk], write.expected, op.dtype)
    if bad.any():
        raise AssertionError(_reproducer(case, op, got[:, walk], write, bad))
    return int(write.expected.stated.sum())


def _place(o) -> tuple:
    """Where a walk lies and what it holds, as the machine's trace names an operand."""
    return o["space"], o["partition"], o["partitions"], o["byte"], o["dtype"], o["elements"]


def _compare_trace(case: Case, writes: list, trace: list) -> None:
    """The bundles' trace names every walk the reference writes among the walks written, and
    every other operand of the case among the walks read."""
    traced = {what: {_place(o) for bundle in trace for o in bundle[what]} for what in ("reads", "writes")}
    written = [_operand(case, w) for w in writes]
    for op in case.operands:
        what = "writes" if any(op is w for w in written) else "reads"
        place = (op.space, op.partition, op.partitions, op.byte, op.dtype, op.pattern().elements)
        if place not in traced[what]:
            raise AssertionError(
                f"{_header(case)}the trace's {what} do not name {op.name} at {place}; they name {sorted(traced[what])}"
            )


def _compare_guards(case: Case, machine, state: ops.State, writes: list) -> None:
    """Every loaded byte of both memories (the canaries, which hold every guard block) but the
    written walks' is as the reference left it."""
    for space, block in case.canaries.items():
        length = block.shape[1]
        got = machine.dump(space, 0, np.uint8, (PARTITIONS, length))
        differs = got != state.memory.regions[space][:, :length]
        for write in writes:
            if locate(write.pattern.addr)[0] == space:
                index = write.pattern.bytes(FORMATS[write.dtype].itemsize).reshape(-1)
                differs[np.ix_(list(write.pattern.rows()), index[index < length])] = False
        if differs.any():
            p, b = (int(i) for i in np.argwhere(differs)[0])
            owner = next((op.name for op in case.operands if op.space == space and op.guard_start <= b < op.guard_start + op.guard.shape[1]), "no operand")
            raise AssertionError(
                _header(case) + f"{int(differs.sum())} loaded bytes of {space} outside the written walks changed; the first: "
                f"partition {p}, byte {b:#x} (in the guard block of {owner}): simulator {got[p, b]:#04x}, reference "
                f"{state.memory.regions[space][p, b]:#04x}"
            )


def _compare_drains(case: Case, events: list, drained: dict) -> int:
    got = {e["offset"]: e["values"] for e in events}
    compared = 0
    for offset, want in drained.items():
        values = got[offset].astype(np.float64)
        lanes = want.stated
        with np.errstate(invalid="ignore"):
            close = (values == want.value) | (np.abs(values - want.value) <= want.bound)
        bad = lanes & ~(close | (np.isnan(values) & np.isnan(want.value)))
        if bad.any():
            lane = int(np.flatnonzero(bad)[0])
            raise AssertionError(
                _header(case)
                + f"drain at byte {offset:#x}: register {lane} is {values[lane]!r}, the reference "
                f"{want.value[lane]!r} ± {want.bound[lane]!r} ({int(bad.sum())} registers differ)"
            )
        compared += int(lanes.sum())
    return compared


def _header(case: Case) -> str:
    path = _save(case)
    records = "\n".join(json.dumps(r) for r in case.records)
    canaries = [f"  m.load({space!r}, 0, arrays[{space + '_canary'!r}])" for space in case.canaries]
    guards = canaries + [f"  m.load({o.space!r}, {o.guard_start}, arrays[{o.name + '_guard'!r}])" for o in case.operands]
    spans = [
        f"  m.load({o.space!r}, {o.span_start}, arrays[{o.name!r}].view({FORMATS[o.dtype].name!r}), partition={o.partition})"
        for o in case.operands
    ]
    loads = "\n".join(guards + spans)
    called = f"the call: {case.call}\n" if case.call else ""
    return called + (
        f"core {case.core}, data seed {case.seed}; to reproduce:\n"
        f"  arrays = np.load({path!r}); m = isa_bundles.Machine(core={case.core!r})\n{loads}\n"
        f"  m.run(isa_bundles.encode(records))  # the records below, one JSON object a line\n"
        f"records:\n{records}\n"
    )


def _reproducer(case, op, got, write, bad) -> str:
    lines = [_header(case)]
    where = np.argwhere(bad)[:10]
    want = write.expected
    for p, k in where:
        lines.append(
            f"{op.name}[partition {op.partition + p}, element {k}]: simulator {got[p, k]!r} "
            f"({got[p, k:k+1].view(f'u{op.itemsize}')[0]:#x}), reference {want.values[p, k]!r} "
            f"({want.values[p, k:k+1].view(f'u{op.itemsize}')[0]:#x}) within {want.ulps[p, k]} ulp; "
            f"inputs {_inputs(case, op, p, k)}"
        )
    lines.append(f"{int(bad.sum())} elements differ")
    return "\n".join(lines)


def _inputs(case: Case, out: Operand, p: int, k: int) -> dict:
    """Every other operand's element `k` of partition `p`, for a mismatch's report."""
    found = {}
    for op in case.operands:
        if op is out:
            continue
        walk = op.walk()
        index = walk[k] if k < len(walk) else walk[0]
        found[op.name] = op.data[p, index] if p < op.partitions else None
    return found


def _save(case: Case) -> str:
    folder = os.environ.get("ISA_REPRO_DIR") or tempfile.mkdtemp(prefix="isa-repro-")
    path = os.path.join(folder, f"case-{case.seed}.npz")
    arrays = {op.name: op.data.view(f"u{op.itemsize}") for op in case.operands}
    arrays.update({op.name + "_guard": op.guard for op in case.operands})
    arrays.update({space + "_canary": block for space, block in case.canaries.items()})
    np.savez(path, **arrays)
    return path
