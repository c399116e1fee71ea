#[derive(Bundle)]
#[bundle(size = 8, opcodes = [0x41, 0x51])]
pub struct MultiOpcode {
    #[field(opcode)]
    pub opcode: u8,
    #[field(offset = 0x04)]
    pub value: u32,
}
