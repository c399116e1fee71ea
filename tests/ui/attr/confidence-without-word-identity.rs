// `confidence` on `#[bundle]` tags a word's identity; a 64-byte family's header rows are fixed.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41], confidence = confirmed)]
struct Header {
    #[field(offset = 0x0C)]
    value: u8,
}

fn main() {}
