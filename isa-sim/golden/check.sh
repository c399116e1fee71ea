#!/usr/bin/env bash
# Regenerates the golden conversion tables with the pinned ml_dtypes and fails if they differ
# from the committed ones. Without Python or the package registry the regeneration is skipped
# (said on one line) and the committed tables stand; the Rust comparison runs either way.
# The venv is kept under the temporary directory, named by the pins, so a rerun takes seconds.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pins="$(tr '\n' ' ' <"$here/requirements.txt")"
venv="${TMPDIR:-/tmp}/isa-golden-venv-$(sha256sum "$here/requirements.txt" | cut -c1-12)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

skip() {
    echo "golden tables: regeneration skipped ($1); the committed tables are compared by cargo test"
    exit 0
}

command -v python3 >/dev/null || skip "python3 not found"
if ! "$venv/bin/python" -c "import ml_dtypes, numpy" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv" >"$work/log" 2>&1 || skip "python3 -m venv failed: $(tail -n 1 "$work/log")"
    "$venv/bin/pip" install --disable-pip-version-check --quiet --timeout 30 --only-binary :all: \
        -r "$here/requirements.txt" >"$work/log" 2>&1 \
        || { rm -rf "$venv"; skip "pip install of ${pins}failed: $(tail -n 1 "$work/log")"; }
fi
"$venv/bin/python" "$here/generate.py" "$work/tables"
diff -r "$here/tables" "$work/tables" >"$work/diff" || {
    echo "golden tables differ from a regeneration with ${pins}(isa-sim/golden/generate.py):"
    head -n 40 "$work/diff"
    exit 1
}
echo "golden tables: regenerated with ${pins}and identical to the committed ones"
