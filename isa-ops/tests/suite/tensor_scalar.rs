//! TensorScalar against seed 001 "TensorScalar (OrPtr)" and "The dispatch": the stores written
//! out by hand, every opcode branch and error string, the fused-reduce guard, the rsqrt module
//! flag, the trailing DveReadAccumulator, the reverse pack, the CoreV2 dtype tags, and the
//! three CodeGenMode arms.

use crate::common::{P64_4X128, ap, operand};
use isa_core::{AccumulateCmd, AluOp, Bundle, Dtype, Lut, Problem, ReverseOps, dtype_v2};
use isa_ops::opaque::DveReadAccumulator;
use isa_ops::tensor_scalar::{
    Arg, ScalarSource, TensorScalar, TensorScalarPath, TensorScalarPtrInst, TsOpcode,
};
use isa_ops::{Codegen, LowerError, Lowering, ModuleAttribute, Op, Validate, decode_any};

/// out[64][4][128] (bf16) = (in (fp32) mult 2.0) is_gt -1.0, op0 reversed.
fn ts() -> TensorScalarPtrInst {
    let mut i = TensorScalarPtrInst::new(
        operand(0x0004_0100, P64_4X128, Dtype::Bfloat16),
        operand(0x0008_0000, P64_4X128, Dtype::Float32),
        vec![Arg::fp32(2.0), Arg::fp32(-1.0)],
        AluOp::Mult,
        AluOp::IsGt,
    );
    i.reverse0 = true;
    i
}

/// The bundle of `ts()`, byte by byte: seed 001's control-band stores, SPEC-NOTES §2.2's slots,
/// seed 002's packer.
#[rustfmt::skip]
const TS_BYTES: [u8; 64] = [
    0x43, 0x10, 0x00, 0x00,                         // setupHeader: word 0x1043
    0, 0, 0, 0, 0, 0, 0, 0,                         // sync band
    0x00,                                           // 0x0C accumulator_cmd idle
    0x00, 0x00, 0x00,                               // reserved
    // 0x10 input TENSOR3D: ADDR4 0x00080000, strides {1, 512, 1}, nums {128, 4, 1}
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    0x0A,                                           // 0x20 in_dtype fp32
    0x06,                                           // 0x21 out_dtype bf16
    0x40,                                           // 0x22 num_active_channels = 64
    0x00,                                           // 0x23 imm0 source: immediate
    0x06,                                           // 0x24 op0 mult (ordinal 6)
    0x13,                                           // 0x25 op1 is_gt (ordinal 20 -> 0x13)
    0x01,                                           // 0x26 reverse0 | reverse1 << 1 = 1
    0x00,                                           // 0x27 imm1 source: immediate
    0x00, 0x00, 0x00, 0x40,                         // 0x28 imm0 = 2.0f32
    0x00, 0x00, 0x80, 0xBF,                         // 0x2C imm1 = -1.0f32
    // 0x30 output TENSOR3D: ADDR4 0x00040100
    0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
];

fn bytes_of(op: &Op) -> [u8; 64] {
    op.to_bytes().unwrap()
}

fn only_bundle(i: &TensorScalarPtrInst) -> [u8; 64] {
    let b = i.bundles().unwrap();
    assert_eq!(b.len(), 1);
    bytes_of(&b[0])
}

#[test]
fn the_seed_stores_byte_for_byte_and_back() {
    assert_eq!(ts().path(), TensorScalarPath::TensorScalar);
    let bytes = only_bundle(&ts());
    assert_eq!(bytes, TS_BYTES);
    let decoded = TensorScalar::decode_bytes(&TS_BYTES).unwrap();
    assert_eq!(decoded.opcode, TsOpcode::Arith);
    assert_eq!(decoded.reverse, ReverseOps::First);
    assert_eq!((decoded.imm0, decoded.imm1), (0x4000_0000, 0xBF80_0000));
    assert_eq!(decoded.to_bytes().unwrap(), TS_BYTES);
}

