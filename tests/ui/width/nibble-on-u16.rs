// A nibble holds 4 bits; a u16 is the wrong type for it.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct NibbleU16 {
    #[field(offset = 0x0C, nibble = lo)]
    small: u16,
}

fn main() {}
