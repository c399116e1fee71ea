//! Every instruction of the specification, declared with `#[derive(Bundle)]`.
//!
//! One module per encoder body of the seeds. Each holds the bundle declaration (the field map
//! the seed lost, with confidence tags and notes on the attributes), the opcode selection the
//! seed's visitor performs ("lowering", from an operand profile), and the validators the seed
//! names. [`dispatch`] ties them together: [`Op`], [`decode_any`] and the stream walker.
//! [`emit`] runs the bodies (each an [`EncoderBody`] emitting into a [`Sink`]) in the three
//! `CodeGenMode` arms.
#![forbid(unsafe_code)]

pub mod copy_predicated;
pub mod dispatch;
pub mod emit;
pub mod exponential;
pub mod lower;
pub mod memset;
pub mod move_shape;
pub mod opaque;
pub mod operand;
pub mod pto;
pub mod sample;
pub mod scalar_tensor_tensor;
mod support;
pub mod tensor_copy;
pub mod tensor_scalar;
pub mod tensor_scalar_addr;
pub mod tensor_scalar_cache;
mod tensor_scalar_ptr;
pub mod tensor_tensor;

pub use dispatch::{DECLARATIONS, Op, OpView, bundles, decode_any, view_any};
pub use emit::{Codegen, InstId, Lowering};
pub use lower::{
    EncoderBody, Finding, LowerError, Lowered, Module, ModuleAttribute, Sink, Validate,
};
pub use operand::{Core, Operand};
pub use support::{pack, partitions};
