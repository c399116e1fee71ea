//! The rows of `tables(data)`, written a segment of the stream at a time.
//!
//! [`plan`] cuts the stream into segments of [`SEGMENT`] bundles and each segment into parts,
//! one per thread, and counts the bundles each op claims in each part (its identity alone, one
//! table load a bundle); it finds the first bundle of each op that decodes, from which the op's
//! [`Layout`] is read once. [`fill`] then writes one segment's rows into a buffer with a place
//! for every claimed bundle's row, op after op in [`Family::DECLARATIONS`] order and within an
//! op part after part: each part decodes with [`Family::decode_batch`] on its own thread, and
//! each bundle that decodes goes into the next row of its op's place, the generated field
//! visitor showing the values and `Writer` storing each at the slot the layout gives it,
//! checking only that the value is of the slot's kind and fits it (a bundle it refuses is
//! walked again to say why, so the walk of every other bundle keeps nothing for a message).
//! Claimed bundles that do not decode leave their row unwritten, and the rows after them are
//! moved up, so each op's rows of a segment are contiguous and in stream order. The caller
//! copies them to where the op's rows of the whole stream are.
//!
//! Values shown by their name alone are numbered per part and renumbered in stream order as
//! the parts are joined, so the numbers do not depend on how the stream was cut.

use std::ops::Range;

use isa_core::visit::{Enumerated, Key, Nest, Value, Visitor};
use isa_core::{Family, FieldError};
use rayon::prelude::*;

use super::{Layout, Names, OFFSET_WIDTH, Slot, Store, TableError, layout};

/// Bundles per segment: 64 Ki bundles, about 8 MB of rows, so the buffer a segment is written
/// into stays small beside the rows of the whole stream.
pub const SEGMENT: usize = 1 << 16;

/// The fewest bundles a part holds: below this a segment is not split across threads, since
/// handing a part to a thread costs more than decoding it.
const MIN_PART: usize = 4_096;

