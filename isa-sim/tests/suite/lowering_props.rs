//! A property: random TensorTensor and TensorScalar instructions, lowered by isa-ops into
//! bundles and run on the machine, agree with a second implementation written here on purpose
//! naively — plain f32 loops over a byte vector per partition, its own address arithmetic
//! (NKI access patterns: the first pair the partitions, then the free pairs slowest first, in
//! elements [N1, K2]), its own ALU table, and `half`'s bf16 rounding (RNE [R1]) — and calling
//! nothing of isa-sim but the run.
//!
//! Shapes are small (1–4 partitions from a random base partition, 1–2 free axes of 1–4
//! elements); input strides include 0 (a broadcast) and 2; operands are fp32 or bf16 holding
//! quarters in [-4, 4), so sums, products and quotients of two of them are exact or rounded the
//! same way by both sides.

use half::bf16;
use isa_core::{AccessPattern, Addr4, AluOp, ApPair, Dtype, Engine, SyncBand};
use isa_ops::tensor_scalar::{Arg, TensorScalarPtrInst};
use isa_ops::tensor_tensor::TensorTensorInst;
use isa_ops::{Core, Lowering, Op, Operand};
use isa_sim::{Machine, Space};
use proptest::prelude::*;

/// The bytes of each partition the naive side models.
const BYTES: usize = 4096;
/// Where each operand lives in its partitions.
const IN0: usize = 0;
const IN1: usize = 1024;
const SCALAR: usize = 2048;
const OUT: usize = 3072;

/// The ALU ops drawn, with the naive meaning of each.
const OPS: &[AluOp] = &[
    AluOp::Add,
    AluOp::Subtract,
    AluOp::Mult,
    AluOp::Divide,
    AluOp::Max,
    AluOp::Min,
    AluOp::IsEqual,
    AluOp::IsGt,
    AluOp::Bypass,
];

fn naive_alu(op: AluOp, x: f32, y: f32) -> f32 {
    let either_nan = x.is_nan() || y.is_nan();
    match op {
        AluOp::Add => x + y,
        AluOp::Subtract => x - y,
        AluOp::Mult => x * y,
        AluOp::Divide => x / y,
        AluOp::Max if either_nan => f32::NAN,
        AluOp::Max => x.max(y),
        AluOp::Min if either_nan => f32::NAN,
        AluOp::Min => x.min(y),
        AluOp::IsEqual => f32::from(u8::from(x == y)),
        AluOp::IsGt => f32::from(u8::from(x > y)),
        _ => x, // bypass
    }
}

/// Partition-major memory: `mem[p]` is partition `p`'s bytes.
type Mem = Vec<Vec<u8>>;

fn size(dtype: Dtype) -> usize {
    if dtype == Dtype::Float32 { 4 } else { 2 }
}

fn load(mem: &Mem, p: usize, byte: usize, dtype: Dtype) -> f32 {
    let b = &mem[p][byte..byte + size(dtype)];
    if dtype == Dtype::Float32 {
        f32::from_le_bytes([b[0], b[1], b[2], b[3]])
    } else {
        bf16::from_le_bytes([b[0], b[1]]).to_f32()
    }
}

fn store(mem: &mut Mem, p: usize, byte: usize, dtype: Dtype, v: f32) {
    let bytes = if dtype == Dtype::Float32 {
        v.to_le_bytes().to_vec()
    } else {
        bf16::from_f32(v).to_le_bytes().to_vec()
    };
    mem[p][byte..byte + bytes.len()].copy_from_slice(&bytes);
}

/// A naive operand: base partition, byte, dtype, and the free pairs `(step, num)` slowest first.
#[derive(Debug, Clone)]
struct Naive {
    partition: usize,
    byte: usize,
    dtype: Dtype,
    free: Vec<(i64, u64)>,
}

impl Naive {
    /// `(partition, byte)` of every element, partition by partition, in walk order.
    fn addresses(&self, partitions: usize) -> Vec<(usize, usize)> {
        let mut offsets = vec![0i64];
        for &(step, num) in &self.free {
            offsets = offsets
                .iter()
                .flat_map(|&o| (0..num as i64).map(move |i| o + i * step))
                .collect();
        }
        let mut out = Vec::new();
        for p in 0..partitions {
            for &o in &offsets {
                let byte = self.byte as i64 + o * size(self.dtype) as i64;
                out.push((self.partition + p, byte as usize));
            }
        }
        out
    }

    fn operand(&self, partitions: u64) -> Operand {
        let mut pattern = vec![ApPair {
            step: 1,
            num: partitions,
        }];
        pattern.extend(self.free.iter().map(|&(step, num)| ApPair { step, num }));
        Operand {
            ap: AccessPattern {
                start: Addr4::sbuf(self.partition as u32, self.byte as u32).expect("in the band"),
                pattern,
                indirect: false,
            },
            dtype: self.dtype,
        }
    }
}

