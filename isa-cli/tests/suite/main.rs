//! The `isa` command's integration tests, driven as a user drives it: decoding, encoding and
//! assembling, running, exporting, and bad input. One module a subject, built as one test
//! binary, so the generic code of the instruction family is compiled and linked once, not once a
//! file.
#![forbid(unsafe_code)]

mod asm;
mod cli;
mod export;
mod export_differential;
mod robustness;
mod round_trip;
mod run;
