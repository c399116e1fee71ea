//! The one error a run stops with: the bundle's offset, the op, the operand and the problem.

use isa_core::{DecodeError, Dtype};

use crate::alu::AluError;
use crate::numeric::NumericError;
use crate::space::Space;

/// What went wrong, without where.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Problem {
    /// A read of bytes nothing wrote (never read as zeros).
    #[error("reads unwritten {} byte {byte:#x} of partition {partition}", space.name())]
    Unwritten {
        /// The memory.
        space: Space,
        /// The partition.
        partition: usize,
        /// The first unwritten byte in the partition.
        byte: usize,
    },
    /// An access past the memory or past partition 127.
    #[error(
        "{len} bytes at {} byte {byte:#x} of partition {partition} are outside the memory ({limit:#x} bytes a partition, partitions 0..=127)",
        space.name()
    )]
    OutOfRange {
        /// The memory.
        space: Space,
        /// The partition.
        partition: usize,
        /// The first byte (negative when a negative stride walks below the partition).
        byte: i64,
        /// How many bytes.
        len: usize,
        /// Bytes a partition.
        limit: usize,
    },
    /// A static ADDR4 word whose region bits name neither SBUF nor PSUM.
    #[error("ADDR4 {raw:#010x} names no known region (byte3 & 0x60 is neither 0x00 nor 0x20)")]
    UnknownRegion {
        /// The word.
        raw: u32,
    },
    /// A register-form ADDR4 names a register nothing set.
    #[error("register {id} is unset")]
    UnsetRegister {
        /// The RegId.
        id: u8,
    },
    /// A RegId past the 64 registers.
    #[error("register {id} does not exist (RegId < 0x40, seed 002)")]
    NoRegister {
        /// The RegId.
        id: u8,
    },
    /// An accumulator register read before anything set it.
    #[error("accumulator of partition {partition} is unset")]
    UnsetAccumulator {
        /// The partition.
        partition: usize,
    },
    /// A descriptor count of zero (seed 002: the validator rejects a zero count).
    #[error("count word {slot} is 0 (seed 002: a zero count is illegal)")]
    ZeroCount {
        /// The slot.
        slot: usize,
    },
    /// A walk of more elements than one bundle may stage.
    #[error(
        "walks {elements} elements, more than the {limit} one operand may walk (a reading: twice a whole V4 SBUF of one-byte elements)"
    )]
    TooManyElements {
        /// The elements the descriptor and partition count walk.
        elements: u128,
        /// [`MAX_ELEMENTS`](crate::operand::MAX_ELEMENTS).
        limit: usize,
    },
    /// Two operands walk different numbers of elements (over all their partitions, or a
    /// partition's where one element a partition is needed).
    #[error("walks {found} elements, {expected} expected")]
    ElementCount {
        /// What the op needs.
        expected: usize,
        /// What the operand's descriptor walks.
        found: usize,
    },
    /// A dtype this crate cannot convert.
    #[error(transparent)]
    Unsupported(#[from] NumericError),
    /// A dtype with no meaning for the op.
    #[error("dtype {dtype} has no meaning here: {why}")]
    Dtype {
        /// The dtype.
        dtype: Dtype,
        /// Why.
        why: &'static str,
    },
    /// An ALU op with no meaning on its operands.
    #[error(transparent)]
    Alu(#[from] AluError),
    /// A field value with no meaning for the op.
    #[error("{what} has no meaning: {why}")]
    Field {
        /// The value, named.
        what: &'static str,
        /// Why.
        why: &'static str,
    },
    /// An op no public source gives a meaning to.
    #[error("has no public semantics: {why}")]
    NoSemantics {
        /// Why (from the op's [`Semantics`](crate::Semantics)).
        why: &'static str,
    },
    /// An op whose public semantics this crate does not execute yet.
    #[error("is not executed yet: {why}")]
    NotExecuted {
        /// What the op's semantics would be.
        why: &'static str,
    },
    /// Bytes no member of the family decodes.
    #[error("does not decode: {0}")]
    Decode(DecodeError),
    /// The stream ends inside a bundle.
    #[error("the stream ends {len} bytes into a {width}-byte bundle")]
    Trailing {
        /// The bytes left.
        len: usize,
        /// The bundle width.
        width: usize,
    },
}

/// A problem with the operand it concerns: what an op's [`Execute`](crate::Execute) returns.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}{problem}", operand.map(|o| format!("operand {o}: ")).unwrap_or_default())]
pub struct Fault {
    /// The operand (a field name of the bundle), if the problem concerns one.
    pub operand: Option<&'static str>,
    /// What went wrong.
    pub problem: Problem,
}

impl Fault {
    /// A problem with `operand`.
    pub fn at(operand: &'static str, problem: impl Into<Problem>) -> Self {
        Self {
            operand: Some(operand),
            problem: problem.into(),
        }
    }

    /// A problem of the whole bundle.
    pub fn op(problem: impl Into<Problem>) -> Self {
        Self {
            operand: None,
            problem: problem.into(),
        }
    }
}

/// Why a run stopped: the bundle's byte offset in the stream, the op and the fault. The machine
/// is left exactly as before the bundle.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("bundle at byte {offset:#x} ({op}): {fault}")]
pub struct ExecError {
    /// The bundle's byte offset in the stream.
    pub offset: usize,
    /// The op's name (`"?"` when the bytes do not decode).
    pub op: &'static str,
    /// What went wrong, and with which operand.
    pub fault: Fault,
}
