//! The TensorTensor codec written by hand, the way one would without the derive: byte indexing,
//! `from_le_bytes`, and `match` tables for the dtype and ALU lookup tables. It is the baseline the
//! generated codec is measured against, so it makes the same checks on decode (opcode,
//! `inst_word_len`, the reserved header bytes, every table code) and refuses the same values on
//! encode (an ALU op with no CoreV2 wire byte).
//!
//! Layout (seed 000 §2, `s3d3_tt`): 0x00 opcode, 0x01 `inst_word_len` = 0x10, 0x02..=0x03 zero,
//! 0x04..=0x0B sync band, 0x0C in0 dtype (low nibble) and in1 dtype (high nibble), 0x0D out dtype,
//! 0x0E ALU byte, 0x0F `num_active_partitions`, TENSOR3D out/in0/in1 at 0x10/0x20/0x30.

use isa_core::{Addr4, AluOp, Dtype, SyncBand, Tensor3d};
use isa_ops::tensor_tensor::{Int32Band, TensorTensor, TtAlu, TtOpcode};

/// Why the hand-written codec refused a bundle or a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandError {
    /// Byte 0x00 is not 0x41, 0x51, 0x8A or 0x8E.
    Opcode(u8),
    /// Byte 0x01 is not 0x10.
    WordLen(u8),
    /// Byte 0x02 or 0x03 is not zero (the offset says which).
    Reserved(usize),
    /// A dtype code at the offset is not in `dtype_v2`.
    Dtype(usize, u8),
    /// The ALU byte is neither an `alu_v2` code nor an int32 band byte.
    Alu(u8),
    /// The ALU op has no CoreV2 wire byte.
    NoWireForm(AluOp),
}

/// Decodes a 64-byte TensorTensor bundle.
#[inline]
pub fn decode(b: &[u8; 64]) -> Result<TensorTensor, HandError> {
    let opcode = match b[0x00] {
        0x41 => TtOpcode::Plain,
        0x51 => TtOpcode::Bitvec,
        0x8A => TtOpcode::Int32Eng4,
        0x8E => TtOpcode::Int32,
        other => return Err(HandError::Opcode(other)),
    };
    if b[0x01] != 0x10 {
        return Err(HandError::WordLen(b[0x01]));
    }
    if b[0x02] != 0 {
        return Err(HandError::Reserved(0x02));
    }
    if b[0x03] != 0 {
        return Err(HandError::Reserved(0x03));
    }
    let sync = SyncBand {
        wait_mode: b[0x04],
        wait_index: b[0x05],
        update_mode: b[0x06],
        update_index: b[0x07],
        value: u32::from_le_bytes([b[0x08], b[0x09], b[0x0A], b[0x0B]]),
    };
    let in0_dtype = dtype_from(b[0x0C] & 0x0F).ok_or(HandError::Dtype(0x0C, b[0x0C] & 0x0F))?;
    let in1_dtype = dtype_from(b[0x0C] >> 4).ok_or(HandError::Dtype(0x0C, b[0x0C] >> 4))?;
    let out_dtype = dtype_from(b[0x0D]).ok_or(HandError::Dtype(0x0D, b[0x0D]))?;
    let alu = alu_from(b[0x0E]).ok_or(HandError::Alu(b[0x0E]))?;
    Ok(TensorTensor {
        opcode,
        sync,
        in0_dtype,
        in1_dtype,
        out_dtype,
        alu,
        num_active_partitions: b[0x0F],
        out: tensor_from(b, 0x10),
        in0: tensor_from(b, 0x20),
        in1: tensor_from(b, 0x30),
    })
}

