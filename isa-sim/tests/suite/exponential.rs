//! Exponential (0x30) on the machine: `dst[i] = exp(src[i] - max_value)` in fp32 and the
//! running sum under each accumulate command (nki.isa.exponential [I1, A3]; reduce_cmd
//! idle/reset/reset_reduce/reduce/load_reduce [I1]). exp(0) = 1 and exp(-inf) = 0 exactly; e and
//! 1/e are the constants 2.718281828… and 0.367879441….

use crate::common::*;
use isa_core::{AccumulateCmd, AluOp, Dtype, ReverseOps, SyncBand, Tensor3d};
use isa_ops::Op;
use isa_ops::exponential::{ExpOpcode, Exponential};
use isa_ops::tensor_scalar::ScalarSource;
use isa_sim::{Core, Machine, Problem, Space};

const E: f32 = std::f32::consts::E;

fn exp(
    acc: AccumulateCmd,
    max_value: (ScalarSource, u32),
    reduce_init: f32,
    partitions: u8,
    (out, out_dtype): (Tensor3d, Dtype),
    input: Tensor3d,
) -> Op {
    Op::Exponential(Exponential {
        opcode: ExpOpcode::Exponential,
        sync: SyncBand::default(),
        accumulator_cmd: acc,
        input,
        in_dtype: Dtype::Float32,
        out_dtype,
        num_active_channels: partitions,
        imm0_src: max_value.0,
        op0: AluOp::Bypass,
        op1: AluOp::Bypass,
        reverse: ReverseOps::None,
        imm1_src: ScalarSource::Immediate,
        imm0: max_value.1,
        imm1: reduce_init.to_bits(),
        out,
    })
}

fn imm(v: f32) -> (ScalarSource, u32) {
    (ScalarSource::Immediate, v.to_bits())
}

fn v4() -> Machine {
    Machine::new(Core::V4)
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-6 * b.abs().max(1.0)
}

/// x = [3, -inf, 3, 4] at SBUF partition 0, byte 0; max_value 3: [1, 0, 1, e], sum 2 + e.
fn four(acc: AccumulateCmd, reduce_init: f32) -> Op {
    exp(
        acc,
        imm(3.0),
        reduce_init,
        1,
        (row(sb(0, 64), 4), Dtype::Float32),
        row(sb(0, 0), 4),
    )
}

#[test]
fn subtracts_max_value_and_sums_with_zero_accumulate() {
    // The kernel's form: zero_accumulate, the row sum left in the register.
    let mut m = v4();
    put_f32(
        &mut m,
        Space::Sbuf,
        0,
        0,
        &[3.0, f32::NEG_INFINITY, 3.0, 4.0],
    );
    run(&mut m, &[four(AccumulateCmd::ZeroAccumulate, 0.0)]).unwrap();
    let out = get_f32(&m, Space::Sbuf, 0, 64, 4);
    assert_eq!(&out[..3], [1.0, 0.0, 1.0]);
    assert!(close(out[3], E), "{}", out[3]);
    let sum = m.accumulators().get(0).unwrap();
    assert!(close(sum, 2.0 + E), "{sum}");
}

