//! Kernels as calls: each call of a kernel (`tensor_tensor(dst, data1, data2, op)`, after
//! nki.isa's signatures \[I1\]) runs one instruction's real lowering — the opcode selection and
//! field fill of its encoder body in `isa-ops` — on [`Tile`]s and arguments, and gives the
//! bundles it emits, encoded.
//!
//! A call is data ([`Call`]): its name, its parameters, and a function from its bound
//! [`Arguments`] to bytes. [`run`] binds the arguments a front-end gives (as [`Value`]s, by
//! position or by name), lowers, then reads the bundles back with every decode check and
//! validator of the ISA's family (the `RUN_ISA_CHECKS` arm), so a call that lowers to a bundle
//! its own validators refuse is refused too. Every refusal is a [`CallError`] naming the call
//! and the argument.
//!
//! Which calls an ISA has is [`Isa::calls`](crate::Isa::calls): by default the built-in ISA's
//! ([`builtin::calls`]). A user's ISA that extends the built-in ops adds its own the way the
//! built-in ones are written — an encoder body lowered with [`lower`], its arguments read with
//! [`Arguments`]:
//!
//! ```
//! use isa_core::{AluOp, Bundle as _};
//! use isa_host::kernel::{self, Arguments, Call, CallError, Value};
//! use isa_ops::Op;
//! use isa_ops::tensor_tensor::TensorTensorInst;
//!
//! /// `add(dst, data1, data2)`: tensor_tensor with the op fixed.
//! fn add(args: &Arguments) -> Result<Vec<u8>, CallError> {
//!     let inst = TensorTensorInst {
//!         out: args.tile("dst")?.operand(),
//!         in0: args.tile("data1")?.operand(),
//!         in1: args.tile("data2")?.operand(),
//!         alu: AluOp::Add,
//!         engine: isa_core::Engine::DVE,
//!         bitvec: false,
//!         gpsimd_int32_gate: false,
//!         core: isa_ops::Core::V2,
//!         sync: args.sync()?,
//!     };
//!     kernel::lower::<Op>(args, &inst)
//! }
//!
//! const ADD: Call = Call {
//!     name: "add",
//!     params: &["dst", "data1", "data2", "sync"],
//!     required: 3,
//!     doc: "dst = data1 + data2",
//!     lower: add,
//! };
//!
//! let row = |address: i64| Value::List(vec![
//!     Value::Str("sbuf".into()),
//!     Value::Int(address),
//!     Value::Int(0),
//!     Value::Int(2),
//!     Value::List(vec![Value::Int(4)]),
//!     Value::Str("float32".into()),
//! ]);
//! let args = [row(0x200), row(0x0), row(0x100)].map(Some).to_vec();
//! let bytes = kernel::run::<isa_ops::Op>(&ADD, args, Vec::new())?.bytes;
//! assert_eq!((bytes.len(), bytes[0], bytes[0x0E]), (64, 0x41, 0x04)); // TensorTensor, add
//! # Ok::<(), CallError>(())
//! ```

pub mod args;
pub mod builtin;
pub mod tile;
pub mod value;

use std::fmt;

use isa_core::Family;
use isa_ops::{EncoderBody, LowerError, Lowered, ModuleAttribute};

pub use args::{Arguments, immediate, scalar};
pub use tile::Tile;
pub use value::{Value, integer, integer_in};

use crate::members::Members;
use crate::validate::{Reported, check_stream};

/// One call a kernel can make: what a front-end shows of it and the lowering it runs.
#[derive(Debug, Clone, Copy)]
pub struct Call {
    /// Its name (`tensor_tensor`).
    pub name: &'static str,
    /// Its parameters, in order: the first [`Call::required`] must be given, the rest are
    /// optional (a left-out one reads as not given).
    pub params: &'static [&'static str],
    /// How many of the first parameters are required.
    pub required: usize,
    /// What it does, for its help text.
    pub doc: &'static str,
    /// The lowering: the encoded bundles of the call's instruction.
    pub lower: fn(&Arguments) -> Result<Vec<u8>, CallError>,
}

impl Call {
    /// `name(a, b, c=None)`: the signature a front-end shows.
    pub fn signature(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if i < self.required {
                    (*p).to_string()
                } else {
                    format!("{p}=None")
                }
            })
            .collect();
        format!("{}({})", self.name, params.join(", "))
    }
}

/// Why a call gave no bundles: the call, and the problem.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{call}(): {problem}")]
pub struct CallError {
    /// The call's name.
    pub call: &'static str,
    /// What went wrong.
    pub problem: Problem,
}

impl CallError {
    /// Whether an argument was of the wrong kind or missing (Python's `TypeError`), rather than
    /// of the right kind with a value refused (`ValueError`).
    pub fn is_type_error(&self) -> bool {
        matches!(
            self.problem,
            Problem::Missing(_)
                | Problem::Twice(_)
                | Problem::TooMany { .. }
                | Problem::Unknown { .. }
                | Problem::Kind { .. }
        )
    }
}

