//! Exponential against seed 001 "Exponential — 0x30": the CoreV4 emitter's stores written out
//! by hand (header word 0x1030, the CoreV4 dtype tag 0x10 for float4_e2m1fn_x4, op0/op1 forced
//! bypass, reverse forced none), the validators by their pybind names, the drain, and the
//! dispatch.
//!
//! That a CoreV4 tag can never sit in a nibble field ("a 0x10 tag can never be written into a
//! nibble field", SPEC-NOTES §1) is a compile-time error, covered by
//! `tests/ui/lut/code-wider-than-nibble.rs`; the S3D3_TS dtype fields are whole bytes, so the
//! CoreV4 stamp compiles.

use crate::common::operand;
use isa_core::{AccumulateCmd, AluOp, Bundle, Dtype, ReverseOps, SyncBand};
use isa_ops::exponential::{ExpOpcode, Exponential, ExponentialInst};
use isa_ops::tensor_scalar::{Arg, ScalarSource, TensorScalar, TensorScalarPtrInst};
use isa_ops::{Codegen, Lowering, Op, Validate, decode_any};

const P128_256: &[(i64, u64)] = &[(1, 128), (1, 256)];

/// exp over 128 partitions × 256 float4_e2m1fn_x4 containers into fp32, zero_accumulate.
fn exp() -> ExponentialInst {
    ExponentialInst {
        out: operand(0x0004_0000, P128_256, Dtype::Float32),
        reduce_out: None,
        input: operand(0x0008_0000, P128_256, Dtype::Float4E2m1fnX4),
        imm0: Arg::fp32(1.0),
        imm1: Arg::fp32(0.0),
        reduce_cmd: AccumulateCmd::ZeroAccumulate,
        sync: SyncBand::default(),
    }
}

/// `visitInstExponential`'s stores (seed 001), byte by byte.
#[rustfmt::skip]
const EXP_BYTES: [u8; 64] = [
    0x30, 0x10, 0x00, 0x00,                         // mov $0x1030,%r8d: the header word 0x1030
    0, 0, 0, 0, 0, 0, 0, 0,                         // sync band
    0x03,                                           // 0x0C accum(reduce_cmd = ZeroAccumulate) = 0x03
    0x00, 0x00, 0x00,
    // 0x10 input: ADDR4 0x00080000, strides {1, 1, 1}, nums {256, 1, 1} (unit fill)
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x01, 0x00, 0x01, 0x00,  0x00, 0x01, 0x01, 0x00, 0x01, 0x00,
    0x10,                                           // 0x20 byte_1DFBAD0[2]: float4_e2m1fn_x4 on CoreV4
    0x0A,                                           // 0x21 fp32
    0x80,                                           // 0x22 num_active_channels = 128
    0x00,                                           // 0x23 imm0 immediate
    0x00, 0x00,                                     // *(u16*)&b[0x24] = 0: op0|op1 bypass
    0x00,                                           // b[0x26] = 0: reverse none
    0x00,                                           // 0x27 imm1 immediate
    0x00, 0x00, 0x80, 0x3F,                         // 0x28 imm0 = 1.0f32
    0x00, 0x00, 0x00, 0x00,                         // 0x2C imm1 = 0
    // 0x30 output MEM_PATTERN3D: ADDR4 0x00040000
    0x00, 0x00, 0x04, 0x00,  0x01, 0x00, 0x01, 0x00, 0x01, 0x00,  0x00, 0x01, 0x01, 0x00, 0x01, 0x00,
];

#[test]
fn the_core_v4_stores_byte_for_byte_and_back() {
    let built = exp().build().unwrap();
    assert_eq!(built.to_bytes().unwrap(), EXP_BYTES);
    let decoded = Exponential::decode_bytes(&EXP_BYTES).unwrap();
    assert_eq!(decoded, built);
    assert_eq!(
        decoded.in_dtype,
        Dtype::Float4E2m1fnX4,
        "0x10 has one preimage"
    );
}

#[test]
fn the_header_word_is_0x1030_little_endian() {
    assert_eq!(u16::from_le_bytes([EXP_BYTES[0], EXP_BYTES[1]]), 0x1030);
    assert_eq!(&EXP_BYTES[2..4], &[0, 0]);
    assert_eq!(ExpOpcode::Exponential.code(), 0x30);
}

#[test]
fn float4_is_0x10_on_exponential_and_0x05_on_tensor_scalar() {
    let e = exp().build().unwrap().to_bytes().unwrap();
    let ts = TensorScalarPtrInst::new(
        exp().out,
        exp().input,
        vec![Arg::fp32(1.0)],
        AluOp::Mult,
        AluOp::Bypass,
    );
    let t = ts.bundles().unwrap()[0].to_bytes().unwrap();
    assert_eq!((e[0x20], t[0x20]), (0x10, 0x05));
    // Every other tag is the same on both stamps: the output's fp32 is 0x0A on both.
    assert_eq!((e[0x21], t[0x21]), (0x0A, 0x0A));
    // A CoreV2 bundle with 0x10 in a dtype byte does not decode; a CoreV4 one does.
    let mut b = t;
    b[0x20] = 0x10;
    let err = TensorScalar::decode_bytes(&b).unwrap_err();
    assert_eq!((err.at.field, err.at.offset), ("in_dtype", 0x20));
}

#[test]
fn op0_op1_and_reverse_are_forced() {
    let b = exp().build().unwrap();
    assert_eq!(
        (b.op0, b.op1, b.reverse),
        (AluOp::Bypass, AluOp::Bypass, ReverseOps::None)
    );
}