#[test]
fn every_accumulate_command() {
    // One machine, in order: reset_reduce 2+e; reduce adds 2+e again; load_reduce from 10;
    // reset (zero) leaves 0 without adding; idle leaves the register undefined, so a following
    // reduce, which reads it, fails.
    let mut m = v4();
    put_f32(
        &mut m,
        Space::Sbuf,
        0,
        0,
        &[3.0, f32::NEG_INFINITY, 3.0, 4.0],
    );
    let reg = |m: &Machine| m.accumulators().get(0);
    run(&mut m, &[four(AccumulateCmd::ZeroAccumulate, 0.0)]).unwrap();
    run(&mut m, &[four(AccumulateCmd::AddAccumulate, 0.0)]).unwrap();
    assert!(close(reg(&m).unwrap(), 4.0 + 2.0 * E));
    run(&mut m, &[four(AccumulateCmd::LoadAccumulate, 10.0)]).unwrap();
    assert!(close(reg(&m).unwrap(), 12.0 + E));
    run(&mut m, &[four(AccumulateCmd::Zero, 0.0)]).unwrap();
    assert_eq!(reg(&m), Some(0.0));
    run(&mut m, &[four(AccumulateCmd::Idle, 0.0)]).unwrap();
    assert_eq!(
        reg(&m),
        None,
        "idle: the state is undefined (SEMANTICS-NOTES §1)"
    );
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 3), [1.0, 0.0, 1.0]);
    let before = m.clone();
    let err = fails(&mut m, &[four(AccumulateCmd::AddAccumulate, 0.0)]);
    assert_eq!(
        err.fault.problem,
        Problem::UnsetAccumulator { partition: 0 }
    );
    assert_eq!(m, before, "the failing bundle changed nothing");
}

#[test]
fn max_value_per_partition_from_psum_at_a_partition_offset_into_bf16() {
    // max_value as a (P,1) tensor [I1]: partition 64's is 1, partition 65's 2, read from SBUF.
    // x = [1, 2] in PSUM on both partitions: partition 64 gives [exp 0, exp 1] = [1, e],
    // partition 65 [1/e, 1]. The output is bf16: e rounds to 2.71875 (0x402E), 1/e to 0.3671875
    // (0x3EBC); the sum adds the fp32 values: 1 + e and 1/e + 1.
    let mut m = v4();
    for p in [64, 65] {
        put_f32(&mut m, Space::Psum, p, 0, &[1.0, 2.0]);
    }
    put_f32(&mut m, Space::Sbuf, 64, 8, &[1.0]);
    put_f32(&mut m, Space::Sbuf, 65, 8, &[2.0]);
    let max_value = (ScalarSource::PhysicalAp, sb(64, 8).raw());
    let op = exp(
        AccumulateCmd::ZeroAccumulate,
        max_value,
        0.0,
        2,
        (row(sb(64, 32), 2), Dtype::Bfloat16),
        row(ps(64, 0), 2),
    );
    run(&mut m, &[op]).unwrap();
    let bf16 = |p| m.memory(Space::Sbuf).read(p, 32, 4).unwrap().to_vec();
    assert_eq!(bf16(64), [0x80, 0x3F, 0x2E, 0x40]);
    assert_eq!(bf16(65), [0xBC, 0x3E, 0x80, 0x3F]);
    assert!(close(m.accumulators().get(64).unwrap(), 1.0 + E));
    assert!(close(m.accumulators().get(65).unwrap(), 1.0 + 1.0 / E));
    assert_eq!(m.accumulators().get(0), None, "only the active partitions");
}

#[test]
fn forced_fields_and_unwritten_inputs_are_refused() {
    let mut m = v4();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[3.0, 0.0, 3.0, 4.0]);
    let before = m.clone();
    let Op::Exponential(mut b) = four(AccumulateCmd::ZeroAccumulate, 0.0) else {
        unreachable!()
    };
    b.op0 = AluOp::Add;
    let err = fails(&mut m, &[Op::Exponential(b.clone())]);
    assert_eq!(err.fault.operand, Some("op0"));
    b.op0 = AluOp::Bypass;
    b.reverse = ReverseOps::First;
    let err = fails(&mut m, &[Op::Exponential(b)]);
    assert_eq!(err.fault.operand, Some("reverse"));
    let unwritten = exp(
        AccumulateCmd::ZeroAccumulate,
        imm(0.0),
        0.0,
        1,
        (row(sb(0, 64), 4), Dtype::Float32),
        row(sb(0, 128), 4),
    );
    let err = fails(&mut m, &[unwritten]);
    assert_eq!(err.fault.operand, Some("input"));
    assert_eq!(m, before);
}
