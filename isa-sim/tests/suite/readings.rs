//! The readings of `isa_sim::numeric` against what the sources state: which format each dtype
//! is per core (SEMANTICS-NOTES §5 [V1, E1, E2], SPEC-NOTES §1), the overflow behaviour ml_dtypes'
//! README states [M1] and the hardware's downcast of FP32_MIN [I1], and the integer readings
//! no source states, pinned to the values the reading names.

use isa_core::Confidence;
use isa_core::Dtype;
use isa_ops::operand::Core;
use isa_sim::numeric::{CORES, Format, NumericError, Storage, dtype_reading, format_of};

#[test]
fn trn2_fp8_e4m3_is_ieee_like_with_max_240() {
    // [V1]: Trn2 (CoreV3) FP8 E4M3 has max 240; [E2]: E4M3 is still taken on Trn3.
    for core in CORES {
        let format = format_of(Dtype::Float8e4, core).expect("float8e4 on every core up to Trn3");
        assert_eq!(format, Format::Float8E4M3);
        assert_eq!(format.to_f32(0x77), 240.0);
    }
    assert_eq!(
        dtype_reading(Dtype::Float8e4, Core::V3).confidence,
        Confidence::Strong
    );
}

#[test]
fn e4m3fn_is_rejected_on_trn1_and_trn2_and_native_on_trn3() {
    // [E1]: "Data type F8E4M3FN is not supported on TRN1/TRN2"; natively supported on Trn3.
    for core in [Core::V2, Core::V3] {
        let error = format_of(Dtype::Float8E4m3fn, core).unwrap_err();
        assert!(
            matches!(
                error,
                NumericError::Rejected {
                    dtype: Dtype::Float8E4m3fn,
                    ..
                }
            ),
            "{error}"
        );
        assert!(error.to_string().contains("float8_e4m3fn"), "{error}");
    }
    assert_eq!(
        format_of(Dtype::Float8E4m3fn, Core::V4),
        Ok(Format::Float8E4M3Fn)
    );
    assert_eq!(Format::Float8E4M3Fn.to_f32(0x7E), 448.0);
}

#[test]
fn the_other_float_dtypes_take_the_named_ml_dtypes_types() {
    let expected = [
        (Dtype::Float8e3, Format::Float8E3M4),
        (Dtype::Float8e5, Format::Float8E5M2),
        (Dtype::Float8E8m0fnu, Format::Float8E8M0Fnu),
        (Dtype::Float32r, Format::Float32),
        (Dtype::Bfloat16, Format::BFloat16),
        (Dtype::Float16, Format::Float16),
        (Dtype::Float32, Format::Float32),
    ];
    for core in CORES {
        for (dtype, format) in expected {
            assert_eq!(format_of(dtype, core), Ok(format), "{dtype} on {core:?}");
        }
    }
}

#[test]
fn packed_dtypes_are_refused_naming_their_lanes() {
    let packed = [
        (Dtype::Float4E2m1fnX4, Format::Float4E2M1Fn),
        (Dtype::Float8E4m3fnX4, Format::Float8E4M3Fn),
        (Dtype::Float8E5m2X4, Format::Float8E5M2),
    ];
    for core in CORES {
        for (dtype, element) in packed {
            let error = format_of(dtype, core).unwrap_err();
            assert_eq!(
                error,
                NumericError::Packed {
                    dtype,
                    element,
                    lanes: 4
                }
            );
            assert!(error.to_string().contains("unpack"), "{error}");
        }
    }
}

#[test]
fn every_format_fills_the_dtypes_container() {
    // Seed 000's container sizes (Dtype::size_bytes): a scalar format is exactly one element,
    // a packed one fills it with its lanes (4 × fp4 = 2 bytes, 4 × fp8 = 4 bytes).
    for core in CORES {
        for &dtype in Dtype::ALL {
            match dtype_reading(dtype, core).storage {
                Storage::Scalar(format) => {
                    assert_eq!(
                        format.bytes() as u32,
                        dtype.size_bytes(),
                        "{dtype} on {core:?}"
                    )
                }
                Storage::Packed { element, lanes } => {
                    assert_eq!(element.bits() * lanes, dtype.bits(), "{dtype} on {core:?}")
                }
                Storage::Rejected => {}
            }
        }
    }
}

#[test]
fn integer_and_fp_dtypes_keep_their_numpy_names() {
    for &dtype in Dtype::ALL {
        let reading = dtype_reading(dtype, Core::V2);
        if let (Storage::Scalar(format), Confidence::Strong) = (reading.storage, reading.confidence)
        {
            assert_eq!(format.ml_dtypes_name(), dtype.name(), "{dtype}");
        }
    }
}

