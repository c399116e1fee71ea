//! ScalarTensorTensor (0x9D) on the machine: `out = (x op0 s) op1 in1` (nki.isa
//! scalar_tensor_tensor [I1]), reverse `s op x` [I1; K3], and the accumulator: ZeroAccumulate
//! zeroes it, then `acc += dst` (KLR Operators.lean [K1]). Every expectation is computed by hand
//! in the comment beside it.

use crate::common::*;
use isa_core::{AccumulateCmd, Addr4, AluOp, Dtype, ReverseOps, Tensor2d};
use isa_ops::Op;
use isa_ops::scalar_tensor_tensor::SttOpcode;
use isa_ops::tensor_scalar::ScalarSource;
use isa_sim::{Problem, Space};

fn row2(addr: Addr4, n: u16) -> Tensor2d {
    desc(addr, [1, 1], [n, 1])
}

/// `(x op0 s) op1 in1` over `partitions` partitions: x at `x`, in1 at `in1`, out at `out`, all
/// fp32 with `n` elements a partition.
struct Stt {
    ops: (AluOp, AluOp),
    reverse: ReverseOps,
    scalar: (ScalarSource, u32, Dtype),
    acc: AccumulateCmd,
}

fn stt(s: Stt, partitions: u8, n: u16, [out, x, in1]: [Addr4; 3]) -> Op {
    let c = SttControl {
        opcode: SttOpcode::Arith,
        ops: s.ops,
        reverse: s.reverse,
        scalar: s.scalar,
        acc: s.acc,
    };
    stt_bundle(c, partitions, [row2(out, n), row2(x, n), row2(in1, n)])
}

/// (x · 2) + in1 with accumulate command `acc`.
fn mult_add(acc: AccumulateCmd) -> Op {
    let s = Stt {
        ops: (AluOp::Mult, AluOp::Add),
        reverse: ReverseOps::None,
        scalar: (ScalarSource::Immediate, 2.0f32.to_bits(), Dtype::Float32),
        acc,
    };
    stt(s, 1, 3, [sb(0, 128), sb(0, 0), sb(0, 64)])
}

#[test]
fn computes_x_op0_s_op1_in1_and_accumulates_dst() {
    // x = [1, 2, 3], in1 = [10, 20, 30]: (x·2) + in1 = [12, 24, 36], their sum 72. In order on
    // one machine: zero_accumulate 72; add_accumulate 144; idle leaves the register undefined
    // ("even when reduce_cmd is set to idle, the accumulator state may still be modified"
    // [I1 select_reduce, exponential]); zero sets 0.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[10.0, 20.0, 30.0]);
    let steps = [
        (AccumulateCmd::ZeroAccumulate, Some(72.0)),
        (AccumulateCmd::AddAccumulate, Some(144.0)),
        (AccumulateCmd::Idle, None),
        (AccumulateCmd::Zero, Some(0.0)),
    ];
    for (cmd, expected) in steps {
        run(&mut m, &[mult_add(cmd)]).unwrap();
        assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 3), [12.0, 24.0, 36.0]);
        assert_eq!(m.accumulators().get(0), expected, "{cmd:?}");
    }
}

#[test]
fn load_accumulate_has_no_reduce_init_in_the_bytes() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[10.0, 20.0, 30.0]);
    let before = m.clone();
    let err = fails(&mut m, &[mult_add(AccumulateCmd::LoadAccumulate)]);
    assert_eq!(err.fault.operand, Some("accumulator_cmd"));
    assert_eq!(m, before);
}

