// Every field of a 64-byte bundle says where it starts.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct NoOffset {
    #[field(nibble = lo)]
    value: u8,
}

fn main() {}
