"""Runs a mutant of a case and classifies it against the reference of the unmutated records.

A mutant is caught when the encoder or the decoder refuses it, when the simulator refuses it
(a ValueError naming the bundle), or when the harness's comparison with the original's
reference fails. A mutant that is not caught is equivalent when the reference of the mutated
records leaves every byte of memory and every drained register the original's reference stated
as it was, unjudged when the reference finds the mutant's meaning unstated; otherwise it
survives. A caught mutant whose reference is equivalent is a
disagreement: the simulator reads the mutated field where the reference does not."""

from dataclasses import dataclass
from typing import Optional

import numpy as np

import isa_bundles as isa
from differential import harness
from reference import ops
from reference.access import WINDOW, locate
from reference.numeric import FORMATS

CAUGHT, EQUIVALENT, SURVIVOR, UNJUDGED, VOID = "caught", "equivalent", "survivor", "unjudged", "void"


@dataclass
class Baseline:
    """A prepared case, its encoded stream and its reference run: the memory after it, the
    writes and the drained registers."""

    case: harness.Case
    stream: bytes
    state: ops.State
    writes: list
    drained: dict


@dataclass
class Verdict:
    """What became of one mutant: its class, how it was caught (or why it survived), and
    whether the reference of the mutated records equals the original's."""

    outcome: str
    how: str
    records: Optional[list] = None
    disagreement: bool = False


def baseline(case: harness.Case) -> Optional[Baseline]:
    """Prepares the case and runs the reference (of the call, for a case of a kernel call) and
    the simulator on the original records;
    None when the reference finds the case unstated (no oracle for its mutants). An original
    the simulator does not match raises AssertionError, the differential test's failure."""
    harness.prepare(case)
    state = ops.State(case.core)
    harness.load(case, state, None)
    try:
        writes, drained = case.meaning(state) if case.meaning else harness.reference(case.records, state)
    except ops.Unstated:
        return None
    base = Baseline(case, bytes(isa.encode(case.records)), state, writes, drained)
    _simulate(base, base.stream)
    return base


def _simulate(base: Baseline, stream: bytes) -> None:
    """Runs `stream` on a fresh machine loaded like the case and compares it with the
    original's reference; raises ValueError (refused) or AssertionError (differs)."""
    case = base.case
    machine = isa.Machine(core=case.core)
    harness.load(case, None, machine)
    events = machine.run(stream, drains=case.drains or None)
    harness.compare(case, machine, base.state, base.writes, (events, base.drained))


def judge(base: Baseline, index: int, mutated: dict) -> Verdict:
    """The verdict on the case's records with record `index` replaced by `mutated`."""
    records = list(base.case.records)
    records[index] = mutated
    try:
        stream = bytes(isa.encode(records))
        decoded = [{k: v for k, v in r.items() if k != "offset"} for r in isa.decode(stream)]
    except (ValueError, TypeError, KeyError, OverflowError) as why:
        return Verdict(CAUGHT, f"encoding refuses it: {_first_line(why)}")
    if stream == base.stream:
        return Verdict(VOID, "the same bytes as the original")
    if any("op" not in r for r in decoded):
        return Verdict(CAUGHT, "no longer decodes")
    meaning, why_not = _meaning(base, decoded)
    try:
        _simulate(base, stream)
    except ValueError as why:
        return Verdict(CAUGHT, f"simulator refuses it: {_first_line(why)}", decoded)
    except AssertionError:
        return Verdict(CAUGHT, "differs from the original's reference", decoded, disagreement=meaning == EQUIVALENT)
    return Verdict(meaning, why_not, decoded)


