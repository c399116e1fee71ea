// A mask/match layout is one 32-bit word.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 8, mask = 0x0000_007F, match = 0x0000_0013)]
struct Long {
    #[field(bits = 7..=11)]
    value: u8,
}

fn main() {}
