//! Support for the code `#[derive(Bundle)]` generates. Not a stable API.

pub use core;
pub use serde;
pub use zerocopy;

use crate::bundle::{FieldInfo, FieldKind, Placement};

/// Reads bits `lo..=hi` of the little-endian word starting at `offset`. `hi` is at most 63, so
/// the word spans at most eight bytes; a byte past the end of `bytes` reads as zero (the layout
/// checks make that unreachable).
#[inline(always)]
pub fn read_bits(bytes: &[u8], offset: usize, lo: u32, hi: u32) -> u64 {
    let first = offset + (lo / 8) as usize;
    let last = offset + (hi / 8) as usize;
    let mut acc: u64 = 0;
    let mut i = last + 1;
    while i > first {
        i -= 1;
        acc = (acc << 8) | u64::from(bytes.get(i).copied().unwrap_or(0));
    }
    (acc >> (lo % 8)) & crate::field::low_mask(hi - lo + 1)
}

/// Writes `code` (already checked to fit) into bits `lo..=hi` of the little-endian word starting
/// at `offset`, keeping every other bit.
#[inline(always)]
pub fn write_bits(bytes: &mut [u8], offset: usize, lo: u32, hi: u32, code: u64) {
    let first = offset + (lo / 8) as usize;
    let last = offset + (hi / 8) as usize;
    let shift = lo % 8;
    let mask = crate::field::low_mask(hi - lo + 1) << shift;
    let value = (code << shift) & mask;
    let mut i = first;
    while i <= last {
        let k = (i - first) * 8;
        if let Some(b) = bytes.get_mut(i) {
            let m = (mask >> k) as u8;
            *b = (*b & !m) | ((value >> k) as u8 & m);
        }
        i += 1;
    }
}

/// The bits of each byte that some row of `fields` claims (values, opcode, constants; not the
/// rows that document reserved bytes). Every other bit must be zero on the wire.
pub const fn coverage<const N: usize>(fields: &[FieldInfo]) -> [u8; N] {
    let mut mask = [0u8; N];
    let mut f = 0;
    while f < fields.len() {
        let info = &fields[f];
        f += 1;
        // Identity bits are added from the exact mask by the generated code.
        if matches!(info.kind, FieldKind::Reserved | FieldKind::Identity { .. }) {
            continue;
        }
        let (first, last) = match info.placement {
            Placement::Bytes { len } => (info.offset * 8, (info.offset + len) * 8),
            Placement::Bits { lo, hi } => (
                info.offset * 8 + lo as usize,
                info.offset * 8 + hi as usize + 1,
            ),
        };
        let mut bit = first;
        while bit < last && bit / 8 < N {
            mask[bit / 8] |= 1 << (bit % 8);
            bit += 1;
        }
    }
    mask
}

/// Byte arrays: the only field type of a layout whose field map is not recovered.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an opaque byte array",
    note = "an unrecovered layout carries its bytes whole: declare the field as `[u8; N]`"
)]
pub trait OpaqueBytes {}
impl<const N: usize> OpaqueBytes for [u8; N] {}

/// Compiles only for byte arrays (see [`OpaqueBytes`]).
pub const fn opaque_bytes<T: OpaqueBytes>() {}

/// A table's functions, typed by the field's type. The `Value = T` bound makes a field whose
/// type is not the table's value type fail here, once, at the `lut = …` entry.
pub struct LutFns<T> {
    /// `Lut::encode`.
    pub encode: fn(&T) -> Option<u8>,
    /// `Lut::decode`.
    pub decode: fn(u64) -> Option<T>,
    /// `Lut::value_name`.
    pub value_name: fn(&T) -> &'static str,
    /// The table as the field table names it.
    pub table: crate::lut::LutRef,
}

/// The functions of table `L` for a field of type `T`.
#[inline(always)]
pub const fn lut_fns<L: crate::Lut<Value = T>, T>() -> LutFns<T> {
    LutFns {
        encode: L::encode,
        decode: L::decode,
        value_name: L::value_name,
        table: crate::lut::LutRef::of::<L>(),
    }
}

/// `mask` added to `base`, byte by byte (the identity bits of a 32-bit word layout).
pub const fn with_mask<const N: usize>(mut base: [u8; N], mask: u32) -> [u8; N] {
    let bytes = mask.to_le_bytes();
    let mut i = 0;
    while i < N && i < 4 {
        base[i] |= bytes[i];
        i += 1;
    }
    base
}

