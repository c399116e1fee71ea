//! [`Format`]: the storage formats an element can have, with their sizes and conversions.

use super::layout::Layout;
use super::minifloat;
use super::{float, integer};

/// The storage format of one element: a float format of ml_dtypes (or fp32 itself) or a
/// two's-complement / unsigned integer. A [`Dtype`](isa_core::Dtype) names one of these on a
/// given core ([`format_of`](super::format_of)).
///
/// Codes travel as `u64` holding the format's bits in the low [`Format::bits`] bits; a
/// conversion ignores the bits above them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// IEEE single precision.
    Float32,
    /// bfloat16: the top half of an fp32.
    BFloat16,
    /// IEEE half precision.
    Float16,
    /// ml_dtypes `float8_e4m3`: IEEE-like E4M3, bias 7, with infinities; largest finite 240.
    Float8E4M3,
    /// ml_dtypes `float8_e4m3fn`: E4M3, bias 7, no infinities, NaN is `S.1111.111`; largest 448.
    Float8E4M3Fn,
    /// ml_dtypes `float8_e5m2`: IEEE-like E5M2, bias 15; largest finite 57344.
    Float8E5M2,
    /// ml_dtypes `float8_e3m4`: IEEE-like E3M4, bias 3; largest finite 15.5.
    Float8E3M4,
    /// ml_dtypes `float8_e8m0fnu`: an unsigned power of two 2^(code − 127), code 0xFF is NaN,
    /// no zero.
    Float8E8M0Fnu,
    /// ml_dtypes `float4_e2m1fn`: E2M1, bias 1, no infinities or NaN; largest 6. One code in the
    /// low nibble of a byte, as ml_dtypes stores it.
    Float4E2M1Fn,
    /// Unsigned 8-bit integer.
    UInt8,
    /// Signed 8-bit integer.
    Int8,
    /// Unsigned 16-bit integer.
    UInt16,
    /// Signed 16-bit integer.
    Int16,
    /// Unsigned 32-bit integer.
    UInt32,
    /// Signed 32-bit integer.
    Int32,
    /// Unsigned 64-bit integer.
    UInt64,
    /// Signed 64-bit integer.
    Int64,
}

impl Format {
    /// Every format, floats first.
    pub const ALL: [Format; 17] = [
        Format::Float32,
        Format::BFloat16,
        Format::Float16,
        Format::Float8E4M3,
        Format::Float8E4M3Fn,
        Format::Float8E5M2,
        Format::Float8E3M4,
        Format::Float8E8M0Fnu,
        Format::Float4E2M1Fn,
        Format::UInt8,
        Format::Int8,
        Format::UInt16,
        Format::Int16,
        Format::UInt32,
        Format::Int32,
        Format::UInt64,
        Format::Int64,
    ];

    /// How the format's codes are read: the one place that sorts the formats.
    pub(super) const fn layout(self) -> Layout {
        match self {
            Format::Float32 => Layout::Float32,
            Format::BFloat16 => Layout::BFloat16,
            Format::Float16 => Layout::Float16,
            Format::Float8E4M3 => Layout::Minifloat(&minifloat::E4M3),
            Format::Float8E4M3Fn => Layout::Minifloat(&minifloat::E4M3FN),
            Format::Float8E5M2 => Layout::Minifloat(&minifloat::E5M2),
            Format::Float8E3M4 => Layout::Minifloat(&minifloat::E3M4),
            Format::Float8E8M0Fnu => Layout::Minifloat(&minifloat::E8M0FNU),
            Format::Float4E2M1Fn => Layout::Minifloat(&minifloat::E2M1FN),
            Format::UInt8 => Layout::Integer {
                bits: 8,
                signed: false,
            },
            Format::Int8 => Layout::Integer {
                bits: 8,
                signed: true,
            },
            Format::UInt16 => Layout::Integer {
                bits: 16,
                signed: false,
            },
            Format::Int16 => Layout::Integer {
                bits: 16,
                signed: true,
            },
            Format::UInt32 => Layout::Integer {
                bits: 32,
                signed: false,
            },
            Format::Int32 => Layout::Integer {
                bits: 32,
                signed: true,
            },
            Format::UInt64 => Layout::Integer {
                bits: 64,
                signed: false,
            },
            Format::Int64 => Layout::Integer {
                bits: 64,
                signed: true,
            },
        }
    }

    /// Bytes of one element in memory: the code's bits rounded up to whole bytes.
    /// `Float4E2M1Fn` takes a whole byte, as in ml_dtypes; the packed fp4 dtype is refused by
    /// [`format_of`](super::format_of).
    pub const fn bytes(self) -> usize {
        self.bits().div_ceil(8) as usize
    }

