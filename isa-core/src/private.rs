//! Support for the code `#[derive(Bundle)]` generates. Not a stable API.

pub use core;
pub use serde;
pub use std::vec::Vec;
pub use zerocopy;

pub use crate::field::low_mask;

use crate::bundle::{FieldInfo, FieldKind, Placement};
use crate::error::{DecodeError, EncodeError, FieldError, Problem};

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

/// Layouts up to this many bytes get a field-table row for every run of bits no row claims;
/// a larger layout's reserved runs are left to the tools.
const GAP_BYTES: usize = 512;

/// The bits of a layout of `size` bytes that a row of `fields` claims: every row's range, and
/// for an identity row only its mask's bits (the fields inside the holes claim the rest).
///
/// Why here and not in the derive, which maps the bits it places for its own rules: a whole
/// field's width is its wire type's size, which for a descriptor, an enumeration or a nested
/// layout only `const` evaluation reads. The rows carry those sizes, so the claimed bits (and
/// from them [`coverage`], [`fixed`] and the gap rows) are computed once, here, from the rows.
const fn claimed(fields: &[FieldInfo], size: usize) -> [u64; GAP_BYTES / 8] {
    let mut map = [0u64; GAP_BYTES / 8];
    let mut f = 0;
    while f < fields.len() {
        let info = &fields[f];
        f += 1;
        let (first, last) = (info.first_bit(), info.last_bit());
        let mut bit = first;
        while bit <= last && bit < size * 8 && bit < GAP_BYTES * 8 {
            let owned = match info.kind {
                FieldKind::Identity { mask, .. } => {
                    let k = bit - info.offset * 8;
                    k < 32 && mask >> k & 1 == 1
                }
                _ => true,
            };
            if owned {
                map[bit / 64] |= 1 << (bit % 64);
            }
            bit += 1;
        }
    }
    map
}

/// The rows that document one unclaimed run of bits `[from, to)`: a partial first byte, whole
/// bytes, a partial last byte (each present only when it has bits); how many there are, and
/// each as `(byte offset, placement)`.
const fn run_rows(from: usize, to: usize) -> ([(usize, Placement); 3], usize) {
    let mut out = [(0, Placement::Bytes { len: 0 }); 3];
    let mut n = 0;
    let mut at = from;
    if !at.is_multiple_of(8) || to - at < 8 {
        let end = if to < (at / 8 + 1) * 8 {
            to
        } else {
            (at / 8 + 1) * 8
        };
        out[n] = (
            at / 8,
            Placement::Bits {
                lo: (at % 8) as u32,
                hi: ((end - 1) % 8) as u32,
            },
        );
        n += 1;
        at = end;
    }
    if to - at >= 8 {
        let len = (to - at) / 8;
        out[n] = (at / 8, Placement::Bytes { len });
        n += 1;
        at += len * 8;
    }
    if at < to {
        out[n] = (
            at / 8,
            Placement::Bits {
                lo: 0,
                hi: ((to - 1) % 8) as u32,
            },
        );
        n += 1;
    }
    (out, n)
}

/// The field-table row of reserved bits no row claims.
const fn gap_row(offset: usize, placement: Placement) -> FieldInfo {
    FieldInfo {
        name: "reserved",
        spec_name: "",
        offset,
        placement,
        value_bits: None,
        ty: "",
        lut: None,
        kind: FieldKind::Reserved,
        confidence: crate::bundle::Confidence::NotStated,
        note: "no field claims these bits",
        corroborated: "",
        disputed: "",
    }
}

/// Writes every gap row of a layout, in bit order, into `out` (as many as it holds) and returns
/// how many there are: [`gap_count`] passes no room, [`with_gaps`] room for all.
const fn gap_rows_into(fields: &[FieldInfo], size: usize, out: &mut [FieldInfo]) -> usize {
    if size > GAP_BYTES {
        return 0;
    }
    let map = claimed(fields, size);
    let mut n = 0;
    let mut bit = 0;
    while bit < size * 8 {
        if map[bit / 64] >> (bit % 64) & 1 == 1 {
            bit += 1;
            continue;
        }
        let from = bit;
        while bit < size * 8 && map[bit / 64] >> (bit % 64) & 1 == 0 {
            bit += 1;
        }
        let (rows, k) = run_rows(from, bit);
        let mut r = 0;
        while r < k {
            if n < out.len() {
                out[n] = gap_row(rows[r].0, rows[r].1);
            }
            n += 1;
            r += 1;
        }
    }
    n
}

