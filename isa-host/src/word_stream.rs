//! Streams of 32-bit words (the PTO tile ISA, seed 004): a TSHUF is issued as a block —
//! `BSTART`, optional `B.DATR` and `B.DIM`, `B.IOT`, `B.IOR`, `BSTOP` — each word recognised by
//! `word & mask == match`. [`WordDecoder`] is the boundary `decode --word32` depends on;
//! [`WordReader`] reads a word family's stream, word by word or, for the PTO words, as TSHUF blocks
//! (built on `isa_ops::pto`'s block decoder).
//!
//! How [`WordReader::tshuf_blocks`] reads a stream of little-endian words:
//! - a `BSTART` starts a block, read with [`decode_block`]; a block that composes is one item
//!   (its assembly text), followed by each of its words with its fields;
//! - a block that does not compose is reported once, at the offending word, and its words are
//!   listed one by one: the words from its `BSTART` up to and including the first `BSTOP`, or up
//!   to the next `BSTART`, or to the end. Every other word in it that does not decode is reported
//!   too;
//! - a word outside any block (not after a `BSTART`) is stray and reported, with its fields when
//!   it is a block word at all;
//! - one to three bytes after the last whole word are reported as trailing bytes.
//!
//! Every problem carries the byte offset of the word it is about; nothing panics and nothing is
//! dropped from the listing, where a word that does not decode and trailing bytes show their
//! bytes and the reason. Nothing is dropped from the JSON Lines form either: it holds every block
//! that composes (`{"offset":0,"block":{…}}`), every word outside one
//! (`{"offset":32,"word":"Ior",…}`), and a raw record (`{"offset":36,"raw":"efbeadde",
//! "reason":"…"}`, see [`crate::raw`]) for each word that does not decode and for trailing
//! bytes, so every byte of the stream is in exactly one record. A block or word is written as
//! its serde form only when that encodes back to the very same words: a block whose fixed fields
//! are not what its record would write (a `B.DATR` field other than Layout set) is written as its
//! words, and a word that would not encode back as its raw bytes. [`encode_record`] reads the
//! block and word records back ([`crate::encode`] reads raw records and offsets), and
//! [`encode_assembly`] blocks written in assembly text, one block a line.

use std::marker::PhantomData;

use isa_core::render::text_member;
use isa_core::visit::FieldOrder;
use isa_core::{DecodeError, Problem};
use isa_ops::pto::{BlockError, TshufBlock, WordKind, decode_block, identify, parse_block};
use serde::Deserialize;
use serde_json::Value;

use serde_json::Map;

use crate::members::Members;
use crate::record::LineError;
use crate::{listing, raw};

/// Bytes per word.
pub const WORD_BYTES: usize = 4;

/// What an item of a word stream is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// A TSHUF block that composes.
    Block,
    /// A block that does not compose (its words follow as [`ItemKind::Word`] items).
    BadBlock,
    /// One word of a block, or of a block that does not compose.
    Word,
    /// A word outside any block.
    Stray,
    /// Bytes after the last whole word.
    Trailing,
}

/// One decoded item of a word stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordItem {
    /// What it is.
    pub kind: ItemKind,
    /// Byte offset of its first word.
    pub offset: usize,
    /// The text line (without the offset).
    pub text: String,
    /// The JSON object (without the offset), when the item has a JSON form.
    pub json: Option<String>,
}

/// Words that do not decode, where they start, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordProblem {
    /// Byte offset of the offending word (or of trailing bytes).
    pub offset: usize,
    /// The decoder's message.
    pub message: String,
}

/// The most words a block that does not compose spans. A TSHUF block that composes has at most
/// eight; one that does not runs to its first `BSTOP` or the next `BSTART`, which in a stream of
/// any words may be far off. Its words wait in memory until its end is known (its listing says
/// how many words it has before it lists them), so past this many the block is cut: the cut is
/// reported, and the words after it are read as words outside a block. 2^20 words are 4 MiB.
pub const MAX_BLOCK_WORDS: usize = 1 << 20;

