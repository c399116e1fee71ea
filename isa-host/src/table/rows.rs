//! The rows of `tables(data)`, written a segment of the stream at a time.
//!
//! [`plan`] cuts the stream into segments of [`SEGMENT`] bundles and each segment into parts,
//! one per thread, and counts the bundles each op claims in each part (its identity alone, one
//! table load a bundle); it finds the first bundle of each op that decodes, from which the op's
//! [`Layout`] is read once. [`write()`] then writes the rows into one buffer with a place for
//! every claimed bundle's row, op after op in [`Family::DECLARATIONS`] order (NumPy's buffer,
//! from Python), a segment at a time: each part of a segment is visited with
//! [`Family::visit_batch`] on its own thread, so each op's bundles are decoded and written in a
//! loop of the op's own, and each bundle that decodes goes into the next row of its op's place
//! in that part, its values written by the table's writer (`writer.rs`).
//! Claimed bundles that do not decode leave their row unwritten, and the rows after them are
//! moved up as the parts are joined, so each op's rows are contiguous and in stream order.
//!
//! Values shown by their name alone are numbered per part and renumbered in stream order as
//! the parts are joined, so the numbers do not depend on how the stream was cut.

use std::ops::Range;

use isa_core::{BatchVisitor, Bundle, Family};
use rayon::prelude::*;

use super::writer::{Scratch, walk};
use super::{Layout, Names, OFFSET_WIDTH, Store, TableError, layout, number};

/// Bundles per segment: 64 Ki bundles, about 8 MB of rows. The threads share the stream a
/// segment at a time, and a segment's rows are still in the cache when its parts are joined.
pub const SEGMENT: usize = 1 << 16;

/// The fewest bundles a part holds: below this a segment is not split across threads, since
/// handing a part to a thread costs more than decoding it.
const MIN_PART: usize = 4_096;

/// What [`write()`] needs: the segments of the stream and their parts, what each op claims in
/// each part, and the layout of every op that has a bundle that decodes.
#[derive(Debug)]
pub struct Plan {
    /// Per member of [`Family::DECLARATIONS`].
    layouts: Vec<Option<Layout>>,
    /// The segments, in stream order, each its parts in stream order.
    segments: Vec<Vec<Part>>,
    /// The threads that write a segment's parts.
    workers: Workers,
}

/// A run of whole bundles of the stream.
#[derive(Debug)]
struct Part {
    /// Its bytes in the stream.
    bytes: Range<usize>,
    /// The bundles each member claims in it.
    claimed: Vec<usize>,
}

impl Plan {
    /// The layout of each member of [`Family::DECLARATIONS`] with a bundle that decodes.
    pub fn layouts(&self) -> &[Option<Layout>] {
        &self.layouts
    }

    /// The bytes of the rows of every claimed bundle of the stream: the buffer [`write()`]
    /// writes into.
    pub fn bytes(&self) -> usize {
        (0..self.layouts.len()).map(|m| self.claimed_bytes(m)).sum()
    }

    /// The bytes of the rows of every claimed bundle of member `m` in the whole stream.
    fn claimed_bytes(&self, m: usize) -> usize {
        let parts = self.segments.iter().flatten();
        self.itemsize(m)
            * parts
                .map(|p| p.claimed.get(m).copied().unwrap_or(0))
                .sum::<usize>()
    }

    fn itemsize(&self, m: usize) -> usize {
        self.layouts
            .get(m)
            .and_then(Option::as_ref)
            .map_or(0, |l| l.itemsize)
    }
}

