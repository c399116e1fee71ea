//! Decode + validation through the non-allocating path (`Op::check` into one reused buffer), over
//! two shuffled streams: the mixed stream of every declared op (random samples, most with
//! findings) and a clean stream (every bundle passes every validator). Each is timed with
//! `decode_any` one bundle at a time and with `Family::decode_batch`, at two sizes: half the
//! machine's L3 (resident there once read) and 1,000,000 bundles (64 MB, from DRAM where the L3
//! is smaller).
//! `cargo bench -p isa-bench --bench validate`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use isa_bench::{kernels, machine, streams};
use isa_ops::DECLARATIONS;
use isa_ops::dispatch::BUNDLE_SIZE;

/// Bundles in the larger streams: 64 MB.
const STREAM: usize = 1_000_000;

/// The example kernel: valid bundles of the ops whose random samples never pass.
const KERNEL: &[u8] = include_bytes!("../../examples/kernel.bin");

fn main() {
    let benching = std::env::args().any(|a| a == "--bench");
    let l3 = machine::l3_resident(BUNDLE_SIZE, STREAM);
    let sizes: &[(&str, usize)] = if benching {
        &[("l3", l3), ("64MB", STREAM)]
    } else {
        &[("test", 1024)]
    };
    let mut c = Criterion::default().configure_from_args();
    for &(set, n) in sizes {
        bench_set(&mut c, set, n);
    }
    c.final_summary();
}

/// The four figures over streams of `n` bundles, as the group `validate_{set}`.
fn bench_set(c: &mut Criterion, set: &str, n: usize) {
    let mixed = streams::mixed(DECLARATIONS, n, 0x5EED_0002);
    let clean = streams::clean(DECLARATIONS, KERNEL, n, 0x5EED_0003);
    let (decoded, findings) = kernels::validate_all(&mixed.bytes);
    assert_eq!(decoded, n, "every mixed bundle decodes");
    assert_eq!(
        kernels::validate_all(&clean.bytes),
        (n, 0),
        "the clean stream passes"
    );
    assert_eq!(
        kernels::validate_batch(&mixed.bytes),
        (decoded, findings),
        "the batch path finds what the one-at-a-time path finds"
    );
    assert_eq!(
        kernels::validate_checked(&mixed.bytes),
        (decoded, findings),
        "decode_checked finds what decode_any and check find"
    );
    println!(
        "{set}: mixed: {n} bundles, {findings} findings; clean: {} ops ({})",
        clean.census.len(),
        clean
            .census
            .iter()
            .map(|(op, _)| *op)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut g = c.benchmark_group(format!("validate_{set}"));
    g.throughput(Throughput::Elements(n as u64))
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(6))
        .sample_size(10);
    g.bench_function("decode_validate", |b| {
        b.iter(|| kernels::validate_all(black_box(&mixed.bytes)))
    });
    g.bench_function("decode_validate_clean", |b| {
        b.iter(|| kernels::validate_all(black_box(&clean.bytes)))
    });
    g.bench_function("decode_checked", |b| {
        b.iter(|| kernels::validate_checked(black_box(&mixed.bytes)))
    });
    g.bench_function("decode_checked_clean", |b| {
        b.iter(|| kernels::validate_checked(black_box(&clean.bytes)))
    });
    g.bench_function("decode_batch_validate", |b| {
        b.iter(|| kernels::validate_batch(black_box(&mixed.bytes)))
    });
    g.bench_function("decode_batch_validate_clean", |b| {
        b.iter(|| kernels::validate_batch(black_box(&clean.bytes)))
    });
    g.finish();
}
