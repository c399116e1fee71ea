//! isa-ops' integration tests: each op's encoder bodies and validators against the seeds, the
//! lowering sinks, the stream walker, the PTO block words and the findings' text. One module a
//! subject, built as one test binary, so the generic code of the instruction family is compiled
//! and linked once, not once a file.
#![forbid(unsafe_code)]

mod common;

mod copy_predicated;
mod decode_checked;
mod exponential;
mod finding_text;
mod lower;
mod lowering_props;
mod memset;
mod move_shape;
mod opaque;
mod provenance;
mod pto_robustness;
mod rules;
mod scalar_tensor_tensor;
mod stream;
mod tensor_copy;
mod tensor_scalar;
mod tensor_scalar_addr;
mod tensor_scalar_cache;
mod tensor_tensor;
mod tshuf_block;
mod tshuf_model;
mod tshuf_words;
