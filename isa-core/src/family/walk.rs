//! The stream walker of a family: every member of a buffer, read in place, in order.

use super::Family;
use crate::error::DecodeError;

/// A member of a stream, where it sits, and its view (or why it has none).
#[derive(Debug)]
pub struct Located<'a, F: Family> {
    /// Byte offset in the stream.
    pub offset: usize,
    /// The member's bytes ([`Family::WIDTH`] of them).
    pub bytes: &'a [u8],
    /// The typed view, or the reason the bytes are no member of the family.
    pub view: Result<F::View<'a>, DecodeError>,
}

impl<F: Family> Clone for Located<'_, F> {
    fn clone(&self) -> Self {
        Self {
            offset: self.offset,
            bytes: self.bytes,
            view: self.view.clone(),
        }
    }
}

impl<F: Family> Located<'_, F> {
    /// The first byte: a bundle's opcode.
    pub fn opcode(&self) -> u8 {
        self.bytes.first().copied().unwrap_or(0)
    }
}

/// Bytes at the end of a stream that do not make a whole member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{len} trailing bytes at offset {offset:#x} do not make a {width}-byte {what}")]
pub struct Trailing {
    /// Where they start.
    pub offset: usize,
    /// How many there are (fewer than the family's width).
    pub len: usize,
    /// The family's width.
    pub width: usize,
    /// What a member is: "bundle" or "word".
    pub what: &'static str,
}

/// The iterator of [`Family::walk`].
#[derive(Debug, Clone)]
pub struct Walk<'a, F> {
    chunks: core::slice::ChunksExact<'a, u8>,
    offset: usize,
    done: bool,
    family: core::marker::PhantomData<F>,
}

impl<'a, F: Family> Walk<'a, F> {
    /// Walks `stream`.
    pub fn new(stream: &'a [u8]) -> Self {
        Walk {
            chunks: stream.chunks_exact(F::WIDTH),
            offset: 0,
            done: false,
            family: core::marker::PhantomData,
        }
    }
}

impl<'a, F: Family> Iterator for Walk<'a, F> {
    type Item = Result<Located<'a, F>, Trailing>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(bytes) = self.chunks.next() {
            let offset = self.offset;
            self.offset += F::WIDTH;
            return Some(Ok(Located {
                offset,
                bytes,
                view: F::view(bytes),
            }));
        }
        let rest = self.chunks.remainder();
        if self.done || rest.is_empty() {
            return None;
        }
        self.done = true;
        Some(Err(Trailing {
            offset: self.offset,
            len: rest.len(),
            width: F::WIDTH,
            what: super::member_kind::<F>(),
        }))
    }
}
