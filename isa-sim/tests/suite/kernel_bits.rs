//! The example kernel (`examples/kernel.bin`) bit for bit: on scores and masks chosen to reach
//! every edge its ops have (NaN, signed zeros, infinities, subnormals, rows whose every column
//! is masked, mask bytes other than 1, lanes alternating true and false), the machine it
//! leaves — every byte of the kernel's region with its defined-ness, the accumulators and the
//! drained registers — has the digest written here. The digest was taken before the ops had
//! any whole-run fast path; a fast path that changes one bit of any result changes it.
//!
//! It was taken again once max and min of +0 and -0 became +0 and -0 in every build (the
//! reading in `isa_sim::alu::READINGS`): the row maximum of a row whose greatest score is a
//! zero of either sign had been whatever zero the code generator's `f32::max` gave, and the
//! earlier digest, taken in the debug profile, was not the one a release build left.

use crate::common::*;
use isa_core::Dtype;
use isa_ops::Op;
use isa_sim::{Core, DrainBinding, Machine, PARTITIONS, Runner, Space};

/// The kernel's layout (examples/kernel.jsonl), in bytes of every partition.
const SCORES: usize = 0;
const CAUSAL: usize = 2048;
const PADDING: usize = 4096;
const ROWSUM: usize = 10244;
const COLUMNS: usize = 512;
/// The bytes the kernel reads and writes in each partition: up to its row scalars at 10248.
const REGION: usize = 10252;

/// Row `p`'s scores: a kind of edge per row (`p % 8`), over a xorshift background.
fn scores(p: usize, rng: &mut Rng) -> Vec<f32> {
    (0..COLUMNS)
        .map(|j| {
            let background = (rng.next() >> 40) as f32 / (1u64 << 24) as f32 * 16.0 - 8.0;
            match (p % 8, j % 61) {
                (0, 7) => f32::NAN,
                (1, _) => [0.0, -0.0][j % 2],
                (2, _) => f32::from_bits(0x8000_0001 + (j as u32 % 5)),
                (3, 3) => f32::INFINITY,
                (4, 9) => f32::NEG_INFINITY,
                (5, _) => background * 1e-38,
                (6, 11) => -f32::NAN,
                _ => background,
            }
        })
        .collect()
}

/// Row `p`'s causal mask (not 0: replaced by -inf): every column of rows `p % 16 == 15`,
/// alternate columns of rows `p % 16 == 14`, the tail past `p + 384` of the others, in bytes 1,
/// 2 and 255.
fn causal(p: usize, j: usize) -> u8 {
    let masked = match p % 16 {
        15 => true,
        14 => j % 2 == 1,
        _ => j > p + 384,
    };
    if masked { [1, 2, 255][j % 3] } else { 0 }
}

/// Row `p`'s padding mask (not 0: kept): none of rows `p % 16 == 13`, every third column of
/// rows `p % 16 == 12`, the first `512 - 16·(p mod 7)` of the others.
fn kept(p: usize, j: usize) -> u8 {
    let keep = match p % 16 {
        13 => false,
        12 => j.is_multiple_of(3),
        _ => j < COLUMNS - 16 * (p % 7),
    };
    if keep { [1, 128, 7][j % 3] } else { 0 }
}

/// 64-bit FNV-1a over `bytes`, continuing from `hash`.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// The digest of the kernel's region of every partition (each byte, or a marker where it is
/// unwritten), the accumulators (or a marker where unset) and the drained registers.
fn digest(m: &Machine, drained: &[Option<f32>]) -> u64 {
    let mut hash = 0xCBF2_9CE4_8422_2325;
    let sbuf = m.memory(Space::Sbuf);
    for p in 0..PARTITIONS {
        for at in 0..REGION {
            let byte = sbuf.read(p, at, 1).map_or([0xAA, 0x55], |b| [b[0], 0]);
            hash = fnv(hash, &byte);
        }
        let acc = m.accumulators().get(p).map_or(0xDEAD, f32::to_bits);
        hash = fnv(hash, &acc.to_le_bytes());
    }
    for v in drained {
        hash = fnv(hash, &v.map_or(0xBEEF, f32::to_bits).to_le_bytes());
    }
    hash
}

#[test]
fn the_kernel_on_every_edge_leaves_the_machine_it_always_left() {
    let mut m = Machine::new(Core::V4);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for p in 0..PARTITIONS {
        put_f32(&mut m, Space::Sbuf, p, SCORES, &scores(p, &mut rng));
        let causal: Vec<u8> = (0..COLUMNS).map(|j| causal(p, j)).collect();
        let kept: Vec<u8> = (0..COLUMNS).map(|j| kept(p, j)).collect();
        let sbuf = m.memory_mut(Space::Sbuf);
        sbuf.write(p, CAUSAL, &causal).expect("in range");
        sbuf.write(p, PADDING, &kept).expect("in range");
    }
    let mut runner = Runner::new();
    let rowsum = sb(0, ROWSUM as u32);
    runner.bind_drain(
        5 * 64,
        DrainBinding::at(rowsum, Dtype::Float32, PARTITIONS as u8),
    );
    let kernel = include_bytes!("../../../examples/kernel.bin");
    let mut drains = Vec::new();
    let ran = runner.run::<Op>(&mut m, kernel, &mut drains).expect("runs");
    assert_eq!((ran, drains.len()), (9, 1));
    let got = digest(&m, &drains[0].values);
    assert_eq!(got, 0xef54_e31c_8bef_2d41, "digest {got:#018x}");
}
