//! TensorTensor on the machine: `out = in0 op in1` (nki.isa.tensor_tensor [I1]) through seed
//! 002 addressing. Every expectation is computed by hand in the comment beside it.

use crate::common::*;
use isa_core::{AluOp, Dtype};
use isa_ops::tensor_tensor::{Int32Band, TtAlu, TtOpcode};
use isa_sim::{Problem, Space};

const F32: [Dtype; 3] = [Dtype::Float32; 3];
const I32: [Dtype; 3] = [Dtype::Int32; 3];

fn add(
    partitions: u8,
    out: isa_core::Tensor3d,
    in0: isa_core::Tensor3d,
    in1: isa_core::Tensor3d,
) -> isa_ops::Op {
    tt(
        TtOpcode::Plain,
        TtAlu::Op(AluOp::Add),
        F32,
        partitions,
        out,
        in0,
        in1,
    )
}

#[test]
fn adds_fp32_elementwise() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0, 4.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[10.0, 20.0, 30.0, 40.0]);
    let op = add(1, row(sb(0, 128), 4), row(sb(0, 0), 4), row(sb(0, 64), 4));
    run(&mut m, &[op]).unwrap();
    assert_eq!(
        get_f32(&m, Space::Sbuf, 0, 128, 4),
        [11.0, 22.0, 33.0, 44.0]
    );
}

#[test]
fn a_zero_stride_broadcasts_one_element() {
    // The kernel's rowmax operand: in1 walks one element per partition 4 times (stride 0).
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0, 4.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[0.5]);
    let bcast = desc(sb(0, 64), [0, 1, 1], [4, 1, 1]);
    let op = tt(
        TtOpcode::Plain,
        TtAlu::Op(AluOp::Subtract),
        F32,
        1,
        row(sb(0, 128), 4),
        row(sb(0, 0), 4),
        bcast,
    );
    run(&mut m, &[op]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 4), [0.5, 1.5, 2.5, 3.5]);
}

#[test]
fn a_negative_stride_walks_backward() {
    // in0 starts at its last element (byte 12) and steps -1: it reads 4, 3, 2, 1.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0, 4.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[0.0, 0.0, 0.0, 0.0]);
    let back = desc(sb(0, 12), [-1, 1, 1], [4, 1, 1]);
    run(
        &mut m,
        &[add(1, row(sb(0, 128), 4), back, row(sb(0, 64), 4))],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 128, 4), [4.0, 3.0, 2.0, 1.0]);
}

#[test]
fn two_axes_walk_innermost_first() {
    // A 2×3 tile stored row-major (row stride 3) read column by column: axis 0 (innermost)
    // strides 3 over 2 rows, axis 1 strides 1 over 3 columns: 1, 4, 2, 5, 3, 6.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    put_f32(&mut m, Space::Sbuf, 0, 64, &[0.0; 6]);
    let cols = desc(sb(0, 0), [3, 1, 1], [2, 3, 1]);
    run(
        &mut m,
        &[add(1, row(sb(0, 128), 6), cols, row(sb(0, 64), 6))],
    )
    .unwrap();
    assert_eq!(
        get_f32(&m, Space::Sbuf, 0, 128, 6),
        [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]
    );
}

#[test]
fn the_partition_band_and_count_select_partitions() {
    // ADDR4 (5 << 18) + 16: partitions 5 and 6 (num_active_partitions 2), byte 16 of each.
    let mut m = machine();
    for p in [5, 6] {
        put_f32(&mut m, Space::Sbuf, p, 16, &[p as f32, 1.0]);
    }
    let op = tt(
        TtOpcode::Plain,
        TtAlu::Op(AluOp::Mult),
        F32,
        2,
        row(sb(5, 32), 2),
        row(sb(5, 16), 2),
        row(sb(5, 16), 2),
    );
    run(&mut m, &[op]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 5, 32, 2), [25.0, 1.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 6, 32, 2), [36.0, 1.0]);
    assert!(!m.memory(Space::Sbuf).is_written(4, 32, 4));
    assert!(!m.memory(Space::Sbuf).is_written(7, 32, 4));
}

