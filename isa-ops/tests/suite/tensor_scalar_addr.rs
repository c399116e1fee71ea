//! TensorScalarAddr against seed 001 "TensorScalarAddr — 0x74": the stores on the S2D2_TS_AS
//! reading of SPEC-NOTES §2.3 written out by hand, the fixed opcode, the NumArgs rule, and the
//! `_addr_*` validator family.

use crate::common::{P64_512, operand};
use isa_core::{AccumulateCmd, Addr4, AluOp, Bundle, Dtype, ReverseOps};
use isa_ops::tensor_scalar::{Arg, ScalarSource, TensorScalarPath, TensorScalarPtrInst};
use isa_ops::tensor_scalar_addr::{TensorScalarAddr, start_partition};
use isa_ops::{LowerError, Lowering, Op, Validate, decode_any};

/// out (fp32) = in (fp32) add s0, s0 read per partition at SBUF partition 2, offset 0x1000.
fn addr() -> TensorScalarPtrInst {
    let mut i = TensorScalarPtrInst::new(
        operand(0x0004_0000, P64_512, Dtype::Float32),
        operand(0x0008_0000, P64_512, Dtype::Float32),
        vec![Arg::Ap(operand(0x0008_1000, &[(1, 64)], Dtype::Float32))],
        AluOp::Add,
        AluOp::Bypass,
    );
    i.tensor_scalar_addr = true;
    i
}

#[rustfmt::skip]
const ADDR_BYTES: [u8; 64] = [
    0x74, 0x10, 0x00, 0x00,                         // the fixed opcode 0x74
    0, 0, 0, 0, 0, 0, 0, 0,                         // sync band
    0x00, 0x00, 0x00, 0x00,                         // reserved (no accumulate byte)
    // 0x10 input TENSOR2D: ADDR4 0x00080000, strides {1, 1}, nums {512, 1}
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00,
    0x00, 0x00, 0x00, 0x00,                         // reserved
    0x0A,                                           // 0x20 in_dtype fp32
    0x0A,                                           // 0x21 out_dtype fp32
    0x00,                                           // reserved
    0x01,                                           // 0x23 scalar0 source: physical AP
    0x04,                                           // 0x24 op0 add
    0x00,                                           // 0x25 op1 bypass
    0x00,                                           // 0x26 reverse none
    0x00,                                           // 0x27 scalar1 source: none (immediate 0)
    0x00, 0x10, 0x08, 0x00,                         // 0x28 scalar0 ADDR4 0x00081000
    0x00, 0x00,                                     // reserved
    0x40,                                           // 0x2E num_active_channels 64
    0x00,                                           // reserved
    // 0x30 output TENSOR2D: ADDR4 0x00040000
    0x00, 0x00, 0x04, 0x00,  0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00,
    0x00, 0x00, 0x00, 0x00,                         // 0x3C scalar1: none
];

fn first(i: &TensorScalarPtrInst) -> [u8; 64] {
    i.bundles().unwrap()[0].to_bytes().unwrap()
}

#[test]
fn the_stores_byte_for_byte_and_back() {
    assert_eq!(addr().path(), TensorScalarPath::Addr);
    assert_eq!(first(&addr()), ADDR_BYTES);
    let decoded = TensorScalarAddr::decode_bytes(&ADDR_BYTES).unwrap();
    assert_eq!(decoded.scalar0, 0x0008_1000);
    assert_eq!(decoded.num_active_channels, 64);
    assert_eq!(decoded.to_bytes().unwrap(), ADDR_BYTES);
    assert_eq!(u16::from_le_bytes([ADDR_BYTES[0], ADDR_BYTES[1]]), 0x1074);
}

#[test]
fn the_opcode_is_fixed() {
    // No transpose or bit-vector fork in addr mode.
    for (transpose, bitvec) in [(true, false), (false, true), (true, true)] {
        let mut i = addr();
        i.apply_transpose = transpose;
        i.bitvec = bitvec;
        assert_eq!(i.opcodes(), Ok(vec![0x74]));
    }
}

#[test]
fn num_args_must_be_two_or_three() {
    let mut none = addr();
    none.scalars.clear();
    assert_eq!(
        none.opcodes(),
        Err(LowerError::Spec("NumArgs == 2 || NumArgs == 3"))
    );
    let mut two = addr();
    two.scalars
        .push(Arg::Ap(operand(0x0008_2000, &[(1, 64)], Dtype::Float32)));
    two.op1 = AluOp::Mult;
    let b = first(&two);
    assert_eq!((b[0x27], &b[0x3C..]), (0x01, &[0x00, 0x20, 0x08, 0x00][..]));
}

