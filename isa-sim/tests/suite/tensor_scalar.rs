//! TensorScalar (0x43), the fused reduce (0x9A) and the cumulative (0xE6) on the machine:
//! `(x op0 s0) op1 s1` (nki.isa.tensor_scalar [I1]), reverse `s op x` [I1; K3], the accumulate
//! commands (SEMANTICS-NOTES §1 "Fused reduce", "TensorScalarCache"). Every expectation is
//! computed by hand in the comment beside it.

use crate::common::*;
use isa_core::{AccumulateCmd, Addr4, AluOp, Dtype, ReverseOps, SyncBand, Tensor3d};
use isa_ops::Op;
use isa_ops::tensor_scalar::{ScalarSource, TensorScalar, TsOpcode};
use isa_sim::{Machine, Problem, Space};

/// A scalar slot: an fp32 immediate.
fn imm(v: f32) -> (ScalarSource, u32) {
    (ScalarSource::Immediate, v.to_bits())
}

/// A scalar slot: one fp32 element per partition at `addr`.
fn ap(addr: Addr4) -> (ScalarSource, u32) {
    (ScalarSource::PhysicalAp, addr.raw())
}

/// The stages of a bundle: `(op0, s0)`, `(op1, s1)`, the reverse pack.
struct Stages {
    op0: (AluOp, (ScalarSource, u32)),
    op1: (AluOp, (ScalarSource, u32)),
    reverse: ReverseOps,
}

fn one(op: AluOp, s: (ScalarSource, u32), reverse: ReverseOps) -> Stages {
    Stages {
        op0: (op, s),
        op1: (AluOp::Bypass, imm(0.0)),
        reverse,
    }
}

fn ts(
    opcode: TsOpcode,
    acc: AccumulateCmd,
    stages: Stages,
    partitions: u8,
    out: Tensor3d,
    input: Tensor3d,
) -> Op {
    Op::TensorScalar(TensorScalar {
        opcode,
        sync: SyncBand::default(),
        accumulator_cmd: acc,
        input,
        in_dtype: Dtype::Float32,
        out_dtype: Dtype::Float32,
        num_active_channels: partitions,
        imm0_src: stages.op0.1.0,
        op0: stages.op0.0,
        op1: stages.op1.0,
        reverse: stages.reverse,
        imm1_src: stages.op1.1.0,
        imm0: stages.op0.1.1,
        imm1: stages.op1.1.1,
        out,
    })
}

fn arith(stages: Stages, partitions: u8, out: Tensor3d, input: Tensor3d) -> Op {
    ts(
        TsOpcode::Arith,
        AccumulateCmd::Idle,
        stages,
        partitions,
        out,
        input,
    )
}

fn acc(m: &Machine, p: usize) -> Option<f32> {
    m.accumulators().get(p)
}

#[test]
fn the_kernels_reciprocal_is_divide_with_reverse_first() {
    // examples/kernel.jsonl bundle 8: `rrec = 1.0 / rowsum`, op0 divide, reverse first, imm0 the
    // fp32 bits of 1.0 (1065353216). With reverse the scalar comes first [I1; K3]: 1/4 = 0.25,
    // 1/0.5 = 2.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 10244, &[4.0]);
    put_f32(&mut m, Space::Sbuf, 1, 10244, &[0.5]);
    let stages = one(AluOp::Divide, imm(1.0), ReverseOps::First);
    run(
        &mut m,
        &[arith(stages, 2, row(sb(0, 10248), 1), row(sb(0, 10244), 1))],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 10248, 1), [0.25]);
    assert_eq!(get_f32(&m, Space::Sbuf, 1, 10248, 1), [2.0]);
}

#[test]
fn without_reverse_the_tensor_comes_first() {
    // 4 / 1 = 4 and 0.5 / 1 = 0.5: `tensor op scalar` [I1].
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[4.0, 0.5]);
    let stages = one(AluOp::Divide, imm(2.0), ReverseOps::None);
    run(
        &mut m,
        &[arith(stages, 1, row(sb(0, 64), 2), row(sb(0, 0), 2))],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 2), [2.0, 0.25]);
}

