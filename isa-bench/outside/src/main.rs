//! The codec benchmarks from outside the workspace: every timed loop is written here, in a crate
//! that depends on `isa-core` and `isa-ops` by path as a user's crate does and is built in the
//! default `release` profile (16 codegen units, no LTO), so each public call is inlined into it
//! only where its `#[inline]` lets it cross the crate boundary.
//!
//! ```text
//! cargo run --release --manifest-path isa-bench/outside/Cargo.toml -- [--rounds N] [--sets l2,big,any]
//! ```
//!
//! Figures, each a ratio taken round by round over alternating rounds (above 1, the first side
//! is faster):
//!
//! - `l2` (4,096 TensorTensor bundles, 256 KiB) and `big` (1,000,000, 64 MB): `TensorTensor::decode(&wire)`
//!   against the hand-written decoder (`isa_bench::hand`); `encode()` by value, its wire stored
//!   into a reused slot, against `encode_into` that slot;
//! - `any`: the 64 MB stream of every op, shuffled and sorted by opcode: `Op::decode_batch`
//!   against the `decode_any` loop.
//!
//! Output: tab-separated rows (set, figure, unit, median, min, max, target, verdict) after `#`
//! lines naming the machine, its caches and its load. `--count KERNEL --bundles N` runs one
//! kernel once, for `valgrind --tool=callgrind --toggle-collect='*outside_bench::KERNEL*'`.

#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use isa_bench::{hand, machine, streams};
use isa_core::{Bundle, Family};
use isa_ops::dispatch::BUNDLE_SIZE;
use isa_ops::tensor_tensor::{TensorTensor, TensorTensorWire};
use isa_ops::{DECLARATIONS, Op, decode_any};
use zerocopy::FromBytes;

/// Bundles of the 64 MB sets.
const BIG: usize = 1_000_000;

/// `TensorTensor::decode` of every bundle, each result kept: how many decode.
#[inline(never)]
fn decode_generated(wires: &[TensorTensorWire]) -> usize {
    let mut ok = 0;
    for wire in wires {
        ok += usize::from(black_box(&TensorTensor::decode(wire)).is_ok());
    }
    ok
}

/// The hand-written decoder over the same bundles.
#[inline(never)]
fn decode_hand(bundles: &[[u8; BUNDLE_SIZE]]) -> usize {
    let mut ok = 0;
    for b in bundles {
        ok += usize::from(black_box(&hand::decode(b)).is_ok());
    }
    ok
}

/// `encode_into` each value's slot.
#[inline(never)]
fn encode_into(values: &[TensorTensor], out: &mut [[u8; BUNDLE_SIZE]]) -> usize {
    let mut ok = 0;
    for (v, o) in values.iter().zip(out.iter_mut()) {
        ok += usize::from(v.encode_into(o).is_ok());
    }
    ok
}

/// `encode()` by value, the returned wire stored into each value's slot.
#[inline(never)]
fn encode_by_value(values: &[TensorTensor], out: &mut [TensorTensorWire]) -> usize {
    let mut ok = 0;
    for (v, o) in values.iter().zip(out.iter_mut()) {
        if let Ok(wire) = v.encode() {
            *o = wire;
            ok += 1;
        }
    }
    ok
}

/// `decode_any` of every bundle of a stream, one at a time.
#[inline(never)]
fn decode_any_loop(bytes: &[u8]) -> usize {
    let mut ok = 0;
    for b in bytes.as_chunks::<BUNDLE_SIZE>().0 {
        ok += usize::from(black_box(&decode_any(b)).is_ok());
    }
    ok
}

/// `Op::decode_batch` over a stream.
#[inline(never)]
fn decode_batch(bytes: &[u8]) -> usize {
    let mut ok = 0;
    Op::decode_batch(bytes, |offset, r| {
        ok += usize::from(black_box(r).is_ok());
        black_box(offset);
    });
    ok
}

struct Options {
    sets: Vec<String>,
    rounds: usize,
    slice: Duration,
    count: Option<String>,
    bundles: usize,
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
            .unwrap_or_else(|| "l2,big,any".into())
            .split(',')
            .map(str::to_string)
            .collect(),
        rounds: number("--rounds", 7).max(1),
        slice: Duration::from_millis(number("--slice-ms", 20) as u64),
        count: value("--count"),
        bundles: number("--bundles", 100_000),
    }
}

fn main() {
    let opts = options();
    if let Some(kernel) = &opts.count {
        return count(kernel, opts.bundles);
    }
    println!(
        "# {}; outside the workspace, profile release",
        machine::describe()
    );
    println!("# load average at start: {}", machine::load_average());
    let block = streams::tensor_tensor(BIG);
    for set in &opts.sets {
        match set.as_str() {
            "l2" => codec_set("l2", &block[..streams::WORKING_SET], &opts),
            "big" => codec_set("big", &block, &opts),
            "any" => stream_set(&opts),
            other => panic!("unknown set {other}: l2, big or any"),
        }
    }
    println!("# load average at end: {}", machine::load_average());
}

