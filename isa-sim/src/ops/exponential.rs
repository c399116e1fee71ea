//! Exponential (CoreV4): nki.isa.exponential \[I1, A3\]. Not executed yet.

use isa_core::Confidence;
use isa_ops::exponential::Exponential;

use crate::semantics::{Semantics, Status};

crate::unexecuted!(Exponential => &Semantics {
    form: "Exponential",
    pseudocode: "dst[i] = exp(fp32(src[i]) - max_value); acc += dst[i] (reset: acc = 0; load: acc = reduce_init; idle may modify acc)",
    source: "nki.isa.exponential [I1, A3]",
    confidence: Confidence::Strong,
    status: Status::NotExecuted,
});
