// A 16-byte TENSOR3D at 0x20 ends at 0x2F; the immediate declared at 0x2E belongs at 0x30.
use isa::Bundle;
use isa_core::Tensor3d;

#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41])]
struct RunsIntoNext {
    #[field(offset = 0x20)]
    input: Tensor3d,
    #[field(offset = 0x2E)]
    imm: u16,
}

fn main() {}