#[test]
fn psum_operands_use_the_psum_band() {
    // PSUM word: bit 29 plus (partition << 15) + byte (seed 002, INFERRED band).
    let mut m = machine();
    put_f32(&mut m, Space::Psum, 3, 8, &[1.5, 2.5]);
    put_f32(&mut m, Space::Sbuf, 3, 0, &[1.0, 1.0]);
    run(
        &mut m,
        &[add(
            1,
            row(ps(3, 64), 2),
            row(ps(3, 8), 2),
            row(sb(3, 0), 2),
        )],
    )
    .unwrap();
    assert_eq!(get_f32(&m, Space::Psum, 3, 64, 2), [2.5, 3.5]);
    assert!(!m.memory(Space::Sbuf).is_written(3, 64, 8));
}

#[test]
fn both_inputs_in_psum_are_refused() {
    // nki.isa.tensor_tensor [I1]: the two inputs may not both be in PSUM.
    let mut m = machine();
    put_f32(&mut m, Space::Psum, 0, 0, &[1.0]);
    let err = fails(
        &mut m,
        &[add(1, row(sb(0, 0), 1), row(ps(0, 0), 1), row(ps(0, 0), 1))],
    );
    assert!(matches!(err.fault.problem, Problem::Field { .. }), "{err}");
}

#[test]
fn reading_unwritten_bytes_is_an_error_naming_the_operand() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0]);
    // in1 reads bytes 64..72, of which only 64..68 were written: the first unwritten is 68.
    put_f32(&mut m, Space::Sbuf, 0, 64, &[1.0]);
    let bundles = [
        add(1, row(sb(0, 0), 2), row(sb(0, 0), 2), row(sb(0, 0), 2)),
        add(1, row(sb(0, 128), 2), row(sb(0, 0), 2), row(sb(0, 64), 2)),
    ];
    let err = fails(&mut m, &bundles);
    assert_eq!(err.offset, 64);
    assert_eq!(err.op, "TensorTensor");
    assert_eq!(err.fault.operand, Some("in1"));
    assert_eq!(
        err.fault.problem,
        Problem::Unwritten {
            space: Space::Sbuf,
            partition: 0,
            byte: 68
        }
    );
}

#[test]
fn past_the_partition_or_the_last_partition_is_out_of_range() {
    let mut m = machine();
    // CoreV2 SBUF is 192 KiB a partition: 4 fp32 at 0x2FFF8 end at 0x30008, past 0x30000.
    let err = fails(
        &mut m,
        &[add(
            1,
            row(sb(0, 0x2FFF8), 4),
            row(sb(0, 0), 4),
            row(sb(0, 0), 4),
        )],
    );
    assert_eq!(err.fault.operand, Some("out"));
    assert!(
        matches!(
            err.fault.problem,
            Problem::OutOfRange { limit: 0x30000, .. }
        ),
        "{err}"
    );
    // Base partition 127 with 2 partitions reaches partition 128.
    let err = fails(
        &mut m,
        &[add(
            2,
            row(sb(127, 0), 1),
            row(sb(0, 0), 1),
            row(sb(0, 0), 1),
        )],
    );
    assert!(
        matches!(
            err.fault.problem,
            Problem::OutOfRange { partition: 128, .. }
        ),
        "{err}"
    );
    // A negative stride from byte 0 walks below the partition.
    let back = desc(sb(0, 0), [-1, 1, 1], [2, 1, 1]);
    let err = fails(&mut m, &[add(1, row(sb(0, 0), 2), back, row(sb(0, 0), 2))]);
    assert_eq!(err.fault.operand, Some("in0"));
    assert!(
        matches!(err.fault.problem, Problem::OutOfRange { byte: -4, .. }),
        "{err}"
    );
}