/// A random instruction's operands: counts shared, strides per input.
#[derive(Debug, Clone)]
struct Case {
    partitions: usize,
    nums: Vec<u64>,
    in_steps: [Vec<i64>; 2],
    bases: [usize; 4],
    dtypes: [Dtype; 3],
    ops: [AluOp; 2],
    reverse: [bool; 2],
    /// The scalars: `None` per-partition from memory, `Some` an immediate.
    scalars: Vec<Option<f32>>,
    /// The seed of the quarters in [-4, 4) filling the input regions.
    fill: u64,
    seed_tt: bool,
}

fn case() -> impl Strategy<Value = Case> {
    let dtype = prop::sample::select(vec![Dtype::Float32, Dtype::Bfloat16]);
    let op = prop::sample::select(OPS.to_vec());
    let scalar = prop::option::of((-16i8..16).prop_map(|q| f32::from(q) / 4.0));
    (
        1usize..=4,
        prop::collection::vec(1u64..=4, 1..=2),
        prop::collection::vec(prop::sample::select(vec![0i64, 1, 2, 5]), 4),
        [0usize..4, 0usize..4, 0usize..4, 0usize..4],
        [dtype.clone(), dtype.clone(), dtype],
        [op.clone(), op],
        any::<[bool; 2]>(),
        prop::collection::vec(scalar, 1..=2),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(
            |(partitions, nums, steps, bases, dtypes, ops, reverse, scalars, fill, seed_tt)| {
                let axes = nums.len();
                Case {
                    partitions,
                    in_steps: [steps[..axes].to_vec(), steps[2..2 + axes].to_vec()],
                    nums,
                    bases,
                    dtypes,
                    ops,
                    reverse,
                    scalars,
                    fill,
                    seed_tt,
                }
            },
        )
}

impl Case {
    fn input(&self, k: usize, byte: usize) -> Naive {
        let free = self.in_steps[k]
            .iter()
            .copied()
            .zip(self.nums.iter().copied());
        Naive {
            partition: self.bases[k],
            byte,
            dtype: self.dtypes[k],
            free: free.collect(),
        }
    }

    /// The output walks row-major and contiguous, so no element is written twice.
    fn output(&self) -> Naive {
        let mut step = 1i64;
        let mut free: Vec<(i64, u64)> = Vec::new();
        for &num in self.nums.iter().rev() {
            free.insert(0, (step, num));
            step *= num as i64;
        }
        Naive {
            partition: self.bases[2],
            byte: OUT,
            dtype: self.dtypes[2],
            free,
        }
    }

    /// Every input region filled with quarters in its dtype; the per-partition scalars fp32.
    fn memory(&self) -> Mem {
        let mut mem = vec![vec![0u8; BYTES]; 8];
        // A linear congruential stream (Knuth's MMIX constants), its top bits as the quarter.
        let mut state = self.fill;
        let mut values = std::iter::repeat_with(move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            f32::from((state >> 59) as u8) / 4.0 - 4.0
        });
        for p in 0..mem.len() {
            for (region, dtype) in [(IN0, self.dtypes[0]), (IN1, self.dtypes[1])] {
                for e in 0..128 {
                    let v = values.next().unwrap_or(0.5);
                    store(&mut mem, p, region + e * size(dtype), dtype, v);
                }
            }
            for e in 0..2 {
                let v = values.next().unwrap_or(0.25);
                store(&mut mem, p, SCALAR + 4 * e, Dtype::Float32, v);
            }
        }
        mem
    }
}

/// The naive TensorTensor: `out = in0 op in1` element by element.
fn naive_tt(c: &Case, mem: &mut Mem) {
    let (in0, in1, out) = (c.input(0, IN0), c.input(1, IN1), c.output());
    let a = in0.addresses(c.partitions);
    let b = in1.addresses(c.partitions);
    for (k, &(p, byte)) in out.addresses(c.partitions).iter().enumerate() {
        let x = load(mem, a[k].0, a[k].1, in0.dtype);
        let y = load(mem, b[k].0, b[k].1, in1.dtype);
        store(mem, p, byte, out.dtype, naive_alu(c.ops[0], x, y));
    }
}

/// Scalar `j` of active partition `i`: the immediate, or the fp32 at SCALAR + 4j on the scalar
/// operand's partition (base `bases[3]`).
fn naive_scalar(c: &Case, mem: &Mem, j: usize, i: usize) -> f32 {
    match c.scalars[j] {
        Some(v) => v,
        None => load(mem, c.bases[3] + i, SCALAR + 4 * j, Dtype::Float32),
    }
}

/// The naive TensorScalar: `(x op0 s0) op1 s1`, each stage `s op v` when reversed.
fn naive_ts(c: &Case, mem: &mut Mem) {
    let (input, out) = (c.input(0, IN0), c.output());
    let a = input.addresses(c.partitions);
    let per = a.len() / c.partitions;
    for (k, &(p, byte)) in out.addresses(c.partitions).iter().enumerate() {
        let mut v = load(mem, a[k].0, a[k].1, input.dtype);
        for j in 0..c.scalars.len() {
            let s = naive_scalar(c, mem, j, k / per);
            v = if c.ops[j] == AluOp::Bypass {
                v // a bypass stage passes the data, reversed or not
            } else if c.reverse[j] {
                naive_alu(c.ops[j], s, v)
            } else {
                naive_alu(c.ops[j], v, s)
            };
        }
        store(mem, p, byte, out.dtype, v);
    }
}

