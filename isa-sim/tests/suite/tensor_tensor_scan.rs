//! ScalarTensorTensor's scan form (0xE5) on the machine: nki.isa.tensor_tensor_scan [I1],
//! "result[:, 0] = op1(op0(data0[:, 0], initial), data1[:, 0])" and "result[:, i] =
//! op1(op0(data0[:, i], result[:, i-1]), data1[:, i])", per partition; data0 is tensor0 and
//! data1 tensor1 (seed 001's operand order), `initial` the scalar slot (a reading: "a float32
//! compile-time scalar constant … or a tile with … one element per partition" [I1]). Every
//! expectation is computed by hand in the comment beside it.

use crate::common::*;
use isa_core::{AccumulateCmd, Addr4, AluOp, Dtype, ReverseOps, Tensor2d};
use isa_ops::Op;
use isa_ops::scalar_tensor_tensor::SttOpcode;
use isa_ops::tensor_scalar::ScalarSource;
use isa_sim::{Problem, Space};

/// The three walks of a scan bundle: out, data0, data1.
struct Walks {
    out: Tensor2d,
    d0: Tensor2d,
    d1: Tensor2d,
}

/// Contiguous fp32 walks of `n` elements a partition at `out`, `d0`, `d1`.
fn rows(n: u16, [out, d0, d1]: [Addr4; 3]) -> Walks {
    let row = |a| desc(a, [1, 1], [n, 1]);
    Walks {
        out: row(out),
        d0: row(d0),
        d1: row(d1),
    }
}

/// The scan's ops, reverse flags, initial value slot and accumulate command.
struct Scan {
    ops: (AluOp, AluOp),
    reverse: ReverseOps,
    initial: (ScalarSource, u32, Dtype),
    acc: AccumulateCmd,
}

/// An fp32 immediate `initial`.
fn imm(v: f32) -> (ScalarSource, u32, Dtype) {
    (ScalarSource::Immediate, v.to_bits(), Dtype::Float32)
}

/// `op0` then `op1`, no reverse, no accumulator, from immediate `initial`.
fn plain(op0: AluOp, op1: AluOp, initial: f32) -> Scan {
    Scan {
        ops: (op0, op1),
        reverse: ReverseOps::None,
        initial: imm(initial),
        acc: AccumulateCmd::Idle,
    }
}

fn scan(s: Scan, partitions: u8, w: Walks) -> Op {
    let c = SttControl {
        opcode: SttOpcode::ScanArith,
        ops: s.ops,
        reverse: s.reverse,
        scalar: s.initial,
        acc: s.acc,
    };
    stt_bundle(c, partitions, [w.out, w.d0, w.d1])
}

/// Partition 0: out at byte 128, data0 at byte 0, data1 at byte 64.
fn at0() -> [Addr4; 3] {
    [sb(0, 128), sb(0, 0), sb(0, 64)]
}

#[test]
fn add_add_scan_runs_from_initial_and_accumulates_dst() {
    // data0 = [1, 2, 3, 4], data1 = [10, 20, 30, 40], initial 0.5, op0 = op1 = add:
    // r0 = (1 + 0.5) + 10 = 11.5; r1 = (2 + 11.5) + 20 = 33.5; r2 = (3 + 33.5) + 30 = 66.5;
    // r3 = (4 + 66.5) + 40 = 110.5. zero_accumulate then acc += dst [K1]:
    // 11.5 + 33.5 + 66.5 + 110.5 = 222.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0, 4.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[10.0, 20.0, 30.0, 40.0]);
    let s = Scan {
        acc: AccumulateCmd::ZeroAccumulate,
        ..plain(AluOp::Add, AluOp::Add, 0.5)
    };
    run(&mut m, &[scan(s, 1, rows(4, at0()))]).unwrap();
    assert_eq!(
        get_f32(&m, Space::Sbuf, 0, 128, 4),
        [11.5, 33.5, 66.5, 110.5]
    );
    assert_eq!(m.accumulators().get(0), Some(222.0));
}