/// A decoder of 32-bit little-endian word streams.
pub trait WordDecoder: Sync {
    /// Decodes the items at the start of `bytes`, the stream from its byte `start` on, and hands
    /// each item and each problem to `each`, in stream order, with its offset in the stream;
    /// returns how many bytes of `bytes` it took. When `end` is false more of the stream may
    /// follow: whole items only are taken, and a block whose end has not arrived waits (it is
    /// taken once `bytes` holds [`MAX_BLOCK_WORDS`] words after its `BSTART`). When `end` is true
    /// the stream ends with `bytes`: everything is taken, and bytes past the last whole word are
    /// a problem too. Nothing is dropped, and the items do not depend on where the stream is cut.
    /// With `lines` false the items carry no text (it is empty) and no JSON, for a caller that
    /// counts them.
    fn decode_some(
        &self,
        bytes: &[u8],
        start: usize,
        end: bool,
        lines: bool,
        each: &mut dyn FnMut(Result<WordItem, WordProblem>),
    ) -> usize;

    /// Every item of `stream`, a whole stream, in order, and every problem with its byte offset.
    fn decode(&self, stream: &[u8]) -> Vec<Result<WordItem, WordProblem>> {
        let mut items = Vec::new();
        self.decode_some(stream, 0, true, true, &mut |item| items.push(item));
        items
    }
}

/// Reads the words of family `W`: with [`WordReader::tshuf_blocks`], TSHUF blocks of the PTO tile ISA
/// (a `BSTART` starts one) and every other word as a stray word; with
/// [`WordReader::each_word`], every word on its own.
#[derive(Debug)]
pub struct WordReader<W> {
    blocks: bool,
    /// The most words a block that does not compose spans ([`MAX_BLOCK_WORDS`]).
    max_block: usize,
    family: PhantomData<fn() -> W>,
}

impl<W> WordReader<W> {
    /// TSHUF blocks, and every word outside one reported as stray: for the PTO words of the
    /// built-in ISA, or a family that extends them.
    pub fn tshuf_blocks() -> Self {
        Self {
            blocks: true,
            max_block: MAX_BLOCK_WORDS,
            family: PhantomData,
        }
    }

    /// [`WordReader::tshuf_blocks`] with blocks that do not compose cut at `max_block` words
    /// (at least 1) instead of [`MAX_BLOCK_WORDS`]: less memory held for a bad block, or the cut
    /// of a long stream shown on a short one.
    pub fn tshuf_blocks_cut_at(max_block: usize) -> Self {
        Self {
            max_block: max_block.max(1),
            ..Self::tshuf_blocks()
        }
    }

    /// Every word on its own, with its fields: for a word family with no blocks.
    pub fn each_word() -> Self {
        Self {
            blocks: false,
            max_block: MAX_BLOCK_WORDS,
            family: PhantomData,
        }
    }
}

impl<W: Members> WordDecoder for WordReader<W> {
    fn decode_some(
        &self,
        bytes: &[u8],
        start: usize,
        end: bool,
        lines: bool,
        each: &mut dyn FnMut(Result<WordItem, WordProblem>),
    ) -> usize {
        let chunks = bytes.chunks_exact(WORD_BYTES);
        let rest = chunks.remainder();
        let words: Vec<u32> = chunks
            .filter_map(|c| c.first_chunk::<WORD_BYTES>())
            .map(|w| u32::from_le_bytes(*w))
            .collect();
        let mut out = Out::<W> {
            each,
            lines,
            start,
            family: PhantomData,
        };
        let mut i = 0;
        while let Some(&raw) = words.get(i) {
            i += match identify(raw) {
                Some(WordKind::Bstart) if self.blocks => {
                    match BlockSpan::of(words.get(i..).unwrap_or_default(), end, self.max_block) {
                        Some(span) => out.block(i, words.get(i..).unwrap_or_default(), span),
                        None => return i * WORD_BYTES,
                    }
                }
                _ if self.blocks => out.stray(i, raw),
                _ => out.single(i, raw),
            };
        }
        if !end {
            return i * WORD_BYTES;
        }
        if !rest.is_empty() {
            out.trailing(words.len(), rest);
        }
        bytes.len()
    }
}