/// How many rows document the runs of a `size`-byte layout that no row of `fields` claims.
pub const fn gap_count(fields: &[FieldInfo], size: usize) -> usize {
    gap_rows_into(fields, size, &mut [])
}

/// `fields` with a [`FieldKind::Reserved`] row for every run of bits no row claims, merged in
/// table order (by first bit): the field table the tools read, so that no tool computes the
/// reserved runs again. `N` is `fields.len() + gap_count(fields, size)`.
pub const fn with_gaps<const N: usize>(fields: &[FieldInfo], size: usize) -> [FieldInfo; N] {
    let mut gaps = [gap_row(0, Placement::Bytes { len: 0 }); N];
    let count = gap_rows_into(fields, size, &mut gaps);
    let mut out = [gap_row(0, Placement::Bytes { len: 0 }); N];
    let (mut f, mut g, mut n) = (0, 0, 0);
    while n < N {
        let take_gap = if f >= fields.len() {
            true
        } else if g >= count {
            false
        } else {
            gaps[g].first_bit() < fields[f].first_bit()
        };
        if take_gap {
            out[n] = gaps[g];
            g += 1;
        } else {
            out[n] = fields[f];
            f += 1;
        }
        n += 1;
    }
    out
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

/// Shows a lookup-table field's `code` to `v`: the value it decodes to, by name, with the
/// table; a code no entry has is undecodable, as the field's getter reports it (`known`: the
/// table's codes). Always inlined: the table's functions are then constants at the call, and
/// a visitor that keeps only the code does not pay for two indirect calls per field.
#[inline(always)]
pub fn visit_lut<T, V: crate::visit::Visitor>(
    fns: &LutFns<T>,
    known: &'static crate::error::Codes,
    code: u64,
    key: crate::visit::Key,
    v: &mut V,
) -> Result<(), V::Error> {
    match (fns.decode)(code) {
        Some(value) => v.value(
            key,
            crate::visit::Value::Code {
                code,
                name: (fns.value_name)(&value),
                table: fns.table,
            },
        ),
        None => v.undecodable(
            key,
            FieldError::new(Problem::UnknownCode {
                code,
                table: fns.table.name,
                known,
            }),
        ),
    }
}

/// Shows a bit-range field to `v`, as its type describes its code
/// ([`BitValue::describe`](crate::BitValue::describe)); a code the type refuses is undecodable.
/// (The generated code calls `describe` itself, so that a type that is no `BitValue` is reported
/// once, at the field, with the getters' error.)
#[inline]
pub fn visit_described<V: crate::visit::Visitor>(
    described: Result<crate::visit::Value<'static>, Problem>,
    key: crate::visit::Key,
    v: &mut V,
) -> Result<(), V::Error> {
    match described {
        Ok(value) => v.value(key, value),
        Err(problem) => v.undecodable(key, FieldError::new(problem)),
    }
}

/// Shows a nested layout (one without identity, a field of others) to `v` under `key`: its
/// fields between a begin and an end. A nested layout whose fixed bits are wrong is undecodable
/// as a whole, with the fault its field's getter reports.
#[inline]
pub fn visit_nested<B: crate::Bundle, V: crate::visit::Visitor>(
    wire: &B::Wire,
    key: crate::visit::Key,
    v: &mut V,
) -> Result<(), V::Error> {
    if !B::fixed_ok(wire) {
        return nested_fault::<B, V>(wire, key, v);
    }
    let nest = crate::visit::Nest::Layout(B::NAME);
    v.begin(key, nest)?;
    B::visit(wire, v)?;
    v.end(nest)
}

/// The fault of a nested layout whose fixed bits are wrong, shown to `v` as undecodable.
#[cold]
#[inline(never)]
fn nested_fault<B: crate::Bundle, V: crate::visit::Visitor>(
    wire: &B::Wire,
    key: crate::visit::Key,
    v: &mut V,
) -> Result<(), V::Error> {
    let fault = match B::decode(wire) {
        Err(e) => e.into_inner(),
        Ok(_) => FieldError::new(Problem::Rule(
            "the fixed bits of the layout do not match it",
        )),
    };
    v.undecodable(key, fault)
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

/// The bits of a layout that every valid bundle has the same value in, as little-endian 64-bit
/// words: reserved bits (zero), constants (their value), and the identity bits of a 32-bit word
/// layout. Decode compares them a word at a time and looks for the exact fault only when one
/// differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fixed<const W: usize> {
    /// Which bits are fixed.
    pub mask: [u64; W],
    /// Their value (zero outside `mask`).
    pub value: [u64; W],
}

/// The fixed bits of an `N`-byte layout (`W` = `N` / 8 rounded up): every bit [`coverage`] leaves
/// out, every constant row of `fields`, and the identity bits `id_mask` with value `id_value`.
pub const fn fixed<const N: usize, const W: usize>(
    fields: &[FieldInfo],
    id_mask: u32,
    id_value: u32,
) -> Fixed<W> {
    let covered = with_mask(coverage::<N>(fields), id_mask);
    let mut mask = [0u8; N];
    let mut value = [0u8; N];
    let mut i = 0;
    while i < N {
        mask[i] = !covered[i];
        i += 1;
    }
    let mut f = 0;
    while f < fields.len() {
        let info = &fields[f];
        f += 1;
        let v = match info.kind {
            FieldKind::Constant(v) => v,
            FieldKind::Value
            | FieldKind::Opcode
            | FieldKind::Reserved
            | FieldKind::Identity { .. } => continue,
        };
        let (first, last) = (info.first_bit(), info.last_bit());
        let mut bit = first;
        while bit <= last && bit / 8 < N {
            mask[bit / 8] |= 1 << (bit % 8);
            let k = bit - first;
            if k < 64 && (v >> k) & 1 == 1 {
                value[bit / 8] |= 1 << (bit % 8);
            }
            bit += 1;
        }
    }
    let (id_mask, id_value) = (id_mask.to_le_bytes(), id_value.to_le_bytes());
    let mut i = 0;
    while i < N && i < 4 {
        mask[i] |= id_mask[i];
        value[i] |= id_value[i] & id_mask[i];
        i += 1;
    }
    let mut out = Fixed {
        mask: [0; W],
        value: [0; W],
    };
    let mut i = 0;
    while i < N && i / 8 < W {
        out.mask[i / 8] |= (mask[i] as u64) << (8 * (i % 8));
        out.value[i / 8] |= (value[i] as u64) << (8 * (i % 8));
        i += 1;
    }
    out
}

/// Whether every fixed bit of `bytes` has its value. With `fixed` a constant, the loop unrolls
/// and a word without fixed bits costs nothing.
#[inline(always)]
pub fn fixed_ok<const W: usize>(bytes: &[u8], fixed: &Fixed<W>) -> bool {
    let mut diff = 0u64;
    let mut k = 0;
    while k < W {
        if fixed.mask[k] != 0 {
            diff |= (word_at(bytes, 8 * k) & fixed.mask[k]) ^ fixed.value[k];
        }
        k += 1;
    }
    diff == 0
}

/// The `L` bytes of the fixed bits' values from byte `offset` on: what encode writes into a part
/// of the wire struct no field setter writes whole (a reserved gap, a constant, a cell of bit
/// fields before the fields' setters fill their bits). Bits that are not fixed are zero. Bytes
/// past the layout's end are zero.
pub const fn fixed_bytes<const L: usize, const W: usize>(
    fixed: &Fixed<W>,
    offset: usize,
) -> [u8; L] {
    let mut out = [0u8; L];
    let mut i = 0;
    while i < L {
        let at = offset + i;
        if at / 8 < W {
            out[i] = (fixed.value[at / 8] >> (8 * (at % 8))) as u8;
        }
        i += 1;
    }
    out
}

/// The fixed bits' values of bytes `offset..offset + len` (at most 8) as a little-endian word:
/// what encode starts a run of bytes from before it ors in the run's field codes.
pub const fn read_fixed<const W: usize>(fixed: &Fixed<W>, offset: usize, len: usize) -> u64 {
    let word = u64::from_le_bytes(fixed_bytes::<8, W>(fixed, offset));
    let bits = if len < 8 { 8 * len as u32 } else { 64 };
    word & crate::field::low_mask(bits)
}

/// The little-endian 64-bit word at `offset`; bytes past the end of `bytes` read as zero.
#[inline(always)]
fn word_at(bytes: &[u8], offset: usize) -> u64 {
    match bytes.get(offset..offset + 8) {
        Some(&[a, b, c, d, e, f, g, h]) => u64::from_le_bytes([a, b, c, d, e, f, g, h]),
        _ => read_bits(bytes, offset, 0, 63),
    }
}

/// A set of byte values (an opcode list) as a 256-bit map: membership is one load and a shift,
/// with no branch per member.
pub const fn byte_set(bytes: &[u8]) -> [u64; 4] {
    let mut set = [0u64; 4];
    let mut i = 0;
    while i < bytes.len() {
        set[(bytes[i] >> 6) as usize] |= 1 << (bytes[i] & 63);
        i += 1;
    }
    set
}

/// Whether `byte` is in `set` (see [`byte_set`]).
#[inline(always)]
pub fn in_byte_set(set: &[u64; 4], byte: u8) -> bool {
    (set[usize::from(byte >> 6) & 3] >> (byte & 63)) & 1 == 1
}

/// Whether `codes` is not empty and every code is in `set`: an opcode field whose type writes only
/// declared opcodes (see [`BitValue::CODES`](crate::BitValue::CODES)) is not checked on encode.
pub const fn all_in(codes: &[u8], set: &[u8]) -> bool {
    let mut i = 0;
    while i < codes.len() {
        let mut found = false;
        let mut k = 0;
        while k < set.len() {
            found |= set[k] == codes[i];
            k += 1;
        }
        if !found {
            return false;
        }
        i += 1;
    }
    !codes.is_empty()
}

/// A field's decode error, built off the hot path: the generated decoder only branches to it.
#[cold]
#[inline(never)]
pub fn decode_error(
    op: &'static str,
    field: &'static str,
    at: usize,
    err: FieldError,
) -> DecodeError {
    DecodeError::field(op, field, at, err)
}

/// A field's encode error, built off the hot path.
#[cold]
#[inline(never)]
pub fn encode_error(
    op: &'static str,
    field: &'static str,
    at: usize,
    err: FieldError,
) -> EncodeError {
    EncodeError::field(op, field, at, err)
}

/// The error for a value that a field's lookup table has no code for; the value's name is looked
/// up only here, on the way out.
#[cold]
#[inline(never)]
pub fn no_wire_form<T>(
    value: &T,
    value_name: fn(&T) -> &'static str,
    table: &'static str,
    known: &'static crate::error::Codes,
    op: &'static str,
    field: &'static str,
    at: usize,
) -> EncodeError {
    let problem = Problem::NoWireForm {
        value: value_name(value),
        table,
        known,
    };
    EncodeError::field(op, field, at, FieldError::new(problem))
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
    // One copy of whole bytes, so a 4-byte header is one store, not four.
    let le = value.to_le_bytes();
    if let (Some(dst), Some(src)) = (bytes.get_mut(offset..offset + len), le.get(..len)) {
        dst.copy_from_slice(src);
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

    /// Appends `n` in decimal.
    pub const fn push_dec(self, n: u64) -> Self {
        self.push_digits(n, 10, 1)
    }

    /// Appends `n` as `format!("{n:#04x}")` writes it, as the derive's own messages do: `0x`
    /// and at least two lowercase hex digits.
    pub const fn push_hex(self, n: u64) -> Self {
        self.push("0x").push_digits(n, 16, 2)
    }

    /// Appends a 32-bit word as `format!("{n:#010x}")` writes it, as the reference's
    /// `word & mask == match` does.
    pub const fn push_word(self, n: u32) -> Self {
        self.push("0x").push_digits(n as u64, 16, 8)
    }

    const fn push_digits(mut self, n: u64, base: u64, min: usize) -> Self {
        let mut digits = [0u8; 20];
        let (mut k, mut rest) = (0, n);
        while k < min || rest > 0 {
            digits[k] = b"0123456789abcdef"[(rest % base) as usize];
            rest /= base;
            k += 1;
        }
        while k > 0 && self.len < self.buf.len() {
            k -= 1;
            self.buf[self.len] = digits[k];
            self.len += 1;
        }
        self
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

/// A whole field of `width` bytes at `offset` runs into `next` (a field, constant or reserved
/// range, named as "field `imm`") starting at byte `at`: the fix is to move `next` to the first
/// free byte after the field.
pub const fn overlap(field: &str, offset: usize, width: usize, next: &str, at: usize) -> Message {
    Message::new()
        .push("field `")
        .push(field)
        .push("` at ")
        .push_hex(offset as u64)
        .push(" is ")
        .push_dec(width as u64)
        .push(" bytes wide, so ")
        .push(next)
        .push(" at ")
        .push_hex(at as u64)
        .push(" overlaps it; move ")
        .push(next)
        .push(" to ")
        .push_hex((offset + width) as u64)
        .push(" or later")
}

/// A whole field of `width` bytes at `offset` runs into `fixed` (the header or the identity
/// bits, which do not move) at byte `at`: the fix is a narrower type or another offset.
pub const fn runs_into_fixed(
    field: &str,
    offset: usize,
    width: usize,
    fixed: &str,
    at: usize,
) -> Message {
    Message::new()
        .push("field `")
        .push(field)
        .push("` at ")
        .push_hex(offset as u64)
        .push(" is ")
        .push_dec(width as u64)
        .push(" bytes wide and runs into ")
        .push(fixed)
        .push(" at ")
        .push_hex(at as u64)
        .push("; only ")
        .push_dec((at - offset) as u64)
        .push(" bytes are free there: move the field or give it a narrower type")
}

/// A whole field of `width` bytes at `offset` runs past the end of a `size`-byte layout: the
/// fix is the last offset where it fits.
pub const fn past_end(field: &str, offset: usize, width: usize, size: usize) -> Message {
    let m = Message::new()
        .push("field `")
        .push(field)
        .push("` at ")
        .push_hex(offset as u64)
        .push(" is ")
        .push_dec(width as u64)
        .push(" bytes wide and runs past the end of the ")
        .push_dec(size as u64)
        .push("-byte layout; ");
    if width > size {
        m.push("it is wider than the whole layout: give it a narrower type")
    } else {
        m.push("move it to ")
            .push_hex((size - width) as u64)
            .push(" or earlier")
    }
}

/// What the width check of a table field reads of table `L`, each item named through
/// `<L as Lut>`, so that a table that does not exist is reported once.
pub struct LutShape<V: 'static> {
    /// `Lut::NAME`.
    pub name: &'static str,
    /// `Lut::CODE_BITS`.
    pub code_bits: u32,
    /// `Lut::ENTRIES`.
    pub entries: &'static [(V, u8)],
    /// `Lut::CODES`.
    pub codes: crate::error::Codes,
}

/// When a table's codes do not fit in the `width` bits of field `field`, `what` it is ("4-bit
/// range"): the message says how many bits the table needs and which code is the widest (by
/// name, when the table gives names).
pub const fn lut_too_wide<V>(
    table: LutShape<V>,
    width: u32,
    field: &str,
    what: &str,
) -> Option<Message> {
    if table.code_bits <= width {
        return None;
    }
    let mut widest = 0u8;
    let mut i = 0;
    while i < table.entries.len() {
        if table.entries[i].1 > widest {
            widest = table.entries[i].1;
        }
        i += 1;
    }
    let mut m = Message::new()
        .push("table `")
        .push(table.name)
        .push("` needs ")
        .push_dec(table.code_bits as u64)
        .push(" bits (its widest code is ")
        .push_hex(widest as u64);
    let mut i = 0;
    while i < table.codes.len() {
        if table.codes[i].1 == widest {
            m = m.push(", `").push(table.codes[i].0).push("`");
            break;
        }
        i += 1;
    }
    Some(
        m.push("), more than the ")
            .push(what)
            .push(" of field `")
            .push(field)
            .push("`; give the field at least ")
            .push_dec(table.code_bits as u64)
            .push(" bits"),
    )
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
    fn fixed_bits_are_reserved_bits_constants_and_identity() {
        let fields = [
            FieldInfo {
                name: "len",
                spec_name: "",
                value_bits: None,
                offset: 1,
                placement: Placement::Bytes { len: 1 },
                ty: "u8",
                lut: None,
                kind: FieldKind::Constant(0x10),
                confidence: crate::Confidence::Confirmed,
                note: "",
                corroborated: "",
                disputed: "",
            },
            FieldInfo {
                name: "x",
                spec_name: "",
                value_bits: None,
                offset: 2,
                placement: Placement::Bits { lo: 0, hi: 3 },
                ty: "u8",
                lut: None,
                kind: FieldKind::Value,
                confidence: crate::Confidence::Confirmed,
                note: "",
                corroborated: "",
                disputed: "",
            },
        ];
        // Byte 0: identity bits 0..=3 = 0x5, bits 4..=7 reserved; byte 1 constant 0x10; byte 2
        // high nibble reserved; bytes 3..=9 reserved.
        let f = fixed::<10, 2>(&fields, 0x0F, 0x05);
        assert_eq!(f.mask, [0xFFFF_FFFF_FFF0_FFFF, 0xFFFF]);
        assert_eq!(f.value, [0x0000_0000_0000_1005, 0]);
        let mut b = [0x05u8, 0x10, 0x0A, 0, 0, 0, 0, 0, 0, 0];
        assert!(fixed_ok(&b, &f));
        b[9] = 1;
        assert!(!fixed_ok(&b, &f));
        b[9] = 0;
        b[2] = 0x1A;
        assert!(!fixed_ok(&b, &f));
        b[2] = 0x0A;
        b[1] = 0x11;
        assert!(!fixed_ok(&b, &f));
        b[1] = 0x10;
        b[0] = 0x04;
        assert!(!fixed_ok(&b, &f));
        // A buffer shorter than the last word reads the missing bytes as zero.
        assert!(fixed_ok(&[0x05, 0x10, 0x0A, 0, 0, 0, 0, 0, 0], &f));
    }

    #[test]
    fn fixed_bytes_are_the_fixed_values_of_a_byte_range() {
        let f = Fixed::<2> {
            mask: [0xFFFF_FFFF_FFF0_FFFF, 0xFFFF],
            value: [0x0000_0000_0000_1005, 0x00AB],
        };
        assert_eq!(fixed_bytes::<2, 2>(&f, 0), [0x05, 0x10]);
        assert_eq!(fixed_bytes::<1, 2>(&f, 2), [0x00]);
        assert_eq!(fixed_bytes::<3, 2>(&f, 7), [0x00, 0xAB, 0x00]);
        assert_eq!(fixed_bytes::<2, 2>(&f, 15), [0x00, 0x00]);
        assert_eq!(fixed_bytes::<0, 2>(&f, 3), []);
    }

    #[test]
    fn a_run_of_fixed_bytes_reads_as_one_little_endian_word() {
        let f = Fixed::<2> {
            mask: [0xFFFF_FFFF_FFF0_FFFF, 0xFFFF],
            value: [0x0000_0000_0000_1005, 0x00AB],
        };
        assert_eq!(read_fixed(&f, 0, 4), 0x1005);
        assert_eq!(read_fixed(&f, 1, 1), 0x10);
        assert_eq!(read_fixed(&f, 6, 4), 0xAB_0000);
        assert_eq!(read_fixed(&f, 14, 4), 0);
        assert_eq!(read_fixed(&f, 3, 0), 0);
    }

    #[test]
    fn only_a_closed_set_of_members_skips_the_opcode_check() {
        assert!(all_in(&[0x41, 0x8E], &[0x41, 0x51, 0x8A, 0x8E]));
        assert!(!all_in(&[0x41, 0x42], &[0x41, 0x51]));
        assert!(!all_in(&[], &[0x41]));
    }

    #[test]
    fn byte_sets_hold_exactly_their_members() {
        let set = byte_set(&[0x41, 0x51, 0x8A, 0x8E, 0x00, 0xFF]);
        let members: Vec<u8> = (0..=255).filter(|&b| in_byte_set(&set, b)).collect();
        assert_eq!(members, [0x00, 0x41, 0x51, 0x8A, 0x8E, 0xFF]);
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
