//! Whole runs made atomic by the machine's undo log ([`Machine::checkpoint`],
//! [`Runner::run_atomic`]): a run that fails leaves SBUF, PSUM, the accumulators, the registers
//! and the defined-ness of every byte exactly as before the run, whatever the bundles before
//! the failing one wrote, over bytes written before or never written.

use crate::common::*;
use isa_core::Dtype;
use isa_ops::Op;
use isa_ops::tensor_tensor::{TtAlu, TtOpcode};
use isa_sim::{Core, DrainBinding, Machine, PARTITIONS, Runner, Space};

/// The example kernel's inputs (examples/kernel.jsonl): fp32 scores at 0, the uint8 causal mask
/// at 2048 (all zero: nothing masked), the uint8 padding mask at 4096 (all kept).
const SCORES: usize = 0;
const CAUSAL: usize = 2048;
const PADDING: usize = 4096;
/// Where the kernel writes its bf16 output: never written before the run.
const OUTPUT: usize = 9216;
const COLUMNS: usize = 512;

/// A V4 machine holding the kernel's inputs, PSUM bytes, half the accumulators and three
/// registers set.
fn loaded() -> Machine {
    let mut m = Machine::new(Core::V4);
    for p in 0..PARTITIONS {
        let scores: Vec<f32> = (0..COLUMNS)
            .map(|j| ((p * 7 + j) % 23) as f32 * 0.25)
            .collect();
        put_f32(&mut m, Space::Sbuf, p, SCORES, &scores);
        let sbuf = m.memory_mut(Space::Sbuf);
        sbuf.write(p, CAUSAL, &[0; COLUMNS]).expect("in range");
        sbuf.write(p, PADDING, &[1; COLUMNS]).expect("in range");
        put_f32(&mut m, Space::Psum, p, 64, &[p as f32, -1.5]);
        if p % 2 == 0 {
            m.accumulators_mut().set(p, p as f32 + 0.5);
        }
    }
    for (id, value) in [(0, 7), (5, 0x1234), (63, u32::MAX)] {
        m.set_register(id, value).expect("a register");
    }
    m
}

/// The kernel, then a bundle writing PSUM over bytes written before and bytes never written,
/// then a bundle that fails (it reads SBUF bytes nothing wrote).
fn failing_stream() -> Vec<u8> {
    let f32x3 = [Dtype::Float32; 3];
    let add = TtAlu::Op(isa_core::AluOp::Add);
    let to_psum = tt(
        TtOpcode::Plain,
        add,
        f32x3,
        PARTITIONS as u8,
        row(ps(0, 64), 64),
        row(sb(0, SCORES as u32), 64),
        row(sb(0, SCORES as u32), 64),
    );
    let reads_unwritten = tt(
        TtOpcode::Plain,
        add,
        f32x3,
        4,
        row(sb(0, 0x100), 4),
        row(sb(0, 0x8000), 4),
        row(sb(0, 0), 4),
    );
    let mut bytes = include_bytes!("../../../examples/kernel.bin").to_vec();
    bytes.extend(stream(&[to_psum, reads_unwritten]));
    bytes
}

/// The kernel's drain lands on its row sum (the sixth bundle), as in tests/suite/softmax.rs.
fn runner() -> Runner {
    let mut runner = Runner::new();
    let rowsum = sb(0, 10244);
    runner.bind_drain(
        5 * 64,
        DrainBinding::at(rowsum, Dtype::Float32, PARTITIONS as u8),
    );
    runner
}

#[test]
fn a_failing_run_leaves_every_byte_register_and_defined_ness_as_before() {
    let stream = failing_stream();
    let before = loaded();

    // Without the undo log the bundles before the failure stay: the output is defined, PSUM
    // and the accumulators have changed.
    let mut kept = before.clone();
    let stop = runner()
        .run::<Op>(&mut kept, &stream, &mut ())
        .expect_err("the last bundle reads unwritten bytes");
    assert_eq!(stop.offset, stream.len() - 64);
    assert!(kept.memory(Space::Sbuf).is_written(0, OUTPUT, 2 * COLUMNS));
    assert_ne!(get_f32(&kept, Space::Psum, 3, 64, 2), [3.0, -1.5]);
    // The kernel's idle TensorScalars leave every register undefined (partition 0 held 0.5).
    assert_ne!(kept.accumulators().get(0), before.accumulators().get(0));
    assert!(kept != before);

    let mut m = before.clone();
    let atomic = runner().run_atomic::<Op>(&mut m, &stream, &mut ());
    assert_eq!(atomic, Err(stop), "the same stop");
    assert!(m == before, "the machine is as before the run");
    assert!(!m.memory(Space::Sbuf).is_written(0, OUTPUT, 1));
    assert!(!m.memory(Space::Psum).is_written(0, 72, 1));
    assert_eq!(get_f32(&m, Space::Psum, 3, 64, 2), [3.0, -1.5]);
    for p in 0..PARTITIONS {
        assert_eq!(
            m.accumulators().get(p),
            before.accumulators().get(p),
            "partition {p}"
        );
    }
    assert_eq!((m.register(5), m.register(6)), (Some(0x1234), None));
    assert_eq!(m.checkpoints(), 0);
}