/// How a block that starts with a `BSTART` reads, once enough of the stream has arrived to tell.
enum BlockSpan {
    /// It composes, in this many words.
    Composed(TshufBlock, usize),
    /// It does not compose: why, how many words it covers, and the most it may cover when it
    /// was cut there (more words followed before its end).
    Failed(BlockError, usize, Option<usize>),
}

impl BlockSpan {
    /// The block at the start of `words` (the stream from its `BSTART` on, as far as it has
    /// arrived; all of it when `end`), cut at `max` words, or `None` while its end may still
    /// come.
    fn of(words: &[u32], end: bool, max: usize) -> Option<Self> {
        let window = words.get(..=max).unwrap_or(words);
        let whole = end || window.len() > max;
        let error = match decode_block(window) {
            Ok((block, len)) => return Some(BlockSpan::Composed(block, len)),
            Err(BlockError::Truncated { .. }) if !whole => return None,
            Err(e) => e,
        };
        let capped = window.get(..max).unwrap_or(window);
        match failed_block_len(capped) {
            Some(len) => Some(BlockSpan::Failed(error, len, None)),
            None if !whole => None,
            None => {
                let len = capped.len().max(1);
                // The next word is past the cap; a `BSTART` there would have ended the block.
                let cut = window
                    .get(len)
                    .is_some_and(|&next| identify(next) != Some(WordKind::Bstart));
                Some(BlockSpan::Failed(error, len, cut.then_some(max)))
            }
        }
    }
}

/// Where the items go, in stream order, and where the words handed to the reader start.
struct Out<'a, W> {
    each: &'a mut dyn FnMut(Result<WordItem, WordProblem>),
    /// Whether the items carry their text and JSON.
    lines: bool,
    /// The stream offset of the first word.
    start: usize,
    family: PhantomData<W>,
}

/// Decodes one word as a member of `W`.
fn decode_word<W: Members>(raw: u32) -> Result<W, DecodeError> {
    W::decode(&raw.to_le_bytes())
}

/// Whether a decode error says that no member's identity matches.
fn is_unknown(e: &DecodeError) -> bool {
    matches!(e.problem, Problem::UnknownWord { .. })
}

/// Why a word does not decode: for a word no identity matches, just that (it has no field to
/// name).
fn reason(e: &DecodeError) -> String {
    if is_unknown(e) {
        e.problem.to_string()
    } else {
        e.to_string()
    }
}

