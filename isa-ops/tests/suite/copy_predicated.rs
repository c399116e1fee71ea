//! The CopyPredicated body against seed 000 §3 and §7: the four opcodes written out by hand from
//! the stores, the selection branches, the Select lowering, the validators, and the round trips
//! through `decode_any` and JSON.

use crate::common::{checks, operand};
use isa_core::{AccumulateCmd, AluOp, Bundle, Dtype, Identity, PackError, SyncBand};
use isa_ops::copy_predicated::{
    CopyCastOpcode, CopyPredicated, CopyPredicatedInst, CopyPredicatedScalar, FalseFill, FillArg,
    PredicatedOpcode, SelectInst, SelectReduce, Source,
};
use isa_ops::{Codegen, LowerError, Lowering, Op, Validate, decode_any};

const PATTERN: &[(i64, u64)] = &[(1, 64), (512, 4), (1, 128)];
const MASK_PATTERN: &[(i64, u64)] = &[(1, 64), (128, 4), (1, 128)];

/// out[64][4][128] fp32, masked copy of an fp32 src under a uint8 mask (a predicate dtype, P2).
fn copy() -> CopyPredicatedInst {
    CopyPredicatedInst {
        out: operand(0x0004_0100, PATTERN, Dtype::Float32),
        mask: operand(0x000C_0000, MASK_PATTERN, Dtype::Uint8),
        src: Source::Tensor(operand(0x0008_0000, PATTERN, Dtype::Float32)),
        fill: None,
        reduce_op: AluOp::Bypass,
        sync: SyncBand {
            wait_mode: 1,
            wait_index: 2,
            update_mode: 3,
            update_index: 4,
            value: 0x0A0B_0C0D,
        },
    }
}

/// 0x72: seed 000 §3.2, the s3d3_tt stores with the mask in the in1 slot and no ALU byte.
#[rustfmt::skip]
const COPY_BYTES: [u8; 64] = [
    0x72, 0x10, 0x00, 0x00,                         // setupHeader
    0x01, 0x02, 0x03, 0x04, 0x0D, 0x0C, 0x0B, 0x0A, // sync: modes and indices, value LE
    0x3A,                                           // src fp32 0x0A | mask uint8 0x03 << 4
    0x0A,                                           // out fp32
    0x00,                                           // no ALU byte
    0x40,                                           // num_active_partitions = mask Pattern[0].num 64
    // out TENSOR3D: ADDR4, strides {1, 512, 1}, nums {128, 4, 1}
    0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    // src TENSOR3D (the in0 slot)
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    // mask TENSOR3D (the in1 slot): strides {1, 128, 1}
    0x00, 0x00, 0x0C, 0x00,  0x01, 0x00, 0x80, 0x00, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
];

fn cast() -> CopyPredicatedInst {
    let mut i = copy();
    i.sync = SyncBand::default();
    i.src = Source::Tensor(operand(0x0008_0000, PATTERN, Dtype::Bfloat16));
    i
}

/// 0x99: the same band, src bf16 → out fp32.
#[rustfmt::skip]
const CAST_BYTES: [u8; 64] = [
    0x99, 0x10, 0x00, 0x00,
    0, 0, 0, 0, 0, 0, 0, 0,
    0x36,                                           // src bf16 0x06 | mask uint8 0x03 << 4
    0x0A,                                           // out fp32
    0x00,
    0x40,
    0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x0C, 0x00,  0x01, 0x00, 0x80, 0x00, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
];

fn scalar() -> CopyPredicatedInst {
    let mut i = copy();
    i.sync = SyncBand::default();
    i.mask.dtype = Dtype::Uint8;
    i.src = Source::Scalar(0x3F80_0000); // 1.0f32
    i
}

