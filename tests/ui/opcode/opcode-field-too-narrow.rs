// The opcode field is a whole byte; a bool holds one bit.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41, 0x42])]
struct NarrowOpcode {
    #[field(opcode)]
    op: bool,
}

fn main() {}
