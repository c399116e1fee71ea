//! The batch decoder of a family: a whole buffer decoded with each member's decoder in a loop
//! of its own, every member (or why it is none) handed to a visitor with its offset.
//!
//! Decoding a stream one member at a time goes through the dispatch for each: on a stream whose
//! members change from one to the next, that indirect call goes somewhere else nearly every time
//! and is mispredicted. [`Family::decode_batch`] instead reads the stream a chunk at a time
//! ([`CHUNK`] members, small enough to stay in L1), sorts the chunk's members by member (a
//! counting sort on the identity, which is one table load for a bundle family), and runs each
//! member's decoder, inlined, over its group: a loop whose branches repeat. A chunk that is
//! already in long runs of one member (a kernel's stream often is) skips the sort and is decoded
//! run by run, in its own order.
//!
//! The identities of the next chunk are read while this one decodes, one per member decoded
//! ([`Ahead`]): that read is the first touch of each of the next chunk's members, so the memory
//! of the stream is fetched while the decoders work rather than in a pass of its own before them.

use super::{BatchVisitor, Family, PerMember, Trailing, member_kind};
use crate::error::DecodeError;

/// Members per chunk of [`Family::decode_batch`]: 256 bundles are 16 KiB, which stay in L1
/// between the pass that reads their identities and the one that decodes them.
pub const CHUNK: usize = 256;

/// A chunk of bundles whose member changes fewer than once per this many is decoded in its own
/// order, run by run, without the counting sort.
const LONG_RUNS: usize = 16;

/// [`Family::decode_batch`].
pub(super) fn decode_batch<F: Family, V: FnMut(usize, &Result<F, DecodeError>)>(
    stream: &[u8],
    mut visit: V,
) -> Option<Trailing> {
    each_group::<F>(stream, |member, chunk, origin, at, ahead| {
        F::decode_run(member, chunk, origin, at, &mut visit, &mut || ahead.step());
    })
}

/// [`Family::visit_batch`].
pub(super) fn visit_batch<F: Family, V: BatchVisitor>(
    stream: &[u8],
    v: &mut V,
) -> Option<Trailing> {
    each_group::<F>(stream, |member, chunk, origin, at, ahead| {
        let group = Group {
            v: &mut *v,
            member,
            chunk,
            origin,
            at,
            ahead: &mut *ahead,
        };
        if F::for_member(member, group).is_none() {
            for (offset, _) in members(chunk, origin, at, F::WIDTH, || ahead.step()) {
                v.unclaimed(offset);
            }
        }
    })
}

/// One member's group of a chunk, shown to a [`BatchVisitor`] in a loop of the member's own.
struct Group<'a, 'c, V, F> {
    v: &'a mut V,
    member: usize,
    chunk: &'a [u8],
    origin: usize,
    at: &'a [u32],
    ahead: &'a mut Ahead<'c, F>,
}

impl<V: BatchVisitor, F: Family> PerMember for Group<'_, '_, V, F> {
    type Output = ();

    #[inline]
    fn call<B: crate::Bundle>(self) {
        let Group {
            v,
            member,
            chunk,
            origin,
            at,
            ahead,
        } = self;
        v.group::<B>(
            member,
            members(chunk, origin, at, F::WIDTH, || ahead.step()),
        );
    }
}

