//! Integer values and the two integer readings: fp32 → integer conversion
//! ([`f32_to_int`]) and integer overflow ([`wrap`]). SEMANTICS-NOTES §0 lists both as
//! undocumented and §7 question 1 leaves the first open: **no public source states either**,
//! so each is a reading of this crate, made here and nowhere else.
//!
//! An integer format is named here by its width and signedness (what
//! [`Format::bits`](super::Format::bits) and [`Format::is_signed`](super::Format::is_signed)
//! give), so these rules stand below the format type that applies them.

use core::ops::RangeInclusive;

/// The values the integer codes of a `bits`-wide format stand for: `−2^(bits−1) ..= 2^(bits−1)
/// − 1` when `signed`, `0 ..= 2^bits − 1` when not (`bits` from 1 to 64).
pub fn range(bits: u32, signed: bool) -> RangeInclusive<i128> {
    if signed {
        -(1i128 << (bits - 1))..=(1i128 << (bits - 1)) - 1
    } else {
        0..=(1i128 << bits) - 1
    }
}

/// The value of a `bits`-wide integer code (already masked to its bits): sign-extended from the
/// top bit when `signed`, zero-extended when not.
pub fn value(bits: u32, signed: bool, code: u64) -> i128 {
    let code = i128::from(code);
    if signed && code >> (bits - 1) & 1 == 1 {
        code - (1i128 << bits)
    } else {
        code
    }
}

/// **Reading (inferred; no public source states it): integer overflow wraps.** A value outside
/// the format's [`range`] keeps its low `bits` bits, two's complement, as a fixed-width
/// integer unit does and as the random fill keeps "the dtype's LSBs" (SEMANTICS-NOTES §1,
/// Memset). Returns the code (`bits` from 1 to 64).
pub fn wrap(x: i128, bits: u32) -> u64 {
    // Two's complement truncation: the low 64 bits, then the format's.
    (x as u64) & (u64::MAX >> (64 - bits))
}

/// **Reading (inferred; no public source states it): fp32 → integer conversion.**
/// SEMANTICS-NOTES §0 lists "fp32→int rounding and saturation" as undocumented; this crate
/// reads it as
/// - rounding to nearest, ties to even: the rounding every NeuronCore applies to float results
///   (SEMANTICS-NOTES §0 Rounding; D1, D2), so 2.5 → 2 and −3.5 → −4;
/// - saturating to `range` (±inf included) rather than wrapping, since the downcasts that are
///   documented never wrap;
/// - NaN → 0.
pub fn f32_to_int(x: f32, range: RangeInclusive<i128>) -> i128 {
    if x.is_nan() {
        return 0;
    }
    // `as` saturates at i128's bounds; the clamp then applies the format's.
    (x.round_ties_even() as i128).clamp(*range.start(), *range.end())
}
