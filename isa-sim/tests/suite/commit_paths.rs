//! The whole-run paths against the element-by-element meaning they stand for: a max or min fold
//! found lane-parallel ends where the fold in order ends, bit for bit; a fold of mapped values
//! is the fold of the values mapped first; staged values, fills and predicated writes encoded
//! at commit straight into memory land on exactly the elements (and lanes) they name, in walk
//! order, leave false lanes as they were (written or not), and roll back to the machine before
//! them.

use crate::common::*;
use isa_core::{AluOp, Dtype, SyncBand, Tensor3d, Tensor4d};
use isa_ops::Op;
use isa_ops::copy_predicated::{CopyCastOpcode, CopyPredicated, CopyPredicatedScalar};
use isa_ops::memset::{Memset, MemsetOpcode};
use isa_ops::tensor_copy::{TcOpcode, TensorCopy};
use isa_sim::{Machine, Space, alu};

/// Values at every edge a max or min has: signed zeros, NaNs of both signs, infinities,
/// subnormals, equal values.
const EDGES: [f32; 12] = [
    0.0,
    -0.0,
    f32::NAN,
    -f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    1.5,
    -1.5,
    1e-45,
    -1e-45,
    3.0,
    3.0,
];

/// A vector of `len` values drawn from [`EDGES`], or (for `zeros`) from the signed zeros and
/// negative values only, so that the extremum is a zero.
fn sample(rng: &mut Rng, len: usize, zeros: bool) -> Vec<f32> {
    (0..len)
        .map(|_| {
            if zeros {
                [0.0, -0.0, -1.5, f32::NEG_INFINITY][rng.below(4)]
            } else {
                EDGES[rng.below(EDGES.len())]
            }
        })
        .collect()
}

/// The bits of `x`, every NaN as one: which NaN an operation gives is no part of its result
/// (nor of Rust's: the sign and payload of a NaN an operation makes may differ from one build,
/// and one code path, to another), while every other value, -0 included, is compared by its
/// bits.
fn bits_of(x: f32) -> u32 {
    if x.is_nan() {
        f32::NAN.to_bits()
    } else {
        x.to_bits()
    }
}

#[test]
fn a_max_or_min_fold_ends_where_the_fold_in_order_ends() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for case in 0..4000 {
        let len = rng.below(41);
        let xs = sample(&mut rng, len, case % 3 == 0);
        let acc = [f32::NEG_INFINITY, f32::INFINITY, 0.0, -0.0, f32::NAN][rng.below(5)];
        for op in [AluOp::Max, AluOp::Min] {
            for reverse in [false, true] {
                let in_order = xs.iter().fold(acc, |a, &x| {
                    let (l, r) = if reverse { (a, x) } else { (x, a) };
                    alu::f32(op, l, r).unwrap()
                });
                let mut values = xs.clone();
                let end = alu::fold_f32(op, reverse, acc, &mut values, false).unwrap();
                assert_eq!(
                    bits_of(end),
                    bits_of(in_order),
                    "{op:?} reverse {reverse} from {acc} over {xs:?}"
                );
                assert_eq!(values.len(), xs.len());
            }
        }
    }
}

#[test]
fn a_fold_of_mapped_values_is_the_fold_of_the_values_mapped_first() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..500 {
        let len = rng.below(30);
        let xs: Vec<f32> = sample(&mut rng, len, false);
        for (op, running) in [(AluOp::Add, false), (AluOp::Add, true), (AluOp::Max, true)] {
            let mut mapped: Vec<f32> = xs.iter().map(|x| x.exp()).collect();
            let want = alu::fold_f32(op, false, 0.5, &mut mapped, running).unwrap();
            let mut values = xs.clone();
            let got = alu::fold_map_f32(op, false, 0.5, &mut values, running, f32::exp).unwrap();
            assert_eq!(bits_of(got), bits_of(want), "{op:?} over {xs:?}");
            let bits = |v: &[f32]| v.iter().copied().map(bits_of).collect::<Vec<_>>();
            assert_eq!(bits(&values), bits(&mapped), "{op:?} over {xs:?}");
        }
    }
}

fn scalar_fill(out: Tensor3d, mask: Tensor3d, value: f32) -> Op {
    Op::CopyPredicatedScalar(CopyPredicatedScalar {
        sync: SyncBand::default(),
        out,
        mask_dtype: Dtype::Uint8,
        out_dtype: Dtype::Float32,
        num_active_partitions: 1,
        byte_0x29: 0,
        mask_num_active_partitions: 1,
        scalar: value.to_bits(),
        mask,
    })
}