#[test]
fn the_kernels_normalisation_multiplies_by_a_per_partition_scalar() {
    // examples/kernel.jsonl bundle 9: imm0_src physical_ap, imm0 the ADDR4 word 10248 (partition
    // 0, byte 10248): each partition multiplies by its own element there (the (P,1) vector of
    // nki.isa.tensor_scalar [I1]). Partition 0: [1,2,3]·2; partition 1: [1,2,3]·-0.5.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 10248, &[2.0]);
    put_f32(&mut m, Space::Sbuf, 1, 10248, &[-0.5]);
    for p in 0..2 {
        put_f32(&mut m, Space::Sbuf, p, 7168, &[1.0, 2.0, 3.0]);
    }
    let stages = one(AluOp::Mult, ap(sb(0, 10248)), ReverseOps::None);
    assert_eq!(
        sb(0, 10248).raw(),
        10248,
        "the kernel's word is the address"
    );
    run(
        &mut m,
        &[arith(stages, 2, row(sb(0, 7168), 3), row(sb(0, 7168), 3))],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 7168, 3), [2.0, 4.0, 6.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 1, 7168, 3), [-0.5, -1.0, -1.5]);
}

#[test]
fn each_reverse_flag_swaps_its_own_stage() {
    // x = [3, 5], s0 = 1 (subtract), s1 = 8 (divide):
    // none:   (x - 1) / 8 = [0.25, 0.5]
    // first:  (1 - x) / 8 = [-0.25, -0.5]
    // second: 8 / (x - 1) = [4, 2]
    // both:   8 / (1 - x) = [-4, -2]
    let cases = [
        (ReverseOps::None, [0.25, 0.5]),
        (ReverseOps::First, [-0.25, -0.5]),
        (ReverseOps::Second, [4.0, 2.0]),
        (ReverseOps::Both, [-4.0, -2.0]),
    ];
    for (reverse, expected) in cases {
        let mut m = machine();
        put_f32(&mut m, Space::Sbuf, 0, 0, &[3.0, 5.0]);
        let stages = Stages {
            op0: (AluOp::Subtract, imm(1.0)),
            op1: (AluOp::Divide, imm(8.0)),
            reverse,
        };
        run(
            &mut m,
            &[arith(stages, 1, row(sb(0, 64), 2), row(sb(0, 0), 2))],
        )
        .unwrap();
        assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 2), expected, "{reverse:?}");
    }
}

#[test]
fn psum_operands_a_partition_offset_and_a_broadcast() {
    // The input is one PSUM element per partition read 3 times (stride 0), on partitions 32 and
    // 33; the scalar is read per partition from SBUF partitions 32 and 33; the output lands in
    // SBUF partitions 32 and 33. Partition 32: 1 + 10 = 11 three times; partition 33: 2 + 20.
    let mut m = machine();
    put_f32(&mut m, Space::Psum, 32, 0, &[1.0]);
    put_f32(&mut m, Space::Psum, 33, 0, &[2.0]);
    put_f32(&mut m, Space::Sbuf, 32, 16, &[10.0]);
    put_f32(&mut m, Space::Sbuf, 33, 16, &[20.0]);
    let input = desc(ps(32, 0), [0, 1, 1], [3, 1, 1]);
    let stages = one(AluOp::Add, ap(sb(32, 16)), ReverseOps::None);
    run(&mut m, &[arith(stages, 2, row(sb(32, 64), 3), input)]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 32, 64, 3), [11.0; 3]);
    assert_eq!(get_f32(&m, Space::Sbuf, 33, 64, 3), [22.0; 3]);
    assert!(!m.memory(Space::Sbuf).is_written(31, 64, 4));
}

