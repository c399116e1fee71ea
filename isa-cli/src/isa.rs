//! What the command is built for: an ISA — a family of bundles and a family of 32-bit words,
//! each declared with [`isa_core::family!`] — and how its word streams are read. The `isa`
//! binary is the command on [`BuiltIn`]; a user's crate gets every command for its own ISA with
//! `fn main() -> ExitCode { isa_cli::main::<MyIsa>() }`.

pub use crate::members::Members;
use crate::word_stream::{WordDecoder, WordReader};

/// An instruction set the command works on.
pub trait Isa: 'static {
    /// The command's name, as its help shows it.
    const COMMAND: &'static str = "isa";
    /// The bundle family (`decode`, `encode`, `validate`, `stats` without `--word32`; `run`
    /// executes it, so every member has [`isa_sim::Execute`], through
    /// [`isa_sim::execute_family!`]).
    type Bundles: Members + isa_sim::Execute;
    /// The 32-bit word family (with `--word32`).
    type Words: Members;

    /// How a `--word32` stream is read. The default lists every word on its own; an ISA whose
    /// words form TSHUF blocks (the PTO words of the built-in ISA, or a family that extends
    /// them) returns [`WordReader`].
    fn word_decoder() -> Box<dyn WordDecoder> {
        Box::new(WordReader::<Self::Words>::each_word())
    }
}

/// The built-in ISA: every op of the seeds ([`isa_ops::Op`]) and the PTO block words
/// ([`isa_ops::pto::Word`]), whose streams are read as TSHUF blocks.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltIn;

impl Isa for BuiltIn {
    type Bundles = isa_ops::Op;
    type Words = isa_ops::pto::Word;

    fn word_decoder() -> Box<dyn WordDecoder> {
        Box::new(WordReader::<Self::Words>::tshuf_blocks())
    }
}