def _meaning(base: Baseline, records: list) -> tuple[str, str]:
    """What an uncaught mutant is, and why. EQUIVALENT: the reference of `records` drains the
    same registers and leaves every memory byte as the original's does, but for bytes the
    original's leaves unstated (which the comparison cannot check), and is itself unstated
    nowhere else. UNJUDGED: the reference raises Unstated, or differs only at bytes one of the
    two leaves unstated. SURVIVOR otherwise: a stated byte differs."""
    state = ops.State(base.case.core)
    harness.load(base.case, state, None)
    try:
        writes, drained = harness.reference(records, state)
    except ops.Unstated as why:
        return UNJUDGED, f"no page states the mutant's meaning: {_first_line(why)}"
    except (ValueError, KeyError, IndexError) as why:  # a record the reference cannot read
        return SURVIVOR, f"the reference cannot run the mutant: {type(why).__name__}: {_first_line(why)}"
    if not _same_registers(base.drained, drained):
        return SURVIVOR, "its reference drains other register values" + _within_bound(base, state, drained)
    differs = _differing_bytes(base.state, state)
    original, mutant = _unstated_bytes(base.writes), _unstated_bytes(writes)
    if np.isin(differs, original).all() and np.isin(mutant, original).all():
        return EQUIVALENT, "its reference equals the original's wherever the original's is stated"
    if np.isin(differs, np.union1d(original, mutant)).all():
        return UNJUDGED, "no page states the mutant's meaning: its reference differs only where one of the two is unstated"
    why = f"its reference leaves {np.setdiff1d(differs, np.union1d(original, mutant)).size} stated bytes otherwise"
    return SURVIVOR, why + _within_bound(base, state, drained)


class _Memory:
    """A reference's memory behind the machine's `dump`, for the harness's comparison."""

    def __init__(self, state: ops.State):
        self.regions = state.memory.regions

    def dump(self, region, address, dtype, shape, partition=0):
        dtype = np.dtype(dtype)
        length = int(np.prod(shape[1:])) * dtype.itemsize
        rows = self.regions[region][partition : partition + shape[0], address : address + length]
        return np.ascontiguousarray(rows).view(dtype).reshape(shape)


def _within_bound(base: Baseline, state: ops.State, drained: dict) -> str:
    """", within the comparison's bound" when the mutated record's own reference passes the
    harness's comparison with the original's: on this input no simulator output could tell
    the two meanings apart."""
    events = [{"offset": k, "values": np.where(r.stated, r.value, np.nan).astype(np.float32)} for k, r in drained.items()]
    try:
        harness.compare(base.case, _Memory(state), base.state, base.writes, (events, base.drained))
    except (AssertionError, KeyError):
        return ""
    return ", within the comparison's bound (its own reference passes the comparison with the original's)"


def _differing_bytes(original: ops.State, mutant: ops.State) -> np.ndarray:
    """The memory bytes the two references left different, as sorted codes (`_code`)."""
    found = [np.zeros(0, np.int64)]
    for space, bytes_ in original.memory.regions.items():
        rows, at = np.nonzero(bytes_ != mutant.memory.regions[space])
        found.append(_code(space, rows.astype(np.int64), at.astype(np.int64)))
    return np.concatenate(found)


def _code(space: str, rows: np.ndarray, at: np.ndarray) -> np.ndarray:
    """One integer per memory byte: (memory, partition, byte)."""
    return (list(WINDOW).index(space) << 40) + (rows << 20) + at


def _unstated_bytes(writes: list) -> np.ndarray:
    """Every memory byte a write leaves unstated (and no later write states), as codes."""
    written, stated = [np.zeros(0, np.int64)], [np.zeros(0, np.int64)]
    for write in writes:
        space, _, _ = locate(write.pattern.addr)
        rows = np.array(list(write.pattern.rows()), np.int64)
        index = write.pattern.bytes(FORMATS[write.dtype].itemsize)
        every = _code(space, rows[:, None, None], index[None, :, :])
        written.append(every.reshape(-1))
        stated.append(every[write.expected.stated].reshape(-1))
    return np.setdiff1d(np.concatenate(written), np.concatenate(stated))


def _same_registers(original: dict, mutated: dict) -> bool:
    if original.keys() != mutated.keys():
        return False
    for offset, want in original.items():
        got = mutated[offset]
        same = (got.value == want.value) | (np.isnan(got.value) & np.isnan(want.value))
        if not (np.array_equal(got.stated, want.stated) and same[want.stated].all()):
            return False
    return True


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__
