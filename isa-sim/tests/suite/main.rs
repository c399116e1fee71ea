//! isa-sim's integration tests: each op's meaning on the machine, the element formats and their
//! conversions, whole runs and the example kernel. One module a subject, built as one test
//! binary, so the generic code of the instruction family is compiled and linked once, not once a
//! file.
#![forbid(unsafe_code)]

mod common;

mod alu;
mod atomic;
mod commit_paths;
mod conversions;
mod copy_predicated;
mod exponential;
mod family;
mod in_place;
mod kernel_bits;
mod kernel_tail;
mod lowering_props;
mod ops;
mod readings;
mod run_stream;
mod scalar_tensor_tensor;
mod slices;
mod softmax;
mod tensor_scalar;
mod tensor_scalar_addr;
mod tensor_tensor;
mod tensor_tensor_scan;
