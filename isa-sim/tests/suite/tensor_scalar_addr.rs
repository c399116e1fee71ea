//! TensorScalarAddr (0x74) on the machine: KLR "Tensor-Scalar where the scalars are loaded from
//! memory" [K4], computed as tensor_scalar's `(x op0 s0) op1 s1`, reverse `s op x` [I1; K3].
//! Every expectation is computed by hand in the comment beside it.

use crate::common::*;
use isa_core::{Addr4, AluOp, Dtype, ReverseOps, SyncBand, Tensor2d};
use isa_ops::Op;
use isa_ops::tensor_scalar::ScalarSource;
use isa_ops::tensor_scalar_addr::TensorScalarAddr;
use isa_sim::{Problem, Space};

fn row2(addr: Addr4, n: u16) -> Tensor2d {
    desc(addr, [1, 1], [n, 1])
}

/// `(x op0 s0) op1 s1` with both scalars loaded from the addresses `s0`, `s1`.
fn addr(
    ops: (AluOp, AluOp),
    reverse: ReverseOps,
    (s0, s1): (Addr4, Addr4),
    partitions: u8,
    (out, x): (Tensor2d, Tensor2d),
) -> TensorScalarAddr {
    TensorScalarAddr {
        sync: SyncBand::default(),
        input: x,
        in_dtype: Dtype::Float32,
        out_dtype: Dtype::Float32,
        scalar0_src: ScalarSource::PhysicalAp,
        op0: ops.0,
        op1: ops.1,
        reverse,
        scalar1_src: ScalarSource::PhysicalAp,
        scalar0: s0.raw(),
        num_active_channels: partitions,
        out,
        scalar1: s1.raw(),
    }
}

#[test]
fn both_scalars_are_loaded_per_partition() {
    // x = [1, 2] on partitions 0 and 1; s0 = 10 / 20, s1 = 2 / 4 (bytes 64 and 80):
    // partition 0: (x + 10)·2 = [22, 24]; partition 1: (x + 20)·4 = [84, 88].
    let mut m = machine();
    for (p, s0, s1) in [(0, 10.0, 2.0), (1, 20.0, 4.0)] {
        put_f32(&mut m, Space::Sbuf, p, 0, &[1.0, 2.0]);
        put_f32(&mut m, Space::Sbuf, p, 64, &[s0]);
        put_f32(&mut m, Space::Sbuf, p, 80, &[s1]);
    }
    let op = addr(
        (AluOp::Add, AluOp::Mult),
        ReverseOps::None,
        (sb(0, 64), sb(0, 80)),
        2,
        (row2(sb(0, 128), 2), row2(sb(0, 0), 2)),
    );
    run(&mut m, &[Op::TensorScalarAddr(op)]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 2), [22.0, 24.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 1, 128, 2), [84.0, 88.0]);
}

#[test]
fn reverse_both_puts_each_scalar_first() {
    // x = [1, 3], s0 = 5 (subtract, reversed), s1 = 8 (divide, reversed): 8 / (5 - x) = [2, 4].
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 3.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[5.0, 8.0]);
    let op = addr(
        (AluOp::Subtract, AluOp::Divide),
        ReverseOps::Both,
        (sb(0, 64), sb(0, 68)),
        1,
        (row2(sb(0, 128), 2), row2(sb(0, 0), 2)),
    );
    run(&mut m, &[Op::TensorScalarAddr(op)]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 2), [2.0, 4.0]);
}

#[test]
fn with_op1_bypass_scalar1_is_not_read_and_a_psum_scalar_at_an_offset_works() {
    // One scalar (seed 001: op1 bypass, scalar1 the empty immediate 0): partition 32's scalar
    // is PSUM byte 0 = 3; x = [1, 2]: x·3 = [3, 6]. scalar1 is never read.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 32, 0, &[1.0, 2.0]);
    put_f32(&mut m, Space::Psum, 32, 0, &[3.0]);
    let mut op = addr(
        (AluOp::Mult, AluOp::Bypass),
        ReverseOps::None,
        (ps(32, 0), sb(0, 0)),
        1,
        (row2(sb(32, 128), 2), row2(sb(32, 0), 2)),
    );
    (op.scalar1_src, op.scalar1) = (ScalarSource::Immediate, 0);
    run(&mut m, &[Op::TensorScalarAddr(op)]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 32, 128, 2), [3.0, 6.0]);
}

