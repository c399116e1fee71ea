//! The simulator against plain Rust on the same tile: `cargo bench -p isa-bench --bench sim`.
//!
//! - `tt_add_f32`: one TensorTensor fp32 `add` bundle over 128 partitions × 2048 elements
//!   (3 MiB of operands) against a loop adding the same contiguous `f32` slices;
//! - `tt_add_bf16`: the same with bfloat16 inputs and output, against the loop doing the same
//!   conversions with `half`;
//! - `softmax`: the example kernel (examples/kernel.bin, 128 × 512) against a plain-Rust masked
//!   softmax of the same tile written to bf16;
//! - each once on one core and once as two machines on two threads at the same time (`x2`);
//! - `tt_add_f32/sim_atomic`: the fp32 add as a whole-stream atomic run (`Machine::run_atomic`,
//!   the undo log saving the output's old bytes);
//! - `empty_run`: an empty stream run atomically on a V4 machine (`run_atomic`, a checkpoint)
//!   against the way to the same atomicity without one, a clone of the machine run and kept.
//!
//! Before timing, each pair is checked to produce the same bytes (the softmax: to run).

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use half::bf16;
use isa_core::{Addr4, AluOp, Dtype, SyncBand, Tensor};
use isa_ops::Op;
use isa_ops::tensor_tensor::{TensorTensor, TtAlu, TtOpcode};
use isa_sim::{Core, DrainBinding, Machine, PARTITIONS, Runner, Space};

const N: usize = 2048;

fn row(byte: u32, n: u16) -> Tensor<3> {
    Tensor {
        addr: Addr4::sbuf(0, byte).expect("in the SBUF band"),
        strides: [1, 1, 1],
        nums: [n, 1, 1],
    }
}

/// The add bundle over `N` elements of `dtype` (inputs and output), operands at 0, `N·size`,
/// `2·N·size`.
fn add(dtype: Dtype, size: u32) -> Vec<u8> {
    let n = N as u32;
    Op::TensorTensor(TensorTensor {
        opcode: TtOpcode::Plain,
        sync: SyncBand::default(),
        in0_dtype: dtype,
        in1_dtype: dtype,
        out_dtype: dtype,
        alu: TtAlu::Op(AluOp::Add),
        num_active_partitions: PARTITIONS as u8,
        out: row(2 * n * size, N as u16),
        in0: row(0, N as u16),
        in1: row(n * size, N as u16),
    })
    .to_bytes()
    .expect("the bundle encodes")
    .to_vec()
}

fn inputs() -> (Vec<f32>, Vec<f32>) {
    let a = (0..PARTITIONS * N)
        .map(|i| (i % 977) as f32 * 0.013 - 6.0)
        .collect();
    let b = (0..PARTITIONS * N)
        .map(|i| (i % 613) as f32 * -0.007 + 2.0)
        .collect();
    (a, b)
}

/// A machine holding `a` and `b` as `bytes` (one element's bytes) from byte 0 of each partition.
fn machine(core: Core, a: &[u8], b: &[u8]) -> Machine {
    let mut m = Machine::new(core);
    let per = a.len() / PARTITIONS;
    for p in 0..PARTITIONS {
        let s = &mut m.memory_mut(Space::Sbuf);
        s.write(p, 0, &a[p * per..(p + 1) * per]).expect("fits");
        s.write(p, per, &b[p * per..(p + 1) * per]).expect("fits");
    }
    m
}

fn out_bytes(m: &Machine, start: usize, per: usize) -> Vec<u8> {
    (0..PARTITIONS)
        .flat_map(|p| {
            let r = m.memory(Space::Sbuf).read(p, start, per);
            r.expect("written").to_vec()
        })
        .collect()
}

/// Times `work` on a state `make` builds: on one core, and as two states on two threads at
/// once (`_x2`, the wall time of the slower thread).
fn bench<S: Send>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    make: impl Fn() -> S + Sync,
    work: impl Fn(&mut S) + Sync,
) {
    g.bench_function(id, |b| {
        let mut s = make();
        b.iter(|| work(black_box(&mut s)));
    });
    let run = |iters: u64| {
        let mut s = make();
        let t = Instant::now();
        for _ in 0..iters {
            work(black_box(&mut s));
        }
        t.elapsed()
    };
    g.bench_function(format!("{id}_x2"), |b| {
        b.iter_custom(|iters| {
            std::thread::scope(|sc| {
                let other = sc.spawn(|| run(iters));
                let mine = run(iters);
                mine.max(other.join().unwrap_or(mine))
            })
        });
    });
}

