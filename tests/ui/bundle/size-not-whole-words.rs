// inst_word_len counts 32-bit words, so a header bundle is a multiple of 4 bytes.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 62, opcodes = [0x41])]
struct Odd {
    #[field(offset = 0x10)]
    value: u8,
}

fn main() {}