impl<W: Members> Out<'_, W> {
    /// The stream offset of word `index`.
    fn at(&self, index: usize) -> usize {
        self.start + index * WORD_BYTES
    }

    /// Hands on an item; `lines` gives its text and JSON, asked for only when they are wanted.
    fn item(
        &mut self,
        kind: ItemKind,
        offset: usize,
        lines: impl FnOnce() -> (String, Option<String>),
    ) {
        let (text, json) = if self.lines {
            lines()
        } else {
            (String::new(), None)
        };
        (self.each)(Ok(WordItem {
            kind,
            offset,
            text,
            json,
        }));
    }

    fn problem(&mut self, offset: usize, message: String) {
        (self.each)(Err(WordProblem { offset, message }));
    }

    /// The block that starts at word `start` (`words` from there on), read as `span`; returns
    /// how many words it took.
    fn block(&mut self, start: usize, words: &[u32], span: BlockSpan) -> usize {
        let at = self.at(start);
        match span {
            BlockSpan::Composed(block, len) => {
                let taken = words.get(..len).unwrap_or_default();
                // The block's record only when it gives back these very words: it does not
                // carry the fixed fields, which a composed block may still have set.
                let json = self
                    .lines
                    .then(|| block_json(&block))
                    .flatten()
                    .filter(|_| block.encode().as_deref() == Ok(taken));
                let whole = json.is_some();
                self.item(ItemKind::Block, at, || (format!("block  {block}"), json));
                for (k, &raw) in taken.iter().enumerate() {
                    self.item(ItemKind::Word, at + k * WORD_BYTES, || {
                        let word = decode_word::<W>(raw);
                        let json = (!whole).then(|| word_record(raw, word.as_ref()));
                        (word_text("  ", raw, word.as_ref()), json)
                    });
                }
                len
            }
            BlockSpan::Failed(e, len, cut) => {
                self.problem(
                    at + e.index() * WORD_BYTES,
                    format!("{e} (block at {at:#x})"),
                );
                let text = || (format!("(bad block)  {len} words"), None);
                self.item(ItemKind::BadBlock, at, text);
                for (k, &raw) in words.iter().enumerate().take(len) {
                    let offset = at + k * WORD_BYTES;
                    let word = decode_word::<W>(raw);
                    match &word {
                        Err(err) if k != e.index() => self.problem(offset, err.to_string()),
                        Ok(_) | Err(_) => {}
                    }
                    self.item(ItemKind::Word, offset, || word_lines("  ", raw, &word));
                }
                if let Some(max) = cut {
                    self.problem(
                        at + len * WORD_BYTES,
                        format!(
                            "the block at {at:#x} has no BSTOP and no next BSTART within {max} \
                             words; it is cut there, and the words after it are read as words \
                             outside a block"
                        ),
                    );
                }
                len
            }
        }
    }

    /// A word of a stream without blocks; returns 1.
    fn single(&mut self, index: usize, raw: u32) -> usize {
        let offset = self.at(index);
        let word = decode_word::<W>(raw);
        if let Err(err) = &word {
            self.problem(offset, reason(err));
        }
        self.item(ItemKind::Word, offset, || word_lines("", raw, &word));
        1
    }

    /// A word outside any block; returns 1.
    fn stray(&mut self, index: usize, raw: u32) -> usize {
        let offset = self.at(index);
        let word = decode_word::<W>(raw);
        let message = match &word {
            Ok(w) => format!(
                "{} word {raw:#010x} is outside a block; a block starts with BSTART",
                w.name()
            ),
            Err(err) => stray_error(err),
        };
        self.problem(offset, message);
        self.item(ItemKind::Stray, offset, || {
            word_lines("(stray)  ", raw, &word)
        });
        1
    }

    /// The bytes after word `words`, the last whole one, at the end of the stream.
    fn trailing(&mut self, words: usize, rest: &[u8]) {
        let offset = self.at(words);
        let message = format!(
            "{} trailing bytes at offset {offset:#x} do not make a 32-bit word",
            rest.len()
        );
        let lines = (
            raw::text("(trailing)", rest, &message),
            Some(raw::json(rest, &message)),
        );
        self.problem(offset, message);
        self.item(ItemKind::Trailing, offset, || lines);
    }
}

/// The listing line of a word, after `lead`, and its JSON record.
fn word_lines<W: Members>(
    lead: &str,
    raw: u32,
    word: &Result<W, DecodeError>,
) -> (String, Option<String>) {
    let text = word_text(lead, raw, word.as_ref());
    (text, Some(word_record(raw, word.as_ref())))
}

/// The message of a stray word that does not decode: the unknown word, or the field that does
/// not decode.
fn stray_error(err: &DecodeError) -> String {
    if is_unknown(err) {
        reason(err)
    } else {
        format!("{err} (a stray word, outside any block)")
    }
}

