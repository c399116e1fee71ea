//! The float codecs: fp32 itself, `half` for bf16 and f16, the generic minifloat codec
//! for the 8- and 4-bit formats. Each matches ml_dtypes 0.6.0 bit for bit on the golden tables
//! (`isa-sim/golden/tables`, compared by `tests/conversions.rs`).

use half::{bf16, f16};

use super::format::Layout;

/// The fp32 value of a float code (already masked to the format's bits); `None` for an integer.
pub(super) fn decode(layout: Layout, code: u64) -> Option<f32> {
    Some(match layout {
        Layout::Float32 => f32::from_bits(code as u32),
        Layout::BFloat16 => bf16::from_bits(code as u16).to_f32(),
        Layout::Float16 => f16::from_bits(code as u16).to_f32(),
        Layout::Minifloat(minifloat) => minifloat.decode(code),
        Layout::Integer { .. } => return None,
    })
}

/// The float code nearest to `x` (ties to even, overflow as ml_dtypes); `None` for an integer.
pub(super) fn encode(layout: Layout, x: f32) -> Option<u64> {
    Some(match layout {
        Layout::Float32 => u64::from(x.to_bits()),
        Layout::BFloat16 => u64::from(bf16::from_f32(x).to_bits()),
        Layout::Float16 => u64::from(f16::from_f32(x).to_bits()),
        Layout::Minifloat(minifloat) => minifloat.encode(x),
        Layout::Integer { .. } => return None,
    })
}
