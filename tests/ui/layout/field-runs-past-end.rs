// A u32 at 0x3E needs bytes 0x3E..=0x41; the bundle ends at 0x3F.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct RunsPastEnd {
    #[field(offset = 0x3E)]
    tail: u32,
}

fn main() {}