fn reduce(acc: AccumulateCmd, op1: AluOp, imm1: f32) -> Op {
    // v = x · 2, folded with op1 into partition 0's register; x = [1, 2, 3] at SBUF 0.
    let stages = Stages {
        op0: (AluOp::Mult, imm(2.0)),
        op1: (op1, imm(imm1)),
        reverse: ReverseOps::None,
    };
    ts(
        TsOpcode::CacheReduce,
        acc,
        stages,
        1,
        row(sb(0, 64), 3),
        row(sb(0, 0), 3),
    )
}

#[test]
fn the_fused_reduce_writes_op0_and_folds_it_with_each_command() {
    // tensor_scalar_reduce [I1]: out = x op0 s0 = [2, 4, 6]; reset loads op1's identity
    // (SEMANTICS-NOTES §1 "Fused reduce"), load loads imm1, add_accumulate continues. The steps
    // run in order on one machine.
    use AccumulateCmd::*;
    let steps = [
        (ZeroAccumulate, AluOp::Add, 0.0, Some(12.0)), // 0 + 2 + 4 + 6
        (AddAccumulate, AluOp::Add, 0.0, Some(24.0)),  // 12 + 2 + 4 + 6
        (LoadAccumulate, AluOp::Add, 100.0, Some(112.0)), // 100 + 2 + 4 + 6
        (ZeroAccumulate, AluOp::Mult, 0.0, Some(48.0)), // 1 · 2 · 4 · 6
        (ZeroAccumulate, AluOp::Max, 0.0, Some(6.0)),  // max(-inf, 2, 4, 6)
        (ZeroAccumulate, AluOp::Min, 0.0, Some(2.0)),  // min(+inf, 2, 4, 6)
        (Zero, AluOp::Max, 0.0, Some(f32::NEG_INFINITY)), // the reset, no fold
        (Idle, AluOp::Add, 0.0, None), // idle may still modify the registers [I1 select_reduce]
    ];
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
    for (cmd, op1, imm1, expected) in steps {
        run(&mut m, &[reduce(cmd, op1, imm1)]).unwrap();
        assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 3), [2.0, 4.0, 6.0]);
        assert_eq!(acc(&m, 0), expected, "{cmd:?} {op1:?}");
    }
}

#[test]
fn a_failing_bundle_leaves_the_machine_unchanged() {
    // add_accumulate onto an unset register is an error; nothing of the bundle lands.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
    let before = m.clone();
    let err = fails(
        &mut m,
        &[reduce(AccumulateCmd::AddAccumulate, AluOp::Add, 0.0)],
    );
    assert_eq!(
        err.fault.problem,
        Problem::UnsetAccumulator { partition: 0 }
    );
    assert_eq!(m, before);
    // A reduce op with no identity names op1.
    let err = fails(
        &mut m,
        &[reduce(AccumulateCmd::ZeroAccumulate, AluOp::Divide, 0.0)],
    );
    assert_eq!(err.fault.operand, Some("op1"));
    assert_eq!(m, before);
    // An unwritten per-partition scalar names imm0.
    let stages = one(AluOp::Mult, ap(sb(0, 256)), ReverseOps::None);
    let err = fails(
        &mut m,
        &[arith(stages, 1, row(sb(0, 64), 3), row(sb(0, 0), 3))],
    );
    assert_eq!(err.fault.operand, Some("imm0"));
    assert!(
        matches!(err.fault.problem, Problem::Unwritten { .. }),
        "{err}"
    );
    assert_eq!(m, before);
}

fn cumulative(acc: AccumulateCmd, op1: AluOp, imm1: f32, reverse: ReverseOps) -> Op {
    // reg = op1(x · 1, reg), out[i] = reg; x = [1, 2, 3] at SBUF 0.
    let stages = Stages {
        op0: (AluOp::Mult, imm(1.0)),
        op1: (op1, imm(imm1)),
        reverse,
    };
    ts(
        TsOpcode::CacheCumulative,
        acc,
        stages,
        1,
        row(sb(0, 64), 3),
        row(sb(0, 0), 3),
    )
}

