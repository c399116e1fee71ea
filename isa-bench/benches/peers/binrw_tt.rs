//! The TensorTensor layout declared with binrw. The opcode and the out/ALU table codes are checked
//! with `try_map`, through the same `match` tables as the hand-written codec; `inst_word_len` and
//! the reserved header bytes are a `magic` value in front of the sync band. binrw has no bit
//! fields: the dtype byte 0x0C is read whole into a temporary and split into its two nibbles with
//! `try_calc` (written back with `calc`), shift-and-mask code the declaration has to spell out.

use binrw::binrw;
use binrw::io::Cursor;
use binrw::{BinRead, BinWrite};
use isa_bench::hand;
use isa_core::Dtype;
use isa_ops::tensor_tensor::{TtAlu, TtOpcode};

/// The sync band, 0x04..=0x0B.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
pub struct BinrwSync {
    pub wait_mode: u8,
    pub wait_index: u8,
    pub update_mode: u8,
    pub update_index: u8,
    pub value: u32,
}

/// A TENSOR3D slot: ADDR4, three strides, three counts.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
pub struct BinrwTensor3d {
    pub addr: u32,
    pub strides: [i16; 3],
    pub nums: [u16; 3],
}

/// The s3d3_tt bundle.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
pub struct BinrwTensorTensor {
    #[br(try_map = |c: u8| TtOpcode::from_code(c).ok_or("unknown TensorTensor opcode"))]
    #[bw(map = |o: &TtOpcode| o.code())]
    pub opcode: TtOpcode,
    /// `inst_word_len` = 0x10 and the two reserved bytes, checked and written as a magic value.
    #[brw(magic = b"\x10\x00\x00")]
    pub sync: BinrwSync,
    #[br(temp)]
    #[bw(calc = hand::dtype_code(*in0_dtype) | hand::dtype_code(*in1_dtype) << 4)]
    dtypes: u8,
    #[br(try_calc = hand::dtype_from(dtypes & 0x0F).ok_or("code not in dtype_v2"))]
    #[bw(ignore)]
    pub in0_dtype: Dtype,
    #[br(try_calc = hand::dtype_from(dtypes >> 4).ok_or("code not in dtype_v2"))]
    #[bw(ignore)]
    pub in1_dtype: Dtype,
    #[br(try_map = |c: u8| hand::dtype_from(c).ok_or("code not in dtype_v2"))]
    #[bw(map = |d: &Dtype| hand::dtype_code(*d))]
    pub out_dtype: Dtype,
    #[br(try_map = |c: u8| hand::alu_from(c).ok_or("code not in tt_alu"))]
    #[bw(try_map = |a: &TtAlu| hand::alu_code(*a).map_err(|_| "ALU op has no CoreV2 wire byte"))]
    pub alu: TtAlu,
    pub num_active_partitions: u8,
    pub out: BinrwTensor3d,
    pub in0: BinrwTensor3d,
    pub in1: BinrwTensor3d,
}

impl BinrwTensorTensor {
    /// Decodes one bundle.
    pub fn decode(bytes: &[u8; 64]) -> binrw::BinResult<Self> {
        Self::read(&mut Cursor::new(&bytes[..]))
    }

    /// Encodes one bundle into `out`.
    pub fn encode(&self, out: &mut [u8; 64]) -> binrw::BinResult<()> {
        self.write(&mut Cursor::new(&mut out[..]))
    }
}

super::conversions!(BinrwTensorTensor, BinrwSync, BinrwTensor3d);
