//! The predicated copies and SelectReduce on the machine (nki.isa.tensor_copy_predicated and
//! select_reduce [I1, P2]): true lanes take src, false lanes keep dst. Every expectation is
//! worked by hand in the comment beside it.

use crate::common::*;
use isa_core::{AccumulateCmd, Addr4, AluOp, Dtype, SyncBand, Tensor2d, Tensor3d};
use isa_ops::Op;
use isa_ops::copy_predicated::{
    CopyCastOpcode, CopyPredicated, CopyPredicatedScalar, SelectReduce,
};
use isa_sim::{Machine, Problem, Space};

fn predicated(
    opcode: CopyCastOpcode,
    [out_dtype, src_dtype, mask_dtype]: [Dtype; 3],
    partitions: u8,
    [out, src, mask]: [Tensor3d; 3],
) -> Op {
    Op::CopyPredicated(CopyPredicated {
        opcode,
        sync: SyncBand::default(),
        src_dtype,
        mask_dtype,
        out_dtype,
        alu: 0,
        num_active_partitions: partitions,
        out,
        src,
        mask,
    })
}

fn scalar(out: Tensor3d, out_dtype: Dtype, mask: Tensor3d, mask_dtype: Dtype, value: u32) -> Op {
    Op::CopyPredicatedScalar(CopyPredicatedScalar {
        sync: SyncBand::default(),
        out,
        mask_dtype,
        out_dtype,
        num_active_partitions: 1,
        byte_0x29: 0,
        mask_num_active_partitions: 1,
        scalar: value,
        mask,
    })
}

fn select(reduce_op: AluOp, accumulate: AccumulateCmd, [out, src, mask]: [Tensor2d; 3]) -> Op {
    Op::SelectReduce(SelectReduce {
        sync: SyncBand::default(),
        src,
        out,
        op0: AluOp::Bypass,
        reduce_op,
        byte_0x26: 0,
        false_fill: 0,
        mask_dtype: Dtype::Uint8,
        src_dtype: Dtype::Float32,
        out_dtype: Dtype::Float32,
        fill_dtype: Dtype::Float32,
        accumulate,
        mask,
    })
}

fn row2(addr: Addr4, n: u16) -> Tensor2d {
    desc(addr, [1, 1], [n, 1])
}

fn put_bytes(m: &mut Machine, p: usize, a: usize, bytes: &[u8]) {
    m.memory_mut(Space::Sbuf).write(p, a, bytes).unwrap();
}

fn put_bf16(m: &mut Machine, p: usize, a: usize, bits: &[u16]) {
    let bytes: Vec<u8> = bits.iter().flat_map(|b| b.to_le_bytes()).collect();
    put_bytes(m, p, a, &bytes);
}

fn get_u16(m: &Machine, p: usize, a: usize, n: usize) -> Vec<u16> {
    let bytes = m.memory(Space::Sbuf).read(p, a, 2 * n).unwrap();
    bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect()
}

const F32_U8: [Dtype; 3] = [Dtype::Float32, Dtype::Float32, Dtype::Uint8];

#[test]
fn a_copy_takes_src_bit_exact_in_true_lanes_and_keeps_dst_in_false_ones() {
    // src: 1.0, a NaN with payload 0x7FC0_1234, 3.0, 4.0; dst: 9.0 each; mask (u8) 1, 2, 0, 0.
    // Lanes 0 and 1 take src (the NaN's payload too: a copy does not convert), 2 and 3 keep 9.
    let mut m = machine();
    let nan = f32::from_bits(0x7FC0_1234);
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, nan, 3.0, 4.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[9.0; 4]);
    put_bytes(&mut m, 0, 128, &[1, 2, 0, 0]);
    let operands = [row(sb(0, 64), 4), row(sb(0, 0), 4), row(sb(0, 128), 4)];
    run(
        &mut m,
        &[predicated(CopyCastOpcode::Copy, F32_U8, 1, operands)],
    )
    .unwrap();
    let got: Vec<u32> = get_f32(&m, Space::Sbuf, 0, 64, 4)
        .iter()
        .map(|v| v.to_bits())
        .collect();
    assert_eq!(got, [0x3F80_0000, 0x7FC0_1234, 0x4110_0000, 0x4110_0000]);
}

