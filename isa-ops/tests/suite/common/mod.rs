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
        .map(|f| (f.rule.name, f.field, f.offset))
        .collect()
}

/// 64 partitions × 4 rows × 128 elements, row pitch 512: TENSOR3D strides {1, 512, 1},
/// nums {128, 4, 1}.
pub const P64_4X128: &[(i64, u64)] = &[(1, 64), (512, 4), (1, 128)];

/// 64 partitions × 512 elements: TENSOR2D strides {1, 1}, nums {512, 1}.
pub const P64_512: &[(i64, u64)] = &[(1, 64), (1, 512)];
