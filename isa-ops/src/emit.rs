//! The built-in ISA's code generation (seed 000, "The bundle lifecycle"): every encoder body runs
//! once per instruction into the sink `CodeGenMode` selects.
//!
//! - `GENERATE_ISACODE` (1): the bundles are encoded (every unwritten byte zero) and appended to
//!   the instruction stream.
//! - `RUN_ISA_CHECKS` (2): the same bundles are built on a scratch buffer and every validator of
//!   the op runs on them; nothing is written.
//! - `COLLECT_OPCODES` (0): only the opcodes are recorded, as the set of opcode words each
//!   instruction selects (the seed's `DenseMap<Inst, set<u32>>` at `this+32`); no operand is
//!   packed. [`Codegen::census`] is the per-opcode count view of that map. Each opcode recorded
//!   also updates the branch-hint target PC ([`Codegen::branch_hint_target`]).
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
//!
//! The same run also answers one instruction's questions directly ([`Lowering`]): its opcodes,
//! its bundles, or everything it emits.

use std::collections::{BTreeMap, BTreeSet};

use isa_core::CodeGenMode;

use crate::dispatch::{BUNDLE_SIZE, Op, decode_any};
use crate::lower::{EncoderBody, Finding, LowerError, Lowered, Module, ModuleAttribute, Sink};

/// The `COLLECT_OPCODES` sink: the opcodes in emission order, and whether the arm updated the
/// branch-hint target PC; no field is packed.
#[derive(Debug, Default)]
struct Opcodes {
    opcodes: Vec<u8>,
    branch_hint: bool,
}

impl Sink<Op> for Opcodes {
    /// Seed 000, `COLLECT_OPCODES`: "Inserts the opcode word into a `DenseMap<Inst,set<u32>>`
    /// at this+32, updates the branch-hint target PC, returns."
    fn bundle(
        &mut self,
        opcode: u8,
        _fill: &mut dyn FnMut() -> Result<Op, LowerError>,
    ) -> Result<(), LowerError> {
        self.opcodes.push(opcode);
        self.branch_hint = true;
        Ok(())
    }

    fn report(&mut self, _message: &'static str) {}

    fn attribute(&mut self, _attribute: ModuleAttribute) {}
}

/// The sink of the `GENERATE_ISACODE` and `RUN_ISA_CHECKS` arms: each bundle encoded as it is
/// emitted (64 bytes, every unwritten byte zero), with the reports and attributes. It holds one
/// instruction until its body has finished, so a body that fails leaves nothing behind.
#[derive(Debug, Default)]
struct Encoded {
    bytes: Vec<u8>,
    reports: Vec<&'static str>,
    attributes: Vec<ModuleAttribute>,
}

impl Sink<Op> for Encoded {
    fn bundle(
        &mut self,
        _opcode: u8,
        fill: &mut dyn FnMut() -> Result<Op, LowerError>,
    ) -> Result<(), LowerError> {
        self.bytes.extend_from_slice(&fill()?.to_bytes()?);
        Ok(())
    }

    fn report(&mut self, message: &'static str) {
        self.reports.push(message);
    }

    fn attribute(&mut self, attribute: ModuleAttribute) {
        self.attributes.push(attribute);
    }
}

/// One BIR instruction of the built-in ISA lowered on its own: every [`EncoderBody`] whose bundles
/// are [`Op`]s is one.
pub trait Lowering: EncoderBody<Op> {
    /// The opcodes the body emits, without packing any operand (the `COLLECT_OPCODES` arm).
    fn opcodes(&self) -> Result<Vec<u8>, LowerError> {
        let mut sink = Opcodes::default();
        self.emit(&mut sink)?;
        Ok(sink.opcodes)
    }

    /// The bundles the body emits, in order.
    fn bundles(&self) -> Result<Vec<Op>, LowerError> {
        Ok(self.lower()?.bundles)
    }