#[test]
fn a_false_lane_over_unwritten_dst_leaves_it_unwritten() {
    // dst at byte 64 was never written; mask 0, 1: lane 1 (bytes 68..72) is written with 2.0,
    // lane 0 (bytes 64..68) stays unwritten, so reading it is an error and not a zero.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0]);
    put_bytes(&mut m, 0, 128, &[0, 1]);
    let operands = [row(sb(0, 64), 2), row(sb(0, 0), 2), row(sb(0, 128), 2)];
    run(
        &mut m,
        &[predicated(CopyCastOpcode::Copy, F32_U8, 1, operands)],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 68, 1), [2.0]);
    assert!(!m.memory(Space::Sbuf).is_written(0, 64, 4));
}

#[test]
fn a_copy_between_two_dtypes_is_refused() {
    // 0x72 copies without converting: fp32 src into a bf16 out is refused, naming src.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0]);
    put_bytes(&mut m, 0, 128, &[1]);
    let dtypes = [Dtype::Bfloat16, Dtype::Float32, Dtype::Uint8];
    let operands = [row(sb(0, 64), 1), row(sb(0, 0), 1), row(sb(0, 128), 1)];
    let err = fails(
        &mut m,
        &[predicated(CopyCastOpcode::Copy, dtypes, 1, operands)],
    );
    assert_eq!(err.fault.operand, Some("src"));
    assert!(matches!(err.fault.problem, Problem::Dtype { .. }), "{err}");
}

#[test]
fn a_cast_rounds_to_nearest_even_in_true_lanes() {
    // fp32 → bf16 (7 mantissa bits, ulp 2^-7 at 1): 1 + 2^-8 is a tie, to even 1.0 = 0x3F80;
    // 1 + 3·2^-8 is a tie between 0x3F81 and 0x3F82, to even 0x3F82; 1 + 2^-8 + 2^-12 is above
    // the tie, up to 0x3F81. Lane 3 is false and keeps 0xBF80 (-1.0).
    let mut m = machine();
    let values = [
        1.0 + 2f32.powi(-8),
        1.0 + 3.0 * 2f32.powi(-8),
        1.0 + 2f32.powi(-8) + 2f32.powi(-12),
        5.0,
    ];
    put_f32(&mut m, Space::Sbuf, 0, 0, &values);
    put_bf16(&mut m, 0, 64, &[0xBF80; 4]);
    put_bytes(&mut m, 0, 128, &[1, 1, 1, 0]);
    let dtypes = [Dtype::Bfloat16, Dtype::Float32, Dtype::Uint8];
    let operands = [row(sb(0, 64), 4), row(sb(0, 0), 4), row(sb(0, 128), 4)];
    run(
        &mut m,
        &[predicated(CopyCastOpcode::Cast, dtypes, 1, operands)],
    )
    .unwrap();
    assert_eq!(get_u16(&m, 0, 64, 4), [0x3F80, 0x3F82, 0x3F81, 0xBF80]);
}

#[test]
fn a_float_or_signed_mask_is_refused_naming_the_mask() {
    // tensor_copy_predicated: "predicate must be of type uint8, uint16, or uint32" [P2]. An fp32
    // or bf16 mask (1.0 / 0.0), and an int8 one, stop the scalar fill with a dtype problem at
    // the mask, and nothing is written: out keeps 7.0.
    for mask_dtype in [Dtype::Float32, Dtype::Bfloat16, Dtype::Int8] {
        let mut m = machine();
        put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 0.0, 1.0, 0.0]);
        put_f32(&mut m, Space::Sbuf, 0, 64, &[7.0; 4]);
        let op = scalar(
            row(sb(0, 64), 4),
            Dtype::Float32,
            row(sb(0, 0), 4),
            mask_dtype,
            0x4000_0000,
        );
        let err = fails(&mut m, &[op]);
        assert_eq!(err.fault.operand, Some("mask"), "{err}");
        assert!(
            matches!(err.fault.problem, Problem::Dtype { dtype, .. } if dtype == mask_dtype),
            "{err}"
        );
        assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 4), [7.0; 4]);
    }
}

