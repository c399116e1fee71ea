//! Which bytes of a memory have been written: a bitmap of one bit a byte, and above it one bit
//! a 64-byte block (one word of the bitmap), set when the whole block is written. A long range
//! is checked a block summary word (4096 bytes) at a time, and only a block that is not whole
//! is looked at byte by byte.

/// The defined-ness of a memory's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Defined {
    /// One bit a byte.
    bytes: Vec<u64>,
    /// One bit a word of `bytes`: set when the word is all ones.
    blocks: Vec<u64>,
}

impl Defined {
    /// Nothing written, over `len` bytes.
    pub(super) fn new(len: usize) -> Self {
        let words = len.div_ceil(64);
        Self {
            bytes: vec![0; words],
            blocks: vec![0; words.div_ceil(64)],
        }
    }

    /// The first byte of `start..end` nothing wrote, if any: the whole blocks between the
    /// ends through the summary, the blocks at the ends and the first block the summary says is
    /// not whole through the byte bits.
    pub(super) fn first_unwritten(&self, start: usize, end: usize) -> Option<usize> {
        let blocks = |a, b| first_clear(&self.blocks, a, b, scan(&self.blocks));
        first_clear(&self.bytes, start, end, blocks)
    }

    /// Marks `start..end` written.
    pub(super) fn mark(&mut self, start: usize, end: usize) {
        if start >= end {
            return;
        }
        let (first, last) = (start / 64, (end - 1) / 64);
        set_bits(&mut self.bytes, start, end);
        if last > first + 1 {
            set_bits(&mut self.blocks, first + 1, last);
        }
        self.refresh(first..first + 1);
        self.refresh(last..last + 1);
    }

    /// The bitmap words `first..=last`, to save before a write.
    pub(super) fn words(&self, first: usize, last: usize) -> Option<&[u64]> {
        self.bytes.get(first..=last)
    }

    /// Puts back saved bitmap words from word `first`.
    pub(super) fn restore(&mut self, first: usize, saved: &[u64]) {
        if let Some(words) = self.bytes.get_mut(first..first + saved.len()) {
            words.copy_from_slice(saved);
            self.refresh(first..first + saved.len());
        }
    }

    /// Sets each summary bit of `words` from its word.
    fn refresh(&mut self, words: std::ops::Range<usize>) {
        for w in words {
            let whole = self.bytes.get(w) == Some(&u64::MAX);
            if let Some(block) = self.blocks.get_mut(w / 64) {
                let bit = 1u64 << (w % 64);
                *block = if whole { *block | bit } else { *block & !bit };
            }
        }
    }
}

/// The bits of word `w` that lie in the flat range `start..end`.
fn word_mask(w: usize, start: usize, end: usize) -> u64 {
    let lo = start.max(w * 64) - w * 64;
    let hi = end.min(w * 64 + 64) - w * 64;
    let ones = |n: usize| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    ones(hi) & !ones(lo)
}

/// The first bit of `start..end` clear in `bits`: the partial words at the ends through
/// [`word_mask`], the whole words between through `not_whole(first, end)`, which gives the first
/// word of `first..end` that is not all ones.
pub(super) fn first_clear(
    bits: &[u64],
    start: usize,
    end: usize,
    not_whole: impl FnOnce(usize, usize) -> Option<usize>,
) -> Option<usize> {
    if start >= end {
        return None;
    }
    let (first, last) = (start / 64, (end - 1) / 64);
    let clear_in = |w: usize| {
        let clear = word_mask(w, start, end) & !bits.get(w).copied().unwrap_or(0);
        (clear != 0).then(|| w * 64 + clear.trailing_zeros() as usize)
    };
    if let Some(at) = clear_in(first) {
        return Some(at);
    }
    if last > first + 1
        && let Some(w) = not_whole(first + 1, last)
    {
        return clear_in(w);
    }
    if last > first { clear_in(last) } else { None }
}

/// The first word of `first..end` of `bits` that is not all ones, by looking at each.
pub(super) fn scan(bits: &[u64]) -> impl FnOnce(usize, usize) -> Option<usize> + '_ {
    move |first, end| {
        let words = bits.get(first..end)?;
        words.iter().position(|&w| w != u64::MAX).map(|k| first + k)
    }
}

/// Sets bits `start..end` of `bits`.
pub(super) fn set_bits(bits: &mut [u64], start: usize, end: usize) {
    update_bits(bits, start, end, |word, mask| word | mask);
}

/// Clears bits `start..end` of `bits`.
pub(super) fn clear_bits(bits: &mut [u64], start: usize, end: usize) {
    update_bits(bits, start, end, |word, mask| word & !mask);
}

/// Applies `update(word, mask)` to each word of `bits` with the mask of its bits in
/// `start..end`: the partial words at the ends through [`word_mask`], the whole words between
/// with all ones (a fill the compiler makes of it).
fn update_bits(bits: &mut [u64], start: usize, end: usize, update: impl Fn(u64, u64) -> u64) {
    if start >= end {
        return;
    }
    let (first, last) = (start / 64, (end - 1) / 64);
    if let Some(word) = bits.get_mut(first) {
        *word = update(*word, word_mask(first, start, end));
    }
    if last > first + 1
        && let Some(whole) = bits.get_mut(first + 1..last)
    {
        whole.iter_mut().for_each(|w| *w = update(*w, u64::MAX));
    }
    if last > first
        && let Some(word) = bits.get_mut(last)
    {
        *word = update(*word, word_mask(last, start, end));
    }
}

/// The first bit of `start..end` set in `bits`, if any.
pub(super) fn first_set(bits: &[u64], start: usize, end: usize) -> Option<usize> {
    if start >= end {
        return None;
    }
    (start / 64..=(end - 1) / 64).find_map(|w| {
        let set = word_mask(w, start, end) & bits.get(w).copied().unwrap_or(0);
        (set != 0).then(|| w * 64 + set.trailing_zeros() as usize)
    })
}
