//! The bundle lifecycle shared by every encoder body (seed 000, "The bundle lifecycle"): one
//! opcode selection and field fill ("lowering") feeding three sinks selected by `CodeGenMode`.
//!
//! - `GENERATE_ISACODE` (1): the bundles are encoded (every unwritten byte zero) and appended to
//!   the instruction stream.
//! - `RUN_ISA_CHECKS` (2): the same bundles are built on a scratch buffer and every validator of
//!   the op runs on them; nothing is written.
//! - `COLLECT_OPCODES` (0): only the opcodes are recorded in the census; no operand is packed.
//!
//! Any other mode is the seed's error "Wrong CodeGenMode. It must be one of GENERATE_ISACODE,
//! RUN_ISA_CHECKS, or COLLECT_OPCODES".

use std::collections::BTreeMap;

use isa_core::{CodeGenMode, DecodeError, EncodeError, PackError};

use crate::dispatch::Op;

/// One validator finding: which check, where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The check's name as the specification's validator roster spells it (`s3d3_tt_valid_op`).
    pub check: &'static str,
    /// The field the check reads.
    pub field: &'static str,
    /// Byte offset of that field in the bundle.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} failed on `{}` at byte {:#04x}: {}",
            self.check, self.field, self.offset, self.message
        )
    }
}

/// The validators of one declaration.
pub trait Validate {
    /// Every finding; empty when the bundle passes.
    fn validate(&self) -> Vec<Finding>;
}

/// Why an instruction could not be lowered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    /// An error the seed's encoder body reports, with its exact text.
    #[error("{0}")]
    Spec(&'static str),
    /// An error the seed reports with a value in it.
    #[error("{0}")]
    SpecValue(String),
    /// An access pattern that does not pack into its descriptor slot.
    #[error("{operand}: {error}")]
    Pack {
        /// Which operand.
        operand: &'static str,
        /// Why.
        error: PackError,
    },
    /// An operand of a kind the selected encoding cannot carry (a scalar where the bundle has
    /// only a descriptor slot for it).
    #[error("{operand}: {message}")]
    Operand {
        /// Which operand.
        operand: &'static str,
        /// What the encoding needs instead.
        message: &'static str,
    },
    /// A field value that does not fit its bundle.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// A scratch bundle that does not decode (a declaration defect).
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// A `CodeGenMode` outside 0..=2.
    #[error(
        "Wrong CodeGenMode. It must be one of GENERATE_ISACODE, RUN_ISA_CHECKS, or COLLECT_OPCODES"
    )]
    WrongMode(i64),
}

/// One BIR instruction's encoder body: the opcode selection and the field fill.
pub trait Lowering {
    /// The opcodes the body emits, without packing any operand (the `COLLECT_OPCODES` arm).
    fn opcodes(&self) -> Result<Vec<u8>, LowerError>;

    /// The bundles the body emits, in order.
    fn bundles(&self) -> Result<Vec<Op>, LowerError>;
}

/// The three sinks of the lifecycle, filled across any number of instructions.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Codegen {
    /// `GENERATE_ISACODE`: the instruction stream, 64 bytes a bundle.
    pub stream: Vec<u8>,
    /// `COLLECT_OPCODES`: how many times each opcode was selected.
    pub census: BTreeMap<u8, usize>,
    /// `RUN_ISA_CHECKS`: every validator finding, with the op's name.
    pub findings: Vec<(&'static str, Finding)>,
}

impl Codegen {
    /// A codegen with empty sinks.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs one instruction's body in `mode` (the raw `CodeGenMode` the compiler stores).
    pub fn run(&mut self, mode: i64, inst: &impl Lowering) -> Result<(), LowerError> {
        let mode = u8::try_from(mode)
            .ok()
            .and_then(CodeGenMode::from_code)
            .ok_or(LowerError::WrongMode(mode))?;
        match mode {
            CodeGenMode::CollectOpcodes => {
                for op in inst.opcodes()? {
                    *self.census.entry(op).or_default() += 1;
                }
            }
            CodeGenMode::GenerateIsacode => {
                for op in inst.bundles()? {
                    self.stream.extend_from_slice(&op.to_bytes()?);
                }
            }
            CodeGenMode::RunIsaChecks => {
                for op in inst.bundles()? {
                    // The scratch bundle is the encoded bytes read back, exactly what the
                    // validators see on the wire.
                    let scratch = crate::dispatch::decode_any(&op.to_bytes()?)?;
                    let name = scratch.name();
                    self.findings
                        .extend(scratch.validate().into_iter().map(|f| (name, f)));
                }
            }
        }
        Ok(())
    }
}
