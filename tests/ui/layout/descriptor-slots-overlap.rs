// Two 16-byte TENSOR3D slots 8 bytes apart.
use isa::Bundle;
use isa_core::Tensor3d;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct Slots {
    #[field(offset = 0x10)]
    out: Tensor3d,
    #[field(offset = 0x18)]
    inp: Tensor3d,
}

fn main() {}
