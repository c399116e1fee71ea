//! ScalarTensorTensor against seed 001 "ScalarTensorTensor — 0x9D/0x9E/0xE5": the stores
//! written out by hand on the S2S2D2_STT reading of SPEC-NOTES §2.3, the `isBitVec - 0x63`
//! opcode, the scan variant, the asserts, the fused-reduce guard, and the CoreV2 dtype nibbles.

use crate::common::{P64_512, operand};
use isa_core::{AluOp, Bundle, Dtype, ReverseOps};
use isa_ops::scalar_tensor_tensor::{ScalarTensorTensor, SttOpcode};
use isa_ops::tensor_scalar::{Arg, TensorScalarPath, TensorScalarPtrInst};
use isa_ops::{Codegen, LowerError, Lowering, Op, Validate, decode_any};

/// out (fp32) = (0.5 mult tensor0 (fp32)) add tensor1 (bf16), 64 partitions × 512.
fn stt() -> TensorScalarPtrInst {
    let mut i = TensorScalarPtrInst::new(
        operand(0x0004_0000, P64_512, Dtype::Float32),
        operand(0x0008_0000, P64_512, Dtype::Float32),
        vec![
            Arg::fp32(0.5),
            Arg::Ap(operand(0x000C_0000, P64_512, Dtype::Bfloat16)),
        ],
        AluOp::Mult,
        AluOp::Add,
    );
    i.scalar_tensor_tensor = true;
    i
}

/// The bundle of `stt()`, byte by byte. TENSOR2D of `P64_512`: ADDR4, strides {1, 1},
/// nums {512, 1}.
#[rustfmt::skip]
const STT_BYTES: [u8; 64] = [
    0x9D, 0x10, 0x00, 0x00,                         // 0 - 0x63 = 0x9D: ScalarTensorTensorArith
    0, 0, 0, 0, 0, 0, 0, 0,                         // sync band
    // 0x0C tensor1: ADDR4 0x000C0000
    0x00, 0x00, 0x0C, 0x00,  0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00,
    // 0x18 tensor0: ADDR4 0x00080000
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00,
    0x06,                                           // 0x24 op0 mult
    0x04,                                           // 0x25 op1 add
    0x00,                                           // 0x26 reverse none
    0x00,                                           // 0x27 scalar source: immediate
    0x6A,                                           // 0x28 lo tensor0 fp32 0xA, hi tensor1 bf16 0x6
    0x0A,                                           // 0x29 out fp32
    0x40,                                           // 0x2A num_active_channels 64
    0x0A,                                           // 0x2B scalar dtype fp32
    0x00,                                           // 0x2C accumulator_cmd idle
    0x00, 0x00, 0x00,                               // reserved
    // 0x30 output: ADDR4 0x00040000
    0x00, 0x00, 0x04, 0x00,  0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00,
    0x00, 0x00, 0x00, 0x3F,                         // 0x3C scalar = 0.5f32
];

fn first(i: &TensorScalarPtrInst) -> [u8; 64] {
    i.bundles().unwrap()[0].to_bytes().unwrap()
}

#[test]
fn the_stores_byte_for_byte_and_back() {
    assert_eq!(stt().path(), TensorScalarPath::ScalarTensorTensor);
    assert_eq!(first(&stt()), STT_BYTES);
    let decoded = ScalarTensorTensor::decode_bytes(&STT_BYTES).unwrap();
    assert_eq!(
        (
            decoded.tensor0_dtype,
            decoded.tensor1_dtype,
            decoded.scalar_dtype
        ),
        (Dtype::Float32, Dtype::Bfloat16, Dtype::Float32)
    );
    assert_eq!(decoded.scalar, 0x3F00_0000);
    assert_eq!(decoded.to_bytes().unwrap(), STT_BYTES);
}

#[test]
fn the_opcode_is_isbitvec_minus_0x63_or_0xe5() {
    let mut bitvec = stt();
    bitvec.bitvec = true;
    assert_eq!(bitvec.select_stt_opcode(), Ok(SttOpcode::Bitvec));
    assert_eq!(first(&bitvec)[0], 0x9E);
    assert_eq!(stt().select_stt_opcode(), Ok(SttOpcode::Arith));
    assert_eq!(0u8.wrapping_sub(0x63), 0x9D);
    for bv in [false, true] {
        let mut scan = stt();
        scan.scalar_tensor_tensor = false;
        scan.stt_scan = true;
        scan.bitvec = bv;
        assert_eq!(scan.opcodes(), Ok(vec![0xE5]));
        assert_eq!(first(&scan)[0], 0xE5);
    }
}

