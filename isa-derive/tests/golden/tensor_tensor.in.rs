#[derive(Bundle)]
#[bundle(size = 64, opcodes = [0x41, 0x51, 0x8A, 0x8E], wire = "s3d3_tt")]
pub struct TensorTensor {
    #[field(opcode, disputed = "the opcode enum of aws_neuron_isa_tpb_*.h (public notes): 0x8E is BATCH_NORM_PARAM_LOAD2, not a TensorTensor form")]
    pub opcode: u8,
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub in0_dtype: Dtype,
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub in1_dtype: Dtype,
    #[field(offset = 0x0D, lut = dtype_v2)]
    pub out_dtype: Dtype,
    #[field(offset = 0x0E, lut = tt_alu, disputed = "NEURON_ISA_TPB_ALU_OP in aws_neuron_isa_tpb_*.h (public notes): 0x17 is ABSOLUTE_DIFF, legal in 0x41; no seed ordinal produces it (decoded as absolute_diff, never lowered)")]
    pub alu: TtAlu,
    #[field(offset = 0x0F, confidence = strong, note = "first APPair num")]
    pub num_active_partitions: u8,
    #[field(offset = 0x10, disputed = "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): src0 at 0x10 (seed 000 stores out here)")]
    pub out: Tensor3d,
    #[field(offset = 0x20, disputed = "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): src1 at 0x20 (seed 000 stores in0 here)")]
    pub in0: Tensor3d,
    #[field(offset = 0x30, disputed = "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): dst at 0x30 (seed 000 stores in1 here)")]
    pub in1: Tensor3d,
}
