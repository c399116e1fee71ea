// Bits 0..=6 of a B.DIM-style word are identity bits (mask 0x707F).
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 4, mask = 0x0000_707F, match = 0x0000_1043)]
struct OverIdentity {
    #[field(bits = 4..=9)]
    reg: u8,
}

fn main() {}