#[test]
fn the_asserts_of_the_body() {
    let mut two = stt();
    two.scalars.pop();
    assert_eq!(
        two.opcodes(),
        Err(LowerError::Spec("ScalarTensorTensor must have 3 inputs"))
    );
    let mut four = stt();
    four.scalars.push(Arg::fp32(1.0));
    assert_eq!(
        four.bundles().unwrap_err().to_string(),
        "ScalarTensorTensor must have 3 inputs"
    );
    let mut transposed = stt();
    transposed.apply_transpose = true;
    // Seed 001 states the assert ("no transpose"); the message is the crate's.
    let Err(LowerError::Refused { rule, .. }) = transposed.opcodes() else {
        panic!("a transposed STT is refused");
    };
    assert_eq!(rule.confidence, isa_core::Confidence::Strong);
    let mut scalar_third = stt();
    scalar_third.scalars[1] = Arg::fp32(2.0);
    assert_eq!(
        scalar_third.bundles().unwrap_err().to_string(),
        "ScalarTensorTensor's 3rd argument must be AP"
    );
}

#[test]
fn the_fused_reduce_guard_and_drain_apply() {
    let mut i = stt();
    i.reduce_out = Some(operand(0x0005_0000, &[(1, 64), (1, 1)], Dtype::Float32));
    let lowered = i.lower().unwrap();
    assert_eq!(lowered.reports, vec!["Reduce Accum result is not outputed"]);
    let b = lowered.bundles[0].to_bytes().unwrap();
    assert_eq!(b[0x2C], 0x03, "forced zero_accumulate");
    assert_eq!(lowered.bundles[1].to_bytes().unwrap()[0], 0x9B);
    assert_eq!(i.opcodes(), Ok(vec![0x9D, 0x9B]));
}

#[test]
fn the_dtype_nibbles_take_core_v2_tags() {
    let mut i = stt();
    i.input.dtype = Dtype::Float4E2m1fnX4; // CoreV2 0x05 fits the nibble
    i.scalars[1] = Arg::Ap(operand(0x000C_0000, P64_512, Dtype::Int32));
    assert_eq!(first(&i)[0x28], 0x85);
}

#[test]
fn reverse_and_pointer_scalar() {
    let mut i = stt();
    i.reverse0 = true;
    i.reverse1 = true;
    i.scalars[0] = Arg::Ap(operand(0x0009_0000, &[(1, 64)], Dtype::Float16));
    let b = first(&i);
    assert_eq!(b[0x26], 0x03);
    assert_eq!((b[0x27], b[0x2B]), (0x01, 0x07), "physical AP, fp16 scalar");
    assert_eq!(&b[0x3C..], &[0x00, 0x00, 0x09, 0x00]);
    let d = ScalarTensorTensor::decode_bytes(&b).unwrap();
    assert_eq!(d.reverse, ReverseOps::Both);
}

#[test]
fn validators_check_the_three_descriptors() {
    let good = ScalarTensorTensor::decode_bytes(&STT_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let mut bad = good;
    bad.tensor1.nums = [512, 0];
    let f = &bad.validate()[0];
    assert_eq!(
        (f.rule.name, f.field, f.offset),
        ("tensor2d_valid", "tensor1", 0x0C + 0x0A)
    );
}

#[test]
fn reserved_bytes_of_the_band_are_checked() {
    for offset in [0x2D, 0x2E, 0x2F] {
        let mut b = STT_BYTES;
        b[offset] = 1;
        let e = ScalarTensorTensor::decode_bytes(&b).unwrap_err();
        assert_eq!((e.at.field, e.at.offset), ("reserved", offset));
    }
}

#[test]
fn decode_any_and_json_round_trip() {
    let op = decode_any(&STT_BYTES).unwrap();
    assert!(matches!(op, Op::ScalarTensorTensor(_)));
    let json = serde_json::to_string(&op).unwrap();
    assert!(
        json.starts_with(r#"{"op":"ScalarTensorTensor","opcode":"scalar_tensor_tensor_arith","#)
            && json.contains(r#""tensor1_dtype":"bfloat16""#),
        "{json}"
    );
    let back: Op = serde_json::from_str(&json).unwrap();
    assert_eq!(back.to_bytes().unwrap(), STT_BYTES);
    let mut cg = Codegen::new();
    cg.run(1, &stt()).unwrap();
    assert_eq!(cg.stream, STT_BYTES.to_vec());
}