fn cast_where(out: Tensor3d, src: Tensor3d, mask: Tensor3d) -> Op {
    Op::CopyPredicated(CopyPredicated {
        opcode: CopyCastOpcode::Cast,
        sync: SyncBand::default(),
        src_dtype: Dtype::Float32,
        mask_dtype: Dtype::Uint8,
        out_dtype: Dtype::Bfloat16,
        alu: 0,
        num_active_partitions: 1,
        out,
        src,
        mask,
    })
}

fn cast(dst: Tensor4d, src: Tensor4d) -> Op {
    Op::TensorCopy(TensorCopy {
        opcode: TcOpcode::Cast,
        sync: SyncBand::default(),
        src,
        src_dtype: Dtype::Float32,
        dst_dtype: Dtype::Bfloat16,
        num_active_partitions: 2,
        dst,
    })
}

fn memset(dst: Tensor4d, fill: f32) -> Op {
    Op::Memset(Memset {
        opcode: MemsetOpcode::Const,
        sync: SyncBand::default(),
        mode: 0,
        dtype: Dtype::Float32,
        num_active_partitions: 2,
        fill: fill.to_bits(),
        dst,
    })
}

/// Each lane pattern a predicated write meets: lengths on both sides of the eight lanes looked
/// at together, all true, all false, alternating, runs, and random.
fn patterns(rng: &mut Rng) -> Vec<Vec<bool>> {
    let mut all = Vec::new();
    for len in [1, 7, 8, 9, 15, 16, 17, 31, 40] {
        all.push(vec![true; len]);
        all.push(vec![false; len]);
        all.push((0..len).map(|i| i % 2 == 0).collect());
        all.push((0..len).map(|i| i % 9 < 4).collect());
        all.push((0..len).map(|_| rng.below(2) == 1).collect());
    }
    all
}

/// SBUF bytes `at..at + 4·n` of partition 0, each element its bits or `None` where unwritten.
fn elements(m: &Machine, at: usize, size: usize, n: usize) -> Vec<Option<u32>> {
    let sbuf = m.memory(Space::Sbuf);
    (0..n)
        .map(|i| {
            let bytes = sbuf.read(0, at + i * size, size).ok()?;
            Some(bytes.iter().rev().fold(0, |w, &b| w << 8 | u32::from(b)))
        })
        .collect()
}

#[test]
fn a_predicated_fill_and_cast_write_their_true_lanes_and_keep_the_others() {
    let mut rng = Rng(0xD1CE_4E5B_5DEE_CE66);
    for lanes in patterns(&mut rng) {
        let n = lanes.len();
        let mut m = machine();
        let src: Vec<f32> = (0..n).map(|i| i as f32 * 1.001 + 0.5).collect();
        put_f32(&mut m, Space::Sbuf, 0, 0, &src);
        let mask: Vec<u8> = lanes.iter().map(|&l| if l { 3 } else { 0 }).collect();
        m.memory_mut(Space::Sbuf).write(0, 256, &mask).unwrap();
        // Destinations written in their first half, unwritten in the second.
        let half = vec![7.0f32; n / 2];
        put_f32(&mut m, Space::Sbuf, 0, 512, &half);
        let bf16_half: Vec<u8> = (0..n / 2).flat_map(|_| [0x34, 0x12]).collect();
        m.memory_mut(Space::Sbuf).write(0, 768, &bf16_half).unwrap();
        let before = m.clone();
        m.checkpoint();
        let count = n as u16;
        let ops = [
            scalar_fill(row(sb(0, 512), count), row(sb(0, 256), count), -2.25),
            cast_where(
                row(sb(0, 768), count),
                row(sb(0, 0), count),
                row(sb(0, 256), count),
            ),
        ];
        run(&mut m, &ops).unwrap();
        let fills = elements(&m, 512, 4, n);
        let casts = elements(&m, 768, 2, n);
        for (i, &lane) in lanes.iter().enumerate() {
            let old = |written: u32| (i < n / 2).then_some(written);
            let bf16 = |x: f32| u32::from(half::bf16::from_f32(x).to_bits());
            let (fill, cast) = if lane {
                (Some((-2.25f32).to_bits()), Some(bf16(src[i])))
            } else {
                (old(7.0f32.to_bits()), old(0x1234))
            };
            assert_eq!(fills[i], fill, "fill lane {i} of {lanes:?}");
            assert_eq!(casts[i], cast, "cast lane {i} of {lanes:?}");
        }
        m.rollback();
        assert!(m == before, "rolled back after {lanes:?}");
    }
}

