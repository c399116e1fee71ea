//! The deku and binrw declarations of the TensorTensor layout, and the agreement check that runs
//! before any timing (at bench start-up and in `tests/agreement.rs`): the generated codec, the
//! hand-written one, deku and binrw decode every bundle to equal values, encode them back to the
//! same bytes, and refuse the same bad bundles.

/// `From` both ways between a peer's bundle (`$tt`, with its sync band `$sync` and TENSOR3D
/// `$tensor` types, all with the logical field names) and the logical `TensorTensor`, so values
/// can be compared and fed to each encoder.
macro_rules! conversions {
    ($tt:ident, $sync:ident, $tensor:ident) => {
        impl From<&$tensor> for isa_core::Tensor3d {
            fn from(t: &$tensor) -> Self {
                isa_core::Tensor3d {
                    addr: isa_core::Addr4::from_raw(t.addr),
                    strides: t.strides,
                    nums: t.nums,
                }
            }
        }

        impl From<&isa_core::Tensor3d> for $tensor {
            fn from(t: &isa_core::Tensor3d) -> Self {
                $tensor {
                    addr: t.addr.raw(),
                    strides: t.strides,
                    nums: t.nums,
                }
            }
        }

        impl From<&$tt> for isa_ops::tensor_tensor::TensorTensor {
            fn from(p: &$tt) -> Self {
                isa_ops::tensor_tensor::TensorTensor {
                    opcode: p.opcode,
                    sync: isa_core::SyncBand {
                        wait_mode: p.sync.wait_mode,
                        wait_index: p.sync.wait_index,
                        update_mode: p.sync.update_mode,
                        update_index: p.sync.update_index,
                        value: p.sync.value,
                    },
                    in0_dtype: p.in0_dtype,
                    in1_dtype: p.in1_dtype,
                    out_dtype: p.out_dtype,
                    alu: p.alu,
                    num_active_partitions: p.num_active_partitions,
                    out: (&p.out).into(),
                    in0: (&p.in0).into(),
                    in1: (&p.in1).into(),
                }
            }
        }

        impl From<&isa_ops::tensor_tensor::TensorTensor> for $tt {
            fn from(t: &isa_ops::tensor_tensor::TensorTensor) -> Self {
                $tt {
                    opcode: t.opcode,
                    sync: $sync {
                        wait_mode: t.sync.wait_mode,
                        wait_index: t.sync.wait_index,
                        update_mode: t.sync.update_mode,
                        update_index: t.sync.update_index,
                        value: t.sync.value,
                    },
                    in0_dtype: t.in0_dtype,
                    in1_dtype: t.in1_dtype,
                    out_dtype: t.out_dtype,
                    alu: t.alu,
                    num_active_partitions: t.num_active_partitions,
                    out: (&t.out).into(),
                    in0: (&t.in0).into(),
                    in1: (&t.in1).into(),
                }
            }
        }
    };
}
use conversions;

pub mod binrw_tt;
pub mod deku_tt;

use binrw_tt::BinrwTensorTensor;
use deku_tt::DekuTensorTensor;
use isa_bench::hand;
use isa_core::Bundle;
use isa_ops::tensor_tensor::TensorTensor;

/// All four codecs read `bytes` as the same value and write that value back as `bytes`.
pub fn agree(bytes: &[u8; 64]) -> Result<TensorTensor, String> {
    let generated = TensorTensor::decode_bytes(bytes).map_err(|e| format!("generated: {e}"))?;
    let hand = hand::decode(bytes).map_err(|e| format!("hand-written: {e:?}"))?;
    let deku = DekuTensorTensor::decode(bytes).map_err(|e| format!("deku: {e}"))?;
    let binrw = BinrwTensorTensor::decode(bytes).map_err(|e| format!("binrw: {e}"))?;
    for (who, value) in [
        ("hand-written", hand),
        ("deku", TensorTensor::from(&deku)),
        ("binrw", TensorTensor::from(&binrw)),
    ] {
        if value != generated {
            return Err(format!(
                "{who} decodes {bytes:02x?} as {value:?}, the generated codec as {generated:?}"
            ));
        }
    }
    let mut out = [[0u8; 64]; 4];
    generated
        .encode_into(&mut out[0])
        .map_err(|e| format!("generated: {e}"))?;
    hand::encode(&generated, &mut out[1]).map_err(|e| format!("hand-written: {e:?}"))?;
    deku.encode(&mut out[2]).map_err(|e| format!("deku: {e}"))?;
    binrw
        .encode(&mut out[3])
        .map_err(|e| format!("binrw: {e}"))?;
    for (who, written) in ["generated", "hand-written", "deku", "binrw"]
        .iter()
        .zip(&out)
    {
        if written != bytes {
            return Err(format!("{who} writes {written:02x?} for {bytes:02x?}"));
        }
    }
    Ok(generated)
}

/// `bytes` broken in every way the decoders check, one way at a time: opcode, `inst_word_len`,
/// each reserved header byte, each dtype code, the ALU code (0x1C: no ALU op, band or
/// decode-only code has it; 0x17 is the decode-only `absolute_diff`).
pub fn broken(bytes: &[u8; 64]) -> Vec<[u8; 64]> {
    [
        (0x00, 0x00),
        (0x00, 0x42),
        (0x01, 0x0F),
        (0x02, 0x01),
        (0x03, 0x80),
        (0x0C, bytes[0x0C] & 0xF0),
        (0x0C, bytes[0x0C] & 0x0F),
        (0x0D, 0x00),
        (0x0D, 0x10),
        (0x0E, 0x1C),
        (0x0E, 0xFF),
    ]
    .iter()
    .map(|&(at, value)| {
        let mut b = *bytes;
        b[at] = value;
        b
    })
    .collect()
}

/// All four codecs refuse `bytes`; the error says which one did not.
pub fn all_refuse(bytes: &[u8; 64]) -> Result<(), String> {
    let accepted = [
        ("generated", TensorTensor::decode_bytes(bytes).is_ok()),
        ("hand-written", hand::decode(bytes).is_ok()),
        ("deku", DekuTensorTensor::decode(bytes).is_ok()),
        ("binrw", BinrwTensorTensor::decode(bytes).is_ok()),
    ];
    match accepted.iter().find(|(_, ok)| *ok) {
        Some((who, _)) => Err(format!("{who} accepts {bytes:02x?}")),
        None => Ok(()),
    }
}