/// 0xE8: seed 000 §3.3, d3_cp: dst and mask TENSOR3D at 0x10/0x30, the scalar at 0x2B.
#[rustfmt::skip]
const SCALAR_BYTES: [u8; 64] = [
    0xE8, 0x10, 0x00, 0x00,
    0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0,                                     // 0x0C..0x0F: no s3d3_tt band here
    // out TENSOR3D
    0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    0x03,                                           // 0x20 mask uint8
    0x0A,                                           // 0x21 out fp32
    0x40,                                           // 0x22 num_active_partitions = out Pattern[0].num
    0, 0, 0, 0, 0, 0,                               // 0x23..0x28
    0x00,                                           // 0x29: stored, reserved-zero
    0x40,                                           // 0x2A mask num_active_partitions = mask Pattern[0].num
    0x00, 0x00, 0x80, 0x3F,                         // 0x2B: the scalar 1.0f32, LE
    0x00,                                           // 0x2F
    // mask TENSOR3D
    0x00, 0x00, 0x0C, 0x00,  0x01, 0x00, 0x80, 0x00, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
];

/// A max-reduce over 2-D operands with an immediate false-fill.
fn select_reduce() -> CopyPredicatedInst {
    CopyPredicatedInst {
        out: operand(0x0004_0000, &[(1, 64), (1, 512)], Dtype::Float32),
        mask: operand(0x000C_0000, MASK_PATTERN, Dtype::Uint8),
        src: Source::Tensor(operand(0x0008_0000, MASK_PATTERN, Dtype::Float32)),
        fill: Some(FalseFill {
            arg: FillArg::ImmediateValue(0x7F),
            dtype: Dtype::Float32,
        }),
        reduce_op: AluOp::Max,
        sync: SyncBand::default(),
    }
}

/// 0xEA: seed 000 §3.1, the 2-D band.
#[rustfmt::skip]
const SELECT_REDUCE_BYTES: [u8; 64] = [
    0xEA, 0x10, 0x00, 0x00,
    0, 0, 0, 0, 0, 0, 0, 0,
    // 0x0C src TENSOR2D (register-packed third slot): strides {1, 128}, nums {128, 4}
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x80, 0x00,  0x80, 0x00, 0x04, 0x00,
    // 0x18 out TENSOR2D: strides {1, 1}, nums {512, 1}
    0x00, 0x00, 0x04, 0x00,  0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00,
    0x00,                                           // 0x24 op0 bypass
    0x08,                                           // 0x25 reduce op max (ordinal 8 -> 0x08)
    0x00,                                           // 0x26
    0x7F,                                           // 0x27 the false-fill writer's byte
    0xA3,                                           // 0x28 mask uint8 0x03 | src fp32 0x0A << 4
    0x0A,                                           // 0x29 out fp32
    0x00,                                           // 0x2A: not in the 0xEA store list, hard zero
    0x0A,                                           // 0x2B fill fp32
    0x03,                                           // 0x2C zero_accumulate (ordinal 3 -> 0x03)
    0, 0, 0,                                        // 0x2D..0x2F
    // 0x30 mask TENSOR2D
    0x00, 0x00, 0x0C, 0x00,  0x01, 0x00, 0x80, 0x00,  0x80, 0x00, 0x04, 0x00,
    0, 0, 0, 0,                                     // 0x3C..0x3F
];

#[test]
fn copy_predicated_0x72_is_the_s3d3_tt_band_with_the_mask_in_in1() {
    let inst = copy();
    assert_eq!(inst.select_opcode(), PredicatedOpcode::Copy);
    let Op::CopyPredicated(bundle) = inst.build::<Op>().unwrap() else {
        panic!("0x72 is a CopyPredicated bundle");
    };
    assert_eq!(bundle.to_bytes().unwrap(), COPY_BYTES);
    assert_eq!(CopyPredicated::decode_bytes(&COPY_BYTES).unwrap(), bundle);
    let view = CopyPredicated::view(&COPY_BYTES).unwrap();
    assert_eq!(view.opcode(), Ok(CopyCastOpcode::Copy));
    assert_eq!(view.mask_dtype(), Ok(Dtype::Uint8));
    assert_eq!(view.mask().unwrap().strides, [1, 128, 1]);
}

