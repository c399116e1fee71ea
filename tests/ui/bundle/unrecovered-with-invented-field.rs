// The field map of 0x92 is not recovered: a nibble would invent a field.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x92], unrecovered = "operands known, positions not")]
struct Guess {
    #[field(offset = 0x0C, nibble = lo)]
    dtype: u8,
}

fn main() {}
