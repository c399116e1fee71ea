#!/usr/bin/env bash
# The Python module's tests: a virtual environment with pinned versions, the package built by
# maturin and installed (the module of the built-in ISA, and examples/custom-isa's module of a
# user's ISA), then pytest. The `isa` binary the tests compare with is built first.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
venv="${ISA_PY_VENV:-$root/target/isa-py-venv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    maturin==1.16.0 numpy==2.4.6 pytest==9.2.0 ml-dtypes==0.7.0
cargo build --quiet -p isa-cli --bin isa
export CARGO_TARGET_DIR="$root/target"
export ISA_BIN="$root/target/debug/isa"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation "$here"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation \
    "$root/examples/custom-isa/python"
"$venv/bin/python" -m pytest -q "$here/tests" "$root/examples/custom-isa/python/tests" "$@"
