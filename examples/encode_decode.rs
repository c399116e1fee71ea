//! Builds a TensorTensor bundle from an operand profile, prints its bytes and field table, reads
//! it back in place and decodes it.
//!
//! Run with `cargo run --example encode_decode`.

use isa::core::{AccessPattern, Addr4, AluOp, ApPair, Bundle, Dtype, Engine, Placement, SyncBand};
use isa::ops::tensor_tensor::{TensorTensor, TensorTensorInst};
use isa::ops::{Core, Operand, decode_any};

fn ap(start: u32, pattern: &[(i64, u64)]) -> AccessPattern {
    AccessPattern {
        start: Addr4::from_raw(start),
        pattern: pattern
            .iter()
            .map(|&(step, num)| ApPair { step, num })
            .collect(),
        indirect: false,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // out[64][4][128] = in0 + in1 on the DVE engine.
    let inst = TensorTensorInst {
        out: Operand {
            ap: ap(0x0004_0100, &[(1, 64), (512, 4), (1, 128)]),
            dtype: Dtype::Float32,
        },
        in0: Operand {
            ap: ap(0x0008_0000, &[(1, 64), (512, 4), (1, 128)]),
            dtype: Dtype::Float32,
        },
        in1: Operand {
            ap: ap(0x000C_0000, &[(1, 64), (-1, 512)]),
            dtype: Dtype::Bfloat16,
        },
        alu: AluOp::Add,
        engine: Engine::DVE,
        bitvec: false,
        gpsimd_int32_gate: false,
        core: Core::V2,
        sync: SyncBand::default(),
    };
    let bundle = inst.build()?;
    let bytes = bundle.to_bytes()?;
    for (row, chunk) in bytes.chunks(16).enumerate() {
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02x}")).collect();
        println!("{:04x}  {}", row * 16, hex.join(" "));
    }

    println!(
        "\n{} ({}), opcodes {:02x?}",
        TensorTensor::NAME,
        TensorTensor::WIRE_NAME,
        [0x41, 0x51, 0x8A, 0x8E]
    );
    for f in TensorTensor::FIELDS {
        let place = match f.placement {
            Placement::Bytes { len } => format!("{len} B"),
            Placement::Bits { lo, hi } => format!("bits {lo}..={hi}"),
        };
        println!(
            "  {:#04x}  {:<22} {:<10} {:<10} {}",
            f.offset,
            f.name,
            place,
            f.confidence.tag(),
            f.note
        );
    }

    // Read in place: no copy, fields decoded on demand.
    let view = TensorTensor::view(&bytes)?;
    println!(
        "\nin place: in0 {} / in1 {} -> out {}, alu {}",
        view.in0_dtype()?,
        view.in1_dtype()?,
        view.out_dtype()?,
        view.alu()?.name()
    );

    // Decode by opcode, with every check.
    let op = decode_any(&bytes)?;
    assert_eq!(op, bundle.clone().into());
    println!("decode_any: {} round-trips byte-exact", op.name());
    Ok(())
}
