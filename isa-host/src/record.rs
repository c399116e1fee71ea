//! One JSON Lines record read straight into its typed form, in one pass over the line: the
//! `offset`, then what decides the record — the family's tag, `raw`, or with `--word32` `block` —
//! and the rest of the object handed on as it is parsed (the member's fields to
//! [`Family::deserialize_member`] through [`read_member`], members before the tag buffered and
//! replayed first). No tree of the object is built.
//!
//! This is the path every well-formed record takes. A record it does not read — one that is
//! wrong, or one that is unusual in a way its one pass cannot settle (an `offset` given twice, a
//! `raw` beside the tag) — is read again by [`crate::encode`] as a whole object, which says
//! what is wrong with it, or reads it as it always has.
//!
//! Why a line does not encode ([`LineError`], [`Misplaced`]) is said here, below every reader
//! of a line (the bundle records, the word records and the assembly text).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;
use std::ops::Range;

use isa_core::Family;
use isa_core::family::serde_form::{Buffered, read_member};
use isa_ops::pto::TshufBlock;
use serde::de::value::{BorrowedStrDeserializer, StringDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer as _, IgnoredAny, MapAccess, Visitor};

use crate::raw;

/// The member of a `--word32` record that holds a whole block.
pub const BLOCK: &str = "block";

/// The member that says where a record's bytes go.
pub const OFFSET: &str = "offset";

/// What a record holds, besides its `offset`.
#[derive(Debug)]
pub enum Body<F> {
    /// A member of the family.
    Member(F),
    /// The bytes of a raw record.
    Raw(Vec<u8>),
    /// A TSHUF block (`--word32` only).
    Block(TshufBlock),
}

/// The `offset` and the body of the JSON object on `text`, read in one pass; `None` when the
/// line is not one this pass reads (then the whole-object reading decides). `blocks`: whether a
/// `block` member makes a record (`--word32`).
pub fn read<F: Family>(text: &str, blocks: bool) -> Option<(Option<u64>, Body<F>)> {
    let mut de = serde_json::Deserializer::from_str(text);
    let record = de
        .deserialize_map(RecordVisitor::<F> {
            blocks,
            family: PhantomData,
        })
        .ok()?;
    de.end().ok()?;
    Some(record)
}

/// A member name, borrowed from the line when it has no escape.
struct Name<'de>(Cow<'de, str>);

impl<'de> de::Deserialize<'de> for Name<'de> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(NameVisitor)
    }
}

struct NameVisitor;

impl<'de> Visitor<'de> for NameVisitor {
    type Value = Name<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Name<'de>, E> {
        Ok(Name(Cow::Borrowed(v)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Name<'de>, E> {
        Ok(Name(Cow::Owned(v.to_owned())))
    }
    fn visit_string<E>(self, v: String) -> Result<Name<'de>, E> {
        Ok(Name(Cow::Owned(v)))
    }
}

/// Why this pass gives the line to the whole-object reading; the reason is not shown.
fn handed_on<E: de::Error>() -> E {
    E::custom("read as a whole object")
}

struct RecordVisitor<F> {
    blocks: bool,
    family: PhantomData<F>,
}

impl<'de, F: Family> Visitor<'de> for RecordVisitor<F> {
    type Value = (Option<u64>, Body<F>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let mut rest = Members::<A, F> {
            map,
            offset: None,
            blocks: self.blocks,
            unusual: false,
            family: PhantomData,
        };
        let mut before = Vec::new();
        let body = loop {
            let Some(Name(key)) = rest.next_name()? else {
                return Err(handed_on());
            };
            if key == F::TAG {
                let Name(member) = rest.map.next_value()?;
                break Body::Member(read_member::<F, _>(&member, before, &mut rest)?);
            }
            let first = before.is_empty();
            match &*key {
                raw::MEMBER if first => break Body::Raw(rest.raw()?),
                BLOCK if first && self.blocks => {
                    let block = rest.map.next_value()?;
                    break rest.only_offset().map(|()| Body::Block(block))?;
                }
                // A raw or block record with other members first: the whole-object reading
                // names the member that does not belong.
                raw::MEMBER => return Err(handed_on()),
                BLOCK if self.blocks => return Err(handed_on()),
                _ => before.push((key.into_owned(), rest.map.next_value::<Buffered>()?)),
            }
        };
        if rest.unusual {
            return Err(handed_on());
        }
        Ok((rest.offset, body))
    }
}

/// The members of a record after the one that decides it, with `offset` taken out wherever it
/// is; a member that would decide the record another way (a second tag, a `raw`, a `block`)
/// marks it unusual.
struct Members<A, F> {
    map: A,
    offset: Option<u64>,
    blocks: bool,
    unusual: bool,
    family: PhantomData<F>,
}

