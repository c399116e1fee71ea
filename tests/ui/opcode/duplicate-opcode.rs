// 0x41 is listed twice.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41, 0x51, 0x41])]
struct Twice {
    #[field(opcode)]
    opcode: u8,
}

fn main() {}
