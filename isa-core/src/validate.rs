//! What a declaration's validators report: the checks the specification's validator roster
//! names, run on a decoded bundle.

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

/// The validators of one declaration: every rule the specification states about a bundle
/// beyond what its field types already refuse. A declaration with no such rule implements it
/// with the default (`impl Validate for MyOp {}`), which finds nothing.
pub trait Validate {
    /// Every finding; empty when the bundle passes.
    fn validate(&self) -> Vec<Finding> {
        Vec::new()
    }
}
