//! Conversions of whole runs of elements: [`Format::to_f32`] and [`Format::from_f32`] over a
//! slice, with the format sorted once per run rather than once per element, so each format's
//! loop is a tight loop the compiler can vectorise. Each gives, element for element, the bits
//! the one-element conversion gives (`tests/suite/slices.rs` compares them on every code of the
//! small formats and on the golden tables' inputs).
//!
//! - fp32 is a copy; bf16 is a shift and an add on the fp32 bits (the bf16 codec
//!   [`Format::BFloat16`] converts with one element at a time); f16 goes through `half`
//!   element by element;
//! - the 8- and 4-bit floats decode through a 256-entry table of their codes, built once from
//!   the one-element decoder, and encode through the generic minifloat codec;
//! - integers decode by their width and sign; they encode through [`Format::from_f32`].

use std::sync::OnceLock;

use half::f16;
use zerocopy::byteorder::little_endian::{F32, I16, I32, I64, U16, U32, U64};
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

use super::Format;
use super::float;
use super::layout::Layout;

/// Appends the fp32 value of every element of `bytes` (whole little-endian elements of
/// `format`; a partial element at the end is ignored) to `out`, as [`Format::to_f32`] gives it.
pub fn extend_f32(format: Format, bytes: &[u8], out: &mut Vec<f32>) {
    match format.layout() {
        Layout::Float32 => decode_as(bytes, out, |w: &F32| w.get()),
        Layout::BFloat16 => decode_as(bytes, out, |w: &U16| float::bf16_to_f32(w.get())),
        Layout::Float16 => decode_as(bytes, out, |w: &U16| f16::from_bits(w.get()).to_f32()),
        Layout::Minifloat(_) => {
            if let Some(codes) = byte_codes(format) {
                out.extend(bytes.iter().map(|&b| codes[usize::from(b)]));
            }
        }
        // Integer → float rounds to nearest even in Rust, as [`Format::to_f32`] does.
        Layout::Integer { bits, signed } => match (bits, signed) {
            (8, false) => out.extend(bytes.iter().map(|&b| f32::from(b))),
            (8, true) => out.extend(bytes.iter().map(|&b| f32::from(b as i8))),
            (16, false) => decode_as(bytes, out, |w: &U16| f32::from(w.get())),
            (16, true) => decode_as(bytes, out, |w: &I16| f32::from(w.get())),
            (32, false) => decode_as(bytes, out, |w: &U32| w.get() as f32),
            (32, true) => decode_as(bytes, out, |w: &I32| w.get() as f32),
            (_, false) => decode_as(bytes, out, |w: &U64| w.get() as f32),
            (_, true) => decode_as(bytes, out, |w: &I64| w.get() as f32),
        },
    }
}

/// Appends, for every element of `bytes`, whether it is not 0: a float's fp32 value
/// ([`Format::to_f32`]) compared with 0.0 (so ±0 is false and NaN true), an integer's value.
/// fp32, bf16 and f16 are tested on their code with the sign cleared, which is 0 exactly for
/// ±0.
pub fn extend_nonzero(format: Format, bytes: &[u8], out: &mut Vec<bool>) {
    match format.layout() {
        Layout::Float32 => decode_as(bytes, out, |w: &U32| w.get() & 0x7FFF_FFFF != 0),
        Layout::BFloat16 | Layout::Float16 => {
            decode_as(bytes, out, |w: &U16| w.get() & 0x7FFF != 0)
        }
        Layout::Minifloat(_) => {
            if let Some(codes) = byte_codes(format) {
                out.extend(bytes.iter().map(|&b| codes[usize::from(b)] != 0.0));
            }
        }
        Layout::Integer { bits, .. } => match bits {
            8 => out.extend(bytes.iter().map(|&b| b != 0)),
            16 => decode_as(bytes, out, |w: &U16| w.get() != 0),
            32 => decode_as(bytes, out, |w: &U32| w.get() != 0),
            _ => decode_as(bytes, out, |w: &U64| w.get() != 0),
        },
    }
}

