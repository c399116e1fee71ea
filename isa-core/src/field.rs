//! How a logical value sits in a bundle: whole (byte-aligned, its own wire type) or in a bit
//! range (nibbles and bit fields).

use zerocopy::byteorder::little_endian::{I16, I32, U16, U32, U64};
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

use crate::error::{FieldError, Problem};
use crate::visit::{Key, Value, Visitor};

/// A value stored whole, byte-aligned, in a wire type of alignment 1.
///
/// The wire type is what a zero-copy view hands out; its size is the field's width, which the
/// derive uses for the bounds and overlap checks.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a whole-byte bundle field",
    label = "no `isa_core::Field` implementation",
    note = "whole fields are integers, `bool`, byte arrays, descriptors, enumerations declared with `enumeration!`, or layouts declared with `#[derive(Bundle)]` and no identity"
)]
pub trait Field: Sized {
    /// The in-place representation. Alignment 1, no padding, every bit pattern readable.
    type Wire: FromBytes + IntoBytes + KnownLayout + Immutable + Unaligned + Copy;

    /// For access-pattern descriptor slots: the number of free dimensions N. The derive checks
    /// that such a slot is exactly `4 + 4N` bytes (seed 002, the 4+4N rule). 0 for other types.
    const DESCRIPTOR_DIMS: usize = 0;

    /// Logical value to wire form; refuses values the wire cannot hold.
    fn to_wire(&self) -> Result<Self::Wire, FieldError>;

    /// Wire form to logical value; refuses bit patterns that mean nothing.
    fn from_wire(wire: &Self::Wire) -> Result<Self, FieldError>;

    /// Shows the value stored in `wire` to a visitor, under `key`: one [`Visitor::value`] for a
    /// plain value, or a nested walk between [`Visitor::begin`] and [`Visitor::end`]. A wire
    /// value that [`Field::from_wire`] refuses goes to [`Visitor::undecodable`] with its error.
    ///
    /// The default shows the wire bytes as [`Value::Bytes`]: a type that does not say what it
    /// is is shown as what it is on the wire.
    #[inline]
    fn visit<V: Visitor>(wire: &Self::Wire, key: Key, v: &mut V) -> Result<(), V::Error> {
        v.value(key, Value::Bytes(wire.as_bytes()))
    }
}

/// A value stored in a bit range (a nibble, or `bits = A..=B`) as an unsigned code.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot sit in a bit range",
    label = "placed with `nibble` or `bits`, or through a lookup table",
    note = "bit ranges hold integers, `bool` and enumerations; a multi-byte value such as a descriptor takes whole bytes: drop `nibble`/`bits`"
)]
pub trait BitValue: Sized {
    /// The natural width of the type. A bit range may be narrower but never wider; the derive
    /// also refuses a type wider than the smallest integer holding the range (a `u16` in a
    /// nibble is a mistake).
    const BITS: u32;

    /// Every code [`BitValue::to_bits`] can return, for a closed set of codes (an enumeration);
    /// empty when any value up to [`BitValue::BITS`] wide can be written. An opcode field whose
    /// type can only write declared opcodes needs no check when it is encoded.
    const CODES: &'static [u8] = &[];

    /// The code to store in a range `width` bits wide; refuses values that need more bits.
    fn to_bits(&self, width: u32) -> Result<u64, Problem>;

    /// The value from the code of a range `width` bits wide.
    fn from_bits(code: u64, width: u32) -> Result<Self, Problem>;

    /// The value of `code`, from a range `width` bits wide, as a [`Visitor`] is shown it;
    /// refuses what [`BitValue::from_bits`] refuses. The default is the code itself,
    /// [`Value::Unsigned`]: signed integers, flags and enumerations say otherwise.
    #[inline]
    fn describe(code: u64, width: u32) -> Result<Value<'static>, Problem> {
        Self::from_bits(code, width).map(|_| Value::Unsigned(code))
    }

    /// Shows the value of `code`, from a range `width` bits wide, to `v` under `key`: what
    /// [`BitValue::describe`] says, or [`Visitor::undecodable`] with what it refuses. An
    /// enumeration shows it to [`Visitor::enumerated`] instead, with its code.
    #[inline]
    fn visit_bits<V: Visitor>(code: u64, width: u32, key: Key, v: &mut V) -> Result<(), V::Error> {
        crate::__private::visit_described(Self::describe(code, width), key, v)
    }
}

pub use crate::bits::low_mask;

/// Checks that an unsigned code fits `width` bits.
#[inline]
pub const fn fit_unsigned(value: u64, width: u32) -> Result<u64, Problem> {
    if value & !low_mask(width) == 0 {
        Ok(value)
    } else {
        Err(Problem::TooWide { value, bits: width })
    }
}

