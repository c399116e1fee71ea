//! The example kernel's tail (examples/kernel.jsonl bundles 4..=7: Exponential with
//! zero_accumulate and its max_value read per partition from rowmax, DveReadAccumulator bound to
//! rowsum, TensorScalar divide with reverse first, TensorScalar mult by the per-partition
//! reciprocal) run from its bytes: each row becomes its softmax. Rows hold 0 in the first 256
//! columns and -inf (masked) in the rest, and partition `p`'s rowmax is p/64, so exp(x -
//! max_value) is exp(-p/64) or 0 (nki.isa.exponential: `dst = exp(src - max_value)` [I1]), the
//! sum 256·exp(-p/64), and each probability 1/256 or exactly 0.

use crate::common::*;
use isa_core::Dtype;
use isa_ops::Op;
use isa_sim::{DrainBinding, Runner, Space};

#[test]
fn the_kernels_tail_subtracts_each_partitions_rowmax_and_normalises_each_row() {
    let kernel = include_bytes!("../../../examples/kernel.bin");
    let tail = &kernel[4 * 64..8 * 64];
    let mut m = machine();
    let row: Vec<f32> = (0..512)
        .map(|i| if i < 256 { 0.0 } else { f32::NEG_INFINITY })
        .collect();
    for p in 0..128 {
        put_f32(&mut m, Space::Sbuf, p, 5120, &row);
        put_f32(&mut m, Space::Sbuf, p, 10240, &[p as f32 / 64.0]);
    }
    // The drain is the tail's second bundle; the caller binds it to rowsum (10244, fp32).
    let mut runner = Runner::new();
    runner.bind_drain(64, DrainBinding::at(sb(0, 10244), Dtype::Float32, 128));
    let ran = runner.run::<Op>(&mut m, tail, &mut ()).unwrap();
    assert_eq!(ran, 4);
    for p in [0, 77, 127] {
        let sum = f64::from(get_f32(&m, Space::Sbuf, p, 10244, 1)[0]);
        let want = 256.0 * (-(p as f64) / 64.0).exp();
        assert!(
            (sum - want).abs() <= 1e-5 * want,
            "row {p}: rowsum {sum}, want {want}"
        );
        let probs = get_f32(&m, Space::Sbuf, p, 7168, 512);
        assert!(probs[..256].iter().all(|&q| (q - 1.0 / 256.0).abs() < 1e-8));
        assert!(probs[256..].iter().all(|&q| q == 0.0));
    }
}
