#!/usr/bin/env bash
# The Python module's tests: a virtual environment with pinned versions, the package built by
# maturin and installed (the module of the built-in ISA, and examples/custom-isa's module of a
# user's ISA), then pytest. The `isa` command the tests compare with, and the generator of random
# valid streams, are built first.
#
# Everything here is built in the dev profile, the one `cargo test` builds: after the workspace's
# and examples/custom-isa's tests (.ci/run), the dependencies the modules share with them are not
# built a second time in release, and the debug assertions and overflow checks hold under the
# Python tests too. No test here depends on the optimisation level; the timings are
# bench/run.sh's, which builds and installs the module in release.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
venv="${ISA_PY_VENV:-$root/target/isa-py-venv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
export PATH="$venv/bin:$PATH"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    maturin==1.16.0 numpy==2.4.6 pytest==9.2.0 ml-dtypes==0.7.0 hypothesis==6.155.2
export CARGO_TARGET_DIR="$root/target"
cargo build --quiet -p isa-cli --bin isa -p isa-bench --bin bench-stream
export ISA_BIN="$root/target/debug/isa"
export BENCH_STREAM="$root/target/debug/bench-stream"
# maturin's cargo profile for both modules below (it builds release by default).
export MATURIN_PEP517_ARGS="--profile dev"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation "$here"
# A user's crate of its own, in the same target directory: what it shares with the module above is
# built once.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation \
    "$root/examples/custom-isa/python"
"$venv/bin/python" -m pytest -q "$here/tests" "$root/examples/custom-isa/python/tests" "$@"