#[test]
fn cast_predicated_0x99_when_the_dtypes_differ() {
    let inst = cast();
    assert_eq!(inst.select_opcode(), PredicatedOpcode::Cast);
    let bytes = inst.build::<Op>().unwrap().to_bytes().unwrap();
    assert_eq!(bytes, CAST_BYTES);
    let back = CopyPredicated::decode_bytes(&CAST_BYTES).unwrap();
    assert_eq!(back.opcode, CopyCastOpcode::Cast);
    assert_eq!(
        (back.src_dtype, back.out_dtype),
        (Dtype::Bfloat16, Dtype::Float32)
    );
}

#[test]
fn the_copy_cast_choice_reads_raw_dtypes() {
    // float8e4 and float8_e4m3fn share wire tag 0x0E, yet they are two dtypes: a cast.
    let mut i = copy();
    i.out.dtype = Dtype::Float8e4;
    i.src = Source::Tensor(operand(0x0008_0000, PATTERN, Dtype::Float8E4m3fn));
    assert_eq!(i.select_opcode(), PredicatedOpcode::Cast);
    assert_eq!(i.build::<Op>().unwrap().to_bytes().unwrap()[0], 0x99);
}

#[test]
fn copy_predicated_scalar_0xe8_carries_the_scalar_at_0x2b() {
    let inst = scalar();
    assert_eq!(inst.select_opcode(), PredicatedOpcode::Scalar);
    let Op::CopyPredicatedScalar(bundle) = inst.build::<Op>().unwrap() else {
        panic!("0xE8 is a CopyPredicatedScalar bundle");
    };
    assert_eq!(bundle.to_bytes().unwrap(), SCALAR_BYTES);
    assert_eq!(
        CopyPredicatedScalar::decode_bytes(&SCALAR_BYTES).unwrap(),
        bundle
    );
    let view = CopyPredicatedScalar::view(&SCALAR_BYTES).unwrap();
    assert_eq!(view.scalar(), Ok(0x3F80_0000));
    assert_eq!(view.num_active_partitions(), Ok(64));
}

#[test]
fn select_reduce_0xea_is_the_2d_band() {
    let inst = select_reduce();
    assert_eq!(inst.select_opcode(), PredicatedOpcode::SelectReduce);
    let Op::SelectReduce(bundle) = inst.build::<Op>().unwrap() else {
        panic!("0xEA is a SelectReduce bundle");
    };
    assert_eq!(bundle.to_bytes().unwrap(), SELECT_REDUCE_BYTES);
    assert_eq!(
        SelectReduce::decode_bytes(&SELECT_REDUCE_BYTES).unwrap(),
        bundle
    );
    let view = SelectReduce::view(&SELECT_REDUCE_BYTES).unwrap();
    assert_eq!(view.reduce_op(), Ok(AluOp::Max));
    assert_eq!(view.false_fill(), Ok(0x7F));
    assert_eq!(view.accumulate(), Ok(AccumulateCmd::ZeroAccumulate));
    assert_eq!(view.out().unwrap().nums, [512, 1]);
}

#[test]
fn each_false_fill_alternative_stores_its_byte_at_0x27() {
    for (arg, byte) in [
        (FillArg::PhysicalAp(0x11), 0x11),
        (FillArg::RegisterAp(0x22), 0x22),
        (FillArg::ImmediateValue(0x33), 0x33),
    ] {
        let mut i = select_reduce();
        i.fill = Some(FalseFill {
            arg,
            dtype: Dtype::Float32,
        });
        assert_eq!(i.build::<Op>().unwrap().to_bytes().unwrap()[0x27], byte);
    }
    // No fill: +0x27 stays zero and the fill dtype is the output's.
    let mut i = select_reduce();
    i.fill = None;
    let bytes = i.build::<Op>().unwrap().to_bytes().unwrap();
    assert_eq!((bytes[0x27], bytes[0x2B]), (0x00, 0x0A));
}