#[test]
fn a_reduce_form_is_refused_for_want_of_an_accumulate_byte() {
    let mut i = addr();
    i.acc = AccumulateCmd::ZeroAccumulate;
    // A reading (seed 001 gives the addr mode no reduce fork), tagged so.
    let Err(LowerError::Refused { rule, .. }) = i.opcodes() else {
        panic!("a reduce form is refused");
    };
    assert_eq!(rule.confidence, isa_core::Confidence::Inferred);
}

#[test]
fn start_partition_reads_the_partition_band() {
    assert_eq!(start_partition(Addr4::from_raw(0x0008_1000)), Some(2));
    assert_eq!(start_partition(Addr4::sbuf(5, 0x40).unwrap()), Some(5));
    assert_eq!(start_partition(Addr4::psum(3, 0x10).unwrap()), Some(3));
    assert_eq!(start_partition(Addr4::register(7).unwrap()), None);
}

#[test]
fn the_addr_validator_family() {
    let good = TensorScalarAddr::decode_bytes(&ADDR_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let check = |b: &TensorScalarAddr| -> Vec<(&'static str, &'static str, usize)> {
        b.validate()
            .iter()
            .map(|f| (f.rule.name, f.field, f.offset))
            .collect()
    };

    let mut b = good.clone();
    b.out.nums = [256, 1];
    assert_eq!(
        check(&b),
        vec![("s2d2_ts_as_valid_elem_count", "input", 0x10)]
    );

    let mut b = good.clone();
    b.scalar1_src = ScalarSource::PhysicalAp;
    b.scalar1 = 0x0008_2000;
    assert_eq!(
        check(&b),
        vec![("s2d2_ts_as_addr_reserved_zero", "scalar1", 0x3C)]
    );

    let mut b = good.clone();
    b.scalar0_src = ScalarSource::Immediate;
    assert_eq!(
        check(&b),
        vec![("s2d2_ts_as_addr_immediate_unused", "scalar0_src", 0x23)]
    );

    let mut b = good.clone();
    b.scalar0 = 0x000C_1000; // partition 3; the input starts on partition 2
    assert_eq!(
        check(&b),
        vec![(
            "s2d2_ts_as_addr_same_start_partition_in_sr",
            "scalar0",
            0x28
        )]
    );
    // A register word is only known at run time: no partition check.
    b.scalar0_src = ScalarSource::RegisterAp;
    b.scalar0 = Addr4::register(3).unwrap().raw();
    assert_eq!(check(&b), vec![]);

    let mut b = good.clone();
    b.op0 = AluOp::BitwiseXor;
    assert_eq!(check(&b), vec![("s2d2_ts_as_addr_valid_ops", "op0", 0x24)]);

    let mut b = good.clone();
    b.reverse = ReverseOps::Second;
    assert_eq!(
        check(&b),
        vec![("s2d2_ts_as_addr_reverse_check", "reverse", 0x26)]
    );
    b.reverse = ReverseOps::First; // reverse0 swaps op0's operands: fine with one scalar
    assert_eq!(check(&b), vec![]);

    let mut b = good;
    b.input.nums = [512, 0];
    b.out.nums = [512, 0];
    assert_eq!(
        check(&b),
        vec![
            ("s2d2_ts_as_valid_elem_count", "input", 0x10),
            ("tensor2d_valid", "input", 0x10 + 0x0A),
            ("tensor2d_valid", "out", 0x30 + 0x0A),
        ]
    );
}

#[test]
fn decode_any_and_json_round_trip() {
    let op = decode_any(&ADDR_BYTES).unwrap();
    assert!(matches!(op, Op::TensorScalarAddr(_)));
    let json = serde_json::to_string(&op).unwrap();
    assert!(
        json.starts_with(r#"{"op":"TensorScalarAddr","#)
            && json.contains(r#""scalar0_src":"physical_ap""#)
            && json.contains(r#""scalar0":528384"#),
        "{json}"
    );
    let back: Op = serde_json::from_str(&json).unwrap();
    assert_eq!(back.to_bytes().unwrap(), ADDR_BYTES);
}

// Seed 001, TensorScalarAddr: "s1 = sub_1240360 (s1 iff NumArgs==3)", and TensorScalar's "With
// NumArgs==2, op1 is the bypass identity": with one scalar, the addr form writes op1 bypass and
// refuses another op1, as TensorScalar does.
#[test]
fn with_one_scalar_op1_is_bypass_on_the_addr_form_too() {
    let mut i = addr();
    i.scalars.truncate(1);
    i.op1 = AluOp::IsGt;
    assert!(matches!(
        i.bundles(),
        Err(LowerError::Operand { operand: "op1", .. })
    ));
    i.op1 = AluOp::Bypass;
    i.reverse1 = false;
    let b = i.bundles().unwrap()[0].to_bytes().unwrap();
    assert_eq!(b[0x25], 0x00);
}
