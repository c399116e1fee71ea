//! The trait an op's meaning implements, and the provenance each meaning carries.

use isa_core::Confidence;

use crate::error::{Fault, Problem};
use crate::step::Step;

/// Whether a form executes, and if not, why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The form runs.
    Executed,
    /// No public source gives the form a meaning: running it stops with
    /// [`Problem::NoSemantics`] and this reason.
    NoPublicSemantics(&'static str),
    /// A public source gives the meaning, but it is not executed yet: running it stops with
    /// [`Problem::NotExecuted`].
    NotExecuted,
}

impl Status {
    /// The status in words, as the op table shows it: `executed`, or why not.
    pub fn describe(self) -> String {
        match self {
            Status::Executed => "executed".into(),
            Status::NoPublicSemantics(why) => format!("not executed: {why}"),
            Status::NotExecuted => "not executed yet (no `Execute` body for it)".into(),
        }
    }
}

/// The meaning of one form of an op (one opcode, or one family of opcodes that share it), with
/// where it comes from: what `isa doc` prints as the op's "Semantics" section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Semantics {
    /// The form: the op's name and, where forms differ, the opcode's.
    pub form: &'static str,
    /// The meaning as the public pseudocode states it, one line.
    pub pseudocode: &'static str,
    /// The source key(s), as docs/sources.md defines them ("nki.isa.tensor_tensor \[I1\]", or
    /// "a reading").
    pub source: &'static str,
    /// How firmly the source states it (the field tags' scale: a reading is `Inferred`).
    pub confidence: Confidence,
    /// Whether it executes.
    pub status: Status,
}

impl Semantics {
    /// The stop for a form that does not execute: [`Problem::NoSemantics`] or
    /// [`Problem::NotExecuted`]; `None` for an executed form.
    pub const fn refusal(&self) -> Option<Problem> {
        match self.status {
            Status::Executed => None,
            Status::NoPublicSemantics(why) => Some(Problem::NoSemantics { why }),
            Status::NotExecuted => Some(Problem::NotExecuted {
                why: self.pseudocode,
            }),
        }
    }
}

/// An op's executable meaning. Implemented by every member of a family that runs, beside the
/// op's semantics (the built-in ops' in `isa_sim::ops`, a user's in the user's crate), and by a
/// family through [`execute_family!`](crate::execute_family!).
///
/// A member with no public semantics implements it too, with a [`Status`] that is not
/// [`Status::Executed`] and [`Execute::execute`] returning [`Semantics::refusal`] (see
/// [`refuse`]): so a family whose member lacks the trait does not compile, and the error names
/// the member and this trait.
pub trait Execute {
    /// Appends the semantics of every form of the op (a family: of every member), for the op
    /// table of the documentation.
    fn forms(out: &mut Vec<&'static Semantics>)
    where
        Self: Sized;

    /// The semantics of this value's form.
    fn semantics(&self) -> &'static Semantics;

    /// Runs the op against `step`: reads through its helpers, stages every effect. A fault
    /// leaves the machine unchanged.
    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault>;
}

/// The stop of a form that does not execute ([`Semantics::refusal`]), or `Ok` for one that does:
/// `refuse(self.semantics())?` is the first line of a member that may not run.
pub fn refuse(semantics: &Semantics) -> Result<(), Fault> {
    match semantics.refusal() {
        Some(problem) => Err(Fault::op(problem)),
        None => Ok(()),
    }
}

/// Every form's semantics of family `F`: the op table of the documentation.
pub fn table<F: Execute>() -> Vec<&'static Semantics> {
    let mut out = Vec::new();
    F::forms(&mut out);
    out
}
