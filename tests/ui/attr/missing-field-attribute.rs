// A field with no #[field] attribute has no place in the layout.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Unplaced {
    value: u8,
}

fn main() {}
