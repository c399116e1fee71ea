//! SelectReduce (0xEA), CopyPredicated (0x72) / CastPredicated (0x99) and CopyPredicatedScalar
//! (0xE8): nki.isa.tensor_copy_predicated and select_reduce \[I1, P2, K1\]. Not executed yet.

use isa_core::Confidence;
use isa_ops::copy_predicated::{CopyPredicated, CopyPredicatedScalar, SelectReduce};

use crate::semantics::{Semantics, Status};

crate::unexecuted!(SelectReduce => &Semantics {
    form: "SelectReduce 0xEA",
    pseudocode: "out = where(mask != 0, src, false_fill); optional max reduction into the accumulators (reset starts from -inf)",
    source: "nki.isa.select_reduce [I1]",
    confidence: Confidence::Strong,
    status: Status::NotExecuted,
});

crate::unexecuted!(CopyPredicated => &Semantics {
    form: "CopyPredicated 0x72 / CastPredicated 0x99",
    pseudocode: "dst[i] = src[i] where pred[i] != 0 (inverted by reverse_pred), else dst[i] unchanged; CastPredicated has no public analogue",
    source: "nki.isa.tensor_copy_predicated [I1, P2, K1]",
    confidence: Confidence::Strong,
    status: Status::NotExecuted,
});

crate::unexecuted!(CopyPredicatedScalar => &Semantics {
    form: "CopyPredicatedScalar 0xE8",
    pseudocode: "out[i] = scalar where mask[i] != 0, else out[i] unchanged",
    source: "nki.isa.tensor_copy_predicated [I1, P2, K1]",
    confidence: Confidence::Strong,
    status: Status::NotExecuted,
});
