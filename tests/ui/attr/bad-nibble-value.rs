// A nibble is `lo` or `hi`.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Mid {
    #[field(offset = 0x0C, nibble = mid)]
    value: u8,
}

fn main() {}
