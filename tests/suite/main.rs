//! The facade's integration tests: the derive, the views and the rendering of the built-in ISA,
//! the properties over every declared op, the compile-fail cases, and the repository's own checks
//! (architecture, sources, README). One module a subject, built as one test binary, so the
//! generic code of the instruction family is compiled and linked once, not once a file.
//! (`tests/outside.rs` is a binary of its own: see there.)
#![forbid(unsafe_code)]

mod common;

mod architecture;
mod compile_fail;
mod derive;
mod hygiene;
mod mutation;
mod properties;
mod readme;
mod render;
mod sources;
mod views;
