// A match bit outside the mask could never be seen.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 4, mask = 0x0000_00FF, match = 0x0000_0113)]
struct Never {
    #[field(bits = 12..=15)]
    value: u8,
}

fn main() {}