/// Encodes a TensorTensor bundle into `out`, every byte written.
#[inline]
pub fn encode(t: &TensorTensor, out: &mut [u8; 64]) -> Result<(), HandError> {
    out[0x00] = t.opcode.code();
    out[0x01] = 0x10;
    out[0x02] = 0;
    out[0x03] = 0;
    out[0x04] = t.sync.wait_mode;
    out[0x05] = t.sync.wait_index;
    out[0x06] = t.sync.update_mode;
    out[0x07] = t.sync.update_index;
    out[0x08..0x0C].copy_from_slice(&t.sync.value.to_le_bytes());
    out[0x0C] = dtype_code(t.in0_dtype) | dtype_code(t.in1_dtype) << 4;
    out[0x0D] = dtype_code(t.out_dtype);
    out[0x0E] = alu_code(t.alu)?;
    out[0x0F] = t.num_active_partitions;
    tensor_into(&t.out, out, 0x10);
    tensor_into(&t.in0, out, 0x20);
    tensor_into(&t.in1, out, 0x30);
    Ok(())
}

/// The CoreV2 dtype tag of `d` (SPEC-NOTES §1; every ordinal has one, all below 0x10).
pub fn dtype_code(d: Dtype) -> u8 {
    match d {
        Dtype::Uint8 | Dtype::Float8E8m0fnu => 0x03,
        Dtype::Int8 => 0x02,
        Dtype::Float4E2m1fnX4 | Dtype::Uint16 => 0x05,
        Dtype::Float8e3 => 0x0D,
        Dtype::Float8e4 | Dtype::Float8E4m3fn | Dtype::Float8E4m3fnX4 => 0x0E,
        Dtype::Float8e5 | Dtype::Float8E5m2X4 => 0x0F,
        Dtype::Int16 => 0x04,
        Dtype::Bfloat16 => 0x06,
        Dtype::Float16 => 0x07,
        Dtype::Uint32 => 0x09,
        Dtype::Int32 => 0x08,
        Dtype::Float32 => 0x0A,
        Dtype::Float32r => 0x0B,
        Dtype::Uint64 => 0x01,
        Dtype::Int64 => 0x0C,
    }
}

/// The canonical dtype of a CoreV2 tag (SPEC-NOTES §1: shared tags decode to the wire-side name).
pub fn dtype_from(code: u8) -> Option<Dtype> {
    Some(match code {
        0x01 => Dtype::Uint64,
        0x02 => Dtype::Int8,
        0x03 => Dtype::Uint8,
        0x04 => Dtype::Int16,
        0x05 => Dtype::Uint16,
        0x06 => Dtype::Bfloat16,
        0x07 => Dtype::Float16,
        0x08 => Dtype::Int32,
        0x09 => Dtype::Uint32,
        0x0A => Dtype::Float32,
        0x0B => Dtype::Float32r,
        0x0C => Dtype::Int64,
        0x0D => Dtype::Float8e3,
        0x0E => Dtype::Float8e4,
        0x0F => Dtype::Float8e5,
        _ => return None,
    })
}

/// The ALU byte of `alu`: the CoreV2 ALU byte (seed 001) or the int32 band byte.
pub fn alu_code(alu: TtAlu) -> Result<u8, HandError> {
    let op = match alu {
        TtAlu::Int32(band) => return Ok(band.code()),
        TtAlu::AbsoluteDiff => return Ok(0x17),
        TtAlu::Op(op) => op,
    };
    Ok(match op {
        AluOp::Bypass => 0x00,
        AluOp::BitwiseNot => 0x01,
        AluOp::ArithShiftLeft => 0x02,
        AluOp::ArithShiftRight => 0x03,
        AluOp::Add => 0x04,
        AluOp::Subtract => 0x05,
        AluOp::Mult => 0x06,
        AluOp::Divide => 0x07,
        AluOp::Max => 0x08,
        AluOp::Min => 0x09,
        AluOp::BitwiseAnd => 0x0A,
        AluOp::BitwiseOr => 0x0B,
        AluOp::BitwiseXor => 0x0C,
        AluOp::LogicalAnd => 0x0D,
        AluOp::LogicalOr => 0x0E,
        AluOp::LogicalXor => 0x0F,
        AluOp::LogicalShiftLeft => 0x10,
        AluOp::LogicalShiftRight => 0x11,
        AluOp::IsEqual => 0x12,
        AluOp::NotEqual => 0x18,
        AluOp::IsGt => 0x13,
        AluOp::IsGe => 0x14,
        AluOp::IsLt => 0x16,
        AluOp::IsLe => 0x15,
        AluOp::Pow => 0x1A,
        AluOp::Mod => 0x1B,
        AluOp::Rsqrt => 0x1D,
        AluOp::Abs => 0x19,
        AluOp::Average | AluOp::ElemwiseMul | AluOp::AbsMax | AluOp::AbsMin | AluOp::ModInt => {
            return Err(HandError::NoWireForm(op));
        }
    })
}

