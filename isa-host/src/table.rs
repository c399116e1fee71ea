//! A stream as tables (the Python package's `tables(data)`): one fixed-size row per bundle of an
//! op, laid out once per op from the first of its bundles that decodes, by walking its values
//! with the generated field visitor ([`isa_core::visit`]) in declaration order and nesting them
//! as NumPy's structured dtypes nest them. [`rows`] writes the rows of a whole stream; each
//! row's values are written one after another by a visitor that checks the row against its
//! op's layout once, at its end, and a bundle that does not fit is walked again value by value
//! for the reason.
//!
//! A row holds its bundle's stream offset first, then every logical field: integers at the
//! width of their declared type (`u8`, `i32`, a descriptor's `i16` strides and `u16` counts; 8
//! bytes where the type is not one of those), flags as `bool`, an ADDR4 word as `u32`, a
//! lookup-table value or an enumeration's value as its wire code (the names of the codes are in
//! [`Layout::names`]), a value shown by its name alone (a hand-written [`isa_core::BitValue`]
//! that does not give its code) as its number among the names seen, opaque
//! bytes as they are, a nested value as a nested record, a sequence as a sub-array.

pub mod rows;
mod writer;

use isa_core::visit::{Enumerated, Key, Nest, Value, Visitor};
use isa_core::{Family, FieldError, LutRef};

/// How one value is stored in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Store {
    /// An unsigned integer of this many bytes, little-endian.
    Unsigned(usize),
    /// A signed integer of this many bytes, little-endian, two's complement.
    Signed(usize),
    /// A flag, one byte.
    Bool,
    /// A lookup-table code or an enumeration's code, one byte.
    Code,
    /// A value shown by its name alone: its number among the names seen, two bytes.
    Category,
    /// An ADDR4 word, four bytes.
    Address,
    /// Opaque bytes, this many.
    Bytes(usize),
}

impl Store {
    /// Bytes in a row.
    #[inline]
    pub const fn width(self) -> usize {
        match self {
            Store::Unsigned(n) | Store::Signed(n) | Store::Bytes(n) => n,
            Store::Bool | Store::Code => 1,
            Store::Category => 2,
            Store::Address => 4,
        }
    }

    /// NumPy's type string: `<u4`, `<i8`, `|b1`, `|V60`.
    pub fn numpy(self) -> String {
        match self {
            Store::Unsigned(n) => format!("<u{n}"),
            Store::Signed(n) => format!("<i{n}"),
            Store::Bool => "|b1".into(),
            Store::Code => "|u1".into(),
            Store::Category => "<u2".into(),
            Store::Address => "<u4".into(),
            Store::Bytes(n) => format!("|V{n}"),
        }
    }

    /// How a value shown under `key` is stored.
    #[inline(always)]
    fn of(key: Key, value: &Value<'_>) -> Store {
        let declared = match key {
            Key::Field(info) => declared_width(info.ty),
            Key::Element { ty, .. } => declared_width(ty),
            Key::Member(_) => None,
        };
        match *value {
            Value::Unsigned(_) => Store::Unsigned(declared.unwrap_or(8)),
            Value::Signed(_) => Store::Signed(declared.unwrap_or(8)),
            Value::Bool(_) => Store::Bool,
            Value::Name(_) => Store::Category,
            Value::Code { .. } => Store::Code,
            Value::Address(_) => Store::Address,
            Value::Bytes(b) => Store::Bytes(b.len()),
        }
    }
}

/// The width in bytes of a value declared as a Rust integer type (`u8` … `i64`): a field's
/// [`FieldInfo::ty`](isa_core::FieldInfo::ty) or a sequence element's.
#[inline(always)]
pub fn declared_width(ty: &str) -> Option<usize> {
    match ty.as_bytes() {
        b"u8" | b"i8" => Some(1),
        b"u16" | b"i16" => Some(2),
        b"u32" | b"i32" => Some(4),
        b"u64" | b"i64" => Some(8),
        _ => None,
    }
}

