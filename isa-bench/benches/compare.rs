//! The codec comparison, every figure timed in alternating rounds:
//! `cargo bench -p isa-bench --bench compare [--profile release-lto] -- [options]`, or
//! `isa-bench/run.sh` for both profiles and one table.
//!
//! Three working sets of TensorTensor bundles, each timed beside a raw read of the same buffer:
//!
//! - `l2`: 4,096 bundles, 256 KiB (this machine's L2 is 2–4 MiB per core);
//! - `l3`: half the L3 this machine reports (at most 64 MB; 64 MB when it reports none),
//!   resident in the L3 once read;
//! - `dram`: a 64 MB block repeated to 2 GiB (`--dram-mib`). Caches hold lines by address,
//!   not content, so the 32 copies are 32 × 1,000,000 different lines; each pass walks all of
//!   them in order, and by the time it comes back to a line it has touched 2 GiB of others,
//!   more than four times the largest L3 these VMs report (480 MiB), so every line of every pass
//!   comes from DRAM. The raw read beside it shows that bandwidth.
//!
//! On each: decode and encode, generated against the table-driven hand-written codec
//! (`isa_bench::hand`), the ratio taken round by round; deku and binrw beside the generated
//! codec on `l2` and `l3`. Then `decode_any` one bundle at a time and
//! [`Family::decode_batch`](isa_core::Family::decode_batch) over the 64 MB mixed stream of every
//! declared op, shuffled and sorted by opcode. Last (`ops`), each 64-byte op alone: its
//! decoders over 66,666 random samples of that op (4.3 MB), so the mixed stream's figures can be
//! read op by op.
//!
//! Before timing, every kernel is checked to accept every bundle (and the codecs to agree on the
//! `l2` set). Output: one tab-separated row per figure (set, figure, unit, median, min, max over
//! the rounds, target, verdict), after `#` comment lines naming the machine and its load.
//!
//! Options: `--sets l2,l3,dram,any,ops` (the default: all), `--rounds N` (11), `--slice-ms N`
//! (about how long each kernel runs per round: 20), `--dram-mib N` (2048).
//!
//! `--count KERNEL[:sorted|:tt] --bundles N [--times T]` runs one kernel once (or T times) over N
//! bundles (100,000) and nothing else, for `valgrind --tool=callgrind --toggle-collect='*kernels::KERNEL*'`: the
//! instructions per bundle of each figure (`run.sh --callgrind` prints them).

mod peers;

use std::hint::black_box;
use std::time::{Duration, Instant};

use isa_bench::{kernels, machine, streams};
use isa_core::Bundle;
use isa_ops::DECLARATIONS;
use isa_ops::dispatch::BUNDLE_SIZE;
use isa_ops::tensor_tensor::TensorTensor;
use peers::binrw_tt::BinrwTensorTensor;
use peers::deku_tt::DekuTensorTensor;

/// Bundles in the DRAM set's block and in the mixed stream: 64 MB.
const L3_SET: usize = 1_000_000;

struct Options {
    sets: Vec<String>,
    rounds: usize,
    slice: Duration,
    dram_mib: usize,
    count: Option<String>,
    bundles: usize,
    times: usize,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let number = |name: &str, default: usize| value(name).map_or(default, |v| v.parse().unwrap());
    Options {
        sets: value("--sets")
            .unwrap_or_else(|| "l2,l3,dram,any,ops".into())
            .split(',')
            .map(str::to_string)
            .collect(),
        rounds: number("--rounds", 11).max(1),
        slice: Duration::from_millis(number("--slice-ms", 20) as u64),
        dram_mib: number("--dram-mib", 2048),
        count: value("--count"),
        bundles: number("--bundles", 100_000),
        times: number("--times", 1).max(1),
    }
}