#[test]
fn values_and_fills_land_in_walk_order_through_any_stride_and_roll_back() {
    let mut m = machine();
    for p in 0..2 {
        let xs: Vec<f32> = (1..=8).map(|v| v as f32 + p as f32 * 0.25).collect();
        put_f32(&mut m, Space::Sbuf, p, 0, &xs);
        put_f32(&mut m, Space::Sbuf, p, 96, &[9.0; 4]);
    }
    let before = m.clone();
    m.checkpoint();
    let ops = [
        // Every other bf16 element from byte 32: 1, 2, 3, 4 at 32, 36, 40, 44.
        cast(
            desc(sb(0, 32), [2, 1, 1, 1], [4, 1, 1, 1]),
            desc(sb(0, 0), [1, 1, 1, 1], [4, 1, 1, 1]),
        ),
        // Backwards from byte 62: 5, 6, 7, 8 at 62, 60, 58, 56.
        cast(
            desc(sb(0, 62), [-1, 1, 1, 1], [4, 1, 1, 1]),
            desc(sb(0, 16), [1, 1, 1, 1], [4, 1, 1, 1]),
        ),
        // One element walked four times: the last value, 4, stays.
        cast(
            desc(sb(0, 64), [0, 1, 1, 1], [4, 1, 1, 1]),
            desc(sb(0, 0), [1, 1, 1, 1], [4, 1, 1, 1]),
        ),
        // A fill of every other fp32 element over 9.0s and over unwritten bytes.
        memset(desc(sb(0, 100), [2, 1, 1, 1], [4, 1, 1, 1]), -0.5),
    ];
    run(&mut m, &ops).unwrap();
    let bf16 = |x: f32| u32::from(half::bf16::from_f32(x).to_bits());
    for p in 0..2 {
        let at = |i: usize| 1.0 + i as f32 + p as f32 * 0.25;
        let sbuf = m.memory(Space::Sbuf);
        let element = |byte: usize| {
            let b = sbuf.read(p, byte, 2).unwrap();
            u32::from(u16::from_le_bytes([b[0], b[1]]))
        };
        for i in 0..4 {
            assert_eq!(
                element(32 + 4 * i),
                bf16(at(i)),
                "partition {p} strided {i}"
            );
            assert!(
                !sbuf.is_written(p, 34 + 4 * i, 2),
                "a stride's gap stays unwritten"
            );
            assert_eq!(
                element(62 - 2 * i),
                bf16(at(4 + i)),
                "partition {p} backward {i}"
            );
        }
        assert_eq!(
            element(64),
            bf16(at(3)),
            "the last of four writes to one element"
        );
        assert_eq!(
            get_f32(&m, Space::Sbuf, p, 96, 4),
            [9.0, -0.5, 9.0, -0.5],
            "partition {p}"
        );
        assert_eq!(get_f32(&m, Space::Sbuf, p, 116, 1), [-0.5]);
        assert!(!sbuf.is_written(p, 120, 4));
    }
    m.rollback();
    assert!(m == before);
}

/// Two inputs with unwritten bytes, fp32 in runs of one length (in0 in PSUM, so the result is
/// staged, not computed at commit): the fault named is the first one met run by run, in1's in
/// the first run before in0's in the second, as the walk run by run has always found it.
#[test]
fn a_zip_in_runs_names_the_first_unwritten_byte_run_by_run() {
    use isa_ops::tensor_tensor::{TtAlu, TtOpcode};
    let mut m = machine();
    put_f32(&mut m, Space::Psum, 0, 0, &[1.0; 4]);
    put_f32(&mut m, Space::Sbuf, 0, 32, &[2.0; 4]);
    let runs = |addr| desc(addr, [1, 8, 1], [4, 2, 1]);
    let add = tt(
        TtOpcode::Plain,
        TtAlu::Op(AluOp::Add),
        [Dtype::Float32; 3],
        1,
        runs(sb(0, 256)),
        runs(ps(0, 0)),
        runs(sb(0, 0)),
    );
    let err = fails(&mut m, &[add]).to_string();
    assert!(
        err.contains("operand in1: reads unwritten SBUF byte 0x0 of partition 0"),
        "{err}"
    );
}
