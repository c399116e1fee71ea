//! The float codecs: fp32 itself, bf16 by integer arithmetic on the fp32 bits, `half` for f16,
//! the generic minifloat codec for the 8- and 4-bit formats. Each matches ml_dtypes 0.6.0 bit
//! for bit on the golden tables (`isa-sim/golden/tables`, compared by
//! `tests/suite/conversions.rs`).

use half::f16;

use super::layout::Layout;

/// The fp32 value of a float code (already masked to the format's bits); `None` for an integer.
pub(super) fn decode(layout: Layout, code: u64) -> Option<f32> {
    Some(match layout {
        Layout::Float32 => f32::from_bits(code as u32),
        Layout::BFloat16 => bf16_to_f32(code as u16),
        Layout::Float16 => f16::from_bits(code as u16).to_f32(),
        Layout::Minifloat(minifloat) => minifloat.decode(code),
        Layout::Integer { .. } => return None,
    })
}

/// The float code nearest to `x` (ties to even, overflow as ml_dtypes); `None` for an integer.
pub(super) fn encode(layout: Layout, x: f32) -> Option<u64> {
    Some(match layout {
        Layout::Float32 => u64::from(x.to_bits()),
        Layout::BFloat16 => u64::from(bf16_from_f32(x)),
        Layout::Float16 => u64::from(f16::from_f32(x).to_bits()),
        Layout::Minifloat(minifloat) => minifloat.encode(x),
        Layout::Integer { .. } => return None,
    })
}

/// fp32's sign bit cleared: the magnitude bits.
const MAGNITUDE: u32 = 0x7FFF_FFFF;
/// fp32's +inf; a magnitude above it is a NaN.
const INFINITY: u32 = 0x7F80_0000;
/// bf16's quiet bit, the top mantissa bit.
const BF16_QUIET: u16 = 0x0040;

/// The fp32 value of a bf16 code: the code is the top half of an fp32. A NaN comes back quiet
/// (its top mantissa bit set, sign and payload kept), as ml_dtypes and `half` give it.
pub(super) fn bf16_to_f32(code: u16) -> f32 {
    let quiet = if code & 0x7FFF > 0x7F80 {
        BF16_QUIET
    } else {
        0
    };
    f32::from_bits(u32::from(code | quiet) << 16)
}

/// The bf16 code nearest to `x`, ties to even, by integer arithmetic on its bits: adding
/// `0x7FFF` plus the kept half's lowest bit carries into the kept half exactly when the dropped
/// half is above one half, or is one half and the kept half is odd; a carry out of the mantissa
/// moves into the exponent, so the largest finite values round up to ±inf. A NaN keeps its top
/// half with the quiet bit set (ml_dtypes; `half` 2.7 does the same). No branch depends on the
/// rounding, so a loop over a slice vectorises.
pub(super) fn bf16_from_f32(x: f32) -> u16 {
    let bits = x.to_bits();
    let lowest_kept = (bits >> 16) & 1;
    let rounded = (bits.wrapping_add(0x7FFF + lowest_kept) >> 16) as u16;
    let nan = ((bits >> 16) as u16) | BF16_QUIET;
    if bits & MAGNITUDE > INFINITY {
        nan
    } else {
        rounded
    }
}