#[test]
fn selection_follows_the_operand_profile() {
    // inst+0x140 != 0 wins over everything else, even a scalar src.
    let mut i = scalar();
    i.reduce_op = AluOp::Add;
    assert_eq!(i.select_opcode(), PredicatedOpcode::SelectReduce);
    assert_eq!(i.opcodes(), Ok(vec![0xEA]));
    // ... but 0xEA packs src into a 2-D slot, so a scalar src cannot be encoded.
    // The refusal is a reading, and says so.
    assert_eq!(
        i.build::<Op>(),
        Err(LowerError::Refused {
            rule: &isa_ops::copy_predicated::SELECT_REDUCE_TENSOR_SRC,
            message: "SelectReduce packs src into a 2-D slot; it must be an access pattern, not a scalar",
        })
    );
    assert_eq!(
        isa_ops::copy_predicated::SELECT_REDUCE_TENSOR_SRC.confidence,
        isa_core::Confidence::Inferred
    );
    let cases = [
        (copy(), 0x72),
        (cast(), 0x99),
        (scalar(), 0xE8),
        (select_reduce(), 0xEA),
    ];
    for (inst, opcode) in cases {
        assert_eq!(inst.opcodes(), Ok(vec![opcode]));
        assert_eq!(inst.bundles().unwrap()[0].to_bytes().unwrap()[0], opcode);
    }
}

#[test]
fn select_lowers_to_an_unconditional_copy_then_a_predicated_copy() {
    let select = SelectInst {
        out: operand(0x0004_0100, PATTERN, Dtype::Float32),
        preds: operand(0x000C_0000, MASK_PATTERN, Dtype::Uint8),
        on_true: Source::Tensor(operand(0x0008_0000, PATTERN, Dtype::Bfloat16)),
        on_false: operand(0x0010_0000, PATTERN, Dtype::Float32),
        sync: SyncBand::default(),
    };
    assert_eq!(select.opcodes(), Ok(vec![0x46, 0x99]));

    // The GenericCopy seed, read as a TensorCopy on the 4-D band (INFERRED), then 0x99.
    #[rustfmt::skip]
    let seed: [u8; 64] = [
        0x46, 0x10, 0x00, 0x00,
        0, 0, 0, 0, 0, 0, 0, 0,
        // 0x0C src = onFalse, TENSOR4D: strides {1, 512, 1, 1}, nums {128, 4, 1, 1}
        0x00, 0x00, 0x10, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00, 0x01, 0x00,
        0x80, 0x00, 0x04, 0x00, 0x01, 0x00, 0x01, 0x00,
        0x0A, 0x0A, 0x40,                           // 0x20 src fp32, dst fp32, num 64
        0, 0, 0, 0, 0, 0, 0, 0, 0,                  // 0x23..0x2B
        // 0x2C dst = out, TENSOR4D
        0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00, 0x01, 0x00,
        0x80, 0x00, 0x04, 0x00, 0x01, 0x00, 0x01, 0x00,
    ];
    let mut cg = Codegen::new();
    cg.run(1, &select).unwrap();
    assert_eq!(&cg.stream[..64], &seed);
    assert_eq!(&cg.stream[64..], &CAST_BYTES);

    let mut cg = Codegen::new();
    cg.run(0, &select).unwrap();
    assert_eq!(
        cg.census().into_iter().collect::<Vec<_>>(),
        vec![(0x46, 1), (0x99, 1)]
    );

    // A scalar onTrue becomes 0xE8; a Select never reaches 0xEA.
    let mut scalar_select = select.clone();
    scalar_select.on_true = Source::Scalar(0);
    assert_eq!(scalar_select.opcodes(), Ok(vec![0x46, 0xE8]));
    let (_, predicated) = scalar_select.lower();
    assert_eq!(predicated.reduce_op, AluOp::Bypass);
    assert_eq!(predicated.fill, None);
}

