//! A property over every encoder body: what a body lowers passes its own validators. Seed 000's
//! lifecycle runs the same field fill in GENERATE_ISACODE and RUN_ISA_CHECKS, and
//! SPEC-NOTES §2.12 says "A validator never flags a byte its own encoder writes".
//!
//! Inputs are drawn the way `isa_ops::sample` draws bundles: a deterministic SplitMix64 over a
//! seed, each field from its table most of the time. They are drawn within each instruction's
//! contract, the relations between operands that the instruction states and the lowering has
//! no byte of its own for: elementwise operands share one shape; a predicated copy's mask
//! carries the output's dtype and a select-reduce converts nothing; TensorScalarAddr reads its
//! scalars from the input's partition, with ALU ops that have an addr form; Exponential takes
//! one of its accumulate commands. Everything else (engines, gates, opcodes forks, ALU ops, dtype
//! pairs, scalar kinds, number of arguments, ranks) is drawn freely; a body may refuse an input,
//! and the property is about what it does not refuse.

use isa_core::{AccessPattern, AccumulateCmd, Addr4, AluOp, ApPair, Dtype, Engine, SyncBand};
use isa_ops::copy_predicated::{CopyPredicatedInst, FalseFill, FillArg, SelectInst, Source};
use isa_ops::exponential::{EXPONENTIAL_ACCUM_CMDS, ExponentialInst};
use isa_ops::memset::MemsetInst;
use isa_ops::move_shape::MoveShapeInst;
use isa_ops::sample::SplitMix64;
use isa_ops::tensor_copy::TensorCopyInst;
use isa_ops::tensor_scalar::{Arg, TensorScalarPtrInst};
use isa_ops::tensor_scalar_addr::is_bitvec_op;
use isa_ops::tensor_scalar_cache::TensorScalarCacheInst;
use isa_ops::tensor_tensor::TensorTensorInst;
use isa_ops::{Codegen, Core, Lowering, Operand};
use proptest::prelude::*;

struct Draw(SplitMix64);

impl Draw {
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n.max(1)
    }

    fn coin(&mut self) -> bool {
        self.below(2) == 0
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    fn u32(&mut self) -> u32 {
        self.0.next_u64() as u32
    }

    /// A dtype: int32 and float32 often (they open and close the int32 gate), else any.
    fn dtype(&mut self) -> Dtype {
        match self.below(4) {
            0 => Dtype::Int32,
            1 => Dtype::Float32,
            _ => self.pick(Dtype::ALL),
        }
    }

    /// A pattern: the partition axis, then `1..=max_free` free axes.
    fn shape(&mut self, max_free: u64) -> Vec<(i64, u64)> {
        let mut s = vec![(1, 1 + self.below(128))];
        for _ in 0..1 + self.below(max_free) {
            s.push((1 + self.below(64) as i64, 1 + self.below(16)));
        }
        s
    }

    /// A static SBUF start word on `partition`.
    fn start(&mut self, partition: u32) -> Addr4 {
        Addr4::from_raw((partition << 18) | (self.u32() & 0x0FFF))
    }

    fn operand(&mut self, shape: &[(i64, u64)], dtype: Dtype) -> Operand {
        let partition = self.below(16) as u32;
        let start = self.start(partition);
        operand_at(start, shape, dtype)
    }

    /// An operand of any dtype.
    fn any(&mut self, shape: &[(i64, u64)]) -> Operand {
        let dtype = self.dtype();
        self.operand(shape, dtype)
    }

    fn sync(&mut self) -> SyncBand {
        SyncBand {
            wait_mode: self.below(4) as u8,
            wait_index: self.below(8) as u8,
            update_mode: self.below(4) as u8,
            update_index: self.below(8) as u8,
            value: self.u32(),
        }
    }

    fn fp32(&mut self) -> Arg {
        Arg::fp32(self.below(1000) as f32 - 500.0)
    }
}

