//! TensorScalarCache against seed 001 "TensorScalarCache (Cumulative / Scan)": the TSCMode
//! opcode fork, the DVE guard, the immediate rules, the stores on the shared S3D3_TS layout, and
//! 0x9A decoding to the one declaration both producers share.

use crate::common::{P64_4X128, operand};
use isa_core::{AccumulateCmd, AluOp, Bundle, Dtype, Engine, SyncBand};
use isa_ops::tensor_scalar::{Arg, TensorScalar, TensorScalarPtrInst, TsOpcode};
use isa_ops::tensor_scalar_cache::TensorScalarCacheInst;
use isa_ops::{Codegen, LowerError, Lowering, Op, Validate, decode_any};

/// A backward running sum seeded with 5.0: Cumulative, load_accumulate, reverse0 set.
fn cache() -> TensorScalarCacheInst {
    TensorScalarCacheInst {
        out: operand(0x0004_0100, P64_4X128, Dtype::Bfloat16),
        reduce_out: None,
        input: operand(0x0008_0000, P64_4X128, Dtype::Float32),
        imm0: Arg::fp32(1.0),
        imm1: Some(Arg::fp32(5.0)),
        op0: AluOp::Add,
        op1: AluOp::Bypass,
        reverse0: true,
        reverse1: false,
        mode: 1,
        acc: AccumulateCmd::LoadAccumulate,
        engine: Engine::DVE,
        sync: SyncBand::default(),
    }
}

#[rustfmt::skip]
const CACHE_BYTES: [u8; 64] = [
    0xE6, 0x10, 0x00, 0x00,                         // header word 0x10E6
    0, 0, 0, 0, 0, 0, 0, 0,                         // sync band
    0x04,                                           // 0x0C accumulator_cmd load_accumulate (5 -> 0x04)
    0x00, 0x00, 0x00,
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    0x0A,                                           // 0x20 in_dtype fp32
    0x06,                                           // 0x21 out_dtype bf16
    0x40,                                           // 0x22 num_active_channels 64
    0x00,                                           // 0x23 imm0 immediate
    0x04,                                           // 0x24 op0 add
    0x00,                                           // 0x25 op1 bypass
    0x01,                                           // 0x26 reverse0: backward scan
    0x00,                                           // 0x27 imm1 immediate
    0x00, 0x00, 0x80, 0x3F,                         // 0x28 imm0 = 1.0f32
    0x00, 0x00, 0xA0, 0x40,                         // 0x2C imm1 = 5.0f32 (the reduce-init)
    0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
];

fn bytes(i: &TensorScalarCacheInst) -> Vec<[u8; 64]> {
    i.bundles()
        .unwrap()
        .iter()
        .map(|op| op.to_bytes().unwrap())
        .collect()
}

#[test]
fn the_cumulative_stores_byte_for_byte_and_back() {
    assert_eq!(bytes(&cache()), vec![CACHE_BYTES]);
    assert_eq!(u16::from_le_bytes([CACHE_BYTES[0], CACHE_BYTES[1]]), 0x10E6);
    let decoded = TensorScalar::decode_bytes(&CACHE_BYTES).unwrap();
    assert_eq!(decoded.opcode, TsOpcode::CacheCumulative);
    assert_eq!(decoded.accumulator_cmd, AccumulateCmd::LoadAccumulate);
    assert_eq!(decoded.to_bytes().unwrap(), CACHE_BYTES);
}

#[test]
fn tsc_mode_picks_the_opcode() {
    for (mode, opcode) in [(0, 0x9A), (1, 0xE6), (2, 0xE6)] {
        let mut i = cache();
        i.mode = mode;
        assert_eq!(i.opcodes(), Ok(vec![opcode]), "mode {mode}");
        assert_eq!(bytes(&i)[0][0], opcode);
    }
    for mode in [3, 256, u32::MAX] {
        let mut i = cache();
        i.mode = mode;
        assert_eq!(
            i.select_opcode(),
            Err(LowerError::Spec("Unhandled TSCMode"))
        );
    }
}

#[test]
fn the_body_opens_with_the_dve_guard() {
    for engine in [Engine::GPSIMD, Engine(4), Engine(6)] {
        let mut i = cache();
        i.engine = engine;
        i.mode = 9; // the guard comes before the mode fork
        assert_eq!(
            i.opcodes().unwrap_err().to_string(),
            "TensorScalarCache must be on the DVE engine"
        );
    }
}

