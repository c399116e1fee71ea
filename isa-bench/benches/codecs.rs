//! One run, every figure of BENCHMARKS.md: `cargo bench -p isa-bench`.
//!
//! - `tt_decode`, `tt_encode`: the TensorTensor codec (generated, hand-written, deku, binrw) over
//!   an L2-resident working set of 4096 TensorTensor bundles;
//! - `tt_hot`: generated against hand-written on the first 256 of them (L1-resident, a sequence
//!   short enough for the branch predictor to learn);
//! - `stream`: over 1,000,000 bundles (64 MB) — a raw read of the buffer (the bandwidth
//!   ceiling), a zero-copy scan of two fields of every bundle through the wire view, and
//!   `decode_any` over the stream of every declared op;
//! - `validate`: `decode_any(b)?.validate()` over the same mixed stream.
//!
//! Before any timing, the four codecs are checked to agree on every bundle of the working set and
//! every kernel to accept every bundle. At the end, the generated and hand-written codecs are
//! timed once more in alternating rounds (`paired.rs`), and the ratios against the targets are
//! printed.

mod paired;
mod peers;
mod summary;

use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::{Criterion, SamplingMode, Throughput};
use isa_bench::{kernels, streams};
use isa_ops::DECLARATIONS;
use isa_ops::dispatch::{BUNDLE_SIZE, Declaration};
use isa_ops::tensor_tensor::TensorTensor;
use peers::binrw_tt::BinrwTensorTensor;
use peers::deku_tt::DekuTensorTensor;

/// Bundles in the codec working set: 256 KiB, resident in L2, and too many different bundles for
/// the branch predictor to learn, as in a real instruction stream.
const WORKING_SET: usize = 4096;
/// Bundles in the hot set: 16 KiB, resident in L1.
const HOT_SET: usize = 256;
/// Bundles in each stream: 64 MB, far past every cache.
const STREAM: usize = 1_000_000;

