// CoreV4 dtype tags go up to 0x10 (float4_e2m1fn_x4): five bits, more than a nibble.
use isa::Bundle;
use isa_core::{Dtype, dtype_v4};

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct V4Nibble {
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v4)]
    in0_dtype: Dtype,
}

fn main() {}
