//! The vocabulary of the specification's encoder bodies (seed 000, "The bundle lifecycle"): what
//! an op's body is ([`EncoderBody`]), where it emits ([`Sink`]) and why it stops ([`LowerError`]).
//!
//! A body performs the opcode selection and the field fill ("lowering") once; the sink it is
//! handed decides what happens to each bundle. The three `CodeGenMode` arms are three sinks of
//! that one run ([`crate::emit`]): `COLLECT_OPCODES` keeps the opcode and never asks for the
//! fields, `GENERATE_ISACODE` encodes the bundles into the stream (and the instruction's bin), and
//! `RUN_ISA_CHECKS` runs the validators on them.
//!
//! The bodies are generic over the family `F` their bundles join: a body builds its concrete
//! bundles and hands them to the sink as `F` through `From`, so this module and the op files sit
//! below the family that gathers them ([`crate::dispatch::Op`] for the built-in ISA).

use isa_core::{DecodeError, EncodeError, PackError, Rule};

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

impl ModuleAttribute {
    /// The attribute's name as a front-end shows it (`rsqrt_in_use`).
    pub const fn name(self) -> &'static str {
        match self {
            ModuleAttribute::RsqrtInUse => "rsqrt_in_use",
        }
    }
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

/// Where an encoder body's output goes: one implementation per `CodeGenMode` arm, and the
/// collectors behind [`crate::Lowering`]. A crate can bring its own:
///
/// ```
/// use isa_ops::{EncoderBody, LowerError, ModuleAttribute, Op, Sink};
/// # use isa_core::{AccessPattern, Addr4, ApPair, Dtype, SyncBand};
/// # use isa_ops::memset::MemsetInst;
/// # use isa_ops::Operand;
///
/// /// Counts the bundles of each opcode and packs nothing.
/// #[derive(Default)]
/// struct Census(std::collections::BTreeMap<u8, usize>);
///
/// impl Sink<Op> for Census {
///     fn bundle(
///         &mut self,
///         opcode: u8,
///         _fill: &mut dyn FnMut() -> Result<Op, LowerError>,
///     ) -> Result<(), LowerError> {
///         *self.0.entry(opcode).or_default() += 1;
///         Ok(())
///     }
///     fn report(&mut self, _message: &'static str) {}
///     fn attribute(&mut self, _attribute: ModuleAttribute) {}
/// }
///
/// # let pattern = [(1, 128), (1, 1024)].map(|(step, num)| ApPair { step, num });
/// # let ap = AccessPattern { start: Addr4::from_raw(0), pattern: pattern.to_vec(), indirect: false };
/// # let out = Operand { ap, dtype: Dtype::Int32 };
/// // Memset's Const mode is 0x49 (seed 000 §5).
/// let fill = MemsetInst { out, mode: 0, fill: 7, sync: SyncBand::default() };
/// let mut census = Census::default();
/// fill.emit(&mut census)?;
/// fill.emit(&mut census)?;
/// assert_eq!(census.0.get(&0x49), Some(&2));
/// # Ok::<(), LowerError>(())
/// ```
pub trait Sink<F> {
    /// The body emits a bundle with `opcode`; `fill` packs its fields. The opcode is handed over
    /// before any field is packed (seed 000, `COLLECT_OPCODES`: the opcode word is recorded, then
    /// the arm returns), so a sink that keeps only opcodes never calls `fill` and an operand that
    /// does not pack cannot fail it.
    fn bundle(
        &mut self,
        opcode: u8,
        fill: &mut dyn FnMut() -> Result<F, LowerError>,
    ) -> Result<(), LowerError>;

    /// The body reports a diagnostic and goes on (seed 001:
    /// `reportError("Reduce Accum result is not outputed")` before a forced value).
    fn report(&mut self, message: &'static str);

    /// The body sets a module attribute (seed 001: `bir::Module::setAttribute`).
    fn attribute(&mut self, attribute: ModuleAttribute);
}

/// One BIR instruction's encoder body: the opcode selection and the field fill, emitted into a
/// [`Sink`] of any family `F` that takes the body's bundles (`F: From<Bundle>`).
///
/// A body hands the sink every bundle's opcode before its fields, and reports and attributes
/// before the bundles they precede in the seed. An error stops the body; the sinks of
/// [`crate::emit`] then keep nothing of the instruction.
pub trait EncoderBody<F> {
    /// Runs the body into `sink`.
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError>;
}

/// Everything one encoder body emits: its bundles in order, the diagnostics it reports without
/// stopping (seed 001: `reportError("Reduce Accum result is not outputed")` then a forced value),
/// and the module attributes it sets. As a [`Sink`] it fills every bundle.
#[derive(Debug, Clone, PartialEq)]
pub struct Lowered<F> {
    /// The bundles, in stream order.
    pub bundles: Vec<F>,
    /// Reported diagnostics, the seed's exact strings, in order.
    pub reports: Vec<&'static str>,
    /// Module attributes set while lowering.
    pub attributes: Vec<ModuleAttribute>,
}

impl<F> Sink<F> for Lowered<F> {
    fn bundle(
        &mut self,
        _opcode: u8,
        fill: &mut dyn FnMut() -> Result<F, LowerError>,
    ) -> Result<(), LowerError> {
        self.bundles.push(fill()?);
        Ok(())
    }

    fn report(&mut self, message: &'static str) {
        self.reports.push(message);
    }

    fn attribute(&mut self, attribute: ModuleAttribute) {
        self.attributes.push(attribute);
    }
}

impl<F> Default for Lowered<F> {
    fn default() -> Self {
        Self {
            bundles: Vec::new(),
            reports: Vec::new(),
            attributes: Vec::new(),
        }
    }
}