#[test]
fn the_cumulative_writes_the_running_register() {
    // tensor_scalar_cumulative [I1]: reg = op1(op0(x, imm0), reg), out[i] = reg.
    let cases = [
        // add from 0: 1, 3, 6.
        (
            AccumulateCmd::ZeroAccumulate,
            AluOp::Add,
            0.0,
            ReverseOps::None,
            [1.0, 3.0, 6.0],
        ),
        // subtract, the stated order v - reg (a reading, §7.4): 1-0 = 1, 2-1 = 1, 3-1 = 2.
        (
            AccumulateCmd::ZeroAccumulate,
            AluOp::Subtract,
            0.0,
            ReverseOps::None,
            [1.0, 1.0, 2.0],
        ),
        // reverse second swaps it, reg - v: 0-1 = -1, -1-2 = -3, -3-3 = -6.
        (
            AccumulateCmd::ZeroAccumulate,
            AluOp::Subtract,
            0.0,
            ReverseOps::Second,
            [-1.0, -3.0, -6.0],
        ),
        // max from load imm1 = 2: 2, 2, 3.
        (
            AccumulateCmd::LoadAccumulate,
            AluOp::Max,
            2.0,
            ReverseOps::None,
            [2.0, 2.0, 3.0],
        ),
        // mult from 1: 1, 2, 6.
        (
            AccumulateCmd::ZeroAccumulate,
            AluOp::Mult,
            0.0,
            ReverseOps::None,
            [1.0, 2.0, 6.0],
        ),
        // min from +inf: 1, 1, 1.
        (
            AccumulateCmd::ZeroAccumulate,
            AluOp::Min,
            0.0,
            ReverseOps::None,
            [1.0, 1.0, 1.0],
        ),
    ];
    for (cmd, op1, imm1, reverse, expected) in cases {
        let mut m = machine();
        put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
        run(&mut m, &[cumulative(cmd, op1, imm1, reverse)]).unwrap();
        assert_eq!(
            get_f32(&m, Space::Sbuf, 0, 64, 3),
            expected,
            "{op1:?} {reverse:?}"
        );
        assert_eq!(
            acc(&m, 0),
            Some(expected[2]),
            "the register ends at the last"
        );
    }
    // add_accumulate continues from the register: 6 + 1, + 2, + 3.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
    m.accumulators_mut().set(0, 6.0);
    run(
        &mut m,
        &[cumulative(
            AccumulateCmd::AddAccumulate,
            AluOp::Add,
            0.0,
            ReverseOps::None,
        )],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 3), [7.0, 9.0, 12.0]);
}

#[test]
fn the_cumulative_refuses_int32_idle_and_non_reduce_ops() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
    let before = m.clone();
    // "No int32 or uint32 dtypes" [I1]: the error names the operand.
    let Op::TensorScalar(mut b) = cumulative(
        AccumulateCmd::ZeroAccumulate,
        AluOp::Add,
        0.0,
        ReverseOps::None,
    ) else {
        unreachable!()
    };
    b.in_dtype = Dtype::Int32;
    let err = fails(&mut m, &[Op::TensorScalar(b.clone())]);
    assert_eq!(err.fault.operand, Some("input"));
    b.in_dtype = Dtype::Float32;
    b.out_dtype = Dtype::Uint32;
    let err = fails(&mut m, &[Op::TensorScalar(b)]);
    assert_eq!(err.fault.operand, Some("out"));
    // op1 ∈ {add, sub, mult, max, min} [I1].
    let err = fails(
        &mut m,
        &[cumulative(
            AccumulateCmd::ZeroAccumulate,
            AluOp::Divide,
            0.0,
            ReverseOps::None,
        )],
    );
    assert_eq!(err.fault.operand, Some("op1"));
    // idle leaves the register undefined: a running output cannot be made from it.
    let err = fails(
        &mut m,
        &[cumulative(
            AccumulateCmd::Idle,
            AluOp::Add,
            0.0,
            ReverseOps::None,
        )],
    );
    assert_eq!(err.fault.operand, Some("accumulator_cmd"));
    assert_eq!(m, before);
}