#[test]
fn the_header_word_is_0x1043_little_endian() {
    assert_eq!(u16::from_le_bytes([TS_BYTES[0], TS_BYTES[1]]), 0x1043);
    assert_eq!(&TS_BYTES[2..4], &[0, 0]);
}

#[test]
fn the_view_reads_each_control_byte_in_place() {
    let view = TensorScalar::view(&TS_BYTES).unwrap();
    assert_eq!(view.opcode(), Ok(TsOpcode::Arith));
    assert_eq!(view.in_dtype(), Ok(Dtype::Float32));
    assert_eq!(view.op1(), Ok(AluOp::IsGt));
    assert_eq!(view.op1_raw(), 0x13);
    assert_eq!(view.reverse(), Ok(ReverseOps::First));
    assert_eq!(view.imm0_src(), Ok(ScalarSource::Immediate));
    assert_eq!(view.imm1(), Ok(0xBF80_0000));
    assert_eq!(view.num_active_channels(), Ok(64));
    assert_eq!(view.out().unwrap().addr.raw(), 0x0004_0100);
}

#[test]
fn opcode_selection_follows_the_seed_fork() {
    // (bitvec, transpose, two outputs, acc) -> opcode
    let cases = [
        (false, false, false, AccumulateCmd::Idle, 0x43),
        (false, true, false, AccumulateCmd::Idle, 0x93),
        (true, false, false, AccumulateCmd::Idle, 0x53),
        (false, false, true, AccumulateCmd::Idle, 0x9A),
        (false, false, false, AccumulateCmd::AddAccumulate, 0x9A),
        (false, true, false, AccumulateCmd::ZeroAccumulate, 0x9A),
        (true, false, true, AccumulateCmd::LoadAccumulate, 0x9A),
    ];
    for (bitvec, transpose, two, acc, opcode) in cases {
        let mut i = ts();
        i.bitvec = bitvec;
        i.apply_transpose = transpose;
        i.acc = acc;
        if bitvec {
            i.scalars = vec![Arg::Immediate {
                bits: 0xFF,
                dtype: Dtype::Uint32,
            }];
            i.op1 = AluOp::Bypass;
        }
        if two {
            i.reduce_out = Some(operand(0x0005_0000, &[(1, 64), (1, 1)], Dtype::Float32));
        }
        assert_eq!(
            i.select_opcode().map(TsOpcode::code),
            Ok(opcode),
            "{bitvec} {transpose} {two} {acc}"
        );
        assert_eq!(only_or_first(&i)[0], opcode);
    }
}

fn only_or_first(i: &TensorScalarPtrInst) -> [u8; 64] {
    bytes_of(&i.bundles().unwrap()[0])
}

#[test]
fn a_transposed_bitvec_is_an_error() {
    let mut i = ts();
    i.bitvec = true;
    i.apply_transpose = true;
    assert_eq!(
        i.select_opcode(),
        Err(LowerError::Spec(
            "TensorScalarPtr bitvec does not support transpose"
        ))
    );
    assert_eq!(
        Codegen::new().run(0, &i).unwrap_err().to_string(),
        "TensorScalarPtr bitvec does not support transpose"
    );
}

#[test]
fn num_args_must_be_two_or_three() {
    for n in [0, 3] {
        let mut i = ts();
        i.scalars = vec![Arg::fp32(1.0); n];
        assert_eq!(
            i.bundles().unwrap_err(),
            LowerError::Spec("NumArgs == 2 || NumArgs == 3"),
            "{} scalars",
            n
        );
        assert_eq!(
            i.opcodes().unwrap_err().to_string(),
            "NumArgs == 2 || NumArgs == 3"
        );
    }
    // NumArgs == 2: the imm1 slot stays the empty immediate 0 (op1 is bypass, see below).
    let mut i = ts();
    i.scalars.pop();
    i.op1 = AluOp::Bypass;
    let b = only_bundle(&i);
    assert_eq!((b[0x27], &b[0x2C..0x30]), (0x00, &[0u8, 0, 0, 0][..]));
}

