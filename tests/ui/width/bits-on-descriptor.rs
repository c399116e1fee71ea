// A descriptor is whole bytes; it cannot sit in a bit range.
use isa::Bundle;
use isa_core::Tensor2d;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct BitsDescriptor {
    #[field(offset = 0x10, bits = 0..=31)]
    slot: Tensor2d,
}

fn main() {}
