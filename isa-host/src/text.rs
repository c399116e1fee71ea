//! The listing as one text, for a front-end that holds it whole (the Python package): a
//! stream's listing ([`disassemble`]) and a listing's stream ([`assemble`]), each the other's
//! inverse on any stream. The command reads and writes the same lines a batch at a time.

use std::fmt;

use crate::encode::{self, LineProblem, Mode};
use crate::isa::Isa;
use crate::{listing, word_stream};

/// Every line of a listing that does not assemble, in line order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssembleErrors(pub Vec<LineProblem>);

impl fmt::Display for AssembleErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(|p| p.located("listing")).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for AssembleErrors {}

/// The stream of bundles the listing `text` stands for (lines as `isa decode` prints them, or
/// written by hand, JSON Lines records among them; see [`crate::assemble`](mod@crate::assemble)), or every line that
/// does not assemble.
pub fn assemble<I: Isa>(text: &str) -> Result<Vec<u8>, AssembleErrors> {
    encode::encode_text::<I>(text, Mode::Bundles).map_err(AssembleErrors)
}

/// The stream of 32-bit words the listing `text` stands for (lines as `isa decode --word32`
/// prints them, blocks in assembly text, JSON Lines records), or every line that does not
/// assemble.
pub fn assemble_words<I: Isa>(text: &str) -> Result<Vec<u8>, AssembleErrors> {
    encode::encode_text::<I>(text, Mode::Words).map_err(AssembleErrors)
}

/// The listing of `stream`, a stream of bundles: what `isa decode` prints, a line per bundle
/// and for the bytes after the last ([`listing::bundles`]).
pub fn disassemble<I: Isa>(stream: &[u8]) -> String {
    listing::bundles::<I::Bundles>(stream)
}

/// The listing of `stream`, a stream of 32-bit words: what `isa decode --word32` prints.
pub fn disassemble_words<I: Isa>(stream: &[u8]) -> String {
    word_stream::listing(&*I::word_decoder(), stream)
}
