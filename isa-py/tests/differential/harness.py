"""Runs a case on a fresh simulator Machine and on the reference, and compares every output.

A case is a core, a list of records and their operands. Every operand's span is loaded with the
same random data into both; the reference runs the records on its own memory model, the
simulator runs the encoded stream; then each output walk is compared element by element
(`reference.numeric.mismatches`) and every byte of an output span the walk does not reach must
be unchanged. A mismatch fails with a reproducer: the core, the records, where the loaded arrays
were saved and the first differing elements."""

import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

import isa_bundles as isa
from reference import ops
from reference.numeric import FORMATS, Unstated, mismatches

from . import coverage
from .layout import Operand, place
from .values import values


@dataclass
class Case:
    """A core, its operands, a data seed and `build`, which makes the records from the placed
    operands (by name); `records` holds them once `prepare` has run."""

    core: str
    build: Callable
    operands: list
    seed: int
    #: stream byte offset of a DveReadAccumulator -> the SBUF byte its read-out lands at.
    drains: dict = field(default_factory=dict)
    records: list = field(default_factory=list)


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
    # The reference reads what the bytes say: the records decoded from the encoded stream.
    case.records = [{k: v for k, v in r.items() if k != "offset"} for r in isa.decode(isa.encode(built))]
    rng = np.random.default_rng(case.seed)
    for op in case.operands:
        if op.data is None or op.data.shape != (op.partitions, op.span):
            op.data = values(rng, op.dtype, (op.partitions, op.span), op.profile)


def run(case: Case, label: Callable) -> Outcome:
    """Prepares, runs and compares a case; `label(case)` is its (op, alu, dtypes) row of the
    coverage table. Returns without comparing when the reference finds the case unstated."""
    prepare(case)
    label = label(case)
    state = ops.State(case.core)
    machine = isa.Machine(core=case.core)
    for op in case.operands:
        state.memory.load(op.space, op.partition, op.span_start, op.data)
        machine.load(op.space, op.span_start, op.data, partition=op.partition)
    try:
        writes, drained = _reference(case, state)
    except Unstated as why:
        coverage.record(*label, case.core, unstated=True)
        return Outcome(0, 0, str(why))
    events = machine.run(isa.encode(case.records), drains=case.drains or None)
    compared = sum(_compare_write(case, machine, state, w) for w in writes)
    registers = _compare_drains(case, events, drained)
    coverage.record(*label, case.core, elements=compared + registers)
    return Outcome(compared, registers)


def _reference(case: Case, state: ops.State):
    writes, drained = [], {}
    offset = 0
    for rec in case.records:
        if rec["op"] == "DveReadAccumulator":
            drained[offset] = ops.drain(state)
        else:
            writes += ops.run(rec, state)
        offset += 64
    return writes, drained


def _operand(case: Case, write) -> Operand:
    return next(op for op in case.operands if op.descriptor()["addr"] == write.pattern.addr and op.dtype == write.dtype)


def _compare_write(case: Case, machine, state: ops.State, write) -> int:
    op = _operand(case, write)
    dtype = FORMATS[op.dtype]
    got = machine.dump(op.space, op.span_start, dtype, (op.partitions, op.span), partition=op.partition)
    region = state.memory.regions[op.space][op.partition : op.partition + op.partitions]
    want_span = np.ascontiguousarray(region[:, op.span_start : op.span_start + op.span * op.itemsize]).view(dtype)
    walk = op.walk()
    bad = mismatches(got[:, walk], write.expected, op.dtype)
    untouched = np.ones(op.span, bool)
    untouched[walk] = False
    gaps = got[:, untouched].view(f"u{op.itemsize}") != want_span[:, untouched].view(f"u{op.itemsize}")
    if bad.any() or gaps.any():
        raise AssertionError(_reproducer(case, op, got[:, walk], write, bad, gaps.any()))
    return int(write.expected.stated.sum())


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
    loads = "\n".join(
        f"  m.load({o.space!r}, {o.span_start}, arrays[{o.name!r}].view({FORMATS[o.dtype].name!r}), partition={o.partition})"
        for o in case.operands
    )
    return (
        f"core {case.core}, data seed {case.seed}; to reproduce:\n"
        f"  arrays = np.load({path!r}); m = isa_bundles.Machine(core={case.core!r})\n{loads}\n"
        f"  m.run(isa_bundles.encode(records))  # the records below, one JSON object a line\n"
        f"records:\n{records}\n"
    )


def _reproducer(case, op, got, write, bad, gaps) -> str:
    lines = [_header(case)]
    if gaps:
        lines.append(f"bytes of {op.name}'s span outside its walk changed")
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
    np.savez(path, **{op.name: op.data.view(f"u{op.itemsize}") for op in case.operands})
    return path
