"""Shared fixtures: the `isa` command the module is compared with, and the streams."""

import json
import os
import pathlib
import random
import subprocess

import pytest
from hypothesis import HealthCheck, Phase, settings

import isa_bundles as isa
from differential import coverage

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
KERNEL = EXAMPLES / "kernel.bin"
TSHUF = EXAMPLES / "tshuf.words"
ISA_BIN = pathlib.Path(os.environ.get("ISA_BIN", ROOT / "target" / "debug" / "isa"))
BENCH_STREAM = pathlib.Path(
    os.environ.get("BENCH_STREAM", ROOT / "target" / "release" / "bench-stream")
)
#: Random valid bundles of every op in the differential tests.
PER_OP = 10_000

# Hypothesis profiles of the differential property tests: "ci" (a fixed seed, the example counts
# the tests name; chosen when CI=true), "dev" (the same counts, random seeds) and "deep" (twenty
# times the examples), "quick" (the ci seed at a quarter of the examples, stopping at the first
# failure unshrunk: what the code mutation judges its mutants with), or any of them by
# ISA_HYPOTHESIS_PROFILE.
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile("ci", derandomize=True, deadline=None, database=None, suppress_health_check=_QUIET)
settings.register_profile("dev", deadline=None, suppress_health_check=_QUIET)
settings.register_profile(
    "quick", parent=settings.get_profile("ci"), phases=[Phase.explicit, Phase.generate], report_multiple_bugs=False
)
settings.register_profile("deep", deadline=None, suppress_health_check=_QUIET)
PROFILE = os.environ.get("ISA_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev")
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """A differential test's example count under the loaded profile."""
    return {"deep": count * 20, "quick": max(3, count // 4)}.get(PROFILE, count)


def pytest_sessionfinish(session):
    """Writes the differential tests' coverage table where ISA_DIFFERENTIAL_COVERAGE names."""
    target = os.environ.get("ISA_DIFFERENTIAL_COVERAGE")
    if target and coverage.SEEN:
        pathlib.Path(target).write_text(coverage.markdown())


def cli_json(data: bytes, *flags: str) -> list:
    """The records `isa decode --json` writes for `data`, read by the standard json module."""
    out = subprocess.run(
        [str(ISA_BIN), "decode", "--json", *flags, "-"],
        input=data,
        capture_output=True,
        check=False,
    )
    assert out.returncode in (0, 1), out.stderr.decode()
    return [json.loads(line) for line in out.stdout.decode().splitlines()]


def cli_encode(records: list, *flags: str) -> bytes:
    """The bytes `isa encode` writes for `records`."""
    text = "".join(json.dumps(r) + "\n" for r in records)
    out = subprocess.run(
        [str(ISA_BIN), "encode", *flags, "-", "-o", "-"],
        input=text.encode(),
        capture_output=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr.decode()
    return out.stdout


@pytest.fixture(scope="session")
def kernel() -> bytes:
    return KERNEL.read_bytes()


@pytest.fixture(scope="session")
def valid_stream(tmp_path_factory) -> bytes:
    """PER_OP random valid bundles of every op, shuffled (the benchmarks' generator)."""
    path = tmp_path_factory.mktemp("streams") / "valid.bin"
    n = PER_OP * len(isa.ops())
    subprocess.run([str(BENCH_STREAM), "mixed", str(path), str(n), "7"], check=True)
    return path.read_bytes()


@pytest.fixture(scope="session")
def valid_records(valid_stream) -> list:
    return cli_json(valid_stream)


@pytest.fixture()
def rng() -> random.Random:
    return random.Random(0x15A)
