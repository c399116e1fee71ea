#[derive(Bundle)]
#[bundle(size = 4)]
pub struct SplitBits {
    #[field(offset = 0x00, bits = [0..=3, 12..=15], note = "low part first")]
    pub split: u8,
}