#[test]
fn overflow_is_as_ml_dtypes_readme_states() {
    // [M1]: float8_e4m3 248 → inf; float8_e4m3fn 480 → NaN; e5m2 overflows to inf;
    // float4_e2m1fn saturates (largest 6 = code 0x7).
    assert_eq!(Format::Float8E4M3.from_f32(248.0), 0x78);
    assert!(Format::Float8E4M3.to_f32(0x78).is_infinite());
    assert!(
        Format::Float8E4M3Fn
            .to_f32(Format::Float8E4M3Fn.from_f32(480.0))
            .is_nan()
    );
    assert_eq!(Format::Float8E5M2.from_f32(1.0e6), 0x7C);
    assert_eq!(Format::Float4E2M1Fn.from_f32(100.0), 0x7);
    assert_eq!(Format::Float4E2M1Fn.from_f32(-100.0), 0xF);
}

#[test]
fn fp32_min_downcasts_to_negative_infinity() {
    // [I1] range_select: the hardware downcast of FP32_MIN to bf16/fp16/fp8 gives -inf.
    for (format, neg_inf) in [
        (Format::BFloat16, 0xFF80),
        (Format::Float16, 0xFC00),
        (Format::Float8E4M3, 0xF8),
        (Format::Float8E5M2, 0xFC),
        (Format::Float8E3M4, 0xF0),
    ] {
        assert_eq!(format.from_f32(f32::MIN), neg_inf, "{format:?}");
        assert_eq!(format.to_f32(neg_inf), f32::NEG_INFINITY, "{format:?}");
    }
}

#[test]
fn fp32_to_integer_rounds_to_even_saturates_and_sends_nan_to_zero() {
    // The reading of integer::f32_to_int.
    assert_eq!(Format::Int32.from_f32(2.5), 2);
    assert_eq!(Format::Int32.from_f32(3.5), 4);
    assert_eq!(Format::Int32.from_f32(-3.5), 0xFFFF_FFFC); // -4
    assert_eq!(Format::Int32.from_f32(1.0e10), 0x7FFF_FFFF);
    assert_eq!(Format::Int32.from_f32(f32::NEG_INFINITY), 0x8000_0000);
    assert_eq!(Format::Int32.from_f32(f32::NAN), 0);
    assert_eq!(Format::UInt8.from_f32(-1.0), 0);
    assert_eq!(Format::UInt8.from_f32(254.5), 254);
    assert_eq!(Format::UInt8.from_f32(255.5), 255);
    assert_eq!(Format::Int8.from_f32(-200.0), 0x80);
    assert_eq!(Format::UInt64.from_f32(1.0e20), u64::MAX);
    assert_eq!(Format::Int64.from_f32(-1.0e20), 1 << 63);
    assert_eq!(Format::BFloat16.to_i64(0x4020), 2); // bf16 2.5
    assert_eq!(Format::Float8E4M3.to_i64(0x78), i64::MAX); // +inf
    assert_eq!(Format::Float32.to_i64(u64::from(f32::NAN.to_bits())), 0);
}

#[test]
fn integer_overflow_wraps() {
    // The reading of integer::wrap.
    assert_eq!(Format::UInt8.from_i64(256), 0);
    assert_eq!(Format::UInt8.from_i64(-1), 0xFF);
    assert_eq!(Format::Int8.from_i64(128), 0x80);
    assert_eq!(Format::Int16.from_i64(-32769), 0x7FFF);
    assert_eq!(Format::Int8.to_i64(0x80), -128);
    assert_eq!(Format::UInt16.to_i64(0xFFFF), 65535);
    assert_eq!(Format::Int32.to_i64(0xFFFF_FFFF), -1);
    assert_eq!(Format::UInt64.to_i64(u64::MAX), -1);
    // Bits above the format's width are ignored.
    assert_eq!(Format::Int8.to_i64(0x1234_5601), 1);
}

#[test]
fn integers_convert_to_fp32_by_value_rounding_to_even() {
    assert_eq!(Format::Int8.to_f32(0xFF), -1.0);
    assert_eq!(Format::UInt8.to_f32(0xFF), 255.0);
    assert_eq!(Format::Int32.to_f32(16_777_217), 16_777_216.0); // 2^24 + 1: tie, to even
    assert_eq!(Format::Int32.to_f32(16_777_219), 16_777_220.0); // 2^24 + 3: tie, to even
    assert_eq!(Format::Int64.to_f32(u64::MAX), -1.0);
}

#[test]
fn integers_enter_float_formats_through_fp32() {
    assert_eq!(
        Format::Float32.from_i64(16_777_217),
        u64::from(16_777_216f32.to_bits())
    );
    assert_eq!(Format::BFloat16.from_i64(3), 0x4040);
    assert_eq!(Format::Float8E4M3.from_i64(300), 0x78); // past 240: inf
}

#[test]
fn sizes_and_classes() {
    assert_eq!(
        Format::ALL.map(Format::bytes),
        [4, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 4, 4, 8, 8]
    );
    assert_eq!(Format::Float4E2M1Fn.bits(), 4);
    assert_eq!(Format::UInt64.bits(), 64);
    assert!(!Format::Float8E8M0Fnu.is_signed() && Format::Float8E8M0Fnu.is_float());
    assert!(Format::Int8.is_signed() && !Format::Int8.is_float());
    assert_eq!(Format::Float8E3M4.ml_dtypes_name(), "float8_e3m4");
}