/// How many words a block that does not compose covers: up to and including its first `BSTOP`,
/// or up to the next `BSTART`; `None` when `words` (from its `BSTART` on) hold neither.
fn failed_block_len(words: &[u32]) -> Option<usize> {
    words
        .iter()
        .enumerate()
        .skip(1)
        .find_map(|(k, &raw)| match identify(raw) {
            Some(WordKind::Bstart) => Some(k),
            Some(WordKind::Bstop) => Some(k + 1),
            _ => None,
        })
}

/// `{lead}0x0f619181  BSTART.TEPL  data_type=FP32 mode=3 function=22`; a word no identity
/// matches is `(unknown)`, one whose identity matches but a field does not decode is
/// `(bad B.DATR)`, each followed by its bytes and the reason. The fields print from the high bits down, the order in which the PTO spec
/// lists them (and the declarations declare them).
fn word_text<W: Members>(lead: &str, raw: u32, word: Result<&W, &DecodeError>) -> String {
    let line = match word {
        Ok(w) if let Some(reason) = not_back(raw, w) => {
            let what = format!("(bad {})", w.name());
            format!(
                "{lead}{raw:#010x}  {}",
                raw::text(&what, &raw.to_le_bytes(), &reason)
            )
        }
        Ok(w) => {
            let bytes = raw.to_le_bytes();
            let mut fields = String::new();
            if let Ok(view) = W::view(&bytes) {
                // From the high bits down, as the PTO spec lists a word's fields.
                let _ = text_member::<W, _>(&view, FieldOrder::Declaration, &mut fields);
            }
            let width = W::DECLARATIONS
                .iter()
                .map(|d| d.name.len())
                .max()
                .unwrap_or(0);
            format!("{lead}{raw:#010x}  {:<width$}  {fields}", w.name())
        }
        Err(err) => {
            let what = if is_unknown(err) {
                "(unknown)".to_string()
            } else {
                format!("(bad {})", err.at.op)
            };
            let bytes = raw.to_le_bytes();
            format!(
                "{lead}{raw:#010x}  {}",
                raw::text(&what, &bytes, &reason(err))
            )
        }
    };
    line.trim_end().to_string()
}

/// The JSON object of a word: its serde form, tagged with its type under `"word"`, when that
/// encodes back to `raw`; the raw record of its four bytes otherwise (with the reason: the
/// word does not decode, or would not come back the same).
fn word_record<W: Members>(raw: u32, word: Result<&W, &DecodeError>) -> String {
    let bytes = raw.to_le_bytes();
    let reason = match word {
        Ok(w) => match (not_back(raw, w), word_json(w, &bytes)) {
            (None, Ok(json)) => return json,
            (Some(reason), _) => reason,
            (None, Err(e)) => format!("{} has no JSON form: {e}", w.name()),
        },
        Err(e) => reason(e),
    };
    raw::json(&bytes, &reason)
}

/// Why word `w`, decoded from `raw`, is kept as its bytes: it does not encode back to them;
/// `None` when it does. A word's listing line and its record show its fields only then, so
/// that either reads back to the very word.
fn not_back<W: Members>(raw: u32, w: &W) -> Option<String> {
    match encode_word(w) {
        Ok(again) if again == raw => None,
        Ok(again) => Some(format!(
            "decodes as {} but encodes back as {again:#010x}",
            w.name()
        )),
        Err(e) => Some(format!(
            "decodes as {} but does not encode back: {e}",
            w.name()
        )),
    }
}

/// The JSON object of word `w`, whose bytes are `bytes`.
fn word_json<W: Members>(w: &W, bytes: &[u8]) -> Result<String, String> {
    let view = W::view(bytes).map_err(|e| e.to_string())?;
    listing::json_object::<W>(w.tag(), &view).map_err(|e| e.to_string())
}

/// The 32-bit word a member of a word family encodes to.
pub(crate) fn encode_word<W: Members>(word: &W) -> Result<u32, isa_core::EncodeError> {
    let mut bytes = [0u8; WORD_BYTES];
    word.encode_into(&mut bytes)?;
    Ok(u32::from_le_bytes(bytes))
}