fn tt_inst(c: &Case) -> TensorTensorInst {
    let n = c.partitions as u64;
    TensorTensorInst {
        out: c.output().operand(n),
        in0: c.input(0, IN0).operand(n),
        in1: c.input(1, IN1).operand(n),
        alu: c.ops[0],
        engine: Engine::DVE,
        bitvec: false,
        gpsimd_int32_gate: false,
        core: Core::V2,
        sync: SyncBand::default(),
    }
}

fn ts_inst(c: &Case) -> TensorScalarPtrInst {
    let n = c.partitions as u64;
    let scalar = |j: usize| match c.scalars[j] {
        Some(v) => Arg::fp32(v),
        None => Arg::Ap(
            Naive {
                partition: c.bases[3],
                byte: SCALAR + 4 * j,
                dtype: Dtype::Float32,
                free: vec![(1, 1)],
            }
            .operand(n),
        ),
    };
    TensorScalarPtrInst {
        reverse0: c.reverse[0],
        reverse1: c.reverse[1],
        ..TensorScalarPtrInst::new(
            c.output().operand(n),
            c.input(0, IN0).operand(n),
            (0..c.scalars.len()).map(scalar).collect(),
            c.ops[0],
            c.ops[1],
        )
    }
}

/// Both sides on one case: the machine's output bytes and the naive ones, or `None` when the
/// lowering refuses the instruction.
fn both(c: &Case) -> Option<(Vec<u8>, Vec<u8>)> {
    let bundles: Vec<Op> = if c.seed_tt {
        tt_inst(c).bundles().ok()?
    } else {
        ts_inst(c).bundles().ok()?
    };
    let mut mem = c.memory();
    let mut m = Machine::new(Core::V2);
    for (p, part) in mem.iter().enumerate() {
        m.memory_mut(Space::Sbuf).write(p, 0, &part[..OUT]).ok()?;
    }
    let bytes: Vec<u8> = bundles
        .iter()
        .flat_map(|op| op.to_bytes().expect("a lowered bundle encodes"))
        .collect();
    m.run::<Op>(&bytes).expect("the lowered bundles run");
    if c.seed_tt {
        naive_tt(c, &mut mem);
    } else {
        naive_ts(c, &mut mem);
    }
    let out = c.output();
    let width = size(out.dtype);
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for (p, byte) in out.addresses(c.partitions) {
        let sim = m.memory(Space::Sbuf).read(p, byte, width).expect("written");
        got.extend_from_slice(sim);
        want.extend_from_slice(&mem[p][byte..byte + width]);
    }
    Some((got, want))
}

/// NaN payloads are not compared: any NaN equals any NaN of the same width.
fn canonical(bytes: &[u8], width: usize) -> Vec<u32> {
    bytes
        .chunks(width)
        .map(|c| {
            if width == 4 {
                let v = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                if v.is_nan() { u32::MAX } else { v.to_bits() }
            } else {
                let v = bf16::from_le_bytes([c[0], c[1]]);
                if v.is_nan() {
                    u32::MAX
                } else {
                    u32::from(v.to_bits())
                }
            }
        })
        .collect()
}

/// A bypass stage with its reverse flag set is refused by the machine (the sources part:
/// `tensor_scalar::a_reversed_bypass_stage_is_refused`), so the draw clears that flag.
fn no_reversed_bypass(c: &mut Case) {
    for (op, reverse) in c.ops.iter().zip(c.reverse.iter_mut()) {
        if *op == AluOp::Bypass {
            *reverse = false;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn lowered_bundles_agree_with_the_naive_loops(mut c in case()) {
        if !c.seed_tt && c.scalars.len() == 1 {
            // One scalar: op1 is the bypass identity (seed 001, "With NumArgs==2").
            c.ops[1] = AluOp::Bypass;
        }
        no_reversed_bypass(&mut c);
        if let Some((got, want)) = both(&c) {
            let width = size(c.dtypes[2]);
            prop_assert_eq!(canonical(&got, width), canonical(&want, width), "{:?}", c);
        }
    }
}

/// The draw reaches the machine: most cases lower (the lowering refuses none of these shapes).
#[test]
fn most_cases_lower() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut lowered = [0usize; 2];
    for _ in 0..64 {
        let mut c = case().new_tree(&mut runner).expect("a case").current();
        if c.scalars.len() == 1 {
            c.ops[1] = AluOp::Bypass;
        }
        no_reversed_bypass(&mut c);
        if both(&c).is_some() {
            lowered[usize::from(c.seed_tt)] += 1;
        }
    }
    assert!(lowered.iter().all(|&n| n >= 16), "{lowered:?}");
}
