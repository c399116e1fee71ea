#[derive(Bundle)]
#[bundle(size = 4)]
pub struct LookupTable {
    #[field(offset = 0x00, nibble = lo, lut = dtype_v2)]
    pub dtype: Dtype,
}
