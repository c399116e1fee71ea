"""Field mutation of the differential tests, a fixed sample: one case of every differential
strategy, 10 of its mutants drawn with a fixed seed, each judged against the reference of the
unmutated records (mutation/field_mutation.py runs the whole set)."""

import numpy as np
import pytest

import isa_bundles as isa

from differential import harness
from differential.layout import Operand
from mutation import verdict
from mutation.field_mutation import mutate, render
from mutation.mutants import MEANING_FREE, mutants
from mutation.sources import STRATEGIES
from test_differential_tensor_tensor import record as tensor_tensor_record


@pytest.fixture(scope="module")
def report():
    return mutate(1, 0, sample=10)


def test_every_meaningful_perturbation_of_the_sample_is_caught(report):
    assert report.scored(), "no mutant was judged"
    assert report.score() >= 0.95, render(report)
    assert not report.survivors(), render(report)


def test_the_sample_reaches_every_strategy_and_several_kinds(report):
    assert len(report.cases) + len(report.unstated) == len(STRATEGIES) == 21
    assert sum(name.startswith("call ") for name in report.cases) == 8
    assert len({r.mutant.kind for r in report.scored()}) >= 6


def _tensor_tensor_case(alu: str) -> verdict.Baseline:
    """One fp32 TensorTensor of `alu` over 4 partitions of 8 elements, fixed data."""
    rng = np.random.default_rng(7)
    operands = [Operand(name, "float32", "sbuf", 0, 4, (1, 1, 1), (8, 1, 1)) for name in ("out", "in0", "in1")]
    for op in operands:
        op.data = rng.uniform(-4, 4, (4, 8)).astype(np.float32)
    case = harness.Case("v3", lambda ops: tensor_tensor_record("tensor_tensor", alu, 4, ops), operands, seed=0)
    return verdict.baseline(case)


def _swapped(record: dict) -> dict:
    return {**record, "in0": record["in1"], "in1": record["in0"]}


def test_swapping_the_inputs_of_an_add_is_equivalent_and_of_a_subtract_caught():
    add = _tensor_tensor_case("add")
    assert verdict.judge(add, 0, _swapped(add.case.records[0])).outcome == verdict.EQUIVALENT
    subtract = _tensor_tensor_case("subtract")
    assert verdict.judge(subtract, 0, _swapped(subtract.case.records[0])).outcome == verdict.CAUGHT


def test_a_mutant_with_the_original_bytes_is_void():
    add = _tensor_tensor_case("add")
    assert verdict.judge(add, 0, dict(add.case.records[0])).outcome == verdict.VOID


def test_the_sync_band_is_the_only_meaning_free_field_of_an_operand_op():
    record = {
        "op": "TensorCopy",
        "opcode": "tensor_copy",
        "sync": {"wait_mode": 0, "wait_index": 0, "update_mode": 0, "update_index": 0, "value": 0},
        "src": {"addr": 64, "strides": [1, 1, 1, 1], "nums": [4, 1, 1, 1]},
        "src_dtype": "float32",
        "dst_dtype": "float32",
        "num_active_partitions": 1,
        "dst": {"addr": 128, "strides": [1, 1, 1, 1], "nums": [4, 1, 1, 1]},
    }
    from mutation.mutants import code_names

    found = mutants(record, code_names("TensorCopy", bytes(isa.encode([record]))))
    assert {m.field.split(".")[0] for m in found if m.meaning_free} == {"sync"}
    assert "SyncBand" in MEANING_FREE


def test_the_harness_sees_a_stray_write_past_a_walk_and_its_partitions():
    base = _tensor_tensor_case("add")
    case = base.case
    out = next(op for op in case.operands if op.name == "out")
    for partition, byte in [(0, out.span_start + out.span * out.itemsize), (out.partitions, out.span_start)]:
        machine = isa.Machine(core=case.core)
        harness.load(case, None, machine)
        events = machine.run(base.stream)
        harness.compare(case, machine, base.state, base.writes, (events, base.drained))
        stray = machine.dump(out.space, byte, np.uint8, (1, 1), partition=partition) ^ np.uint8(1)
        machine.load(out.space, byte, stray, partition=partition)
        with pytest.raises(AssertionError, match="guard block"):
            harness.compare(case, machine, base.state, base.writes, (events, base.drained))
