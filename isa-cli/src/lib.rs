//! The library behind the `isa` command: decode, encode, validate, census and document streams
//! of accelerator instruction bundles (and of the PTO tile ISA's 32-bit block words), from the
//! declarations in `isa-ops`. An op declared there appears in every command without a change
//! here.
//!
//! Each command is a module under [`cmd`] with its clap arguments and a `run`; the text forms
//! are callable without the binary: [`cmd::decode::decode_bundles`] and
//! [`cmd::decode::decode_words`] write a stream as its listing or its JSON Lines, and
//! [`cmd::encode::encode_lines`] reads JSON Lines back to the very bytes they came from.
#![forbid(unsafe_code)]

pub mod cmd;
mod command;
pub mod error;
pub mod export;
mod io;
mod layout;
mod lines;
mod npy;
mod render;
mod report;
#[cfg(test)]
mod sample;
mod svg;
mod walk;
mod wavedrom;
mod word_walk;

pub use command::main;
pub use isa_host::{BuiltIn, Isa, isa, raw};
pub use isa_host::{ItemKind, MAX_BLOCK_WORDS, WordDecoder, WordItem, WordProblem, WordReader};
