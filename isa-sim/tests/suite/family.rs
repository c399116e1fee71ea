//! A user's family that extends the built-in ISA runs through the same public means: its own
//! members implement `Execute`, `execute_family!` dispatches, and a bundle that fails after
//! staging writes, an accumulator and a register leaves the machine exactly as before it.

use crate::common::*;
use isa_core::{AluOp, Confidence, Dtype, SyncBand, Tensor1d, Validate, family};
use isa_ops::tensor_tensor::{TtAlu, TtOpcode};
use isa_sim::{Execute, Fault, Problem, Semantics, Space, Status, Step};

/// Writes `value` to `out`, sets accumulator 0 and register 1, then fails when `fail` is set.
#[derive(isa_derive::Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 64, opcodes = [0x60])]
pub struct Scribble {
    /// The sync band.
    #[field(offset = 0x04)]
    pub sync: SyncBand,
    /// Non-zero: fail after staging.
    #[field(offset = 0x0C)]
    pub fail: u8,
    /// Where the value goes.
    #[field(offset = 0x10)]
    pub out: Tensor1d,
    /// The fp32 bits written.
    #[field(offset = 0x18)]
    pub value: u32,
}
impl Validate for Scribble {}

const SCRIBBLE: Semantics = Semantics {
    form: "Scribble",
    pseudocode: "out = value; acc[0] = value; r1 = value; fail if asked",
    source: "this test",
    confidence: Confidence::Confirmed,
    status: Status::Executed,
};

impl Execute for Scribble {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&SCRIBBLE);
    }
    fn semantics(&self) -> &'static Semantics {
        &SCRIBBLE
    }
    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        let out = step.operand("out", &self.out, Dtype::Float32, 1)?;
        let v = f32::from_bits(self.value);
        step.write_f32(&out, [v])?;
        step.set_accumulator(0, v);
        step.set_register(1, self.value).map_err(Fault::op)?;
        if self.fail != 0 {
            return Err(Fault::at(
                "fail",
                Problem::Field {
                    what: "fail",
                    why: "asked to",
                },
            ));
        }
        Ok(())
    }
}

/// A member the user declares without semantics.
#[derive(isa_derive::Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 64, opcodes = [0x61])]
pub struct Mystery {
    /// The sync band.
    #[field(offset = 0x04)]
    pub sync: SyncBand,
}
impl Validate for Mystery {}

isa_sim::unexecuted!(Mystery => &Semantics {
    form: "Mystery",
    pseudocode: "unknown",
    source: "none",
    confidence: Confidence::Speculative,
    status: Status::NoPublicSemantics("nobody knows"),
});

family! {
    /// The built-in ISA plus two ops.
    pub enum MyOp(view MyOpView, tag "op", extends isa_ops::Op as Builtin) {
        /// Scribble.
        Scribble(Scribble),
        /// Mystery.
        Mystery(Mystery),
    }
}

isa_sim::execute_family! {
    MyOp {
        Builtin(isa_ops::Op),
        Scribble(Scribble),
        Mystery(Mystery),
    }
}

fn scribble(fail: u8, value: f32) -> MyOp {
    let out = Tensor1d {
        addr: sb(0, 256),
        strides: [1],
        nums: [1],
    };
    MyOp::Scribble(Scribble {
        sync: SyncBand::default(),
        fail,
        out,
        value: value.to_bits(),
    })
}

fn bytes(ops: &[MyOp]) -> Vec<u8> {
    ops.iter().flat_map(|op| op.to_bytes().unwrap()).collect()
}

#[test]
fn a_users_family_runs_builtin_and_own_members() {
    let mut m = machine();
    put_f32(&mut m, Space::Sbuf, 0, 0, &[1.5]);
    let add = tt(
        TtOpcode::Plain,
        TtAlu::Op(AluOp::Add),
        [Dtype::Float32; 3],
        1,
        row(sb(0, 64), 1),
        row(sb(0, 0), 1),
        row(sb(0, 0), 1),
    );
    let isa_ops::Op::TensorTensor(add) = add else {
        unreachable!()
    };
    let stream = bytes(&[MyOp::Builtin(add.into()), scribble(0, 7.0)]);
    m.run::<MyOp>(&stream).unwrap();
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 64, 1), [3.0]);
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 256, 1), [7.0]);
    assert_eq!(m.accumulators().get(0), Some(7.0));
    assert_eq!(m.register(1), Some(7f32.to_bits()));
}

#[test]
fn a_bundle_failing_after_staging_changes_nothing() {
    let mut m = machine();
    m.run::<MyOp>(&bytes(&[scribble(0, 1.0)])).unwrap();
    let before = m.clone();
    let err = m
        .run::<MyOp>(&bytes(&[scribble(0, 2.0), scribble(1, 3.0)]))
        .unwrap_err();
    // The first bundle of the second run committed; the second staged a write of 3.0, an
    // accumulator and a register, then failed: none of them landed.
    assert_eq!(
        (err.offset, err.op, err.fault.operand),
        (64, "Scribble", Some("fail"))
    );
    assert_eq!(get_f32(&m, Space::Sbuf, 0, 256, 1), [2.0]);
    assert_eq!(m.accumulators().get(0), Some(2.0));
    assert_eq!(m.register(1), Some(2f32.to_bits()));
    assert_ne!(m, before);
}

