//! A typed walk over a layout's fields, read in place from its wire struct.
//!
//! Every declaration gets [`Bundle::visit`](crate::Bundle::visit): it shows each logical field
//! to a [`Visitor`] once, with the field's row of the field table and its value, typed: an
//! integer, a flag, an enumeration's name, a lookup-table code with its name (and, through its
//! table, every name a shared code stands for), an ADDR4 word, opaque bytes, or a nested value
//! (the sync band, a descriptor and its stride and count arrays) between a begin and an end.
//! Tools render from this (a listing, JSON, a table of values) without decoding into the logical
//! struct and without matching field names: how a value prints is a property of its type (an
//! [`Addr4`](crate::Addr4) is a [`Value::Address`] wherever it sits).
//!
//! The walk reads values, not layouts: it does not check the identity, constants or reserved
//! bits (that is [`Bundle::decode`](crate::Bundle::decode)'s work). A field whose bits mean
//! nothing (a code no table entry has, a flag byte of 2) goes to [`Visitor::undecodable`], which
//! decides whether the walk stops or goes on.
//!
//! ```
//! use isa_core::visit::{Key, Nest, Value, Visitor};
//! use isa_core::{Bundle, FieldError, Problem, SyncBand};
//!
//! /// Sums every unsigned value of a layout.
//! struct Sum(u64);
//!
//! impl Visitor for Sum {
//!     type Error = Problem;
//!     fn value(&mut self, _: Key, value: Value<'_>) -> Result<(), Problem> {
//!         if let Value::Unsigned(n) = value {
//!             self.0 += n;
//!         }
//!         Ok(())
//!     }
//!     fn begin(&mut self, _: Key, _: Nest) -> Result<(), Problem> { Ok(()) }
//!     fn end(&mut self, _: Nest) -> Result<(), Problem> { Ok(()) }
//!     fn undecodable(&mut self, _: Key, error: FieldError) -> Result<(), Problem> {
//!         Err(error.problem)
//!     }
//! }
//!
//! let band = SyncBand { wait_mode: 1, wait_index: 2, update_mode: 3, update_index: 4, value: 10 };
//! let mut sum = Sum(0);
//! SyncBand::visit(&band.encode()?, &mut sum)?;
//! assert_eq!(sum.0, 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::{DecodeError, FieldError};
use crate::field_table::FieldInfo;
use crate::lut::LutRef;

/// The order in which a walk shows a layout's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FieldOrder {
    /// The order the declaration writes them in: the member order of the serde form.
    #[default]
    Declaration,
    /// The field table's order: by first byte, then first bit. A value split across bit ranges
    /// comes at its lowest part.
    Offset,
}

/// What a visited value is called where it sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A field of a declared layout: its row of the field table. For a value split across bit
    /// ranges, the row of its first declared part (the value's low bits); the other parts are
    /// the rows of the same name.
    Field(&'static FieldInfo),
    /// A member of a nested value that has no field table of its own (a descriptor's `addr`,
    /// `strides`, `nums`), named as its serde form names it.
    Member(&'static str),
    /// An element of a sequence: its index from 0, and its Rust type as declared (`i16`, `u16`),
    /// as [`FieldInfo::ty`] gives a field's, so that a consumer can store it at its width.
    Element {
        /// The index, from 0.
        index: usize,
        /// The element's Rust type as declared.
        ty: &'static str,
    },
}

impl Key {
    /// The name: the field's or the member's; `None` for a sequence element.
    pub const fn name(&self) -> Option<&'static str> {
        match *self {
            Key::Field(info) => Some(info.name),
            Key::Member(name) => Some(name),
            Key::Element { .. } => None,
        }
    }
}

/// A field's value, typed, as read from the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value<'a> {
    /// An unsigned integer.
    Unsigned(u64),
    /// A signed integer.
    Signed(i64),
    /// A flag.
    Bool(bool),
    /// An enumeration's value, by its wire name (`tensor_tensor`, `immediate`).
    Name(&'static str),
    /// A lookup-table code: the code as stored, the name of the value it decodes to (the
    /// canonical one of a shared code), and the table, whose
    /// [`preimage_names`](LutRef::preimage_names) lists every value the code stands for (seed
    /// 000's dtype code 0x03 is `uint8` and `float8_e8m0fnu` alike).
    Code {
        /// The code as stored.
        code: u64,
        /// The name of the value it decodes to.
        name: &'static str,
        /// The table.
        table: LutRef,
    },
    /// An ADDR4 start-address word (seed 002): register flag, region bits and byte address
    /// packed in one word, so a listing shows it in hexadecimal.
    Address(u32),
    /// Bytes carried byte-exact and never interpreted (the body of an op whose field map is not
    /// recovered).
    Bytes(&'a [u8]),
}

/// An enumeration's value as [`Visitor::enumerated`] is shown it: its code, its wire name, and
/// every `(wire name, code)` of the enumeration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enumerated {
    /// The code as stored.
    pub code: u8,
    /// The wire name (`tensor_tensor`, `immediate`).
    pub name: &'static str,
    /// Every `(wire name, code)` of the enumeration, in declaration order.
    pub codes: crate::error::Codes,
}

