// `ofset` is a typo of `offset`.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Typo {
    #[field(ofset = 0x0C)]
    value: u8,
}

fn main() {}
