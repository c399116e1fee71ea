//! Operand builders shared by the op tests.
#![allow(dead_code)]

use isa_core::{AccessPattern, Addr4, ApPair, Dtype};
use isa_ops::Operand;

/// A static access pattern from a start word and `(step, num)` pairs, outermost (partition)
/// first.
pub fn ap(start: u32, pattern: &[(i64, u64)]) -> AccessPattern {
    AccessPattern {
        start: Addr4::from_raw(start),
        pattern: pattern
            .iter()
            .map(|&(step, num)| ApPair { step, num })
            .collect(),
        indirect: false,
    }
}

/// An operand: `ap(start, pattern)` with `dtype`.
pub fn operand(start: u32, pattern: &[(i64, u64)], dtype: Dtype) -> Operand {
    Operand {
        ap: ap(start, pattern),
        dtype,
    }
}

/// The `(check, field, offset)` of every finding, in order.
pub fn checks(findings: &[isa_ops::Finding]) -> Vec<(&'static str, &'static str, usize)> {
    findings
        .iter()
        .map(|f| (f.check, f.field, f.offset))
        .collect()
}