/// The segments and parts of `stream` for `threads` threads, and the layout of every op with a
/// bundle that decodes (the first in stream order).
pub fn plan<F: Family>(stream: &[u8], threads: usize) -> Result<Plan, TableError> {
    let threads = threads.max(1);
    let (ranges, cuts) = cut(stream.len() / F::WIDTH, F::WIDTH, threads);
    let workers = Workers::new(threads, cuts.iter().any(|&parts| parts > 1));
    let surveys = workers.run(ranges, |range| survey::<F>(stream, range));
    let mut layouts: Vec<Option<Layout>> = F::DECLARATIONS.iter().map(|_| None).collect();
    for (m, slot) in layouts.iter_mut().enumerate() {
        let Some(offset) = surveys.iter().find_map(|(_, first)| first.get(m).copied()?) else {
            continue;
        };
        let bundle = stream.get(offset..).unwrap_or_default();
        let view = F::view(bundle).map_err(|e| TableError {
            offset,
            op: "bundle",
            what: e.to_string(),
        })?;
        let tag = F::TAGS
            .get(m)
            .copied()
            .unwrap_or(F::view_declaration(&view).name);
        *slot = Some(layout::<F>(&view, tag, offset)?);
    }
    let mut parts = surveys.into_iter().map(|(part, _)| part);
    let segments = cuts
        .iter()
        .map(|&n| parts.by_ref().take(n).collect())
        .collect();
    Ok(Plan {
        layouts,
        segments,
        workers,
    })
}

/// The parts of a stream of `bundles` members of `width` bytes, as byte ranges in stream
/// order, and how many parts each segment has: up to `threads`, none under [`MIN_PART`].
fn cut(bundles: usize, width: usize, threads: usize) -> (Vec<Range<usize>>, Vec<usize>) {
    let mut ranges = Vec::new();
    let mut cuts = Vec::new();
    for first in (0..bundles).step_by(SEGMENT) {
        let n = SEGMENT.min(bundles - first);
        let count = threads.min((n / MIN_PART).max(1));
        cuts.push(count);
        ranges.extend((0..count).map(|i| {
            let (a, b) = (first + n * i / count, first + n * (i + 1) / count);
            a * width..b * width
        }));
    }
    (ranges, cuts)
}

/// The bundles each member claims in `range`, and the offset of the first of each that decodes.
fn survey<F: Family>(stream: &[u8], range: Range<usize>) -> (Part, Vec<Option<usize>>) {
    let mut claimed = vec![0usize; F::DECLARATIONS.len()];
    let mut first = vec![None; F::DECLARATIONS.len()];
    let bytes = stream.get(range.clone()).unwrap_or_default();
    for (i, bundle) in bytes.chunks_exact(F::WIDTH).enumerate() {
        let Some(m) = F::member_index(bundle) else {
            continue;
        };
        if let (Some(n), Some(first)) = (claimed.get_mut(m), first.get_mut(m)) {
            *n += 1;
            if first.is_none() && F::decode(bundle).is_ok() {
                *first = Some(range.start + i * F::WIDTH);
            }
        }
    }
    (
        Part {
            bytes: range,
            claimed,
        },
        first,
    )
}

/// Writes the row of every bundle of `stream` that decodes into `out`, a buffer of
/// [`Plan::bytes`] bytes, segment after segment: each member's rows in a place of their own,
/// member after member, contiguous and in stream order. Per member of
/// [`Family::DECLARATIONS`], the bytes of `out` its rows take.
pub fn write<F: Family>(
    plan: &mut Plan,
    stream: &[u8],
    out: &mut [u8],
) -> Result<Vec<Range<usize>>, TableError> {
    if !matches!(plan.workers, Workers::Caller) {
        touch(&plan.workers, out);
    }
    // Where each member's place starts; as the segments are written, where its rows end.
    let starts: Vec<usize> = (0..plan.layouts.len())
        .scan(0, |at, m| {
            let start = *at;
            *at += plan.claimed_bytes(m);
            Some(start)
        })
        .collect();
    let mut ends = starts.clone();
    for s in 0..plan.segments.len() {
        fill::<F>(plan, s, stream, out, &mut ends)?;
    }
    Ok(starts.into_iter().zip(ends).map(|(a, b)| a..b).collect())
}

/// Bytes of `out` each thread touches in turn in [`touch`]: one huge page.
const TOUCHED: usize = 2 << 20;

