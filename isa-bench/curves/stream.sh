#!/usr/bin/env bash
# What the `isa` command (release binary) costs on long streams, and whether its memory stays
# bounded: `isa decode` (the listing), `isa decode --json`, `isa validate` and `isa stats` on 1, 10
# and 100 times the 64 MB stream (examples/kernel.bin repeated to 1,000,000 bundles), fed through
# a pipe from `cat` (the larger streams are never written to disk), output to /dev/null. For
# each: wall time, CPU time (user + system) and peak RSS of the `isa` process alone, as
# "median (min–max)" over RUNS runs, and the nanoseconds of CPU per bundle.
#
# With WORDS=1, the same for `--word32` (decode, decode --json, validate, stats) on the two 64 MB
# word streams of `setup_words` (examples/tshuf.words repeated, and mixed words), fed 1 and 10
# times (TIMES, default "1 10"): the 640 MB rows of BENCHMARKS.md.
#
# Usage: isa-bench/curves/stream.sh          RUNS (default 3), TIMES (default "1 10 100"),
#        e.g. RUNS=1 TIMES=100 isa-bench/curves/stream.sh for the 6.4 GB stream alone,
#        RUNS=1 WORDS=1 isa-bench/curves/stream.sh for the word streams.
set -euo pipefail
cd "$(dirname "$0")/../.."
. isa-bench/curves/lib.sh
runs=${RUNS:-3}
times=${TIMES:-1 10 100}

setup_command

# Runs `isa ARGS… -` RUNS times on N copies of INPUT through a pipe (measure_runs N INPUT ARGS…),
# one "wall cpu rss" line a run in /tmp/isa-curve-runs.
measure_runs() {
    local n=$1 input=$2
    shift 2
    : >/tmp/isa-curve-runs
    for _ in $(seq "$runs"); do
        for _ in $(seq "$n"); do cat "$input"; done | measure "$isa" "$@" - >>/tmp/isa-curve-runs
    done
}

if [ "${WORDS:-0}" = 1 ]; then
    setup_words
    echo "## isa --word32 on a stream of N × 64 MB of words through a pipe ($runs runs each; $(load_line))"
    echo
    echo "| command | stream | wall s | CPU s | peak RSS MB |"
    echo "| --- | --- | --- | --- | --- |"
    for n in ${TIMES:-1 10}; do
        for w in "${words[@]}"; do
            for args in "${word_commands[@]}"; do
                # shellcheck disable=SC2086 # the arguments are words
                measure_runs "$n" "$w" $args
                printf '| `isa %s -` | %d × %s | %s | %s | %s |\n' "$args" "$n" "$(basename "$w")" \
                    "$(cut -d' ' -f1 /tmp/isa-curve-runs | summary)" \
                    "$(cut -d' ' -f2 /tmp/isa-curve-runs | summary)" \
                    "$(cut -d' ' -f3 /tmp/isa-curve-runs | summary 1)"
            done
        done
    done
    exit 0
fi

echo "## isa on a stream of N × 64 MB through a pipe ($runs runs each; $(load_line))"
echo
echo "| command | stream | wall s | CPU s | CPU ns/bundle | peak RSS MB |"
echo "| --- | --- | --- | --- | --- | --- |"
for n in $times; do
    for args in "${commands[@]}"; do
        # shellcheck disable=SC2086 # the arguments are words
        measure_runs "$n" "$big" $args
        bundles=$((n * 1000000))
        printf '| `isa %s -` | %d × 64 MB | %s | %s | %s | %s |\n' "$args" "$n" \
            "$(cut -d' ' -f1 /tmp/isa-curve-runs | summary)" \
            "$(cut -d' ' -f2 /tmp/isa-curve-runs | summary)" \
            "$(cut -d' ' -f2 /tmp/isa-curve-runs | awk -v b="$bundles" '{ print $1 * 1e9 / b }' | summary 0)" \
            "$(cut -d' ' -f3 /tmp/isa-curve-runs | summary 1)"
    done
done