#[test]
fn a_run_that_succeeds_atomically_leaves_what_a_plain_run_leaves() {
    let full = failing_stream();
    let stream = &full[..full.len() - 64];
    let mut plain = loaded();
    let mut atomic = loaded();
    let ran = runner().run::<Op>(&mut plain, stream, &mut ());
    assert_eq!(runner().run_atomic::<Op>(&mut atomic, stream, &mut ()), ran);
    assert_eq!(ran, Ok(stream.len() / 64));
    assert!(atomic == plain && atomic != loaded());
    assert_eq!(atomic.checkpoints(), 0);
    // Nothing is left to roll back.
    atomic.rollback();
    assert!(atomic == plain);
}

#[test]
fn an_empty_run_leaves_the_machine_and_opens_nothing() {
    let mut m = loaded();
    assert_eq!(m.run_atomic::<Op>(&[]), Ok(Vec::new()));
    assert!(m == loaded());
    assert_eq!(m.checkpoints(), 0);
}

#[test]
fn a_rollback_undoes_loads_register_and_accumulator_writes_since_the_checkpoint() {
    let before = loaded();
    let mut m = before.clone();
    m.checkpoint();
    // Over written bytes, over never-written bytes, and across a 64-byte word of the bitmap.
    put_f32(
        &mut m,
        Space::Sbuf,
        9,
        PADDING + 2 * COLUMNS - 20,
        &[1.0; 40],
    );
    put_f32(&mut m, Space::Psum, 127, 4000, &[2.0]);
    m.set_register(5, 1).expect("a register");
    m.set_register(6, 2).expect("a register");
    m.accumulators_mut().set(1, 3.0);
    m.accumulators_mut().unset(2);
    assert!(m != before);
    m.rollback();
    assert!(m == before);
    assert!(
        !m.memory(Space::Sbuf)
            .is_written(9, PADDING + 2 * COLUMNS, 1)
    );
    assert!(!m.memory(Space::Psum).is_written(127, 4000, 1));
    assert_eq!((m.register(5), m.register(6)), (Some(0x1234), None));
    assert_eq!(
        (m.accumulators().get(1), m.accumulators().get(2)),
        (None, Some(2.5))
    );
}

#[test]
fn checkpoints_nest_an_inner_commit_stays_undoable_by_the_outer() {
    let before = loaded();
    let mut m = before.clone();
    m.checkpoint();
    put_f32(&mut m, Space::Sbuf, 0, 8000, &[1.0, 2.0]);
    let middle = m.clone();
    m.checkpoint();
    put_f32(&mut m, Space::Sbuf, 0, 8004, &[5.0, 6.0]);
    m.accumulators_mut().set(3, 9.0);
    assert_eq!(m.checkpoints(), 2);
    m.rollback();
    assert!(m == middle, "the inner rollback keeps the outer's writes");
    m.checkpoint();
    put_f32(&mut m, Space::Sbuf, 0, 8004, &[7.0, 8.0]);
    m.commit();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 8000, 3), [1.0, 7.0, 8.0]);
    m.rollback();
    assert!(
        m == before,
        "the outer rollback undoes the committed inner writes"
    );
    assert_eq!(m.checkpoints(), 0);
}

#[test]
fn a_rollback_after_any_sampled_stream_gives_back_the_machine_before_it() {
    let kernel = include_bytes!("../../../examples/kernel.bin");
    let bundles: Vec<&[u8]> = kernel.chunks(64).collect();
    let before = loaded();
    let mut m = before.clone();
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    let mut wrote = 0;
    for _ in 0..24 {
        let mut stream = Vec::new();
        for _ in 0..1 + rng.below(10) {
            stream.extend_from_slice(bundles[rng.below(bundles.len())]);
        }
        for _ in 0..rng.below(4) {
            let at = rng.below(stream.len());
            stream[at] = rng.next() as u8;
        }
        m.checkpoint();
        let _ = runner().run::<Op>(&mut m, &stream, &mut ());
        wrote += usize::from(m != before);
        m.rollback();
        assert!(m == before, "after {stream:02x?}");
    }
    assert!(
        wrote > 0,
        "some sampled stream changed the machine before its rollback"
    );
}

#[test]
fn writing_the_same_bytes_again_rolls_back_to_the_checkpoint_not_to_a_later_write() {
    let before = loaded();
    let mut m = before.clone();
    m.checkpoint();
    for value in [1.0, 2.0, 3.0] {
        put_f32(&mut m, Space::Sbuf, 4, 6000, &[value; 4]);
        put_f32(&mut m, Space::Sbuf, 4, 6004, &[value]);
    }
    let middle = m.clone();
    // An inner checkpoint saves its own first write even where the outer saved the bytes.
    m.checkpoint();
    put_f32(&mut m, Space::Sbuf, 4, 6000, &[9.0; 4]);
    m.rollback();
    assert!(m == middle);
    assert_eq!(get_f32(&m, Space::Sbuf, 4, 6000, 2), [3.0, 3.0]);
    m.rollback();
    assert!(m == before);
    assert!(!m.memory(Space::Sbuf).is_written(4, 6000, 1));
}
