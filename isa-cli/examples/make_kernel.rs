//! Builds `examples/kernel.jsonl`: a masked softmax over one 128 × 512 fp32 tile, lowered
//! through each op's opcode selection and field fill (`Lowering::bundles`), one JSON line per
//! bundle as `isa decode --json` writes them (without the offsets).
//!
//! ```sh
//! cargo run -q -p isa-cli --example make_kernel > examples/kernel.jsonl
//! cargo run -q -p isa-cli -- encode examples/kernel.jsonl -o examples/kernel.bin
//! ```
//!
//! Every operand sits in partitions 0..128 of SBUF; the addresses below are the per-partition
//! byte addresses. The stream, in order:
//!
//! | offset | bundles | op | what it does |
//! | --- | --- | --- | --- |
//! | 0x000 | 0x49 | Memset | `out = 0` (bf16): fill the output |
//! | 0x040, 0x080 | 0x46, 0xE8 | Select → TensorCopy, CopyPredicatedScalar | `xm = causal ? -inf : x` |
//! | 0x0C0 | 0xEA | SelectReduce | `rowmax = max(valid ? xm : 0.0)` along the row |
//! | 0x100, 0x140 | 0x30, 0x9B | Exponential, DveReadAccumulator | `e = exp(xm - rowmax)`, its fused sum `Σ e` drained to `rowsum` |
//! | 0x180 | 0x43 | TensorScalar | `rrec = 1.0 / rowsum` |
//! | 0x1C0 | 0x43 | TensorScalar | `e = e * rrec` (the scalar read per partition from `rrec`) |
//! | 0x200 | 0x99 | CastPredicated | `out = valid ? bf16(e) : out` |
//!
//! Exponential's imm0 is nki.isa.exponential's `max_value`, `dst = exp(src - max_value)` and
//! `reduce_res = sum(dst)` \[I1\]; it is a float or a tensor of one element per partition there
//! (`max_value: float | NkiTensor`), and seed 001 packs it with the mem-pattern packer, so the
//! row maximum is read per partition from `rowmax` and no subtract bundle comes before it. The
//! drained row sum is `Σ_j exp(xm[j] - rowmax)` over every column (a column the causal mask
//! removes adds exp(-inf) = 0; the padding mask picks the row maximum and what is written, not
//! the sum). The masks are uint8, 1 or 0: the predicates of tensor_copy_predicated are uint8,
//! uint16 or uint32 \[P2\], those of select_reduce int8, uint8, int16 or uint16 \[I1\].

use isa_core::{AccessPattern, AccumulateCmd, Addr4, AluOp, ApPair, Dtype, SyncBand};
use isa_ops::copy_predicated::{CopyPredicatedInst, SelectInst, Source};
use isa_ops::exponential::ExponentialInst;
use isa_ops::memset::MemsetInst;
use isa_ops::tensor_scalar::{Arg, TensorScalarPtrInst};
use isa_ops::{Lowering, Op, Operand};

/// Partitions of the tile.
const ROWS: u64 = 128;
/// Elements per partition.
const COLS: u64 = 512;

/// Per-partition byte addresses in SBUF.
mod at {
    /// The scores, fp32.
    pub const X: u32 = 0x0000;
    /// The causal mask, uint8: 1 where a position is masked out.
    pub const CAUSAL: u32 = 0x0800;
    /// The key-padding mask, uint8: 1 on valid columns.
    pub const VALID: u32 = 0x1000;
    /// The masked scores, fp32.
    pub const XM: u32 = 0x1400;
    /// The exponentials, then the probabilities, fp32.
    pub const E: u32 = 0x1C00;
    /// The output, bf16.
    pub const OUT: u32 = 0x2400;
    /// The row maximum, fp32, one per partition.
    pub const ROWMAX: u32 = 0x2800;
    /// The row sum, fp32, one per partition.
    pub const ROWSUM: u32 = 0x2804;
    /// Its reciprocal, fp32, one per partition.
    pub const RREC: u32 = 0x2808;
}

