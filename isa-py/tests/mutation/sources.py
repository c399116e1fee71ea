"""The differential suite's case strategies, drawn deterministically: the same strategies the
property tests run, each drawn `count` times under a fixed Hypothesis seed."""

from hypothesis import HealthCheck, Phase, given, seed, settings

import test_differential_calls as calls
import test_differential_copy as copy
import test_differential_exponential as exponential
import test_differential_tensor_scalar as tensor_scalar
import test_differential_tensor_tensor as tensor_tensor

#: Every property test's strategy, by the name the tables print.
STRATEGIES = {
    "tensor_tensor arith": lambda: tensor_tensor.cases("arith"),
    "tensor_tensor bitvec": lambda: tensor_tensor.cases("bitvec"),
    "tensor_tensor int32": lambda: tensor_tensor.cases("int32"),
    "tensor_copy": copy.copy_cases,
    "memset": copy.memset_cases,
    "copy_predicated": copy.predicated_cases,
    "copy_predicated_scalar": copy.predicated_scalar_cases,
    "tensor_scalar": tensor_scalar.tensor_scalar_cases,
    "tensor_scalar cumulative": tensor_scalar.cumulative_cases,
    "scalar_tensor_tensor": tensor_scalar.stt_cases,
    "tensor_tensor_scan": tensor_scalar.scan_cases,
    "exponential": exponential.single_cases,
    "exponential accumulate": exponential.accumulate_cases,
    # Kernel calls: the bundles a lowering made, the original held to the call's meaning.
    "call tensor_tensor": lambda: calls.tensor_tensor_cases().map(_case),
    "call tensor_scalar": lambda: calls.tensor_scalar_cases().map(_case),
    "call scalar_tensor_tensor": lambda: calls.scalar_tensor_tensor_cases().map(_case),
    "call exponential": lambda: calls.exponential_cases().map(_case),
    "call tensor_copy": lambda: calls.copy_cases().map(_case),
    "call memset": lambda: calls.memset_cases().map(_case),
    "call tensor_copy_predicated": lambda: calls.predicated_cases("tensor_copy_predicated").map(_case),
    "call select": lambda: calls.predicated_cases("select").map(_case),
}


def _case(drawn: tuple):
    """The case of a drawn call case (a case and its coverage label)."""
    return drawn[0]


def draw(name: str, count: int, at: int) -> list:
    """`count` cases of strategy `name`, the same ones for the same seed `at`."""
    drawn = []

    @seed(at)
    @settings(
        max_examples=count,
        database=None,
        derandomize=False,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(STRATEGIES[name]())
    def collect(case):
        drawn.append(case)

    collect()
    return drawn[:count]