#[test]
fn immediates_must_be_fp32() {
    let mut i = cache();
    i.imm0 = Arg::Immediate {
        bits: 1,
        dtype: Dtype::Bfloat16,
    };
    assert_eq!(
        i.bundles().unwrap_err(),
        LowerError::Spec("TensorScalarCache immediate value must be fp32")
    );
    let mut i = cache();
    i.imm1 = Some(Arg::Immediate {
        bits: 1,
        dtype: Dtype::Int32,
    });
    assert_eq!(
        i.bundles().unwrap_err(),
        LowerError::Spec("TensorScalarCache immediate value must be fp32")
    );
}

#[test]
fn imm1_needs_load_accumulate() {
    for acc in [
        AccumulateCmd::Idle,
        AccumulateCmd::ZeroAccumulate,
        AccumulateCmd::AddAccumulate,
    ] {
        let mut i = cache();
        i.acc = acc;
        assert_eq!(
            Codegen::new().run(1, &i).unwrap_err().to_string(),
            "TensorScalarCache can only have imm1 if accumulation mode is LoadAccumulate"
        );
        // Without imm1 the slot is the empty immediate 0.
        i.imm1 = None;
        let b = bytes(&i)[0];
        assert_eq!((b[0x27], &b[0x2C..0x30]), (0x00, &[0u8, 0, 0, 0][..]));
    }
}

#[test]
fn the_imm1_rule_is_also_a_validator_on_0xe6() {
    let mut decoded = TensorScalar::decode_bytes(&CACHE_BYTES).unwrap();
    assert_eq!(decoded.validate(), vec![]);
    decoded.accumulator_cmd = AccumulateCmd::ZeroAccumulate;
    let f = &decoded.validate()[0];
    assert_eq!(
        (f.rule.name, f.field, f.offset),
        (
            "TensorScalarCache can only have imm1 if accumulation mode is LoadAccumulate",
            "imm1",
            0x2C
        )
    );
    // 0x9A is shared with the fused-reduce TensorScalar, whose imm1 is a real scalar: no check.
    decoded.opcode = TsOpcode::CacheReduce;
    assert_eq!(decoded.validate(), vec![]);
}

#[test]
fn a_two_output_cumulative_appends_the_drain() {
    let mut i = cache();
    i.reduce_out = Some(operand(0x0005_0000, &[(1, 64), (1, 1)], Dtype::Float32));
    assert_eq!(i.opcodes(), Ok(vec![0xE6, 0x9B]));
    let b = bytes(&i);
    assert_eq!((b.len(), b[1][0], b[1][1]), (2, 0x9B, 0x10));
}

#[test]
fn reduce_and_fused_reduce_decode_as_one_op() {
    let mut reduce = cache();
    reduce.mode = 0;
    let from_cache = bytes(&reduce)[0];

    let mut fused = TensorScalarPtrInst::new(
        reduce.out.clone(),
        reduce.input.clone(),
        vec![Arg::fp32(1.0), Arg::fp32(5.0)],
        AluOp::Add,
        AluOp::Bypass,
    );
    fused.reverse0 = true;
    fused.acc = AccumulateCmd::LoadAccumulate;
    let from_ts = fused.bundles().unwrap()[0].to_bytes().unwrap();
    // Same instruction content, same bytes: one wire op with two producers.
    assert_eq!(from_cache, from_ts);
    assert_eq!(from_cache[0], 0x9A);
    let op = decode_any(&from_cache).unwrap();
    assert!(matches!(&op, Op::TensorScalar(t) if t.opcode == TsOpcode::CacheReduce));
    let json = serde_json::to_string(&op).unwrap();
    assert!(
        json.contains(r#""opcode":"tensor_scalar_cache_reduce""#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Op>(&json).unwrap(), op);
}

#[test]
fn decode_any_and_json_round_trip_0xe6() {
    let op = decode_any(&CACHE_BYTES).unwrap();
    assert_eq!(op.name(), "TensorScalar");
    let json = serde_json::to_string(&op).unwrap();
    assert!(
        json.contains(r#""opcode":"tensor_scalar_cache_cumulative""#)
            && json.contains(r#""accumulator_cmd":"load_accumulate""#),
        "{json}"
    );
    let back: Op = serde_json::from_str(&json).unwrap();
    assert_eq!(back.to_bytes().unwrap(), CACHE_BYTES);
}
