#!/usr/bin/env bash
# The Python module's benchmarks: bench.py on the benchmarks' 64 MB mixed stream, written to a
# temporary file, then machine.py (the simulator beside NumPy): the module built in the release
# profile into the venv of ../test.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$(dirname "$here")")"
venv="${ISA_PY_VENV:-$root/target/isa-py-venv}"
export CARGO_TARGET_DIR="$root/target" PATH="$venv/bin:$PATH"
# NumPy's BLAS threads wait busily: one thread, so the CPU time counted is the module's.
export OPENBLAS_NUM_THREADS=1
[ -x "$venv/bin/python" ] || bash "$root/isa-py/test.sh" --co -q >/dev/null
cargo build --quiet --release -p isa-cli --bin isa -p isa-bench --bin bench-stream
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation "$root/isa-py"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$root/target/release/bench-stream" mixed "$tmp/mixed.bin" 1048576
"$root/target/release/isa" export --format python -o "$tmp/exported.py"
"$venv/bin/python" "$here/bench.py" --stream "$tmp/mixed.bin" --isa "$root/target/release/isa" \
    --bench-stream "$root/target/release/bench-stream" --exported "$tmp/exported.py" "$@"
# The simulator through Machine beside NumPy on the same arrays.
"$venv/bin/python" "$here/machine.py"