/// Writes a zero into every 4 KiB page of `out`, on every thread. A fresh buffer's pages are
/// cleared by the kernel when first written, a huge page (2 MiB) at a time where NumPy's buffer
/// gets them. Each op's rows fill its region from its start, the first segment's first part
/// first, and a region is about the size of a huge page, so without this the thread of that
/// first part would be the first to write most pages and clear them while the others wait for
/// it. The rows are written over the zeros.
fn touch(workers: &Workers, out: &mut [u8]) {
    workers.run(out.chunks_mut(TOUCHED).collect(), |chunk| {
        for byte in chunk.iter_mut().step_by(4096) {
            *byte = 0;
        }
    });
}

/// Writes the rows of segment `s`, as [`write()`] does: member `m`'s after `ends[m]`, where its
/// rows of the segments before end, which it moves past them.
fn fill<F: Family>(
    plan: &mut Plan,
    s: usize,
    stream: &[u8],
    out: &mut [u8],
    ends: &mut [usize],
) -> Result<(), TableError> {
    let parts = plan.segments.get(s).map(Vec::as_slice).unwrap_or_default();
    let places = places(&plan.layouts, parts, ends);
    let jobs = split(&mut *out, &places, parts);
    let layouts = &plan.layouts;
    let done = plan.workers.run(jobs, |(part, cells)| {
        let bytes = stream.get(part.clone()).unwrap_or_default();
        fill_part::<F>(bytes, part.start, layouts, cells)
    });
    if let Some(error) = done
        .iter()
        .filter_map(|d| d.error.as_ref())
        .min_by_key(|e| e.offset)
    {
        return Err(error.clone());
    }
    join(&mut plan.layouts, &places, &done, out, ends);
    Ok(())
}

/// The place of op `m`'s rows from part `p`: `places[m][p]`, a byte range of the buffer.
type Places = Vec<Vec<Range<usize>>>;

/// Where the rows of each op from each part go: op `m`'s from `ends[m]` on, part after part.
fn places(layouts: &[Option<Layout>], parts: &[Part], ends: &[usize]) -> Places {
    layouts
        .iter()
        .enumerate()
        .map(|(m, layout)| {
            let itemsize = layout.as_ref().map_or(0, |l| l.itemsize);
            let mut at = ends.get(m).copied().unwrap_or(0);
            parts
                .iter()
                .map(|part| {
                    let len = itemsize * part.claimed.get(m).copied().unwrap_or(0);
                    at += len;
                    at - len..at
                })
                .collect()
        })
        .collect()
}

/// The buffer cut into each part's places: per part, its bytes in the stream and its place for
/// each op. The places of the ops follow each other in the buffer, op after op, each after the
/// rows of the op's earlier segments; a place that does not is left empty.
fn split<'a>(
    mut out: &'a mut [u8],
    places: &Places,
    parts: &[Part],
) -> Vec<(Range<usize>, Vec<&'a mut [u8]>)> {
    let mut cells: Vec<Vec<&'a mut [u8]>> = parts.iter().map(|_| Vec::new()).collect();
    let mut at = 0;
    for op in places {
        for (place, cells) in op.iter().zip(cells.iter_mut()) {
            let gap = place.start.saturating_sub(at).min(out.len());
            let rest = std::mem::take(&mut out).split_at_mut(gap).1;
            let len = if place.start >= at {
                place.len().min(rest.len())
            } else {
                0
            };
            let (cell, rest) = rest.split_at_mut(len);
            cells.push(cell);
            out = rest;
            at = at.max(place.start) + len;
        }
    }
    parts.iter().map(|p| p.bytes.clone()).zip(cells).collect()
}

/// What one part wrote: its rows of each op, the names its category values were numbered by,
/// and the first bundle (by offset) that did not fit its op's layout.
struct Written {
    rows: Vec<usize>,
    seen: Vec<Vec<Vec<&'static str>>>,
    error: Option<TableError>,
}