/// Writes the code of each of `values` in `format` ([`Format::from_f32`]) as little-endian
/// elements into `out`, which holds `values.len()` elements (a shorter `out` takes the first
/// values, a longer one keeps its tail).
pub fn encode_f32(format: Format, values: &[f32], out: &mut [u8]) {
    match format.layout() {
        Layout::Float32 => encode_as(values.iter().copied(), out, F32::new),
        Layout::BFloat16 => encode_as(values.iter().copied(), out, |v| {
            U16::new(float::bf16_from_f32(v))
        }),
        Layout::Float16 => encode_as(values.iter().copied(), out, |v| {
            U16::new(f16::from_f32(v).to_bits())
        }),
        Layout::Minifloat(minifloat) => {
            encode_as(values.iter().copied(), out, |v| minifloat.encode(v) as u8)
        }
        Layout::Integer { .. } => {
            encode_bits(format, out, values.iter().map(|&v| format.from_f32(v)))
        }
    }
}

/// Writes each code of `codes` (a format's bits in the low bits, [`Format::bits`]) as one
/// little-endian element of `format` into `out`, as many as both hold.
pub fn encode_bits(format: Format, out: &mut [u8], codes: impl Iterator<Item = u64>) {
    match format.bytes() {
        1 => encode_as(codes, out, |c| c as u8),
        2 => encode_as(codes, out, |c| U16::new(c as u16)),
        4 => encode_as(codes, out, |c| U32::new(c as u32)),
        _ => encode_as(codes, out, U64::new),
    }
}

/// Appends the bits of every element of `bytes` (whole little-endian elements of `size`
/// bytes: 1, 2, 4 or 8) to `out`, zero-extended.
pub fn extend_bits(size: usize, bytes: &[u8], out: &mut Vec<u64>) {
    match size {
        1 => out.extend(bytes.iter().map(|&b| u64::from(b))),
        2 => decode_as(bytes, out, |w: &U16| u64::from(w.get())),
        4 => decode_as(bytes, out, |w: &U32| u64::from(w.get())),
        _ => decode_as(bytes, out, |w: &U64| w.get()),
    }
}

/// Appends `decode` of each whole element of type `W` in `bytes` to `out`.
fn decode_as<W, T>(bytes: &[u8], out: &mut Vec<T>, decode: impl Fn(&W) -> T)
where
    W: FromBytes + KnownLayout + Immutable + Unaligned,
{
    let whole = bytes.len() - bytes.len() % size_of::<W>().max(1);
    let words = bytes
        .get(..whole)
        .and_then(|b| <[W]>::ref_from_bytes(b).ok())
        .unwrap_or(&[]);
    out.extend(words.iter().map(decode));
}

/// Writes `encode` of each value as one element of type `W` into `out`, as many as both hold.
fn encode_as<T, W>(values: impl Iterator<Item = T>, out: &mut [u8], encode: impl Fn(T) -> W)
where
    W: FromBytes + IntoBytes + KnownLayout + Unaligned,
{
    let whole = out.len() - out.len() % size_of::<W>().max(1);
    if let Some(words) = out
        .get_mut(..whole)
        .and_then(|b| <[W]>::mut_from_bytes(b).ok())
    {
        for (w, v) in words.iter_mut().zip(values) {
            *w = encode(v);
        }
    }
}

/// The fp32 value of each of the 256 byte codes of a one-byte float format, decoded once by
/// [`Format::to_f32`] (which masks a 4-bit code, as it does one element at a time).
/// `None` for a format of more than one byte.
fn byte_codes(format: Format) -> Option<&'static [f32; 256]> {
    static TABLES: [OnceLock<[f32; 256]>; 6] = [const { OnceLock::new() }; 6];
    let [e4m3, e4m3fn, e5m2, e3m4, e8m0fnu, e2m1fn] = &TABLES;
    let table = match format {
        Format::Float8E4M3 => e4m3,
        Format::Float8E4M3Fn => e4m3fn,
        Format::Float8E5M2 => e5m2,
        Format::Float8E3M4 => e3m4,
        Format::Float8E8M0Fnu => e8m0fnu,
        Format::Float4E2M1Fn => e2m1fn,
        Format::Float32
        | Format::BFloat16
        | Format::Float16
        | Format::UInt8
        | Format::Int8
        | Format::UInt16
        | Format::Int16
        | Format::UInt32
        | Format::Int32
        | Format::UInt64
        | Format::Int64 => return None,
    };
    Some(table.get_or_init(|| std::array::from_fn(|code| format.to_f32(code as u64))))
}
