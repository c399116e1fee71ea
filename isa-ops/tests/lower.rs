//! The CodeGenMode sinks against seed 000 "The bundle lifecycle": COLLECT_OPCODES records a set
//! of opcode words per instruction, GENERATE_ISACODE writes each bundle a second time into its
//! instruction's bin when `this+0x2B9` is set.

mod common;

use common::{P64_4X128, operand, ptr_inst};
use isa_core::{AluOp, Dtype};
use isa_ops::tensor_scalar::{Arg, TensorScalarPtrInst};
use isa_ops::{Codegen, InstId};

/// A plain TensorScalar (0x43).
fn plain() -> TensorScalarPtrInst {
    ptr_inst(
        operand(0x0004_0100, P64_4X128, Dtype::Float32),
        operand(0x0008_0000, P64_4X128, Dtype::Float32),
        vec![Arg::fp32(2.0), Arg::fp32(1.0)],
        AluOp::Mult,
        AluOp::Add,
    )
}

/// A fused-reduce TensorScalar: 0x9A and the trailing drain 0x9B, two bundles of one body.
fn fused() -> TensorScalarPtrInst {
    let mut i = plain();
    i.reduce_out = Some(operand(0x0005_0000, &[(1, 64), (1, 1)], Dtype::Float32));
    i
}

// Seed 000, COLLECT_OPCODES (0): "Inserts the opcode word into a DenseMap<Inst,set<u32>> at
// this+32". Each instruction keeps its own set of words; the count per opcode is a view.
#[test]
fn collect_opcodes_records_a_set_of_opcode_words_per_instruction() {
    let mut cg = Codegen::new();
    cg.run(0, &plain()).unwrap();
    cg.run(0, &fused()).unwrap();
    cg.run(0, &plain()).unwrap();
    let sets: Vec<(InstId, Vec<u32>)> = cg
        .opcodes
        .iter()
        .map(|(id, set)| (*id, set.iter().copied().collect()))
        .collect();
    assert_eq!(
        sets,
        vec![
            (InstId(0), vec![0x43]),
            (InstId(1), vec![0x9A, 0x9B]),
            (InstId(2), vec![0x43]),
        ]
    );
    assert_eq!(
        cg.census().into_iter().collect::<Vec<_>>(),
        vec![(0x43, 2), (0x9A, 1), (0x9B, 1)]
    );
    assert!(cg.stream.is_empty(), "COLLECT_OPCODES writes nothing");
}

// Seed 000, GENERATE_ISACODE (1): "fwrite(bundle,1,0x40,findBin(inst)). If this+0x2B9 (+697) is
// set: a second createInstBin + fwrite for the census stream." Seed 001's shared tail says the
// same: `if (this+697) { InstBin = createInstBin(I); fwrite(bundle, 1, 0x40, InstBin); }`.
#[test]
fn the_0x2b9_option_writes_every_bundle_a_second_time_into_its_instruction_bin() {
    let mut cg = Codegen::with_inst_bins();
    cg.run(1, &plain()).unwrap();
    cg.run(1, &fused()).unwrap();
    assert_eq!(cg.stream.len(), 3 * 64);
    assert_eq!(cg.inst_bin(InstId(0)), Some(&cg.stream[..64]));
    assert_eq!(cg.inst_bin(InstId(1)), Some(&cg.stream[64..]));
    assert_eq!(
        cg.inst_bin(InstId(1)).map(|b| (b[0], b[64])),
        Some((0x9A, 0x9B))
    );

    // Without the option there is one write: the stream only.
    let mut plain_cg = Codegen::new();
    plain_cg.run(1, &plain()).unwrap();
    plain_cg.run(1, &fused()).unwrap();
    assert_eq!(plain_cg.stream, cg.stream);
    assert!(plain_cg.inst_streams.is_empty());
    // The other arms never write a bin.
    let mut checks = Codegen::with_inst_bins();
    checks.run(2, &fused()).unwrap();
    checks.run(0, &fused()).unwrap();
    assert!(checks.inst_streams.is_empty());
}
