//! The TensorTensor layout declared with deku. Every check the generated decoder makes is here:
//! the opcode and the table codes through `map` (the same `match` tables as the hand-written
//! codec), `inst_word_len` and the reserved header bytes as a `magic` value in front of the sync
//! band. The two dtype nibbles are 4-bit fields read least-significant-bit first. deku cannot
//! write a foreign type (`Dtype`, `TtAlu`) read through `map` without a custom `writer`, so each
//! mapped field carries one.

use deku::ctx::{BitSize, Endian, Order};
use deku::no_std_io::{Seek, Write};
use deku::prelude::*;
use isa_bench::hand;
use isa_core::Dtype;
use isa_ops::tensor_tensor::{TtAlu, TtOpcode};

/// The sync band, 0x04..=0x0B.
#[derive(Debug, Clone, PartialEq, DekuRead, DekuWrite)]
#[deku(endian = "endian", ctx = "endian: deku::ctx::Endian")]
pub struct DekuSync {
    pub wait_mode: u8,
    pub wait_index: u8,
    pub update_mode: u8,
    pub update_index: u8,
    pub value: u32,
}

/// A TENSOR3D slot: ADDR4, three strides, three counts.
#[derive(Debug, Clone, PartialEq, DekuRead, DekuWrite)]
#[deku(endian = "endian", ctx = "endian: deku::ctx::Endian")]
pub struct DekuTensor3d {
    pub addr: u32,
    pub strides: [i16; 3],
    pub nums: [u16; 3],
}

/// The s3d3_tt bundle.
#[derive(Debug, Clone, PartialEq, DekuRead, DekuWrite)]
#[deku(endian = "little")]
pub struct DekuTensorTensor {
    #[deku(
        map = "opcode_from",
        writer = "self.opcode.code().to_writer(deku::writer, ())"
    )]
    pub opcode: TtOpcode,
    /// `inst_word_len` = 0x10 and the two reserved bytes, checked and written as a magic value.
    #[deku(magic = b"\x10\x00\x00")]
    pub sync: DekuSync,
    #[deku(
        bits = 4,
        bit_order = "lsb",
        map = "dtype_from",
        writer = "write_nibble(deku::writer, self.in0_dtype)"
    )]
    pub in0_dtype: Dtype,
    #[deku(
        bits = 4,
        bit_order = "lsb",
        map = "dtype_from",
        writer = "write_nibble(deku::writer, self.in1_dtype)"
    )]
    pub in1_dtype: Dtype,
    #[deku(
        map = "dtype_from",
        writer = "hand::dtype_code(self.out_dtype).to_writer(deku::writer, ())"
    )]
    pub out_dtype: Dtype,
    #[deku(map = "alu_from", writer = "write_alu(deku::writer, self.alu)")]
    pub alu: TtAlu,
    pub num_active_partitions: u8,
    pub out: DekuTensor3d,
    pub in0: DekuTensor3d,
    pub in1: DekuTensor3d,
}

fn opcode_from(code: u8) -> Result<TtOpcode, DekuError> {
    TtOpcode::from_code(code).ok_or(DekuError::Parse("unknown TensorTensor opcode".into()))
}

fn dtype_from(code: u8) -> Result<Dtype, DekuError> {
    hand::dtype_from(code).ok_or(DekuError::Parse("code not in dtype_v2".into()))
}

fn alu_from(code: u8) -> Result<TtAlu, DekuError> {
    hand::alu_from(code).ok_or(DekuError::Parse("code not in tt_alu".into()))
}

fn write_nibble<W: Write + Seek>(writer: &mut Writer<W>, d: Dtype) -> Result<(), DekuError> {
    hand::dtype_code(d).to_writer(writer, (Endian::Little, BitSize(4), Order::Lsb0))
}

fn write_alu<W: Write + Seek>(writer: &mut Writer<W>, alu: TtAlu) -> Result<(), DekuError> {
    hand::alu_code(alu)
        .map_err(|_| DekuError::InvalidParam("ALU op has no CoreV2 wire byte".into()))?
        .to_writer(writer, ())
}

impl DekuTensorTensor {
    /// Decodes one bundle.
    pub fn decode(bytes: &[u8; 64]) -> Result<Self, DekuError> {
        let ((_, _), value) = Self::from_bytes((bytes, 0))?;
        Ok(value)
    }

    /// Encodes one bundle into `out`.
    pub fn encode(&self, out: &mut [u8; 64]) -> Result<(), DekuError> {
        let n = self.to_slice(out)?;
        if n != 64 {
            return Err(DekuError::InvalidParam("wrote fewer than 64 bytes".into()));
        }
        Ok(())
    }
}

super::conversions!(DekuTensorTensor, DekuSync, DekuTensor3d);
