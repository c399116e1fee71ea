//! The built-in ops' semantics, one file per isa-ops file (`tensor_tensor.rs` here is the
//! meaning of `isa_ops::tensor_tensor`), and the built-in family's [`Execute`](crate::Execute),
//! built with [`execute_family!`](crate::execute_family!) as a user's family is.

mod copy_predicated;
mod exponential;
mod memset;
mod move_shape;
mod opaque;
mod scalar_tensor_tensor;
mod tensor_copy;
mod tensor_scalar;
mod tensor_scalar_addr;
mod tensor_tensor;

crate::execute_family! {
    isa_ops::Op {
        TensorTensor(isa_ops::tensor_tensor::TensorTensor),
        SelectReduce(isa_ops::copy_predicated::SelectReduce),
        CopyPredicated(isa_ops::copy_predicated::CopyPredicated),
        CopyPredicatedScalar(isa_ops::copy_predicated::CopyPredicatedScalar),
        TensorCopy(isa_ops::tensor_copy::TensorCopy),
        Memset(isa_ops::memset::Memset),
        MoveShape(isa_ops::move_shape::MoveShape),
        TensorScalar(isa_ops::tensor_scalar::TensorScalar),
        Exponential(isa_ops::exponential::Exponential),
        ScalarTensorTensor(isa_ops::scalar_tensor_tensor::ScalarTensorTensor),
        TensorScalarAddr(isa_ops::tensor_scalar_addr::TensorScalarAddr),
        TensorScalarAffineSelect(isa_ops::opaque::TensorScalarAffineSelect),
        DveReadAccumulator(isa_ops::opaque::DveReadAccumulator),
        TensorDequantize(isa_ops::opaque::TensorDequantize),
        TensorReduceRangeCheck(isa_ops::opaque::TensorReduceRangeCheck),
    }
}
