//! A stream of bundles as items, read in place: every whole bundle with its offset, then the
//! bytes after the last one. What every reader of a stream walks, whole or a piece at a time.

use isa_core::Family;
use isa_core::family::{Located, Trailing};

/// One item of the stream, with its absolute offset.
#[derive(Debug)]
pub enum Item<'a, F: Family> {
    /// A whole bundle (it may still fail to decode).
    Bundle(Located<'a, F>),
    /// Bytes at the end that do not make a bundle, and the bytes themselves.
    Trailing(Trailing, &'a [u8]),
}

/// The items of `bytes`, a piece of a stream that starts at byte `start` of it: every whole
/// bundle, then the bytes after the last one (when this is the end of the stream).
pub fn items<F: Family>(bytes: &[u8], start: usize) -> impl Iterator<Item = Item<'_, F>> {
    F::walk(bytes).map(move |item| match item {
        Ok(mut located) => {
            located.offset += start;
            Item::Bundle(located)
        }
        Err(mut trailing) => {
            let rest = bytes.get(trailing.offset..).unwrap_or_default();
            trailing.offset += start;
            Item::Trailing(trailing, rest)
        }
    })
}
