//! The listing form of a bundle's fields: `name=value` pairs separated by spaces, a nested value
//! as `{name=value,…}`, a sequence as `[a,b]`.
//!
//! A value prints by its kind: integers in decimal, an ADDR4 word as `0x` and eight hexadecimal
//! digits, an enumeration or table value by name, opaque bytes as hexadecimal digits. A code
//! of a many-to-one table prints every value it stands for, canonical first (seed 000's dtype
//! table writes `uint8` and `float8_e8m0fnu` both as 0x03: `in0_dtype=uint8|float8_e8m0fnu`).

use core::fmt;

use super::Level;
use super::{RenderError, write_bytes_hex, write_i64, write_u64, write_word_hex};
use crate::Bundle;
use crate::error::FieldError;
use crate::family::Family;
use crate::visit::{FieldOrder, Key, Nest, Value, Visitor};

/// Appends the fields of `wire` to `out` as `name=value` pairs separated by single spaces, in the
/// field table's order (by offset), each nested value in the same order inside. Nothing goes
/// before the first pair.
///
/// A field whose bits do not decode stops the listing with the error decoding the bundle
/// reports for it; what was appended before stays in `out`.
pub fn text_fields<B: Bundle, W: fmt::Write + ?Sized>(
    wire: &B::Wire,
    out: &mut W,
) -> Result<(), RenderError> {
    text_fields_in::<B, W>(wire, FieldOrder::Offset, out)
}

/// [`text_fields`] in the order `order`: [`FieldOrder::Declaration`] lists a 32-bit block
/// word's fields from the high bits down, as the PTO spec lists them and the declarations
/// declare them.
pub fn text_fields_in<B: Bundle, W: fmt::Write + ?Sized>(
    wire: &B::Wire,
    order: FieldOrder,
    out: &mut W,
) -> Result<(), RenderError> {
    B::visit(wire, &mut Text::new(out, order, B::NAME))
}

/// [`text_fields_in`] for a member of family `F` read in place: whichever member `view` is.
pub fn text_member<F: Family, W: fmt::Write + ?Sized>(
    view: &F::View<'_>,
    order: FieldOrder,
    out: &mut W,
) -> Result<(), RenderError> {
    let name = F::view_declaration(view).name;
    F::visit_view(view, &mut Text::new(out, order, name))
}

/// The listing visitor.
struct Text<'w, W: ?Sized> {
    out: &'w mut W,
    order: FieldOrder,
    level: Level,
}

impl<'w, W: fmt::Write + ?Sized> Text<'w, W> {
    /// The visitor writing the fields of op `op` to `out` in `order`.
    fn new(out: &'w mut W, order: FieldOrder, op: &'static str) -> Self {
        Text {
            out,
            order,
            level: Level::new(op),
        }
    }

    /// The separator before every item but a level's first, then `name=` for a named one.
    #[inline(always)]
    fn lead(&mut self, key: Key) -> fmt::Result {
        let depth = self.level.depth();
        if !self.level.take_first() {
            self.out.write_char(if depth == 0 { ' ' } else { ',' })?;
        }
        if let Some(name) = key.name() {
            self.out.write_str(name)?;
            self.out.write_char('=')?;
        }
        Ok(())
    }

    /// Every value a code of a many-to-one table stands for, `|`-separated; the value's own
    /// name when the table lists none.
    fn code(&mut self, code: u64, name: &str, table: crate::LutRef) -> fmt::Result {
        if table.one_to_one || !table.is_shared(code) {
            return self.out.write_str(name);
        }
        let mut names = table.preimage_names(code);
        let Some(first) = names.next() else {
            return self.out.write_str(name);
        };
        self.out.write_str(first)?;
        for other in names {
            self.out.write_char('|')?;
            self.out.write_str(other)?;
        }
        Ok(())
    }
}

impl<W: fmt::Write + ?Sized> Visitor for Text<'_, W> {
    type Error = RenderError;

    fn order(&self) -> FieldOrder {
        self.order
    }

    #[inline]
    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), RenderError> {
        self.lead(key)?;
        match value {
            Value::Unsigned(n) => write_u64(self.out, n),
            Value::Signed(n) => write_i64(self.out, n),
            Value::Bool(flag) => self.out.write_str(if flag { "true" } else { "false" }),
            Value::Name(name) => self.out.write_str(name),
            Value::Code { code, name, table } => self.code(code, name, table),
            Value::Address(word) => write_word_hex(self.out, word),
            Value::Bytes(bytes) => write_bytes_hex(self.out, bytes),
        }?;
        Ok(())
    }

    fn begin(&mut self, key: Key, nest: Nest) -> Result<(), RenderError> {
        self.lead(key)?;
        self.level.enter(key);
        Ok(self.out.write_char(nest.open())?)
    }

    fn end(&mut self, nest: Nest) -> Result<(), RenderError> {
        self.level.leave();
        Ok(self.out.write_char(nest.close())?)
    }

    fn undecodable(&mut self, key: Key, error: FieldError) -> Result<(), RenderError> {
        Err(self.level.error(key, error))
    }
}