#[test]
fn an_arith_immediate_must_be_fp32() {
    let mut i = ts();
    i.scalars[1] = Arg::Immediate {
        bits: 1,
        dtype: Dtype::Int32,
    };
    assert_eq!(
        i.bundles().unwrap_err(),
        LowerError::Spec("TensorScalarPtr arith immediate dtype must be fp32")
    );
}

#[test]
fn a_bitvec_immediate_must_be_as_wide_as_the_input() {
    let mut i = ts();
    i.bitvec = true;
    i.op1 = AluOp::Bypass;
    i.scalars = vec![Arg::Immediate {
        bits: 0x0F,
        dtype: Dtype::Uint16, // 2 bytes < fp32's 4
    }];
    assert_eq!(
        i.bundles().unwrap_err(),
        LowerError::Spec("bitvec immediate dtype size must be >= input dtype")
    );
    i.scalars = vec![Arg::Immediate {
        bits: 0x0F,
        dtype: Dtype::Int32, // 4 bytes: no fp32 rule on the bit-vector path
    }];
    let b = only_bundle(&i);
    assert_eq!((b[0], &b[0x28..0x2C]), (0x53, &[0x0Fu8, 0, 0, 0][..]));
}

#[test]
fn a_pointer_scalar_stores_its_address_word() {
    let mut i = ts();
    i.scalars[0] = Arg::Ap(operand(0x0009_0040, &[(1, 64), (0, 1)], Dtype::Float32));
    i.scalars[1] = Arg::Ap(operand(0x8000_0005, &[(1, 64)], Dtype::Float32));
    let b = only_bundle(&i);
    assert_eq!(b[0x23], 0x01, "physical AP");
    assert_eq!(&b[0x28..0x2C], &[0x40, 0x00, 0x09, 0x00]);
    assert_eq!(b[0x27], 0x02, "register AP");
    assert_eq!(&b[0x2C..0x30], &[0x05, 0x00, 0x00, 0x80]);
}

fn fused() -> TensorScalarPtrInst {
    let mut i = ts();
    i.reduce_out = Some(operand(0x0005_0000, &[(1, 64), (1, 1)], Dtype::Float32));
    i
}

#[test]
fn two_outputs_with_accumulate_zero_report_and_force_zero_accumulate() {
    let lowered = fused().lower().unwrap();
    assert_eq!(lowered.reports, vec!["Reduce Accum result is not outputed"]);
    assert_eq!(lowered.bundles.len(), 2);
    let b = bytes_of(&lowered.bundles[0]);
    assert_eq!(b[0], 0x9A);
    assert_eq!(b[0x0C], 0x03, "ZeroAccumulate (ordinal 3 -> 0x03)");
    // A real accumulate command is kept, and nothing is reported.
    let mut i = fused();
    i.acc = AccumulateCmd::LoadAccumulate;
    let lowered = i.lower().unwrap();
    assert!(lowered.reports.is_empty());
    assert_eq!(bytes_of(&lowered.bundles[0])[0x0C], 0x04, "5 -> 0x04");
}

#[test]
fn a_two_output_form_appends_dve_read_accumulator() {
    let bundles = fused().bundles().unwrap();
    let drain = bytes_of(&bundles[1]);
    let mut expected = [0u8; 64];
    expected[0] = 0x9B;
    expected[1] = 0x10;
    assert_eq!(drain, expected);
    assert_eq!(
        bundles[1],
        Op::DveReadAccumulator(DveReadAccumulator::drain())
    );
    assert_eq!(fused().opcodes(), Ok(vec![0x9A, 0x9B]));
    // One output and a real accumulate: 0x9A, no drain.
    let mut i = ts();
    i.acc = AccumulateCmd::AddAccumulate;
    assert_eq!(i.opcodes(), Ok(vec![0x9A]));
    assert_eq!(i.bundles().unwrap().len(), 1);
    assert_eq!(only_bundle(&i)[0x0C], 0x02, "AddAccumulate 4 -> 0x02");
}