#[test]
fn each_reverse_flag_swaps_its_stage() {
    // x = [1, 3], s = 5, in1 = [8, 8]; op0 subtract, op1 divide:
    // none:   (x - 5) / 8 = [-0.5, -0.25]
    // first:  (5 - x) / 8 = [0.5, 0.25]
    // second: 8 / (x - 5) = [-2, -4]
    // both:   8 / (5 - x) = [2, 4]
    let cases = [
        (ReverseOps::None, [-0.5, -0.25]),
        (ReverseOps::First, [0.5, 0.25]),
        (ReverseOps::Second, [-2.0, -4.0]),
        (ReverseOps::Both, [2.0, 4.0]),
    ];
    for (reverse, expected) in cases {
        let mut m = machine();
        put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 3.0]);
        put_f32(&mut m, Space::Sbuf, 0, 64, &[8.0, 8.0]);
        let s = Stt {
            ops: (AluOp::Subtract, AluOp::Divide),
            reverse,
            scalar: (ScalarSource::Immediate, 5.0f32.to_bits(), Dtype::Float32),
            acc: AccumulateCmd::Idle,
        };
        run(&mut m, &[stt(s, 1, 2, [sb(0, 128), sb(0, 0), sb(0, 64)])]).unwrap();
        assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 2), expected, "{reverse:?}");
    }
}

#[test]
fn a_bf16_scalar_per_partition_at_a_partition_offset_with_x_in_psum() {
    // scalar_dtype bf16 (byte 0x2B), read one element per partition: partition 96 holds 0x4000
    // (2.0), partition 97 0xC040 (-3.0). x in PSUM = [1, 2], in1 in SBUF = [1, 1]:
    // partition 96: x·2 + 1 = [3, 5]; partition 97: x·-3 + 1 = [-2, -5].
    let mut m = offset_lanes([1.0, 1.0]);
    let s = Stt {
        ops: (AluOp::Mult, AluOp::Add),
        reverse: ReverseOps::None,
        scalar: (ScalarSource::PhysicalAp, sb(96, 0).raw(), Dtype::Bfloat16),
        acc: AccumulateCmd::Idle,
    };
    run(
        &mut m,
        &[stt(s, 2, 2, [sb(96, 128), ps(96, 0), sb(96, 64)])],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 96, 128, 2), [3.0, 5.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 97, 128, 2), [-2.0, -5.0]);
    assert!(!m.memory(Space::Sbuf).is_written(95, 128, 8));
}

#[test]
fn a_bf16_immediate_is_its_code_in_the_low_bits() {
    // A reading: the immediate word holds a code of scalar_dtype; bf16 0x3FC0 is 1.5.
    // x = [2], in1 = [0]: 2·1.5 + 0 = 3.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[2.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[0.0]);
    let s = Stt {
        ops: (AluOp::Mult, AluOp::Add),
        reverse: ReverseOps::None,
        scalar: (ScalarSource::Immediate, 0x3FC0, Dtype::Bfloat16),
        acc: AccumulateCmd::Idle,
    };
    run(&mut m, &[stt(s, 1, 1, [sb(0, 128), sb(0, 0), sb(0, 64)])]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 1), [3.0]);
}

#[test]
fn both_tensors_in_psum_and_bitvec_are_refused() {
    let mut m = machine();
    put_f32(&mut m, Space::Psum, 0, 0, &[1.0]);
    put_f32(&mut m, Space::Psum, 0, 64, &[1.0]);
    let before = m.clone();
    let s = Stt {
        ops: (AluOp::Mult, AluOp::Add),
        reverse: ReverseOps::None,
        scalar: (ScalarSource::Immediate, 2.0f32.to_bits(), Dtype::Float32),
        acc: AccumulateCmd::Idle,
    };
    // "x and in1 may not both be in PSUM" [I1].
    let mut op = stt(s, 1, 1, [sb(0, 128), ps(0, 0), ps(0, 64)]);
    let err = fails(&mut m, &[op.clone()]);
    assert!(matches!(err.fault.problem, Problem::Field { .. }), "{err}");
    assert_eq!(m, before);
    let Op::ScalarTensorTensor(b) = &mut op else {
        unreachable!()
    };
    b.opcode = SttOpcode::Bitvec;
    let err = fails(&mut m, &[op]);
    assert!(
        matches!(err.fault.problem, Problem::NoSemantics { .. }),
        "{err}"
    );
    assert_eq!(m, before);
}