impl<'de, A: MapAccess<'de>, F: Family> Members<A, F> {
    /// The next member's name, after reading any `offset` members on the way.
    fn next_name(&mut self) -> Result<Option<Name<'de>>, A::Error> {
        loop {
            let Some(name) = self.map.next_key::<Name<'de>>()? else {
                return Ok(None);
            };
            if name.0 != OFFSET {
                return Ok(Some(name));
            }
            // Given twice, the last one counts: the whole-object reading settles that.
            self.unusual |= self.offset.is_some();
            self.offset = Some(self.map.next_value()?);
        }
    }

    /// The bytes of a raw record, whose `raw` member's value is next; `reason` may follow.
    fn raw(&mut self) -> Result<Vec<u8>, A::Error> {
        let Name(digits) = self.map.next_value()?;
        let bytes = raw::unhex(&digits).map_err(|_| handed_on::<A::Error>())?;
        while let Some(Name(key)) = self.next_name()? {
            if key != raw::REASON {
                return Err(handed_on());
            }
            self.map.next_value::<IgnoredAny>()?;
        }
        Ok(bytes)
    }

    /// The end of a record that holds nothing more than its `offset`.
    fn only_offset(&mut self) -> Result<(), A::Error> {
        match self.next_name()? {
            Some(_) => Err(handed_on()),
            None => Ok(()),
        }
    }
}

impl<'de, A: MapAccess<'de>, F: Family> MapAccess<'de> for Members<A, F> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let Some(Name(key)) = self.next_name()? else {
            return Ok(None);
        };
        self.unusual |= key == F::TAG || key == raw::MEMBER || (self.blocks && key == BLOCK);
        match key {
            Cow::Borrowed(key) => seed.deserialize(BorrowedStrDeserializer::new(key)),
            Cow::Owned(key) => seed.deserialize(StringDeserializer::new(key)),
        }
        .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

/// What the lines hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// 64-byte bundles, as `isa decode --json` writes them.
    Bundles,
    /// 32-bit PTO block words, as `isa decode --word32 --json` writes them, or blocks in
    /// assembly text.
    Words,
}

impl Mode {
    /// What a line holds, for the message of one that is not an object.
    pub fn what(self) -> &'static str {
        match self {
            Mode::Bundles => "one bundle per line",
            Mode::Words => "a block or a word per line",
        }
    }

    /// Whether a line is skipped: blank, or a comment (`;` or `#` first).
    pub fn skips(self, line: &[u8]) -> bool {
        let line = line.trim_ascii();
        line.is_empty() || line.starts_with(b"#") || line.starts_with(b";")
    }
}

/// A listing line that does not assemble: the message and the token at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingError {
    /// The token at fault, as a byte range of the line (empty at the end of the line for what
    /// is missing there).
    pub span: Range<usize>,
    /// What is wrong, and the fix.
    pub message: String,
    /// The line, as read (for the caret).
    pub line: String,
}

impl fmt::Display for ListingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ListingError {}

impl ListingError {
    /// The 1-based column (in characters) where the token at fault starts.
    pub fn column(&self) -> usize {
        let before = self.line.get(..self.span.start).unwrap_or(&self.line);
        before.chars().count() + 1
    }

    /// The line, numbered `number`, with a caret under each character of the token at fault
    /// (one caret for what is missing at the end):
    ///
    /// ```text
    ///   |
    /// 3 | Memset  dtyp=bfloat16
    ///   |         ^^^^
    /// ```
    pub fn snippet(&self, number: usize) -> String {
        let gutter = number.to_string();
        let pad = " ".repeat(gutter.len());
        let shown: String = self
            .line
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let token = self.line.get(self.span.clone()).unwrap_or_default();
        let carets = "^".repeat(token.chars().count().max(1));
        let indent = " ".repeat(self.column() - 1);
        format!("{pad} |\n{gutter} | {shown}\n{pad} | {indent}{carets}")
    }
}