#[test]
fn mult_add_scan_is_a_linear_recurrence() {
    // op0 mult, op1 add: r[i] = data0[i]·r[i-1] + data1[i]. data0 = [0.5, 0.5, 0.5],
    // data1 = [1, 2, 4], initial 8: r0 = 4 + 1 = 5; r1 = 2.5 + 2 = 4.5; r2 = 2.25 + 4 = 6.25.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[0.5, 0.5, 0.5]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[1.0, 2.0, 4.0]);
    let s = plain(AluOp::Mult, AluOp::Add, 8.0);
    run(&mut m, &[scan(s, 1, rows(3, at0()))]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 3), [5.0, 4.5, 6.25]);
}

#[test]
fn each_reverse_flag_swaps_its_stage() {
    // data0 = [1, 0], data1 = [12, 2], initial 4; op0 subtract, op1 divide (reverse: the other
    // operand comes first, as in 0x9D):
    // none:   v0 = 1 - 4 = -3, r0 = -3 / 12 = -0.25; v1 = 0 - -0.25 = 0.25, r1 = 0.25 / 2 = 0.125
    // first:  v0 = 4 - 1 = 3, r0 = 3 / 12 = 0.25; v1 = 0.25 - 0 = 0.25, r1 = 0.25 / 2 = 0.125
    // second: v0 = -3, r0 = 12 / -3 = -4; v1 = 0 - -4 = 4, r1 = 2 / 4 = 0.5
    // both:   v0 = 3, r0 = 12 / 3 = 4; v1 = 4 - 0 = 4, r1 = 2 / 4 = 0.5
    let cases = [
        (ReverseOps::None, [-0.25, 0.125]),
        (ReverseOps::First, [0.25, 0.125]),
        (ReverseOps::Second, [-4.0, 0.5]),
        (ReverseOps::Both, [4.0, 0.5]),
    ];
    for (reverse, expected) in cases {
        let mut m = machine();
        put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 0.0]);
        put_f32(&mut m, Space::Sbuf, 0, 64, &[12.0, 2.0]);
        let s = Scan {
            reverse,
            ..plain(AluOp::Subtract, AluOp::Divide, 4.0)
        };
        run(&mut m, &[scan(s, 1, rows(2, at0()))]).unwrap();
        assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 2), expected, "{reverse:?}");
    }
}

#[test]
fn a_stride_zero_data1_and_an_immediate_initial_broadcast() {
    // data1 is one element walked with stride 0 (seed 002: stride 0 broadcasts), 1.0 in each
    // partition; the immediate initial 0 is every partition's. op0 mult, op1 add:
    // partition 0, data0 = [2, 2, 2]: r = 0·2 + 1 = 1, 1·2 + 1 = 3, 3·2 + 1 = 7;
    // partition 1, data0 = [3, 3, 3]: r = 1, 1·3 + 1 = 4, 4·3 + 1 = 13.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[2.0, 2.0, 2.0]);
    put_f32(&mut m, Space::Sbuf, 1, 0, &[3.0, 3.0, 3.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[1.0]);
    put_f32(&mut m, Space::Sbuf, 1, 64, &[1.0]);
    let mut w = rows(3, at0());
    w.d1 = desc(sb(0, 64), [0, 1], [3, 1]);
    run(&mut m, &[scan(plain(AluOp::Mult, AluOp::Add, 0.0), 2, w)]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 3), [1.0, 3.0, 7.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 1, 128, 3), [1.0, 4.0, 13.0]);
}