#[test]
fn a_member_without_semantics_stops_the_run_naming_it() {
    let mut m = machine();
    let stream = bytes(&[MyOp::Mystery(Mystery {
        sync: SyncBand::default(),
    })]);
    let err = m.run::<MyOp>(&stream).unwrap_err();
    assert_eq!(err.op, "Mystery");
    assert_eq!(
        err.fault.problem,
        Problem::NoSemantics {
            why: "nobody knows"
        }
    );
}

#[test]
fn the_table_lists_builtin_and_own_forms() {
    let table = isa_sim::table::<MyOp>();
    let forms: Vec<&str> = table.iter().map(|s| s.form).collect();
    assert!(forms.contains(&"TensorTensor 0x41"));
    assert!(forms.contains(&"Memset 0x4D (random)"));
    assert!(forms.contains(&"Scribble"));
    assert!(forms.contains(&"Mystery"));
}

/// Every bundle of every built-in op, drawn with random field bits, names a form that the
/// op table lists: the table is the whole of what the simulator says it computes.
#[test]
fn every_built_in_bundle_names_a_form_of_the_table() {
    use isa_ops::sample::{SplitMix64, shaped};
    let table = isa_sim::table::<isa_ops::Op>();
    let mut rng = SplitMix64::new(0x5EED);
    let mut seen = std::collections::BTreeSet::new();
    for decl in isa_ops::DECLARATIONS {
        for _ in 0..64 {
            let bytes = shaped(decl, &mut rng);
            let Ok(op) = isa_ops::Op::decode(&bytes) else {
                continue;
            };
            let semantics = op.semantics();
            assert!(
                // By value: two references to one constant need not be one address.
                table.iter().any(|s| **s == *semantics),
                "{} is not in the op table",
                semantics.form
            );
            seen.insert(semantics.form);
        }
    }
    assert!(
        seen.len() >= 20,
        "only {} forms were drawn: {seen:?}",
        seen.len()
    );
}

/// An fp32 row of `n` elements at SBUF byte `a` of partition 0.
fn fp32_row(step: &Step<'_>, name: &'static str, a: u32, n: u16) -> isa_sim::Operand {
    let row = Tensor1d {
        addr: sb(0, a),
        strides: [1],
        nums: [n],
    };
    step.operand(name, &row, Dtype::Float32, 1).unwrap()
}

#[test]
fn a_users_op_can_stage_an_accumulator_undefined() {
    let machine = isa_sim::Machine::new(isa_sim::Core::V2);
    let mut step = Step::new(&machine, 0, None);
    step.set_accumulator(3, 2.5);
    assert_eq!(step.accumulator(3).unwrap(), 2.5);
    step.unset_accumulator(3);
    assert!(step.accumulator(3).is_err());
}

#[test]
fn zip_alu_refuses_a_bitvec_op_on_fp32_even_where_it_would_compute_at_commit() {
    // Bitwise ops work on integer bits, not fp32 [I1]. A user's op may call zip_alu with any
    // ALU op; over adjacent fp32 rows (the operands the commit-time path takes) the refusal
    // comes before anything is staged.
    let mut machine = isa_sim::Machine::new(isa_sim::Core::V2);
    put_f32(&mut machine, Space::Sbuf, 0, 0, &[1.0; 8]);
    put_f32(&mut machine, Space::Sbuf, 0, 64, &[2.0; 8]);
    let mut step = Step::new(&machine, 0, None);
    let (x, y, out) = (
        fp32_row(&step, "x", 0, 8),
        fp32_row(&step, "y", 64, 8),
        fp32_row(&step, "out", 128, 8),
    );
    assert!(step.zip_alu(&out, &x, &y, AluOp::BitwiseAnd).is_err());
    assert!(step.zip_alu(&out, &x, &y, AluOp::Add).is_ok());
}

#[test]
fn a_users_op_sees_its_bundles_offset_and_cannot_stage_a_wrong_count_of_values() {
    // The step tells a user's op where its bundle lies in the stream, and refuses values that
    // do not fill the operand they are staged into, naming it.
    let machine = isa_sim::Machine::new(isa_sim::Core::V2);
    let mut step = Step::new(&machine, 0x40, None);
    assert_eq!(step.offset(), 0x40);
    let out = fp32_row(&step, "out", 128, 8);
    let fault = step.write_f32(&out, vec![1.0; 7]).unwrap_err();
    assert_eq!(fault.operand, Some("out"));
    assert!(
        fault.to_string().contains("walks 8 elements, 7 expected"),
        "{fault}"
    );
    assert!(step.write_f32(&out, vec![1.0; 8]).is_ok());
}
