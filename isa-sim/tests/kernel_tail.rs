//! The example kernel's tail (examples/kernel.jsonl bundles 4..=8: TensorTensor subtract,
//! Exponential with zero_accumulate, DveReadAccumulator bound to rowsum, TensorScalar divide
//! with reverse first, TensorScalar mult by the per-partition reciprocal) run from its bytes:
//! each row becomes its softmax. Rows hold 0 in the first 256 columns and -inf (masked) in the
//! rest, rowmax 0, so exp(x - max_value) is 1/e or 0 (the kernel's max_value imm0 is 1.0), the
//! sum 256/e, and each probability (1/e)·(e/256) = 1/256 or exactly 0.

mod common;

use common::*;
use isa_core::Dtype;
use isa_ops::Op;
use isa_sim::{DrainBinding, Runner, Space};

#[test]
fn the_kernels_tail_normalises_each_row() {
    let kernel = include_bytes!("../../examples/kernel.bin");
    let tail = &kernel[4 * 64..9 * 64];
    let mut m = machine();
    let row: Vec<f32> = (0..512)
        .map(|i| if i < 256 { 0.0 } else { f32::NEG_INFINITY })
        .collect();
    for p in 0..128 {
        put_f32(&mut m, Space::Sbuf, p, 5120, &row);
        put_f32(&mut m, Space::Sbuf, p, 10240, &[0.0]);
    }
    // The drain is the tail's third bundle; the caller binds it to rowsum (10244, fp32).
    let mut runner = Runner::new();
    runner.bind_drain(128, DrainBinding::at(sb(0, 10244), Dtype::Float32, 128));
    let ran = runner.run::<Op>(&mut m, tail, &mut ()).unwrap();
    assert_eq!(ran, 5);
    let e = std::f32::consts::E;
    for p in [0, 77, 127] {
        let sum = get_f32(&m, Space::Sbuf, p, 10244, 1)[0];
        assert!((sum - 256.0 / e).abs() < 1e-4, "rowsum {sum}");
        let probs = get_f32(&m, Space::Sbuf, p, 7168, 512);
        assert!(probs[..256].iter().all(|&q| (q - 1.0 / 256.0).abs() < 1e-8));
        assert!(probs[256..].iter().all(|&q| q == 0.0));
    }
}
