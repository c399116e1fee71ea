//! The undo log of one memory: while a checkpoint is open, every write first saves the bytes
//! and the defined-ness words it is about to overwrite, so a rollback costs what was written
//! since the checkpoint, not the memory's size.

use super::defined::Defined;

/// One saved range: `len` bytes from flat byte `start`, and the defined-ness words `word..`
/// (`words` of them) that cover it. The saved data sits at the end of the journal's buffers, in
/// the order the entries were made, and is restored newest first.
#[derive(Debug, Clone, Copy)]
struct Entry {
    start: usize,
    len: usize,
    word: usize,
    words: usize,
}

/// What a memory's writes overwrote since each open checkpoint.
#[derive(Debug, Clone, Default)]
pub(super) struct Journal {
    /// The number of entries when each open checkpoint was taken, outermost first.
    marks: Vec<usize>,
    entries: Vec<Entry>,
    bytes: Vec<u8>,
    words: Vec<u64>,
}

impl Journal {
    /// Opens a checkpoint: later writes are saved until it is rolled back or committed.
    pub(super) fn open(&mut self) {
        self.marks.push(self.entries.len());
    }

    /// Saves `bytes[start..end]` and the defined-ness words covering it, when a checkpoint is
    /// open. The range is in bounds (the memory checked it).
    pub(super) fn save(&mut self, bytes: &[u8], written: &Defined, start: usize, end: usize) {
        if self.marks.is_empty() || start >= end {
            return;
        }
        let (word, last) = (start / 64, (end - 1) / 64);
        let (Some(old), Some(old_words)) = (bytes.get(start..end), written.words(word, last))
        else {
            return;
        };
        self.bytes.extend_from_slice(old);
        self.words.extend_from_slice(old_words);
        self.entries.push(Entry {
            start,
            len: end - start,
            word,
            words: last + 1 - word,
        });
    }

    /// Restores every range saved since the innermost open checkpoint, newest first, and
    /// closes it. Nothing happens when no checkpoint is open.
    pub(super) fn roll_back(&mut self, bytes: &mut [u8], written: &mut Defined) {
        let Some(mark) = self.marks.pop() else {
            return;
        };
        while self.entries.len() > mark {
            let Some(e) = self.entries.pop() else {
                break;
            };
            let (from, words_from) = (self.bytes.len() - e.len, self.words.len() - e.words);
            if let (Some(dst), Some(src)) = (
                bytes.get_mut(e.start..e.start + e.len),
                self.bytes.get(from..),
            ) {
                dst.copy_from_slice(src);
            }
            if let Some(saved) = self.words.get(words_from..) {
                written.restore(e.word, saved);
            }
            self.bytes.truncate(from);
            self.words.truncate(words_from);
        }
        self.forget_if_closed();
    }

    /// Closes the innermost open checkpoint, keeping what was written since. Its saved ranges
    /// stay with the checkpoint outside it, if any. Nothing happens when none is open.
    pub(super) fn commit(&mut self) {
        self.marks.pop();
        self.forget_if_closed();
    }

    /// With no checkpoint open nothing can be rolled back: the saved data goes (the buffers
    /// keep their capacity for the next checkpoint).
    fn forget_if_closed(&mut self) {
        if self.marks.is_empty() {
            self.entries.clear();
            self.bytes.clear();
            self.words.clear();
        }
    }
}
