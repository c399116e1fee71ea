// Offset 0x40 is the first byte after a 64-byte bundle.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct PastEnd {
    #[field(offset = 0x40)]
    late: u8,
}

fn main() {}
