//! The batch decoder of a family: a whole buffer decoded with each member's decoder in a loop
//! of its own, every member (or why it is none) handed to a visitor with its offset.
//!
//! Decoding a stream one member at a time goes through the dispatch for each: on a stream whose
//! members change from one to the next, that indirect call goes somewhere else nearly every time
//! and is mispredicted. [`Family::decode_batch`] instead reads the stream a chunk at a time
//! ([`CHUNK`] members, small enough to stay in L2), sorts the chunk's members by member (a
//! counting sort on the identity, which is one table load for a bundle family), and runs each
//! member's decoder, inlined, over its group: a loop whose branches repeat. A chunk that is
//! already in long runs of one member (a kernel's stream often is) skips the sort and is decoded
//! run by run, in its own order.

use super::{Family, Trailing, member_kind};
use crate::error::DecodeError;

/// Members per chunk of [`Family::decode_batch`]: 4,096 bundles are 256 KiB, which stay in L2
/// between the sorting pass and the decoding pass.
pub const CHUNK: usize = 4096;

/// A chunk of bundles whose member changes fewer than once per this many is decoded in its own
/// order, run by run, without the counting sort.
const LONG_RUNS: usize = 16;

/// [`Family::decode_batch`].
pub(super) fn decode_batch<F: Family, V: FnMut(usize, &Result<F, DecodeError>)>(
    stream: &[u8],
    mut visit: V,
) -> Option<Trailing> {
    let width = F::WIDTH;
    let whole = stream.len() - stream.len() % width;
    let (body, rest) = stream.split_at(whole);
    // Member index of every member of the chunk; `unknown` for bytes no member claims.
    let unknown = F::DECLARATIONS.len();
    let mut keys = vec![0u32; CHUNK];
    let mut order: Vec<u32> = (0..CHUNK as u32).collect();
    let identity = order.clone();
    let mut starts = vec![0u32; unknown + 2];
    let mut ends = Vec::with_capacity(CHUNK / LONG_RUNS + 1);
    for (c, chunk) in body.chunks(CHUNK * width).enumerate() {
        let origin = c * CHUNK * width;
        let n = chunk.len() / width;
        if !F::WORDS && long_runs::<F>(chunk, width, &mut ends) {
            in_runs(chunk, origin, width, &identity, &ends, &mut visit);
            continue;
        }
        let keys = &mut keys[..n];
        starts.fill(0);
        for (key, bytes) in keys.iter_mut().zip(chunk.chunks_exact(width)) {
            *key = F::member_index(bytes).unwrap_or(unknown) as u32;
            if let Some(count) = starts.get_mut(*key as usize + 1) {
                *count += 1;
            }
        }
        // Counting sort: `starts[k]` becomes where group k starts, then, as the members are
        // placed, where it ends.
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        for (i, &key) in keys.iter().enumerate() {
            if let Some(at) = starts.get_mut(key as usize) {
                if let Some(slot) = order.get_mut(*at as usize) {
                    *slot = i as u32;
                }
                *at += 1;
            }
        }
        let mut start = 0;
        for (member, &end) in starts.iter().take(unknown + 1).enumerate() {
            let group = order.get(start as usize..end as usize).unwrap_or_default();
            F::decode_run(member, chunk, origin, group, &mut visit);
            start = end;
        }
    }
    (!rest.is_empty()).then(|| Trailing {
        offset: whole,
        len: rest.len(),
        width,
        what: member_kind::<F>(),
    })
}

/// Where each run of one member of a chunk of bundles ends, into `ends`, found in one pass:
/// `true` when the member changes fewer than once per [`LONG_RUNS`] bundles, `false` as soon as a
/// change proves otherwise. A run of one member may mix its opcodes (a TensorTensor stream of
/// 0x41 and 0x51 bundles is one run).
fn long_runs<F: Family>(chunk: &[u8], width: usize, ends: &mut Vec<u32>) -> bool {
    ends.clear();
    let most = chunk.len() / width / LONG_RUNS;
    let member = |bundle: &[u8]| F::member_index(bundle).unwrap_or(usize::MAX);
    let mut last = member(chunk);
    for (i, bundle) in chunk.chunks_exact(width).enumerate() {
        let this = member(bundle);
        if this != last {
            if ends.len() == most {
                return false;
            }
            ends.push(i as u32);
            last = this;
        }
    }
    ends.push((chunk.len() / width) as u32);
    true
}

/// Decodes a chunk of bundles in its own order, each run of one member with that member's
/// decoder; `ends` is where each run ends ([`long_runs`]).
fn in_runs<F: Family, V: FnMut(usize, &Result<F, DecodeError>)>(
    chunk: &[u8],
    origin: usize,
    width: usize,
    identity: &[u32],
    ends: &[u32],
    visit: &mut V,
) {
    let mut start = 0;
    for &end in ends {
        let member = chunk
            .get(start as usize * width..)
            .and_then(F::member_index)
            .unwrap_or(F::DECLARATIONS.len());
        let run = identity
            .get(start as usize..end as usize)
            .unwrap_or_default();
        F::decode_run(member, chunk, origin, run, visit);
        start = end;
    }
}

/// Hands `visit` the offset and the decoding of every member of `chunk` at the indices `at`:
/// the loop [`Family::decode_run`] runs for one member, with that member's `decode`.
#[doc(hidden)]
#[inline(always)]
pub fn decode_run_of<F, V: FnMut(usize, &Result<F, DecodeError>)>(
    chunk: &[u8],
    origin: usize,
    at: &[u32],
    width: usize,
    visit: &mut V,
    decode: impl Fn(&[u8]) -> Result<F, DecodeError>,
) {
    for &i in at {
        let offset = i as usize * width;
        if let Some(bytes) = chunk.get(offset..offset + width) {
            visit(origin + offset, &decode(bytes));
        }
    }
}