/// A nested value: its members or elements follow, then [`Visitor::end`] with the same `Nest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nest {
    /// A value of named members (the sync band, a descriptor), by its type's name.
    Layout(&'static str),
    /// A sequence of this many elements (a descriptor's strides or counts).
    Seq(usize),
}

impl Nest {
    /// The bracket a nested value opens with in the text and JSON forms: `{` or `[`.
    pub const fn open(self) -> char {
        match self {
            Nest::Layout(_) => '{',
            Nest::Seq(_) => '[',
        }
    }

    /// The bracket it closes with: `}` or `]`.
    pub const fn close(self) -> char {
        match self {
            Nest::Layout(_) => '}',
            Nest::Seq(_) => ']',
        }
    }
}

/// What a walk shows its values to: a renderer, a checker, a collector.
///
/// The calls come in order: one [`Visitor::value`] per plain value, and for a nested one a
/// [`Visitor::begin`], its members or elements, and the matching [`Visitor::end`]. Any call may
/// stop the walk with an error.
pub trait Visitor {
    /// Why the visitor stops a walk.
    type Error;

    /// The order in which a layout's fields are shown; asked once per layout walked.
    #[inline]
    fn order(&self) -> FieldOrder {
        FieldOrder::Declaration
    }

    /// A plain value.
    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), Self::Error>;

    /// An enumeration's value, with its code and its enumeration's codes. The default shows it
    /// to [`Visitor::value`] as [`Value::Name`], the wire name; a visitor that wants the code
    /// (a table of codes) says so here.
    #[inline]
    fn enumerated(&mut self, key: Key, value: Enumerated) -> Result<(), Self::Error> {
        self.value(key, Value::Name(value.name))
    }

    /// The start of a nested value.
    fn begin(&mut self, key: Key, nest: Nest) -> Result<(), Self::Error>;

    /// The end of the nested value last begun.
    fn end(&mut self, nest: Nest) -> Result<(), Self::Error>;

    /// A value whose wire bits do not decode; `error` is what decoding the field reports, its
    /// offset relative to the field's first byte. Returning `Ok` goes on with the next field.
    fn undecodable(&mut self, key: Key, error: FieldError) -> Result<(), Self::Error>;
}

/// Where a walk is, for locating an undecodable value as [`Bundle::decode`](crate::Bundle::decode)
/// locates it: the op, the top-level field, and for a nested layout the inner field.
///
/// A visitor calls [`Locator::begin`] and [`Locator::end`] from its own and asks
/// [`Locator::error`] for the error of an undecodable value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Locator {
    op: &'static str,
    depth: usize,
    top: Option<&'static FieldInfo>,
}

impl Locator {
    /// A walk over a layout of op `op`, at its top level.
    pub const fn new(op: &'static str) -> Self {
        Self {
            op,
            depth: 0,
            top: None,
        }
    }

    /// How many nested values are open.
    pub const fn depth(&self) -> usize {
        self.depth
    }

    /// A nested value begins under `key`.
    pub fn begin(&mut self, key: Key) {
        if self.depth == 0 {
            self.top = match key {
                Key::Field(info) => Some(info),
                Key::Member(_) | Key::Element { .. } => None,
            };
        }
        self.depth += 1;
    }

    /// The nested value last begun ends.
    pub fn end(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The error of the value under `key`, here, whose field reports `error`: at the top level,
    /// located at the field's first byte; inside a nested layout, at its top-level field with
    /// the inner field's name and the offset inside it.
    pub fn error(&self, key: Key, error: FieldError) -> DecodeError {
        let (row, error) = match (self.depth, key, self.top) {
            (0, Key::Field(info), _) => (Some(info), error),
            (0, Key::Member(_) | Key::Element { .. }, _) => (None, error),
            (_, Key::Field(inner), top) => (
                top,
                FieldError {
                    at: first_byte(inner) + error.at,
                    inner: Some(inner.name),
                    problem: error.problem,
                },
            ),
            (_, Key::Member(_) | Key::Element { .. }, top) => (top, error),
        };
        match row {
            Some(info) => DecodeError::field(self.op, info.name, first_byte(info), error),
            None => DecodeError::field(self.op, "bundle", 0, error),
        }
    }
}

/// The byte where a row's first bit sits.
const fn first_byte(info: &FieldInfo) -> usize {
    info.first_bit() / 8
}
