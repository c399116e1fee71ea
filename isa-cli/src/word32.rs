//! Streams of 32-bit words (the PTO tile ISA, seed 004): a TSHUF is issued as a block —
//! `BSTART`, optional `B.DATR` and `B.DIM`, `B.IOT`, `B.IOR`, `BSTOP` — each word recognised by
//! `word & mask == match`. This is the boundary a block decoder plugs into; `decode --word32`
//! depends on nothing else.

/// One decoded item of a word stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordItem {
    /// Byte offset of its first word.
    pub offset: usize,
    /// The text line (without the offset).
    pub text: String,
    /// The JSON object (without the offset).
    pub json: String,
}

/// Words that do not decode, where they start, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordProblem {
    /// Byte offset of the offending word (or of trailing bytes).
    pub offset: usize,
    /// The decoder's message.
    pub message: String,
}

/// A decoder of 32-bit little-endian word streams.
pub trait WordDecoder: Sync {
    /// Every item of `stream`, in order, and every problem with its byte offset; nothing is
    /// dropped (bytes past the last whole word are a problem too).
    fn decode(&self, stream: &[u8]) -> Vec<Result<WordItem, WordProblem>>;
}

/// What `decode --word32` says while no block decoder is built in.
pub const NOT_AVAILABLE: &str = "--word32: decoding 32-bit PTO block words is not available in \
     this build: the block words are not declared yet";

/// The block decoder of this build, if it has one.
pub fn decoder() -> Option<&'static dyn WordDecoder> {
    None
}
