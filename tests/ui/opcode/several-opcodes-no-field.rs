// With several opcodes, a field must say which one a bundle carries.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x46, 0x47])]
struct Which {
    #[field(offset = 0x20)]
    value: u8,
}

fn main() {}
