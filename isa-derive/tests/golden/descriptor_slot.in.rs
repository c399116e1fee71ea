#[derive(Bundle)]
#[bundle(size = 32, opcodes = [0x41])]
pub struct DescriptorSlot {
    #[field(offset = 0x10)]
    pub out: Tensor3d,
}
