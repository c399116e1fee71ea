//! The ALU table and the element formats, against values stated by the sources or computed by
//! hand (IEEE, NumPy/ml_dtypes behaviour as SEMANTICS-NOTES §0 and §5 record it).

use isa_core::{AluOp, Dtype};
use isa_sim::Core;
use isa_sim::alu::{self, Class};
use isa_sim::numeric::{Format, format_of};

#[test]
fn comparisons_give_one_or_zero() {
    // [L1 `equal`]: 1 where true, 0 otherwise.
    let cases = [
        (AluOp::IsEqual, 2.0, 2.0, 1.0),
        (AluOp::NotEqual, 2.0, 2.0, 0.0),
        (AluOp::IsGt, 3.0, 2.0, 1.0),
        (AluOp::IsGe, 2.0, 2.0, 1.0),
        (AluOp::IsLt, 3.0, 2.0, 0.0),
        (AluOp::IsLe, 2.0, 3.0, 1.0),
    ];
    for (op, x, y, want) in cases {
        assert_eq!(alu::f32(op, x, y).unwrap(), want, "{op:?}");
        assert_eq!(
            alu::int(op, x as i64, y as i64, 32).unwrap(),
            want as i64,
            "{op:?}"
        );
    }
}

#[test]
fn abs_max_and_abs_min_keep_the_sign_and_give_y_on_a_tie() {
    // [L1]: abs_max(-3, 2) = -3; abs_min(-3, 2) = 2; a tie |2| = |-2| gives y.
    assert_eq!(alu::f32(AluOp::AbsMax, -3.0, 2.0).unwrap(), -3.0);
    assert_eq!(alu::f32(AluOp::AbsMin, -3.0, 2.0).unwrap(), 2.0);
    assert_eq!(alu::f32(AluOp::AbsMax, 2.0, -2.0).unwrap(), -2.0);
    assert_eq!(alu::f32(AluOp::AbsMin, -2.0, 2.0).unwrap(), 2.0);
    assert_eq!(alu::int(AluOp::AbsMax, 2, -2, 32).unwrap(), -2);
    assert_eq!(alu::int(AluOp::AbsMax, -3, 2, 32).unwrap(), -3);
    assert_eq!(alu::int(AluOp::AbsMin, -3, 2, 32).unwrap(), 2);
    assert_eq!(alu::int(AluOp::AbsMin, -2, 2, 32).unwrap(), 2);
}

#[test]
fn bitwise_not_inverts_every_bit_and_the_width_wraps_it() {
    // [L1 invert; I2]: the bit pattern inverted; the caller wraps the result to the width.
    assert_eq!(
        alu::int(AluOp::BitwiseNot, 0b1010, 0, 8).unwrap() & 0xFF,
        0b1111_0101
    );
    assert_eq!(alu::int(AluOp::BitwiseNot, 0, 7, 32).unwrap(), -1);
}

#[test]
fn arithmetic_and_the_readings() {
    assert_eq!(alu::f32(AluOp::Divide, 1.0, 0.0).unwrap(), f32::INFINITY);
    assert!(alu::f32(AluOp::Max, f32::NAN, 1.0).unwrap().is_nan());
    // Of +0 and -0, max is +0 and min -0, in either order and every build.
    for (x, y) in [(0.0f32, -0.0f32), (-0.0, 0.0)] {
        assert_eq!(alu::f32(AluOp::Max, x, y).unwrap().to_bits(), 0);
        assert_eq!(alu::f32(AluOp::Min, x, y).unwrap().to_bits(), 0x8000_0000);
    }
    assert_eq!(
        alu::f32(AluOp::Max, -0.0, -0.0).unwrap().to_bits(),
        0x8000_0000
    );
    assert_eq!(alu::f32(AluOp::Min, 0.0, 0.0).unwrap().to_bits(), 0);
    // np.mod(-7, 3) = 2, np.mod(7, -3) = -2, np.fmod would give -1 and 1.
    assert_eq!(alu::f32(AluOp::Mod, -7.0, 3.0).unwrap(), 2.0);
    assert_eq!(alu::f32(AluOp::Mod, 7.0, -3.0).unwrap(), -2.0);
    assert_eq!(alu::f32(AluOp::Rsqrt, 4.0, 99.0).unwrap(), 0.5);
    assert_eq!(alu::f32(AluOp::LogicalXor, 5.0, 0.0).unwrap(), 1.0);
    assert_eq!(alu::f32(AluOp::Average, 1.0, 2.0).unwrap(), 1.5);
    assert_eq!(alu::f32(AluOp::Bypass, 4.0, 9.0).unwrap(), 4.0);
    assert!(alu::int(AluOp::Divide, 1, 0, 32).is_err());
    assert_eq!(alu::int(AluOp::Divide, -7, 2, 32).unwrap(), -3);
    assert_eq!(alu::int(AluOp::LogicalShiftRight, -1, 28, 32).unwrap(), 0xF);
    assert_eq!(alu::int(AluOp::LogicalShiftLeft, 1, -1, 32).unwrap(), 0);
    assert!(alu::int(AluOp::ArithShiftRight, 8, 1, 32).is_err());
}

#[test]
fn bitvec_ops_are_refused_on_fp32_and_classed_so() {
    for op in AluOp::ALL {
        let bitvec = alu::class(*op) == Class::Bitvec;
        assert_eq!(alu::f32(*op, 1.0, 1.0).is_err(), bitvec, "{op:?}");
    }
}

#[test]
fn formats_round_to_nearest_even() {
    // bf16: 1 + 2^-8 ties to 1.0 (0x3F80); 1 + 3·2^-8 ties to 0x3F82 ([R1], [M1]).
    assert_eq!(Format::BFloat16.from_f32(1.0 + 2f32.powi(-8)), 0x3F80);
    assert_eq!(Format::BFloat16.from_f32(1.0 + 3.0 * 2f32.powi(-8)), 0x3F82);
    // fp16: 65504 is the largest finite; 65520 is the tie to the next binade: +inf (0x7C00).
    assert_eq!(Format::Float16.from_f32(65504.0), 0x7BFF);
    assert_eq!(Format::Float16.from_f32(65520.0), 0x7C00);
    // FP32_MIN to bf16 gives -inf, not a saturated value (SEMANTICS-NOTES §0 [I1]).
    assert_eq!(Format::BFloat16.from_f32(f32::MIN), 0xFF80);
    // Integers (a reading): nearest even, saturate, NaN → 0.
    assert_eq!(Format::Int8.from_f32(2.5), 2);
    assert_eq!(Format::Int8.from_f32(-300.0), 0x80);
    assert_eq!(Format::UInt8.from_f32(-1.0), 0);
    assert_eq!(Format::Int32.from_f32(f32::NAN), 0);
    assert_eq!(Format::Int16.to_f32(0xFFFF), -1.0);
    assert_eq!(Format::UInt16.to_f32(0xFFFF), 65535.0);
    assert_eq!(Format::BFloat16.to_f32(0x3FC0), 1.5);
}

#[test]
fn dtypes_map_to_formats_and_packed_forms_are_refused() {
    assert_eq!(format_of(Dtype::Float32r, Core::V2), Ok(Format::Float32));
    assert_eq!(format_of(Dtype::Int64, Core::V4).map(Format::bytes), Ok(8));
    assert!(format_of(Dtype::Float4E2m1fnX4, Core::V4).is_err());
}
