// A u32 at 0x0C runs over the byte declared at 0x0E.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Overlap {
    #[field(offset = 0x0C)]
    wide: u32,
    #[field(offset = 0x0E)]
    narrow: u8,
}

fn main() {}
