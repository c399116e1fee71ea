//! Bit arithmetic that the field codecs and their error messages share.

/// All-ones in the low `width` bits.
#[inline]
pub const fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}