#[test]
fn the_accumulate_command_is_the_only_live_field() {
    for (cmd, byte) in [
        (AccumulateCmd::Idle, 0x00),
        (AccumulateCmd::ZeroAccumulate, 0x03),
        (AccumulateCmd::LoadAccumulate, 0x04),
    ] {
        let mut i = exp();
        i.reduce_cmd = cmd;
        assert_eq!(i.build().unwrap().to_bytes().unwrap()[0x0C], byte);
    }
    // `accumulate` (ordinal 2) has no wire form.
    let mut i = exp();
    i.reduce_cmd = AccumulateCmd::Accumulate;
    let e = i.build().unwrap().to_bytes().unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("accumulator_cmd", 0x0C));
}

#[test]
fn validators_by_their_pybind_names() {
    let good = Exponential::decode_bytes(&EXP_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);

    let mut bad = good.clone();
    bad.accumulator_cmd = AccumulateCmd::Zero;
    bad.op0 = AluOp::Add;
    bad.op1 = AluOp::Mult;
    bad.reverse = ReverseOps::Second;
    bad.imm1 = 0x40A0_0000;
    bad.out.nums = [128, 1, 1];
    let checks: Vec<_> = bad
        .validate()
        .iter()
        .map(|f| (f.rule.name, f.field, f.offset))
        .collect();
    assert_eq!(
        checks,
        vec![
            ("has_valid_exponential_accum_cmd", "accumulator_cmd", 0x0C),
            ("op0 and op1 must be Bypass", "op0", 0x24),
            ("op0 and op1 must be Bypass", "op1", 0x25),
            ("reverse_operands must be None", "reverse", 0x26),
            ("has_valid_exponential_num_elements", "input", 0x10),
            ("immediate-validity check", "imm1", 0x2C),
        ]
    );

    // load_accumulate lets imm1 carry the reduce-init.
    let mut load = good.clone();
    load.accumulator_cmd = AccumulateCmd::LoadAccumulate;
    load.imm1 = 0x40A0_0000;
    assert_eq!(load.validate(), vec![]);
    // A pointer imm1 is an imm1 too.
    let mut ptr = good.clone();
    ptr.imm1_src = ScalarSource::PhysicalAp;
    assert_eq!(ptr.validate()[0].rule.name, "immediate-validity check");
    // zero is not an Exponential command.
    let mut zero = good;
    zero.accumulator_cmd = AccumulateCmd::Zero;
    assert_eq!(
        zero.validate()[0].rule.name,
        "has_valid_exponential_accum_cmd"
    );
}

#[test]
fn run_isa_checks_reports_the_findings() {
    let mut i = exp();
    i.reduce_cmd = AccumulateCmd::Idle;
    i.imm1 = Arg::fp32(5.0);
    let mut cg = Codegen::new();
    cg.run(2, &i).unwrap();
    let found: Vec<_> = cg
        .findings
        .iter()
        .map(|(op, f)| (*op, f.rule.name))
        .collect();
    assert_eq!(found, vec![("Exponential", "immediate-validity check")]);
}

#[test]
fn a_fused_exponential_appends_the_drain() {
    let mut i = exp();
    i.reduce_out = Some(operand(0x0005_0000, &[(1, 128), (1, 1)], Dtype::Float32));
    assert_eq!(i.opcodes(), Ok(vec![0x30, 0x9B]));
    let b = i.bundles().unwrap();
    assert_eq!(b[1].to_bytes().unwrap()[..2], [0x9B, 0x10]);
    let mut cg = Codegen::new();
    cg.run(0, &i).unwrap();
    assert_eq!(
        cg.census().into_iter().collect::<Vec<_>>(),
        vec![(0x30, 1), (0x9B, 1)]
    );
}

#[test]
fn decode_any_and_json_round_trip() {
    let op = decode_any(&EXP_BYTES).unwrap();
    assert_eq!(op.name(), "Exponential");
    assert!(matches!(op, Op::Exponential(_)));
    let json = serde_json::to_string(&op).unwrap();
    assert!(
        json.starts_with(r#"{"op":"Exponential","opcode":"exponential","#)
            && json.contains(r#""in_dtype":"float4_e2m1fn_x4""#)
            && json.contains(r#""accumulator_cmd":"zero_accumulate""#),
        "{json}"
    );
    let back: Op = serde_json::from_str(&json).unwrap();
    assert_eq!(back.to_bytes().unwrap(), EXP_BYTES);
}

// Seed 001, Exponential: "ZeroAccumulate/Idle/Accumulate require imm1 == 0 (imm1_src =
// InstructionImmediate); LoadAccumulate lets imm1 carry the reduce-init". Ordinal 2 has no wire
// form, so the accumulating command is add_accumulate (wire 2): legal with imm1 == 0, refused by
// the immediate-validity check with imm1 != 0 (SPEC-NOTES §2.13).
#[test]
fn add_accumulate_is_an_exponential_command_with_imm1_zero() {
    let mut i = exp();
    i.reduce_cmd = AccumulateCmd::AddAccumulate;
    let bundle = i.build().unwrap();
    assert_eq!(
        bundle.to_bytes().unwrap()[0x0C],
        0x02,
        "add_accumulate is wire 2"
    );
    assert_eq!(bundle.validate(), vec![]);
    let mut cg = Codegen::new();
    cg.run(2, &i).unwrap();
    assert_eq!(cg.findings, vec![]);

    i.imm1 = Arg::fp32(5.0);
    let checks: Vec<_> = i
        .build()
        .unwrap()
        .validate()
        .iter()
        .map(|f| (f.rule.name, f.field, f.offset))
        .collect();
    assert_eq!(checks, vec![("immediate-validity check", "imm1", 0x2C)]);
}
