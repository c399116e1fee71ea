//! The undo log of one memory: while a checkpoint is open, the first write to each 64-byte
//! block saves the block's bytes and its defined-ness word, so a rollback costs what was
//! written since the checkpoint, never more than the memory, and never the memory's size when
//! little was written.

use super::defined::{Defined, clear_bits, first_clear, first_set, scan, set_bits};

/// Bytes a block: one word of the defined-ness bitmap.
const BLOCK: usize = 64;

/// Saved blocks `block..block + blocks`. Their bytes and words sit at the end of the journal's
/// buffers, in the order the entries were made, and are restored newest first.
#[derive(Debug, Clone, Copy)]
struct Entry {
    block: usize,
    blocks: usize,
}

/// What a memory's writes overwrote since each open checkpoint.
#[derive(Debug, Clone, Default)]
pub(super) struct Journal {
    /// The number of entries when each open checkpoint was taken, outermost first.
    marks: Vec<usize>,
    entries: Vec<Entry>,
    bytes: Vec<u8>,
    words: Vec<u64>,
    /// One bit a block: saved since the innermost checkpoint.
    saved: Vec<u64>,
}

impl Journal {
    /// Opens a checkpoint: later writes are saved until it is rolled back or committed.
    pub(super) fn open(&mut self) {
        self.set_saved(self.innermost(), false);
        self.marks.push(self.entries.len());
    }

    /// Saves each block of `start..end` not saved since the innermost checkpoint, when one is
    /// open. The range is in bounds (the memory checked it). A block saved once keeps its
    /// bytes as the checkpoint found them, so later writes to it cost nothing here.
    pub(super) fn save(&mut self, bytes: &[u8], written: &Defined, start: usize, end: usize) {
        if self.marks.is_empty() || start >= end {
            return;
        }
        let (first, end_block) = (start / BLOCK, (end - 1) / BLOCK + 1);
        if self.saved.len() < end_block.div_ceil(64) {
            self.saved.resize(end_block.div_ceil(64), 0);
        }
        let mut from = first;
        while let Some(block) = first_clear(&self.saved, from, end_block, scan(&self.saved)) {
            let run_end = first_set(&self.saved, block, end_block).unwrap_or(end_block);
            let range = block * BLOCK..(run_end * BLOCK).min(bytes.len());
            let (Some(old), Some(old_words)) =
                (bytes.get(range), written.words(block, run_end - 1))
            else {
                return;
            };
            self.bytes.extend_from_slice(old);
            self.words.extend_from_slice(old_words);
            self.entries.push(Entry {
                block,
                blocks: run_end - block,
            });
            set_bits(&mut self.saved, block, run_end);
            from = run_end;
        }
    }

    /// Restores every block saved since the innermost open checkpoint, newest first, and
    /// closes it. Nothing happens when no checkpoint is open.
    pub(super) fn roll_back(&mut self, bytes: &mut [u8], written: &mut Defined) {
        let Some(&mark) = self.marks.last() else {
            return;
        };
        self.set_saved(mark, false);
        while self.entries.len() > mark {
            let Some(e) = self.entries.pop() else {
                break;
            };
            let words_from = self.words.len() - e.blocks;
            let range = e.block * BLOCK..((e.block + e.blocks) * BLOCK).min(bytes.len());
            let from = self.bytes.len() - range.len();
            if let (Some(dst), Some(src)) = (bytes.get_mut(range), self.bytes.get(from..)) {
                dst.copy_from_slice(src);
            }
            if let Some(saved) = self.words.get(words_from..) {
                written.restore(e.block, saved);
            }
            self.bytes.truncate(from);
            self.words.truncate(words_from);
        }
        self.close();
    }

    /// Closes the innermost open checkpoint, keeping what was written since. Its saved blocks
    /// stay with the checkpoint outside it, if any. Nothing happens when none is open.
    pub(super) fn commit(&mut self) {
        if !self.marks.is_empty() {
            self.close();
        }
    }

    /// Pops the innermost mark; the checkpoint outside it (if any) gets back its saved bits,
    /// and with none open the saved data goes (the buffers keep their capacity).
    fn close(&mut self) {
        self.marks.pop();
        if self.marks.is_empty() {
            self.set_saved(0, false);
            self.entries.clear();
            self.bytes.clear();
            self.words.clear();
        } else {
            self.set_saved(self.innermost(), true);
        }
    }

    /// The first entry of the innermost open checkpoint (0 when none is open).
    fn innermost(&self) -> usize {
        self.marks.last().copied().unwrap_or(0)
    }

    /// Sets (or clears) the saved bit of every block of the entries from `first` on.
    fn set_saved(&mut self, first: usize, value: bool) {
        let update = if value { set_bits } else { clear_bits };
        for e in self.entries.get(first..).unwrap_or(&[]) {
            update(&mut self.saved, e.block, e.block + e.blocks);
        }
    }
}
