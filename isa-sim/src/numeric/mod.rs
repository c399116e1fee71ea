//! Element formats and their conversions to and from fp32: the one place a stored element
//! becomes a number and a number becomes a stored element.
//!
//! SEMANTICS-NOTES §0: arithmetic converts its inputs to fp32, computes in fp32 and converts the
//! result to the output dtype, rounding to nearest even \[I1, A2, D1\]. The golden reference for
//! the narrow float formats is ml_dtypes \[M1\]; bf16 and fp16 go through the `half` crate, whose
//! conversions round to nearest even \[R1\] and overflow to infinity (ml_dtypes' behaviour).
//!
//! This module implements fp32, bf16, fp16 and the integer types. The float8 and float4 forms
//! have a [`Format`] of their own only once their ml_dtypes conversions exist; until then
//! [`format_of`] refuses them with [`Unsupported`].

use isa_core::Dtype;
use isa_ops::Core;

/// How an element is stored: the ml_dtypes type a [`Dtype`] is read as ([`format_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// IEEE binary32.
    Float32,
    /// bfloat16 (the top half of a binary32).
    BFloat16,
    /// IEEE binary16.
    Float16,
    /// Unsigned 8-bit integer.
    Uint8,
    /// Signed 8-bit integer.
    Int8,
    /// Unsigned 16-bit integer.
    Uint16,
    /// Signed 16-bit integer.
    Int16,
    /// Unsigned 32-bit integer.
    Uint32,
    /// Signed 32-bit integer.
    Int32,
    /// Unsigned 64-bit integer.
    Uint64,
    /// Signed 64-bit integer.
    Int64,
}

/// A dtype this module cannot convert yet (the float8 and float4 forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("dtype {dtype} has no conversion to fp32 here (float8/float4 forms are not implemented)")]
pub struct Unsupported {
    /// The dtype refused.
    pub dtype: Dtype,
}

/// The format a dtype is stored in on `core`.
///
/// A reading (INFERRED): each integer and IEEE dtype is the ml_dtypes/NumPy type of its name;
/// `float32r` is stored as binary32 (it is fp32 data the PE reads at reduced precision, so its
/// bytes are binary32). The float8/float4 forms are [`Unsupported`] here. `core` does not change
/// any mapping this module makes; it selects the fp8 variant once those exist (SEMANTICS-NOTES
/// §5: E4M3 max 240 on Trn2, E4M3FN from Trn3).
pub fn format_of(dtype: Dtype, core: Core) -> Result<Format, Unsupported> {
    let _ = core;
    Ok(match dtype {
        Dtype::Float32 | Dtype::Float32r => Format::Float32,
        Dtype::Bfloat16 => Format::BFloat16,
        Dtype::Float16 => Format::Float16,
        Dtype::Uint8 => Format::Uint8,
        Dtype::Int8 => Format::Int8,
        Dtype::Uint16 => Format::Uint16,
        Dtype::Int16 => Format::Int16,
        Dtype::Uint32 => Format::Uint32,
        Dtype::Int32 => Format::Int32,
        Dtype::Uint64 => Format::Uint64,
        Dtype::Int64 => Format::Int64,
        Dtype::Float4E2m1fnX4
        | Dtype::Float8e3
        | Dtype::Float8e4
        | Dtype::Float8E4m3fn
        | Dtype::Float8E8m0fnu
        | Dtype::Float8e5
        | Dtype::Float8E4m3fnX4
        | Dtype::Float8E5m2X4 => return Err(Unsupported { dtype }),
    })
}

impl Format {
    /// Bytes per element.
    pub const fn bytes(self) -> usize {
        match self {
            Format::Uint8 | Format::Int8 => 1,
            Format::BFloat16 | Format::Float16 | Format::Uint16 | Format::Int16 => 2,
            Format::Float32 | Format::Uint32 | Format::Int32 => 4,
            Format::Uint64 | Format::Int64 => 8,
        }
    }

    /// Whether the format is an integer type (bitwise ops and shifts work on its bits).
    pub const fn is_integer(self) -> bool {
        !matches!(self, Format::Float32 | Format::BFloat16 | Format::Float16)
    }

    /// Whether the format is a signed integer type.
    pub const fn is_signed_integer(self) -> bool {
        matches!(
            self,
            Format::Int8 | Format::Int16 | Format::Int32 | Format::Int64
        )
    }

    /// Bits per element.
    pub const fn bits(self) -> u32 {
        self.bytes() as u32 * 8
    }

    /// The mask of the element's bits in a `u64`.
    pub const fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }

    /// The value of the stored bits (the low [`Format::bits`] of `bits`) as fp32. Integers
    /// convert exactly up to 2^24 and round to nearest even above (SEMANTICS-NOTES §0: int32 on
    /// VectorE goes through fp32, inexact above 2^24).
    pub fn to_f32(self, bits: u64) -> f32 {
        match self {
            Format::Float32 => f32::from_bits(bits as u32),
            Format::BFloat16 => half::bf16::from_bits(bits as u16).to_f32(),
            Format::Float16 => half::f16::from_bits(bits as u16).to_f32(),
            Format::Int64 => bits as i64 as f32,
            Format::Uint64 => bits as f32,
            _ => self.to_i64(bits) as f32,
        }
    }

    /// The stored bits of `x` in this format, rounding to nearest even.
    ///
    /// Floats: bf16 and fp16 round to nearest even and overflow to infinity (`half`, \[R1\];
    /// ml_dtypes does the same \[M1\]; SEMANTICS-NOTES §0: the hardware downcast does not
    /// saturate).
    ///
    /// Integers — a reading (no source states fp32→int rounding, saturation or NaN,
    /// SEMANTICS-NOTES §7 q1): round to nearest even, saturate to the type's range, NaN → 0.
    pub fn from_f32(self, x: f32) -> u64 {
        match self {
            Format::Float32 => u64::from(x.to_bits()),
            Format::BFloat16 => u64::from(half::bf16::from_f32(x).to_bits()),
            Format::Float16 => u64::from(half::f16::from_f32(x).to_bits()),
            Format::Uint64 => x.round_ties_even() as u64,
            Format::Int64 => x.round_ties_even() as i64 as u64,
            _ => self.from_i64(self.saturate(x.round_ties_even() as i64)),
        }
    }

    /// The integer value of the stored bits: sign-extended for a signed type, zero-extended
    /// otherwise. For a float format, the bits themselves.
    pub fn to_i64(self, bits: u64) -> i64 {
        let bits = bits & self.mask();
        if self.is_signed_integer() {
            let shift = 64 - self.bits();
            ((bits << shift) as i64) >> shift
        } else {
            bits as i64
        }
    }

    /// The stored bits of integer `v`: its low [`Format::bits`] (two's-complement wrap, a
    /// reading: no source states integer overflow, SEMANTICS-NOTES §0).
    pub fn from_i64(self, v: i64) -> u64 {
        (v as u64) & self.mask()
    }

    /// `v` clamped to this integer type's range (`v` itself for 64-bit and float formats).
    fn saturate(self, v: i64) -> i64 {
        match self.bits() {
            64 => v,
            bits if self.is_signed_integer() => {
                let max = (1i64 << (bits - 1)) - 1;
                v.clamp(-max - 1, max)
            }
            bits => v.clamp(0, (1i64 << bits) - 1),
        }
    }
}