fn le(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn le16(v: &[bf16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn tt_add(c: &mut Criterion) {
    let (a, b) = inputs();
    let mut g = c.benchmark_group("tt_add_f32");
    let stream = add(Dtype::Float32, 4);
    let (ma, mb) = (le(&a), le(&b));
    let plain = |out: &mut Vec<f32>| {
        for ((o, x), y) in out.iter_mut().zip(&a).zip(&b) {
            *o = x + y;
        }
    };
    let sim = |m: &mut Machine| {
        m.run::<Op>(&stream).expect("the add runs");
    };
    let mut want = vec![0.0; a.len()];
    plain(&mut want);
    let mut m = machine(Core::V2, &ma, &mb);
    sim(&mut m);
    assert_eq!(out_bytes(&m, 2 * 4 * N, 4 * N), le(&want));
    bench(&mut g, "sim", || machine(Core::V2, &ma, &mb), sim);
    bench(&mut g, "plain", || vec![0.0f32; a.len()], plain);
    g.bench_function("sim_atomic", |bench| {
        let mut m = machine(Core::V2, &ma, &mb);
        bench.iter(|| m.run_atomic::<Op>(&stream).expect("the add runs"));
    });
    g.finish();

    let mut g = c.benchmark_group("tt_add_bf16");
    let a16: Vec<bf16> = a.iter().map(|&x| bf16::from_f32(x)).collect();
    let b16: Vec<bf16> = b.iter().map(|&x| bf16::from_f32(x)).collect();
    let stream = add(Dtype::Bfloat16, 2);
    let (ma, mb) = (le16(&a16), le16(&b16));
    let plain = |out: &mut Vec<bf16>| {
        for ((o, x), y) in out.iter_mut().zip(&a16).zip(&b16) {
            *o = bf16::from_f32(x.to_f32() + y.to_f32());
        }
    };
    let sim = |m: &mut Machine| {
        m.run::<Op>(&stream).expect("the add runs");
    };
    let mut want = vec![bf16::ZERO; a.len()];
    plain(&mut want);
    let mut m = machine(Core::V2, &ma, &mb);
    sim(&mut m);
    assert_eq!(out_bytes(&m, 2 * 2 * N, 2 * N), le16(&want));
    bench(&mut g, "sim", || machine(Core::V2, &ma, &mb), sim);
    bench(&mut g, "plain", || vec![bf16::ZERO; a.len()], plain);
    g.finish();
}

/// The example kernel's tile: 128 rows of 512 scores, the causal mask and the padding mask (both
/// uint8, the predicates' dtype) at SBUF bytes 0, 2048 and 4096 of every partition.
const COLUMNS: usize = 512;

fn softmax(c: &mut Criterion) {
    let scores: Vec<f32> = (0..PARTITIONS * COLUMNS)
        .map(|i| (i % 331) as f32 * 0.024 - 4.0)
        .collect();
    let causal: Vec<u8> = (0..PARTITIONS * COLUMNS)
        .map(|i| u8::from(i % COLUMNS > i / COLUMNS + 384))
        .collect();
    let kept: Vec<u8> = (0..PARTITIONS * COLUMNS)
        .map(|i| u8::from(i % COLUMNS < COLUMNS - 16 * (i / COLUMNS % 7)))
        .collect();
    let kernel = include_bytes!("../../examples/kernel.bin");
    let make = || {
        let mut m = Machine::new(Core::V4);
        let per = COLUMNS * 4;
        let s = le(&scores);
        for p in 0..PARTITIONS {
            let mem = m.memory_mut(Space::Sbuf);
            mem.write(p, 0, &s[p * per..(p + 1) * per]).expect("fits");
            let row = p * COLUMNS..(p + 1) * COLUMNS;
            mem.write(p, 2048, &causal[row.clone()]).expect("fits");
            mem.write(p, 4096, &kept[row]).expect("fits");
        }
        let mut runner = Runner::new();
        let rowsum = Addr4::sbuf(0, 10244).expect("in the band");
        runner.bind_drain(
            5 * 64,
            DrainBinding::at(rowsum, Dtype::Float32, PARTITIONS as u8),
        );
        (m, runner)
    };
    let sim = |(m, runner): &mut (Machine, Runner)| {
        runner
            .run::<Op>(m, kernel, &mut ())
            .expect("the kernel runs");
    };
    // The same masked softmax in plain Rust: max, exp, sum, scale, bf16 out.
    let plain = |out: &mut Vec<bf16>| {
        for (p, row) in scores.chunks(COLUMNS).enumerate() {
            let live = |j: usize| causal[p * COLUMNS + j] == 0 && kept[p * COLUMNS + j] != 0;
            let max = (0..COLUMNS)
                .filter(|&j| live(j))
                .map(|j| row[j])
                .fold(f32::NEG_INFINITY, f32::max);
            let mut sum = 0.0;
            let mut e = [0.0f32; COLUMNS];
            for j in 0..COLUMNS {
                e[j] = if live(j) { (row[j] - max).exp() } else { 0.0 };
                sum += e[j];
            }
            let r = 1.0 / sum;
            for j in 0..COLUMNS {
                out[p * COLUMNS + j] = bf16::from_f32(e[j] * r);
            }
        }
    };
    let mut s = make();
    sim(&mut s);
    let mut g = c.benchmark_group("softmax");
    bench(&mut g, "sim", make, sim);
    bench(
        &mut g,
        "plain",
        || vec![bf16::ZERO; PARTITIONS * COLUMNS],
        plain,
    );
    g.finish();
}

/// An empty stream made atomic: a checkpoint against a clone of the whole machine (SBUF of a
/// V4 core is 32 MiB, its defined-ness bitmap 512 KiB), each on a machine whose first 12 KiB of
/// every SBUF partition are written.
fn empty_run(c: &mut Criterion) {
    let mut m = Machine::new(Core::V4);
    let fill = vec![0x3Cu8; 12 * 1024];
    for p in 0..PARTITIONS {
        let mem = m.memory_mut(Space::Sbuf);
        mem.write(p, 0, &fill).expect("fits");
    }
    let before = m.clone();
    m.run_atomic::<Op>(&[]).expect("an empty stream runs");
    assert!(m == before && m.checkpoints() == 0);
    let mut g = c.benchmark_group("empty_run");
    g.bench_function("run_atomic", |b| {
        b.iter(|| m.run_atomic::<Op>(black_box(&[])).expect("runs"));
    });
    g.bench_function("clone_then_run", |b| {
        b.iter(|| {
            let mut copy = m.clone();
            copy.run::<Op>(black_box(&[])).expect("runs");
            copy
        });
    });
    g.finish();
}

criterion::criterion_group!(benches, tt_add, softmax, empty_run);
criterion::criterion_main!(benches);
