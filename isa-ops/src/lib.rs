//! Every instruction of the specification, declared with `#[derive(Bundle)]`.
#![forbid(unsafe_code)]

pub mod pto;