#[test]
fn a_u16_and_a_u32_mask_test_their_whole_value() {
    // u16 mask 0x0100, 0, 1, 0 and u32 mask 0x0001_0000, 0, 1, 0: true, false, true, false
    // (an integer is tested on its whole value, so the high bytes count). The scalar -inf
    // (0xFF80_0000) lands in lanes 0 and 2; 3.0 stays in 1 and 3.
    let neg_inf = f32::NEG_INFINITY;
    let u16_mask: Vec<u8> = [0x0100u16, 0, 1, 0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let u32_mask: Vec<u8> = [0x0001_0000u32, 0, 1, 0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    for (mask_dtype, bytes) in [(Dtype::Uint16, u16_mask), (Dtype::Uint32, u32_mask)] {
        let mut m = machine();
        put_bytes(&mut m, 0, 0, &bytes);
        put_f32(&mut m, Space::Sbuf, 0, 64, &[3.0; 4]);
        let op = scalar(
            row(sb(0, 64), 4),
            Dtype::Float32,
            row(sb(0, 0), 4),
            mask_dtype,
            0xFF80_0000,
        );
        run(&mut m, &[op]).unwrap();
        assert_eq!(
            get_f32(&m, Space::Sbuf, 0, 64, 4),
            [neg_inf, 3.0, neg_inf, 3.0]
        );
    }
}

#[test]
fn an_integer_out_takes_the_scalar_as_its_value() {
    // int32 out, scalar 7: lane 1 becomes 7 (bytes 07 00 00 00), lane 0 keeps -1.
    let mut m = machine();
    put_bytes(&mut m, 0, 0, &[0, 1]);
    put_bytes(&mut m, 0, 64, &[0xFF; 8]);
    let op = scalar(
        row(sb(0, 64), 2),
        Dtype::Int32,
        row(sb(0, 0), 2),
        Dtype::Uint8,
        7,
    );
    run(&mut m, &[op]).unwrap();
    let bytes = m.memory(Space::Sbuf).read(0, 64, 8).unwrap();
    assert_eq!(bytes, [0xFF, 0xFF, 0xFF, 0xFF, 7, 0, 0, 0]);
}

/// Partition `p`'s src -3 - p, -1, -2, -5 at byte 0 and mask 1, 0, 1, 1 at byte 64, for the
/// two top partitions (126, 127); a select-reduce based at partition 126 covers those two.
fn select_state() -> Machine {
    let mut m = machine();
    for p in [126, 127] {
        put_f32(
            &mut m,
            Space::Sbuf,
            p,
            0,
            &[-3.0 - p as f32, -1.0, -2.0, -5.0],
        );
        put_bytes(&mut m, p, 64, &[1, 0, 1, 1]);
    }
    m
}

/// out (at byte 128, `out_len` elements), src (byte 0) and mask (byte 64) of a select-reduce
/// based at partition 126.
fn select_operands(out_len: u16) -> [Tensor2d; 3] {
    [
        row2(sb(126, 128), out_len),
        row2(sb(126, 0), 4),
        row2(sb(126, 64), 4),
    ]
}

#[test]
fn a_select_writes_where_mask_src_else_the_zero_fill() {
    // false_fill byte 0 is the fill 0.0: lane 1 becomes 0, the others keep src.
    let mut m = select_state();
    let operands = select_operands(4);
    run(
        &mut m,
        &[select(AluOp::Bypass, AccumulateCmd::Idle, operands)],
    )
    .unwrap();
    assert_eq!(
        get_f32(&m, Space::Sbuf, 127, 128, 4),
        [-130.0, 0.0, -2.0, -5.0]
    );
    assert_eq!(
        get_f32(&m, Space::Sbuf, 126, 128, 4),
        [-129.0, 0.0, -2.0, -5.0]
    );
}

#[test]
fn a_select_reduce_writes_the_row_max_and_resets_the_accumulators_from_minus_inf() {
    // Selected rows: [-129, 0, -2, -5] and [-130, 0, -2, -5]: both maxima are 0 (the fill).
    // With every lane true and src all below zero the max is the largest src, -1, which only a
    // start of -inf gives (a start of 0 would give 0).
    let mut m = select_state();
    let operands = select_operands(1);
    run(
        &mut m,
        &[select(AluOp::Max, AccumulateCmd::ZeroAccumulate, operands)],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 126, 128, 1), [0.0]);
    assert_eq!(m.accumulators().get(127), Some(0.0));
    let mut m = select_state();
    put_bytes(&mut m, 127, 64, &[1, 1, 1, 1]);
    put_bytes(&mut m, 126, 64, &[1, 1, 1, 1]);
    run(
        &mut m,
        &[select(AluOp::Max, AccumulateCmd::ZeroAccumulate, operands)],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 127, 128, 1), [-1.0]);
    assert_eq!(
        (m.accumulators().get(126), m.accumulators().get(0)),
        (Some(-1.0), None)
    );
}

