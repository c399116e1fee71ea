// Two separate mistakes, both reported at once: a field past the end, and a u32 at 0x3E that
// runs past it.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct TwoMistakes {
    #[field(offset = 0x40)]
    late: u8,
    #[field(offset = 0x3E)]
    tail: u32,
}

fn main() {}
