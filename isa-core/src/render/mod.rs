//! A bundle's fields as text and as JSON, written from the [`visit`](crate::visit) walk over its
//! wire struct: no decode into the logical struct, no intermediate tree, nothing allocated per
//! field. How a value prints follows from its [`Value`](crate::visit::Value) kind alone.
//!
//! - [`text_fields`]: `name=value` pairs, the listing form of `isa decode`
//!   (`alu=subtract out={addr=0x00001400,strides=[1,1,1],nums=[512,1,1]}`);
//! - [`json_fields`]: the members of the JSON object, as the serde form of the op writes them.
//!
//! ```
//! use isa_core::render::{json_fields, text_fields};
//! use isa_core::{Bundle, SyncBand};
//!
//! let band = SyncBand { wait_mode: 1, wait_index: 0, update_mode: 2, update_index: 3, value: 7 };
//! let wire = band.encode()?;
//! let mut text = String::new();
//! text_fields::<SyncBand, _>(&wire, &mut text)?;
//! assert_eq!(text, "wait_mode=1 wait_index=0 update_mode=2 update_index=3 value=7");
//! let mut json = String::from("{\"kind\":\"band\"");
//! json_fields::<SyncBand, _>(&wire, &mut json)?;
//! assert_eq!(
//!     json,
//!     r#"{"kind":"band","wait_mode":1,"wait_index":0,"update_mode":2,"update_index":3,"value":7}"#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::error::DecodeError;

pub mod json;
pub mod text;

pub use json::{json_fields, json_member};
pub use text::{text_fields, text_fields_in, text_member};

/// Why a bundle's fields could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// A field's bits do not decode: the error decoding the bundle reports for that field.
    /// Boxed, so that the result every visited field returns stays two words wide.
    #[error(transparent)]
    Decode(Box<DecodeError>),
    /// The output refused a write.
    #[error("the output refused a write")]
    Write(#[from] fmt::Error),
}

impl From<DecodeError> for RenderError {
    fn from(e: DecodeError) -> Self {
        RenderError::Decode(Box::new(e))
    }
}

/// Where a renderer is in the walk: the location an undecodable field is reported at, and
/// whether the current level has had an item yet. What the text and JSON forms share; each
/// writes its own separators.
pub(crate) struct Level {
    at: crate::visit::Locator,
    first: bool,
}

impl Level {
    /// The top level of op `op`'s fields.
    pub(crate) const fn new(op: &'static str) -> Self {
        Level {
            at: crate::visit::Locator::new(op),
            first: true,
        }
    }

    /// How deep the walk is: 0 at the top level.
    pub(crate) const fn depth(&self) -> usize {
        self.at.depth()
    }

    /// Whether the next item is its level's first; the level has one from now on.
    pub(crate) fn take_first(&mut self) -> bool {
        core::mem::replace(&mut self.first, false)
    }

    /// Into the nested value under `key`.
    pub(crate) fn enter(&mut self, key: crate::visit::Key) {
        self.at.begin(key);
        self.first = true;
    }

    /// Out of the nested value, which its level counts as an item.
    pub(crate) fn leave(&mut self) {
        self.at.end();
        self.first = false;
    }

    /// The error for the field under `key` whose bits do not decode, placed as decode places it.
    pub(crate) fn error(
        &self,
        key: crate::visit::Key,
        error: crate::error::FieldError,
    ) -> RenderError {
        RenderError::from(self.at.error(key, error))
    }
}

/// `00` to `99`: a number below 100 is written as a slice of it, without a buffer.
const DIGIT_PAIRS: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// Writes `n` in decimal.
pub(crate) fn write_u64<W: fmt::Write + ?Sized>(out: &mut W, mut n: u64) -> fmt::Result {
    if n < 100 {
        let at = 2 * n as usize + usize::from(n < 10);
        return out.write_str(DIGIT_PAIRS.get(at..2 * n as usize + 2).unwrap_or_default());
    }
    let mut buf = [0u8; 20];
    let mut len = 0;
    for slot in buf.iter_mut().rev() {
        *slot = b'0' + (n % 10) as u8;
        n /= 10;
        len += 1;
        if n == 0 {
            break;
        }
    }
    // One character at a time: the digits need no UTF-8 check, and there are few of them.
    for &digit in buf.get(buf.len() - len..).unwrap_or_default() {
        out.write_char(char::from(digit))?;
    }
    Ok(())
}

/// Writes `n` in decimal, with a leading `-` when negative.
pub(crate) fn write_i64<W: fmt::Write + ?Sized>(out: &mut W, n: i64) -> fmt::Result {
    if n < 0 {
        out.write_char('-')?;
    }
    write_u64(out, n.unsigned_abs())
}

/// Lowercase hexadecimal digits.
pub(crate) const HEX: &[u8; 16] = b"0123456789abcdef";

/// Writes `word` as `0x` and eight lowercase hexadecimal digits (`{:#010x}`).
pub(crate) fn write_word_hex<W: fmt::Write + ?Sized>(out: &mut W, word: u32) -> fmt::Result {
    write_hex(out, u64::from(word), 8)
}

/// Writes `value` as `0x` and at least `digits` lowercase hexadecimal digits (`{:#0w$x}` with
/// `w = digits + 2`), one character at a time.
pub fn write_hex<W: fmt::Write + ?Sized>(out: &mut W, value: u64, digits: u32) -> fmt::Result {
    out.write_str("0x")?;
    let needed = (64 - value.leading_zeros()).div_ceil(4).max(digits.min(16));
    for k in (0..needed).rev() {
        let nibble = (value >> (4 * k)) & 0xF;
        out.write_char(char::from(HEX[nibble as usize]))?;
    }
    Ok(())
}

/// Writes every byte of `bytes` as two lowercase hexadecimal digits.
pub(crate) fn write_bytes_hex<W: fmt::Write + ?Sized>(out: &mut W, bytes: &[u8]) -> fmt::Result {
    let mut buf = [0u8; 64];
    for chunk in bytes.chunks(buf.len() / 2) {
        for (pair, byte) in buf.chunks_exact_mut(2).zip(chunk) {
            pair.copy_from_slice(&[HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xF)]]);
        }
        write_ascii(out, buf.get(..2 * chunk.len()).unwrap_or_default())?;
    }
    Ok(())
}

/// Writes ASCII bytes built above.
fn write_ascii<W: fmt::Write + ?Sized>(out: &mut W, ascii: &[u8]) -> fmt::Result {
    out.write_str(core::str::from_utf8(ascii).map_err(|_| fmt::Error)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_bytes_print_as_format_prints_them() {
        let mut out = String::new();
        for n in [0, 9, 10, 12_345, u64::MAX] {
            out.clear();
            write_u64(&mut out, n).unwrap();
            assert_eq!(out, n.to_string());
        }
        for n in [0, -1, 42, i64::MIN, i64::MAX] {
            out.clear();
            write_i64(&mut out, n).unwrap();
            assert_eq!(out, n.to_string());
        }
        for w in [0, 0x2000_0040, u32::MAX] {
            out.clear();
            write_word_hex(&mut out, w).unwrap();
            assert_eq!(out, format!("{w:#010x}"));
        }
        let bytes: Vec<u8> = (0..=255).collect();
        out.clear();
        write_bytes_hex(&mut out, &bytes).unwrap();
        let expected: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(out, expected);
    }
}