#[test]
fn int32_address_arithmetic_loads_int32_scalars() {
    // The scalars take the input's dtype (a reading): int32 x = 100, scalar 4 (add): 104,
    // exact through fp32 below 2^24.
    let mut m = machine();
    m.memory_mut(Space::Sbuf)
        .write(0, 0, &100i32.to_le_bytes())
        .unwrap();
    m.memory_mut(Space::Sbuf)
        .write(0, 64, &4i32.to_le_bytes())
        .unwrap();
    let mut op = addr(
        (AluOp::Add, AluOp::Bypass),
        ReverseOps::None,
        (sb(0, 64), sb(0, 0)),
        1,
        (row2(sb(0, 128), 1), row2(sb(0, 0), 1)),
    );
    (op.in_dtype, op.out_dtype) = (Dtype::Int32, Dtype::Int32);
    (op.scalar1_src, op.scalar1) = (ScalarSource::Immediate, 0);
    run(&mut m, &[Op::TensorScalarAddr(op)]).unwrap();
    let out = m.memory(Space::Sbuf).read(0, 128, 4).unwrap();
    assert_eq!(out, 104i32.to_le_bytes());
}

#[test]
fn an_immediate_or_unwritten_scalar_is_refused_and_nothing_lands() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0]);
    let before = m.clone();
    let mut op = addr(
        (AluOp::Add, AluOp::Bypass),
        ReverseOps::None,
        (sb(0, 64), sb(0, 0)),
        1,
        (row2(sb(0, 128), 1), row2(sb(0, 0), 1)),
    );
    let err = fails(&mut m, &[Op::TensorScalarAddr(op.clone())]);
    assert_eq!(err.fault.operand, Some("scalar0"));
    assert!(
        matches!(err.fault.problem, Problem::Unwritten { .. }),
        "{err}"
    );
    op.scalar0_src = ScalarSource::Immediate;
    let err = fails(&mut m, &[Op::TensorScalarAddr(op)]);
    assert_eq!(err.fault.operand, Some("scalar0_src"));
    assert_eq!(m, before);
}

#[test]
fn int32_and_uint32_addresses_are_exact_past_two_to_the_24() {
    // nki.isa.tensor_scalar: tensor_scalar_addr is the int32/uint32 address-arithmetic pattern
    // [I1], so the stages run on the integer values. int32 x = 16_777_217 (2^24 + 1, which fp32
    // rounds to 2^24), s0 = 3, s1 = 4: (x + 3)·4 = 67_108_880 exactly. uint32 x = 4_000_000_001,
    // s0 = 7: x + 7 = 4_000_000_008 (fp32 would give 4_000_000_000).
    let put = |m: &mut isa_sim::Machine, a: usize, v: &[u8]| {
        m.memory_mut(Space::Sbuf).write(0, a, v).unwrap();
    };
    let mut m = machine();
    put(&mut m, 0, &16_777_217i32.to_le_bytes());
    put(&mut m, 64, &3i32.to_le_bytes());
    put(&mut m, 80, &4i32.to_le_bytes());
    let mut op = addr(
        (AluOp::Add, AluOp::Mult),
        ReverseOps::None,
        (sb(0, 64), sb(0, 80)),
        1,
        (row2(sb(0, 128), 1), row2(sb(0, 0), 1)),
    );
    (op.in_dtype, op.out_dtype) = (Dtype::Int32, Dtype::Int32);
    run(&mut m, &[Op::TensorScalarAddr(op)]).unwrap();
    let out = m.memory(Space::Sbuf).read(0, 128, 4).unwrap();
    assert_eq!(out, 67_108_880i32.to_le_bytes());

    put(&mut m, 0, &4_000_000_001u32.to_le_bytes());
    put(&mut m, 64, &7u32.to_le_bytes());
    let mut op = addr(
        (AluOp::Add, AluOp::Bypass),
        ReverseOps::None,
        (sb(0, 64), sb(0, 80)),
        1,
        (row2(sb(0, 128), 1), row2(sb(0, 0), 1)),
    );
    (op.in_dtype, op.out_dtype) = (Dtype::Uint32, Dtype::Uint32);
    run(&mut m, &[Op::TensorScalarAddr(op)]).unwrap();
    let out = m.memory(Space::Sbuf).read(0, 128, 4).unwrap();
    assert_eq!(out, 4_000_000_008u32.to_le_bytes());
}

#[test]
fn an_int32_address_beside_a_float_operand_is_refused() {
    // int32 in, fp32 out: no source says how the address pattern meets a float; the run stops
    // at out with a dtype problem.
    let mut m = machine();
    m.memory_mut(Space::Sbuf)
        .write(0, 0, &5i32.to_le_bytes())
        .unwrap();
    put_f32(&mut m, Space::Sbuf, 0, 64, &[1.0]);
    let mut op = addr(
        (AluOp::Add, AluOp::Bypass),
        ReverseOps::None,
        (sb(0, 64), sb(0, 80)),
        1,
        (row2(sb(0, 128), 1), row2(sb(0, 0), 1)),
    );
    op.in_dtype = Dtype::Int32;
    let err = fails(&mut m, &[Op::TensorScalarAddr(op)]);
    assert_eq!(err.fault.operand, Some("out"), "{err}");
    assert!(matches!(err.fault.problem, Problem::Dtype { .. }), "{err}");
}
