// A layout is recognised by an opcode byte or by mask/match, not both.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 4, opcodes = [0x13], mask = 0x0000_007F, match = 0x0000_0013)]
struct Both {
    #[field(bits = 12..=15)]
    value: u8,
}

fn main() {}
