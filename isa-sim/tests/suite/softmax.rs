//! The example kernel end to end: `examples/kernel.bin` is a masked softmax over 128 rows of 512
//! fp32 scores (`examples/kernel.jsonl` gives every address and dtype). Its bf16 output is
//! compared with a plain f64 softmax written here, independently of the simulator.

use crate::common::*;
use isa_core::Dtype;
use isa_ops::Op;
use isa_sim::{Core, DrainBinding, DrainEvent, Machine, Runner, Space};

/// The kernel's layout (examples/kernel.jsonl), in bytes of every partition.
const SCORES: usize = 0; // fp32 × 512
const CAUSAL: usize = 2048; // uint8 × 512: not 0 where the score is replaced by -inf
const PADDING: usize = 4096; // uint8 × 512: not 0 where the position is kept
const OUTPUT: usize = 9216; // bf16 × 512
const ROWSUM: usize = 10244; // fp32 × 1: where the drain is bound
const COLUMNS: usize = 512;
const ROWS: usize = 128;
/// The DveReadAccumulator is the kernel's sixth bundle.
const DRAIN_OFFSET: usize = 5 * 64;

/// A xorshift64 stream of scores in [-4, 4): test data only.
struct Scores(u64);

impl Iterator for Scores {
    type Item = f32;
    fn next(&mut self) -> Option<f32> {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        Some(((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 8.0 - 4.0)
    }
}

/// Row `p` masks column `j` causally when `j > p + 384`: every row keeps column 0.
fn causal(p: usize, j: usize) -> bool {
    j > p + 384
}

/// Row `p` keeps its first `512 - 16·(p mod 7)` columns (at least 416).
fn kept(p: usize, j: usize) -> bool {
    j < COLUMNS - 16 * (p % 7)
}

/// The inputs: random scores, the causal mask and the padding mask (uint8 1 / 0, the
/// predicates' dtype [P2]). Returns the scores, row by row.
fn load(m: &mut Machine) -> Vec<Vec<f32>> {
    let mut scores = Scores(0x9E37_79B9_7F4A_7C15);
    let mut rows = Vec::new();
    for p in 0..ROWS {
        let row: Vec<f32> = scores.by_ref().take(COLUMNS).collect();
        put_f32(m, Space::Sbuf, p, SCORES, &row);
        let causal_row: Vec<u8> = (0..COLUMNS).map(|j| u8::from(causal(p, j))).collect();
        let padding: Vec<u8> = (0..COLUMNS).map(|j| u8::from(kept(p, j))).collect();
        let sbuf = m.memory_mut(Space::Sbuf);
        sbuf.write(p, CAUSAL, &causal_row).unwrap();
        sbuf.write(p, PADDING, &padding).unwrap();
        rows.push(row);
    }
    rows
}

/// The kernel's row sum in f64: its SelectReduce takes the row maximum over the kept columns of
/// the causally masked scores, a padded column giving the fill 0.0; its Exponential computes
/// exp(xm - rowmax) on every column (nki.isa.exponential: `dst = exp(src - max_value)`,
/// `reduce_res = sum(dst)` [I1]), a causal column adding exp(-inf) = 0.
fn row_sum(p: usize, row: &[f32]) -> f64 {
    let xm = |j: usize| {
        if causal(p, j) {
            f64::NEG_INFINITY
        } else {
            f64::from(row[j])
        }
    };
    let rowmax = (0..COLUMNS)
        .map(|j| if kept(p, j) { xm(j) } else { 0.0 })
        .fold(f64::NEG_INFINITY, f64::max);
    (0..COLUMNS).map(|j| (xm(j) - rowmax).exp()).sum()
}

/// What the kernel defines, in f64: the softmax of `row` over the columns the causal mask leaves
/// (the padding mask picks the row max, which the softmax does not depend on, and which outputs
/// are written, so it does not enter the denominator); 0 at every column either mask removes
/// (a padded column keeps the Memset's 0, a causal one is exp(-inf) = 0).
fn reference(p: usize, row: &[f32]) -> Vec<f64> {
    let live = |j: usize| !causal(p, j);
    let max = (0..COLUMNS)
        .filter(|&j| live(j))
        .map(|j| f64::from(row[j]))
        .fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = (0..COLUMNS)
        .map(|j| {
            if live(j) {
                (f64::from(row[j]) - max).exp()
            } else {
                0.0
            }
        })
        .collect();
    let sum: f64 = exps.iter().sum();
    let written = |j: usize| kept(p, j) && live(j);
    (0..COLUMNS)
        .map(|j| if written(j) { exps[j] / sum } else { 0.0 })
        .collect()
}

/// One bf16 ulp at `x` (7 stored mantissa bits): 2^(e - 7) for `x` in [2^e, 2^(e+1)).
fn bf16_ulp(x: f64) -> f64 {
    2f64.powi(x.abs().log2().floor() as i32 - 7)
}

/// Runs the kernel on an NC-v4 machine loaded with the inputs, its drain bound to rowsum:
/// the machine, the score rows and the drain events.
fn run_kernel() -> (Machine, Vec<Vec<f32>>, Vec<DrainEvent>) {
    let mut m = Machine::new(Core::V4);
    let rows = load(&mut m);
    let mut runner = Runner::new();
    runner.bind_drain(
        DRAIN_OFFSET,
        DrainBinding::at(sb(0, ROWSUM as u32), Dtype::Float32, ROWS as u8),
    );
    let kernel = include_bytes!("../../../examples/kernel.bin");
    let mut drains = Vec::new();
    let ran = runner.run::<Op>(&mut m, kernel, &mut drains).unwrap();
    assert_eq!((ran, drains.len()), (9, 1));
    (m, rows, drains)
}

#[test]
fn the_masked_softmax_kernel_matches_an_f64_softmax_within_one_bf16_ulp() {
    let (m, rows, _) = run_kernel();
    for (p, row) in rows.iter().enumerate() {
        let want = reference(p, row);
        let bytes = m.memory(Space::Sbuf).read(p, OUTPUT, 2 * COLUMNS).unwrap();
        for (j, (c, &r)) in bytes.chunks_exact(2).zip(&want).enumerate() {
            let bits = u16::from_le_bytes([c[0], c[1]]);
            if r == 0.0 {
                // A masked position holds the Memset's fill, bf16 +0.0, bit for bit.
                assert_eq!(bits, 0, "row {p} column {j}: masked, expected the fill");
                continue;
            }
            let got = f64::from(f32::from_bits(u32::from(bits) << 16));
            let ulp = bf16_ulp(r);
            assert!(
                (got - r).abs() <= ulp,
                "row {p} column {j}: {got} vs {r} (ulp {ulp})"
            );
        }
    }
}

#[test]
fn the_drained_row_sum_is_the_f64_sum_of_exp_x_minus_rowmax() {
    // Exponential's imm0 is max_value [I1], read per partition from rowmax: the drained row sum
    // is Σ exp(xm - rowmax) within 1e-5 of the f64 sum, not e^-1 times it (which an imm0 of 1.0
    // subtracted after an explicit rowmax subtract gave).
    let (m, rows, drains) = run_kernel();
    for (p, row) in rows.iter().enumerate() {
        let want = row_sum(p, row);
        let got = f64::from(get_f32(&m, Space::Sbuf, p, ROWSUM, 1)[0]);
        assert!(
            (got - want).abs() <= 1e-5 * want,
            "row {p}: drained {got}, f64 {want}"
        );
        let drained = drains[0].values[p].map(f64::from);
        assert_eq!(drained, Some(got), "row {p}: the drain event and rowsum");
    }
}