/// The ALU value of a TensorTensor ALU byte.
pub fn alu_from(code: u8) -> Option<TtAlu> {
    let op = match code {
        0x00 => AluOp::Bypass,
        0x01 => AluOp::BitwiseNot,
        0x02 => AluOp::ArithShiftLeft,
        0x03 => AluOp::ArithShiftRight,
        0x04 => AluOp::Add,
        0x05 => AluOp::Subtract,
        0x06 => AluOp::Mult,
        0x07 => AluOp::Divide,
        0x08 => AluOp::Max,
        0x09 => AluOp::Min,
        0x0A => AluOp::BitwiseAnd,
        0x0B => AluOp::BitwiseOr,
        0x0C => AluOp::BitwiseXor,
        0x0D => AluOp::LogicalAnd,
        0x0E => AluOp::LogicalOr,
        0x0F => AluOp::LogicalXor,
        0x10 => AluOp::LogicalShiftLeft,
        0x11 => AluOp::LogicalShiftRight,
        0x12 => AluOp::IsEqual,
        0x13 => AluOp::IsGt,
        0x14 => AluOp::IsGe,
        0x15 => AluOp::IsLe,
        0x16 => AluOp::IsLt,
        0x17 => return Some(TtAlu::AbsoluteDiff),
        0x18 => AluOp::NotEqual,
        0x19 => AluOp::Abs,
        0x1A => AluOp::Pow,
        0x1B => AluOp::Mod,
        0x1D => AluOp::Rsqrt,
        0xC4 => return Some(TtAlu::Int32(Int32Band::Eng4)),
        0xC5 => return Some(TtAlu::Int32(Int32Band::Eng6)),
        0xC6 => return Some(TtAlu::Int32(Int32Band::Eng5)),
        0xC7 => return Some(TtAlu::Int32(Int32Band::Eng7)),
        0xC8 => return Some(TtAlu::Int32(Int32Band::ModInt)),
        _ => return None,
    };
    Some(TtAlu::Op(op))
}

fn u16_at(b: &[u8; 64], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

/// A TENSOR3D at `at` (seed 002: ADDR4, three i16 strides, three u16 counts).
fn tensor_from(b: &[u8; 64], at: usize) -> Tensor3d {
    Tensor3d {
        addr: Addr4::from_raw(u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])),
        strides: [
            u16_at(b, at + 4) as i16,
            u16_at(b, at + 6) as i16,
            u16_at(b, at + 8) as i16,
        ],
        nums: [u16_at(b, at + 10), u16_at(b, at + 12), u16_at(b, at + 14)],
    }
}

fn tensor_into(t: &Tensor3d, out: &mut [u8; 64], at: usize) {
    out[at..at + 4].copy_from_slice(&t.addr.raw().to_le_bytes());
    for k in 0..3 {
        out[at + 4 + 2 * k..at + 6 + 2 * k].copy_from_slice(&t.strides[k].to_le_bytes());
        out[at + 10 + 2 * k..at + 12 + 2 * k].copy_from_slice(&t.nums[k].to_le_bytes());
    }
}
