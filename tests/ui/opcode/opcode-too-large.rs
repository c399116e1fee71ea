// An opcode is one byte.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x141])]
struct Big {
    #[field(offset = 0x20)]
    value: u8,
}

fn main() {}
