#!/usr/bin/env bash
# How the `isa` command (release binary) scales from one core to two: `isa decode` (the
# listing), `isa decode --json`, `isa validate` and `isa stats` on the 64 MB stream
# (examples/kernel.bin repeated to 1,000,000 bundles, read from the file, output to /dev/null)
# with RAYON_NUM_THREADS=1 and =2, alternating. Wall and CPU time as "median (min–max)" over
# RUNS runs, and the speed-up: the ratio of the median wall times. (The input is read on a
# thread of its own in both cases; the rayon workers walk the chunks.) Only meaningful when both
# cores are free: the load average is printed with the table.
#
# Usage: isa-bench/curves/cores.sh            RUNS (default 3)
set -euo pipefail
cd "$(dirname "$0")/../.."
. isa-bench/curves/lib.sh
runs=${RUNS:-3}

setup_command

echo "## isa on the 64 MB stream, one worker thread against two ($runs runs each; $(load_line))"
echo
echo "| command | wall s, 1 thread | wall s, 2 threads | speed-up | CPU s, 1 thread | CPU s, 2 threads |"
echo "| --- | --- | --- | --- | --- | --- |"
for args in "${commands[@]}"; do
    : >/tmp/isa-curve-1
    : >/tmp/isa-curve-2
    for _ in $(seq "$runs"); do
        for threads in 1 2; do
            # shellcheck disable=SC2086 # the arguments are words
            RAYON_NUM_THREADS=$threads measure "$isa" $args "$big" </dev/null >>"/tmp/isa-curve-$threads"
        done
    done
    one=$(cut -d' ' -f1 /tmp/isa-curve-1 | summary)
    two=$(cut -d' ' -f1 /tmp/isa-curve-2 | summary)
    printf '| `isa %s` | %s | %s | %s× | %s | %s |\n' "$args" "$one" "$two" \
        "$(awk -v a="${one%% *}" -v b="${two%% *}" 'BEGIN { printf "%.2f", a / b }')" \
        "$(cut -d' ' -f2 /tmp/isa-curve-1 | summary)" "$(cut -d' ' -f2 /tmp/isa-curve-2 | summary)"
done