/// `{"block": <the block's serde form>}`, members in declaration order.
fn block_json(block: &TshufBlock) -> Option<String> {
    serde_json::to_string(block)
        .ok()
        .map(|b| format!("{{\"block\":{b}}}"))
}

/// `0x00000000  text`: the listing line of an item of a word stream.
pub fn line(item: &WordItem) -> String {
    format!("{:#010x}  {}", item.offset, item.text)
}

/// The listing of `stream`, a whole stream of 32-bit words read by `decoder`, a line per item,
/// each followed by a newline: what `isa decode --word32` prints.
pub fn listing(decoder: &dyn WordDecoder, stream: &[u8]) -> String {
    let mut out = String::new();
    for item in decoder.decode(stream).iter().flatten() {
        out.push_str(&line(item));
        out.push('\n');
    }
    out
}

/// One block in assembly text to its words
/// (`BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP`): an `isa
/// encode --word32` line that is not JSON. The block goes through its composition checks, so
/// what comes out decodes back to the same block.
pub fn encode_assembly(text: &str) -> Result<Vec<u32>, LineError> {
    let block = parse_block(text.trim())
        .map_err(|e| format!("{e} (a line that is not JSON is one block in assembly text)"))?;
    Ok(block.encode().map_err(|e| e.to_string())?)
}

