//! The custom ISA on the simulator: a stream mixing built-in ops and the crate's TensorMax runs
//! through `isa::sim`, and the crate's unexecuted TensorClamp stops with its reason. Every
//! expectation is worked by hand in the comment beside it.

use std::path::Path;

use custom_isa::CustomOp;
use isa::core::AluOp;
use isa::sim::{Core, Execute, Machine, Problem, Space, table};

fn mixed() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("mixed.bin");
    std::fs::read(path).expect("mixed.bin is checked in")
}

fn put(m: &mut Machine, p: usize, a: usize, bytes: &[u8]) {
    m.memory_mut(Space::Sbuf)
        .write(p, a, bytes)
        .expect("in range");
}

fn get_f32(m: &Machine, p: usize, a: usize, n: usize) -> Vec<f32> {
    let bytes = m.memory(Space::Sbuf).read(p, a, 4 * n).expect("written");
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Every partition: scores x_j = (j - 256) / 64 at byte 0 (fp32 × 512), a causal mask (uint8)
/// at 2048 that is 1 for j >= 500, a padding mask (uint8) at 4096 that is 1 for j < 480.
fn loaded() -> Machine {
    let mut m = Machine::new(Core::V2);
    let f32s = |f: &dyn Fn(usize) -> f32| -> Vec<u8> {
        (0..512).flat_map(|j| f(j).to_le_bytes()).collect()
    };
    let scores = f32s(&|j| (j as f32 - 256.0) / 64.0);
    let causal: Vec<u8> = (0..512).map(|j| u8::from(j >= 500)).collect();
    let padding: Vec<u8> = (0..512).map(|j| u8::from(j < 480)).collect();
    for p in 0..128 {
        put(&mut m, p, 0, &scores);
        put(&mut m, p, 2048, &causal);
        put(&mut m, p, 4096, &padding);
    }
    m
}

#[test]
fn a_mixed_stream_runs_built_in_ops_and_the_crates_tensor_max() {
    // mixed.bin's first five bundles: Memset (bf16 0 at 9216), TensorCopy (scores to 5120),
    // CopyPredicatedScalar (-inf at 5120 where the causal mask is 1, j >= 500), TensorMax
    // (5120 → 9216 fp32, imm 0), SelectReduce (padding mask, fill 0, max into 10240).
    let mut m = loaded();
    m.run::<CustomOp>(&mixed()[..0x140]).unwrap();
    let out = get_f32(&m, 127, 9216, 512);
    // TensorMax: max(x_j, 0) = 0 for j <= 256, (j - 256) / 64 above; -inf lanes give 0.
    assert_eq!(out[0], 0.0);
    assert_eq!(out[255], 0.0);
    assert_eq!(out[320], 1.0);
    assert_eq!(out[499], 3.796875);
    assert!(out[500..].iter().all(|&v| v == 0.0));
    // SelectReduce: the row max of x_j for j < 480 and the fill 0 beyond: x_479 = 223 / 64. Its
    // out, byte 10240, is element 256 of TensorMax's output, which it overwrites after.
    assert_eq!(out[256], 3.484375);
    assert_eq!(get_f32(&m, 0, 10240, 1), [3.484375]);
    assert_eq!(m.accumulators().get(64), Some(3.484375));
}

#[test]
fn the_family_table_lists_the_crates_semantics_and_an_unexecuted_op_stops() {
    let forms: Vec<&str> = table::<CustomOp>().iter().map(|s| s.form).collect();
    assert!(forms.contains(&"TensorMax 0x60"), "{forms:?}");
    assert!(forms.contains(&"TensorTensorV4 0x62"), "{forms:?}");
    assert!(forms.contains(&"TensorCopy 0x46 / 0x47"), "{forms:?}");
    let clamp = CustomOp::decode(&mixed()[0x200..0x240]).unwrap();
    assert_eq!(clamp.semantics().form, "TensorClamp 0x61");
    let err = loaded()
        .run::<CustomOp>(&mixed()[0x200..0x240])
        .unwrap_err();
    assert_eq!((err.offset, err.op), (0, "TensorClamp"));
    assert!(
        matches!(err.fault.problem, Problem::NotExecuted { .. }),
        "{err}"
    );
}

#[test]
fn tensor_max_refuses_an_alu_it_does_not_execute() {
    // mixed.bin's TensorMax (at 0xC0) with its alu set to add: stops, naming the field.
    let Ok(CustomOp::TensorMax(mut max)) = CustomOp::decode(&mixed()[0xC0..0x100]) else {
        panic!("0xC0 holds TensorMax")
    };
    max.alu = AluOp::Add;
    let bundle = CustomOp::TensorMax(max).to_bytes().unwrap();
    let mut m = loaded();
    m.run::<CustomOp>(&mixed()[..0xC0]).unwrap();
    let err = m.run::<CustomOp>(&bundle).unwrap_err();
    assert!(
        matches!(err.fault.problem, Problem::Field { what: "alu", .. }),
        "{err}"
    );
}
