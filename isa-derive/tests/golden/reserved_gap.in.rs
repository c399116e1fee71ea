#[derive(Bundle)]
#[bundle(size = 4, reserved(offset = 0x02, note = "zero in every sample"))]
pub struct ReservedGap {
    #[field(offset = 0x00)]
    pub value: u8,
}
