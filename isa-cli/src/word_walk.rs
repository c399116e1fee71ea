//! Walking a stream of 32-bit words as it is read, as [`crate::walk`] walks bundles.
//!
//! The input is read on a thread of its own ([`ReadAhead`]); each time bytes arrive, the
//! [`WordDecoder`] takes every item that is whole in what has arrived and hands each on at once,
//! and what it left (a block whose end has not arrived, less than a word) waits for the next
//! read. Memory stays bounded however long the stream is: a batch, and at most one block of
//! [`MAX_BLOCK_WORDS`] words, the only unit held whole.

use crate::error::CliError;
use crate::io::Source;
use crate::walk::ReadAhead;
use isa_host::word_stream::{MAX_BLOCK_WORDS, WORD_BYTES, WordDecoder, WordItem, WordProblem};

/// Bytes read before the decoder takes what has arrived (more when one block is longer).
const BATCH_BYTES: usize = 1 << 20;

/// What a walk of a word stream hands on.
pub trait WordSink {
    /// Whether the items are to carry their text and JSON (a census does without). Yes by
    /// default.
    fn lines(&self) -> bool {
        true
    }

    /// One item or problem, in stream order.
    fn item(&mut self, item: Result<WordItem, WordProblem>) -> Result<(), CliError>;

    /// The bytes the items handed on since the last call stand for, in stream order (for a
    /// census of the words themselves). Nothing by default.
    fn bytes(&mut self, _taken: &[u8]) {}
}

/// Walks the word stream of `source` with `decoder`, handing every item to `sink` as soon as it
/// is whole; returns how many bytes the stream held (an empty stream is a stream of no words).
pub fn walk_words(
    source: Source,
    decoder: &dyn WordDecoder,
    sink: &mut dyn WordSink,
) -> Result<usize, CliError> {
    let mut ahead = ReadAhead::spawn(source);
    walk_sized(|buf| ahead.read(buf), BATCH_BYTES, decoder, sink)
}

