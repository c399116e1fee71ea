#!/usr/bin/env bash
# The whole codec comparison (benches/compare.rs) under both release profiles, as one table:
# every figure's median over alternating rounds and its spread (min–max), per profile.
#
#   isa-bench/run.sh                      # full run: 11 rounds, sets l2, l3, dram (2 GiB), any, ops
#   isa-bench/run.sh --rounds 5 --dram-mib 1024 --sets l2,any   # any options of compare.rs
#   isa-bench/run.sh --callgrind          # adds instructions per bundle of each kernel
#
# Runs under `nice -n 10`; builds first, so the timing never overlaps the build.
set -euo pipefail
cd "$(dirname "$0")/.."

callgrind=0
args=()
for a in "$@"; do
    if [ "$a" = --callgrind ]; then callgrind=1; else args+=("$a"); fi
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for profile in release release-lto; do
    nice -n 10 cargo bench -q -p isa-bench --bench compare --profile "$profile" --no-run 2>/dev/null
done
for profile in release release-lto; do
    echo "running the $profile build (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    nice -n 10 cargo bench -q -p isa-bench --bench compare --profile "$profile" -- "${args[@]}" \
        > "$out/$profile.tsv"
done

grep -h '^#' "$out/release.tsv" "$out/release-lto.tsv"
echo
# One row per figure: the release figures, then the release-lto ones, joined on set + figure.
awk -F'\t' '
    function cell(m, lo, hi) { return sprintf("%s (%s–%s)", m, lo, hi) }
    FNR == 1 { file++ }
    /^#/ { next }
    {
        key = $1 SUBSEP $2
        if (file == 1) { order[++n] = key; set[key] = $1; fig[key] = $2; unit[key] = $3; target[key] = $7 }
        val[file, key] = cell($4, $5, $6); verdict[file, key] = $8
    }
    END {
        printf "| set | figure | unit | release: median (min–max) | | release-lto: median (min–max) | | target |\n"
        printf "| --- | --- | --- | --- | --- | --- | --- | --- |\n"
        for (i = 1; i <= n; i++) {
            k = order[i]
            printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", set[k], fig[k], unit[k],
                val[1, k], verdict[1, k], val[2, k], verdict[2, k], target[k]
        }
    }' "$out/release.tsv" "$out/release-lto.tsv"

if [ "$callgrind" = 1 ]; then
    echo
    echo "| kernel | release: instructions per bundle | release-lto |"
    echo "| --- | --- | --- |"
    n=100000
    for kernel in raw_read decode_generated decode_generated_ok decode_hand encode_generated encode_hand encode_by_value \
        decode_any_all decode_any_batch decode_any_all:sorted decode_any_batch:sorted; do
        row="| $kernel"
        for profile in release release-lto; do
            exe=$(nice -n 10 cargo bench -q -p isa-bench --bench compare --profile "$profile" \
                --no-run --message-format=json 2>/dev/null |
                sed -n 's/.*"executable":"\([^"]*compare[^"]*\)".*/\1/p' | tail -1)
            nice -n 10 valgrind -q --tool=callgrind --callgrind-out-file="$out/cg" \
                --toggle-collect="*kernels::${kernel%%:*}*" "$exe" --bench --count "$kernel" \
                --bundles "$n" > /dev/null
            ir=$(awk '/^(summary|totals):/ { print $2; exit }' "$out/cg")
            row="$row | $(awk -v ir="$ir" -v n="$n" 'BEGIN { printf "%.1f", ir / n }')"
        done
        echo "$row |"
    done
fi
