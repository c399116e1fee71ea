//! What a declaration's validators report: the checks the specification's validator roster
//! names, run on a decoded bundle, each with how firmly the seeds state its rule.

use crate::Confidence;

/// One validator rule: the check's name, how sure the seeds are of what it requires, and where
/// that comes from. Declared once per check, as a `const` next to the validator that runs it,
/// so that every finding of the check carries the same basis.
///
/// The tags are the field tags' (seed README): [`Confidence::Confirmed`] or
/// [`Confidence::Strong`] when the seeds state the rule itself (`source` cites the seed line);
/// [`Confidence::Inferred`] or [`Confidence::Speculative`] when the rule is a reading of a
/// check's name or of the encoder (`source` says what it is read from).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The check's name as the specification's validator roster spells it (`s3d3_tt_valid_op`).
    pub name: &'static str,
    /// How firmly the seeds state what the check requires.
    pub confidence: Confidence,
    /// The seed line the rule rests on, or what a reading is read from.
    pub source: &'static str,
}

impl Rule {
    /// Whether the seeds state the rule (CONFIRMED or STRONG), rather than it being a reading.
    pub const fn is_stated(&self) -> bool {
        matches!(self.confidence, Confidence::Confirmed | Confidence::Strong)
    }
}

/// One validator finding: which rule, where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The rule that failed: its check name, confidence and source.
    pub rule: &'static Rule,
    /// The field the check reads.
    pub field: &'static str,
    /// Byte offset of that field in the bundle.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl Finding {
    /// The check's name (`self.rule.name`).
    pub const fn check(&self) -> &'static str {
        self.rule.name
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} failed on `{}` at byte {:#04x}: {}",
            self.rule.name, self.field, self.offset, self.message
        )
    }
}

/// The validators of one declaration: every rule the specification states about a bundle
/// beyond what its field types already refuse. A declaration with no such rule implements it
/// with the default (`impl Validate for MyOp {}`), which finds nothing.
pub trait Validate {
    /// Every finding; empty when the bundle passes.
    fn validate(&self) -> Vec<Finding> {
        Vec::new()
    }
}