#[test]
fn a_walk_longer_than_any_staging_is_refused_when_the_operand_is_built() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0]);
    // Zero strides keep the walk in range; 128 partitions x 65535 x 65535 elements is 2^39.
    let huge = desc(sb(0, 0), [0, 0, 1], [65535, 65535, 1]);
    let err = fails(&mut m, &[add(128, huge, huge, huge)]);
    assert_eq!(err.fault.operand, Some("out"));
    let elements = 128 * 65535u128 * 65535;
    assert_eq!(
        err.fault.problem,
        Problem::TooManyElements {
            elements,
            limit: 1 << 26
        }
    );
    // 2^26 elements exactly is a walk.
    let at_limit = desc(sb(0, 0), [0, 0, 1], [8192, 64, 1]);
    const { assert!(isa_sim::operand::MAX_ELEMENTS == 128 * 8192 * 64) };
    let err = fails(&mut m, &[add(128, at_limit, at_limit, row(sb(0, 64), 1))]);
    assert_eq!(
        err.fault.problem,
        Problem::ElementCount {
            expected: 1 << 26,
            found: 128
        }
    );
}

#[test]
fn a_failing_bundle_leaves_the_machine_unchanged() {
    // Bundle 1 writes out (SBUF 128..136) and succeeds; bundle 2 would write SBUF 200.. but
    // its in1 is unwritten: the machine after the run equals the machine after bundle 1.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0]);
    let first = add(1, row(sb(0, 128), 2), row(sb(0, 0), 2), row(sb(0, 0), 2));
    run(&mut m, std::slice::from_ref(&first)).unwrap();
    let before = m.clone();
    let second = add(1, row(sb(0, 200), 2), row(sb(0, 0), 2), row(sb(0, 64), 2));
    assert!(run(&mut m, &[second]).is_err());
    assert!(m == before, "the failing bundle changed the machine");
    assert!(!m.memory(Space::Sbuf).is_written(0, 200, 1));
}

#[test]
fn the_output_is_rounded_to_bf16_nearest_even() {
    // 1 + 2^-8 is halfway between bf16 1.0 (0x3F80) and 1 + 2^-7 (0x3F81): ties to even, 0x3F80.
    // 1 + 3·2^-8 is halfway between 0x3F81 and 0x3F82: ties to even, 0x3F82.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 1.0]);
    put_f32(
        &mut m,
        Space::Sbuf,
        0,
        8,
        &[2f32.powi(-8), 3.0 * 2f32.powi(-8)],
    );
    let op = tt(
        TtOpcode::Plain,
        TtAlu::Op(AluOp::Add),
        [Dtype::Bfloat16, Dtype::Float32, Dtype::Float32],
        1,
        row(sb(0, 64), 2),
        row(sb(0, 0), 2),
        row(sb(0, 8), 2),
    );
    run(&mut m, &[op]).unwrap();
    assert_eq!(
        m.memory(Space::Sbuf).read(0, 64, 4).unwrap(),
        [0x80, 0x3F, 0x82, 0x3F]
    );
}

fn put_i32(m: &mut isa_sim::Machine, a: usize, values: &[i32]) {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    m.memory_mut(Space::Sbuf).write(0, a, &bytes).unwrap();
}