fn operand_at(start: Addr4, shape: &[(i64, u64)], dtype: Dtype) -> Operand {
    Operand {
        ap: AccessPattern {
            start,
            pattern: shape
                .iter()
                .map(|&(step, num)| ApPair { step, num })
                .collect(),
            indirect: false,
        },
        dtype,
    }
}

/// The findings RUN_ISA_CHECKS reports on what `inst` lowers, or `None` when the body refuses
/// the input.
fn findings_of(inst: &impl Lowering) -> Option<Vec<String>> {
    inst.lower().ok()?;
    let mut cg = Codegen::new();
    cg.run(2, inst).ok()?;
    Some(
        cg.findings
            .iter()
            .map(|(op, f)| format!("{op}: {f}"))
            .collect(),
    )
}

fn tensor_tensor(d: &mut Draw) -> TensorTensorInst {
    let s = d.shape(3);
    TensorTensorInst {
        out: d.any(&s),
        in0: d.any(&s),
        in1: d.any(&s),
        alu: d.pick(AluOp::ALL),
        engine: Engine(d.pick(&[1, 4, 5, 6, 7])),
        bitvec: d.coin(),
        gpsimd_int32_gate: d.coin(),
        core: d.pick(&[Core::V2, Core::V3]),
        sync: d.sync(),
    }
}

fn copy_predicated(d: &mut Draw) -> CopyPredicatedInst {
    let s = d.shape(2);
    let out_dtype = d.dtype();
    let reduce_op = if d.coin() {
        AluOp::Bypass
    } else {
        d.pick(AluOp::ALL)
    };
    // A select-reduce converts nothing: its src carries the output's dtype.
    let src_dtype = if reduce_op == AluOp::Bypass {
        d.dtype()
    } else {
        out_dtype
    };
    let src = if d.below(3) == 0 {
        Source::Scalar(d.u32())
    } else {
        Source::Tensor(d.operand(&s, src_dtype))
    };
    let byte = d.below(256) as u8;
    let arg = d.pick(&[
        FillArg::PhysicalAp(byte),
        FillArg::RegisterAp(byte),
        FillArg::ImmediateValue(byte),
    ]);
    let fill = d.coin().then_some(FalseFill {
        arg,
        dtype: out_dtype,
    });
    let mask_dtype = d.pick(PREDICATES);
    CopyPredicatedInst {
        out: d.operand(&s, out_dtype),
        mask: d.operand(&s, mask_dtype),
        src,
        fill,
        reduce_op,
        sync: d.sync(),
    }
}

/// The predicate dtypes of tensor_copy_predicated [P2].
const PREDICATES: &[Dtype] = &[Dtype::Uint8, Dtype::Uint16, Dtype::Uint32];

fn select(d: &mut Draw) -> SelectInst {
    let s = d.shape(3);
    let out_dtype = d.dtype();
    let on_true = if d.coin() {
        Source::Scalar(d.u32())
    } else {
        Source::Tensor(d.any(&s))
    };
    let preds_dtype = d.pick(PREDICATES);
    SelectInst {
        out: d.operand(&s, out_dtype),
        preds: d.operand(&s, preds_dtype),
        on_true,
        on_false: d.any(&s),
        sync: d.sync(),
    }
}

fn tensor_copy(d: &mut Draw) -> TensorCopyInst {
    let s = d.shape(4);
    TensorCopyInst {
        src: d.any(&s),
        dst: d.any(&s),
        copy_dtype: d.coin().then(|| d.dtype()),
        sync: d.sync(),
    }
}

fn memset(d: &mut Draw) -> MemsetInst {
    let s = d.shape(4);
    MemsetInst {
        out: d.any(&s),
        mode: d.below(3) as u32,
        fill: d.u32(),
        sync: d.sync(),
    }
}