/// Writes the rows of the bundles of `bytes` (at `origin` in the stream) that decode into
/// `cells`, each op's place in this part.
fn fill_part<F: Family>(
    bytes: &[u8],
    origin: usize,
    layouts: &[Option<Layout>],
    cells: Vec<&mut [u8]>,
) -> Written {
    let mut part = PartWriter {
        origin,
        layouts,
        cells,
        written: Written {
            rows: vec![0; layouts.len()],
            seen: layouts
                .iter()
                .map(|l| {
                    l.as_ref()
                        .map_or_else(Vec::new, |l| vec![Vec::new(); l.names.len()])
                })
                .collect(),
            error: None,
        },
        scratch: Scratch::new(),
    };
    F::visit_batch(bytes, &mut part);
    part.written
}

/// The visitor of a part's bundles: the row of each that decodes, in its op's place, written in
/// a loop of the op's own.
struct PartWriter<'a, 'c> {
    origin: usize,
    layouts: &'a [Option<Layout>],
    cells: Vec<&'c mut [u8]>,
    written: Written,
    /// Where a row too near the end of its place is written first.
    scratch: Scratch,
}

impl BatchVisitor for PartWriter<'_, '_> {
    fn member<B: Bundle>(&mut self, member: usize, offset: usize, bytes: &[u8]) {
        self.group::<B>(member, std::iter::once((offset, bytes)));
    }

    /// Finds op `m`'s layout, place and names once, and writes the row of each of the group's
    /// bundles that decodes.
    #[inline]
    fn group<'b, B: Bundle>(&mut self, m: usize, bundles: impl Iterator<Item = (usize, &'b [u8])>) {
        let Written { rows, seen, error } = &mut self.written;
        let (Some(Some(layout)), Some(cell), Some(rows), Some(seen)) = (
            self.layouts.get(m),
            self.cells.get_mut(m),
            rows.get_mut(m),
            seen.get_mut(m),
        ) else {
            return unplaced::<B>(bundles, self.origin, error);
        };
        let mut place = Place {
            layout,
            cell,
            rows: *rows,
            seen,
            scratch: &mut self.scratch,
        };
        for (offset, bytes) in bundles {
            let offset = self.origin + offset;
            if let Err(e) = place.write::<B>(bytes, offset) {
                keep_first(error, e);
            }
        }
        *rows = place.rows;
    }

    fn unclaimed(&mut self, _: usize) {}
}

/// Keeps in `error` the first (by offset) of it and `e`.
fn keep_first(error: &mut Option<TableError>, e: TableError) {
    if error.as_ref().is_none_or(|old| old.offset > e.offset) {
        *error = Some(e);
    }
}

/// The bundles of an op with no row layout (or no place) in this part: each that decodes is
/// refused. None comes here: the plan gives a layout to every op with a bundle that decodes.
#[cold]
fn unplaced<'b, B: Bundle>(
    bundles: impl Iterator<Item = (usize, &'b [u8])>,
    origin: usize,
    error: &mut Option<TableError>,
) {
    for (offset, bytes) in bundles {
        if B::view_prefix(bytes).is_ok_and(|wire| B::decode(wire).is_ok()) {
            let what = "its op has no row layout".into();
            let offset = origin + offset;
            keep_first(
                error,
                TableError {
                    offset,
                    op: B::NAME,
                    what,
                },
            );
        }
    }
}

/// One op's place in a part, while its group of a chunk is written.
struct Place<'p, 'c> {
    layout: &'p Layout,
    cell: &'p mut &'c mut [u8],
    /// The rows written in it so far.
    rows: usize,
    seen: &'p mut [Vec<&'static str>],
    scratch: &'p mut Scratch,
}