/// The first byte whose unclaimed bits are not zero: `(offset, byte, reserved bits)`.
#[inline]
pub fn first_reserved<const N: usize>(bytes: &[u8], coverage: &[u8; N]) -> Option<(usize, u8, u8)> {
    // Eight bytes at a time: the common case (all reserved bits clear) is a few word compares.
    let mut off = 0;
    while off < N {
        let end = if off + 8 <= N { off + 8 } else { N };
        let mut dirty = false;
        let mut i = off;
        while i < end {
            dirty |= bytes.get(i).copied().unwrap_or(0) & !coverage[i] != 0;
            i += 1;
        }
        if dirty {
            let mut i = off;
            while i < end {
                let b = bytes.get(i).copied().unwrap_or(0);
                if b & !coverage[i] != 0 {
                    return Some((i, b, !coverage[i]));
                }
                i += 1;
            }
        }
        off = end;
    }
    None
}

/// Reads `len` bytes (at most 8) at `offset` as a little-endian unsigned integer.
#[inline(always)]
pub fn read_le(bytes: &[u8], offset: usize, len: usize) -> u64 {
    if len == 0 {
        return 0;
    }
    read_bits(bytes, offset, 0, (len * 8 - 1) as u32)
}

/// Writes `value` as `len` (at most 8) little-endian bytes at `offset`.
#[inline(always)]
pub fn write_le(bytes: &mut [u8], offset: usize, len: usize, value: u64) {
    if len > 0 {
        write_bits(bytes, offset, 0, (len * 8 - 1) as u32, value);
    }
}

/// A compile-time error message (const panics print one `&str`): fixed capacity, ASCII.
pub struct Message {
    buf: [u8; 256],
    len: usize,
}

impl Message {
    /// An empty message.
    pub const fn new() -> Self {
        Self {
            buf: [0; 256],
            len: 0,
        }
    }

    /// Appends `text` (cut at the capacity).
    pub const fn push(mut self, text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() && self.len < self.buf.len() {
            self.buf[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// Appends `code` as `0xNN`.
    pub const fn push_code(self, code: u8) -> Self {
        const HEX: [&str; 16] = [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F",
        ];
        self.push("0x")
            .push(HEX[(code >> 4) as usize])
            .push(HEX[(code & 0xF) as usize])
    }

    /// The text (up to the last whole character, should the capacity cut one).
    pub const fn as_str(&self) -> &str {
        let (text, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(text) {
            Ok(text) => text,
            Err(e) => match core::str::from_utf8(text.split_at(e.valid_up_to()).0) {
                Ok(text) => text,
                Err(_) => "",
            },
        }
    }
}

impl Default for Message {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_ranges_cross_bytes_little_endian() {
        // A 17-bit immediate split like B.DIM's: bits 20..=31 of a word.
        let word: u32 = 0xABC0_0000;
        let bytes = word.to_le_bytes();
        assert_eq!(read_bits(&bytes, 0, 20, 31), 0xABC);
        let mut out = [0u8; 4];
        write_bits(&mut out, 0, 20, 31, 0xABC);
        assert_eq!(u32::from_le_bytes(out), 0xABC0_0000);
    }

    #[test]
    fn nibbles_keep_their_neighbours() {
        let mut b = [0x00u8, 0x5A];
        write_bits(&mut b, 1, 4, 7, 0x3);
        assert_eq!(b, [0x00, 0x3A]);
        write_bits(&mut b, 1, 0, 3, 0xF);
        assert_eq!(b, [0x00, 0x3F]);
        assert_eq!(read_bits(&b, 1, 4, 7), 0x3);
    }

    #[test]
    fn the_first_dirty_reserved_bit_is_found() {
        let cov = [0xFFu8, 0x0F, 0x00, 0xFF, 0, 0, 0, 0, 0, 0];
        assert_eq!(
            first_reserved(&[0xFF, 0x0F, 0, 0xFF, 0, 0, 0, 0, 0, 0], &cov),
            None
        );
        assert_eq!(
            first_reserved(&[0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0], &cov),
            Some((1, 0x10, 0xF0))
        );
        assert_eq!(
            first_reserved(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 1], &cov),
            Some((9, 1, 0xFF))
        );
    }
}