macro_rules! unsigned {
    ($($t:ty),* $(,)?) => {$(
        impl BitValue for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn to_bits(&self, width: u32) -> Result<u64, Problem> {
                fit_unsigned(u64::from(*self), width)
            }
            #[inline]
            fn from_bits(code: u64, width: u32) -> Result<Self, Problem> {
                <$t>::try_from(code).map_err(|_| Problem::TooWide { value: code, bits: width })
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64);

/// Integers stored whole: little-endian, every bit pattern a value, shown as the `Value` named
/// after the arrow.
macro_rules! whole {
    ($($t:ty => $wire:ty, $shown:ident),* $(,)?) => {$(
        impl Field for $t {
            type Wire = $wire;
            #[inline]
            fn to_wire(&self) -> Result<Self::Wire, FieldError> {
                Ok(<$wire>::from(*self))
            }
            #[inline]
            fn from_wire(wire: &Self::Wire) -> Result<Self, FieldError> {
                Ok(<$t>::from(*wire))
            }
            #[inline]
            fn visit<V: Visitor>(wire: &Self::Wire, key: Key, v: &mut V) -> Result<(), V::Error> {
                v.value(key, Value::$shown(<$t>::from(*wire).into()))
            }
        }
    )*};
}
whole!(
    u8 => u8, Unsigned,
    u16 => U16, Unsigned,
    u32 => U32, Unsigned,
    u64 => U64, Unsigned,
    i16 => I16, Signed,
    i32 => I32, Signed,
);

macro_rules! signed {
    ($($t:ty, $u:ty),* $(,)?) => {$(
        /// Two's complement in the range; the top bit of the range is the sign.
        impl BitValue for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn to_bits(&self, width: u32) -> Result<u64, Problem> {
                let v = i64::from(*self);
                let (min, max) = (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1);
                if v < min || v > max {
                    return Err(Problem::OutOfRange { value: v, min, max });
                }
                Ok((*self as $u as u64) & low_mask(width))
            }
            #[inline]
            fn from_bits(code: u64, width: u32) -> Result<Self, Problem> {
                let code = fit_unsigned(code, width)?;
                let shift = 64 - width;
                let v = ((code << shift) as i64) >> shift;
                <$t>::try_from(v).map_err(|_| Problem::TooWide { value: code, bits: width })
            }
            #[inline]
            fn describe(code: u64, width: u32) -> Result<Value<'static>, Problem> {
                Self::from_bits(code, width).map(|v| Value::Signed(v.into()))
            }
        }
    )*};
}
signed!(i16, u16, i32, u32);

impl BitValue for i8 {
    const BITS: u32 = 8;
    #[inline]
    fn to_bits(&self, width: u32) -> Result<u64, Problem> {
        i16::from(*self).to_bits(width)
    }
    #[inline]
    fn from_bits(code: u64, width: u32) -> Result<Self, Problem> {
        let v = i16::from_bits(code, width)?;
        i8::try_from(v).map_err(|_| Problem::TooWide {
            value: code,
            bits: width,
        })
    }
    #[inline]
    fn describe(code: u64, width: u32) -> Result<Value<'static>, Problem> {
        Self::from_bits(code, width).map(|v| Value::Signed(v.into()))
    }
}

/// The two codes of a flag.
const BOOL_CODES: crate::error::Codes = &[("false", 0), ("true", 1)];

/// A flag: one bit, or a whole byte that must be 0 or 1.
impl BitValue for bool {
    const BITS: u32 = 1;
    #[inline]
    fn to_bits(&self, _width: u32) -> Result<u64, Problem> {
        Ok(u64::from(*self))
    }
    #[inline]
    fn from_bits(code: u64, _width: u32) -> Result<Self, Problem> {
        match code {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(Problem::UnknownCode {
                code,
                table: "bool",
                known: &BOOL_CODES,
            }),
        }
    }
    #[inline]
    fn describe(code: u64, width: u32) -> Result<Value<'static>, Problem> {
        Self::from_bits(code, width).map(Value::Bool)
    }
}

impl Field for bool {
    type Wire = u8;
    #[inline]
    fn to_wire(&self) -> Result<u8, FieldError> {
        Ok(u8::from(*self))
    }
    #[inline]
    fn from_wire(wire: &u8) -> Result<Self, FieldError> {
        Self::from_bits(u64::from(*wire), 8).map_err(FieldError::new)
    }
    #[inline]
    fn visit<V: Visitor>(wire: &u8, key: Key, v: &mut V) -> Result<(), V::Error> {
        match Self::from_wire(wire) {
            Ok(flag) => v.value(key, Value::Bool(flag)),
            Err(e) => v.undecodable(key, e),
        }
    }
}

/// Byte arrays are opaque payloads: carried byte-exact, never interpreted, shown as
/// [`Value::Bytes`].
impl<const N: usize> Field for [u8; N] {
    type Wire = [u8; N];
    #[inline]
    fn to_wire(&self) -> Result<Self::Wire, FieldError> {
        Ok(*self)
    }
    #[inline]
    fn from_wire(wire: &Self::Wire) -> Result<Self, FieldError> {
        Ok(*wire)
    }
    #[inline]
    fn visit<V: Visitor>(wire: &Self::Wire, key: Key, v: &mut V) -> Result<(), V::Error> {
        v.value(key, Value::Bytes(wire))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsigned_codes_refuse_values_wider_than_the_range() {
        assert_eq!(0xFu8.to_bits(4), Ok(0xF));
        assert_eq!(
            0x10u8.to_bits(4),
            Err(Problem::TooWide {
                value: 0x10,
                bits: 4
            })
        );
        assert_eq!(
            u8::from_bits(0x1FF, 9),
            Err(Problem::TooWide {
                value: 0x1FF,
                bits: 9
            })
        );
    }

    #[test]
    fn signed_codes_are_twos_complement_in_the_range() {
        assert_eq!((-1i16).to_bits(12), Ok(0xFFF));
        assert_eq!(i16::from_bits(0xFFF, 12), Ok(-1));
        assert_eq!(i16::from_bits(0x7FF, 12), Ok(2047));
        assert_eq!(
            2048i16.to_bits(12),
            Err(Problem::OutOfRange {
                value: 2048,
                min: -2048,
                max: 2047
            })
        );
    }

    #[test]
    fn a_whole_bool_byte_must_be_zero_or_one() {
        assert_eq!(bool::from_wire(&1), Ok(true));
        assert_eq!(
            bool::from_wire(&2),
            Err(FieldError::new(Problem::UnknownCode {
                code: 2,
                table: "bool",
                known: &BOOL_CODES,
            }))
        );
    }
}
