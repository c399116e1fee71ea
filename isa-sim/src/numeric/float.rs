//! The float codecs: fp32 itself, `half` for bf16 and f16, the generic [`Minifloat`] codec
//! for the 8- and 4-bit formats. Each matches ml_dtypes 0.6.0 bit for bit on the golden tables
//! (`isa-sim/golden/tables`, compared by `tests/conversions.rs`).

use super::Format;
use super::minifloat::{E2M1FN, E3M4, E4M3, E4M3FN, E5M2, E8M0FNU, Minifloat};
use half::{bf16, f16};

/// The minifloat of an 8- or 4-bit float format.
fn minifloat(format: Format) -> Option<&'static Minifloat> {
    match format {
        Format::Float8E4M3 => Some(&E4M3),
        Format::Float8E4M3Fn => Some(&E4M3FN),
        Format::Float8E5M2 => Some(&E5M2),
        Format::Float8E3M4 => Some(&E3M4),
        Format::Float8E8M0Fnu => Some(&E8M0FNU),
        Format::Float4E2M1Fn => Some(&E2M1FN),
        Format::Float32
        | Format::BFloat16
        | Format::Float16
        | Format::UInt8
        | Format::Int8
        | Format::UInt16
        | Format::Int16
        | Format::UInt32
        | Format::Int32
        | Format::UInt64
        | Format::Int64 => None,
    }
}

/// The fp32 value of a float format's code (already masked to the format's bits); `None` for
/// an integer format.
pub(super) fn decode(format: Format, code: u64) -> Option<f32> {
    Some(match format {
        Format::Float32 => f32::from_bits(code as u32),
        Format::BFloat16 => bf16::from_bits(code as u16).to_f32(),
        Format::Float16 => f16::from_bits(code as u16).to_f32(),
        Format::Float8E4M3
        | Format::Float8E4M3Fn
        | Format::Float8E5M2
        | Format::Float8E3M4
        | Format::Float8E8M0Fnu
        | Format::Float4E2M1Fn => minifloat(format)?.decode(code),
        Format::UInt8
        | Format::Int8
        | Format::UInt16
        | Format::Int16
        | Format::UInt32
        | Format::Int32
        | Format::UInt64
        | Format::Int64 => return None,
    })
}

/// The code of a float format nearest to `x` (ties to even, overflow as ml_dtypes); `None` for
/// an integer format.
pub(super) fn encode(format: Format, x: f32) -> Option<u64> {
    Some(match format {
        Format::Float32 => u64::from(x.to_bits()),
        Format::BFloat16 => u64::from(bf16::from_f32(x).to_bits()),
        Format::Float16 => u64::from(f16::from_f32(x).to_bits()),
        Format::Float8E4M3
        | Format::Float8E4M3Fn
        | Format::Float8E5M2
        | Format::Float8E3M4
        | Format::Float8E8M0Fnu
        | Format::Float4E2M1Fn => minifloat(format)?.encode(x),
        Format::UInt8
        | Format::Int8
        | Format::UInt16
        | Format::Int16
        | Format::UInt32
        | Format::Int32
        | Format::UInt64
        | Format::Int64 => return None,
    })
}
