//! The batch decoder of a family: a whole buffer decoded with each member's decoder in a loop
//! of its own, every member (or why it is none) handed to a visitor with its offset.
//!
//! Decoding a stream one member at a time goes through the dispatch for each: on a stream whose
//! members change from one to the next, that indirect call goes somewhere else nearly every time
//! and is mispredicted. [`Family::decode_batch`] instead reads the stream a chunk at a time
//! ([`CHUNK`] members, small enough to stay in L1) and runs each member's decoder, inlined, in
//! a loop of its own: a loop whose branches repeat.
//!
//! - **In runs.** Up to the end of a chunk's first short run (fewer than [`LONG_RUNS`]
//!   members, and neither the chunk's first run nor its last), the batch follows the runs in
//!   stream order ([`Run::From`]): each member's loop goes on while the next member is of its
//!   kind. Nothing is stored and nothing is read twice, so a stream of long runs (a kernel's
//!   stream often is one) costs what the member decoders cost.
//! - **Mixed.** After that short run, the rest of the chunk is sorted by member (a counting sort
//!   on the identity, which is one table load for a bundle family) and each member's decoder
//!   runs over its group ([`Run::At`]). The identities of the next chunk are then read while
//!   this one decodes, one per member decoded ([`Ahead`]): that read is the first touch of each
//!   of the next chunk's members, so the memory of the stream is fetched while the decoders work
//!   rather than in a pass of its own before them. From those identities the next chunk is
//!   taken in runs up to its first short run and grouped after it; a chunk with no short run
//!   hands the stream back to the runs mode.
//!
//! The order a visitor sees is the same in both modes, a function of each chunk's members
//! alone ([`runs_until`]), and the same for [`Family::visit_batch`].

use super::{BatchVisitor, Family, PerMember, Trailing, member_kind};
use crate::error::DecodeError;

/// Members per chunk of [`Family::decode_batch`]: 256 bundles are 16 KiB, which stay in L1
/// between the pass that reads their identities and the one that decodes them.
pub const CHUNK: usize = 256;

/// A run of one member shorter than this, inside a chunk, ends the chunk's runs: the rest of
/// the chunk is grouped by the counting sort ([`short`]).
const LONG_RUNS: usize = 16;

/// [`Family::decode_batch`].
pub(super) fn decode_batch<F: Family, V: FnMut(usize, &Result<F, DecodeError>)>(
    stream: &[u8],
    mut visit: V,
) -> Option<Trailing> {
    each_group::<F>(stream, |member, chunk, origin, run, ahead| match run {
        Run::At(at) => {
            F::decode_run(member, chunk, origin, at, &mut visit, &mut || ahead.step());
            at.len()
        }
        Run::From(from) => F::decode_follow(member, chunk, origin, from, &mut visit),
    })
}

/// [`Family::visit_batch`]. A run followed through the stream is measured first, then shown as
/// a group.
pub(super) fn visit_batch<F: Family, V: BatchVisitor>(
    stream: &[u8],
    v: &mut V,
) -> Option<Trailing> {
    each_group::<F>(stream, |member, chunk, origin, run, ahead| {
        let (at, end) = match run {
            Run::At(at) => (at, at.len()),
            Run::From(from) => {
                let end = run_end::<F>(chunk, from, member);
                (IDENTITY.get(from..end).unwrap_or_default(), end)
            }
        };
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
        end
    })
}

/// Where the run of member `member` that starts at member `from` of `chunk` ends: the first
/// later member of another kind, or the chunk's end. The member at `from` is taken to be of the
/// run, so a run is never empty.
fn run_end<F: Family>(chunk: &[u8], from: usize, member: usize) -> usize {
    let after = chunk.get((from + 1) * F::WIDTH..).unwrap_or_default();
    let same = after
        .chunks_exact(F::WIDTH)
        .take_while(|b| key::<F>(b) == member)
        .count();
    from + 1 + same
}

/// The index in [`Family::DECLARATIONS`] of the member whose identity `bytes` carry, or one
/// past the last for bytes no member claims: the key the batch groups and follows runs by.
#[inline(always)]
fn key<F: Family>(bytes: &[u8]) -> usize {
    F::member_index(bytes).unwrap_or(F::DECLARATIONS.len())
}

