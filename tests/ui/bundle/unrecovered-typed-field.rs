// An unrecovered layout carries bytes, not typed values.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x92], unrecovered = "operands known, positions not")]
struct Typed {
    #[field(offset = 0x04)]
    fill_value: u32,
}

fn main() {}
