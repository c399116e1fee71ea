//! TensorTensor's fp32 ALU computed straight into memory at commit (`Step::zip_alu`) gives
//! what the staged path gives: every input is read as it was before the bundle, whether the
//! output is an input's very elements, overlaps an input shifted, walks its own bytes twice or
//! covers a broadcast input's element. Expected values are written out here from the inputs.

use crate::common::*;
use isa_core::{AluOp, Dtype};
use isa_ops::tensor_tensor::{TtAlu, TtOpcode};
use isa_sim::Space;

const F32X3: [Dtype; 3] = [Dtype::Float32; 3];

/// A machine with x = [1, 2, …, 8] at SBUF byte 0 and y = [10, 20, …, 80] at byte 64 of
/// partitions 0 and 1.
fn loaded() -> isa_sim::Machine {
    let mut m = machine();
    for p in 0..2 {
        let x: Vec<f32> = (1..=8).map(|v| v as f32).collect();
        let y: Vec<f32> = (1..=8).map(|v| v as f32 * 10.0).collect();
        put_f32(&mut m, Space::Sbuf, p, 0, &x);
        put_f32(&mut m, Space::Sbuf, p, 64, &y);
    }
    m
}

fn add(
    out: isa_core::Tensor<3>,
    in0: isa_core::Tensor<3>,
    in1: isa_core::Tensor<3>,
) -> isa_ops::Op {
    tt(
        TtOpcode::Plain,
        TtAlu::Op(AluOp::Add),
        F32X3,
        2,
        out,
        in0,
        in1,
    )
}

#[test]
fn an_output_that_is_its_input_reads_each_element_before_writing_it() {
    let mut m = loaded();
    run(
        &mut m,
        &[add(row(sb(0, 0), 8), row(sb(0, 0), 8), row(sb(0, 64), 8))],
    )
    .expect("runs");
    for p in 0..2 {
        assert_eq!(
            get_f32(&m, Space::Sbuf, p, 0, 8),
            [11.0, 22.0, 33.0, 44.0, 55.0, 66.0, 77.0, 88.0]
        );
    }
}

#[test]
fn an_output_one_element_past_its_input_reads_the_input_as_before() {
    let mut m = loaded();
    run(
        &mut m,
        &[add(row(sb(0, 4), 7), row(sb(0, 0), 7), row(sb(0, 64), 7))],
    )
    .expect("runs");
    assert_eq!(
        get_f32(&m, Space::Sbuf, 1, 0, 8),
        [1.0, 11.0, 22.0, 33.0, 44.0, 55.0, 66.0, 77.0]
    );
}

#[test]
fn an_output_walking_its_input_twice_writes_what_the_input_was() {
    let mut m = loaded();
    let twice = desc(sb(0, 0), [1, 0, 1], [4, 2, 1]);
    run(
        &mut m,
        &[add(twice, twice, desc(sb(0, 64), [1, 4, 1], [4, 2, 1]))],
    )
    .expect("runs");
    // Element i of the second walk is x[i] + y[4 + i], over the bytes the first wrote.
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 0, 4), [51.0, 62.0, 73.0, 84.0]);
}

#[test]
fn a_broadcast_input_inside_the_output_is_read_as_before() {
    let mut m = loaded();
    let third_of_x = desc(sb(0, 8), [0, 1, 1], [8, 1, 1]);
    run(
        &mut m,
        &[add(row(sb(0, 0), 8), row(sb(0, 64), 8), third_of_x)],
    )
    .expect("runs");
    assert_eq!(
        get_f32(&m, Space::Sbuf, 0, 0, 8),
        [13.0, 23.0, 33.0, 43.0, 53.0, 63.0, 73.0, 83.0]
    );
}

#[test]
fn a_fault_in_an_input_names_it_and_writes_nothing() {
    let mut m = loaded();
    let before = m.clone();
    let err = fails(
        &mut m,
        &[add(row(sb(0, 128), 8), row(sb(0, 0), 8), row(sb(0, 96), 8))],
    );
    assert_eq!(err.fault.operand, Some("in1"));
    assert!(m == before);
    assert!(!m.memory(Space::Sbuf).is_written(0, 128, 1));
}
