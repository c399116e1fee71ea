//! The lowering of the specification's encoder bodies (seed 000, "The bundle lifecycle"): one
//! opcode selection and field fill ("lowering") feeding three sinks selected by `CodeGenMode`.
//!
//! - `GENERATE_ISACODE` (1): the bundles are encoded (every unwritten byte zero) and appended to
//!   the instruction stream.
//! - `RUN_ISA_CHECKS` (2): the same bundles are built on a scratch buffer and every validator of
//!   the op runs on them; nothing is written.
//! - `COLLECT_OPCODES` (0): only the opcodes are recorded, as the set of opcode words each
//!   instruction selects (the seed's `DenseMap<Inst, set<u32>>` at `this+32`); no operand is
//!   packed. [`Codegen::census`] is the per-opcode count view of that map.
//!
//! When the codegen's `this+0x2B9` flag is set ([`Codegen::inst_bins`]), `GENERATE_ISACODE` also
//! writes each bundle a second time, into the instruction's own bin (seed 000: "a second
//! createInstBin + fwrite for the census stream"; seed 001's shared emit tail).
//!
//! The first two arms also record what a body emits besides bundles (seed 001): the diagnostics it
//! reports without stopping and the module attributes it sets ([`Lowered`]).
//!
//! Any other mode is the seed's error "Wrong CodeGenMode. It must be one of GENERATE_ISACODE,
//! RUN_ISA_CHECKS, or COLLECT_OPCODES".

use std::collections::{BTreeMap, BTreeSet};

use isa_core::{CodeGenMode, DecodeError, EncodeError, PackError, Rule};

use crate::dispatch::Op;

pub use isa_core::{Finding, Validate};

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
    /// A condition the seed's body asserts without the message being recovered; the text is the
    /// asserted condition as this crate words it.
    #[error("assertion failed: {0}")]
    Assertion(&'static str),
    /// A refusal whose rule is tagged like a validator's: stated by the seeds (CONFIRMED /
    /// STRONG, its message worded by this crate) or a reading (INFERRED / SPECULATIVE). The
    /// rule's `source` says which seed line it rests on.
    #[error("{}: {message}", rule.name)]
    Refused {
        /// The rule, with its confidence and source.
        rule: &'static Rule,
        /// What the encoding needs instead.
        message: &'static str,
    },
}

/// A module-level attribute an encoder body sets while it lowers (seed 001:
/// `bir::Module::setAttribute`). The wire bytes do not record it, so it travels beside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ModuleAttribute {
    /// Seed 001: TensorScalar with op0 = rsqrt (AluOpType ordinal 28) sets the per-module
    /// rsqrt-in-use flag before converting the op to its wire byte.
    RsqrtInUse,
}

/// The module attributes set so far (seed 001: `bir::Module::setAttribute`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Module {
    /// The rsqrt-in-use flag ([`ModuleAttribute::RsqrtInUse`]).
    pub rsqrt_in_use: bool,
}

impl Module {
    /// Sets `attribute`; setting it again changes nothing.
    pub fn set(&mut self, attribute: ModuleAttribute) {
        match attribute {
            ModuleAttribute::RsqrtInUse => self.rsqrt_in_use = true,
        }
    }
}

/// Everything one encoder body emits: its bundles in order, the diagnostics it reports without
/// stopping (seed 001: `reportError("Reduce Accum result is not outputed")` then a forced value),
/// and the module attributes it sets.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Lowered {
    /// The bundles, in stream order.
    pub bundles: Vec<Op>,
    /// Reported diagnostics, the seed's exact strings, in order.
    pub reports: Vec<&'static str>,
    /// Module attributes set while lowering.
    pub attributes: Vec<ModuleAttribute>,
}

/// One BIR instruction's encoder body: the opcode selection and the field fill.
pub trait Lowering {
    /// The opcodes the body emits, without packing any operand (the `COLLECT_OPCODES` arm).
    fn opcodes(&self) -> Result<Vec<u8>, LowerError>;

    /// The bundles the body emits, in order.
    fn bundles(&self) -> Result<Vec<Op>, LowerError>;

    /// The bundles with the body's reports and module attributes (the `GENERATE_ISACODE` and
    /// `RUN_ISA_CHECKS` arms). A body with side effects overrides this and derives
    /// [`Lowering::bundles`] from it; the default has none.
    fn lower(&self) -> Result<Lowered, LowerError> {
        Ok(Lowered {
            bundles: self.bundles()?,
            ..Lowered::default()
        })
    }
}

