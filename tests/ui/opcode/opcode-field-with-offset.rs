// The opcode field sits at 0x00 by definition.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41, 0x51])]
struct Placed {
    #[field(opcode, offset = 0x04)]
    opcode: u8,
}

fn main() {}