fn get_i32(m: &isa_sim::Machine, a: usize, n: usize) -> Vec<i32> {
    let b = m.memory(Space::Sbuf).read(0, a, 4 * n).unwrap();
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn bitvec_ops_work_on_integer_bits() {
    // 0x0F0F_00FF & 0x00FF_0F0F = 0x000F_000F; 1 << 31 is i32::MIN; a shift of 32 gives 0.
    let mut m = machine();
    put_i32(&mut m, 0, &[0x0F0F_00FF, 1, 1]);
    put_i32(&mut m, 64, &[0x00FF_0F0F, 31, 32]);
    let and = tt(
        TtOpcode::Bitvec,
        TtAlu::Op(AluOp::BitwiseAnd),
        I32,
        1,
        row(sb(0, 128), 1),
        row(sb(0, 0), 1),
        row(sb(0, 64), 1),
    );
    let shl = tt(
        TtOpcode::Bitvec,
        TtAlu::Op(AluOp::LogicalShiftLeft),
        I32,
        1,
        row(sb(0, 132), 2),
        row(sb(0, 4), 2),
        row(sb(0, 68), 2),
    );
    run(&mut m, &[and, shl]).unwrap();
    assert_eq!(get_i32(&m, 128, 3), [0x000F_000F, i32::MIN, 0]);
}

#[test]
fn a_bitwise_op_on_fp32_has_no_meaning() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0]);
    let op = tt(
        TtOpcode::Bitvec,
        TtAlu::Op(AluOp::BitwiseXor),
        F32,
        1,
        row(sb(0, 64), 1),
        row(sb(0, 0), 1),
        row(sb(0, 0), 1),
    );
    let err = fails(&mut m, &[op]);
    assert_eq!(err.fault.operand, Some("out"));
    assert!(
        matches!(
            err.fault.problem,
            Problem::Dtype {
                dtype: Dtype::Float32,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn the_int32_band_computes_in_int32() {
    // 2^24 + 1 is not an fp32 value, but int32 add is exact: (2^24 + 1) + 2 = 16777219.
    // i32::MAX + 1 wraps to i32::MIN (a reading: two's-complement wrap).
    let mut m = machine();
    put_i32(&mut m, 0, &[(1 << 24) + 1, i32::MAX]);
    put_i32(&mut m, 64, &[2, 1]);
    let op = tt(
        TtOpcode::Int32,
        TtAlu::Op(AluOp::Add),
        I32,
        1,
        row(sb(0, 128), 2),
        row(sb(0, 0), 2),
        row(sb(0, 64), 2),
    );
    run(&mut m, &[op]).unwrap();
    assert_eq!(get_i32(&m, 128, 2), [16_777_219, i32::MIN]);
}

#[test]
fn the_int32_band_refuses_an_input_in_psum() {
    // GpSimd, which runs the int32 band, cannot access PSUM [A1; I1 tensor_tensor]: one input
    // there is enough, either one.
    for (in0, in1) in [(ps(0, 0), sb(0, 64)), (sb(0, 64), ps(0, 0))] {
        let mut m = machine();
        put_i32(&mut m, 64, &[2]);
        put_f32(&mut m, Space::Psum, 0, 0, &[1.0]);
        let op = tt(
            TtOpcode::Int32,
            TtAlu::Op(AluOp::Add),
            I32,
            1,
            row(sb(0, 128), 1),
            row(in0, 1),
            row(in1, 1),
        );
        let err = fails(&mut m, &[op]);
        let Problem::Field { why, .. } = err.fault.problem else {
            panic!("{err}");
        };
        assert!(
            why.starts_with("GpSimd (the int32 band) cannot access PSUM"),
            "{why}"
        );
    }
}

#[test]
fn the_int32_band_mod_int_byte_is_floor_modulo() {
    // 0xC8 is mod_int (seed 000 §2). Floor modulo (np.mod): -7 mod 3 = 2, 7 mod -3 = -2.
    let mut m = machine();
    put_i32(&mut m, 0, &[-7, 7]);
    put_i32(&mut m, 64, &[3, -3]);
    let op = tt(
        TtOpcode::Int32Eng4,
        TtAlu::Int32(Int32Band::ModInt),
        I32,
        1,
        row(sb(0, 128), 2),
        row(sb(0, 0), 2),
        row(sb(0, 64), 2),
    );
    run(&mut m, &[op]).unwrap();
    assert_eq!(get_i32(&m, 128, 2), [2, -2]);
}

#[test]
fn an_engine_band_byte_carries_no_operation() {
    // Seed 000 §2: 0xC4 replaces the ALU byte with the engine's; the op is not in the bytes.
    let mut m = machine();
    put_i32(&mut m, 0, &[1]);
    let op = tt(
        TtOpcode::Int32Eng4,
        TtAlu::Int32(Int32Band::Eng4),
        I32,
        1,
        row(sb(0, 64), 1),
        row(sb(0, 0), 1),
        row(sb(0, 0), 1),
    );
    let err = fails(&mut m, &[op]);
    assert_eq!(err.fault.operand, Some("alu"));
}

#[test]
fn absolute_diff_has_no_public_meaning_and_is_refused() {
    // ALU 0x17 is only a name (ABSOLUTE_DIFF, the public header notes): no source says it is
    // |x - y|, so the bundle stops with NoSemantics and out stays unwritten.
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, -2.0]);
    put_f32(&mut m, Space::Sbuf, 0, 8, &[4.0, 0.5]);
    let op = tt(
        TtOpcode::Plain,
        TtAlu::AbsoluteDiff,
        F32,
        1,
        row(sb(0, 64), 2),
        row(sb(0, 0), 2),
        row(sb(0, 8), 2),
    );
    let err = fails(&mut m, &[op]);
    assert!(
        matches!(err.fault.problem, Problem::NoSemantics { .. }),
        "{err}"
    );
    assert!(m.memory(Space::Sbuf).read(0, 64, 8).is_err());
}

#[test]
fn power_with_any_tile_in_psum_is_refused() {
    // nki.isa.tensor_tensor [I1]: "the input/output tiles cannot be in PSUM if op is nl.power"
    // (it runs on GpSimd). Each tile in PSUM in turn stops the run naming that tile; all three
    // in SBUF compute 2^3 = 8.
    let mut m = machine();
    for space in [Space::Sbuf, Space::Psum] {
        put_f32(&mut m, space, 0, 0, &[2.0]);
        put_f32(&mut m, space, 0, 8, &[3.0]);
    }
    let pow = |out, in0, in1| {
        let [out, in0, in1] = [out, in0, in1].map(|a| row(a, 1));
        tt(
            TtOpcode::Plain,
            TtAlu::Op(AluOp::Pow),
            F32,
            1,
            out,
            in0,
            in1,
        )
    };
    for (op, tile) in [
        (pow(ps(0, 64), sb(0, 0), sb(0, 8)), "out"),
        (pow(sb(0, 64), ps(0, 0), sb(0, 8)), "in0"),
        (pow(sb(0, 64), sb(0, 0), ps(0, 8)), "in1"),
    ] {
        let err = fails(&mut m, &[op]);
        assert_eq!(err.fault.operand, Some(tile), "{err}");
    }
    run(&mut m, &[pow(sb(0, 64), sb(0, 0), sb(0, 8))]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 1), [8.0]);
}

