//! Sixteen copies of the TensorTensor declaration written out by hand (the derive's expansion),
//! about the size of the full instruction set's declaration list. Only its build time matters:
//! BENCHMARKS.md compares a clean build of this crate with one of `isa-bench/compile/derived`.
#![forbid(unsafe_code)]
// The same declaration sixteen times over is the point of the crate.
#![allow(clippy::duplicate_mod)]

#[path = "../tt.rs"]
pub mod tt01;
#[path = "../tt.rs"]
pub mod tt02;
#[path = "../tt.rs"]
pub mod tt03;
#[path = "../tt.rs"]
pub mod tt04;
#[path = "../tt.rs"]
pub mod tt05;
#[path = "../tt.rs"]
pub mod tt06;
#[path = "../tt.rs"]
pub mod tt07;
#[path = "../tt.rs"]
pub mod tt08;
#[path = "../tt.rs"]
pub mod tt09;
#[path = "../tt.rs"]
pub mod tt10;
#[path = "../tt.rs"]
pub mod tt11;
#[path = "../tt.rs"]
pub mod tt12;
#[path = "../tt.rs"]
pub mod tt13;
#[path = "../tt.rs"]
pub mod tt14;
#[path = "../tt.rs"]
pub mod tt15;
#[path = "../tt.rs"]
pub mod tt16;
