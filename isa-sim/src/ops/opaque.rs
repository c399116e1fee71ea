//! The four ops whose field map is not recovered (SPEC-NOTES §2.10). DveReadAccumulator runs
//! as a drain event; the other three stop.

use isa_core::Confidence;
use isa_ops::opaque::{
    DveReadAccumulator, TensorDequantize, TensorReduceRangeCheck, TensorScalarAffineSelect,
};

use crate::error::Fault;
use crate::semantics::{Execute, Semantics, Status};
use crate::step::Step;

/// 0x9B: the read-out of the accumulators.
pub const DRAIN: Semantics = Semantics {
    form: "DveReadAccumulator 0x9B",
    pseudocode: "emit a drain event of the 128 accumulator registers; write them where the caller bound this offset's drain",
    source: "seed 001 (the drain a fused-reduce form appends); the public counterpart is activation's reduce_res read-out (inferred) [I1]",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

impl Execute for DveReadAccumulator {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&DRAIN);
    }

    fn semantics(&self) -> &'static Semantics {
        &DRAIN
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        step.drain()
    }
}

const UNRECOVERED: &str =
    "the field map is not recovered, so no operand is in the bytes (SPEC-NOTES §2.10)";

crate::unexecuted!(TensorScalarAffineSelect => &Semantics {
    form: "TensorScalarAffineSelect 0x92",
    pseudocode: "affine_select: keep on_true where cmp(offset + p·cm + Σ step·i, 0) holds",
    source: "nki.isa.affine_select [I1] (link to 0x92 inferred)",
    confidence: Confidence::Inferred,
    status: Status::NoPublicSemantics(UNRECOVERED),
});

crate::unexecuted!(TensorDequantize => &Semantics {
    form: "TensorDequantize 0x7B",
    pseudocode: "none: never emitted by the analysed compiler",
    source: "seed 000 (negative result)",
    confidence: Confidence::Strong,
    status: Status::NoPublicSemantics(UNRECOVERED),
});

crate::unexecuted!(TensorReduceRangeCheck => &Semantics {
    form: "TensorReduceRangeCheck 0x9C",
    pseudocode: "none found",
    source: "seed 001 (named only)",
    confidence: Confidence::Strong,
    status: Status::NoPublicSemantics(UNRECOVERED),
});