/// Decode and encode of the TensorTensor bundles of one set.
fn codec_set(set: &str, bundles: &[[u8; BUNDLE_SIZE]], opts: &Options) {
    let n = bundles.len();
    let wires =
        <[TensorTensorWire]>::ref_from_bytes(bundles.as_flattened()).expect("whole bundles");
    let values: Vec<TensorTensor> = wires
        .iter()
        .map(|w| TensorTensor::decode(w).expect("the set decodes"))
        .collect();
    let mut out = vec![[0u8; BUNDLE_SIZE]; n];
    let mut slots = wires.to_vec();
    assert_eq!(decode_generated(wires), n);
    assert_eq!(decode_hand(bundles), n);
    assert_eq!(encode_into(&values, &mut out), n);
    assert_eq!(
        out.as_flattened(),
        bundles.as_flattened(),
        "encode_into round-trips"
    );
    assert_eq!(encode_by_value(&values, &mut slots), n);
    let t = rounds(opts, 4, |k| match k {
        0 => decode_generated(black_box(wires)),
        1 => decode_hand(black_box(bundles)),
        2 => encode_into(black_box(&values), &mut out),
        _ => encode_by_value(black_box(&values), &mut slots),
    });
    let ns = |times: &[f64]| times.iter().map(|t| t * 1e9 / n as f64).collect::<Vec<_>>();
    row(set, "decode generated", "ns/bundle", &ns(&t[0]), None);
    row(set, "decode hand-written", "ns/bundle", &ns(&t[1]), None);
    row(
        set,
        "decode generated vs hand-written",
        "x",
        &ratios(&t[1], &t[0]),
        Some(1.0),
    );
    row(set, "encode_into", "ns/bundle", &ns(&t[2]), None);
    row(set, "encode() by value", "ns/bundle", &ns(&t[3]), None);
    row(
        set,
        "encode() by value vs encode_into",
        "x",
        &ratios(&t[2], &t[3]),
        Some(0.95),
    );
}

/// `decode_batch` against the `decode_any` loop over the 64 MB stream of every op.
fn stream_set(opts: &Options) {
    let shuffled = streams::mixed(DECLARATIONS, BIG, 0x5EED_0002);
    let sorted = shuffled.sorted_by_opcode();
    let n = shuffled.len();
    let (a, b) = (&shuffled.bytes[..], &sorted.bytes[..]);
    for stream in [a, b] {
        assert_eq!(decode_any_loop(stream), n);
        assert_eq!(decode_batch(stream), n);
    }
    let t = rounds(opts, 4, |k| match k {
        0 => decode_any_loop(black_box(a)),
        1 => decode_batch(black_box(a)),
        2 => decode_any_loop(black_box(b)),
        _ => decode_batch(black_box(b)),
    });
    let ns = |times: &[f64]| times.iter().map(|t| t * 1e9 / n as f64).collect::<Vec<_>>();
    row("any", "decode_any, shuffled", "ns/bundle", &ns(&t[0]), None);
    row(
        "any",
        "decode_batch, shuffled",
        "ns/bundle",
        &ns(&t[1]),
        None,
    );
    row("any", "decode_any, sorted", "ns/bundle", &ns(&t[2]), None);
    row("any", "decode_batch, sorted", "ns/bundle", &ns(&t[3]), None);
    let (shuffled, sorted) = (ratios(&t[0], &t[1]), ratios(&t[2], &t[3]));
    row(
        "any",
        "decode_batch vs decode_any, shuffled",
        "x",
        &shuffled,
        Some(1.0),
    );
    row(
        "any",
        "decode_batch vs the per-op decoders, sorted",
        "x",
        &sorted,
        Some(0.9),
    );
}

/// Runs one kernel once over `n` bundles (the TensorTensor set, or the mixed stream for
/// `decode_any_loop` and `decode_batch`, `:sorted` for it sorted by opcode).
fn count(kernel: &str, n: usize) {
    let bundles = streams::tensor_tensor(n);
    let wires =
        <[TensorTensorWire]>::ref_from_bytes(bundles.as_flattened()).expect("whole bundles");
    let values: Vec<TensorTensor> = wires
        .iter()
        .map(|w| TensorTensor::decode(w).expect("decodes"))
        .collect();
    let mut out = vec![[0u8; BUNDLE_SIZE]; n];
    let mut slots = wires.to_vec();
    let mixed = streams::mixed(DECLARATIONS, n, 0x5EED_0002);
    let mixed = if kernel.ends_with(":sorted") {
        mixed.sorted_by_opcode()
    } else {
        mixed
    };
    let done = match kernel.split(':').next().unwrap_or_default() {
        "decode_generated" => decode_generated(wires),
        "decode_hand" => decode_hand(&bundles),
        "encode_into" => encode_into(&values, &mut out),
        "encode_by_value" => encode_by_value(&values, &mut slots),
        "decode_any_loop" => decode_any_loop(&mixed.bytes),
        "decode_batch" => decode_batch(&mixed.bytes),
        other => panic!("unknown kernel {other}"),
    };
    println!("{kernel}: {done} of {n}");
}

/// Times kernels `0..kinds` in alternating rounds, the first kernel of each round rotating;
/// per kernel, the seconds of one run in every round. Two untimed runs of each first.
fn rounds(opts: &Options, kinds: usize, mut run: impl FnMut(usize) -> usize) -> Vec<Vec<f64>> {
    let mut once = |k| {
        let t = Instant::now();
        black_box(run(k));
        t.elapsed()
    };
    let _ = (0..kinds).map(&mut once).max();
    let slowest = (0..kinds).map(&mut once).max().unwrap_or_default();
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

/// `first / second`, round by round: above 1, the second is faster.
fn ratios(first: &[f64], second: &[f64]) -> Vec<f64> {
    first.iter().zip(second).map(|(a, b)| a / b).collect()
}

/// One figure: its median, min and max over the rounds, and the verdict on the median.
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
