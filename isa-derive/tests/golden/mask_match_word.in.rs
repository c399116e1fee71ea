#[derive(Bundle)]
#[bundle(size = 4, mask = 0x0000707F, match = 0x00001043, confidence = inferred, name = "B.DIM")]
pub struct MaskMatchWord {
    #[field(bits = [7..=11, 20..=31], spec = "Imm")]
    pub imm: u32,
    #[field(bits = 15..=19, spec = "RegSrc")]
    pub reg_src: u8,
}