/// What [`fill`] needs: the segments of the stream and their parts, what each op claims in
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

    /// How many segments.
    pub fn segments(&self) -> usize {
        self.segments.len()
    }

    /// The bytes of the rows of every claimed bundle of member `m` in the whole stream.
    pub fn claimed_bytes(&self, m: usize) -> usize {
        let parts = self.segments.iter().flatten();
        self.itemsize(m)
            * parts
                .map(|p| p.claimed.get(m).copied().unwrap_or(0))
                .sum::<usize>()
    }

    /// The bytes of the rows of every claimed bundle of segment `s`.
    pub fn segment_bytes(&self, s: usize) -> usize {
        let parts = self.segments.get(s).map(Vec::as_slice).unwrap_or_default();
        parts
            .iter()
            .flat_map(|p| p.claimed.iter().enumerate())
            .map(|(m, n)| n * self.itemsize(m))
            .sum()
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

/// Writes the row of every bundle of segment `s` of `stream` that decodes into `out` (of
/// [`Plan::segment_bytes`] bytes); per member of [`Family::DECLARATIONS`], the bytes of `out`
/// its rows take, contiguous and in stream order.
pub fn fill<F: Family>(
    plan: &mut Plan,
    s: usize,
    stream: &[u8],
    out: &mut [u8],
) -> Result<Vec<Range<usize>>, TableError> {
    let parts = plan.segments.get(s).map(Vec::as_slice).unwrap_or_default();
    let places = places(&plan.layouts, parts);
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
    Ok(join(&mut plan.layouts, &places, &done, out))
}

/// The place of op `m`'s rows from part `p`: `places[m][p]`, a byte range of the buffer.
type Places = Vec<Vec<Range<usize>>>;

/// Where the rows of each op from each part go: op after op, within an op part after part.
fn places(layouts: &[Option<Layout>], parts: &[Part]) -> Places {
    let mut at = 0;
    layouts
        .iter()
        .enumerate()
        .map(|(m, layout)| {
            let itemsize = layout.as_ref().map_or(0, |l| l.itemsize);
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
/// each op.
fn split<'a>(
    mut out: &'a mut [u8],
    places: &Places,
    parts: &[Part],
) -> Vec<(Range<usize>, Vec<&'a mut [u8]>)> {
    let mut cells: Vec<Vec<&'a mut [u8]>> = parts.iter().map(|_| Vec::new()).collect();
    for op in places {
        for (place, cells) in op.iter().zip(cells.iter_mut()) {
            let len = place.len().min(out.len());
            let (cell, rest) = std::mem::take(&mut out).split_at_mut(len);
            cells.push(cell);
            out = rest;
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
    scratch: Scratch,
}

/// Writes the rows of the bundles of `bytes` (at `origin` in the stream) that decode into
/// `cells`, each op's place in this part.
fn fill_part<F: Family>(
    bytes: &[u8],
    origin: usize,
    layouts: &[Option<Layout>],
    mut cells: Vec<&mut [u8]>,
) -> Written {
    let mut written = Written {
        rows: vec![0; layouts.len()],
        seen: layouts
            .iter()
            .map(|l| {
                l.as_ref()
                    .map_or_else(Vec::new, |l| vec![Vec::new(); l.names.len()])
            })
            .collect(),
        error: None,
        scratch: Scratch(Box::new([0; SCRATCH + 8])),
    };
    F::decode_batch(bytes, |offset, decoded| {
        if decoded.is_err() {
            return;
        }
        let bundle = bytes.get(offset..).unwrap_or_default();
        if let Err(e) = write_row::<F>(bundle, origin + offset, layouts, &mut cells, &mut written)
            && written
                .error
                .as_ref()
                .is_none_or(|old| old.offset > e.offset)
        {
            written.error = Some(e);
        }
    });
    written
}

/// Writes the row of `bundle`, which decodes, at `offset` in the stream.
#[inline]
fn write_row<F: Family>(
    bundle: &[u8],
    offset: usize,
    layouts: &[Option<Layout>],
    cells: &mut [&mut [u8]],
    written: &mut Written,
) -> Result<(), TableError> {
    let fault = |op: &'static str, what: String| TableError { offset, op, what };
    let view = F::view(bundle).map_err(|e| fault("bundle", e.to_string()))?;
    let op = || F::view_declaration(&view).name;
    let m = F::member_index(bundle).unwrap_or(usize::MAX);
    let scratch = &mut written.scratch;
    let (Some(Some(layout)), Some(cell), Some(rows), Some(seen)) = (
        layouts.get(m),
        cells.get_mut(m),
        written.rows.get_mut(m),
        written.seen.get_mut(m),
    ) else {
        return Err(fault(op(), "its op has no row layout".into()));
    };
    let row = cell
        .get_mut(*rows * layout.itemsize..(*rows + 1) * layout.itemsize)
        .ok_or_else(|| fault(op(), "more rows than bundles its op claims".into()))?;
    if let Some(cell) = row.first_chunk_mut::<OFFSET_WIDTH>() {
        *cell = (offset as u64).to_le_bytes();
    }
    let left = if layout.itemsize <= SCRATCH {
        let left = walk::<F, Scratch>(&view, layout, scratch, seen);
        let from = scratch.0.get(OFFSET_WIDTH..layout.itemsize);
        if let (Some(to), Some(from)) = (row.get_mut(OFFSET_WIDTH..), from)
            && to.len() == from.len()
        {
            to.copy_from_slice(from);
        }
        left
    } else {
        walk::<F, [u8]>(&view, layout, row, seen)
    };
    let left = left.map_err(|what| fault(op(), what))?;
    if left != 0 {
        return Err(fault(op(), fewer(layout.slots.len() - left, layout)));
    }
    *rows += 1;
    Ok(())
}

/// Walks `view`'s values into `row` at `layout`'s slots; the slots left over. A walk that
/// refuses a value with [`Refused`] is walked again with [`Fault`] for the reason: the rules
/// are the same, so it stops at the same value, and the names it has seen are those the first
/// walk added, in the same order.
#[inline(always)]
fn walk<F: Family, C: Cells + ?Sized>(
    view: &F::View<'_>,
    layout: &Layout,
    row: &mut C,
    seen: &mut [Vec<&'static str>],
) -> Result<usize, Fault> {
    match walk_as::<F, C, Refused>(view, layout, row, seen) {
        Ok(left) => Ok(left),
        Err(Refused) => walk_as::<F, C, Fault>(view, layout, row, seen),
    }
}

/// One walk of [`walk`], refusing with `E`.
#[inline(always)]
fn walk_as<F: Family, C: Cells + ?Sized, E: Refusal>(
    view: &F::View<'_>,
    layout: &Layout,
    row: &mut C,
    seen: &mut [Vec<&'static str>],
) -> Result<usize, E> {
    let mut writer = Writer::<C, E> {
        slots: layout.slots.iter(),
        row,
        seen,
        refusal: std::marker::PhantomData,
    };
    F::visit_view(view, &mut writer)?;
    Ok(writer.slots.len())
}

/// The longest row walked into [`Scratch`]; a longer one is walked in place.
const SCRATCH: usize = 4096;

/// The bytes of one row while its bundle is walked.
trait Cells {
    /// The eight bytes at `at`, where the row has them.
    fn eight(&mut self, at: usize) -> Option<&mut [u8; 8]>;
    /// The `len` bytes at `at`, where the row has them.
    fn span(&mut self, at: usize, len: usize) -> Option<&mut [u8]>;
}

/// A row walked in place.
impl Cells for [u8] {
    #[inline(always)]
    fn eight(&mut self, at: usize) -> Option<&mut [u8; 8]> {
        self.get_mut(at..)?.first_chunk_mut::<8>()
    }

    #[inline(always)]
    fn span(&mut self, at: usize, len: usize) -> Option<&mut [u8]> {
        self.get_mut(at..at.checked_add(len)?)
    }
}

/// A row of up to [`SCRATCH`] bytes, walked into an array of a fixed size and then copied to
/// its place: a place in it is found by a mask, which needs no compare, where a place in a row
/// of any length needs two. Every place of such a row is below [`SCRATCH`], so the mask keeps
/// it as it is.
struct Scratch(Box<[u8; SCRATCH + 8]>);

impl Cells for Scratch {
    #[inline(always)]
    fn eight(&mut self, at: usize) -> Option<&mut [u8; 8]> {
        let at = at & (SCRATCH - 1);
        self.0.get_mut(at..at + 8)?.first_chunk_mut::<8>()
    }

    #[inline(always)]
    fn span(&mut self, at: usize, len: usize) -> Option<&mut [u8]> {
        self.0.get_mut(at..at.checked_add(len)?)
    }
}

#[cold]
fn fewer(shown: usize, layout: &Layout) -> String {
    format!(
        "{shown} values, the op's first bundle has {}",
        layout.slots.len()
    )
}

/// Each op's rows moved up over the rows of its claimed bundles that did not decode, and its
/// category values renumbered in stream order; per op, the bytes its rows take.
fn join(
    layouts: &mut [Option<Layout>],
    places: &Places,
    done: &[Written],
    out: &mut [u8],
) -> Vec<Range<usize>> {
    let mut taken = Vec::with_capacity(layouts.len());
    for (m, (layout, places)) in layouts.iter_mut().zip(places).enumerate() {
        let start = places.first().map_or(0, |p| p.start);
        let mut at = start;
        if let Some(layout) = layout {
            for (place, part) in places.iter().zip(done) {
                let len = part.rows.get(m).copied().unwrap_or(0) * layout.itemsize;
                if place.start != at {
                    out.copy_within(place.start..place.start + len, at);
                }
                let seen = part.seen.get(m).map(Vec::as_slice).unwrap_or_default();
                let rows = out.get_mut(at..at + len).unwrap_or_default();
                renumber(layout, seen, rows);
                at += len;
            }
        }
        taken.push(start..at);
    }
    taken
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
            .map(|name| {
                let n = names.iter().position(|s| s == name).unwrap_or_else(|| {
                    names.push(name);
                    names.len() - 1
                });
                u16::try_from(n).unwrap_or(u16::MAX)
            })
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

/// What the slot writer returns for a value that does not go into its slot.
trait Refusal: Sized {
    /// The refusal whose reason `why` gives.
    fn refuse(why: impl FnOnce() -> String) -> Self;
}

/// Why a bundle's values do not go into its row.
type Fault = String;

impl Refusal for Fault {
    #[cold]
    fn refuse(why: impl FnOnce() -> String) -> Self {
        why()
    }
}

/// A refusal without its reason: the walk that writes every row returns this, so that none of
/// its values is kept for a message (a walk that refuses is walked again with [`Fault`]).
#[derive(Debug)]
struct Refused;

impl Refusal for Refused {
    #[inline(always)]
    fn refuse(_: impl FnOnce() -> String) -> Self {
        Refused
    }
}

/// The visitor that writes a bundle's values into its row, at the slots its op's layout gives.
struct Writer<'a, 's, C: ?Sized, E> {
    slots: std::slice::Iter<'s, Slot>,
    row: &'a mut C,
    seen: &'a mut [Vec<&'static str>],
    refusal: std::marker::PhantomData<E>,
}

impl<C: Cells + ?Sized, E: Refusal> Writer<'_, '_, C, E> {
    /// The slot of the next value.
    #[inline(always)]
    fn slot(&mut self) -> Result<Slot, E> {
        self.slots.next().copied().ok_or_else(|| E::refuse(extra))
    }

    /// Stores the low `width` bytes of `n`, little-endian, at `at`. Where eight bytes fit in the
    /// row they are all stored: the slots are written in order and tile the row, so the bytes
    /// past this slot are written again by the slots after it.
    #[inline(always)]
    fn put(&mut self, at: usize, width: usize, n: u64) -> Result<(), E> {
        let bytes = n.to_le_bytes();
        if let Some(cell) = self.row.eight(at) {
            *cell = bytes;
            return Ok(());
        }
        let stored = self
            .row
            .span(at, width)
            .zip(bytes.get(..width))
            .map(|(cell, b)| cell.copy_from_slice(b))
            .is_some();
        if stored { Ok(()) } else { Err(E::refuse(past)) }
    }

    /// The number of `name` among the names this part has seen at `slot`: the same `&'static
    /// str` is found by its address before its text is compared.
    #[inline(never)]
    fn category(&mut self, slot: Slot, name: &'static str) -> Result<u64, E> {
        let seen = self
            .seen
            .get_mut(slot.names)
            .ok_or_else(|| E::refuse(extra))?;
        let found = seen
            .iter()
            .position(|s| std::ptr::eq(*s, name))
            .or_else(|| seen.iter().position(|s| *s == name));
        let n = match found {
            Some(n) => n,
            None => {
                seen.push(name);
                seen.len() - 1
            }
        };
        Ok(n as u64)
    }
}

/// Whether `n` fits in `width` bytes, unsigned.
#[inline]
const fn fits_unsigned(n: u64, width: usize) -> bool {
    width >= 8 || n >> (width * 8) == 0
}

/// Whether `n` fits in `width` bytes, two's complement.
#[inline]
const fn fits_signed(n: i64, width: usize) -> bool {
    let shift = 64 - 8 * width as u32;
    width >= 8 || (n << shift) >> shift == n
}

#[cold]
fn extra() -> String {
    "more values than the op's first bundle".into()
}

#[cold]
fn past() -> String {
    "a value past the row".into()
}

#[cold]
fn misfit(key: Key, store: Store) -> String {
    format!(
        "`{}` is not stored as {store:?} as in the op's first bundle",
        key.name().unwrap_or("element")
    )
}

#[cold]
fn overflow(key: Key, n: i128, width: usize) -> String {
    format!(
        "`{}` = {n} does not fit in {width} bytes",
        key.name().unwrap_or("element")
    )
}

impl<C: Cells + ?Sized, E: Refusal> Visitor for Writer<'_, '_, C, E> {
    type Error = E;

    #[inline(always)]
    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), E> {
        let slot = self.slot()?;
        let n = match (slot.store, value) {
            (Store::Unsigned(w), Value::Unsigned(n)) if fits_unsigned(n, w) => n,
            (Store::Signed(w), Value::Signed(n)) if fits_signed(n, w) => n as u64,
            (Store::Bool, Value::Bool(b)) => u64::from(b),
            (Store::Code, Value::Code { code, .. }) if fits_unsigned(code, 1) => code,
            (Store::Address, Value::Address(word)) => u64::from(word),
            (Store::Category, Value::Name(name)) => {
                let n = self.category(slot, name)?;
                if !fits_unsigned(n, 2) {
                    return Err(E::refuse(|| overflow(key, i128::from(n), 2)));
                }
                n
            }
            (Store::Bytes(len), Value::Bytes(bytes)) if bytes.len() == len => {
                let cell = self.row.span(slot.at, len).ok_or_else(|| E::refuse(past))?;
                cell.copy_from_slice(bytes);
                return Ok(());
            }
            (store, value) => return Err(E::refuse(|| refusal(key, store, value))),
        };
        self.put(slot.at, slot.store.width(), n)
    }

    #[inline(always)]
    fn enumerated(&mut self, key: Key, value: Enumerated) -> Result<(), E> {
        let slot = self.slot()?;
        match slot.store {
            Store::Code => self.put(slot.at, 1, u64::from(value.code)),
            other => Err(E::refuse(|| misfit(key, other))),
        }
    }

    #[inline]
    fn begin(&mut self, _: Key, _: Nest) -> Result<(), E> {
        Ok(())
    }

    #[inline]
    fn end(&mut self, _: Nest) -> Result<(), E> {
        Ok(())
    }

    #[cold]
    fn undecodable(&mut self, key: Key, error: FieldError) -> Result<(), E> {
        Err(E::refuse(|| {
            format!(
                "`{}` does not decode: {}",
                key.name().unwrap_or("element"),
                error.problem
            )
        }))
    }
}

/// Why `value` does not go in a slot stored as `store`: a number too wide for it, its kind, or
/// opaque bytes of another length.
#[cold]
fn refusal(key: Key, store: Store, value: Value<'_>) -> String {
    let width = store.width();
    match (store, value) {
        (Store::Unsigned(_), Value::Unsigned(n)) | (Store::Code, Value::Code { code: n, .. }) => {
            overflow(key, i128::from(n), width)
        }
        (Store::Signed(_), Value::Signed(n)) => overflow(key, i128::from(n), width),
        (Store::Bytes(len), Value::Bytes(bytes)) => format!(
            "`{}` is {} bytes, {len} in the op's first bundle",
            key.name().unwrap_or("element"),
            bytes.len()
        ),
        _ => misfit(key, store),
    }
}
