// There is no table called dtype_v9.
use isa::Bundle;
use isa_core::Dtype;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Unknown {
    #[field(offset = 0x0D, lut = dtype_v9)]
    out_dtype: Dtype,
}

fn main() {}
