//! ScalarTensorTensor (s2s2d2_stt): nki.isa.scalar_tensor_tensor \[I1, K1\]. Not executed yet.

use isa_core::Confidence;
use isa_ops::scalar_tensor_tensor::ScalarTensorTensor;

use crate::semantics::{Semantics, Status};

crate::unexecuted!(ScalarTensorTensor => &Semantics {
    form: "ScalarTensorTensor",
    pseudocode: "out = (x op0 s0) op1 in1; ZeroAccumulate zeroes the accumulator, then acc += out",
    source: "nki.isa.scalar_tensor_tensor [I1]; KLR Operators.lean [K1]",
    confidence: Confidence::Strong,
    status: Status::NotExecuted,
});
