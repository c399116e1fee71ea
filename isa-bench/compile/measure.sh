#!/usr/bin/env bash
# Compile-time cost of #[derive(Bundle)], as BENCHMARKS.md reports it. Release builds, medians of
# RUNS (default 5) clean rebuilds, dependencies already built (except in step 3):
#   1. isa-derive + isa-core + isa-ops after `cargo clean -p` of the three (the declarations'
#      path as the workspace builds it), with each crate's own time from `cargo build --timings`;
#   2. the same sixteen TensorTensor declarations with the derive (isa-bench/compile/derived)
#      and written out by hand (isa-bench/compile/hand), each crate alone;
#   3. once, from an empty target directory: what the derive's own dependencies (darling and
#      what only it pulls in) cost against the whole build of isa-ops.
# Usage: isa-bench/compile/measure.sh            (RUNS=3 for a quicker, noisier look)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-5}
target=${CARGO_TARGET_DIR:-target}

# Seconds of each unit cargo compiled in the last `--timings` build, as "name seconds" lines.
units() {
    python3 - "$target/cargo-timings/cargo-timing.html" <<'EOF'
import json, sys
html = open(sys.argv[1]).read()
start = html.index("UNIT_DATA = [") + len("UNIT_DATA = ")
data, _ = json.JSONDecoder().raw_decode(html[start:])
for u in data:
    if u["duration"] > 0:
        name = u["name"] + ("(build)" if "build-script" in u["target"] else "")
        print(name, round(u["duration"], 2), u["version"])
EOF
}

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

cargo build --release -q -p isa-ops -p isa-compile-derived -p isa-compile-hand

echo "## 1. isa-derive + isa-core + isa-ops, release, clean rebuild of the three ($runs runs)"
: >/tmp/isa-ct-units
for _ in $(seq "$runs"); do
    cargo clean -q --release -p isa-ops -p isa-derive -p isa-core
    cargo build -q --release -p isa-ops --timings 2>/dev/null
    units >>/tmp/isa-ct-units
done
for crate in isa-derive isa-core isa-ops; do
    printf '%-12s %6.2f s\n' "$crate" "$(awk -v c="$crate" '$1 == c { print $2 }' /tmp/isa-ct-units | median)"
done

echo
echo "## 2. sixteen TensorTensor declarations, one crate alone ($runs runs each, alternating)"
for profile in release dev; do
    flag=$([ "$profile" = release ] && echo --release || true)
    : >/tmp/isa-ct-derived
    : >/tmp/isa-ct-hand
    for _ in $(seq "$runs"); do
        for side in derived hand; do
            cargo clean -q $flag -p "isa-compile-$side"
            t0=$(date +%s.%N)
            cargo build -q $flag -p "isa-compile-$side"
            t1=$(date +%s.%N)
            echo "$t1 - $t0" | bc >>"/tmp/isa-ct-$side"
        done
    done
    printf '%-8s derive %6.2f s   by hand %6.2f s\n' "$profile" \
        "$(median </tmp/isa-ct-derived)" "$(median </tmp/isa-ct-hand)"
done

echo
echo "## 3. from an empty target directory, isa-ops release, once"
fresh=$(mktemp -d)
t0=$(date +%s.%N)
CARGO_TARGET_DIR="$fresh" cargo build -q --release -p isa-ops --timings 2>/dev/null
t1=$(date +%s.%N)
printf 'wall clock: %.1f s\n' "$(echo "$t1 - $t0" | bc)"
target="$fresh" units | sort -k2 -g -r >/tmp/isa-ct-fresh
total=$(awk '{ s += $2 } END { print s }' /tmp/isa-ct-fresh)
derive_only=$(awk '$1 ~ /^(darling|darling_core|darling_macro|ident_case|strsim|isa-derive)$/ { s += $2 } END { print s }' /tmp/isa-ct-fresh)
printf 'all units, summed (both cores work at once): %.2f s\n' "$total"
printf 'darling, darling_core, darling_macro, ident_case, strsim, isa-derive: %.2f s\n' "$derive_only"
awk '$1 ~ /^(syn|darling|darling_core|darling_macro|ident_case|strsim|isa-derive|zerocopy-derive|serde_derive|thiserror-impl)$/' /tmp/isa-ct-fresh
rm -rf "$fresh"

echo
echo "## 4. syn alone, as a proc-macro's dependency in a release build (build-override profile):"
echo "##    the features zerocopy-derive needs, then with darling's extra-traits"
scratch=$(mktemp -d)
for features in '"full", "parsing", "printing", "proc-macro", "derive", "clone-impls"' \
    '"full", "parsing", "printing", "proc-macro", "derive", "clone-impls", "extra-traits"'; do
    mkdir -p "$scratch/p/src"
    printf '[package]\nname = "p"\nversion = "0.0.0"\nedition = "2024"\n[lib]\nproc-macro = true\n[dependencies]\nsyn = { version = "2", default-features = false, features = [%s] }\n' \
        "$features" >"$scratch/p/Cargo.toml"
    : >"$scratch/p/src/lib.rs"
    cp Cargo.lock "$scratch/p/Cargo.lock"
    (cd "$scratch/p" && CARGO_TARGET_DIR="$scratch/t" cargo build -q --offline --release --timings 2>/dev/null)
    printf 'syn [%s]: %s s\n' "$features" "$(target="$scratch/t" units | awk '$1 == "syn" { print $2 }')"
    rm -rf "$scratch/t"
done
rm -rf "$scratch"