fn main() {
    let opts = options();
    if let Some(kernel) = opts.count.clone() {
        return count(&kernel, opts.bundles, opts.times);
    }
    // `cargo test` runs bench targets without --bench: a quick check that they run.
    if !std::env::args().any(|a| a == "--bench") {
        let small = streams::tensor_tensor(64);
        codec_set("test", &small, &opts, true);
        return;
    }
    println!("# {}", machine_and_profile());
    println!("# load average at start: {}", machine::load_average());
    let block = streams::tensor_tensor(L3_SET);
    for set in &opts.sets {
        match set.as_str() {
            "l2" => codec_set("l2", &block[..streams::WORKING_SET], &opts, true),
            "l3" => codec_set(
                "l3",
                &block[..machine::l3_resident(BUNDLE_SIZE, L3_SET)],
                &opts,
                true,
            ),
            "dram" => {
                let copies = (opts.dram_mib << 20).div_ceil(block.len() * BUNDLE_SIZE);
                let big = block.repeat(copies);
                codec_set("dram", &big, &opts, false);
            }
            "any" => decode_any_set(&opts),
            "ops" => ops_set(&opts),
            other => panic!("unknown set {other}: l2, l3, dram, any or ops"),
        }
    }
    println!("# load average at end: {}", machine::load_average());
}

/// The generated and hand-written codecs (and the peers, with `peers`) over `bundles`.
fn codec_set(set: &str, bundles: &[[u8; BUNDLE_SIZE]], opts: &Options, with_peers: bool) {
    let n = bundles.len();
    let values: Vec<TensorTensor> = bundles
        .iter()
        .map(|b| TensorTensor::decode_bytes(b).expect("the working set decodes"))
        .collect();
    if n <= streams::WORKING_SET {
        for b in bundles {
            peers::agree(b).unwrap_or_else(|e| panic!("the codecs disagree: {e}"));
        }
        for b in bundles.iter().take(16).flat_map(peers::broken) {
            peers::all_refuse(&b).unwrap_or_else(|e| panic!("the codecs check differently: {e}"));
        }
    }
    let mut buffer = bundles.to_vec();
    assert_eq!(
        kernels::decode_generated(kernels::wires(buffer.as_flattened())),
        n
    );
    assert_eq!(kernels::decode_hand(&buffer), n);
    for encode in [
        kernels::encode_generated,
        kernels::encode_by_value,
        kernels::encode_hand,
    ] {
        buffer.fill([0; BUNDLE_SIZE]);
        assert_eq!(encode(&values, &mut buffer), n);
        assert_eq!(buffer, bundles, "the encoders write the bytes back");
    }
    // One closure over the one buffer: decode reads it, encode writes the same bytes back into
    // it (a separate output would need another 2 GiB for the DRAM set).
    let mut run = |k: Kernel| -> usize {
        let buf = black_box(&mut buffer);
        match k {
            Kernel::RawRead => kernels::raw_read(buf.as_flattened()) as usize,
            Kernel::DecodeGenerated => {
                kernels::decode_generated(kernels::wires(buf.as_flattened()))
            }
            Kernel::DecodeHand => kernels::decode_hand(buf),
            Kernel::EncodeGenerated => kernels::encode_generated(black_box(&values), buf),
            Kernel::EncodeByValue => kernels::encode_by_value(black_box(&values), buf),
            Kernel::EncodeHand => kernels::encode_hand(black_box(&values), buf),
        }
    };

    let dec = rounds(opts, 3, |k| {
        run([Kernel::RawRead, Kernel::DecodeGenerated, Kernel::DecodeHand][k])
    });
    let bytes = (n * BUNDLE_SIZE) as f64;
    row(
        set,
        "raw read (sum of every word)",
        "GB/s",
        &per_round(&dec[0], |t| bytes / t / 1e9),
        None,
    );
    row(
        set,
        "decode generated",
        "ns/bundle",
        &ns_per(&dec[1], n),
        None,
    );
    row(
        set,
        "decode hand-written",
        "ns/bundle",
        &ns_per(&dec[2], n),
        None,
    );
    row(
        set,
        "decode generated vs hand-written",
        "x",
        &ratios(&dec[2], &dec[1]),
        Some(1.0),
    );
    let enc = rounds(opts, 3, |k| {
        run([
            Kernel::EncodeGenerated,
            Kernel::EncodeHand,
            Kernel::EncodeByValue,
        ][k])
    });
    row(
        set,
        "encode generated",
        "ns/bundle",
        &ns_per(&enc[0], n),
        None,
    );
    row(
        set,
        "encode hand-written",
        "ns/bundle",
        &ns_per(&enc[1], n),
        None,
    );
    row(
        set,
        "encode generated vs hand-written",
        "x",
        &ratios(&enc[1], &enc[0]),
        Some(1.0),
    );
    row(
        set,
        "encode() by value",
        "ns/bundle",
        &ns_per(&enc[2], n),
        None,
    );
    row(
        set,
        "encode() by value vs encode_into",
        "x",
        &ratios(&enc[0], &enc[2]),
        Some(0.95),
    );
    if with_peers {
        peer_rows(set, bundles, &values, opts);
    }
}

