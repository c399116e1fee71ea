//! Builders shared by the machine tests: bundles encoded by the derive, state loaded by hand.
#![allow(dead_code)]

use isa_core::{AccumulateCmd, Addr4, AluOp, Dtype, ReverseOps, SyncBand, Tensor, Tensor2d};
use isa_ops::Op;
use isa_ops::scalar_tensor_tensor::{ScalarTensorTensor, SttOpcode};
use isa_ops::tensor_scalar::ScalarSource;
use isa_ops::tensor_tensor::{TensorTensor, TtAlu, TtOpcode};
use isa_sim::{Core, ExecError, Machine, Space};

/// A descriptor at `addr` with the given strides and counts (innermost first).
pub fn desc<const N: usize>(addr: Addr4, strides: [i16; N], nums: [u16; N]) -> Tensor<N> {
    Tensor {
        addr,
        strides,
        nums,
    }
}

/// SBUF partition `p`, byte `a`.
pub fn sb(p: u32, a: u32) -> Addr4 {
    Addr4::sbuf(p, a).expect("a test address in the SBUF band")
}

/// PSUM partition `p`, byte `a`.
pub fn ps(p: u32, a: u32) -> Addr4 {
    Addr4::psum(p, a).expect("a test address in the PSUM band")
}

/// A contiguous 3-D walk of `n` elements.
pub fn row(addr: Addr4, n: u16) -> Tensor<3> {
    desc(addr, [1, 1, 1], [n, 1, 1])
}

/// A TensorTensor bundle.
pub fn tt(
    opcode: TtOpcode,
    alu: TtAlu,
    dtypes: [Dtype; 3],
    partitions: u8,
    out: Tensor<3>,
    in0: Tensor<3>,
    in1: Tensor<3>,
) -> Op {
    Op::TensorTensor(TensorTensor {
        opcode,
        sync: SyncBand::default(),
        in0_dtype: dtypes[1],
        in1_dtype: dtypes[2],
        out_dtype: dtypes[0],
        alu,
        num_active_partitions: partitions,
        out,
        in0,
        in1,
    })
}

/// The bytes of a stream of bundles, through the derive's encoder.
pub fn stream(ops: &[Op]) -> Vec<u8> {
    ops.iter()
        .flat_map(|op| op.to_bytes().expect("a test bundle encodes"))
        .collect()
}

/// Runs `ops` on `machine`.
pub fn run(machine: &mut Machine, ops: &[Op]) -> Result<Vec<isa_sim::DrainEvent>, ExecError> {
    machine.run::<Op>(&stream(ops))
}

/// Writes fp32 `values` into partition `p` of `space` at byte `a`.
pub fn put_f32(m: &mut Machine, space: Space, p: usize, a: usize, values: &[f32]) {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    m.memory_mut(space).write(p, a, &bytes).expect("in range");
}

/// A machine whose partitions 96 and 97 hold a bf16 scalar at SBUF byte 0 (0x4000 = 2.0 and
/// 0xC040 = -3.0), the fp32 tile [1, 2] at PSUM byte 0 and `in1` at SBUF byte 64: a two-operand
/// op at a partition offset with its first tensor in PSUM and a per-partition bf16 scalar.
pub fn offset_lanes(in1: [f32; 2]) -> Machine {
    let mut m = machine();
    for (p, code) in [(96, 0x4000u16), (97, 0xC040)] {
        m.memory_mut(Space::Sbuf)
            .write(p, 0, &code.to_le_bytes())
            .expect("in range");
        put_f32(&mut m, Space::Psum, p, 0, &[1.0, 2.0]);
        put_f32(&mut m, Space::Sbuf, p, 64, &in1);
    }
    m
}

/// Reads `n` fp32 values from partition `p` of `space` at byte `a`.
pub fn get_f32(m: &Machine, space: Space, p: usize, a: usize, n: usize) -> Vec<f32> {
    let bytes = m.memory(space).read(p, a, 4 * n).expect("written");
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A CoreV2 machine.
pub fn machine() -> Machine {
    Machine::new(Core::V2)
}

/// Runs `ops` on `machine`, which must fail: the error.
pub fn fails(machine: &mut Machine, ops: &[Op]) -> ExecError {
    match run(machine, ops) {
        Ok(_) => panic!("the run was expected to fail"),
        Err(err) => err,
    }
}

/// The ScalarTensorTensor control fields a test varies.
pub struct SttControl {
    /// Which form.
    pub opcode: SttOpcode,
    /// op0 and op1.
    pub ops: (AluOp, AluOp),
    /// The reverse pack.
    pub reverse: ReverseOps,
    /// The scalar slot: source, word, dtype.
    pub scalar: (ScalarSource, u32, Dtype),
    /// The accumulate command.
    pub acc: AccumulateCmd,
}

/// A ScalarTensorTensor bundle over `partitions` partitions, every tensor fp32, walking
/// `[out, tensor0, tensor1]`.
pub fn stt_bundle(c: SttControl, partitions: u8, [out, t0, t1]: [Tensor2d; 3]) -> Op {
    Op::ScalarTensorTensor(ScalarTensorTensor {
        opcode: c.opcode,
        sync: SyncBand::default(),
        tensor1: t1,
        tensor0: t0,
        op0: c.ops.0,
        op1: c.ops.1,
        reverse: c.reverse,
        scalar_src: c.scalar.0,
        tensor0_dtype: Dtype::Float32,
        tensor1_dtype: Dtype::Float32,
        out_dtype: Dtype::Float32,
        num_active_channels: partitions,
        scalar_dtype: c.scalar.2,
        accumulator_cmd: c.acc,
        out,
        scalar: c.scalar.1,
    })
}

/// xorshift64: test data only.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