#[test]
fn transpose_stops_and_an_accumulate_on_0x43_is_refused() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0]);
    let stages = one(AluOp::Add, imm(1.0), ReverseOps::None);
    let mut op = arith(stages, 1, row(sb(0, 64), 1), row(sb(0, 0), 1));
    let Op::TensorScalar(b) = &mut op else {
        unreachable!()
    };
    b.opcode = TsOpcode::TransposeArith;
    let err = fails(&mut m, &[op.clone()]);
    assert!(
        matches!(err.fault.problem, Problem::NoSemantics { .. }),
        "{err}"
    );
    // An accumulate command on 0x43 has no meaning (a non-idle one makes the bundle 0x9A).
    let Op::TensorScalar(b) = &mut op else {
        unreachable!()
    };
    b.opcode = TsOpcode::Arith;
    b.accumulator_cmd = AccumulateCmd::ZeroAccumulate;
    let err = fails(&mut m, &[op]);
    assert_eq!(err.fault.operand, Some("accumulator_cmd"));
}

#[test]
fn a_reversed_bypass_stage_is_refused() {
    // One scalar: op1 bypass, imm1 the empty immediate 0, and reverse1 set as the lowering may
    // pack it (seed 001 packs reverse1 whatever op1 is). Seed 001 calls op1 "the bypass
    // identity", giving x + 1 = [2, 3]; KLR's evaluator gives the scalar 0 for a reversed
    // bypass [K3]. No source decides between them, so the bundle stops at op1 and out stays
    // unwritten. Unreversed, the same stage passes the data: [2, 3].
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0]);
    let reversed = one(AluOp::Add, imm(1.0), ReverseOps::Second);
    let err = fails(
        &mut m,
        &[arith(reversed, 1, row(sb(0, 64), 2), row(sb(0, 0), 2))],
    );
    assert_eq!(err.fault.operand, Some("op1"), "{err}");
    assert!(matches!(err.fault.problem, Problem::Alu(_)), "{err}");
    assert!(m.memory(Space::Sbuf).read(0, 64, 8).is_err());
    let plain = one(AluOp::Add, imm(1.0), ReverseOps::None);
    run(
        &mut m,
        &[arith(plain, 1, row(sb(0, 64), 2), row(sb(0, 0), 2))],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 2), [2.0, 3.0]);
}

#[test]
fn an_idle_tensor_scalar_leaves_every_register_undefined() {
    // 0x43 with its idle command: the registers of partitions 0 and 5 (set before) read as
    // undefined afterwards [I1 select_reduce: idle may still modify the accumulator state].
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0]);
    m.accumulators_mut().set(0, 3.0);
    m.accumulators_mut().set(5, 3.0);
    let stages = one(AluOp::Add, imm(1.0), ReverseOps::None);
    run(
        &mut m,
        &[arith(stages, 1, row(sb(0, 64), 2), row(sb(0, 0), 2))],
    )
    .unwrap();
    assert_eq!((acc(&m, 0), acc(&m, 5)), (None, None));
}

/// A 0x53 bundle over integer operands of `dtype`: `(x op0 s0) op1 s1` on integer bits.
fn bitvec(stages: Stages, dtype: Dtype, partitions: u8, out: Tensor3d, input: Tensor3d) -> Op {
    let Op::TensorScalar(mut b) = arith(stages, partitions, out, input) else {
        unreachable!()
    };
    b.opcode = TsOpcode::Bitvec;
    (b.in_dtype, b.out_dtype) = (dtype, dtype);
    Op::TensorScalar(b)
}