/// deku and binrw beside the generated codec, in rounds of their own (at most five: a deku pass
/// over the L3 set takes about a second).
fn peer_rows(set: &str, bundles: &[[u8; BUNDLE_SIZE]], values: &[TensorTensor], opts: &Options) {
    let n = bundles.len();
    let dekus: Vec<DekuTensorTensor> = values.iter().map(DekuTensorTensor::from).collect();
    let binrws: Vec<BinrwTensorTensor> = values.iter().map(BinrwTensorTensor::from).collect();
    let mut out = bundles.to_vec();
    let opts = Options {
        sets: Vec::new(),
        rounds: opts.rounds.min(5),
        slice: opts.slice,
        dram_mib: 0,
        count: None,
        bundles: 0,
        times: 1,
    };
    let wires = kernels::wires(bundles.as_flattened());
    let dec = rounds(&opts, 3, |k| match k {
        0 => kernels::decode_generated(black_box(wires)),
        1 => kernels::decode_each(black_box(bundles), DekuTensorTensor::decode),
        _ => kernels::decode_each(black_box(bundles), BinrwTensorTensor::decode),
    });
    let enc = rounds(&opts, 3, |k| match k {
        0 => kernels::encode_generated(black_box(values), &mut out),
        1 => kernels::encode_each(black_box(&dekus), &mut out, DekuTensorTensor::encode),
        _ => kernels::encode_each(black_box(&binrws), &mut out, BinrwTensorTensor::encode),
    });
    assert_eq!(out, bundles, "the peers write the bytes back");
    for (what, times, target) in [
        ("decode deku", &dec[1], 20.0),
        ("decode binrw", &dec[2], 2.0),
    ] {
        row(set, what, "ns/bundle", &ns_per(times, n), None);
        let figure = format!("decode generated vs {}", &what[7..]);
        row(set, &figure, "x", &ratios(times, &dec[0]), Some(target));
    }
    for (what, times, target) in [
        ("encode deku", &enc[1], None),
        ("encode binrw", &enc[2], Some(3.0)),
    ] {
        row(set, what, "ns/bundle", &ns_per(times, n), None);
        let figure = format!("encode generated vs {}", &what[7..]);
        row(set, &figure, "x", &ratios(times, &enc[0]), target);
    }
}

