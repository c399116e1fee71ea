//! The CodeGenMode sinks against seed 000 "The bundle lifecycle": COLLECT_OPCODES records a set
//! of opcode words per instruction, GENERATE_ISACODE writes each bundle a second time into its
//! instruction's bin when `this+0x2B9` is set; every arm is one run of the body into a sink.

use crate::common::{P64_4X128, operand};
use isa_core::{AluOp, Dtype};
use isa_ops::tensor_scalar::{Arg, TensorScalarPtrInst};
use isa_ops::{Codegen, EncoderBody, InstId, LowerError, Lowered, ModuleAttribute, Op, Sink};

/// A plain TensorScalar (0x43).
fn plain() -> TensorScalarPtrInst {
    TensorScalarPtrInst::new(
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

// Seed 000, COLLECT_OPCODES (0): "Inserts the opcode word into a DenseMap<Inst,set<u32>> at
// this+32, updates the branch-hint target PC, returns." Only that arm updates it; the value is
// the reading `Codegen::branch_hint_target` names: the instruction just collected.
#[test]
fn collect_opcodes_updates_the_branch_hint_target_pc() {
    let mut cg = Codegen::new();
    assert_eq!(cg.branch_hint_target, None);
    cg.run(1, &plain()).unwrap();
    cg.run(2, &fused()).unwrap();
    assert_eq!(
        cg.branch_hint_target, None,
        "GENERATE_ISACODE and RUN_ISA_CHECKS do not"
    );
    cg.run(0, &plain()).unwrap();
    assert_eq!(cg.branch_hint_target, Some(InstId(2)));
    cg.run(0, &fused()).unwrap();
    assert_eq!(cg.branch_hint_target, Some(InstId(3)));
    cg.run(1, &plain()).unwrap();
    assert_eq!(cg.run(3, &plain()), Err(LowerError::WrongMode(3)));
    assert_eq!(cg.branch_hint_target, Some(InstId(3)));
    // An instruction whose fill would fail is still collected: the arm never fills.
    let mut bad = fused();
    bad.scalars[0] = Arg::Immediate {
        bits: 2,
        dtype: Dtype::Int32,
    };
    cg.run(0, &bad).unwrap();
    assert_eq!(cg.branch_hint_target, Some(InstId(6)));
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

/// What a body hands a sink, in order.
#[derive(Debug, PartialEq)]
enum Event {
    Opcode(u8),
    /// The first byte of the filled bundle's encoding.
    Filled(u8),
    Report(&'static str),
}

/// A sink of a user's own: it fills every bundle and logs each call.
#[derive(Default)]
struct Log(Vec<Event>);

impl Sink<Op> for Log {
    fn bundle(
        &mut self,
        opcode: u8,
        fill: &mut dyn FnMut() -> Result<Op, LowerError>,
    ) -> Result<(), LowerError> {
        self.0.push(Event::Opcode(opcode));
        self.0.push(Event::Filled(fill()?.to_bytes()?[0]));
        Ok(())
    }

    fn report(&mut self, message: &'static str) {
        self.0.push(Event::Report(message));
    }

    fn attribute(&mut self, _attribute: ModuleAttribute) {}
}

// Seed 000, COLLECT_OPCODES: the opcode word is recorded, then the arm returns, so a body names
// each bundle's opcode before it packs any field. Seed 001: the fused form reports "Reduce Accum
// result is not outputed" (accumulate idle with two outputs), writes 0x9A, then the drain 0x9B.
#[test]
fn a_body_hands_its_sink_each_opcode_before_the_fields() {
    let mut log = Log::default();
    fused().emit(&mut log).unwrap();
    assert_eq!(
        log.0,
        vec![
            Event::Report("Reduce Accum result is not outputed"),
            Event::Opcode(0x9A),
            Event::Filled(0x9A),
            Event::Opcode(0x9B),
            Event::Filled(0x9B),
        ]
    );
}

// Seed 001: "TensorScalarPtr arith immediate dtype must be fp32" is a rule of the field fill.
// COLLECT_OPCODES never fills, so it records both opcodes; the other arms stop, and the
// instruction leaves neither bytes nor its report behind.
#[test]
fn a_body_that_fails_its_fill_leaves_nothing_in_the_sinks() {
    let mut i = fused();
    i.scalars[0] = Arg::Immediate {
        bits: 2,
        dtype: Dtype::Int32,
    };
    let mut cg = Codegen::with_inst_bins();
    for mode in [1, 2] {
        assert_eq!(
            cg.run(mode, &i),
            Err(LowerError::Spec(
                "TensorScalarPtr arith immediate dtype must be fp32"
            ))
        );
    }
    assert!(cg.stream.is_empty() && cg.inst_streams.is_empty());
    assert!(cg.reports.is_empty() && cg.findings.is_empty());
    cg.run(0, &i).unwrap();
    assert_eq!(
        cg.opcodes
            .get(&InstId(2))
            .map(|s| s.iter().copied().collect::<Vec<_>>()),
        Some(vec![0x9A, 0x9B])
    );
}

isa_core::family! {
    /// The bundles of the TensorScalarPtr bodies alone: a family of a user's own.
    pub enum Dve(view DveView, tag "op") {
        /// TensorScalar.
        TensorScalar(isa_ops::tensor_scalar::TensorScalar),
        /// ScalarTensorTensor.
        ScalarTensorTensor(isa_ops::scalar_tensor_tensor::ScalarTensorTensor),
        /// TensorScalarAddr.
        TensorScalarAddr(isa_ops::tensor_scalar_addr::TensorScalarAddr),
        /// The drain.
        Drain(isa_ops::opaque::DveReadAccumulator),
    }
}

// A body is generic over the family it emits into: the built-in bodies fill a user's family of
// their bundles, with the bytes the built-in stream gets.
#[test]
fn a_body_emits_into_any_family_of_its_bundles() {
    let mut sink = Lowered::<Dve>::default();
    fused().emit(&mut sink).unwrap();
    assert!(matches!(
        sink.bundles[..],
        [Dve::TensorScalar(_), Dve::Drain(_)]
    ));
    assert_eq!(sink.reports, ["Reduce Accum result is not outputed"]);
    let bytes: Vec<u8> = sink
        .bundles
        .iter()
        .flat_map(|b| b.to_bytes().unwrap())
        .collect();
    let mut cg = Codegen::new();
    cg.run(1, &fused()).unwrap();
    assert_eq!(bytes, cg.stream);
    assert_eq!((bytes[0], bytes[64]), (0x9A, 0x9B));
}