#[test]
fn abs_max_and_abs_min_have_no_byte_outside_the_core_v4_table() {
    // abs_max / abs_min are NC-v4 ops [L1]; their bytes 0x20 / 0x21 are CoreV4's ALU table
    // only (SPEC-NOTES §1), which no executed op but Exponential (op0/op1 forced bypass) uses.
    // So a TensorTensor (CoreV2 table) cannot carry them: encoding one fails at the ALU byte,
    // and no NC-v2 bundle reaches the machine with them.
    for op in [AluOp::AbsMax, AluOp::AbsMin] {
        let bundle = tt(
            TtOpcode::Plain,
            TtAlu::Op(op),
            F32,
            1,
            row(sb(0, 64), 1),
            row(sb(0, 0), 1),
            row(sb(0, 8), 1),
        );
        let err = bundle.to_bytes().unwrap_err();
        assert!(err.to_string().contains("alu"), "{err}");
    }
}

#[test]
fn a_register_form_address_reads_the_register() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 2, 0, &[3.0]);
    let reg = isa_core::Addr4::register(7).unwrap();
    let op = add(1, row(sb(2, 64), 1), row(reg, 1), row(sb(2, 0), 1));
    let err = fails(&mut m, std::slice::from_ref(&op));
    assert_eq!(err.fault.operand, Some("in0"));
    assert_eq!(err.fault.problem, Problem::UnsetRegister { id: 7 });
    m.set_register(7, sb(2, 0).raw()).unwrap();
    run(&mut m, &[op]).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 2, 64, 1), [6.0]);
}

#[test]
fn mismatched_element_counts_are_refused() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.0, 2.0, 3.0]);
    let err = fails(
        &mut m,
        &[add(
            1,
            row(sb(0, 64), 2),
            row(sb(0, 0), 3),
            row(sb(0, 0), 2),
        )],
    );
    assert_eq!(err.fault.operand, Some("in0"));
    assert_eq!(
        err.fault.problem,
        Problem::ElementCount {
            expected: 2,
            found: 3
        }
    );
}
