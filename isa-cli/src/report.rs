//! Diagnostics, one line each, led by `FILE:OFFSET:` (absolute byte offset in hex) or
//! `FILE:LINE:` so that editors and scripts can jump to them. The text after the location is the
//! library's own message, which already names the op, the field and the value.

use isa_core::{Confidence, DecodeError, Problem, Rule};
use isa_ops::Finding;
use isa_ops::dispatch::Trailing;

/// A bundle at `bundle` that does not decode (unknown opcode, reserved bits set, a code not in
/// its table, a bad constant): located at the offending byte.
pub fn decode_error(file: &str, bundle: usize, err: &DecodeError) -> String {
    format!(
        "{file}:{:#x}: {err} (bundle at {bundle:#x})",
        bundle + err.at.offset
    )
}

/// Bytes at the end of the stream that do not make a bundle.
pub fn trailing(file: &str, t: &Trailing) -> String {
    format!("{file}:{:#x}: {t}", t.offset)
}

/// A failed check of the bundle at `bundle`, as `validate` lists it.
pub fn finding<R: std::fmt::Display>(
    file: &str,
    bundle: usize,
    op: &str,
    f: &Finding<R>,
) -> String {
    format!("{file}:{:#x}: {op}: {f}", bundle + f.offset)
}

/// The rule of a bundle that does not decode: its field table refuses a byte. Not a validator
/// rule of the seeds, so it is not tagged as stated; `validate --strict-only` still reports it
/// (a bundle that does not decode has no validator to run).
pub const DECODE: Rule = Rule {
    name: "decode",
    confidence: Confidence::NotStated,
    source: "the op's field table: a field type, table or reserved byte refuses the bytes",
};

/// A decode failure as a failed check named `decode`, so that `validate` lists every problem in
/// one form: op, check, field, offset.
pub fn decode_finding(err: &DecodeError) -> Finding<DecodeReason> {
    let at = err.at;
    let reason = DecodeReason {
        field: at.field,
        inner: at.inner,
        problem: err.problem,
    };
    Finding::new(&DECODE, at.field, at.offset, reason)
}

/// Why a bundle does not decode: the field table's problem, with the inner field of a nested
/// layout (`sync.value`) named before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeReason {
    /// The field the problem is in.
    pub field: &'static str,
    /// The inner field of a nested layout, if any.
    pub inner: Option<&'static str>,
    /// What the field table refuses.
    pub problem: Problem,
}

impl std::fmt::Display for DecodeReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.inner {
            Some(inner) => write!(f, "`{}.{inner}`: {}", self.field, self.problem),
            None => self.problem.fmt(f),
        }
    }
}

/// `1 bundle`, `6 bundles`.
pub fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}
