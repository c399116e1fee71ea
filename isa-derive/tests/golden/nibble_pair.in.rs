#[derive(Bundle)]
#[bundle(size = 4)]
pub struct NibblePair {
    #[field(offset = 0x00, nibble = lo)]
    pub lo: u8,
    #[field(offset = 0x00, nibble = hi)]
    pub hi: u8,
}