#[test]
fn no_lowering_of_the_family_emits_tensor_dequantize() {
    // Seed 000 §7: TensorDequantize (0x7B) has no encoder body; it is lowered upstream.
    let mut emitted = Vec::new();
    for inst in [copy(), cast(), scalar(), select_reduce()] {
        emitted.extend(inst.opcodes().unwrap());
        for op in inst.bundles().unwrap() {
            emitted.push(op.to_bytes().unwrap()[0]);
        }
    }
    let select = SelectInst {
        out: operand(0x0004_0100, PATTERN, Dtype::Float32),
        preds: operand(0x000C_0000, MASK_PATTERN, Dtype::Float32),
        on_true: Source::Scalar(1),
        on_false: operand(0x0010_0000, PATTERN, Dtype::Bfloat16),
        sync: SyncBand::default(),
    };
    emitted.extend(select.opcodes().unwrap());
    emitted.sort_unstable();
    emitted.dedup();
    assert_eq!(emitted, vec![0x47, 0x72, 0x99, 0xE8, 0xEA]);
    for identity in [
        SelectReduce::IDENTITY,
        CopyPredicated::IDENTITY,
        CopyPredicatedScalar::IDENTITY,
    ] {
        assert!(!identity.matches(&[0x7B, 0x10, 0, 0]));
    }
    assert_eq!(SelectReduce::IDENTITY, Identity::Opcodes(&[0xEA]));
    assert_eq!(CopyPredicated::IDENTITY, Identity::Opcodes(&[0x72, 0x99]));
    assert_eq!(CopyPredicatedScalar::IDENTITY, Identity::Opcodes(&[0xE8]));
}

