// An attribute error (an offset past the layout) does not hide the type checks of the other
// fields. A u32 that overlaps a byte field and a u8 given 12 bits are reported by the macro (an
// integer's width is known at expansion); the same overlap rule for two TENSOR3D slots, and a
// table whose codes do not fit a nibble, by const evaluation (their sizes are not known before).
use isa::Bundle;
use isa_core::{Dtype, Tensor3d, dtype_v4};

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Mixed {
    #[field(offset = 0x40)]
    late: u8,
    #[field(offset = 0x0C)]
    wide: u32,
    #[field(offset = 0x0E)]
    narrow: u8,
    #[field(offset = 0x10, bits = 0..=11)]
    value: u8,
    #[field(offset = 0x12, nibble = lo, lut = dtype_v4)]
    in0_dtype: Dtype,
    #[field(offset = 0x20)]
    out: Tensor3d,
    #[field(offset = 0x28)]
    inp: Tensor3d,
}

fn main() {}
