//! `#[derive(Bundle)]`: one annotated struct becomes a byte-exact instruction layout.
//!
//! The derive reads `#[bundle(...)]` on the struct and `#[field(...)]` on each field and emits:
//! the `#[repr(C)]` zerocopy wire struct (`<Name>Wire`, exactly `size` bytes, unclaimed bytes
//! reserved), typed getters and setters on it, the [`Bundle`] implementation (encode, checked
//! decode, the static field table) and compile-time layout checks. See the `isa-core` crate docs
//! for the attribute reference.
//!
//! The pipeline is one stage per file: `attr` (attribute grammar) → `ast` (typed nodes that keep
//! their spans) → `valid` (rules that need no type information, and the resolved plan) →
//! `expand/*` (one generated piece per file).
//!
//! [`Bundle`]: https://docs.rs/isa-core
#![forbid(unsafe_code)]

mod ast;
mod attr;
mod expand;
mod valid;

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

/// Derives `isa_core::Bundle` (and, for layouts without identity, `isa_core::Field`).
#[proc_macro_derive(Bundle, attributes(bundle, field))]
pub fn derive_bundle(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input).into()
}

#[cfg(test)]
mod tests;
