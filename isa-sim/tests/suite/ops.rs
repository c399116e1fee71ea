//! TensorCopy, Memset, DveReadAccumulator and the ops that stop, on the machine.

use crate::common::*;
use isa_core::{Dtype, SyncBand, Tensor4d};
use isa_ops::Op;
use isa_ops::memset::{Memset, MemsetOpcode};
use isa_ops::opaque::DveReadAccumulator;
use isa_ops::tensor_copy::{TcOpcode, TensorCopy};
use isa_sim::{DrainBinding, Problem, Runner, Space};

fn row4(addr: isa_core::Addr4, n: u16) -> Tensor4d {
    desc(addr, [1, 1, 1, 1], [n, 1, 1, 1])
}

fn copy(src: Tensor4d, src_dtype: Dtype, dst: Tensor4d, dst_dtype: Dtype, partitions: u8) -> Op {
    let opcode = if src_dtype == dst_dtype {
        TcOpcode::Copy
    } else {
        TcOpcode::Cast
    };
    Op::TensorCopy(TensorCopy {
        opcode,
        sync: SyncBand::default(),
        src,
        src_dtype,
        dst_dtype,
        num_active_partitions: partitions,
        dst,
    })
}

fn memset(opcode: MemsetOpcode, dtype: Dtype, fill: u32, dst: Tensor4d, partitions: u8) -> Op {
    let mode = match opcode {
        MemsetOpcode::Const => 0,
        MemsetOpcode::Random => 1,
    };
    Op::Memset(Memset {
        opcode,
        sync: SyncBand::default(),
        mode,
        dtype,
        num_active_partitions: partitions,
        fill,
        dst,
    })
}

#[test]
fn a_same_dtype_copy_is_bit_exact() {
    // nki.isa.tensor_copy [I1]: same dtype is bit-exact, so a NaN payload 0x7FC00001 survives.
    let mut m = machine();
    let bits = [0x7FC0_0001u32, 0x8000_0000];
    let bytes: Vec<u8> = bits.iter().flat_map(|b| b.to_le_bytes()).collect();
    m.memory_mut(Space::Sbuf).write(1, 0, &bytes).unwrap();
    run(
        &mut m,
        &[copy(
            row4(sb(1, 0), 2),
            Dtype::Float32,
            row4(sb(1, 32), 2),
            Dtype::Float32,
            1,
        )],
    )
    .unwrap();
    assert_eq!(
        m.memory(Space::Sbuf).read(1, 32, 8).unwrap(),
        bytes.as_slice()
    );
}

#[test]
fn a_casting_copy_goes_through_fp32() {
    // fp32 → fp16: 65520 rounds up past the largest half (65504) to +inf (IEEE, ml_dtypes [M1]);
    // 1/3 → 0x3555 (round to nearest). fp32 → int32: 2.5 → 2 (nearest even, a reading).
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[65520.0, 1.0 / 3.0, 2.5]);
    run(
        &mut m,
        &[copy(
            row4(sb(0, 0), 2),
            Dtype::Float32,
            row4(sb(0, 64), 2),
            Dtype::Float16,
            1,
        )],
    )
    .unwrap();
    assert_eq!(
        m.memory(Space::Sbuf).read(0, 64, 4).unwrap(),
        [0x00, 0x7C, 0x55, 0x35]
    );
    run(
        &mut m,
        &[copy(
            row4(sb(0, 8), 1),
            Dtype::Float32,
            row4(sb(0, 96), 1),
            Dtype::Int32,
            1,
        )],
    )
    .unwrap();
    assert_eq!(m.memory(Space::Sbuf).read(0, 96, 4).unwrap(), [2, 0, 0, 0]);
}

#[test]
fn memset_const_fills_every_partition() {
    // fp32 fill 0xFF800000 is -inf; bf16 stores its top half, 0xFF80. Partitions 0..3.
    let mut m = machine();
    run(
        &mut m,
        &[memset(
            MemsetOpcode::Const,
            Dtype::Bfloat16,
            0xFF80_0000,
            row4(sb(0, 16), 2),
            3,
        )],
    )
    .unwrap();
    for p in 0..3 {
        assert_eq!(
            m.memory(Space::Sbuf).read(p, 16, 4).unwrap(),
            [0x80, 0xFF, 0x80, 0xFF]
        );
    }
    assert!(!m.memory(Space::Sbuf).is_written(3, 16, 1));
    // An int16 fill keeps the low 16 bits: 0x0001_FFFF → 0xFFFF.
    run(
        &mut m,
        &[memset(
            MemsetOpcode::Const,
            Dtype::Int16,
            0x0001_FFFF,
            row4(sb(0, 0), 1),
            1,
        )],
    )
    .unwrap();
    assert_eq!(m.memory(Space::Sbuf).read(0, 0, 2).unwrap(), [0xFF, 0xFF]);
}

#[test]
fn memset_random_and_opaque_ops_stop_for_want_of_semantics() {
    let mut m = machine();
    let err = fails(
        &mut m,
        &[memset(
            MemsetOpcode::Random,
            Dtype::Float32,
            0,
            row4(sb(0, 0), 1),
            1,
        )],
    );
    assert_eq!(err.op, "Memset");
    assert!(
        matches!(err.fault.problem, Problem::NoSemantics { .. }),
        "{err}"
    );
    let body = isa_ops::opaque::TensorDequantize { body: [0; 60] };
    let err = fails(&mut m, &[Op::TensorDequantize(body)]);
    assert!(
        matches!(err.fault.problem, Problem::NoSemantics { .. }),
        "{err}"
    );
}

