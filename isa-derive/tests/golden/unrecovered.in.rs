#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x9A], unrecovered = "recognised by its opcode only")]
pub struct Unrecovered {
    #[field(offset = 0x04, confidence = strong, note = "the whole body after the header")]
    pub body: [u8; 60],
}