#[test]
fn s3d3_tt_is_zero_s_copy_cast_predicated_opcode_wants_no_alu_byte() {
    let good = CopyPredicated::decode_bytes(&COPY_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    // The ALU byte decodes (the s3d3_tt struct has it), and the check refuses it.
    let mut b = COPY_BYTES;
    b[0x0E] = 0x04;
    let bad = CopyPredicated::decode_bytes(&b).unwrap();
    assert_eq!(
        checks(&bad.validate()),
        vec![("s3d3_tt_is_zero_s_copy_cast_predicated_opcode", "alu", 0x0E)]
    );
}

#[test]
fn s3d3_copy_pred_src0_dtype_forbids_a_conversion_on_0x72() {
    let mut bad = CopyPredicated::decode_bytes(&COPY_BYTES).unwrap();
    bad.src_dtype = Dtype::Bfloat16;
    assert_eq!(
        checks(&bad.validate()),
        vec![("s3d3_copy_pred_src0_dtype", "src_dtype", 0x0C)]
    );
    // The same tags on 0x99 are a cast: no finding.
    let good = CopyPredicated::decode_bytes(&CAST_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    // Tags, not ordinals: float8_e4m3fn carries float8e4's tag 0x0E.
    let mut same_tag = CopyPredicated::decode_bytes(&COPY_BYTES).unwrap();
    same_tag.src_dtype = Dtype::Float8E4m3fn;
    same_tag.out_dtype = Dtype::Float8e4;
    assert_eq!(same_tag.validate(), vec![]);
}

#[test]
fn s3d3_copy_cast_pred_src1_dst_dty_wants_a_predicate_dtype() {
    // tensor_copy_predicated: "predicate must be of type uint8, uint16, or uint32" [P2]; a mask
    // in the output's dtype (fp32) or a signed one is a finding, uint16 and uint32 are not.
    for bytes in [COPY_BYTES, CAST_BYTES] {
        for mask in [Dtype::Float32, Dtype::Int8] {
            let mut bad = CopyPredicated::decode_bytes(&bytes).unwrap();
            bad.mask_dtype = mask;
            assert_eq!(
                checks(&bad.validate()),
                vec![("s3d3_copy_cast_pred_src1_dst_dty", "mask_dtype", 0x0C)]
            );
        }
        for mask in [Dtype::Uint16, Dtype::Uint32] {
            let mut good = CopyPredicated::decode_bytes(&bytes).unwrap();
            good.mask_dtype = mask;
            assert_eq!(good.validate(), vec![]);
        }
    }
}

#[test]
fn s3d3_tt_checks_also_guard_the_predicated_band() {
    let mut bad = CopyPredicated::decode_bytes(&COPY_BYTES).unwrap();
    bad.mask.nums = [128, 2, 1];
    assert_eq!(
        checks(&bad.validate()),
        vec![("s3d3_tt_src_element_cnt_check", "mask", 0x30)]
    );
    let mut bad = CopyPredicated::decode_bytes(&COPY_BYTES).unwrap();
    bad.out.nums = [128, 4, 0];
    bad.src.nums = [128, 4, 0];
    bad.mask.nums = [128, 4, 0];
    // count2 sits at +0x0E of a TENSOR3D.
    assert_eq!(
        checks(&bad.validate()),
        vec![
            ("tensor3d_valid", "out", 0x10 + 0x0E),
            ("tensor3d_valid", "src", 0x20 + 0x0E),
            ("tensor3d_valid", "mask", 0x30 + 0x0E),
        ]
    );
}

#[test]
fn d3_cp_pred_scalar_reserved_zero_wants_the_unnamed_store_zero() {
    let good = CopyPredicatedScalar::decode_bytes(&SCALAR_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let mut b = SCALAR_BYTES;
    b[0x29] = 0x01;
    let bad = CopyPredicatedScalar::decode_bytes(&b).unwrap();
    assert_eq!(
        checks(&bad.validate()),
        vec![("d3_cp_pred_scalar_reserved_zero", "byte_0x29", 0x29)]
    );
    // A byte no store reaches is refused by decoding itself.
    let mut b = SCALAR_BYTES;
    b[0x24] = 0x01;
    let e = CopyPredicatedScalar::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 0x24));
}

#[test]
fn s_valid_select_reduce_dtypes_forbids_a_conversion() {
    let good = SelectReduce::decode_bytes(&SELECT_REDUCE_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let mut bad = good.clone();
    bad.src_dtype = Dtype::Bfloat16;
    bad.fill_dtype = Dtype::Int32;
    assert_eq!(
        checks(&bad.validate()),
        vec![
            ("s_valid_select_reduce_dtypes", "src_dtype", 0x28),
            ("s_valid_select_reduce_dtypes", "fill_dtype", 0x2B),
        ]
    );
}

#[test]
fn s_zero_accum_cmd_wants_zero_accumulate() {
    let mut b = SELECT_REDUCE_BYTES;
    b[0x2C] = 0x02; // add_accumulate (ordinal 4 -> 0x02)
    let bad = SelectReduce::decode_bytes(&b).unwrap();
    assert_eq!(bad.accumulate, AccumulateCmd::AddAccumulate);
    assert_eq!(
        checks(&bad.validate()),
        vec![("s_zero_accum_cmd", "accumulate", 0x2C)]
    );
    let mut bad = SelectReduce::decode_bytes(&SELECT_REDUCE_BYTES).unwrap();
    bad.out.nums = [0, 1];
    assert_eq!(
        checks(&bad.validate()),
        vec![("tensor2d_valid", "out", 0x18 + 0x08)]
    );
}

#[test]
fn run_isa_checks_decodes_the_scratch_bundle_and_validates_it() {
    for inst in [copy(), cast(), scalar(), select_reduce()] {
        let mut cg = Codegen::new();
        cg.run(2, &inst).unwrap();
        assert!(cg.stream.is_empty() && cg.findings.is_empty(), "{inst:?}");
    }
    let mut bad = copy();
    bad.mask = operand(0x000C_0000, &[(1, 64), (128, 2), (1, 128)], Dtype::Uint8);
    let mut cg = Codegen::new();
    cg.run(2, &bad).unwrap();
    assert_eq!(cg.findings.len(), 1);
    assert_eq!(cg.findings[0].0, "CopyPredicated");
    assert_eq!(cg.findings[0].1.rule.name, "s3d3_tt_src_element_cnt_check");
}

#[test]
fn a_float_predicate_is_refused_before_any_bundle_is_written() {
    // tensor_copy_predicated's predicate is uint8, uint16 or uint32 [P2]: the 0x72 / 0x99
    // branch refuses an fp32 mask under the check that holds it, so its validator never sees
    // the bytes (SPEC-NOTES §2.12).
    let mut bad = copy();
    bad.mask.dtype = Dtype::Float32;
    for mode in [1, 2] {
        let mut cg = Codegen::new();
        match cg.run(mode, &bad) {
            Err(LowerError::Refused { rule, .. }) => {
                assert_eq!(rule.name, "s3d3_copy_cast_pred_src1_dst_dty");
            }
            other => panic!("mode {mode}: {other:?}"),
        }
        assert!(cg.stream.is_empty());
    }
}

#[test]
fn every_form_round_trips_through_decode_any_and_json() {
    let cases: [(&[u8; 64], &str, &str); 4] = [
        (
            &COPY_BYTES,
            "CopyPredicated",
            r#""opcode":"copy_predicated""#,
        ),
        (
            &CAST_BYTES,
            "CopyPredicated",
            r#""opcode":"cast_predicated""#,
        ),
        (
            &SCALAR_BYTES,
            "CopyPredicatedScalar",
            r#""scalar":1065353216"#,
        ),
        (&SELECT_REDUCE_BYTES, "SelectReduce", r#""reduce_op":"max""#),
    ];
    for (bytes, name, fragment) in cases {
        let op = decode_any(bytes).unwrap();
        assert_eq!(op.name(), name);
        assert_eq!(&op.to_bytes().unwrap(), bytes);
        let json = serde_json::to_string(&op).unwrap();
        assert!(json.starts_with(&format!(r#"{{"op":"{name}","#)), "{json}");
        assert!(json.contains(fragment), "{json}");
        let back: Op = serde_json::from_str(&json).unwrap();
        assert_eq!(back, op);
    }
    let json = serde_json::to_string(&decode_any(&SELECT_REDUCE_BYTES).unwrap()).unwrap();
    let e = serde_json::from_str::<Op>(
        &json.replace(r#""byte_0x26":0,"#, r#""byte_0x26":0,"extra":1,"#),
    )
    .unwrap_err();
    assert!(e.to_string().contains("unknown field `extra`"), "{e}");
}

// Seed 000 ledger (CONFIRMED): "SelectReduce … +0x24/+0x25/+0x26/+0x27/+0x28/+0x29/+0x2B/+0x2C
// (@0x125f944..0x125fb8d)" and "any byte the encoder does not write is a hard 0x00": 0xEA writes
// nothing at +0x2A, so a nonzero +0x2A does not decode as SelectReduce.
#[test]
fn select_reduce_0xea_keeps_0x2a_reserved_zero() {
    let bytes = select_reduce().build::<Op>().unwrap().to_bytes().unwrap();
    assert_eq!(bytes[0x2A], 0);
    let reserved = SelectReduce::FIELDS
        .iter()
        .find(|f| f.offset == 0x2A)
        .expect("0x2A is in the field table");
    assert!(
        matches!(reserved.kind, isa_core::FieldKind::Reserved),
        "{reserved:?}"
    );
    let mut b = bytes;
    b[0x2A] = 0x40;
    let e = SelectReduce::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 0x2A));
}

// Seed 000 ledger: CopyPredScalar stores "+0x10/+0x20/+0x21/+0x22/+0x29/+0x2A/+0x2B/+0x30"
// (CONFIRMED) and the num_active_partitions slots are "predicated +0x0F/+0x2A/+0x22" (STRONG):
// 0xE8 writes the mask's count at +0x2A, and its reserved-zero check does not flag it.
#[test]
fn copy_predicated_scalar_0xe8_writes_the_mask_partitions_at_0x2a_and_its_check_accepts_it() {
    let mut inst = scalar();
    inst.mask = operand(0x000C_0000, &[(1, 32), (128, 4), (1, 128)], Dtype::Uint8);
    let Op::CopyPredicatedScalar(bundle) = inst.build::<Op>().unwrap() else {
        panic!("0xE8 is a CopyPredicatedScalar bundle");
    };
    let bytes = bundle.to_bytes().unwrap();
    assert_eq!((bytes[0x22], bytes[0x2A]), (64, 32));
    assert_eq!(bundle.mask_num_active_partitions, 32);
    let mut codegen = Codegen::new();
    codegen.run(2, &inst).unwrap();
    assert_eq!(codegen.findings, vec![]);
}

// Seed 000 §3.2: "pre-emit runs bir::checkImmValueTypeCompatible (EC1099 NeuronAssertion if a
// scalar fill's type is incompatible)". Reading: an immediate fill must carry the output's wire
// tag (the branch converts nothing); AP fills are not immediates and pass.
#[test]
fn an_incompatible_scalar_fill_is_refused_before_the_0x72_0x99_emit_with_ec1099() {
    let mut i = copy();
    i.fill = Some(FalseFill {
        arg: FillArg::ImmediateValue(0x01),
        dtype: Dtype::Int16,
    });
    let e = i.build::<Op>().unwrap_err();
    assert!(e.to_string().contains("EC1099"), "{e}");
    assert!(e.to_string().contains("checkImmValueTypeCompatible"), "{e}");
    let mut cg = Codegen::new();
    assert!(cg.run(1, &i).is_err());
    assert!(cg.stream.is_empty());
    let mut cast = cast();
    cast.fill = i.fill;
    assert!(
        cast.build::<Op>()
            .unwrap_err()
            .to_string()
            .contains("EC1099")
    );

    // A fill of the output's type, and a fill that is an access pattern, pass.
    i.fill = Some(FalseFill {
        arg: FillArg::ImmediateValue(0x01),
        dtype: Dtype::Float32,
    });
    assert_eq!(i.build::<Op>().unwrap().to_bytes().unwrap(), COPY_BYTES);
    i.fill = Some(FalseFill {
        arg: FillArg::PhysicalAp(0x01),
        dtype: Dtype::Int16,
    });
    assert!(i.build::<Op>().is_ok());
}

/// The error an operand without any APPair stops a lowering with.
fn empty(operand: &'static str) -> LowerError {
    LowerError::Pack {
        operand,
        error: PackError::EmptyPattern,
    }
}

/// `inst` with no APPair in any of its access patterns.
fn emptied(mut inst: CopyPredicatedInst) -> CopyPredicatedInst {
    inst.out.ap.pattern.clear();
    inst.mask.ap.pattern.clear();
    if let Source::Tensor(src) = &mut inst.src {
        src.ap.pattern.clear();
    }
    inst
}

// Seed 000 §3.2, CopyPredicated 0x72 / CastPredicated 0x99: "ASSERT mask+88 == 0". The band's
// num_active_partitions is the mask's first APPair num, so a mask without one stops the
// lowering, named mask; with every operand empty, mask is still the one named.
#[test]
fn a_mask_without_app_pairs_stops_0x72_and_0x99_naming_the_mask() {
    for (inst, opcode) in [(copy(), 0x72), (cast(), 0x99)] {
        assert_eq!(inst.opcodes(), Ok(vec![opcode]));
        let mut only_mask = inst.clone();
        only_mask.mask.ap.pattern.clear();
        assert_eq!(only_mask.bundles(), Err(empty("mask")), "{opcode:#x}");
        assert_eq!(emptied(inst).bundles(), Err(empty("mask")), "{opcode:#x}");
    }
}

// Seed 000 §3.3, CopyPredicatedScalar 0xE8: "ASSERT out+88 == 0". The band's
// num_active_partitions at 0x22 is out's first APPair num, so an out without one stops the
// lowering, named out; with the mask empty too, out is still the one named.
#[test]
fn an_out_without_app_pairs_stops_0xe8_naming_out() {
    assert_eq!(scalar().opcodes(), Ok(vec![0xE8]));
    let mut only_out = scalar();
    only_out.out.ap.pattern.clear();
    assert_eq!(only_out.bundles(), Err(empty("out")));
    let e = emptied(scalar()).bundles().unwrap_err();
    assert_eq!(e, empty("out"));
    assert!(e.to_string().starts_with("out: "), "{e}");
}