/// One member of a row's record, as NumPy's dtype description nests them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Column {
    /// A value.
    Scalar {
        /// Its name.
        name: String,
        /// How it is stored.
        store: Store,
    },
    /// A nested value of named members.
    Record {
        /// Its name.
        name: String,
        /// Its members.
        members: Vec<Column>,
    },
    /// A sequence of values stored alike.
    Array {
        /// Its name.
        name: String,
        /// How each element is stored.
        store: Store,
        /// How many elements.
        len: usize,
    },
}

/// The names behind the numbers of one column: a lookup table's, or an enumeration's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Names {
    /// A lookup-table code: the table (every code's canonical name is its first preimage).
    Table(LutRef),
    /// An enumeration's value: every `(wire name, code)` of the enumeration.
    Enumeration(isa_core::error::Codes),
    /// A value shown by its name alone: the names seen, numbered from 0 in order of first
    /// appearance.
    Seen(Vec<&'static str>),
}

/// The number of `name` among `seen` ([`Names::Seen`]), added at the end when it is new.
pub(crate) fn number(seen: &mut Vec<&'static str>, name: &'static str) -> u64 {
    let n = find(seen, name).unwrap_or_else(|| {
        seen.push(name);
        seen.len() - 1
    });
    n as u64
}

/// The number of `name` among `seen`, if it is there: the same `&'static str` is found by its
/// address before its text is compared.
pub(crate) fn find(seen: &[&'static str], name: &'static str) -> Option<usize> {
    seen.iter()
        .position(|s| std::ptr::eq(*s, name))
        .or_else(|| seen.iter().position(|s| *s == name))
}

/// Where one value of a row goes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slot {
    /// Its first byte in the row.
    pub at: usize,
    /// How it is stored.
    pub store: Store,
    /// The index in [`Layout::names`] of the names of a [`Store::Category`] value.
    pub names: usize,
}

/// How one op's rows are laid out, read once from the first of its bundles that decodes.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The op's name in the serde form (`"op"` of its JSON record).
    pub tag: &'static str,
    /// The record's members, after `offset`.
    pub columns: Vec<Column>,
    /// Bytes per row.
    pub itemsize: usize,
    /// The names of each code or enumeration column, by its dotted path (`sync.wait_mode`).
    pub names: Vec<(String, Names)>,
    /// Where each value goes, in the order the visitor shows them.
    pub(crate) slots: Vec<Slot>,
    /// The slots' stores, folded as the writer folds a row's ([`writer::signature`]).
    pub(crate) signature: u64,
}

/// Why a stream does not tabulate: a bundle of an op whose values are not laid out as those of
/// the op's first bundle. The declarations give every bundle of an op the same fields, so this
/// is a defect of a declaration, reported rather than written out of place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bundle at offset {offset:#x} ({op}): {what}")]
pub struct TableError {
    /// The bundle's byte offset.
    pub offset: usize,
    /// Its op.
    pub op: &'static str,
    /// What does not fit.
    pub what: String,
}

/// The bytes of the offset column, first in every row.
pub const OFFSET_WIDTH: usize = 8;

/// The layout of `view`'s op, from the values of `view`, a bundle of it that decodes at byte
/// `offset`; `tag` is the op's serde name.
pub fn layout<F: Family>(
    view: &F::View<'_>,
    tag: &'static str,
    offset: usize,
) -> Result<Layout, TableError> {
    let mut shape = Shape {
        frames: vec![Frame::Record(String::new(), Vec::new())],
        at: OFFSET_WIDTH,
        slots: Vec::new(),
        names: Vec::new(),
        path: Vec::new(),
    };
    let fault = |what: String| TableError {
        offset,
        op: F::view_declaration(view).name,
        what,
    };
    F::visit_view(view, &mut shape).map_err(fault)?;
    let columns = match shape.frames.pop() {
        Some(Frame::Record(_, columns)) if shape.frames.is_empty() => columns,
        _ => return Err(fault("a nested value is not closed".into())),
    };
    Ok(Layout {
        tag,
        columns,
        itemsize: shape.at,
        names: shape.names,
        signature: writer::signature(&shape.slots),
        slots: shape.slots,
    })
}

