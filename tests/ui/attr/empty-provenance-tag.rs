// A `corroborated` or `disputed` tag names its source; an empty one says nothing.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41], reserved(offset = 0x3C, len = 4, corroborated = ""))]
struct EmptyTags {
    #[field(offset = 0x10, disputed = " ")]
    value: u8,
}

fn main() {}