#[test]
fn the_example_kernel_stops_at_its_first_read_of_bytes_nothing_wrote() {
    // examples/kernel.jsonl: Memset (bf16 zeros at 9216), TensorCopy (fp32 512 from 0 to 5120,
    // 128 partitions), then CopyPredicatedScalar, whose causal mask (fp32 at 2048) this test
    // never loaded: the run stops there, naming the mask and its first byte.
    let kernel = include_bytes!("../../../examples/kernel.bin");
    let mut m = machine();
    for p in 0..128 {
        let values: Vec<f32> = (0..512).map(|i| (p * 512 + i) as f32).collect();
        put_f32(&mut m, Space::Sbuf, p, 0, &values);
    }
    let err = m.run::<Op>(kernel).unwrap_err();
    assert_eq!((err.offset, err.op), (128, "CopyPredicatedScalar"));
    assert_eq!(err.fault.operand, Some("mask"));
    let unwritten = Problem::Unwritten {
        space: Space::Sbuf,
        partition: 0,
        byte: 2048,
    };
    assert_eq!(err.fault.problem, unwritten);
    assert_eq!(
        get_f32(&m, Space::Sbuf, 127, 5120 + 4 * 511, 1),
        [(127 * 512 + 511) as f32]
    );
    assert_eq!(
        m.memory(Space::Sbuf).read(127, 9216, 1024).unwrap(),
        [0u8; 1024]
    );
}

#[test]
fn a_drain_is_an_event_and_lands_only_where_bound() {
    let mut m = machine();
    m.accumulators_mut().set(0, 1.5);
    m.accumulators_mut().set(1, -2.0);
    let stream = stream(&[Op::DveReadAccumulator(DveReadAccumulator::drain())]);
    let drains = m.run::<Op>(&stream).unwrap();
    assert_eq!(drains.len(), 1);
    assert_eq!(
        (
            drains[0].offset,
            drains[0].values[0],
            drains[0].values[1],
            drains[0].values[2]
        ),
        (0, Some(1.5), Some(-2.0), None)
    );
    assert!(
        !m.memory(Space::Sbuf).is_written(0, 0, 1),
        "an unbound drain writes nothing"
    );
    // Bound at offset 0: partitions 0 and 1 receive their registers at SBUF byte 40.
    let mut runner = Runner::new();
    runner.bind_drain(0, DrainBinding::at(sb(0, 40), Dtype::Float32, 2));
    let mut events = Vec::new();
    runner.run::<Op>(&mut m, &stream, &mut events).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 40, 1), [1.5]);
    assert_eq!(get_f32(&m, Space::Sbuf, 1, 40, 1), [-2.0]);
    // Bound over partition 2, whose register is unset: an error, and nothing written.
    let mut runner = Runner::new();
    runner.bind_drain(0, DrainBinding::at(sb(0, 40), Dtype::Float32, 3));
    let err = runner.run::<Op>(&mut m, &stream, &mut ()).unwrap_err();
    assert_eq!(
        err.fault.problem,
        Problem::UnsetAccumulator { partition: 2 }
    );
    assert!(!m.memory(Space::Sbuf).is_written(2, 40, 1));
}

#[test]
fn undecodable_and_trailing_bytes_stop_with_their_offset() {
    let mut m = machine();
    let mut bytes = stream(&[Op::DveReadAccumulator(DveReadAccumulator::drain())]);
    bytes.extend([0xFFu8; 64]);
    let err = m.run::<Op>(&bytes).unwrap_err();
    assert_eq!((err.offset, err.op), (64, "?"));
    assert!(matches!(err.fault.problem, Problem::Decode(_)), "{err}");
    bytes.truncate(70);
    let err = m.run::<Op>(&bytes).unwrap_err();
    assert_eq!(err.fault.problem, Problem::Trailing { len: 6, width: 64 });
}

/// Keeps, for each bundle, its op and the names of the operands it read and wrote.
#[derive(Default)]
struct Trace(Vec<(usize, &'static str, Vec<&'static str>, Vec<&'static str>)>);

impl isa_sim::Observer for Trace {
    fn bundle(&mut self, r: &isa_sim::Record<'_>) {
        let names = |ops: &[isa_sim::Operand]| ops.iter().map(|o| o.name).collect();
        self.0
            .push((r.offset, r.op, names(r.reads), names(r.writes)));
    }
}

#[test]
fn the_trace_names_each_bundles_operands() {
    let mut m = machine();
    let fill = memset(MemsetOpcode::Const, Dtype::Float32, 0, row4(sb(0, 0), 2), 1);
    let dup = copy(
        row4(sb(0, 0), 2),
        Dtype::Float32,
        row4(sb(0, 8), 2),
        Dtype::Float32,
        1,
    );
    let mut trace = Trace::default();
    Runner::new()
        .run::<Op>(&mut m, &stream(&[fill, dup]), &mut trace)
        .unwrap();
    assert_eq!(
        trace.0,
        [
            (0, "Memset", vec![], vec!["dst"]),
            (64, "TensorCopy", vec!["src"], vec!["dst"]),
        ]
    );
}
