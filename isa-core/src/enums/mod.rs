//! The enumerations of the specification and their lookup tables (SPEC-NOTES §1).
//!
//! Each enumeration is declared with its BIR ordinals as codes; where the wire byte is not the
//! ordinal, a [`lut!`](crate::lut!) table next to it gives the wire byte, exactly as the seeds'
//! jump tables and `.rodata` arrays do.

mod accumulation;
mod alu;
mod codegen_mode;
mod dtype;
mod engine;
mod memset;
mod tensor_scalar;

pub use accumulation::{AccumulateCmd, accumulate};
pub use alu::{AluOp, alu_v2, alu_v4};
pub use codegen_mode::CodeGenMode;
pub use dtype::{Dtype, dtype_v2, dtype_v4};
pub use engine::Engine;
pub use memset::{MemsetMode, memset_opcode};
pub use tensor_scalar::{ReverseOps, TscMode};
