#!/usr/bin/env bash
# What the `isa` command (release binary) costs on long streams, and whether its memory stays
# bounded: `isa decode` (the listing), `isa decode --json`, `isa validate` and `isa stats` on 1, 10
# and 100 times the 64 MB stream (examples/kernel.bin repeated to 1,000,000 bundles), fed through
# a pipe from `cat` (the larger streams are never written to disk), output to /dev/null. For
# each: wall time, CPU time (user + system) and peak RSS of the `isa` process alone, as
# "median (min–max)" over RUNS runs, and the nanoseconds of CPU per bundle.
#
# Usage: isa-bench/curves/stream.sh          RUNS (default 3), TIMES (default "1 10 100"),
#        e.g. RUNS=1 TIMES=100 isa-bench/curves/stream.sh for the 6.4 GB stream alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
. isa-bench/curves/lib.sh
runs=${RUNS:-3}
times=${TIMES:-1 10 100}

setup_command

echo "## isa on a stream of N × 64 MB through a pipe ($runs runs each; $(load_line))"
echo
echo "| command | stream | wall s | CPU s | CPU ns/bundle | peak RSS MB |"
echo "| --- | --- | --- | --- | --- | --- |"
for n in $times; do
    for args in "${commands[@]}"; do
        : >/tmp/isa-curve-runs
        for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086 # the arguments are words
            for _ in $(seq "$n"); do cat "$big"; done | measure "$isa" $args - \
                >>/tmp/isa-curve-runs
        done
        bundles=$((n * 1000000))
        printf '| `isa %s -` | %d × 64 MB | %s | %s | %s | %s |\n' "$args" "$n" \
            "$(cut -d' ' -f1 /tmp/isa-curve-runs | summary)" \
            "$(cut -d' ' -f2 /tmp/isa-curve-runs | summary)" \
            "$(cut -d' ' -f2 /tmp/isa-curve-runs | awk -v b="$bundles" '{ print $1 * 1e9 / b }' | summary 0)" \
            "$(cut -d' ' -f3 /tmp/isa-curve-runs | summary 1)"
    done
done
