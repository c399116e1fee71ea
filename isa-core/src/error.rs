//! Typed errors. Every error that leaves a bundle codec names the op, the field and the byte
//! offset; nothing is reported as a bare string.

use core::fmt;

/// Every named code of a lookup table or an enumeration, `(name, code)` in declaration order,
/// as messages quote them ([`Lut::CODES`](crate::Lut::CODES), the `CODES` of every
/// [`enumeration!`](crate::enumeration!) type). Empty when the table does not say. A
/// [`Problem`] holds a `&'static Codes` (one pointer), which keeps every error small.
pub type Codes = &'static [(&'static str, u8)];

/// Up to this many entries a message lists a table's codes or names; a longer table is counted.
pub const LISTED: usize = 8;

/// What is wrong with one value, independent of where it sits.
///
/// A [`Field`](crate::Field) codec reports a `Problem` (with the byte offset inside the field in a
/// [`FieldError`]); the generated bundle code adds the op name, the field name and the absolute
/// offset. Each message names the bad value and, where there is one, what the field accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The value needs more bits than the field has.
    #[error(
        "value {value:#x} does not fit the {bits}-bit field; the largest value it holds is {:#x}",
        crate::bits::low_mask(*bits)
    )]
    TooWide {
        /// The value that was refused (two's complement for signed values).
        value: u64,
        /// The width of the field.
        bits: u32,
    },
    /// A signed or unsigned value outside the range the wire word can hold.
    #[error("value {value} is outside {min}..={max}, the range the field holds")]
    OutOfRange {
        /// The value that was refused.
        value: i64,
        /// Smallest value the field holds.
        min: i64,
        /// Largest value the field holds.
        max: i64,
    },
    /// The logical value has no code in the lookup table the field goes through.
    #[error("{value} has no wire form in table `{table}`{}", Encodable(known))]
    NoWireForm {
        /// The value's name.
        value: &'static str,
        /// The lookup table's name.
        table: &'static str,
        /// The table's codes (the values it can encode).
        known: &'static Codes,
    },
    /// The wire code is not in the lookup table (or not a known enumerator).
    #[error("code {code:#x} is not in table `{table}`{}", Holds(known))]
    UnknownCode {
        /// The code read from the wire.
        code: u64,
        /// The lookup table or enumeration name.
        table: &'static str,
        /// The codes the table or enumeration has.
        known: &'static Codes,
    },
    /// A reserved byte (or reserved bits of a byte) is not zero.
    #[error(
        "reserved bits are set: {} (the byte reads {value:#04x}; its reserved bits, mask \
         {mask:#04x}, belong to no field and must be zero)",
        SetBits(*value & *mask)
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
    #[error("opcode {opcode:#04x} is not one of [{}]", Opcodes(expected))]
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
    /// A 32-bit word carries the identity of no member of its family.
    #[error("word {word:#010x} is not a declared word: no mask/match identity matches")]
    UnknownWord {
        /// The word read.
        word: u32,
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

/// `; it holds idle (0x0), zero (0x1), …` for a short table, nothing for a long or unknown one
/// (its codes are in the field table).
struct Holds<'a>(&'a &'static Codes);

impl fmt::Display for Holds<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes = **self.0;
        if codes.is_empty() || codes.len() > LISTED {
            return Ok(());
        }
        f.write_str("; it holds ")?;
        for (i, (name, code)) in codes.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{name} ({code:#x})")?;
        }
        Ok(())
    }
}

/// `; it encodes idle, zero, …` for a short table, `; use one of the 38 values it encodes` for a
/// long one.
struct Encodable<'a>(&'a &'static Codes);

impl fmt::Display for Encodable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes = **self.0;
        match codes.len() {
            0 => Ok(()),
            n if n > LISTED => write!(f, "; use one of the {n} values it encodes"),
            _ => {
                f.write_str("; it encodes ")?;
                Names(codes).fmt(f)
            }
        }
    }
}

/// `a, b, c`.
struct Names(Codes);

impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, _)) in self.0.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{name}")?;
        }
        Ok(())
    }
}

/// `bit 7`, `bits 0 and 3`, `bits 0, 1 and 5` of a byte.
struct SetBits(u8);

