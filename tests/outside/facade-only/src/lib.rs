//! A user's crate with the `isa` facade as its only dependency: the derive names the runtime
//! `::isa::core` and reaches zerocopy through it, so neither `isa-core` nor zerocopy is needed
//! in `Cargo.toml`.
#![forbid(unsafe_code)]

use isa::core::{Dtype, SyncBand, Tensor3d, dtype_v2};

/// A dtype conversion: both dtypes share byte 0x0C (a nibble each, through `dtype_v2`), a
/// TENSOR3D descriptor per operand, and a documented reserved gap at 0x0E..=0x0F.
#[derive(isa::Bundle, Debug, Clone, PartialEq)]
#[bundle(
    size = 64,
    opcodes = [0xF0],
    wire = "convert",
    reserved(offset = 0x0E, len = 2, note = "kept zero for a rounding mode")
)]
pub struct Convert {
    /// The semaphore band of the 64-byte header.
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    /// The source dtype, low nibble of 0x0C.
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub src_dtype: Dtype,
    /// The destination dtype, high nibble of 0x0C.
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub dst_dtype: Dtype,
    /// Active partitions.
    #[field(offset = 0x0D)]
    pub partitions: u8,
    /// The source access pattern.
    #[field(offset = 0x10)]
    pub src: Tensor3d,
    /// The destination access pattern.
    #[field(offset = 0x20)]
    pub dst: Tensor3d,
}

/// A 32-bit word layout whose runtime path is given explicitly (`crate = "isa::core"`), as a
/// crate that cannot be found from the manifest would give it.
#[derive(isa::Bundle, Debug, Clone, Copy, PartialEq)]
#[bundle(size = 4, mask = 0x0000_007F, match = 0x0000_0013, crate = "isa::core")]
pub struct Step {
    /// A register number, bits 7..=11.
    #[field(bits = 7..=11)]
    pub reg: u8,
}