#[test]
fn the_scan_follows_the_walk_innermost_first() {
    // data0 = [1, 2, 3, 4] in memory, walked with the inner stride 2 (count 2) and the outer
    // stride 1 (count 2): the order is 1, 3, 2, 4. A cumulative sum (op0 add, op1 bypass,
    // initial 0) gives 1, 4, 6, 10 in that order; written back through the same walk, the
    // memory holds [1, 6, 4, 10].
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0, 4.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[0.0; 4]);
    let walk = |a| desc(a, [2, 1], [2, 2]);
    let w = Walks {
        out: walk(sb(0, 128)),
        d0: walk(sb(0, 0)),
        d1: walk(sb(0, 64)),
    };
    run(&mut m, &[scan(plain(AluOp::Add, AluOp::Bypass, 0.0), 1, w)]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 4), [1.0, 6.0, 4.0, 10.0]);
}

#[test]
fn a_bf16_initial_per_partition_at_a_partition_offset_with_data0_in_psum() {
    // initial read one bf16 element a partition (byte 0x2B): partition 96 holds 0x4000 (2.0),
    // partition 97 0xC040 (-3.0). data0 in PSUM = [1, 2], data1 in SBUF = [0, 0], op0 = op1 =
    // add: partition 96: r0 = 1 + 2 = 3, r1 = 2 + 3 = 5; partition 97: r0 = 1 - 3 = -2,
    // r1 = 2 - 2 = 0. Each partition scans from its own initial; partition 95 is untouched.
    let mut m = offset_lanes([0.0, 0.0]);
    let s = Scan {
        initial: (ScalarSource::PhysicalAp, sb(96, 0).raw(), Dtype::Bfloat16),
        ..plain(AluOp::Add, AluOp::Add, 0.0)
    };
    let w = rows(2, [sb(96, 128), ps(96, 0), sb(96, 64)]);
    run(&mut m, &[scan(s, 2, w)]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 96, 128, 2), [3.0, 5.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 97, 128, 2), [-2.0, 0.0]);
    assert!(!m.memory(Space::Sbuf).is_written(95, 128, 8));
}

#[test]
fn a_failing_scan_bundle_leaves_the_machine_unchanged() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[1.0, 1.0]);
    let before = m.clone();
    // A bitwise op1 has no fp32 meaning [I1]: the fault names op1.
    let err = fails(
        &mut m,
        &[scan(
            plain(AluOp::Add, AluOp::BitwiseAnd, 0.0),
            1,
            rows(2, at0()),
        )],
    );
    assert_eq!(err.fault.operand, Some("op1"));
    assert_eq!(m, before);
    // load_accumulate: the bytes hold no reduce-init, refused after the scan is computed.
    let s = Scan {
        acc: AccumulateCmd::LoadAccumulate,
        ..plain(AluOp::Add, AluOp::Add, 0.0)
    };
    let err = fails(&mut m, &[scan(s, 1, rows(2, at0()))]);
    assert_eq!(err.fault.operand, Some("accumulator_cmd"));
    assert_eq!(m, before);
    // An initial read from a partition nothing wrote.
    let s = Scan {
        initial: (ScalarSource::PhysicalAp, sb(5, 0).raw(), Dtype::Float32),
        ..plain(AluOp::Add, AluOp::Add, 0.0)
    };
    let err = fails(&mut m, &[scan(s, 1, rows(2, at0()))]);
    assert!(
        matches!(err.fault.problem, Problem::Unwritten { .. }),
        "{err}"
    );
    assert_eq!(m, before);
    // Both data tiles in PSUM: "data0 and data1 cannot both reside in PSUM" [I1].
    put_f32(&mut m, Space::Psum, 0, 0, &[1.0, 2.0]);
    put_f32(&mut m, Space::Psum, 0, 64, &[1.0, 1.0]);
    let before = m.clone();
    let w = rows(2, [sb(0, 128), ps(0, 0), ps(0, 64)]);
    let err = fails(&mut m, &[scan(plain(AluOp::Add, AluOp::Add, 0.0), 1, w)]);
    assert!(matches!(err.fault.problem, Problem::Field { .. }), "{err}");
    assert_eq!(m, before);
}
