// The ALU table maps AluOp values, not dtypes.
use isa::Bundle;
use isa_core::{Dtype, alu_v2};

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Mismatch {
    #[field(offset = 0x0E, lut = alu_v2)]
    alu: Dtype,
}

fn main() {}
