// Bytes 0x00..=0x03 are the header every 64-byte bundle shares.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct InHeader {
    #[field(offset = 0x02)]
    early: u8,
}

fn main() {}
