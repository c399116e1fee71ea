#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41, 0x51, 0x8A, 0x8E], wire = "s3d3_tt")]
pub struct TensorTensor {
    #[field(opcode)]
    pub opcode: u8,
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub in0_dtype: Dtype,
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub in1_dtype: Dtype,
    #[field(offset = 0x0D, lut = dtype_v2)]
    pub out_dtype: Dtype,
    #[field(offset = 0x0E, lut = tt_alu)]
    pub alu: TtAlu,
    #[field(offset = 0x0F, confidence = strong, note = "first APPair num")]
    pub num_active_partitions: u8,
    #[field(offset = 0x10)]
    pub out: Tensor3d,
    #[field(offset = 0x20)]
    pub in0: Tensor3d,
    #[field(offset = 0x30)]
    pub in1: Tensor3d,
}