/// A tile operand: partitions 0..128, `cols` elements at `step` from `addr`.
fn tile(addr: u32, step: i64, cols: u64, dtype: Dtype) -> Result<Operand, isa_core::Problem> {
    Ok(Operand {
        ap: AccessPattern {
            start: Addr4::sbuf(0, addr)?,
            pattern: vec![ApPair { step: 1, num: ROWS }, ApPair { step, num: cols }],
            indirect: false,
        },
        dtype,
    })
}

/// A full row-major tile.
fn full(addr: u32, dtype: Dtype) -> Result<Operand, isa_core::Problem> {
    tile(addr, 1, COLS, dtype)
}

/// One element per partition.
fn column(addr: u32) -> Result<Operand, isa_core::Problem> {
    tile(addr, 1, 1, Dtype::Float32)
}

/// The kernel's bundles, in stream order.
pub fn kernel() -> Result<Vec<Op>, Box<dyn std::error::Error>> {
    let fp32 = Dtype::Float32;
    let bf16 = Dtype::Bfloat16;
    let u8 = Dtype::Uint8;
    let none = SyncBand::default();
    // The first bundle that reads `x` waits for semaphore 0 (the load); the last one raises
    // semaphore 1 (the store may start).
    let wait_load = SyncBand {
        wait_mode: 1,
        wait_index: 0,
        value: 1,
        ..SyncBand::default()
    };
    let signal_store = SyncBand {
        update_mode: 1,
        update_index: 1,
        value: 1,
        ..SyncBand::default()
    };
    let neg_inf = f32::NEG_INFINITY.to_bits();

    let steps: Vec<Box<dyn Lowering>> = vec![
        Box::new(MemsetInst {
            out: full(at::OUT, bf16)?,
            mode: 0,
            fill: 0,
            sync: none,
        }),
        Box::new(SelectInst {
            out: full(at::XM, fp32)?,
            preds: full(at::CAUSAL, u8)?,
            on_true: Source::Scalar(neg_inf),
            on_false: full(at::X, fp32)?,
            sync: wait_load,
        }),
        Box::new(CopyPredicatedInst {
            out: column(at::ROWMAX)?,
            mask: full(at::VALID, u8)?,
            src: Source::Tensor(full(at::XM, fp32)?),
            fill: None,
            reduce_op: AluOp::Max,
            sync: none,
        }),
        Box::new(ExponentialInst {
            out: full(at::E, fp32)?,
            reduce_out: Some(column(at::ROWSUM)?),
            input: full(at::XM, fp32)?,
            imm0: Arg::Ap(column(at::ROWMAX)?),
            imm1: Arg::Immediate {
                bits: 0,
                dtype: fp32,
            },
            reduce_cmd: AccumulateCmd::ZeroAccumulate,
            sync: none,
        }),
        Box::new(tensor_scalar(
            column(at::RREC)?,
            column(at::ROWSUM)?,
            Arg::fp32(1.0),
            AluOp::Divide,
            true,
        )),
        Box::new(tensor_scalar(
            full(at::E, fp32)?,
            full(at::E, fp32)?,
            Arg::Ap(column(at::RREC)?),
            AluOp::Mult,
            false,
        )),
        Box::new(CopyPredicatedInst {
            out: full(at::OUT, bf16)?,
            mask: full(at::VALID, u8)?,
            src: Source::Tensor(full(at::E, fp32)?),
            fill: None,
            reduce_op: AluOp::Bypass,
            sync: signal_store,
        }),
    ];
    let mut ops = Vec::new();
    for step in &steps {
        ops.extend(step.bundles()?);
    }
    Ok(ops)
}

/// `out = in (op0) scalar` with one scalar (`reverse0`: `scalar (op0) in`).
fn tensor_scalar(
    out: Operand,
    input: Operand,
    scalar: Arg,
    op0: AluOp,
    reverse0: bool,
) -> TensorScalarPtrInst {
    TensorScalarPtrInst {
        reverse0,
        ..TensorScalarPtrInst::new(out, input, vec![scalar], op0, AluOp::Bypass)
    }
}

/// The kernel as JSON Lines.
pub fn json_lines() -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    for op in kernel()? {
        out.push_str(&serde_json::to_string(&op)?);
        out.push('\n');
    }
    Ok(out)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    print!("{}", json_lines()?);
    Ok(())
}
