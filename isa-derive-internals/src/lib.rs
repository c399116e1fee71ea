//! The expansion behind `#[derive(Bundle)]`, as a library: the attributes parsed (`attr.rs`,
//! `ast.rs`), every layout rule checked (`valid.rs`, one `check_*` per rule), the code-generation
//! plan built once (`plan.rs`) and the code generated from it (`expand/`). The `isa-derive` proc
//! macro is a thin entry point over [`derive()`]; tools call it directly to print or measure what
//! the derive generates (the golden expansions, the compile-time curves).
#![forbid(unsafe_code)]

mod ast;
mod attr;
mod expand;
mod plan;
pub mod runtime;
mod valid;

pub use expand::derive;