/// `decode_any` one bundle at a time and the public batch decoder, over the 64 MB stream of
/// every declared op, shuffled and sorted by opcode, with the raw read of the same buffer.
fn decode_any_set(opts: &Options) {
    let shuffled = streams::mixed(DECLARATIONS, L3_SET, 0x5EED_0002);
    let sorted = shuffled.sorted_by_opcode();
    let n = shuffled.len();
    let (a, b) = (&shuffled.bytes[..], &sorted.bytes[..]);
    for kernel in [kernels::decode_any_all, kernels::decode_any_batch] {
        assert_eq!(kernel(a), n);
        assert_eq!(kernel(b), n);
    }
    let t = rounds(opts, 5, |k| match k {
        0 => kernels::raw_read(black_box(a)) as usize,
        1 => kernels::decode_any_all(black_box(a)),
        2 => kernels::decode_any_batch(black_box(a)),
        3 => kernels::decode_any_all(black_box(b)),
        _ => kernels::decode_any_batch(black_box(b)),
    });
    let mps = |times: &[f64]| per_round(times, |t| n as f64 / t / 1e6);
    let set = "any";
    row(
        set,
        "raw read of the mixed stream",
        "M bundles/s",
        &mps(&t[0]),
        None,
    );
    row(
        set,
        "decode_any, shuffled, one at a time",
        "M/s",
        &mps(&t[1]),
        None,
    );
    row(
        set,
        "decode_batch, shuffled",
        "M/s",
        &mps(&t[2]),
        Some(60.0),
    );
    row(
        set,
        "decode_any, sorted, one at a time",
        "M/s",
        &mps(&t[3]),
        None,
    );
    row(set, "decode_batch, sorted", "M/s", &mps(&t[4]), Some(150.0));
    row(
        set,
        "decode_batch vs decode_any, shuffled",
        "x",
        &ratios(&t[1], &t[2]),
        Some(1.5),
    );
    // Sorted, `decode_any` runs each op's decoder over that op's own run of the stream, its
    // dispatch predicted: the per-op decoders on the same bytes.
    row(
        set,
        "decode_batch vs the per-op decoders, sorted",
        "x",
        &ratios(&t[3], &t[4]),
        Some(0.9),
    );
}

/// Each 64-byte op alone: `decode_any` one bundle at a time and the batch decoder over the op's
/// share of the mixed stream (66,666 random samples, 4.3 MB), beside the raw read of the same
/// bundles: what each member decoder costs with nothing interleaved.
fn ops_set(opts: &Options) {
    let ops = DECLARATIONS.iter().filter(|d| d.size == BUNDLE_SIZE);
    let n = L3_SET / ops.clone().count();
    for decl in ops {
        let bytes = streams::of(decl, n, 0x5EED_0004).concat();
        assert_eq!(kernels::decode_any_all(&bytes), n, "{} decodes", decl.name);
        assert_eq!(
            kernels::decode_any_batch(&bytes),
            n,
            "{} decodes",
            decl.name
        );
        let t = rounds(opts, 3, |k| match k {
            0 => kernels::raw_read(black_box(&bytes)) as usize,
            1 => kernels::decode_any_all(black_box(&bytes)),
            _ => kernels::decode_any_batch(black_box(&bytes)),
        });
        for (figure, times) in ["raw read", "decode_any", "decode_batch"].iter().zip(&t) {
            let figure = format!("{}: {figure}", decl.name);
            row("ops", &figure, "ns/bundle", &ns_per(times, n), None);
        }
        let figure = format!("{}: decode_batch vs decode_any", decl.name);
        row("ops", &figure, "x", &ratios(&t[1], &t[2]), Some(0.9));
    }
}

