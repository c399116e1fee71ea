//! `visitInstTensorScalarPtr` @0x1266d60 (seed 001, "a pure three-way fan-out"): one BIR
//! instruction ([`TensorScalarPtrInst`]) runs the body its [`TensorScalarPtrInst::path`] names.
//! It sits above the three bodies it hands the instruction to.

use crate::lower::{EncoderBody, LowerError, Sink};
use crate::opaque::DveReadAccumulator;
use crate::scalar_tensor_tensor::ScalarTensorTensor;
use crate::tensor_scalar::{TensorScalar, TensorScalarPath, TensorScalarPtrInst};
use crate::tensor_scalar_addr::TensorScalarAddr;

impl<F> EncoderBody<F> for TensorScalarPtrInst
where
    F: From<TensorScalar>
        + From<ScalarTensorTensor>
        + From<TensorScalarAddr>
        + From<DveReadAccumulator>,
{
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        match self.path() {
            TensorScalarPath::Addr => self.emit_tensor_scalar_addr(sink),
            TensorScalarPath::ScalarTensorTensor => self.emit_scalar_tensor_tensor(sink),
            TensorScalarPath::TensorScalar => self.emit_tensor_scalar(sink),
        }
    }
}