/// What went wrong in a call.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Problem {
    /// A required argument not given.
    #[error("missing argument `{0}`")]
    Missing(&'static str),
    /// An argument given by position and by name.
    #[error("argument `{0}` given twice")]
    Twice(&'static str),
    /// More positional arguments than parameters.
    #[error("takes at most {most} arguments, {given} given")]
    TooMany {
        /// How many parameters there are.
        most: usize,
        /// How many positional arguments were given.
        given: usize,
    },
    /// A keyword no parameter has.
    #[error("no argument `{name}`; the arguments are {params}")]
    Unknown {
        /// The keyword.
        name: String,
        /// The call's parameters.
        params: String,
    },
    /// A value of the wrong kind.
    #[error("{}expected {expected}, found {found}", Place(place))]
    Kind {
        /// The argument, then the part of it (`dst`, `address`).
        place: Vec<&'static str>,
        /// What the place takes.
        expected: &'static str,
        /// What was given.
        found: String,
    },
    /// A value of the right kind, refused.
    #[error("{}{message}", Place(place))]
    Value {
        /// The argument, then the part of it.
        place: Vec<&'static str>,
        /// Why.
        message: String,
    },
    /// The lowering refused the instruction (its encoder body's own message).
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// The bundles lowered, but their validators found problems (each finding, with its
    /// bundle's offset and op).
    #[error("{}", .0.join("; "))]
    Findings(Vec<String>),
}

impl Problem {
    /// A value of the wrong kind: `expected` is what the place takes.
    pub fn kind(expected: &'static str, found: &Value) -> Self {
        Problem::Kind {
            place: Vec::new(),
            expected,
            found: found.to_string(),
        }
    }

    /// A value refused, for `message`.
    pub fn value(message: String) -> Self {
        Problem::Value {
            place: Vec::new(),
            message,
        }
    }

    /// The same problem, inside `part` (an argument, or a part of one).
    pub fn of(self, part: &'static str) -> Self {
        match self {
            Problem::Kind {
                mut place,
                expected,
                found,
            } => {
                place.insert(0, part);
                Problem::Kind {
                    place,
                    expected,
                    found,
                }
            }
            Problem::Value { mut place, message } => {
                place.insert(0, part);
                Problem::Value { place, message }
            }
            other => other,
        }
    }
}

/// `argument `dst`, address: ` before a message.
struct Place<'a>(&'a [&'static str]);

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((argument, parts)) = self.0.split_first() else {
            return Ok(());
        };
        write!(f, "argument `{argument}`")?;
        for part in parts {
            write!(f, ", {part}")?;
        }
        f.write_str(": ")
    }
}

/// What a lowering says beside its bundles, which the bytes do not record: the diagnostics it
/// reports and goes on after (seed 001: "Reduce Accum result is not outputed", then a forced
/// value), and the module attributes it sets (seed 001: the rsqrt-in-use flag).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notes {
    /// The reported diagnostics, the seed's exact strings, in order.
    pub reports: Vec<&'static str>,
    /// The module attributes set, in order.
    pub attributes: Vec<ModuleAttribute>,
}

/// A call's result: its bundles, encoded one after another, and what its lowering noted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Emitted {
    /// The bundles.
    pub bytes: Vec<u8>,
    /// The lowering's reports and module attributes.
    pub notes: Notes,
}

/// Runs `call` on the arguments a front-end gives (`None` for one left out): binds them,
/// lowers, and reads the bundles back with every decode check and validator of the bundle
/// family `B` (an ISA's [`Isa::Bundles`](crate::Isa::Bundles)); any finding refuses the call.
/// The lowering's reports and module attributes come with the bundles.
pub fn run<B: Members>(
    call: &Call,
    positional: Vec<Option<Value>>,
    keywords: Vec<(String, Option<Value>)>,
) -> Result<Emitted, CallError> {
    let args = Arguments::bind(call, positional, keywords)?;
    let bytes = (call.lower)(&args)?;
    let mut findings = Vec::new();
    check_stream::<B>(&bytes, false, |reported| match reported {
        Reported::Finding {
            bundle,
            op,
            finding,
        } => findings.push(format!("bundle at byte {bundle:#x} ({op}): {finding}")),
        Reported::Trailing(t) => findings.push(t.to_string()),
        Reported::Bundle(_) => {}
    });
    if findings.is_empty() {
        Ok(Emitted {
            bytes,
            notes: args.notes(),
        })
    } else {
        Err(CallError {
            call: call.name,
            problem: Problem::Findings(findings),
        })
    }
}

/// The bundles `body` emits into a family `F`, encoded one after another: the lowering of one
/// call. Its reports and module attributes are kept in `args` ([`Arguments::note`]), and
/// [`run`] gives them with the bundles.
pub fn lower<F: Family>(args: &Arguments, body: &dyn EncoderBody<F>) -> Result<Vec<u8>, CallError> {
    let fail = |e: LowerError| CallError {
        call: args.call(),
        problem: Problem::Lower(e),
    };
    let mut sink = Lowered::<F>::default();
    body.emit(&mut sink).map_err(fail)?;
    let mut bytes = Vec::new();
    for bundle in &sink.bundles {
        bytes.extend(bundle.to_bytes().map_err(|e| fail(e.into()))?);
    }
    args.note(Notes {
        reports: sink.reports,
        attributes: sink.attributes,
    });
    Ok(bytes)
}

/// Refuses `tiles` that do not have the shape (partitions, elements per partition) of the tile
/// `like` names: the rule nki.isa states for the element-wise operands of each call \[I1\].
pub fn same_shape(
    args: &Arguments,
    (like, reference): (&'static str, &Tile),
    tiles: &[(&'static str, &Tile)],
) -> Result<(), CallError> {
    for (name, tile) in tiles {
        if tile.shape() != reference.shape() {
            let ((p, n), (rp, rn)) = (tile.shape(), reference.shape());
            let message = format!(
                "{p} partitions of {n} elements, where {like} has {rp} partitions of {rn}: the \
                 shapes must match"
            );
            return Err(args.error(name, Problem::value(message)));
        }
    }
    Ok(())
}