    /// Bits of one code: 32 for fp32, 16 for bf16 and f16, 8 for the fp8 formats, 4 for
    /// `Float4E2M1Fn`, the width of an integer.
    pub const fn bits(self) -> u32 {
        match self.layout() {
            Layout::Float32 => 32,
            Layout::BFloat16 | Layout::Float16 => 16,
            Layout::Minifloat(minifloat) => minifloat.bits(),
            Layout::Integer { bits, .. } => bits,
        }
    }

    /// A float format (including fp32), as opposed to an integer.
    pub const fn is_float(self) -> bool {
        !matches!(self.layout(), Layout::Integer { .. })
    }

    /// The format holds negative values: every float format except the unsigned
    /// `Float8E8M0Fnu`, and the signed integers.
    pub const fn is_signed(self) -> bool {
        match self.layout() {
            Layout::Float32 | Layout::BFloat16 | Layout::Float16 => true,
            Layout::Minifloat(minifloat) => minifloat.signed,
            Layout::Integer { signed, .. } => signed,
        }
    }

    /// The name of the matching numpy / ml_dtypes type (`"bfloat16"`, `"float8_e4m3"`,
    /// `"int32"`, …): the name the golden tables are filed under.
    pub fn ml_dtypes_name(self) -> &'static str {
        match self {
            Format::Float32 => "float32",
            Format::BFloat16 => "bfloat16",
            Format::Float16 => "float16",
            Format::Float8E4M3 => "float8_e4m3",
            Format::Float8E4M3Fn => "float8_e4m3fn",
            Format::Float8E5M2 => "float8_e5m2",
            Format::Float8E3M4 => "float8_e3m4",
            Format::Float8E8M0Fnu => "float8_e8m0fnu",
            Format::Float4E2M1Fn => "float4_e2m1fn",
            Format::UInt8 => "uint8",
            Format::Int8 => "int8",
            Format::UInt16 => "uint16",
            Format::Int16 => "int16",
            Format::UInt32 => "uint32",
            Format::Int32 => "int32",
            Format::UInt64 => "uint64",
            Format::Int64 => "int64",
        }
    }

    /// The mask of a code's bits, `2^bits − 1`.
    pub const fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }

    /// The value of a code as fp32. Exact for every float format (each is a subset of fp32),
    /// NaN codes give a NaN with the code's sign as ml_dtypes does; an integer gives its value
    /// rounded to fp32 (to nearest, ties to even), exact up to 2^24.
    pub fn to_f32(self, bits: u64) -> f32 {
        let code = bits & self.mask();
        // Integer → float rounds to nearest even in Rust, as IEEE 754 conversion does.
        float::decode(self.layout(), code)
            .unwrap_or_else(|| integer::value(self.bits(), self.is_signed(), code) as f32)
    }

    /// The code nearest to `x` (ties to even), with overflow, NaN and underflow as ml_dtypes
    /// 0.6.0 gives them: non-saturating to ±inf where the format has infinities, to NaN where it
    /// has none, saturating in `Float4E2M1Fn`. An integer format takes the fp32 → integer
    /// reading [`integer::f32_to_int`].
    pub fn from_f32(self, x: f32) -> u64 {
        float::encode(self.layout(), x).unwrap_or_else(|| {
            let range = integer::range(self.bits(), self.is_signed());
            integer::wrap(integer::f32_to_int(x, range), self.bits())
        })
    }

    /// The value of a code as an integer: an integer format's value (only `UInt64` above
    /// `i64::MAX` does not fit, and wraps by [`integer::wrap`]), a float's value converted by
    /// the fp32 → integer reading [`integer::f32_to_int`] into the `i64` range.
    pub fn to_i64(self, bits: u64) -> i64 {
        let value = if self.is_float() {
            integer::f32_to_int(self.to_f32(bits), integer::range(64, true))
        } else {
            integer::value(self.bits(), self.is_signed(), bits & self.mask())
        };
        // Reinterprets the 64 wrapped bits as two's complement.
        integer::wrap(value, 64) as i64
    }

    /// The code of an integer value: for an integer format its low bits (overflow wraps, the
    /// reading [`integer::wrap`]), for a float format the value rounded to fp32 (to nearest even)
    /// and then to the format by [`Format::from_f32`], since every operation computes through
    /// fp32 (SEMANTICS-NOTES §0).
    pub fn from_i64(self, x: i64) -> u64 {
        if self.is_float() {
            self.from_f32(x as f32)
        } else {
            integer::wrap(i128::from(x), self.bits())
        }
    }
}
