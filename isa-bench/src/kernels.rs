//! The loops the benchmarks time, one per measurement. Every decoded value goes through
//! [`black_box`], so no field can be optimised away; encoders write into a caller's buffer, which
//! the optimiser cannot skip either. Each kernel returns how many bundles passed, which the
//! harness checks before timing. `#[inline(never)]` keeps every loop a function of its own in the
//! machine code.

use std::hint::black_box;

use isa_core::{Bundle, Family, Findings};
use isa_ops::dispatch::BUNDLE_SIZE;
use isa_ops::tensor_tensor::{TensorTensor, TensorTensorWire};
use isa_ops::{Op, decode_any};
use zerocopy::FromBytes;

use crate::hand;

/// The bundles of `bytes` as wire structs, in place; a trailing partial bundle is left out.
pub fn wires(bytes: &[u8]) -> &[TensorTensorWire] {
    let whole = bytes.len() - bytes.len() % BUNDLE_SIZE;
    <[TensorTensorWire]>::ref_from_bytes(bytes.get(..whole).unwrap_or_default()).unwrap_or_default()
}

/// Generated decode of every bundle to its logical struct.
#[inline(never)]
pub fn decode_generated(wires: &[TensorTensorWire]) -> usize {
    wires
        .iter()
        .filter(|w| black_box(&TensorTensor::decode(w)).is_ok())
        .count()
}

/// Generated decode with the error dropped at once (`ok()`): the decoded value kept as an
/// `Option`, for a caller that has no use for the fault.
#[inline(never)]
pub fn decode_generated_ok(wires: &[TensorTensorWire]) -> usize {
    wires
        .iter()
        .filter(|w| black_box(&TensorTensor::decode(w).ok()).is_some())
        .count()
}

/// Hand-written decode of every bundle.
#[inline(never)]
pub fn decode_hand(bundles: &[[u8; BUNDLE_SIZE]]) -> usize {
    decode_each(bundles, hand::decode)
}

/// Generated encode of every value into `out`, bundle by bundle.
#[inline(never)]
pub fn encode_generated(values: &[TensorTensor], out: &mut [[u8; BUNDLE_SIZE]]) -> usize {
    encode_each(values, out, |v, o| v.encode_into(o))
}

/// Generated encode of every value by value ([`Bundle::encode`], which returns the wire
/// struct), each stored into the bundle of `out` beside it.
#[inline(never)]
pub fn encode_by_value(values: &[TensorTensor], out: &mut [[u8; BUNDLE_SIZE]]) -> usize {
    let mut ok = 0;
    for (v, o) in values.iter().zip(out.iter_mut()) {
        if let Ok(wire) = v.encode() {
            *o = zerocopy::transmute!(wire);
            ok += 1;
        }
    }
    ok
}

/// Hand-written encode of every value into `out`.
#[inline(never)]
pub fn encode_hand(values: &[TensorTensor], out: &mut [[u8; BUNDLE_SIZE]]) -> usize {
    encode_each(values, out, hand::encode)
}

/// `decode` of every bundle, each result kept through [`black_box`]: how many decode.
#[inline(always)]
pub fn decode_each<T, E>(
    bundles: &[[u8; BUNDLE_SIZE]],
    decode: impl Fn(&[u8; BUNDLE_SIZE]) -> Result<T, E>,
) -> usize {
    bundles
        .iter()
        .filter(|b| black_box(&decode(b)).is_ok())
        .count()
}

/// `encode` of every value into the bundle of `out` beside it: how many encode.
#[inline(always)]
pub fn encode_each<T, E>(
    values: &[T],
    out: &mut [[u8; BUNDLE_SIZE]],
    encode: impl Fn(&T, &mut [u8; BUNDLE_SIZE]) -> Result<(), E>,
) -> usize {
    let mut ok = 0;
    for (v, o) in values.iter().zip(out.iter_mut()) {
        ok += usize::from(encode(v, o).is_ok());
    }
    ok
}

/// Reads two fields of every bundle in place through the wire view: the checked
/// `num_active_partitions()` and the raw `out_dtype` code. Returns their sum.
#[inline(never)]
pub fn scan(bytes: &[u8]) -> u64 {
    wires(bytes).iter().fold(0u64, |acc, w| {
        let n = w.num_active_partitions().unwrap_or(0);
        acc.wrapping_add(u64::from(n) + w.out_dtype_raw())
    })
}

/// The bandwidth ceiling: every little-endian 64-bit word of `bytes`, summed.
#[inline(never)]
pub fn raw_read(bytes: &[u8]) -> u64 {
    black_box(bytes)
        .as_chunks::<8>()
        .0
        .iter()
        .fold(0u64, |acc, w| acc.wrapping_add(u64::from_le_bytes(*w)))
}

/// `decode_any` over every bundle of a stream: how many decode.
#[inline(never)]
pub fn decode_any_all(bytes: &[u8]) -> usize {
    bytes
        .as_chunks::<BUNDLE_SIZE>()
        .0
        .iter()
        .filter(|b| black_box(&decode_any(&b[..])).is_ok())
        .count()
}

/// [`Family::decode_batch`] of the built-in family over a stream, every result kept through
/// [`black_box`]: how many decode.
#[inline(never)]
pub fn decode_any_batch(bytes: &[u8]) -> usize {
    let mut ok = 0;
    Op::decode_batch(bytes, |offset, r| {
        ok += usize::from(black_box(r).is_ok());
        black_box(offset);
    });
    ok
}

/// Decodes and validates every bundle of a stream as a user's loop does: `decode_any(b)`, then
/// [`check`](isa_ops::Op::check) into one findings buffer, cleared per bundle and reused, so
/// nothing is allocated per bundle. Returns how many decode, and how many findings the
/// validators report in all.
#[inline(never)]
pub fn validate_all(bytes: &[u8]) -> (usize, usize) {
    let mut found = Findings::new();
    let (mut ok, mut findings) = (0, 0);
    for b in bytes.as_chunks::<BUNDLE_SIZE>().0 {
        if let Ok(op) = decode_any(&b[..]) {
            ok += 1;
            found.clear();
            op.check(&mut found);
            findings += black_box(&found).len();
        }
    }
    (ok, findings)
}

/// The same as [`validate_all`] through [`Family::decode_checked`]: one dispatch on the opcode
/// decodes the bundle and runs its member's checks. Returns how many decode, and how many
/// findings in all.
#[inline(never)]
pub fn validate_checked(bytes: &[u8]) -> (usize, usize) {
    let mut found = Findings::new();
    let (mut ok, mut findings) = (0, 0);
    for b in bytes.as_chunks::<BUNDLE_SIZE>().0 {
        found.clear();
        if Op::decode_checked(&b[..], &mut found).is_ok() {
            ok += 1;
            findings += black_box(&found).len();
        }
    }
    (ok, findings)
}

/// The same as [`validate_all`] through [`Family::decode_batch`]: each chunk's bundles are
/// decoded member by member, and each decoded bundle is checked into one reused buffer as the
/// visitor sees it. Returns how many decode, and how many findings in all.
#[inline(never)]
pub fn validate_batch(bytes: &[u8]) -> (usize, usize) {
    let mut found = Findings::new();
    let (mut ok, mut findings) = (0, 0);
    Op::decode_batch(bytes, |_, r| {
        if let Ok(op) = r {
            ok += 1;
            found.clear();
            op.check(&mut found);
            findings += black_box(&found).len();
        }
    });
    (ok, findings)
}
