//! Declarative DSL for accelerator instruction encodings.
//!
//! This crate gathers the five parts under one name: [`core`] (the runtime: traits, wire types,
//! descriptors, enumerations and their tables), the [`Bundle`](macro@Bundle) derive, [`ops`]
//! (every instruction of the specification, declared with the derive), [`sim`] (their
//! executable semantics: a machine that runs a bundle stream), and [`host`] (an ISA's streams as
//! records, decoded, encoded and validated, and arrays placed in a machine: the library the
//! command and the Python package are built on).
//!
//! A crate that depends on `isa` alone derives bundles with `#[derive(isa::Bundle)]`: the derive
//! finds the runtime at `isa::core` from the crate's manifest and reaches zerocopy through it.
#![forbid(unsafe_code)]

pub use isa_core as core;
pub use isa_derive::Bundle;
pub use isa_host as host;
pub use isa_ops as ops;
pub use isa_sim as sim;
/// The serde a family's serde form is written with: a member derives its serde form through it
/// (`#[derive(isa::serde::Serialize, isa::serde::Deserialize)]` with
/// `#[serde(crate = "isa::serde")]`), so a crate needs no serde dependency of its own.
pub use serde;

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