/// Runs `kernel` once over `n` bundles (TensorTensor ones for the codec kernels; for
/// `decode_any` and `decode_any_batch` the mixed stream, shuffled or `:sorted`, or the
/// TensorTensor bundles alone with `:tt`), `times` times over (for a sampling profiler, which
/// would otherwise see mostly the setup).
fn count(kernel: &str, n: usize, times: usize) {
    let bundles = streams::tensor_tensor(n);
    let values: Vec<TensorTensor> = bundles
        .iter()
        .map(|b| TensorTensor::decode_bytes(b).expect("the working set decodes"))
        .collect();
    let mut out = vec![[0u8; BUNDLE_SIZE]; n];
    let mixed = streams::mixed(DECLARATIONS, n, 0x5EED_0002);
    let mixed = if kernel.ends_with(":sorted") {
        mixed.sorted_by_opcode()
    } else {
        mixed
    };
    // `:tt`: the stream kernels over the TensorTensor bundles alone, one op's own buffer.
    let stream = if kernel.ends_with(":tt") {
        bundles.as_flattened()
    } else {
        &mixed.bytes[..]
    };
    let run = |_| match kernel.split(':').next().unwrap_or_default() {
        "raw_read" => kernels::raw_read(bundles.as_flattened()) as usize,
        "decode_generated" => kernels::decode_generated(kernels::wires(bundles.as_flattened())),
        "decode_generated_ok" => {
            kernels::decode_generated_ok(kernels::wires(bundles.as_flattened()))
        }
        "decode_hand" => kernels::decode_hand(&bundles),
        "encode_generated" => kernels::encode_generated(&values, &mut out),
        "encode_hand" => kernels::encode_hand(&values, &mut out),
        "encode_by_value" => kernels::encode_by_value(&values, &mut out),
        "decode_any_all" => kernels::decode_any_all(stream),
        "decode_any_batch" => kernels::decode_any_batch(stream),
        "validate_all" => kernels::validate_all(&mixed.bytes).1,
        "validate_batch" => kernels::validate_batch(&mixed.bytes).1,
        "validate_checked" => kernels::validate_checked(&mixed.bytes).1,
        other => panic!("unknown kernel {other}"),
    };
    let done = (0..times).map(run).last().unwrap_or_default();
    println!("{kernel}: {done} of {n}");
}

/// What `run` times in a codec set.
#[derive(Debug, Clone, Copy)]
enum Kernel {
    RawRead,
    DecodeGenerated,
    DecodeHand,
    EncodeGenerated,
    EncodeByValue,
    EncodeHand,
}

/// Times kernels `0..kinds` in alternating rounds: each round runs each kernel for about one
/// slice, starting with a different kernel each round, so no kernel always follows another.
/// Returns, per kernel, the seconds of one run in every round. One untimed run of each first
/// faults in every page and fills the caches.
fn rounds(opts: &Options, kinds: usize, mut run: impl FnMut(usize) -> usize) -> Vec<Vec<f64>> {
    let mut once = |k| {
        let t = Instant::now();
        black_box(run(k));
        t.elapsed()
    };
    let slowest = (0..kinds).map(&mut once).max().unwrap_or_default();
    let slowest = (0..kinds).map(&mut once).max().unwrap_or(slowest);
    let reps = (opts.slice.as_nanos() / slowest.as_nanos().max(1)).clamp(1, 1_000_000) as u32;
    let mut times = vec![Vec::with_capacity(opts.rounds); kinds];
    for round in 0..opts.rounds {
        for j in 0..kinds {
            let k = (round + j) % kinds;
            let t = Instant::now();
            for _ in 0..reps {
                black_box(run(k));
            }
            times[k].push(t.elapsed().as_secs_f64() / f64::from(reps));
        }
    }
    times
}

fn per_round(times: &[f64], f: impl Fn(f64) -> f64) -> Vec<f64> {
    times.iter().map(|&t| f(t)).collect()
}

fn ns_per(times: &[f64], n: usize) -> Vec<f64> {
    per_round(times, |t| t * 1e9 / n as f64)
}

/// `peer / generated`, round by round: above 1, the generated kernel is faster.
fn ratios(peer: &[f64], generated: &[f64]) -> Vec<f64> {
    peer.iter().zip(generated).map(|(p, g)| p / g).collect()
}

/// Prints one figure: its median, min and max over the rounds, and the verdict on the median.
fn row(set: &str, figure: &str, unit: &str, values: &[f64], target: Option<f64>) {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let median = v[v.len() / 2];
    let (target, verdict) = match target {
        Some(t) => (
            format!(">= {t}"),
            if median >= t { "met" } else { "MISSED" },
        ),
        None => (String::new(), ""),
    };
    println!(
        "{set}\t{figure}\t{unit}\t{median:.3}\t{:.3}\t{:.3}\t{target}\t{verdict}",
        v[0],
        v[v.len() - 1]
    );
}

/// The machine, and the profile this binary was built with (its directory under `target`).
fn machine_and_profile() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .and_then(|dir| dir.file_name())
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{}; profile {profile}", machine::describe())
}