/// Which members of a chunk a call of the batch's inner loop takes.
#[derive(Debug, Clone, Copy)]
enum Run<'a> {
    /// The members at these indices: a group of a chunk of mixed members, or a run of a chunk
    /// whose identities were read.
    At(&'a [u32]),
    /// The member at this index, and every one after it of the same kind, up to the chunk's end:
    /// a run followed without reading identities ahead.
    From(usize),
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

/// The indices of a chunk's members in stream order.
const IDENTITY: [u32; CHUNK] = {
    let mut at = [0u32; CHUNK];
    let mut i = 0;
    while i < CHUNK {
        at[i] = i as u32;
        i += 1;
    }
    at
};

/// The chunk loop of the batch calls: `run(member, chunk, origin, run, ahead)` is called for
/// each run of one member, in stream order, up to the point where a chunk stops being in runs
/// ([`runs_until`]), then for each group of one member of the rest of the chunk, in member
/// order. A run followed without identities is a [`Run::From`], and the call returns where it
/// ended; a run or group found from the identities is a [`Run::At`], the indices (in members)
/// of its members in `chunk`, with `ahead` reading the next chunk's identities, one a call.
/// `chunk`'s first byte is at `origin` in the stream.
#[inline(always)]
fn each_group<F: Family>(
    stream: &[u8],
    mut run: impl FnMut(usize, &[u8], usize, Run<'_>, &mut Ahead<'_, F>) -> usize,
) -> Option<Trailing> {
    let width = F::WIDTH;
    let whole = stream.len() - stream.len() % width;
    let (body, rest) = stream.split_at(whole);
    // Member index of every member of the chunk; `unknown` for bytes no member claims.
    let unknown = F::DECLARATIONS.len();
    let mut keys = vec![0u32; CHUNK];
    let mut next = vec![0u32; CHUNK];
    let mut order = IDENTITY.to_vec();
    let mut starts = vec![0u32; unknown + 2];
    let mut ends = Vec::with_capacity(CHUNK);
    // Whether the stream is in long runs, followed without reading identities; if not, `keys`
    // holds the chunk's identities, read while the chunk before it was decoded.
    let mut following = !F::WORDS;
    let mut chunks = body.chunks(CHUNK * width).enumerate().peekable();
    if let Some((_, first)) = chunks.peek().filter(|_| !following) {
        let mut ahead = Ahead::<F>::new(first, &mut keys);
        while ahead.step() {}
    }
    while let Some((c, chunk)) = chunks.next() {
        let origin = c * CHUNK * width;
        let n = chunk.len() / width;
        // The members before `mixed` are visited in stream order, run by run; the rest grouped.
        let followed = following;
        let mixed = if followed {
            let from = follow(chunk, origin, &mut run);
            let rest = chunk.get(from * width..).unwrap_or_default();
            let mut ahead = Ahead::<F>::new(rest, keys.get_mut(from..).unwrap_or_default());
            while ahead.step() {}
            from
        } else if F::WORDS {
            0
        } else {
            runs_until(&keys[..n], &mut ends)
        };
        following = mixed >= n;
        // A chunk in runs throughout is followed by the runs mode: no identities read ahead.
        let upcoming = match chunks.peek() {
            Some((_, b)) if !following => *b,
            _ => &[][..],
        };
        let mut ahead = Ahead::<F>::new(upcoming, &mut next);
        if !followed && mixed > 0 {
            let mut start = 0;
            for &end in &ends {
                let member = keys.get(start as usize).map_or(unknown, |&k| k as usize);
                let run_at = IDENTITY
                    .get(start as usize..end as usize)
                    .unwrap_or_default();
                run(member, chunk, origin, Run::At(run_at), &mut ahead);
                start = end;
            }
        }
        if mixed < n {
            let rest = chunk.get(mixed * width..).unwrap_or_default();
            group(&keys[mixed..n], &mut starts, &mut order);
            let mut start = 0;
            for (member, &end) in starts.iter().take(unknown + 1).enumerate() {
                let group = order.get(start as usize..end as usize).unwrap_or_default();
                run(
                    member,
                    rest,
                    origin + mixed * width,
                    Run::At(group),
                    &mut ahead,
                );
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

/// Follows the runs of one member of `chunk` in stream order, each a call of `run` with
/// [`Run::From`], up to the end of the first [`short`] run. Returns the index of the first
/// member not taken: the chunk's length when it was all taken.
#[inline(always)]
fn follow<F: Family>(
    chunk: &[u8],
    origin: usize,
    run: &mut impl FnMut(usize, &[u8], usize, Run<'_>, &mut Ahead<'_, F>) -> usize,
) -> usize {
    let n = chunk.len() / F::WIDTH;
    let mut none = Ahead::<F>::new(&[], &mut []);
    let mut from = 0;
    while from < n {
        let member = key::<F>(chunk.get(from * F::WIDTH..).unwrap_or_default());
        let end = run(member, chunk, origin, Run::From(from), &mut none).max(from + 1);
        if short(from, end, n) {
            return end;
        }
        from = end;
    }
    from
}

/// Whether the run of members `from..end` of a chunk of `n` is short: fewer than [`LONG_RUNS`]
/// members, and neither the chunk's first run nor its last (those may be the ends of runs that
/// go on in the chunks beside it). A chunk is visited in stream order up to the end of its
/// first short run, and grouped by member after it.
#[inline(always)]
fn short(from: usize, end: usize, n: usize) -> bool {
    end - from < LONG_RUNS && from > 0 && end < n
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
            (Some(bytes), Some(slot)) if !bytes.is_empty() => {
                *slot = key::<F>(bytes) as u32;
                self.at += 1;
                true
            }
            _ => false,
        }
    }
}

/// Where the chunk whose member indices are `keys` stops being in runs: at the end of its first
/// [`short`] run, or its end. The ends of the runs up to that point go into `ends` (the last is
/// the point itself). A run of one member may mix its opcodes (a TensorTensor stream of 0x41
/// and 0x51 bundles is one run).
fn runs_until(keys: &[u32], ends: &mut Vec<u32>) -> usize {
    ends.clear();
    let n = keys.len();
    let mut from = 0;
    while let Some(&key) = keys.get(from) {
        let rest = keys.get(from..).unwrap_or_default();
        let end = from + rest.iter().take_while(|&&k| k == key).count();
        ends.push(end as u32);
        if short(from, end, n) {
            return end;
        }
        from = end;
    }
    n
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

/// Hands `visit` the offset and the decoding of the member of `chunk` at index `from` and of
/// every one after it of member `member` ([`key`]), up to the chunk's end: the loop
/// [`Family::decode_follow`] runs for one member, with that member's `decode`. Returns the
/// index of the first member it did not take.
#[doc(hidden)]
#[inline(always)]
pub fn follow_run_of<F: Family, V: FnMut(usize, &Result<F, DecodeError>)>(
    chunk: &[u8],
    origin: usize,
    member: usize,
    from: usize,
    visit: &mut V,
    decode: impl Fn(&[u8]) -> Result<F, DecodeError>,
) -> usize {
    let width = F::WIDTH;
    let start = from * width;
    let mut offset = start;
    for bytes in chunk.get(start..).unwrap_or_default().chunks_exact(width) {
        // The first member is of the run: the caller found its member.
        if offset > start && key::<F>(bytes) != member {
            break;
        }
        visit(origin + offset, &decode(bytes));
        offset += width;
    }
    offset / width
}

#[cfg(test)]
mod tests {
    use super::{CHUNK, LONG_RUNS, runs_until};
    use proptest::prelude::*;

    /// The rule as stated, checked member by member: the runs, in order, up to the end of the
    /// first one shorter than `LONG_RUNS` that neither begins nor ends the chunk.
    fn runs_one_by_one(keys: &[u32]) -> (usize, Vec<u32>) {
        let mut starts: Vec<usize> = (1..keys.len())
            .filter(|&i| keys[i - 1] != keys[i])
            .collect();
        starts.insert(0, 0);
        let mut ends = Vec::new();
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(keys.len());
            ends.push(end as u32);
            if end - start < LONG_RUNS && k > 0 && end < keys.len() {
                return (end, ends);
            }
        }
        (keys.len(), ends)
    }

    /// A chunk's member indices as runs of a few members, up to a chunk long: runs around the
    /// threshold of 16 members, and far from it on either side.
    fn chunk_keys() -> impl Strategy<Value = Vec<u32>> {
        prop::collection::vec((0u32..4, 1usize..40), 1..60).prop_map(|runs| {
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
        fn runs_until_finds_the_runs_the_rule_states(keys in chunk_keys()) {
            let mut ends = vec![7, 7];
            let until = runs_until(&keys, &mut ends);
            prop_assert_eq!((until, ends), runs_one_by_one(&keys));
        }
    }

    #[test]
    fn a_run_of_fifteen_inside_a_chunk_ends_its_runs_and_one_at_either_end_does_not() {
        let runs = |lengths: &[usize]| -> Vec<u32> {
            let keys = lengths.iter().enumerate();
            keys.flat_map(|(k, &n)| std::iter::repeat_n(k as u32 % 2, n))
                .collect()
        };
        let mut ends = Vec::new();
        let long = runs(&[3, 16, 16, 200, 21]);
        assert_eq!(runs_until(&long, &mut ends), CHUNK);
        assert_eq!(ends, [3, 19, 35, 235, 256]);
        let inner = runs(&[3, 16, 15, 201, 21]);
        assert_eq!(runs_until(&inner, &mut ends), 34);
        assert_eq!(ends, [3, 19, 34]);
        let last = runs(&[100, 155, 1]);
        assert_eq!(runs_until(&last, &mut ends), CHUNK);
    }
}
