# Helpers the curve scripts share (sourced, not run).

# "median (min–max)" of the numbers on standard input, one a line, with $1 decimals (default 2).
summary() {
    sort -g | awk -v d="${1:-2}" '
        { a[NR] = $1 }
        END {
            if (NR == 0) { print "–"; exit }
            m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
            if (NR == 1) printf "%.*f\n", d, m
            else printf "%.*f (%.*f–%.*f)\n", d, m, d, a[1], d, a[NR]
        }'
}

# Runs the command in "$@" with standard input as given and standard output to /dev/null, and prints
# "wall_s cpu_s peak_rss_mb" of that process alone (CPU is user + system time, peak RSS is the
# kernel's ru_maxrss; CPU includes the processes it started and waited for). Its standard error
# goes to $STDERR_TO (default /dev/null); its exit status is passed on only with CHECK_STATUS=1
# (validate exits 1 on findings).
measure() {
    python3 -c '
import os, subprocess, sys, time
t0 = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, ru = os.wait4(child.pid, 0)
wall = time.perf_counter() - t0
print(f"{wall:.3f} {ru.ru_utime + ru.ru_stime:.3f} {ru.ru_maxrss / 1024:.1f}")
sys.exit(os.waitstatus_to_exitcode(status) if os.environ.get("CHECK_STATUS") == "1" else 0)
' "$@" 2>>"${STDERR_TO:-/dev/null}"
}

# Builds the release `isa` and writes the 64 MB stream once: examples/kernel.bin (ten bundles)
# repeated to 1,000,000 bundles, in target/curves/big.bin. Sets `isa` and `big` to their paths
# and `commands` to the measured commands' arguments (the input comes after them).
setup_command() {
    cargo build --release -q -p isa-cli
    isa=target/release/isa
    big=target/curves/big.bin
    commands=("decode" "decode --json" "validate" "stats")
    if [ "$(stat -c %s "$big" 2>/dev/null || echo 0)" != 64000000 ]; then
        mkdir -p target/curves
        python3 -c 'import sys; open(sys.argv[2], "wb").write(open(sys.argv[1], "rb").read() * 100000)' \
            examples/kernel.bin "$big"
    fi
}

# Writes the two 64 MB word streams once, in target/curves: blocks.words, examples/tshuf.words
# (three TSHUF blocks, 60 bytes) repeated, and mixed.words, a 1 MiB run of words repeated: a
# quarter the example's words, half the example's words with their top 12 bits random (a BSTART
# stays a BSTART, so blocks start often and most do not compose), a quarter random words. Sets
# `words` to their paths and `word_commands` to the measured commands' arguments.
setup_words() {
    words=(target/curves/blocks.words target/curves/mixed.words)
    word_commands=("decode --word32" "decode --word32 --json" "validate --word32" "stats --word32")
    mkdir -p target/curves
    python3 - <<'PY'
import os, random, struct
tshuf = open("examples/tshuf.words", "rb").read()
size = 64_000_000
n = size // len(tshuf)
open("target/curves/blocks.words", "wb").write(tshuf * n + tshuf[: size - n * len(tshuf)])
words = struct.unpack("<%dI" % (len(tshuf) // 4), tshuf)
rng = random.Random(4)
unit = []
for _ in range(1 << 18):
    r = rng.random()
    if r < 0.25:
        unit.append(rng.choice(words))
    elif r < 0.75:
        unit.append(rng.choice(words) ^ (rng.getrandbits(32) & 0xFFF00000))
    else:
        unit.append(rng.getrandbits(32))
blob = struct.pack("<%dI" % len(unit), *unit)
open("target/curves/mixed.words", "wb").write((blob * (size // len(blob) + 1))[:size])
PY
}

# One line of the machine's state to print beside the figures.
load_line() {
    echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
}