    /// The bundles with the body's reports and module attributes.
    fn lower(&self) -> Result<Lowered<Op>, LowerError> {
        let mut sink = Lowered::default();
        self.emit(&mut sink)?;
        Ok(sink)
    }
}

impl<T: EncoderBody<Op> + ?Sized> Lowering for T {}

/// Which instruction a sink entry belongs to: its position among the instructions handed to one
/// [`Codegen`] (0 for the first [`Codegen::run`]). It stands for the BIR `Inst` that keys the
/// seed's maps; an instruction whose body emits several bundles keeps one id for all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub usize);

/// The three sinks of the lifecycle, filled across any number of instructions.
///
/// ```
/// use isa_core::{AccessPattern, Addr4, ApPair, Dtype, SyncBand};
/// use isa_ops::memset::MemsetInst;
/// use isa_ops::{Codegen, Lowering, Operand};
///
/// // out[128][1024] int32 = 0xDEADBEEF: Memset's Const mode, opcode 0x49 (seed 000 §5).
/// let pattern = [(1, 128), (1, 1024)].map(|(step, num)| ApPair { step, num });
/// let ap = AccessPattern {
///     start: Addr4::from_raw(0x0004_0000),
///     pattern: pattern.to_vec(),
///     indirect: false,
/// };
/// let out = Operand { ap, dtype: Dtype::Int32 };
/// let fill = MemsetInst { out, mode: 0, fill: 0xDEAD_BEEF, sync: SyncBand::default() };
///
/// let mut cg = Codegen::new();
/// cg.run(0, &fill)?; // COLLECT_OPCODES
/// cg.run(1, &fill)?; // GENERATE_ISACODE
/// cg.run(2, &fill)?; // RUN_ISA_CHECKS
/// assert_eq!(cg.census().get(&0x49), Some(&1));
/// assert_eq!((cg.stream.len(), cg.stream[0], cg.stream[0x28]), (64, 0x49, 0xEF));
/// assert!(cg.findings.is_empty());
/// // The same run, for one instruction on its own.
/// assert_eq!(fill.opcodes()?, [0x49]);
/// assert_eq!(fill.bundles()?[0].to_bytes()?[..], cg.stream[..]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// `COLLECT_OPCODES`: the branch-hint target PC, which the arm updates after inserting each
    /// opcode word (seed 000: "Inserts the opcode word into a `DenseMap<Inst,set<u32>>` at
    /// this+32, updates the branch-hint target PC, returns"). The seed does not recover the value the PC
    /// takes; the reading here (INFERRED) is the instruction whose opcode was just collected, so
    /// it holds the last instruction the arm collected a bundle of. `None` until one is; the
    /// other arms leave it alone.
    pub branch_hint_target: Option<InstId>,
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

    /// Runs one instruction's body once, in `mode` (the raw `CodeGenMode` the compiler stores),
    /// into that mode's sink. The instruction gets the next [`InstId`] whatever the mode; one
    /// whose body fails adds nothing to the sinks.
    pub fn run(
        &mut self,
        mode: i64,
        inst: &(impl EncoderBody<Op> + ?Sized),
    ) -> Result<(), LowerError> {
        let id = InstId(self.instructions);
        self.instructions += 1;
        let mode = u8::try_from(mode)
            .ok()
            .and_then(CodeGenMode::from_code)
            .ok_or(LowerError::WrongMode(mode))?;
        match mode {
            CodeGenMode::CollectOpcodes => {
                let mut sink = Opcodes::default();
                inst.emit(&mut sink)?;
                let words = sink.opcodes.into_iter().map(u32::from);
                self.opcodes.entry(id).or_default().extend(words);
                if sink.branch_hint {
                    self.branch_hint_target = Some(id);
                }
            }
            CodeGenMode::GenerateIsacode => {
                let bytes = self.encode(inst)?;
                self.write(id, &bytes);
            }
            CodeGenMode::RunIsaChecks => {
                let bytes = self.encode(inst)?;
                self.check(&bytes)?;
            }
        }
        Ok(())
    }

    /// The sink of `GENERATE_ISACODE` and `RUN_ISA_CHECKS`: runs the body, records its reports
    /// and module attributes, and hands back its bundles encoded.
    fn encode(&mut self, inst: &(impl EncoderBody<Op> + ?Sized)) -> Result<Vec<u8>, LowerError> {
        let mut sink = Encoded::default();
        inst.emit(&mut sink)?;
        self.reports.extend(sink.reports);
        for attribute in sink.attributes {
            self.module.set(attribute);
        }
        Ok(sink.bytes)
    }

    /// `GENERATE_ISACODE`: appends one instruction's bundles to the stream, and to its bin when
    /// [`Codegen::inst_bins`] is set.
    fn write(&mut self, id: InstId, bytes: &[u8]) {
        self.stream.extend_from_slice(bytes);
        if self.inst_bins && !bytes.is_empty() {
            self.inst_streams
                .entry(id)
                .or_default()
                .extend_from_slice(bytes);
        }
    }

    /// `RUN_ISA_CHECKS`: every validator on each bundle read back from its encoded bytes, exactly
    /// what the validators see on the wire.
    fn check(&mut self, bytes: &[u8]) -> Result<(), LowerError> {
        for bundle in bytes.chunks(BUNDLE_SIZE) {
            let scratch = decode_any(bundle)?;
            let name = scratch.name();
            self.findings
                .extend(scratch.validate().into_iter().map(|f| (name, f)));
        }
        Ok(())
    }
}
