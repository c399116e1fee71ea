//! The TensorTensor codec written by hand, the way a careful engineer would without the derive:
//! the bundle read as eight little-endian 64-bit words (one `from_le_bytes` each), every lookup
//! table a 256-entry array indexed by the code (no `match`, so no jump table), every check
//! folded into one branch whose failing side is a `#[cold]` function that says which check it
//! was. It is the baseline the generated codec is measured against, so it makes exactly the
//! generated codec's checks on decode (opcode, `inst_word_len`, the two reserved header bytes,
//! the three dtype codes, the ALU byte, in that order) and refuses the same values on encode (an
//! ALU op with no CoreV2 wire byte). Its tables are written out from the seeds, not taken from
//! the declarations.
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
    /// The code of the named dtype field is not in `dtype_v2`.
    Dtype(&'static str, u8),
    /// The ALU byte is neither an `alu_v2` code nor an int32 band byte.
    Alu(u8),
    /// The ALU op has no CoreV2 wire byte.
    NoWireForm(AluOp),
}

/// The canonical dtype of each CoreV2 tag (SPEC-NOTES §1: a shared tag decodes to the wire-side
/// name).
const DTYPE_OF: [(u8, Dtype); 15] = [
    (0x01, Dtype::Uint64),
    (0x02, Dtype::Int8),
    (0x03, Dtype::Uint8),
    (0x04, Dtype::Int16),
    (0x05, Dtype::Uint16),
    (0x06, Dtype::Bfloat16),
    (0x07, Dtype::Float16),
    (0x08, Dtype::Int32),
    (0x09, Dtype::Uint32),
    (0x0A, Dtype::Float32),
    (0x0B, Dtype::Float32r),
    (0x0C, Dtype::Int64),
    (0x0D, Dtype::Float8e3),
    (0x0E, Dtype::Float8e4),
    (0x0F, Dtype::Float8e5),
];

/// The CoreV2 tag of every dtype whose tag it shares with a canonical one (SPEC-NOTES §1).
const DTYPE_ALIASES: [(Dtype, u8); 5] = [
    (Dtype::Float8E8m0fnu, 0x03),
    (Dtype::Float4E2m1fnX4, 0x05),
    (Dtype::Float8E4m3fn, 0x0E),
    (Dtype::Float8E4m3fnX4, 0x0E),
    (Dtype::Float8E5m2X4, 0x0F),
];

/// Every value of the TensorTensor ALU byte: the CoreV2 ALU byte of every ALU op that has one
/// (seed 001), `absolute_diff` and the GPSIMD int32 band.
const ALU_OF: [(u8, TtAlu); 34] = [
    (0x00, TtAlu::Op(AluOp::Bypass)),
    (0x01, TtAlu::Op(AluOp::BitwiseNot)),
    (0x02, TtAlu::Op(AluOp::ArithShiftLeft)),
    (0x03, TtAlu::Op(AluOp::ArithShiftRight)),
    (0x04, TtAlu::Op(AluOp::Add)),
    (0x05, TtAlu::Op(AluOp::Subtract)),
    (0x06, TtAlu::Op(AluOp::Mult)),
    (0x07, TtAlu::Op(AluOp::Divide)),
    (0x08, TtAlu::Op(AluOp::Max)),
    (0x09, TtAlu::Op(AluOp::Min)),
    (0x0A, TtAlu::Op(AluOp::BitwiseAnd)),
    (0x0B, TtAlu::Op(AluOp::BitwiseOr)),
    (0x0C, TtAlu::Op(AluOp::BitwiseXor)),
    (0x0D, TtAlu::Op(AluOp::LogicalAnd)),
    (0x0E, TtAlu::Op(AluOp::LogicalOr)),
    (0x0F, TtAlu::Op(AluOp::LogicalXor)),
    (0x10, TtAlu::Op(AluOp::LogicalShiftLeft)),
    (0x11, TtAlu::Op(AluOp::LogicalShiftRight)),
    (0x12, TtAlu::Op(AluOp::IsEqual)),
    (0x13, TtAlu::Op(AluOp::IsGt)),
    (0x14, TtAlu::Op(AluOp::IsGe)),
    (0x15, TtAlu::Op(AluOp::IsLe)),
    (0x16, TtAlu::Op(AluOp::IsLt)),
    (0x18, TtAlu::Op(AluOp::NotEqual)),
    (0x19, TtAlu::Op(AluOp::Abs)),
    (0x1A, TtAlu::Op(AluOp::Pow)),
    (0x1B, TtAlu::Op(AluOp::Mod)),
    (0x1D, TtAlu::Op(AluOp::Rsqrt)),
    (0x17, TtAlu::AbsoluteDiff),
    (0xC4, TtAlu::Int32(Int32Band::Eng4)),
    (0xC5, TtAlu::Int32(Int32Band::Eng6)),
    (0xC6, TtAlu::Int32(Int32Band::Eng5)),
    (0xC7, TtAlu::Int32(Int32Band::Eng7)),
    (0xC8, TtAlu::Int32(Int32Band::ModInt)),
];

