#[derive(Bundle)]
#[bundle(size = 4, constant(offset = 0x00, len = 2, value = 0x0100, name = "shape_ctl", confidence = strong))]
pub struct Constant {
    #[field(offset = 0x02)]
    pub value: u16,
}
