//! A user's crate with `isa-core` and `isa-derive` as its only dependencies: the derive names the
//! runtime `::isa_core` and reaches zerocopy through it.
#![forbid(unsafe_code)]

use isa_core::{Dtype, SyncBand, Tensor2d, dtype_v2};
use isa_derive::Bundle;

/// The runtime under a name of this crate, for a declaration that names it with
/// `crate = "crate::rt"`.
pub use isa_core as rt;

/// A two-dimensional fill: the value's dtype and the destination's share byte 0x0C (a nibble
/// each, through `dtype_v2`), one TENSOR2D descriptor, a reserved gap at 0x0D..=0x0F.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 64, opcodes = [0xF1, 0xF2], wire = "fill2d")]
pub struct Fill {
    /// The opcode: 0xF1 fills from the value, 0xF2 from a register.
    #[field(opcode)]
    pub opcode: u8,
    /// The semaphore band of the 64-byte header.
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    /// The value's dtype, low nibble of 0x0C.
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub value_dtype: Dtype,
    /// The destination dtype, high nibble of 0x0C.
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub dst_dtype: Dtype,
    /// The destination access pattern.
    #[field(offset = 0x10)]
    pub dst: Tensor2d,
    /// The fill value's bits.
    #[field(offset = 0x1C)]
    pub value: u32,
}

/// A 32-bit word layout that names the runtime through this crate's re-export.
#[derive(Bundle, Debug, Clone, Copy, PartialEq)]
#[bundle(size = 4, mask = 0x0000_00FF, match = 0x0000_00A5, crate = "crate::rt")]
pub struct Tag {
    /// The tag, bits 8..=23.
    #[field(bits = 8..=23)]
    pub tag: u16,
}