const OPCODES: [(u8, TtOpcode); 4] = [
    (0x41, TtOpcode::Plain),
    (0x51, TtOpcode::Bitvec),
    (0x8A, TtOpcode::Int32Eng4),
    (0x8E, TtOpcode::Int32),
];

/// Opcode byte → opcode.
static OPCODE_TABLE: [Option<TtOpcode>; 256] = decode_table(&OPCODES);

/// Dtype tag → dtype (any byte: a tag above 0x0F finds `None`).
static DTYPE_TABLE: [Option<Dtype>; 256] = decode_table(&DTYPE_OF);

/// Dtype ordinal → CoreV2 tag.
static DTYPE_CODE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < DTYPE_OF.len() {
        t[DTYPE_OF[i].1 as usize] = DTYPE_OF[i].0;
        i += 1;
    }
    let mut k = 0;
    while k < DTYPE_ALIASES.len() {
        t[DTYPE_ALIASES[k].0 as usize] = DTYPE_ALIASES[k].1;
        k += 1;
    }
    t
};

/// ALU byte → ALU value.
static ALU_TABLE: [Option<TtAlu>; 256] = decode_table(&ALU_OF);

/// The 256-entry table of code → value of `pairs`; a code no pair has finds `None`.
const fn decode_table<T: Copy>(pairs: &[(u8, T)]) -> [Option<T>; 256] {
    let mut t = [None; 256];
    let mut i = 0;
    while i < pairs.len() {
        t[pairs[i].0 as usize] = Some(pairs[i].1);
        i += 1;
    }
    t
}

/// `0x100 | byte` of every ALU value by its row ([`alu_row`]), or 0 for an ALU op with no
/// CoreV2 byte: one table for every variant, so encode does not branch on which it is.
static ALU_CODE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut i = 0;
    while i < ALU_OF.len() {
        t[alu_row(ALU_OF[i].1)] = 0x100 | ALU_OF[i].0 as u16;
        i += 1;
    }
    t
};

/// The row of an ALU value in [`ALU_CODE`]: the op's ordinal, 256 + the band's code, or 511.
#[inline(always)]
const fn alu_row(alu: TtAlu) -> usize {
    match alu {
        TtAlu::Op(op) => op as usize,
        TtAlu::Int32(band) => 256 + band as usize,
        TtAlu::AbsoluteDiff => 511,
    }
}

/// The header bits of word 0 decode checks: `inst_word_len` and the two reserved bytes.
const HEADER_MASK: u64 = 0xFFFF_FF00;
/// What they hold: `inst_word_len` = 0x10, reserved zero.
const HEADER: u64 = 0x0000_1000;

/// The bundle as eight little-endian words.
#[inline(always)]
fn words(b: &[u8; 64]) -> [u64; 8] {
    let (chunks, _) = b.as_chunks::<8>();
    let mut w = [0u64; 8];
    for (word, chunk) in w.iter_mut().zip(chunks) {
        *word = u64::from_le_bytes(*chunk);
    }
    w
}

/// A TENSOR3D from its two words (seed 002: ADDR4, three i16 strides, three u16 counts).
#[inline(always)]
fn tensor(lo: u64, hi: u64) -> Tensor3d {
    Tensor3d {
        addr: Addr4::from_raw(lo as u32),
        strides: [(lo >> 32) as i16, (lo >> 48) as i16, hi as i16],
        nums: [(hi >> 16) as u16, (hi >> 32) as u16, (hi >> 48) as u16],
    }
}

/// Stores a TENSOR3D into its 16 bytes.
#[inline(always)]
fn tensor_into(out: &mut [u8], t: &Tensor3d) {
    out[0..4].copy_from_slice(&t.addr.raw().to_le_bytes());
    for k in 0..3 {
        out[4 + 2 * k..6 + 2 * k].copy_from_slice(&t.strides[k].to_le_bytes());
        out[10 + 2 * k..12 + 2 * k].copy_from_slice(&t.nums[k].to_le_bytes());
    }
}