#[test]
fn rsqrt_in_op0_sets_the_module_flag() {
    let mut i = ts();
    i.op0 = AluOp::Rsqrt;
    let lowered = i.lower().unwrap();
    assert_eq!(lowered.attributes, vec![ModuleAttribute::RsqrtInUse]);
    assert_eq!(
        bytes_of(&lowered.bundles[0])[0x24],
        0x1D,
        "rsqrt 28 -> 0x1D"
    );

    let mut cg = Codegen::new();
    cg.run(1, &ts()).unwrap();
    assert!(!cg.module.rsqrt_in_use);
    cg.run(1, &i).unwrap();
    assert!(cg.module.rsqrt_in_use);

    // The flag follows op0 only, and COLLECT_OPCODES does not lower.
    let mut op1 = ts();
    op1.op1 = AluOp::Rsqrt;
    assert!(op1.lower().unwrap().attributes.is_empty());
    let mut census = Codegen::new();
    census.run(0, &i).unwrap();
    assert!(!census.module.rsqrt_in_use);
}

#[test]
fn the_reverse_pack_is_reverse0_or_reverse1_shifted() {
    for (r0, r1, byte, value) in [
        (false, false, 0, ReverseOps::None),
        (true, false, 1, ReverseOps::First),
        (false, true, 2, ReverseOps::Second),
        (true, true, 3, ReverseOps::Both),
    ] {
        let mut i = ts();
        i.reverse0 = r0;
        i.reverse1 = r1;
        let b = only_bundle(&i);
        assert_eq!(b[0x26], byte);
        assert_eq!(TensorScalar::decode_bytes(&b).unwrap().reverse, value);
    }
    // Bits 2..=7 of 0x26 are never written.
    let mut b = TS_BYTES;
    b[0x26] = 0x05;
    let e = TensorScalar::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 0x26));
    assert_eq!(
        e.problem,
        Problem::ReservedNonZero {
            value: 0x05,
            mask: 0xFC
        }
    );
}

#[test]
fn core_v2_writes_0x05_for_float4_and_decodes_the_canonical_uint16() {
    let mut i = ts();
    i.input.dtype = Dtype::Float4E2m1fnX4;
    let b = only_bundle(&i);
    assert_eq!(b[0x20], 0x05);
    let view = TensorScalar::view(&b).unwrap();
    assert_eq!(view.in_dtype(), Ok(Dtype::Uint16));
    assert_eq!(
        view.in_dtype_preimages().collect::<Vec<_>>(),
        vec![Dtype::Uint16, Dtype::Float4E2m1fnX4]
    );
    assert_eq!(
        <dtype_v2 as Lut>::encode(&Dtype::Float4E2m1fnX4),
        Some(0x05)
    );
}

#[test]
fn unknown_codes_name_their_field() {
    let mut b = TS_BYTES;
    b[0x25] = 0x17; // no ALU op has byte 0x17
    let e = TensorScalar::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("op1", 0x25));
    let mut b = TS_BYTES;
    b[0x0C] = 0x05; // accumulate codes are 0..=4
    assert_eq!(
        TensorScalar::decode_bytes(&b).unwrap_err().at.field,
        "accumulator_cmd"
    );
    let mut b = TS_BYTES;
    b[0x23] = 0x03; // scalar sources are 0..=2
    assert_eq!(
        TensorScalar::decode_bytes(&b).unwrap_err().at.field,
        "imm0_src"
    );
    let mut b = TS_BYTES;
    b[0x0D] = 0x01;
    assert_eq!(TensorScalar::decode_bytes(&b).unwrap_err().at.offset, 0x0D);
}

