//! Typed errors. Every error that leaves a bundle codec names the op, the field and the byte
//! offset; nothing is reported as a bare string.

use core::fmt;

/// What is wrong with one value, independent of where it sits.
///
/// A [`Field`](crate::Field) codec reports a `Problem` (with the byte offset inside the field in a
/// [`FieldError`]); the generated bundle code adds the op name, the field name and the absolute
/// offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The value needs more bits than the field has.
    #[error("value {value:#x} does not fit in {bits} bits")]
    TooWide {
        /// The value that was refused (two's complement for signed values).
        value: u64,
        /// The width of the field.
        bits: u32,
    },
    /// A signed or unsigned value outside the range the wire word can hold.
    #[error("value {value} is outside {min}..={max}")]
    OutOfRange {
        /// The value that was refused.
        value: i64,
        /// Smallest value the field holds.
        min: i64,
        /// Largest value the field holds.
        max: i64,
    },
    /// The logical value has no code in the lookup table the field goes through.
    #[error("{value} has no wire form in table `{table}`")]
    NoWireForm {
        /// The value's name.
        value: &'static str,
        /// The lookup table's name.
        table: &'static str,
    },
    /// The wire code is not in the lookup table (or not a known enumerator).
    #[error("code {code:#x} is not in table `{table}`")]
    UnknownCode {
        /// The code read from the wire.
        code: u64,
        /// The lookup table or enumeration name.
        table: &'static str,
    },
    /// A reserved byte (or reserved bits of a byte) is not zero.
    #[error(
        "reserved bits are set (byte {value:#04x}, reserved mask {mask:#04x}); they must be zero"
    )]
    ReservedNonZero {
        /// The byte read from the wire.
        value: u8,
        /// The bits of that byte that no field claims.
        mask: u8,
    },
    /// A constant byte range holds another value.
    #[error("constant is {found:#x}; it must be {expected:#x}")]
    ConstantMismatch {
        /// The value the layout fixes.
        expected: u64,
        /// The value read from the wire.
        found: u64,
    },
    /// The opcode byte is not one this layout declares.
    #[error("opcode {opcode:#04x} is not one of {expected:02x?}")]
    UnknownOpcode {
        /// The opcode byte read.
        opcode: u8,
        /// The opcodes the layout accepts.
        expected: &'static [u8],
    },
    /// A 32-bit word does not carry the layout's identity bits.
    #[error("word {word:#010x} does not match: word & {mask:#010x} must be {expected:#010x}")]
    IdentityMismatch {
        /// The word read.
        word: u32,
        /// The identity mask.
        mask: u32,
        /// The identity value under the mask.
        expected: u32,
    },
    /// The buffer is shorter than the layout.
    #[error("{available} bytes are left; the layout needs {needed}")]
    Truncated {
        /// Bytes the layout needs.
        needed: usize,
        /// Bytes that were there.
        available: usize,
    },
    /// A rule of the specification that is not a width or table rule; the text says which.
    #[error("{0}")]
    Rule(&'static str),
}

/// A [`Problem`] inside one field, with the byte offset relative to the field's first byte and,
/// for a nested layout, the name of the inner field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldError {
    /// Byte offset inside the field.
    pub at: usize,
    /// Inner field name, for fields that are layouts themselves.
    pub inner: Option<&'static str>,
    /// What is wrong.
    pub problem: Problem,
}

impl FieldError {
    /// A problem at the first byte of the field.
    pub const fn new(problem: Problem) -> Self {
        Self {
            at: 0,
            inner: None,
            problem,
        }
    }

    /// A problem at byte `at` of the field.
    pub const fn at(at: usize, problem: Problem) -> Self {
        Self {
            at,
            inner: None,
            problem,
        }
    }
}

impl From<Problem> for FieldError {
    fn from(problem: Problem) -> Self {
        Self::new(problem)
    }
}

/// Where an error sits: op, field (and inner field) and absolute byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// The op (bundle) name.
    pub op: &'static str,
    /// The field name; `header`, `opcode` and constant names for the implicit parts.
    pub field: &'static str,
    /// The inner field of a nested layout.
    pub inner: Option<&'static str>,
    /// Absolute byte offset in the bundle.
    pub offset: usize,
}

impl Location {
    /// A location at `base + err.at`, carrying the inner field name of `err`.
    pub const fn of(op: &'static str, field: &'static str, base: usize, err: &FieldError) -> Self {
        Self {
            op,
            field,
            inner: err.inner,
            offset: base + err.at,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: field `{}", self.op, self.field)?;
        if let Some(inner) = self.inner {
            write!(f, ".{inner}")?;
        }
        write!(f, "` at byte {:#04x}", self.offset)
    }
}

/// A logical value that cannot be written into its bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot encode {at}: {problem}")]
pub struct EncodeError {
    /// Where.
    pub at: Location,
    /// What.
    pub problem: Problem,
}

/// Bytes that are not a valid bundle of the layout they were read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot decode {at}: {problem}")]
pub struct DecodeError {
    /// Where.
    pub at: Location,
    /// What.
    pub problem: Problem,
}

/// The constructors both located errors share.
macro_rules! located {
    ($($ty:ident),+) => {$(
        impl $ty {
            /// An error for `field` at `base`, from a field codec's error.
            pub const fn field(op: &'static str, field: &'static str, base: usize, err: FieldError) -> Self {
                Self { at: Location::of(op, field, base, &err), problem: err.problem }
            }

            /// The error as one of the field that holds this layout (a nested layout): the
            /// offset becomes relative to that field and the field name becomes the inner name.
            pub const fn into_inner(self) -> FieldError {
                FieldError { at: self.at.offset, inner: Some(self.at.field), problem: self.problem }
            }
        }
    )+};
}
located!(EncodeError, DecodeError);

/// A name that is not one of an enumeration's wire names (the `FromStr` error of every
/// [`enumeration!`](crate::enumeration!) type).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{name}` is not a name of `{enumeration}`")]
pub struct UnknownName {
    /// The enumeration's name, as the specification spells it (`bir::Dtype`).
    pub enumeration: &'static str,
    /// The string that was refused.
    pub name: String,
}

impl UnknownName {
    /// The error for `name`, which is not a name of `enumeration`.
    pub fn new(enumeration: &'static str, name: &str) -> Self {
        Self {
            enumeration,
            name: name.into(),
        }
    }
}
