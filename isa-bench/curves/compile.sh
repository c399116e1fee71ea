#!/usr/bin/env bash
# How the build time of an ISA crate grows with its number of declarations, with
# #[derive(Bundle)] and with the derive's expansion written out: crates of 16, 128 and 512
# generated 64-byte declarations (four shapes — dtype nibble pairs and a dtype through the dtype
# table, ALU bytes through the ALU table, counts, 16- and 32-bit immediates, 1-D to 4-D
# descriptors, reserved gaps — each declaration in an order and with opcodes of its own), written
# by isa-bench/compile/generate into target/curves (`derive-N` and `hand-N`; the hand side is
# exactly what the derive generates for the same declarations). For each crate, in the dev and
# the release profile:
#   cold:        a clean build of that crate alone, its dependencies already built;
#   incremental: one declaration edited (its fields moved, the written-out side edited as its
#                expansion changes), then the rebuild.
# Wall-clock and CPU seconds (cargo and every rustc, user + system: the steadier figure on a
# busy machine) as "median (min–max)" over RUNS runs (the two sides alternate), then what each
# declaration adds: the slope between two sizes. A crate of 512 takes minutes per build (about
# 0.3 s of CPU per declaration in dev); SIZES and PROFILES choose a part of the grid.
#
# Usage: isa-bench/curves/compile.sh     RUNS (default 3), SIZES (default "16 128 512"),
#        PROFILES (default "dev release").
set -euo pipefail
cd "$(dirname "$0")/../.."
. isa-bench/curves/lib.sh
runs=${RUNS:-3}
sizes=${SIZES:-16 128 512}
profiles=${PROFILES:-dev release}
out=target/curves
export CARGO_TARGET_DIR=$PWD/$out/target

cargo build --release -q -p isa-compile-generate --target-dir target
# shellcheck disable=SC2086 # the sizes are words; a crate of one declaration builds the dependencies
target/release/isa-compile-generate "$out" 1 $sizes
cp Cargo.lock "$out/Cargo.lock"
manifest=$out/Cargo.toml

# "wall_s cpu_s" of `cargo build` of crate $1 with profile flag $2 (CPU: cargo and every rustc).
build() {
    # shellcheck disable=SC2086 # the flag may be empty
    CHECK_STATUS=1 STDERR_TO=/dev/stderr measure cargo build -q --manifest-path "$manifest" $2 -p "curve-$1" |
        cut -d' ' -f1,2
}

# Swaps declaration 0 of crate $1 with its edited form (a copy, so its time stamp is new).
edit() {
    local dir=$out/$1
    cp "$dir/src/d0000.rs" "$dir/edit/d0000.tmp"
    cp "$dir/edit/d0000.rs" "$dir/src/d0000.rs"
    mv "$dir/edit/d0000.tmp" "$dir/edit/d0000.rs"
}

# Lines "profile N side kind summary" of the wall times and of the CPU times.
wall_rows=/tmp/isa-curve-compile-wall
cpu_rows=/tmp/isa-curve-compile-cpu
: >"$wall_rows"
: >"$cpu_rows"
for profile in $profiles; do
    flag=$([ "$profile" = release ] && echo --release || true)
    # The dependencies (isa-core, isa-derive and theirs), built once.
    build derive-1 "$flag" >/dev/null
    build hand-1 "$flag" >/dev/null
    for n in $sizes; do
        for side in derive hand; do : >"/tmp/isa-curve-$side-cold"; : >"/tmp/isa-curve-$side-incr"; done
        for _ in $(seq "$runs"); do
            for side in derive hand; do
                # shellcheck disable=SC2086 # the flag may be empty
                cargo clean -q --manifest-path "$manifest" $flag -p "curve-$side-$n"
                build "$side-$n" "$flag" >>"/tmp/isa-curve-$side-cold"
            done
        done
        for k in $(seq "$runs"); do
            for side in derive hand; do
                edit "$side-$n"
                build "$side-$n" "$flag" >>"/tmp/isa-curve-$side-incr"
                # Back to the generated form after the last run.
                if [ "$k" = "$runs" ] && [ $((runs % 2)) = 1 ]; then edit "$side-$n"; fi
            done
        done
        for side in derive hand; do
            for kind in cold incr; do
                runs_file=/tmp/isa-curve-$side-$kind
                echo "$profile $n $side $kind $(cut -d' ' -f1 "$runs_file" | summary)" >>"$wall_rows"
                echo "$profile $n $side $kind $(cut -d' ' -f2 "$runs_file" | summary)" >>"$cpu_rows"
            done
        done
    done
done

# The two tables of one measure: $1 its name, $2 its rows.
tables() {
    local what=$1 rows_file=$2
    echo "## $what of a crate of N declarations, seconds ($runs runs each; $(load_line))"
    echo
    echo "| profile | N | derive, cold s | written out, cold s | derive, incremental s | written out, incremental s |"
    echo "| --- | --- | --- | --- | --- | --- |"
    # The figure of row ($profile, $n, $side, $kind): its median and range.
    cell() { awk -v p="$1" -v n="$2" -v s="$3" -v k="$4" '$1 == p && $2 == n && $3 == s && $4 == k { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print }' "$rows_file"; }
    for profile in $profiles; do
        for n in $sizes; do
            printf '| %s | %d | %s | %s | %s | %s |\n' "$profile" "$n" \
                "$(cell "$profile" "$n" derive cold)" "$(cell "$profile" "$n" hand cold)" \
                "$(cell "$profile" "$n" derive incr)" "$(cell "$profile" "$n" hand incr)"
        done
    done

    echo
    echo "What each declaration adds, from the medians: (t(N2) − t(N1)) / (N2 − N1), in milliseconds."
    echo
    echo "| profile | from N1 to N2 | derive, cold | written out, cold | derive, incremental | written out, incremental |"
    echo "| --- | --- | --- | --- | --- | --- |"
    median_of() { cell "$@" | cut -d' ' -f1; }
    for profile in $profiles; do
        prev=""
        for n in $sizes; do
            if [ -n "$prev" ]; then
                line="| $profile | $prev → $n |"
                for side_kind in "derive cold" "hand cold" "derive incr" "hand incr"; do
                    # shellcheck disable=SC2086 # side and kind are two words
                    a=$(median_of "$profile" "$prev" $side_kind)
                    # shellcheck disable=SC2086
                    b=$(median_of "$profile" "$n" $side_kind)
                    line+=" $(awk -v a="$a" -v b="$b" -v n1="$prev" -v n2="$n" 'BEGIN { printf "%.1f", (b - a) * 1000 / (n2 - n1) }') |"
                done
                echo "$line"
            fi
            prev=$n
        done
    done
    echo
}
tables "Wall-clock build time" "$wall_rows"
tables "CPU time (cargo and rustc, user + system)" "$cpu_rows"