#[test]
fn the_bitvec_form_works_on_integer_bits() {
    // uint8 x = [0xCA, 0x0F]: (x & 0x0F) << 4 = [0x0A, 0x0F] << 4 = [0xA0, 0xF0] (nki.isa
    // tensor_scalar: bitwise ops on integer bits [I1]).
    let mut m = machine();
    m.memory_mut(Space::Sbuf)
        .write(0, 0, &[0xCA, 0x0F])
        .unwrap();
    let stages = Stages {
        op0: (AluOp::BitwiseAnd, (ScalarSource::Immediate, 0x0F)),
        op1: (AluOp::LogicalShiftLeft, (ScalarSource::Immediate, 4)),
        reverse: ReverseOps::None,
    };
    let op = bitvec(stages, Dtype::Uint8, 1, row(sb(0, 64), 2), row(sb(0, 0), 2));
    run(&mut m, &[op]).unwrap();
    assert_eq!(m.memory(Space::Sbuf).read(0, 64, 2).unwrap(), [0xA0, 0xF0]);
    // Reverse first: s0 >> x, 0x80 >> [1, 3] = [0x40, 0x10], int32.
    let mut m = machine();
    let xs: Vec<u8> = [1i32, 3].iter().flat_map(|v| v.to_le_bytes()).collect();
    m.memory_mut(Space::Sbuf).write(0, 0, &xs).unwrap();
    let stages = one(
        AluOp::LogicalShiftRight,
        (ScalarSource::Immediate, 0x80),
        ReverseOps::First,
    );
    let op = bitvec(stages, Dtype::Int32, 1, row(sb(0, 64), 2), row(sb(0, 0), 2));
    run(&mut m, &[op]).unwrap();
    let want: Vec<u8> = [0x40i32, 0x10]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(m.memory(Space::Sbuf).read(0, 64, 8).unwrap(), want);
}

#[test]
fn a_bitvec_scalar_per_partition_and_the_bitvec_refusals() {
    // int16 x = 0x1000 on partitions 0 and 1, OR a per-partition int16 scalar: partition 0's
    // 0x00FF gives 0x10FF, partition 1's 0x0F00 gives 0x1F00.
    let mut m = machine();
    for (p, s) in [(0, [0xFF, 0x00]), (1, [0x00, 0x0F])] {
        m.memory_mut(Space::Sbuf)
            .write(p, 0, &[0x00, 0x10])
            .unwrap();
        m.memory_mut(Space::Sbuf).write(p, 32, &s).unwrap();
    }
    let stages = one(AluOp::BitwiseOr, ap(sb(0, 32)), ReverseOps::None);
    let op = bitvec(stages, Dtype::Int16, 2, row(sb(0, 64), 1), row(sb(0, 0), 1));
    run(&mut m, &[op]).unwrap();
    assert_eq!(m.memory(Space::Sbuf).read(0, 64, 2).unwrap(), [0xFF, 0x10]);
    assert_eq!(m.memory(Space::Sbuf).read(1, 64, 2).unwrap(), [0x00, 0x1F]);
    let before = m.clone();
    // Arithmetic shift right is unsupported [I2]: the error names op0.
    let stages = one(AluOp::ArithShiftRight, imm(0.0), ReverseOps::None);
    let op = bitvec(stages, Dtype::Int16, 1, row(sb(0, 64), 1), row(sb(0, 0), 1));
    assert_eq!(fails(&mut m, &[op]).fault.operand, Some("op0"));
    // Integer bits need an integer dtype: a float input is refused, naming it.
    let stages = one(AluOp::BitwiseOr, imm(0.0), ReverseOps::None);
    let op = bitvec(
        stages,
        Dtype::Float32,
        1,
        row(sb(0, 64), 1),
        row(sb(0, 0), 1),
    );
    assert_eq!(fails(&mut m, &[op]).fault.operand, Some("input"));
    assert_eq!(m, before);
}
