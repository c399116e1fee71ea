// Three independent mistakes are reported together.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Many {
    #[field(offset = 0x0C, nibble = middle)]
    a: u8,
    #[field(offest = 0x0D)]
    b: u8,
    #[field(offset = 0x0E, confidence = certain)]
    c: u8,
}

fn main() {}
