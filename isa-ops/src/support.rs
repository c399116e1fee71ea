//! What several encoder bodies and validators share: packing an operand into its descriptor slot
//! with the operand named in the error, the `num_active_partitions` byte (both public: a user's
//! encoder body fills its own descriptors with them), and the checks every descriptor-carrying
//! bundle runs.

use isa_core::{
    AccessPattern, Confidence, Dtype, Findings, Lut, Reason, Rule, Tensor, dtype_v2,
    first_pair_num, push_if, reason,
};

use crate::lower::{Finding, LowerError};

/// Packs `ap` into an N-D descriptor slot (seed 002, `assignStaticPattern<TENSOR_ND>`); a
/// pattern that does not fit is reported with the operand's name.
pub fn pack<const N: usize>(
    operand: &'static str,
    ap: &AccessPattern,
) -> Result<Tensor<N>, LowerError> {
    Tensor::<N>::pack(ap).map_err(|error| LowerError::Pack { operand, error })
}

/// `num_active_partitions`: the first APPair's num of `ap` (seed 000 ledger: "firstAPPair.num
/// via AP+80\[8\]"), reported with the operand's name when it is missing or above 255.
pub fn partitions(operand: &'static str, ap: &AccessPattern) -> Result<u8, LowerError> {
    first_pair_num(ap).map_err(|error| LowerError::Pack { operand, error })
}

/// A field of a bundle as a validator names it: its name and its first byte.
pub(crate) type At = (&'static str, usize);

/// `at!(Bundle, "field")`: the field's name and first byte, looked up in the bundle's field table
/// when the crate compiles. A validator cannot report a field at another field's byte, and a
/// name the table does not have does not compile.
macro_rules! at {
    ($bundle:ty, $name:literal) => {
        (
            $name,
            const {
                match isa_core::FieldInfo::offset_of(<$bundle as isa_core::Bundle>::FIELDS, $name) {
                    Some(offset) => offset,
                    None => panic!(concat!("no field `", $name, "` in the field table")),
                }
            },
        )
    };
}
pub(crate) use at;

/// A finding of `rule` on a field, for the reason given.
pub(crate) fn finding(rule: &'static Rule, (field, offset): At, reason: Reason) -> Finding {
    Finding::new(rule, field, offset, reason)
}

/// Seed 002's `tensor1d_valid`: no such validator round-trips a 1-D count (seed 002: "there is
/// no standalone tensor1d_valid"); the same rules by analogy.
pub(crate) const TENSOR1D_VALID: Rule = Rule {
    name: "tensor1d_valid",
    confidence: Confidence::Inferred,
    source: "seed 002: no standalone tensor1d_valid; tensor2d_valid's rules by analogy",
};
/// Seed 002's `tensor2d_valid` (@0x14468c0).
pub(crate) const TENSOR2D_VALID: Rule = Rule {
    name: "tensor2d_valid",
    confidence: Confidence::Strong,
    source: "seed 002, tensor2d_valid @0x14468c0: num0 @+8, num1 @+0xA nonzero; testb $0xe0,0x7(rsp)",
};
/// Seed 002's `tensor3d_valid` (@0x14467d0).
pub(crate) const TENSOR3D_VALID: Rule = Rule {
    name: "tensor3d_valid",
    confidence: Confidence::Strong,
    source: "seed 002, tensor3d_valid @0x14467d0 (pseudocode)",
};
/// The 4-D analogue: seed 002 leaves TENSOR4D to its 2.4 page.
pub(crate) const TENSOR4D_VALID: Rule = Rule {
    name: "tensor4d_valid",
    confidence: Confidence::Inferred,
    source: "seed 002 leaves TENSOR4D to page 2.4; tensor3d_valid's rules by analogy",
};

/// The validator seed 002 names for an N-D descriptor: `tensor2d_valid` and `tensor3d_valid`
/// are the seed's; `tensor1d_valid` and `tensor4d_valid` name the same rules by analogy (seed
/// 002 leaves 1D and 4D to other pages; see `Tensor::validate`).
const fn descriptor_rule(n: usize) -> &'static Rule {
    match n {
        1 => &TENSOR1D_VALID,
        2 => &TENSOR2D_VALID,
        3 => &TENSOR3D_VALID,
        _ => &TENSOR4D_VALID,
    }
}

/// Seed 002's descriptor validator on every slot. A failure is reported at the slot's first byte
/// plus the byte the failed rule read.
///
/// One branch for the whole bundle, on whether every slot passes, and none on each slot's
/// bytes (`Tensor::check`, `Tensor::report`, `push_if`): a clean stream takes that branch the
/// same way every time, and on a random stream, where each rule is a coin toss, almost every
/// bundle has a failing slot, so the branch is mostly predicted there too.
#[inline]
pub(crate) fn descriptors<const N: usize, const K: usize>(
    slots: [(At, &Tensor<N>); K],
    out: &mut Findings,
) {
    let checks = slots.map(|(_, t)| t.check());
    if checks.iter().fold(true, |all, c| all & c.passed()) {
        return;
    }
    for (((field, offset), t), check) in slots.into_iter().zip(checks) {
        let (at, why) = t.report(check);
        let failed = !check.passed();
        push_if(
            out,
            failed,
            finding(descriptor_rule(N), (field, offset + at), why),
        );
    }
}

/// How many elements a descriptor walks: the product of its counts.
pub(crate) fn elements<const N: usize>(t: &Tensor<N>) -> u64 {
    t.nums.iter().map(|&n| u64::from(n)).product()
}

/// `rule` on each input that walks another number of elements than `reference`.
pub(crate) fn element_counts<const N: usize>(
    rule: &'static Rule,
    reference: &Tensor<N>,
    inputs: &[(At, &Tensor<N>)],
    out: &mut Findings,
) {
    let n = elements(reference);
    for &(at, t) in inputs {
        let walked = elements(t);
        if walked != n {
            let why = reason!("walks {} elements; the output walks {}", walked, n);
            out.push(finding(rule, at, why));
        }
    }
}

/// Whether two dtypes carry one CoreV2 wire tag (seed 000's `byte_1DF5760`). The table is
/// many-to-one, so this, not equality of ordinals, is what a wire-level check can test.
pub(crate) fn same_tag(a: Dtype, b: Dtype) -> bool {
    dtype_v2::encode(&a) == dtype_v2::encode(&b)
}

/// `rule` on `field` when its dtype's wire tag differs from the output dtype's.
pub(crate) fn tag_differs(
    rule: &'static Rule,
    (at, dtype): (At, Dtype),
    output: Dtype,
    out: &mut Findings,
) {
    if !same_tag(dtype, output) {
        let why = reason!(
            "{} does not carry the wire tag of the output dtype {}",
            dtype,
            output
        );
        out.push(finding(rule, at, why));
    }
}