/// Why one line did not encode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The line is not UTF-8 text.
    #[error("not UTF-8 text (byte {byte})")]
    NotUtf8 {
        /// The 1-based position of the first byte that is not.
        byte: usize,
    },
    /// The line is not JSON.
    #[error("malformed JSON: {message}")]
    Malformed {
        /// Where on the line the parser stopped.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// The line is JSON, but not an object.
    #[error("expected a JSON object ({what}), found {found}")]
    NotObject {
        /// What a line holds.
        what: &'static str,
        /// What it is instead.
        found: &'static str,
    },
    /// The `offset` member is not a byte offset.
    #[error(
        "`offset` is {found}; it is the record's byte offset in the stream, a whole number from 0"
    )]
    BadOffset {
        /// The value, or what it is.
        found: String,
    },
    /// A raw record that does not read.
    #[error(transparent)]
    Raw(#[from] raw::RawError),
    /// The record is not where the records before it end.
    #[error(transparent)]
    Misplaced(#[from] Misplaced),
    /// The op, block or word does not deserialize or encode: the library's message.
    #[error("{0}")]
    Value(String),
    /// A listing line that does not assemble, with the token at fault.
    #[error(transparent)]
    Listing(#[from] ListingError),
}

impl From<String> for LineError {
    fn from(message: String) -> Self {
        LineError::Value(message)
    }
}

impl LineError {
    /// The column, when the line is malformed JSON or a listing line.
    pub fn column(&self) -> Option<usize> {
        match self {
            LineError::Malformed { column, .. } => Some(*column),
            LineError::Listing(e) => Some(e.column()),
            LineError::NotUtf8 { .. }
            | LineError::NotObject { .. }
            | LineError::BadOffset { .. }
            | LineError::Raw(_)
            | LineError::Misplaced(_)
            | LineError::Value(_) => None,
        }
    }
}

/// A record whose `offset` is not where the records before it end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "record at offset {found} ({found:#x}) {}: expected offset {expected}, found {found}; each \
     record starts where the one before it ends",
    self.what()
)]
pub struct Misplaced {
    /// Where the records before it end.
    pub expected: u64,
    /// The record's `offset`.
    pub found: u64,
}

impl Misplaced {
    fn what(&self) -> String {
        let Self { expected, found } = *self;
        if found > expected {
            format!(
                "leaves a gap of {} bytes after the records before it, which end at {expected} \
                 ({expected:#x})",
                found - expected
            )
        } else {
            format!(
                "overlaps the last {} bytes of the records before it, which end at {expected} \
                 ({expected:#x})",
                expected - found
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Read = Option<(Option<u64>, Body<isa_ops::Op>)>;

    fn raw_bytes(record: Read) -> Option<(Option<u64>, Vec<u8>)> {
        match record? {
            (offset, Body::Raw(bytes)) => Some((offset, bytes)),
            (_, Body::Member(_) | Body::Block(_)) => None,
        }
    }

    #[test]
    fn a_raw_record_reads_to_the_bytes_it_spells() {
        let record = read::<isa_ops::Op>(
            r#"{"offset":128,"raw":"FF10a0","reason":"cannot decode bundle"}"#,
            false,
        );
        assert_eq!(raw_bytes(record), Some((Some(128), vec![0xff, 0x10, 0xa0])));
        let bare = read::<isa_ops::Op>(r#"{"raw":"00"}"#, false);
        assert_eq!(raw_bytes(bare), Some((None, vec![0x00])));
    }

    #[test]
    fn a_record_that_is_unusual_or_wrong_is_read_as_a_whole_object() {
        for line in [
            r#"{"raw":"00","op":"Memset"}"#,
            r#"{"reason":"why","raw":"00"}"#,
            r#"{"offset":1,"offset":2,"raw":"00"}"#,
            r#"{"raw":"0g"}"#,
            r#"{"offset":0}"#,
            "[1]",
        ] {
            assert!(read::<isa_ops::Op>(line, false).is_none(), "{line}");
        }
    }

    /// A member that, unlike the built-in ISA's, ignores members it does not declare: only this
    /// pass can refuse a `block` beside it.
    #[derive(isa_derive::Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[bundle(size = 64, opcodes = [0x60])]
    struct Lenient {
        #[field(offset = 0x04)]
        sync: isa_core::SyncBand,
    }
    impl isa_core::Validate for Lenient {}

    isa_core::family! {
        /// A family of the lenient member alone.
        enum LenientOp(view LenientOpView, tag "op") {
            /// The lenient member.
            Lenient(Lenient),
        }
    }

    #[test]
    fn a_block_member_after_another_is_read_as_a_whole_object_only_with_blocks() {
        // The whole-object reading names the `block` as the member that does not belong; with
        // no blocks, `block` is one more member, which Lenient ignores.
        let line = r#"{"sync":{"wait_mode":0,"wait_index":0,"update_mode":0,"update_index":0,"value":3},"block":0,"op":"Lenient"}"#;
        assert!(read::<LenientOp>(line, true).is_none());
        match read::<LenientOp>(line, false) {
            Some((None, Body::Member(LenientOp::Lenient(m)))) => assert_eq!(m.sync.value, 3),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_member_record_reads_to_the_member_its_bytes_decode_to() {
        let line = include_str!("../../examples/kernel.jsonl")
            .lines()
            .next()
            .expect("the example's first record");
        let bytes = include_bytes!("../../examples/kernel.bin");
        let want = isa_ops::Op::decode(bytes).expect("the example's first bundle");
        match read::<isa_ops::Op>(line, false) {
            Some((None, Body::Member(op))) => assert_eq!(op, want),
            other => panic!("{other:?}"),
        }
    }
}
