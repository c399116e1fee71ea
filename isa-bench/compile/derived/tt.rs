//! The s3d3_tt bundle, declared with `#[derive(Bundle)]` exactly as `isa-ops` declares it.

use isa_core::{Dtype, SyncBand, Tensor3d, dtype_v2};
use isa_derive::Bundle;
use isa_ops::tensor_tensor::{TtAlu, TtOpcode, tt_alu};

/// The s3d3_tt bundle (seed 000 §2).
#[derive(Bundle, Debug, Clone, PartialEq, Eq)]
#[bundle(size = 64, opcodes = [0x41, 0x51, 0x8A, 0x8E], wire = "s3d3_tt")]
pub struct TensorTensor {
    /// Which of the four forms.
    #[field(
        opcode,
        disputed = "the opcode enum of aws_neuron_isa_tpb_*.h (public notes): 0x8E is BATCH_NORM_PARAM_LOAD2, not a TensorTensor form"
    )]
    pub opcode: TtOpcode,
    /// The sync band.
    #[field(offset = 0x04, confidence = inferred, note = "wait/update band order per SPEC-NOTES 2.6")]
    pub sync: SyncBand,
    /// `in0` dtype tag, low nibble of 0x0C.
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    pub in0_dtype: Dtype,
    /// `in1` dtype tag, high nibble of 0x0C.
    #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
    pub in1_dtype: Dtype,
    /// `out` dtype tag.
    #[field(offset = 0x0D, lut = dtype_v2)]
    pub out_dtype: Dtype,
    /// The ALU op, or the int32 band byte on 0x8A/0x8E.
    #[field(offset = 0x0E, lut = tt_alu, disputed = "NEURON_ISA_TPB_ALU_OP in aws_neuron_isa_tpb_*.h (public notes): 0x17 is ABSOLUTE_DIFF, legal in 0x41; no seed ordinal produces it (decoded as absolute_diff, never lowered)")]
    pub alu: TtAlu,
    /// `num_active_partitions`: the first APPair's num of `in0`.
    #[field(offset = 0x0F, confidence = strong, note = "firstAPPair.num via AP+80[8] (seed 000 ledger)")]
    pub num_active_partitions: u8,
    /// The output access pattern.
    #[field(
        offset = 0x10,
        disputed = "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): src0 at 0x10 (seed 000 stores out here)"
    )]
    pub out: Tensor3d,
    /// The first input.
    #[field(
        offset = 0x20,
        disputed = "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): src1 at 0x20 (seed 000 stores in0 here)"
    )]
    pub in0: Tensor3d,
    /// The second input.
    #[field(
        offset = 0x30,
        disputed = "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): dst at 0x30 (seed 000 stores in1 here)"
    )]
    pub in1: Tensor3d,
}
