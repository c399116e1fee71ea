// Bit ranges are written low..=high.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 4, mask = 0x0000_0001, match = 0x0000_0001)]
struct Reversed {
    #[field(bits = 31..=27)]
    value: u8,
}

fn main() {}