/// [`walk_words`] reading with `read` (`Ok(0)` at the end), `batch_bytes` at a time.
fn walk_sized(
    mut read: impl FnMut(&mut [u8]) -> Result<usize, CliError>,
    batch_bytes: usize,
    decoder: &dyn WordDecoder,
    sink: &mut dyn WordSink,
) -> Result<usize, CliError> {
    let mut buf = vec![0u8; batch_bytes.max(WORD_BYTES)];
    let lines = sink.lines();
    // Bytes of `buf` read and not taken yet, and the stream offset of the first of them.
    let (mut filled, mut base) = (0, 0);
    loop {
        if filled == buf.len() {
            // One block fills the whole batch: room for the rest of it, up to the longest block
            // and the word after it.
            let most = (MAX_BLOCK_WORDS + 2) * WORD_BYTES;
            buf.resize((2 * buf.len()).min(most).max(buf.len() + WORD_BYTES), 0);
        }
        let n = read(buf.get_mut(filled..).unwrap_or_default())?;
        filled += n;
        let end = n == 0;
        let arrived = buf.get(..filled).unwrap_or_default();
        let mut failed = None;
        let taken = decoder.decode_some(arrived, base, end, lines, &mut |item| {
            if failed.is_none() {
                failed = sink.item(item).err();
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        sink.bytes(arrived.get(..taken).unwrap_or_default());
        buf.copy_within(taken..filled, 0);
        filled -= taken;
        base += taken;
        if end {
            return Ok(base);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::reads_of;
    use crate::sample::{BLOCK, bytes};
    use isa_host::word_stream::{ItemKind, WordReader};

    /// Every item and the bytes taken, as a walk hands them on.
    #[derive(Default)]
    struct Seen {
        items: Vec<Result<WordItem, WordProblem>>,
        bytes: Vec<u8>,
    }

    impl WordSink for Seen {
        fn item(&mut self, item: Result<WordItem, WordProblem>) -> Result<(), CliError> {
            self.items.push(item);
            Ok(())
        }

        fn bytes(&mut self, taken: &[u8]) {
            self.bytes.extend_from_slice(taken);
        }
    }

    fn walked(stream: &[u8], piece: usize, batch: usize) -> Seen {
        let mut seen = Seen::default();
        let reader = WordReader::<isa_ops::pto::Word>::tshuf_blocks();
        let total = walk_sized(reads_of(stream, piece), batch, &reader, &mut seen).unwrap();
        assert_eq!(total, stream.len());
        seen
    }

    #[test]
    fn a_stream_read_in_any_pieces_gives_the_items_of_the_whole_stream() {
        // Blocks, a block cut short by the next BSTART, an unknown word, a stray BSTOP and a
        // partial word: read 1, 3, 7 and 64 bytes at a time, in batches smaller than a block.
        let mut words = BLOCK.to_vec();
        words.extend_from_slice(&BLOCK[..3]);
        words.extend_from_slice(&BLOCK);
        words.extend_from_slice(&[0xDEAD_BEEF, 0x0000_0001]);
        words.extend_from_slice(&BLOCK);
        let mut stream = bytes(&words);
        stream.extend_from_slice(&[0xAB, 0xCD]);
        let whole = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&stream);
        for piece in [1, 3, 7, 64, usize::MAX] {
            for batch in [4, 8, 20, 1 << 20] {
                let seen = walked(&stream, piece, batch);
                assert_eq!(seen.items, whole, "reads of {piece}, batches of {batch}");
                assert_eq!(seen.bytes, stream);
            }
        }
    }

    /// A sink that asks for no lines.
    struct Counted(Seen);

    impl WordSink for Counted {
        fn lines(&self) -> bool {
            false
        }

        fn item(&mut self, item: Result<WordItem, WordProblem>) -> Result<(), CliError> {
            self.0.item(item)
        }
    }

    #[test]
    fn without_lines_the_items_and_problems_are_the_same_and_carry_no_text() {
        let mut words = BLOCK.to_vec();
        words.extend_from_slice(&BLOCK[..3]);
        words.extend_from_slice(&[0xDEAD_BEEF, 0x0000_0001]);
        words.extend_from_slice(&BLOCK);
        let mut stream = bytes(&words);
        stream.push(7);
        let reader = WordReader::<isa_ops::pto::Word>::tshuf_blocks();
        let mut counted = Counted(Seen::default());
        walk_sized(reads_of(&stream, 5), 8, &reader, &mut counted).unwrap();
        let strip = |item: &Result<WordItem, WordProblem>| match item {
            Ok(w) => Ok((w.kind, w.offset)),
            Err(p) => Err(p.clone()),
        };
        let whole = reader.decode(&stream);
        let seen = &counted.0.items;
        assert_eq!(
            seen.iter().map(strip).collect::<Vec<_>>(),
            whole.iter().map(strip).collect::<Vec<_>>()
        );
        assert!(
            seen.iter()
                .flatten()
                .all(|w| w.text.is_empty() && w.json.is_none())
        );
        // A block and its 5 words, the bad block's problem, it and its 5 words (to the BSTOP), a
        // block and its 5 words, the trailing byte's problem and item.
        assert_eq!(seen.len(), 21, "{whole:?}");
    }

    #[test]
    fn an_empty_stream_has_no_item() {
        let seen = walked(&[], 4, 4);
        assert!(seen.items.is_empty() && seen.bytes.is_empty());
    }

    /// What a walk of an oversized block shows: its listing line, the problems about the block
    /// and the cut, and how many words are listed in it and after it.
    #[derive(Default)]
    struct Census {
        items: usize,
        bad_block: Vec<(usize, String)>,
        block_problems: Vec<(usize, String)>,
        words: usize,
        strays: usize,
    }

    impl WordSink for Census {
        fn item(&mut self, item: Result<WordItem, WordProblem>) -> Result<(), CliError> {
            self.items += 1;
            match item {
                Ok(w) if w.kind == ItemKind::BadBlock => self.bad_block.push((w.offset, w.text)),
                Ok(w) if w.kind == ItemKind::Word => self.words += 1,
                Ok(w) if w.kind == ItemKind::Stray => self.strays += 1,
                Ok(_) => {}
                Err(p) if p.message.contains("block at") => {
                    self.block_problems.push((p.offset, p.message))
                }
                Err(_) => {}
            }
            Ok(())
        }
    }

    /// The cut of these tests' reader, as MAX_BLOCK_WORDS is the command's.
    const CUT: usize = 100;

    /// A BSTART, then `len` B.IOT words (neither ends a block), then `after`.
    fn long_block(len: usize, after: &[u32]) -> Vec<u8> {
        let mut words = vec![BLOCK[0]];
        words.extend(std::iter::repeat_n(BLOCK[2], len));
        words.extend_from_slice(after);
        bytes(&words)
    }

    /// What a walk of `stream` shows, read 12 bytes at a time in batches of 64 bytes, with
    /// blocks cut at CUT words, and what the whole stream decodes to.
    fn census(stream: &[u8]) -> (Census, Vec<Result<WordItem, WordProblem>>) {
        let mut seen = Census::default();
        let reader = WordReader::<isa_ops::pto::Word>::tshuf_blocks_cut_at(CUT);
        walk_sized(reads_of(stream, 12), 64, &reader, &mut seen).unwrap();
        (seen, reader.decode(stream))
    }

    #[test]
    fn a_block_longer_than_the_cap_is_cut_there_and_reported_and_the_rest_read_on() {
        // A BSTART and CUT + 9 B.IOT words: the block's first CUT words are listed in it (the
        // second B.IOT is the block's error, at word 2), the cut is reported at the first word
        // past it (byte 400), and the last 10 words are stray.
        let (seen, whole) = census(&long_block(CUT + 9, &[]));
        assert_eq!(seen.bad_block, [(0, "(bad block)  100 words".to_string())]);
        assert_eq!(seen.block_problems.len(), 2, "{:?}", seen.block_problems);
        assert_eq!(seen.block_problems[0].0, 8);
        assert_eq!(seen.block_problems[1].0, 400);
        assert!(
            seen.block_problems[1]
                .1
                .starts_with("the block at 0x0 has no BSTOP and no next BSTART within 100 words"),
            "{}",
            seen.block_problems[1].1
        );
        assert_eq!((seen.words, seen.strays), (100, 10));
        // Read whole, the stream is cut the same.
        assert_eq!(whole.len(), seen.items);
    }

    #[test]
    fn a_block_that_ends_at_the_cap_is_not_cut() {
        // CUT words up to the next BSTART, and the same at the stream's end: whole blocks that
        // do not compose, nothing cut.
        for after in [&BLOCK[..], &[]] {
            let (seen, _) = census(&long_block(CUT - 1, after));
            let words = "(bad block)  100 words".to_string();
            assert_eq!(seen.bad_block.first(), Some(&(0, words)));
            assert_eq!(seen.block_problems.len(), 1, "{:?}", seen.block_problems);
            assert_eq!(seen.strays, 0);
        }
    }
}
