//! TensorScalar and TensorScalarCache (s3d3_ts, CoreV2 tables; 0x9A for both): nki.isa
//! tensor_scalar, tensor_scalar_reduce and tensor_scalar_cumulative \[I1, K1\]. Not executed yet.

use isa_core::Confidence;
use isa_ops::tensor_scalar::TensorScalar;

use crate::semantics::{Semantics, Status};

crate::unexecuted!(TensorScalar => &Semantics {
    form: "TensorScalar / TensorScalarCache",
    pseudocode: "out = (x op0 s0) op1 s1 (reverse flags: s op x); fused reduce into the accumulators; cumulative: reg = op1(op0(x, imm0), reg), out[i] = reg",
    source: "nki.isa.tensor_scalar, tensor_scalar_reduce, tensor_scalar_cumulative [I1]; KLR Operators.lean [K1]",
    confidence: Confidence::Strong,
    status: Status::NotExecuted,
});