impl Place<'_, '_> {
    /// Writes the row of `bytes`, a `B` at `offset` in the stream, if it decodes: a bundle
    /// decodes when its fixed bits are right and the walk finds every field decodable
    /// ([`Bundle::fixed_ok`]), so its fields are not decoded twice.
    #[inline(always)]
    fn write<B: Bundle>(&mut self, bytes: &[u8], offset: usize) -> Result<(), TableError> {
        let Ok(wire) = B::view_prefix(bytes) else {
            return Ok(());
        };
        if !B::fixed_ok(wire) {
            return Ok(());
        }
        let fault = |what: String| TableError {
            offset,
            op: B::NAME,
            what,
        };
        let itemsize = self.layout.itemsize;
        // The row and the rest of the place after it.
        let rest = self
            .cell
            .get_mut(self.rows * itemsize..)
            .filter(|rest| rest.len() >= itemsize)
            .ok_or_else(|| fault("more rows than bundles its op claims".into()))?;
        if let Some(cell) = rest.first_chunk_mut::<OFFSET_WIDTH>() {
            *cell = (offset as u64).to_le_bytes();
        }
        if walk::<B>(wire, self.layout, self.scratch, rest, self.seen).map_err(fault)? {
            self.rows += 1;
        }
        Ok(())
    }
}

/// Each op's rows moved up to `ends`, over the rows of its claimed bundles that did not decode,
/// its category values renumbered in stream order, and `ends` moved past them.
fn join(
    layouts: &mut [Option<Layout>],
    places: &Places,
    done: &[Written],
    out: &mut [u8],
    ends: &mut [usize],
) {
    let ops = layouts.iter_mut().zip(places).zip(ends.iter_mut());
    for (m, ((layout, places), end)) in ops.enumerate() {
        let Some(layout) = layout else { continue };
        for (place, part) in places.iter().zip(done) {
            let len = part.rows.get(m).copied().unwrap_or(0) * layout.itemsize;
            if len > 0 && place.start != *end {
                out.copy_within(place.start..place.start + len, *end);
            }
            let seen = part.seen.get(m).map(Vec::as_slice).unwrap_or_default();
            let rows = out.get_mut(*end..*end + len).unwrap_or_default();
            renumber(layout, seen, rows);
            *end += len;
        }
    }
}

/// Adds the names a part numbered its category values by (`seen`, per entry of the layout's
/// names) to the layout's, and rewrites the part's `rows` where a number changes.
fn renumber(layout: &mut Layout, seen: &[Vec<&'static str>], rows: &mut [u8]) {
    for (i, local) in seen.iter().enumerate() {
        let Some((_, Names::Seen(names))) = layout.names.get_mut(i) else {
            continue;
        };
        let global: Vec<u16> = local
            .iter()
            .map(|name| u16::try_from(number(names, name)).unwrap_or(u16::MAX))
            .collect();
        if global.iter().enumerate().all(|(j, &g)| usize::from(g) == j) {
            continue;
        }
        let slots = layout
            .slots
            .iter()
            .filter(|s| s.names == i && s.store == Store::Category);
        for slot in slots {
            for row in rows.chunks_exact_mut(layout.itemsize) {
                if let Some(cell) = row
                    .get_mut(slot.at..)
                    .and_then(|c| c.first_chunk_mut::<2>())
                {
                    let local = usize::from(u16::from_le_bytes(*cell));
                    *cell = global.get(local).copied().unwrap_or(u16::MAX).to_le_bytes();
                }
            }
        }
    }
}

/// The threads parts run on.
#[derive(Debug)]
enum Workers {
    /// The calling thread.
    Caller,
    /// Rayon's global pool, when it has as many threads as asked for.
    Global,
    /// A pool of the number asked for.
    Own(rayon::ThreadPool),
}

impl Workers {
    /// `threads` threads, where the stream has parts to share (`split`).
    fn new(threads: usize, split: bool) -> Self {
        if threads <= 1 || !split {
            return Workers::Caller;
        }
        if threads == rayon::current_num_threads() {
            return Workers::Global;
        }
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => Workers::Own(pool),
            Err(_) => Workers::Caller,
        }
    }

    /// Runs `job` on each item, and returns the results in the items' order.
    fn run<T: Send, R: Send>(&self, items: Vec<T>, job: impl Fn(T) -> R + Sync + Send) -> Vec<R> {
        match self {
            Workers::Caller => items.into_iter().map(job).collect(),
            Workers::Global => items.into_par_iter().map(job).collect(),
            Workers::Own(pool) => pool.install(|| items.into_par_iter().map(job).collect()),
        }
    }
}
