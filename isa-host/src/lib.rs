//! The library under both front-ends, the `isa` command (`isa-cli`) and the Python package
//! (`isa-py`): what an ISA is to them ([`Isa`]), its streams as records — decoded to values,
//! encoded back from records, validated — and arrays of rows placed in and read out of a
//! simulated [`isa_sim::Machine`]. Nothing here prints: text (listings, JSON Lines, messages led
//! by a file name) is made at the edge, by the front-end a person or a file reads.
//!
//! | module | what it holds |
//! | --- | --- |
//! | [`isa`] | the [`Isa`] trait and the built-in ISA, [`BuiltIn`] |
//! | [`stream`] | a stream of bundles as items: whole bundles and the bytes after the last |
//! | [`decode`] | each bundle to its value, or to a raw record with the reason it has none |
//! | [`encode`] | records (JSON objects, as `isa decode --json` writes them) back to bytes |
//! | [`assemble`](mod@assemble) | a listing line (`isa decode`'s text) back to bytes, for any ISA |
//! | [`text`] | a whole listing: `assemble(text)` and `disassemble(stream)`, each the other's inverse |
//! | [`validate`] | every decode check and validator of a stream, as typed findings |
//! | [`word_stream`] | streams of 32-bit words, TSHUF blocks |
//! | [`place`] | places in memory (`sbuf[P0]@ADDR`), cores, element formats by name |
//! | [`rows`] | arrays of rows, one a partition, written to and read from a machine |
//! | [`table`] | a stream as tables: a fixed-size row per bundle of each op, NumPy's structured arrays' bytes |
//! | [`kernel`] | kernels as calls: tiles and arguments through each instruction's lowering |
#![forbid(unsafe_code)]

pub mod assemble;
pub mod decode;
pub mod encode;
pub mod isa;
pub mod kernel;
pub mod listing;
pub mod members;
pub mod place;
pub mod raw;
pub mod record;
pub mod rows;
pub mod stream;
pub mod table;
pub mod text;
pub mod validate;
pub mod word_stream;

pub use isa::{BuiltIn, Isa};
pub use members::Members;
pub use text::{AssembleErrors, assemble, assemble_words, disassemble, disassemble_words};
pub use word_stream::{ItemKind, MAX_BLOCK_WORDS, WordDecoder, WordItem, WordProblem, WordReader};