#[test]
fn a_select_reduce_accumulates_from_the_register_and_idle_leaves_it_undefined() {
    // add_accumulate: partition 127's register 4.0 starts the fold, max(4, -130, 0, -2, -5) = 4;
    // partition 126's -8.0 gives max(-8, -129, 0, -2, -5) = 0. The one-element out reads the
    // registers out. Then idle: "even when reduce_cmd is set to idle, the accumulator state may
    // still be modified" [I1 select_reduce], so every register is undefined and the read-out
    // stops as a read of unwritten memory does, leaving out as it was.
    let operands = select_operands(1);
    let mut m = select_state();
    m.accumulators_mut().set(126, -8.0);
    m.accumulators_mut().set(127, 4.0);
    run(
        &mut m,
        &[select(AluOp::Max, AccumulateCmd::AddAccumulate, operands)],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 127, 128, 1), [4.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 126, 128, 1), [0.0]);
    let err = fails(&mut m, &[select(AluOp::Max, AccumulateCmd::Idle, operands)]);
    assert!(
        matches!(
            err.fault.problem,
            Problem::UnsetAccumulator { partition: 126 }
        ),
        "{err}"
    );
    assert_eq!(get_f32(&m, Space::Sbuf, 127, 128, 1), [4.0]);
}

#[test]
fn an_idle_select_leaves_every_register_undefined() {
    // A plain select (reduce_op bypass) with an idle command still runs, and afterwards no
    // register reads: not its partitions' (126, 127), nor partition 0's, which it never walked
    // (the page bounds the change to no lane).
    let mut m = select_state();
    for p in [0, 126, 127] {
        m.accumulators_mut().set(p, 1.0);
    }
    run(
        &mut m,
        &[select(
            AluOp::Bypass,
            AccumulateCmd::Idle,
            select_operands(4),
        )],
    )
    .unwrap();
    assert_eq!(
        [0, 126, 127].map(|p| m.accumulators().get(p)),
        [None, None, None]
    );
}

#[test]
fn a_select_reduce_refuses_what_its_bytes_do_not_give() {
    // A reduce op other than max [I1], a non-zero false-fill byte (its writers' stores are not
    // recovered), and load_accumulate (no value to load in the bytes): each stops the run.
    let operands = select_operands(1);
    let min = select(AluOp::Min, AccumulateCmd::ZeroAccumulate, operands);
    let load = select(AluOp::Max, AccumulateCmd::LoadAccumulate, operands);
    let Op::SelectReduce(mut filled) = select(AluOp::Max, AccumulateCmd::Idle, operands) else {
        unreachable!()
    };
    filled.false_fill = 3;
    for (op, what) in [
        (min, "reduce_op"),
        (load, "the accumulate command"),
        (Op::SelectReduce(filled), "false_fill"),
    ] {
        let err = fails(&mut select_state(), &[op]);
        assert!(
            matches!(err.fault.problem, Problem::Field { what: w, .. } if w == what),
            "{err}"
        );
    }
}

#[test]
fn the_copy_and_the_select_refuse_a_predicate_their_page_does_not_list() {
    // CopyPredicated 0x72 with a bf16 mask (tensor_copy_predicated: uint8, uint16 or uint32
    // [P2]) and SelectReduce with a uint32 mask (select_reduce: int8, uint8, int16 or uint16
    // [I1]): each stops at the mask with a dtype problem; the select's int8 mask runs.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0]);
    put_bf16(&mut m, 0, 64, &[0x3F80, 0]);
    let dtypes = [Dtype::Float32, Dtype::Float32, Dtype::Bfloat16];
    let operands = [row(sb(0, 128), 2), row(sb(0, 0), 2), row(sb(0, 64), 2)];
    let copy = predicated(CopyCastOpcode::Copy, dtypes, 1, operands);
    let err = fails(&mut m, &[copy]);
    assert_eq!(err.fault.operand, Some("mask"), "{err}");
    assert!(matches!(err.fault.problem, Problem::Dtype { .. }), "{err}");

    let Op::SelectReduce(mut wide) = select(AluOp::Bypass, AccumulateCmd::Idle, select_operands(4))
    else {
        unreachable!()
    };
    wide.mask_dtype = Dtype::Uint32;
    let err = fails(&mut select_state(), &[Op::SelectReduce(wide.clone())]);
    assert_eq!(err.fault.operand, Some("mask"), "{err}");
    assert!(matches!(err.fault.problem, Problem::Dtype { .. }), "{err}");
    wide.mask_dtype = Dtype::Int8;
    let mut m = select_state();
    run(&mut m, &[Op::SelectReduce(wide)]).unwrap();
    assert_eq!(
        get_f32(&m, Space::Sbuf, 127, 128, 4),
        [-130.0, 0.0, -2.0, -5.0]
    );
}