/// Which instruction a sink entry belongs to: its position among the instructions handed to one
/// [`Codegen`] (0 for the first [`Codegen::run`]). It stands for the BIR `Inst` that keys the
/// seed's maps; an instruction whose body emits several bundles keeps one id for all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub usize);

/// The three sinks of the lifecycle, filled across any number of instructions.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Codegen {
    /// The `this+0x2B9` option (seed 000 CodeGenMode 1): when set, `GENERATE_ISACODE` writes
    /// every bundle a second time, into its instruction's bin ([`Codegen::inst_bin`]).
    pub inst_bins: bool,
    /// `GENERATE_ISACODE`: the instruction stream, 64 bytes a bundle.
    pub stream: Vec<u8>,
    /// `GENERATE_ISACODE` with [`Codegen::inst_bins`]: each instruction's own bin (the seed's
    /// `createInstBin(inst)` + `fwrite`), the same bytes as its part of the stream.
    pub inst_streams: BTreeMap<InstId, Vec<u8>>,
    /// `COLLECT_OPCODES`: the set of opcode words each instruction selected (seed 000: "Inserts
    /// the opcode word into a `DenseMap<Inst,set<u32>>` at this+32").
    pub opcodes: BTreeMap<InstId, BTreeSet<u32>>,
    /// `RUN_ISA_CHECKS`: every validator finding, with the op's name.
    pub findings: Vec<(&'static str, Finding)>,
    /// `GENERATE_ISACODE` and `RUN_ISA_CHECKS`: every diagnostic the bodies reported.
    pub reports: Vec<&'static str>,
    /// `GENERATE_ISACODE` and `RUN_ISA_CHECKS`: the module attributes the bodies set.
    pub module: Module,
    /// How many instructions were handed to [`Codegen::run`]: the next [`InstId`].
    pub instructions: usize,
}

impl Codegen {
    /// A codegen with empty sinks.
    pub fn new() -> Self {
        Self::default()
    }

    /// A codegen with empty sinks and the `this+0x2B9` option set: every bundle is also
    /// written to its instruction's bin.
    pub fn with_inst_bins() -> Self {
        Self {
            inst_bins: true,
            ..Self::default()
        }
    }

    /// The census view of [`Codegen::opcodes`]: for each opcode, how many instructions selected
    /// it.
    pub fn census(&self) -> BTreeMap<u8, usize> {
        let mut census = BTreeMap::new();
        for word in self.opcodes.values().flatten() {
            if let Ok(op) = u8::try_from(*word) {
                *census.entry(op).or_default() += 1;
            }
        }
        census
    }

    /// One instruction's bin, when [`Codegen::inst_bins`] is set and it emitted bundles.
    pub fn inst_bin(&self, id: InstId) -> Option<&[u8]> {
        self.inst_streams.get(&id).map(Vec::as_slice)
    }

    /// Runs one instruction's body in `mode` (the raw `CodeGenMode` the compiler stores). The
    /// instruction gets the next [`InstId`] whatever the mode.
    pub fn run(&mut self, mode: i64, inst: &impl Lowering) -> Result<(), LowerError> {
        let id = InstId(self.instructions);
        self.instructions += 1;
        let mode = u8::try_from(mode)
            .ok()
            .and_then(CodeGenMode::from_code)
            .ok_or(LowerError::WrongMode(mode))?;
        match mode {
            CodeGenMode::CollectOpcodes => {
                let words = inst.opcodes()?.into_iter().map(u32::from);
                self.opcodes.entry(id).or_default().extend(words);
            }
            CodeGenMode::GenerateIsacode => {
                for op in self.absorb(inst.lower()?) {
                    let bytes = op.to_bytes()?;
                    self.stream.extend_from_slice(&bytes);
                    if self.inst_bins {
                        self.inst_streams
                            .entry(id)
                            .or_default()
                            .extend_from_slice(&bytes);
                    }
                }
            }
            CodeGenMode::RunIsaChecks => {
                for op in self.absorb(inst.lower()?) {
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

    /// Records a body's reports and module attributes; hands back its bundles.
    fn absorb(&mut self, lowered: Lowered) -> Vec<Op> {
        self.reports.extend(lowered.reports);
        for attribute in lowered.attributes {
            self.module.set(attribute);
        }
        lowered.bundles
    }
}