/// Decodes a 64-byte TensorTensor bundle.
#[inline]
pub fn decode(b: &[u8; 64]) -> Result<TensorTensor, HandError> {
    let w = words(b);
    let opcode = OPCODE_TABLE[(w[0] & 0xFF) as usize];
    let in0 = dtype_from(((w[1] >> 32) & 0x0F) as u8);
    let in1 = dtype_from(((w[1] >> 36) & 0x0F) as u8);
    let out = dtype_from((w[1] >> 40) as u8);
    let alu = alu_from((w[1] >> 48) as u8);
    match (opcode, in0, in1, out, alu) {
        (Some(opcode), Some(in0_dtype), Some(in1_dtype), Some(out_dtype), Some(alu))
            if w[0] & HEADER_MASK == HEADER =>
        {
            Ok(TensorTensor {
                opcode,
                sync: SyncBand {
                    wait_mode: (w[0] >> 32) as u8,
                    wait_index: (w[0] >> 40) as u8,
                    update_mode: (w[0] >> 48) as u8,
                    update_index: (w[0] >> 56) as u8,
                    value: w[1] as u32,
                },
                in0_dtype,
                in1_dtype,
                out_dtype,
                alu,
                num_active_partitions: (w[1] >> 56) as u8,
                out: tensor(w[2], w[3]),
                in0: tensor(w[4], w[5]),
                in1: tensor(w[6], w[7]),
            })
        }
        _ => Err(refusal(b)),
    }
}

/// Which check `b` fails first, in the layout's order.
#[cold]
#[inline(never)]
fn refusal(b: &[u8; 64]) -> HandError {
    let bad_dtype = |field, code: u8| dtype_from(code).is_none().then_some((field, code));
    if OPCODE_TABLE[b[0x00] as usize].is_none() {
        HandError::Opcode(b[0x00])
    } else if b[0x01] != 0x10 {
        HandError::WordLen(b[0x01])
    } else if let Some(at) = [0x02, 0x03].into_iter().find(|&at| b[at] != 0) {
        HandError::Reserved(at)
    } else if let Some((field, code)) = bad_dtype("in0_dtype", b[0x0C] & 0x0F)
        .or_else(|| bad_dtype("in1_dtype", b[0x0C] >> 4))
        .or_else(|| bad_dtype("out_dtype", b[0x0D]))
    {
        HandError::Dtype(field, code)
    } else {
        HandError::Alu(b[0x0E])
    }
}

/// Encodes a TensorTensor bundle into `out`, every byte written: each field stored at its
/// offset in one little-endian store.
#[inline]
pub fn encode(t: &TensorTensor, out: &mut [u8; 64]) -> Result<(), HandError> {
    let alu = alu_code(t.alu)?;
    let s = &t.sync;
    let (head, tensors) = out.split_at_mut(16);
    head.copy_from_slice(&[
        t.opcode.code(),
        0x10,
        0,
        0,
        s.wait_mode,
        s.wait_index,
        s.update_mode,
        s.update_index,
        0,
        0,
        0,
        0,
        dtype_code(t.in0_dtype) | dtype_code(t.in1_dtype) << 4,
        dtype_code(t.out_dtype),
        alu,
        t.num_active_partitions,
    ]);
    head[0x08..0x0C].copy_from_slice(&s.value.to_le_bytes());
    for (bytes, tensor) in tensors.chunks_exact_mut(16).zip([&t.out, &t.in0, &t.in1]) {
        tensor_into(bytes, tensor);
    }
    Ok(())
}

/// The CoreV2 tag of `d` (SPEC-NOTES §1; every ordinal has one, all below 0x10).
#[inline(always)]
pub fn dtype_code(d: Dtype) -> u8 {
    DTYPE_CODE[d as usize]
}

/// The canonical dtype of a CoreV2 tag (SPEC-NOTES §1: shared tags decode to the wire-side name).
#[inline(always)]
pub fn dtype_from(code: u8) -> Option<Dtype> {
    DTYPE_TABLE[code as usize]
}

/// The ALU byte of `alu`: the CoreV2 ALU byte (seed 001) or the int32 band byte.
#[inline(always)]
pub fn alu_code(alu: TtAlu) -> Result<u8, HandError> {
    match ALU_CODE[alu_row(alu)] {
        0 => Err(no_wire_form(alu)),
        code => Ok(code as u8),
    }
}

/// The ALU value of a TensorTensor ALU byte.
#[inline(always)]
pub fn alu_from(code: u8) -> Option<TtAlu> {
    ALU_TABLE[code as usize]
}

#[cold]
#[inline(never)]
fn no_wire_form(alu: TtAlu) -> HandError {
    match alu {
        TtAlu::Op(op) => HandError::NoWireForm(op),
        // Every band and `absolute_diff` has a byte in the table.
        TtAlu::Int32(_) | TtAlu::AbsoluteDiff => HandError::Alu(0),
    }
}
