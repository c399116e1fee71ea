//! Each bundle of a stream to its value, or to the raw bytes and the reason it has no typed
//! form. The rules every front-end follows, in one place: a bundle has a typed form when it
//! decodes with every check ([`decoded`]), and its record is that typed form only when it
//! encodes back to the very same bytes ([`round_trip`]); bytes after the last whole bundle are
//! raw too. So a list of records holds every byte of the stream, and writing them back gives the
//! stream again, whatever it held.

use isa_core::family::Located;
use isa_core::{DecodeError, Family};

use crate::stream::{Item, items};

/// One record of a stream of bundles, a value: nothing in it is text but a raw record's reason.
#[derive(Debug, Clone)]
pub enum Record<'a, B: Family> {
    /// A bundle that decodes and encodes back to its very bytes.
    Member {
        /// Its byte offset in the stream.
        offset: usize,
        /// Its value.
        member: B,
        /// Its wire bytes read in place, for a visitor of its fields.
        view: B::View<'a>,
    },
    /// Bytes with no typed form: a bundle that does not decode or would not encode back the
    /// same, or bytes after the last whole bundle.
    Raw {
        /// The byte offset of the first of them.
        offset: usize,
        /// The bytes, as the stream holds them.
        bytes: &'a [u8],
        /// Why they have no typed form: the decoder's message, naming the op, field and byte.
        reason: String,
    },
}

/// The view and the value of a whole bundle, or the error decoding it reports (naming the op,
/// the field and its byte).
pub fn decoded<'a, B: Family>(b: &Located<'a, B>) -> Result<(B::View<'a>, B), DecodeError> {
    b.view
        .clone()
        .and_then(|v| B::decode_view(v).map(|op| (v, op)))
}

/// Whether `op`, decoded from `bytes`, encodes back to them; otherwise the reason its bytes are
/// kept as they are.
pub fn round_trip<B: Family>(op: &B, bytes: &[u8]) -> Result<(), String> {
    let mut stack = [0u8; 256];
    let mut heap = Vec::new();
    let again: &mut [u8] = match stack.get_mut(..B::WIDTH) {
        Some(again) => again,
        None => {
            heap.resize(B::WIDTH, 0);
            &mut heap
        }
    };
    match op.encode_into(again) {
        Ok(()) if again == bytes => Ok(()),
        Ok(()) => Err(format!(
            "decodes as {} but encodes back to other bytes; they are kept as they are",
            op.name()
        )),
        Err(e) => Err(format!(
            "decodes as {} but does not encode back: {e}",
            op.name()
        )),
    }
}

/// The record of one item of a stream.
pub fn record<'a, B: Family>(item: Item<'a, B>) -> Record<'a, B> {
    match item {
        Item::Bundle(b) => {
            let member = decoded(&b)
                .map_err(|e| e.to_string())
                .and_then(|(view, op)| round_trip(&op, b.bytes).map(|()| (view, op)));
            match member {
                Ok((view, member)) => Record::Member {
                    offset: b.offset,
                    member,
                    view,
                },
                Err(reason) => Record::Raw {
                    offset: b.offset,
                    bytes: b.bytes,
                    reason,
                },
            }
        }
        Item::Trailing(t, bytes) => Record::Raw {
            offset: t.offset,
            bytes,
            reason: t.to_string(),
        },
    }
}

/// Every record of `stream`, a whole stream of bundles, in order: the records `isa decode
/// --json` writes, as values.
pub fn records<B: Family>(stream: &[u8]) -> impl Iterator<Item = Record<'_, B>> {
    items::<B>(stream, 0).map(record)
}