fn move_shape(d: &mut Draw) -> MoveShapeInst {
    let s = d.shape(5);
    let partition = d.below(16) as u32;
    let mut ap = operand_at(d.start(partition), &s, Dtype::Float32).ap;
    ap.indirect = d.below(8) == 0;
    MoveShapeInst {
        ap,
        ap_mode: d.below(256) as u8,
        dtype: d.dtype(),
        sync: d.sync(),
    }
}

/// An operand-list entry of TensorScalar: an immediate (fp32 mostly) or an AP.
fn ts_arg(d: &mut Draw, s: &[(i64, u64)]) -> Arg {
    match d.below(4) {
        0 => Arg::Ap(d.any(s)),
        1 => {
            let bits = d.u32();
            let dtype = d.dtype();
            Arg::Immediate { bits, dtype }
        }
        _ => d.fp32(),
    }
}

fn ptr_base(d: &mut Draw, s: &[(i64, u64)]) -> TensorScalarPtrInst {
    TensorScalarPtrInst {
        out: d.any(s),
        reduce_out: d
            .coin()
            .then(|| d.operand(&[(1, 64), (1, 1)], Dtype::Float32)),
        input: d.any(s),
        scalars: Vec::new(),
        op0: d.pick(AluOp::ALL),
        op1: d.pick(AluOp::ALL),
        reverse0: d.coin(),
        reverse1: d.coin(),
        apply_transpose: d.below(4) == 0,
        bitvec: d.below(4) == 0,
        tensor_scalar_addr: false,
        scalar_tensor_tensor: false,
        stt_scan: false,
        acc: d.pick(AccumulateCmd::ALL),
        sync: d.sync(),
    }
}

fn tensor_scalar(d: &mut Draw) -> TensorScalarPtrInst {
    let s = d.shape(3);
    let mut i = ptr_base(d, &s);
    let n = 1 + d.below(2);
    i.scalars = (0..n).map(|_| ts_arg(d, &s)).collect();
    if n == 1 && d.coin() {
        i.op1 = AluOp::Bypass;
    }
    if d.coin() {
        i.acc = AccumulateCmd::Idle;
    }
    i
}

fn scalar_tensor_tensor(d: &mut Draw) -> TensorScalarPtrInst {
    let s = d.shape(2);
    let mut i = ptr_base(d, &s);
    i.scalar_tensor_tensor = d.coin();
    i.stt_scan = !i.scalar_tensor_tensor || d.coin();
    let tensor1 = Arg::Ap(d.any(&s));
    i.scalars = vec![ts_arg(d, &s), tensor1];
    i
}

/// TensorScalarAddr within its contract: AP scalars on the input's partition, ALU ops with an
/// addr form, op1 live exactly when there is a second scalar.
fn tensor_scalar_addr(d: &mut Draw) -> TensorScalarPtrInst {
    let s = d.shape(2);
    let mut i = ptr_base(d, &s);
    i.tensor_scalar_addr = true;
    i.reduce_out = None;
    i.acc = AccumulateCmd::Idle;
    let partition = d.below(16) as u32;
    i.input = operand_at(d.start(partition), &s, d.dtype());
    let arith: Vec<AluOp> = AluOp::ALL
        .iter()
        .copied()
        .filter(|&op| !is_bitvec_op(op) && op != AluOp::Bypass)
        .collect();
    i.op0 = d.pick(&arith);
    let n = 1 + d.below(2);
    i.scalars = (0..n)
        .map(|_| {
            let start = if d.coin() {
                d.start(partition)
            } else {
                Addr4::register(d.below(0x40) as u8).unwrap_or(Addr4::from_raw(0))
            };
            Arg::Ap(operand_at(start, &[(1, 1), (1, 1)], d.dtype()))
        })
        .collect();
    if n == 1 {
        i.op1 = AluOp::Bypass;
        i.reverse1 = false;
    } else {
        i.op1 = d.pick(&arith);
    }
    i
}

