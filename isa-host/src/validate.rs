//! Every check of a stream of bundles, as typed findings: each bundle's decode checks (a bundle
//! that does not decode is one finding, of the rule `decode`), each decoded op's validators, and
//! bytes after the last whole bundle (the rule `trailing`). Nothing is formatted until it is
//! displayed; the front-ends say where (a file and an offset, or a dict) and how.

use isa_core::family::Trailing;
use isa_core::{Confidence, DecodeError, Finding, Findings, Problem, Rule};

use crate::members::Members;
use crate::stream::{Item, items};

/// The rule of bytes at the end of a stream that do not make a whole bundle: not a validator
/// rule of the seeds, so not tagged as stated.
pub const TRAILING: isa_core::Rule = isa_core::Rule {
    name: "trailing",
    confidence: isa_core::Confidence::NotStated,
    source: "the stream's length: a stream is whole 64-byte bundles",
};

/// What `validate` reports of a stream, item by item, typed: nothing is formatted until it is
/// displayed.
#[derive(Clone, Copy)]
pub enum Reported<'a> {
    /// A whole bundle was read at this byte offset (its findings, if any, follow).
    Bundle(usize),
    /// A failed check of the bundle at byte `bundle` (its decode failing is the check
    /// `decode`); the finding's offset is relative to the bundle.
    Finding {
        /// The bundle's byte offset in the stream.
        bundle: usize,
        /// The op it decodes as, or the part of it the decode failure is in.
        op: &'static str,
        /// The failed check.
        finding: Finding<&'a dyn std::fmt::Display>,
    },
    /// Bytes at the end of the stream that do not make a bundle.
    Trailing(&'a Trailing),
}

/// Every item `validate` reports for the bundles of `items`, in stream order, shown to `each`:
/// every decode check and every validator of each bundle's op (with `strict_only`, only the
/// findings of rules the seeds state), and trailing bytes.
pub fn check_items<B: Members>(
    items: &mut dyn Iterator<Item = Item<'_, B>>,
    strict_only: bool,
    mut each: impl FnMut(Reported<'_>),
) {
    // One buffer for every bundle: checking allocates nothing once it has grown.
    let mut found = Findings::new();
    for item in items {
        match item {
            Item::Bundle(b) => {
                each(Reported::Bundle(b.offset));
                match b.view.and_then(B::decode_view) {
                    Ok(op) => {
                        found.clear();
                        op.check(&mut found);
                        for f in found.iter().filter(|f| !strict_only || f.rule.is_stated()) {
                            each(Reported::Finding {
                                bundle: b.offset,
                                op: op.name(),
                                finding: Finding::new(f.rule, f.field, f.offset, &f.reason),
                            });
                        }
                    }
                    Err(e) => {
                        let f = decode_finding(&e);
                        each(Reported::Finding {
                            bundle: b.offset,
                            op: e.at.op,
                            finding: Finding::new(f.rule, f.field, f.offset, &f.reason),
                        });
                    }
                }
            }
            Item::Trailing(t, _) => each(Reported::Trailing(&t)),
        }
    }
}

/// What `validate` reports of a whole stream of bundles held in memory, item by item in stream
/// order: every decode check and every validator of each bundle's op (with `strict_only`, only
/// the findings of rules the seeds state), and trailing bytes.
pub fn check_stream<B: Members>(stream: &[u8], strict_only: bool, each: impl FnMut(Reported<'_>)) {
    check_items(&mut items::<B>(stream, 0), strict_only, each);
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
