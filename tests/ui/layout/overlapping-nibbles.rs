// Two fields claim the low nibble of 0x0C.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Nibbles {
    #[field(offset = 0x0C, nibble = lo)]
    a: u8,
    #[field(offset = 0x0C, bits = 2..=5)]
    b: u8,
}

fn main() {}