fn main() {
    let started = SystemTime::now();
    // `cargo bench` passes --bench; anything else (a test run of the target) gets small inputs.
    let benching = std::env::args().any(|a| a == "--bench");
    let (working_set, stream_len) = if benching {
        (WORKING_SET, STREAM)
    } else {
        (64, 1024)
    };

    let tt_decl = Declaration::of::<TensorTensor>();
    let tt: Vec<u8> = streams::of(&tt_decl, stream_len, 0x5EED_0001)
        .into_iter()
        .flatten()
        .collect();
    let mixed = streams::mixed(DECLARATIONS, stream_len, 0x5EED_0002);
    assert_eq!(tt.len(), stream_len * BUNDLE_SIZE, "TensorTensor samples");
    assert_eq!(mixed.len(), stream_len, "mixed stream samples");

    let set = &tt[..working_set * BUNDLE_SIZE];
    let bundles = set.as_chunks::<BUNDLE_SIZE>().0;
    let wires = kernels::wires(set);
    let values: Vec<TensorTensor> = bundles
        .iter()
        .map(|b| peers::agree(b).unwrap_or_else(|e| panic!("the codecs disagree: {e}")))
        .collect();
    for b in bundles.iter().take(16).flat_map(peers::broken) {
        peers::all_refuse(&b).unwrap_or_else(|e| panic!("the codecs check differently: {e}"));
    }
    let dekus: Vec<DekuTensorTensor> = values.iter().map(DekuTensorTensor::from).collect();
    let binrws: Vec<BinrwTensorTensor> = values.iter().map(BinrwTensorTensor::from).collect();
    let mut out = vec![[0u8; BUNDLE_SIZE]; working_set];

    // Every kernel accepts every bundle before it is timed.
    let n = working_set;
    assert_eq!(kernels::decode_generated(wires), n);
    assert_eq!(kernels::decode_hand(bundles), n);
    assert_eq!(decode_deku(bundles), n);
    assert_eq!(decode_binrw(bundles), n);
    assert_eq!(kernels::encode_generated(&values, &mut out), n);
    assert_eq!(out, bundles);
    assert_eq!(kernels::encode_hand(&values, &mut out), n);
    assert_eq!(out, bundles);
    assert_eq!(encode_deku(&dekus, &mut out), n);
    assert_eq!(out, bundles);
    assert_eq!(encode_binrw(&binrws, &mut out), n);
    assert_eq!(out, bundles);
    assert_eq!(kernels::decode_any_all(&mixed.bytes), stream_len);
    let (validated, findings) = kernels::validate_all(&mixed.bytes);
    assert_eq!(validated, stream_len);
    assert_eq!(kernels::decode_any_all(&tt), stream_len);

    let mut c = Criterion::default()
        .output_directory(&summary::output_directory())
        .configure_from_args();

    let mut g = c.benchmark_group("tt_decode");
    g.throughput(Throughput::Elements(n as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    g.bench_function("generated", |b| {
        b.iter(|| kernels::decode_generated(black_box(wires)))
    });
    g.bench_function("hand", |b| {
        b.iter(|| kernels::decode_hand(black_box(bundles)))
    });
    g.bench_function("deku", |b| b.iter(|| decode_deku(black_box(bundles))));
    g.bench_function("binrw", |b| b.iter(|| decode_binrw(black_box(bundles))));
    g.finish();

    let mut g = c.benchmark_group("tt_encode");
    g.throughput(Throughput::Elements(n as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    g.bench_function("generated", |b| {
        b.iter(|| kernels::encode_generated(black_box(&values), &mut out))
    });
    g.bench_function("hand", |b| {
        b.iter(|| kernels::encode_hand(black_box(&values), &mut out))
    });
    g.bench_function("deku", |b| {
        b.iter(|| encode_deku(black_box(&dekus), &mut out))
    });
    g.bench_function("binrw", |b| {
        b.iter(|| encode_binrw(black_box(&binrws), &mut out))
    });
    g.finish();

    // The same two codecs on a set small enough for L1 and for the branch predictor to learn
    // (it repeats every 256 bundles): what is left when neither memory nor mispredicted table
    // jumps cost anything.
    let hot = HOT_SET.min(n);
    let (hot_bundles, hot_wires, hot_values) = (&bundles[..hot], &wires[..hot], &values[..hot]);
    let mut g = c.benchmark_group("tt_hot");
    g.throughput(Throughput::Elements(hot as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    g.bench_function("decode_generated", |b| {
        b.iter(|| kernels::decode_generated(black_box(hot_wires)))
    });
    g.bench_function("decode_hand", |b| {
        b.iter(|| kernels::decode_hand(black_box(hot_bundles)))
    });
    g.bench_function("encode_generated", |b| {
        b.iter(|| kernels::encode_generated(black_box(hot_values), &mut out[..hot]))
    });
    g.bench_function("encode_hand", |b| {
        b.iter(|| kernels::encode_hand(black_box(hot_values), &mut out[..hot]))
    });
    g.finish();

    let mut g = c.benchmark_group("stream");
    g.throughput(Throughput::Elements(stream_len as u64))
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    g.bench_function("raw_read", |b| b.iter(|| kernels::raw_read(black_box(&tt))));
    g.bench_function("scan", |b| b.iter(|| kernels::scan(black_box(&tt))));
    g.bench_function("decode_any", |b| {
        b.iter(|| kernels::decode_any_all(black_box(&mixed.bytes)))
    });
    g.finish();

    let mut g = c.benchmark_group("validate");
    g.throughput(Throughput::Elements(stream_len as u64))
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(12))
        .sample_size(10);
    g.bench_function("decode_validate", |b| {
        b.iter(|| kernels::validate_all(black_box(&mixed.bytes)))
    });
    g.finish();

    c.final_summary();
    if benching {
        // The two ratios against the hand-written codec once more, timed in alternating rounds.
        let paired = summary::Paired {
            decode: paired::ratio(|generated| {
                if generated {
                    kernels::decode_generated(black_box(wires))
                } else {
                    kernels::decode_hand(black_box(bundles))
                }
            }),
            encode: paired::ratio(|generated| {
                if generated {
                    kernels::encode_generated(black_box(&values), &mut out)
                } else {
                    kernels::encode_hand(black_box(&values), &mut out)
                }
            }),
            hot_decode: paired::ratio(|generated| {
                if generated {
                    kernels::decode_generated(black_box(hot_wires))
                } else {
                    kernels::decode_hand(black_box(hot_bundles))
                }
            }),
            hot_encode: paired::ratio(|generated| {
                if generated {
                    kernels::encode_generated(black_box(hot_values), &mut out[..hot])
                } else {
                    kernels::encode_hand(black_box(hot_values), &mut out[..hot])
                }
            }),
        };
        summary::print(started, working_set, &mixed, findings, &paired);
    }
}

#[inline(never)]
fn decode_deku(bundles: &[[u8; BUNDLE_SIZE]]) -> usize {
    kernels::decode_each(bundles, DekuTensorTensor::decode)
}

#[inline(never)]
fn decode_binrw(bundles: &[[u8; BUNDLE_SIZE]]) -> usize {
    kernels::decode_each(bundles, BinrwTensorTensor::decode)
}

#[inline(never)]
fn encode_deku(values: &[DekuTensorTensor], out: &mut [[u8; BUNDLE_SIZE]]) -> usize {
    kernels::encode_each(values, out, DekuTensorTensor::encode)
}

#[inline(never)]
fn encode_binrw(values: &[BinrwTensorTensor], out: &mut [[u8; BUNDLE_SIZE]]) -> usize {
    kernels::encode_each(values, out, BinrwTensorTensor::encode)
}