/// A nested value being laid out.
enum Frame {
    /// Named members.
    Record(String, Vec<Column>),
    /// A sequence: its name, its length, and how its elements are stored (from the first).
    Array(String, usize, Option<Store>),
}

/// The visitor that lays out a row from an op's first bundle.
struct Shape {
    frames: Vec<Frame>,
    at: usize,
    slots: Vec<Slot>,
    names: Vec<(String, Names)>,
    path: Vec<&'static str>,
}

impl Shape {
    fn name(key: Key) -> String {
        match key {
            Key::Field(info) => info.name.to_string(),
            Key::Member(name) => name.to_string(),
            Key::Element { index, .. } => index.to_string(),
        }
    }

    /// Lays out the next slot: a value stored as `store`, with the names of its codes.
    fn lay(&mut self, key: Key, store: Store, names: Option<Names>) -> Result<(), String> {
        let slot = Slot {
            at: self.at,
            store,
            names: self.names.len(),
        };
        if let Some(names) = names {
            self.names.push((self.dotted(key), names));
        }
        match self.frames.last_mut() {
            Some(Frame::Record(_, columns)) => columns.push(Column::Scalar {
                name: Self::name(key),
                store,
            }),
            Some(Frame::Array(_, len, elements)) => {
                if elements.is_some_and(|e| e != store) {
                    return Err(format!("`{}` holds values of two kinds", self.dotted(key)));
                }
                *elements = Some(store);
                *len += 1;
            }
            None => return Err("a value after the end of the bundle".into()),
        }
        self.slots.push(slot);
        self.at += store.width();
        Ok(())
    }

    fn dotted(&self, key: Key) -> String {
        let mut parts: Vec<String> = self.path.iter().map(|p| p.to_string()).collect();
        parts.push(Self::name(key));
        parts.join(".")
    }
}

impl Visitor for Shape {
    type Error = String;

    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), String> {
        let names = match value {
            Value::Code { table, .. } => Some(Names::Table(table)),
            Value::Name(_) => Some(Names::Seen(Vec::new())),
            Value::Unsigned(_)
            | Value::Signed(_)
            | Value::Bool(_)
            | Value::Address(_)
            | Value::Bytes(_) => None,
        };
        self.lay(key, Store::of(key, &value), names)
    }

    fn enumerated(&mut self, key: Key, value: Enumerated) -> Result<(), String> {
        self.lay(key, Store::Code, Some(Names::Enumeration(value.codes)))
    }

    fn begin(&mut self, key: Key, nest: Nest) -> Result<(), String> {
        if matches!(self.frames.last(), Some(Frame::Array(..))) {
            return Err(format!(
                "`{}` is a nested value inside a sequence",
                self.dotted(key)
            ));
        }
        let name = Self::name(key);
        self.path.push(key.name().unwrap_or("item"));
        self.frames.push(match nest {
            Nest::Layout(_) => Frame::Record(name, Vec::new()),
            Nest::Seq(_) => Frame::Array(name, 0, None),
        });
        Ok(())
    }

    fn end(&mut self, _: Nest) -> Result<(), String> {
        self.path.pop();
        let column = match self.frames.pop() {
            Some(Frame::Record(name, members)) => Column::Record { name, members },
            Some(Frame::Array(name, len, store)) => Column::Array {
                name,
                store: store.unwrap_or(Store::Unsigned(8)),
                len,
            },
            None => return Err("a nested value ends that did not begin".into()),
        };
        match self.frames.last_mut() {
            Some(Frame::Record(_, columns)) => {
                columns.push(column);
                Ok(())
            }
            Some(Frame::Array(..)) | None => Err("a nested value ends outside a record".into()),
        }
    }

    fn undecodable(&mut self, key: Key, error: FieldError) -> Result<(), String> {
        Err(format!(
            "`{}` does not decode: {}",
            self.dotted(key),
            error.problem
        ))
    }
}