/// The members of `chunk` (whose first byte is at `origin` in the stream) at the indices `at`,
/// each `width` bytes, as `(offset in the stream, bytes)`, calling `ahead` once before each.
#[inline(always)]
fn members<'a>(
    chunk: &'a [u8],
    origin: usize,
    at: &'a [u32],
    width: usize,
    mut ahead: impl FnMut() -> bool + 'a,
) -> impl Iterator<Item = (usize, &'a [u8])> + 'a {
    at.iter().filter_map(move |&i| {
        ahead();
        let offset = i as usize * width;
        let bytes = chunk.get(offset..offset + width)?;
        Some((origin + offset, bytes))
    })
}

/// The chunk loop of the batch calls: `run(member, chunk, origin, at, ahead)` for each group of
/// one member of a mixed chunk, in member order, or each run of one member of a chunk of long
/// runs, in stream order; `at` are the indices (in members) of the group's members in `chunk`,
/// whose first byte is at `origin` in the stream, and `ahead` reads the next chunk's identities,
/// one a call.
#[inline(always)]
fn each_group<F: Family>(
    stream: &[u8],
    mut run: impl FnMut(usize, &[u8], usize, &[u32], &mut Ahead<'_, F>),
) -> Option<Trailing> {
    let width = F::WIDTH;
    let whole = stream.len() - stream.len() % width;
    let (body, rest) = stream.split_at(whole);
    // Member index of every member of the chunk; `unknown` for bytes no member claims.
    let unknown = F::DECLARATIONS.len();
    let mut keys = vec![0u32; CHUNK];
    let mut next = vec![0u32; CHUNK];
    let mut order: Vec<u32> = (0..CHUNK as u32).collect();
    let identity = order.clone();
    let mut starts = vec![0u32; unknown + 2];
    let mut ends = Vec::with_capacity(CHUNK / LONG_RUNS + 1);
    let mut chunks = body.chunks(CHUNK * width).enumerate().peekable();
    if let Some((_, first)) = chunks.peek() {
        let mut ahead = Ahead::<F>::new(first, &mut keys);
        while ahead.step() {}
    }
    while let Some((c, chunk)) = chunks.next() {
        let origin = c * CHUNK * width;
        let n = chunk.len() / width;
        let mut ahead = Ahead::<F>::new(chunks.peek().map_or(&[][..], |(_, b)| b), &mut next);
        let keys_now = &keys[..n];
        if !F::WORDS && long_runs(keys_now, &mut ends) {
            let mut start = 0;
            for &end in &ends {
                let member = keys_now
                    .get(start as usize)
                    .map_or(unknown, |&k| k as usize);
                let run_at = identity
                    .get(start as usize..end as usize)
                    .unwrap_or_default();
                run(member, chunk, origin, run_at, &mut ahead);
                start = end;
            }
        } else {
            group(keys_now, &mut starts, &mut order);
            let mut start = 0;
            for (member, &end) in starts.iter().take(unknown + 1).enumerate() {
                let group = order.get(start as usize..end as usize).unwrap_or_default();
                run(member, chunk, origin, group, &mut ahead);
                start = end;
            }
        }
        while ahead.step() {}
        std::mem::swap(&mut keys, &mut next);
    }
    (!rest.is_empty()).then(|| Trailing {
        offset: whole,
        len: rest.len(),
        width,
        what: member_kind::<F>(),
    })
}

/// Reads the member index of each member of a chunk into `keys`, one per [`Ahead::step`]:
/// `F::DECLARATIONS.len()` for bytes no member claims.
struct Ahead<'a, F> {
    chunk: &'a [u8],
    keys: &'a mut [u32],
    at: usize,
    family: std::marker::PhantomData<F>,
}

impl<'a, F: Family> Ahead<'a, F> {
    fn new(chunk: &'a [u8], keys: &'a mut [u32]) -> Self {
        Ahead {
            chunk,
            keys,
            at: 0,
            family: std::marker::PhantomData,
        }
    }

    /// Reads the next member's index; `false` once the chunk is done.
    #[inline(always)]
    fn step(&mut self) -> bool {
        let offset = self.at * F::WIDTH;
        match (self.chunk.get(offset..), self.keys.get_mut(self.at)) {
            (Some(bytes), Some(key)) if !bytes.is_empty() => {
                *key = F::member_index(bytes).unwrap_or(F::DECLARATIONS.len()) as u32;
                self.at += 1;
                true
            }
            _ => false,
        }
    }
}

/// Where each run of one member of a chunk ends, into `ends`, from the chunk's member indices:
/// `true` when the member changes fewer than once per [`LONG_RUNS`] members, `false` otherwise.
/// A run of one member may mix its opcodes (a TensorTensor stream of 0x41 and 0x51 bundles is
/// one run). The changes are counted first, a block of pairs at a time without a branch per
/// member (the block's loop vectorises), and the count stops at the block that proves the
/// chunk mixed; the ends are collected only for a chunk of long runs that changes.
fn long_runs(keys: &[u32], ends: &mut Vec<u32>) -> bool {
    const BLOCK: usize = 64;
    ends.clear();
    let most = keys.len() / LONG_RUNS;
    let after = keys.get(1..).unwrap_or_default();
    let mut changes = 0;
    for (block, next) in keys.chunks(BLOCK).zip(after.chunks(BLOCK)) {
        changes += block
            .iter()
            .zip(next)
            .map(|(a, b)| u32::from(a != b))
            .sum::<u32>() as usize;
        if changes > most {
            return false;
        }
    }
    if changes > 0 {
        let pairs = keys.iter().zip(after).enumerate();
        ends.extend(
            pairs
                .filter(|(_, (a, b))| a != b)
                .map(|(i, _)| i as u32 + 1),
        );
    }
    ends.push(keys.len() as u32);
    true
}

/// A counting sort of a chunk's members by member index: `order` becomes the chunk's indices
/// grouped by member, and `starts[k]` where group k ends (group k starts where group k − 1 ends).
fn group(keys: &[u32], starts: &mut [u32], order: &mut [u32]) {
    starts.fill(0);
    for &key in keys {
        if let Some(count) = starts.get_mut(key as usize + 1) {
            *count += 1;
        }
    }
    // `starts[k]` becomes where group k starts, then, as the members are placed, where it ends.
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
}

/// Hands `visit` the offset and the decoding of every member of `chunk` at the indices `at`:
/// the loop [`Family::decode_run`] runs for one member, with that member's `decode`, calling
/// `ahead` once before each.
#[doc(hidden)]
#[inline(always)]
pub fn decode_run_of<F, V: FnMut(usize, &Result<F, DecodeError>), A: FnMut() -> bool>(
    chunk: &[u8],
    origin: usize,
    at: &[u32],
    width: usize,
    visit: &mut V,
    ahead: &mut A,
    decode: impl Fn(&[u8]) -> Result<F, DecodeError>,
) {
    for (offset, bytes) in members(chunk, origin, at, width, ahead) {
        visit(offset, &decode(bytes));
    }
}

#[cfg(test)]
mod tests {
    use super::{CHUNK, long_runs};
    use proptest::prelude::*;

    /// The rule as stated: the ends of the runs when the member changes at most once per
    /// `LONG_RUNS` members, checked pair by pair.
    fn runs_pair_by_pair(keys: &[u32]) -> Option<Vec<u32>> {
        let mut ends: Vec<u32> = (1..keys.len())
            .filter(|&i| keys[i - 1] != keys[i])
            .map(|i| i as u32)
            .collect();
        (ends.len() <= keys.len() / super::LONG_RUNS).then(|| {
            ends.push(keys.len() as u32);
            ends
        })
    }

    /// A chunk's member indices as runs of a few members, up to a chunk long: around the
    /// threshold of 16 changes in 256 members, and far from it on either side.
    fn chunk_keys() -> impl Strategy<Value = Vec<u32>> {
        prop::collection::vec((0u32..4, 1usize..40), 0..200).prop_map(|runs| {
            let mut keys: Vec<u32> = runs
                .into_iter()
                .flat_map(|(k, n)| std::iter::repeat_n(k, n))
                .collect();
            keys.truncate(CHUNK);
            keys
        })
    }

    proptest! {
        #[test]
        fn long_runs_finds_the_runs_the_rule_states(keys in chunk_keys()) {
            let mut ends = vec![7, 7];
            let expected = runs_pair_by_pair(&keys);
            prop_assert_eq!(long_runs(&keys, &mut ends), expected.is_some());
            if let Some(expected) = expected {
                prop_assert_eq!(ends, expected);
            }
        }
    }

    #[test]
    fn sixteen_changes_in_a_chunk_are_runs_and_seventeen_are_not() {
        let with = |changes: usize| -> Vec<u32> {
            (0..CHUNK)
                .map(|i| (i * (changes + 1) / CHUNK) as u32)
                .collect()
        };
        let mut ends = Vec::new();
        assert!(long_runs(&with(16), &mut ends));
        assert_eq!(ends.len(), 17);
        assert_eq!(ends.last(), Some(&(CHUNK as u32)));
        assert!(!long_runs(&with(17), &mut ends));
    }
}