fn tensor_scalar_cache(d: &mut Draw) -> TensorScalarCacheInst {
    let s = d.shape(3);
    let acc = d.pick(AccumulateCmd::ALL);
    TensorScalarCacheInst {
        out: d.any(&s),
        reduce_out: d
            .coin()
            .then(|| d.operand(&[(1, 64), (1, 1)], Dtype::Float32)),
        input: d.any(&s),
        imm0: d.fp32(),
        imm1: (acc == AccumulateCmd::LoadAccumulate && d.coin()).then(|| d.fp32()),
        op0: d.pick(AluOp::ALL),
        op1: d.pick(AluOp::ALL),
        reverse0: d.coin(),
        reverse1: d.coin(),
        mode: d.below(3) as u32,
        acc,
        engine: if d.below(8) == 0 {
            Engine(4)
        } else {
            Engine::DVE
        },
        sync: d.sync(),
    }
}

fn exponential(d: &mut Draw) -> ExponentialInst {
    let s = d.shape(3);
    let reduce_cmd = d.pick(EXPONENTIAL_ACCUM_CMDS);
    let imm1 = if reduce_cmd == AccumulateCmd::LoadAccumulate {
        d.fp32()
    } else {
        Arg::fp32(0.0)
    };
    ExponentialInst {
        out: d.any(&s),
        reduce_out: d
            .coin()
            .then(|| d.operand(&[(1, 64), (1, 1)], Dtype::Float32)),
        input: d.any(&s),
        imm0: d.fp32(),
        imm1,
        reduce_cmd,
        sync: d.sync(),
    }
}

/// Runs every body on one seed; returns (body, findings) for each body that lowered.
fn every_body(seed: u64) -> Vec<(&'static str, Vec<String>)> {
    let mut d = Draw(SplitMix64::new(seed));
    let mut out = Vec::new();
    let mut record = |name: &'static str, found: Option<Vec<String>>| {
        if let Some(found) = found {
            out.push((name, found));
        }
    };
    record("TensorTensor", findings_of(&tensor_tensor(&mut d)));
    record("CopyPredicated", findings_of(&copy_predicated(&mut d)));
    record("Select", findings_of(&select(&mut d)));
    record("TensorCopy", findings_of(&tensor_copy(&mut d)));
    record("Memset", findings_of(&memset(&mut d)));
    record("MoveShape", findings_of(&move_shape(&mut d)));
    record("TensorScalar", findings_of(&tensor_scalar(&mut d)));
    record(
        "ScalarTensorTensor",
        findings_of(&scalar_tensor_tensor(&mut d)),
    );
    record("TensorScalarAddr", findings_of(&tensor_scalar_addr(&mut d)));
    record(
        "TensorScalarCache",
        findings_of(&tensor_scalar_cache(&mut d)),
    );
    record("Exponential", findings_of(&exponential(&mut d)));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    // SPEC-NOTES §2.12: "A validator never flags a byte its own encoder writes" (seed 000's
    // lifecycle: the RUN_ISA_CHECKS arm validates exactly the bytes GENERATE_ISACODE writes).
    #[test]
    fn no_body_lowers_a_bundle_its_own_validators_refuse(seed in any::<u64>()) {
        for (body, found) in every_body(seed) {
            prop_assert!(found.is_empty(), "{body}, seed {seed:#x}: {found:?}");
        }
    }
}

/// The draw reaches every body's lowering, not only its refusals.
#[test]
fn the_draw_lowers_every_body() {
    let mut lowered = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..400 {
        for (body, _) in every_body(seed) {
            *lowered.entry(body).or_default() += 1;
        }
    }
    for body in [
        "TensorTensor",
        "CopyPredicated",
        "Select",
        "TensorCopy",
        "Memset",
        "MoveShape",
        "TensorScalar",
        "ScalarTensorTensor",
        "TensorScalarAddr",
        "TensorScalarCache",
        "Exponential",
    ] {
        let n = lowered.get(body).copied().unwrap_or(0);
        assert!(n >= 20, "{body} lowered only {n} of 400 draws: {lowered:?}");
    }
}