/// The members of a JSON record as `decode --word32 --json` writes them, its `offset` taken
/// out, to its words: `{"block": {...}}` or `{"word": "Ior", ...}`. Every word goes through the
/// declaration's encoder and a block through its composition checks, so what comes out decodes
/// back to the same items. (A raw record is read by [`crate::encode`], in either mode.)
pub fn encode_record<W: Members>(mut members: Map<String, Value>) -> Result<Vec<u32>, LineError> {
    if let Some(block) = members.remove("block") {
        if let Some(extra) = members.keys().next() {
            return Err(format!(
                "unknown member `{extra}` beside `block`; a block line has `block` (and `offset`)"
            )
            .into());
        }
        let block = TshufBlock::deserialize(block).map_err(|e| format!("block: {e}"))?;
        return Ok(block.encode().map_err(|e| e.to_string())?);
    }
    if members.contains_key(W::TAG) {
        let word = W::deserialize(Value::Object(members)).map_err(|e| e.to_string())?;
        return Ok(vec![encode_word(&word).map_err(|e| e.to_string())?]);
    }
    Err(String::from(
        "expected a `block`, `word` or `raw` member (as `isa decode --word32 --json` writes \
         them), or a block in assembly text",
    )
    .into())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use isa_ops::pto::IDENTITIES;

    /// Seed 004's example block, `BSTART.SFU TSHUF, U32; B.DATR Layout; B.IOT source, controls,
    /// ->destination; B.IOR a0; BSTOP`, with Layout CUBE_M16, as `isa_ops::pto` encodes it
    /// (its doc example): BSTART `0xCF619181` is U32 (25) << 27 | 3 << 25 | 22 << 20 | 0x19181.
    pub(crate) const BLOCK: [u32; 5] = [
        0xCF61_9181,
        0x0000_1FA3,
        0x081B_4213,
        0x0001_0013,
        0x0000_0001,
    ];

    pub(crate) fn bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    fn offsets(items: &[Result<WordItem, WordProblem>]) -> Vec<(usize, bool)> {
        items
            .iter()
            .map(|i| match i {
                Ok(w) => (w.offset, true),
                Err(p) => (p.offset, false),
            })
            .collect()
    }

    #[test]
    fn a_block_is_one_item_then_its_words() {
        let items = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&bytes(&BLOCK));
        assert_eq!(
            offsets(&items),
            [
                (0, true),
                (0, true),
                (4, true),
                (8, true),
                (12, true),
                (16, true)
            ]
        );
        let Ok(block) = &items[0] else {
            panic!("{items:?}")
        };
        assert_eq!(
            block.text,
            "block  BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, \
             ->t0<4KB>; B.IOR a0; BSTOP"
        );
        assert!(block.json.is_some());
    }

    #[test]
    fn a_broken_block_is_reported_once_and_the_next_block_still_reads() {
        // The first block loses its B.IOR: BSTOP stands where B.IOR is required (word 3).
        let mut words = vec![BLOCK[0], BLOCK[1], BLOCK[2], BLOCK[4]];
        words.extend_from_slice(&BLOCK);
        let items = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&bytes(&words));
        let problems: Vec<&WordProblem> = items.iter().filter_map(|i| i.as_ref().err()).collect();
        assert_eq!(problems.len(), 1, "{items:?}");
        assert_eq!(problems[0].offset, 12);
        assert!(
            problems[0]
                .message
                .starts_with("word 3: TSHUF's block needs B.IOR here, found BSTOP"),
            "{}",
            problems[0].message
        );
        assert!(problems[0].message.ends_with("(block at 0x0)"));
        let blocks = items
            .iter()
            .filter(|i| matches!(i, Ok(w) if w.text.starts_with("block  ")))
            .count();
        assert_eq!(blocks, 1);
    }

    #[test]
    fn a_block_word_with_a_reserved_code_is_named_and_reported_once() {
        // B.DATR DataType [24:20] = 15, a reserved TileDataType code (SPEC-NOTES §3).
        let datr = 0x0000_1FA3 | (15 << 20);
        let mut words = BLOCK.to_vec();
        words[1] = datr;
        let items = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&bytes(&words));
        let problems: Vec<&WordProblem> = items.iter().filter_map(|i| i.as_ref().err()).collect();
        assert_eq!(problems.len(), 1, "{items:?}");
        assert_eq!(problems[0].offset, 4);
        assert!(
            problems[0]
                .message
                .starts_with("word 1: cannot decode B.DATR: field `data_type`"),
            "{}",
            problems[0].message
        );
        assert!(items.iter().any(|i| matches!(
            i,
            Ok(w) if w.offset == 4 && w.text == "  0x00f01fa3  (bad B.DATR)  bytes=a31ff000  ; \
                cannot decode B.DATR: field `data_type` at byte 0x02: code 0xf is not in table \
                `TileDataType`"
        )));
    }

    #[test]
    fn no_input_length_panics_and_trailing_bytes_are_reported() {
        let all = bytes(&BLOCK);
        for len in 0..all.len() {
            let items = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&all[..len]);
            let trailing = items
                .iter()
                .any(|i| matches!(i, Err(p) if p.message.contains("trailing bytes")));
            assert_eq!(trailing, len % 4 != 0, "{len}: {items:?}");
        }
    }

    #[test]
    fn every_word_of_any_stream_is_listed_at_its_offset() {
        // Streams of words drawn from the example block, every identity with random other
        // bits, and random words, cut at random lengths: nothing panics, and every whole word
        // has a line at its offset.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let len = (next() % 40) as usize;
            let mut words = Vec::with_capacity(len);
            for _ in 0..len {
                let r = next();
                let word = match r % 4 {
                    0 => BLOCK[(r >> 8) as usize % BLOCK.len()],
                    1 | 2 => {
                        let id = IDENTITIES[(r >> 8) as usize % IDENTITIES.len()];
                        ((r >> 32) as u32 & !id.mask) | id.value
                    }
                    _ => (r >> 32) as u32,
                };
                words.push(word);
            }
            let mut stream = bytes(&words);
            stream.truncate(stream.len().saturating_sub((next() % 4) as usize));
            let items = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&stream);
            for k in 0..stream.len() / 4 {
                assert!(
                    items
                        .iter()
                        .any(|i| matches!(i, Ok(w) if w.offset == 4 * k && w.text.contains("0x"))),
                    "word {k} of {words:08x?} is not listed: {items:?}"
                );
            }
        }
    }
}
