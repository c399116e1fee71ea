//! The JSON form of a bundle's fields: the members the op's serde form writes, in its order,
//! byte for byte as `serde_json` writes them (integers in decimal, an ADDR4 word as its number,
//! enumeration and table values by name, opaque bytes as a string of hexadecimal digits, a
//! nested value as an object, a sequence as an array).

use core::fmt;

use super::Level;
use super::{HEX, RenderError, write_bytes_hex, write_i64, write_u64};
use crate::Bundle;
use crate::error::FieldError;
use crate::family::Family;
use crate::visit::{FieldOrder, Key, Nest, Value, Visitor};

/// Appends the fields of `wire` to `out` as JSON members, in declaration order, each preceded
/// by a comma, then the closing `}`. The caller opens the object and writes its own members
/// first (`{"offset":64,"op":"TensorTensor"`), so a layout without fields closes it as well.
///
/// A field whose bits do not decode stops the object with the error decoding the bundle
/// reports for it; what was appended before stays in `out`.
pub fn json_fields<B: Bundle, W: fmt::Write + ?Sized>(
    wire: &B::Wire,
    out: &mut W,
) -> Result<(), RenderError> {
    let mut json = Json {
        out,
        level: Level::new(B::NAME),
    };
    B::visit(wire, &mut json)?;
    json.out.write_char('}')?;
    Ok(())
}

/// [`json_fields`] for a member of family `F` read in place: whichever member `view` is.
pub fn json_member<F: Family, W: fmt::Write + ?Sized>(
    view: &F::View<'_>,
    out: &mut W,
) -> Result<(), RenderError> {
    let mut json = Json {
        out,
        level: Level::new(F::view_declaration(view).name),
    };
    F::visit_view(view, &mut json)?;
    json.out.write_char('}')?;
    Ok(())
}

/// Writes `s` as a JSON string, quoted and escaped as `serde_json` escapes it: `"` and `\`,
/// the short escapes `\b \f \n \r \t`, every other control character as `\u00XX`.
///
/// ```
/// let mut out = String::new();
/// isa_core::render::json::write_string(&mut out, "a\"b\\c\n\u{1}")?;
/// assert_eq!(out, r#""a\"b\\c\n\u0001""#);
/// # Ok::<(), std::fmt::Error>(())
/// ```
pub fn write_string<W: fmt::Write + ?Sized>(out: &mut W, s: &str) -> fmt::Result {
    out.write_char('"')?;
    // Names and wire names rarely need an escape: one pass without a branch per byte says so.
    let plain = s.bytes().fold(true, |plain, b| {
        plain & (b >= 0x20) & (b != b'"') & (b != b'\\')
    });
    if plain {
        out.write_str(s)?;
        return out.write_char('"');
    }
    let mut start = 0;
    for (i, &byte) in s.as_bytes().iter().enumerate() {
        let escape = ESCAPE[usize::from(byte)];
        if escape == 0 {
            continue;
        }
        out.write_str(s.get(start..i).unwrap_or_default())?;
        start = i + 1;
        out.write_char('\\')?;
        out.write_char(char::from(escape))?;
        if escape == b'u' {
            out.write_str("00")?;
            out.write_char(char::from(HEX[usize::from(byte >> 4)]))?;
            out.write_char(char::from(HEX[usize::from(byte & 0xF)]))?;
        }
    }
    out.write_str(s.get(start..).unwrap_or_default())?;
    out.write_char('"')
}

/// What follows the backslash of each byte's escape: 0 for a byte written as it is, `u` for
/// `\u00XX` (serde_json's table).
const ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0A] = b'n';
    table[0x0C] = b'f';
    table[0x0D] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// The JSON visitor.
struct Json<'w, W: ?Sized> {
    out: &'w mut W,
    level: Level,
}

impl<W: fmt::Write + ?Sized> Json<'_, W> {
    /// The comma before every member of the top level and every item but a nested value's
    /// first, then `"name":` for a named one.
    fn lead(&mut self, key: Key) -> fmt::Result {
        let depth = self.level.depth();
        if !self.level.take_first() || depth == 0 {
            self.out.write_char(',')?;
        }
        if let Some(name) = key.name() {
            write_string(self.out, name)?;
            self.out.write_char(':')?;
        }
        Ok(())
    }
}

impl<W: fmt::Write + ?Sized> Visitor for Json<'_, W> {
    type Error = RenderError;

    fn order(&self) -> FieldOrder {
        FieldOrder::Declaration
    }

    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), RenderError> {
        self.lead(key)?;
        match value {
            Value::Unsigned(n) => write_u64(self.out, n),
            Value::Signed(n) => write_i64(self.out, n),
            Value::Bool(flag) => self.out.write_str(if flag { "true" } else { "false" }),
            Value::Name(name) | Value::Code { name, .. } => write_string(self.out, name),
            Value::Address(word) => write_u64(self.out, word.into()),
            Value::Bytes(bytes) => {
                self.out.write_char('"')?;
                write_bytes_hex(self.out, bytes)?;
                self.out.write_char('"')
            }
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
