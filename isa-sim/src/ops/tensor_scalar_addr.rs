//! TensorScalarAddr (s2d2_ts_as): KLR "Tensor-Scalar where the scalars are loaded from memory"
//! \[K4, I1\]. Not executed yet.

use isa_core::Confidence;
use isa_ops::tensor_scalar_addr::TensorScalarAddr;

use crate::semantics::{Semantics, Status};

crate::unexecuted!(TensorScalarAddr => &Semantics {
    form: "TensorScalarAddr",
    pseudocode: "out = (x op0 s0) op1 s1 with s0, s1 read from memory (rev0, rev1 reverse the operands)",
    source: "KLR Operators.lean @ccb2684 [K4]; nki tensor_scalar_addr pattern [I1]",
    confidence: Confidence::Inferred,
    status: Status::NotExecuted,
});