#[test]
fn an_alu_op_without_a_core_v2_byte_is_refused() {
    let mut i = ts();
    i.op1 = AluOp::AbsMax; // CoreV4 only
    let e = i.bundles().unwrap()[0].to_bytes().unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("op1", 0x25));
    assert_eq!(
        e.problem,
        Problem::NoWireForm {
            value: "abs_max",
            table: "alu_v2",
            known: &<isa_core::alu_v2 as isa_core::Lut>::CODES,
        }
    );
    assert!(matches!(
        Codegen::new().run(1, &i),
        Err(LowerError::Encode(_))
    ));
}

#[test]
fn validators_accept_the_seed_bundle_and_check_descriptors() {
    let good = TensorScalar::decode_bytes(&TS_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let mut bad = good;
    bad.out.nums = [128, 0, 1];
    let f = &bad.validate()[0];
    assert_eq!(
        (f.rule.name, f.field, f.offset),
        ("tensor3d_valid", "out", 0x30 + 0x0C)
    );
}

#[test]
fn the_three_codegen_modes_share_one_lowering() {
    let mut census = Codegen::new();
    census.run(0, &ts()).unwrap();
    census.run(0, &fused()).unwrap();
    assert_eq!(
        census.census().into_iter().collect::<Vec<_>>(),
        vec![(0x43, 1), (0x9A, 1), (0x9B, 1)]
    );
    assert!(census.reports.is_empty(), "COLLECT_OPCODES lowers nothing");

    let mut cg = Codegen::new();
    cg.run(1, &fused()).unwrap();
    assert_eq!(cg.stream.len(), 128);
    assert_eq!((cg.stream[0], cg.stream[64]), (0x9A, 0x9B));
    assert_eq!(cg.reports, vec!["Reduce Accum result is not outputed"]);

    let mut cg = Codegen::new();
    cg.run(2, &fused()).unwrap();
    assert!(cg.stream.is_empty() && cg.findings.is_empty());
    assert_eq!(cg.reports, vec!["Reduce Accum result is not outputed"]);
}

#[test]
fn decode_any_and_json_round_trip() {
    let op = decode_any(&TS_BYTES).unwrap();
    assert_eq!(op.name(), "TensorScalar");
    assert_eq!(
        op,
        Op::TensorScalar(TensorScalar::decode_bytes(&TS_BYTES).unwrap())
    );
    let json = serde_json::to_string(&op).unwrap();
    assert!(
        json.starts_with(r#"{"op":"TensorScalar","opcode":"tensor_scalar_arith","#),
        "{json}"
    );
    for part in [
        r#""accumulator_cmd":"idle""#,
        r#""op1":"is_gt""#,
        r#""reverse":"first""#,
        r#""imm0_src":"immediate""#,
        r#""imm1":3212836864"#,
        r#""in_dtype":"float32""#,
    ] {
        assert!(json.contains(part), "{part} in {json}");
    }
    let back: Op = serde_json::from_str(&json).unwrap();
    assert_eq!(back, op);
    assert_eq!(back.to_bytes().unwrap(), TS_BYTES);
}

#[test]
fn the_dispatcher_sends_each_flag_to_its_body() {
    let mut addr = ts();
    addr.tensor_scalar_addr = true;
    addr.scalar_tensor_tensor = true; // the addressable test comes first
    assert_eq!(addr.path(), TensorScalarPath::Addr);
    let mut stt = ts();
    stt.scalar_tensor_tensor = true;
    assert_eq!(stt.path(), TensorScalarPath::ScalarTensorTensor);
    let mut scan = ts();
    scan.stt_scan = true;
    assert_eq!(scan.path(), TensorScalarPath::ScalarTensorTensor);
    // The same entry point, three opcodes.
    stt.input.ap = ap(0x0008_0000, &[(1, 64), (1, 512)]);
    stt.out.ap = ap(0x0004_0000, &[(1, 64), (1, 512)]);
    stt.scalars[1] = Arg::Ap(operand(0x000C_0000, &[(1, 64), (1, 512)], Dtype::Float32));
    stt.reverse0 = false;
    addr.scalars = vec![Arg::Ap(operand(0x0008_1000, &[(1, 64)], Dtype::Float32))];
    addr.op1 = AluOp::Bypass; // one scalar: op1 is the bypass identity (seed 001)
    addr.input.ap = ap(0x0008_0000, &[(1, 64), (1, 512)]);
    addr.out.ap = ap(0x0004_0000, &[(1, 64), (1, 512)]);
    assert_eq!(addr.opcodes(), Ok(vec![0x74]));
    assert_eq!(stt.opcodes(), Ok(vec![0x9D]));
    assert_eq!(ts().opcodes(), Ok(vec![0x43]));
    assert_eq!(bytes_of(&addr.bundles().unwrap()[0])[0], 0x74);
    assert_eq!(bytes_of(&stt.bundles().unwrap()[0])[0], 0x9D);
}

/// Every opcode of the family: the S3D3_TS stamps, STT, Addr, and the opaque four.
const FAMILY: [u8; 14] = [
    0x43, 0x53, 0x93, 0x9A, 0xE6, 0x30, 0x9D, 0x9E, 0xE5, 0x74, 0x92, 0x9B, 0x7B, 0x9C,
];

proptest::proptest! {
    /// Decoding any bytes behind a family opcode never panics, and whatever decodes encodes back
    /// to the same bytes.
    #[test]
    fn decode_never_panics_and_round_trips(
        which in 0..FAMILY.len(),
        body in proptest::collection::vec(proptest::prelude::any::<u8>(), 60),
        sparse in proptest::prelude::any::<bool>(),
    ) {
        let mut b = [0u8; 64];
        b[0] = FAMILY[which];
        b[1] = 0x10;
        for (i, x) in body.iter().enumerate() {
            // Half the cases keep most bytes zero, so that many bundles decode.
            b[4 + i] = if sparse && x % 4 != 0 { 0 } else { *x };
        }
        if let Ok(op) = decode_any(&b) {
            proptest::prop_assert_eq!(op.to_bytes().unwrap(), b);
        }
    }
}

proptest::proptest! {
    /// One byte of a good bundle changed: it decodes and encodes back unchanged, or it is refused
    /// with the byte's field.
    #[test]
    fn a_changed_byte_round_trips_or_is_refused_where_it_sits(
        at in 0usize..64,
        value in proptest::prelude::any::<u8>(),
    ) {
        let mut b = TS_BYTES;
        b[at] = value;
        match TensorScalar::decode_bytes(&b) {
            Ok(t) => proptest::prop_assert_eq!(t.to_bytes().unwrap(), b),
            Err(e) => proptest::prop_assert!(
                e.at.offset == at || (at < 4 && e.at.offset < 4),
                "byte {} refused at {}: {}", at, e.at.offset, e
            ),
        }
    }
}

// Seed 001, TensorScalar semantics: "out = op1(op0(in, s0), s1). With NumArgs==2, op1 is the
// bypass identity and only s0 participates." One scalar: op1 is written bypass (0x25 = 0x00); a
// non-bypass op1 with one scalar is refused at lowering, in every CodeGenMode that packs.
#[test]
fn with_two_arguments_op1_is_bypass_and_another_op1_is_refused() {
    let mut i = ts();
    i.scalars.pop();
    i.op1 = AluOp::Bypass;
    assert_eq!(i.op1_for_num_args(), Ok(AluOp::Bypass));
    assert_eq!(only_bundle(&i)[0x25], 0x00);

    i.op1 = AluOp::IsGt;
    let e = i.bundles().unwrap_err();
    assert!(
        matches!(e, LowerError::Operand { operand: "op1", .. }),
        "{e:?}"
    );
    let mut cg = Codegen::new();
    assert_eq!(cg.run(1, &i).unwrap_err(), e);
    assert!(cg.stream.is_empty());
    // With three arguments op1 is the instruction's own.
    assert_eq!(only_bundle(&ts())[0x25], 0x13);
}
