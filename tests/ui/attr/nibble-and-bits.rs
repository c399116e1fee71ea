// A field is a nibble or a bit range, not both.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Both {
    #[field(offset = 0x0C, nibble = lo, bits = 0..=3)]
    value: u8,
}

fn main() {}
