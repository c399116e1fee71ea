// Twelve bits do not fit in a u8.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct TooWide {
    #[field(offset = 0x0C, bits = 0..=11)]
    value: u8,
}

fn main() {}
