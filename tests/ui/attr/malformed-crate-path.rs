// `crate = "…"` takes a module path in a string: `isa::core::` ends in a separator, and a bare
// path is not a string.
use isa::Bundle;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41], crate = "isa::core::")]
struct TrailingSeparator {
    #[field(offset = 0x0C)]
    value: u8,
}

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x42], crate = isa::core)]
struct NotAString {
    #[field(offset = 0x0C)]
    value: u8,
}

fn main() {}