impl fmt::Display for SetBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bits: Vec<u32> = (0..8).filter(|b| self.0 >> b & 1 == 1).collect();
        match bits.as_slice() {
            [] => f.write_str("no bit"),
            [one] => write!(f, "bit {one}"),
            [init @ .., last] => {
                f.write_str("bits ")?;
                for (i, b) in init.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{b}")?;
                }
                write!(f, " and {last}")
            }
        }
    }
}

/// `0x41, 0x51, 0x8a`.
struct Opcodes<'a>(&'a &'static [u8]);

impl fmt::Display for Opcodes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, op) in self.0.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{op:#04x}")?;
        }
        Ok(())
    }
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
    /// Byte offset from the bundle's first byte; in an error about a buffer of bundles
    /// ([`Bundle::view_slice`](crate::Bundle::view_slice)), from the buffer's first byte, so the
    /// bundle's index is `offset / SIZE` ([`DecodeError::in_buffer`]).
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

/// Where a located error sits and what is wrong there: what an [`EncodeError`] and a
/// [`DecodeError`] hold, and what they dereference to (`error.at`, `error.problem`, `*error`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fault {
    /// Where.
    pub at: Location,
    /// What.
    pub problem: Problem,
}

/// A logical value that cannot be written into its bundle.
///
/// The [`Fault`] sits behind one pointer, so `Result<(), EncodeError>` is one word and an
/// encoder's success path writes nothing but the bundle; `error.at` and `error.problem` read the
/// fault in place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot encode {}: {}", self.0.at, self.0.problem)]
pub struct EncodeError(Box<Fault>);

/// Bytes that are not a valid bundle of the layout they were read as.
///
/// The [`Fault`] sits behind one pointer, so `Result<T, DecodeError>` is no bigger than `T` and
/// a word, and a decoder's success path returns the value in place, as a hand-written decoder
/// with a small error type would; `error.at` and `error.problem` read the fault in place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot decode {}: {}", self.0.at, self.0.problem)]
pub struct DecodeError(Box<Fault>);

/// The constructors both located errors share.
macro_rules! located {
    ($($ty:ident),+) => {$(
        impl $ty {
            /// The error `problem` at `at`.
            #[cold]
            pub fn new(at: Location, problem: Problem) -> Self {
                Self(Box::new(Fault { at, problem }))
            }

            /// An error for `field` at `base`, from a field codec's error.
            #[cold]
            pub fn field(op: &'static str, field: &'static str, base: usize, err: FieldError) -> Self {
                Self::new(Location::of(op, field, base, &err), err.problem)
            }

            /// The error as one of the field that holds this layout (a nested layout): the
            /// offset becomes relative to that field and the field name becomes the inner name.
            pub fn into_inner(self) -> FieldError {
                FieldError { at: self.0.at.offset, inner: Some(self.0.at.field), problem: self.0.problem }
            }

            /// The same error for a bundle that starts at byte `base` of a buffer of bundles:
            /// the offset becomes the buffer's, `base` plus the offset inside the bundle.
            pub fn in_buffer(mut self, base: usize) -> Self {
                self.0.at.offset = self.0.at.offset.saturating_add(base);
                self
            }
        }

        impl core::ops::Deref for $ty {
            type Target = Fault;

            fn deref(&self) -> &Fault {
                &self.0
            }
        }
    )+};
}
located!(EncodeError, DecodeError);

/// A name that is not one of an enumeration's wire names (the `FromStr` error of every
/// [`enumeration!`](crate::enumeration!) type). A short enumeration's names are listed in the
/// message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{name}` is not a name of `{enumeration}`{}", NamesHint(known))]
pub struct UnknownName {
    /// The enumeration's name, as the specification spells it (`bir::Dtype`).
    pub enumeration: &'static str,
    /// The string that was refused.
    pub name: String,
    /// The enumeration's names and codes (empty when not given).
    pub known: Codes,
}

impl UnknownName {
    /// The error for `name`, which is not a name of `enumeration`.
    pub fn new(enumeration: &'static str, name: &str) -> Self {
        Self {
            enumeration,
            name: name.into(),
            known: &[],
        }
    }

    /// The same error, listing `known` (the enumeration's names) when there are few.
    pub fn with_known(self, known: Codes) -> Self {
        Self { known, ..self }
    }
}

/// `; the names are a, b, c` for a short enumeration.
struct NamesHint<'a>(&'a Codes);

impl fmt::Display for NamesHint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.len() {
            0 => Ok(()),
            n if n > LISTED => Ok(()),
            _ => write!(f, "; the names are {}", Names(self.0)),
        }
    }
}
