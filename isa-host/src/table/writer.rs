//! Writing one bundle's values into its row: [`walk`].
//!
//! Every row is written by [`Cursor`], which stores each value the generated field visitor shows
//! right after the one before it, at the width its kind and declared type give (what
//! [`Store::of`] says, as the layout was made), and folds each value's [`Store`] into a
//! [`signature`]. The cursor runs in a function of each op's own ([`fast`]), into a window of
//! fixed size that is the row's place itself (or, near the end of the place, a scratch window
//! copied to it): inlined there, the op's visitor starts the cursor from constants, and the
//! widths, kinds, places and signature all fold, so a value costs its load and its store. The
//! row fits its op's [`Layout`] when the walk ends at the row's last byte with the layout's
//! signature and every number in its width. (The signature is a 64-bit hash, not the sequence
//! itself: a bundle whose stores differ from its layout's and still end at the same byte with
//! the same signature would be taken to fit. The layouts come from the declarations, which give
//! every bundle of an op the same stores, so no bundle of a sound declaration can differ at
//! all.) A walk that does not fit is walked again by [`Writer`], which takes each value's slot
//! from the layout, checks it, and says why the first that does not go in does not; so is a
//! walk that meets a category name new to its column, which only [`Writer`] adds. A walk that
//! meets a field that does not decode writes no row: with the fixed bits checked before
//! ([`Bundle::fixed_ok`]), the bundle does not decode.

use isa_core::visit::{Enumerated, Key, Nest, Value, Visitor};
use isa_core::{Bundle, FieldError};

use super::{Layout, OFFSET_WIDTH, Slot, Store, find, number};

/// Walks the values of `wire`, a `B` whose fixed bits are right ([`Bundle::fixed_ok`]), into
/// its row, at the start of `rows` (the row and the bytes after it in its op's place), after
/// the row's offset column; `scratch` is where [`Cursor`] writes a row too near the end of the
/// place, `seen` holds the names each category column has numbered so far. Whether the row was
/// written: not when a field does not decode (the bundle does not). Refuses, with the reason, a
/// bundle whose values do not fit the layout.
#[inline(always)]
pub(super) fn walk<B: Bundle>(
    wire: &B::Wire,
    layout: &Layout,
    scratch: &mut Scratch,
    rows: &mut [u8],
    seen: &mut [Vec<&'static str>],
) -> Result<bool, String> {
    let end = layout.itemsize;
    if end <= WINDOW - 8 {
        let walked = match rows.first_chunk_mut::<WINDOW>() {
            Some(window) => fast::<B>(wire, layout, window, seen),
            None => match fast::<B>(wire, layout, &mut scratch.0, seen) {
                Walked::Fits => match (
                    rows.get_mut(OFFSET_WIDTH..end),
                    scratch.0.get(OFFSET_WIDTH..end),
                ) {
                    (Some(to), Some(from)) => {
                        to.copy_from_slice(from);
                        Walked::Fits
                    }
                    _ => Walked::Misfit,
                },
                other => other,
            },
        };
        match walked {
            Walked::Fits => return Ok(true),
            Walked::Undecodable => return Ok(false),
            Walked::Misfit => {}
        }
    } else if B::decode(wire).is_err() {
        // A row too long for the cursor: its fields are checked before the checked walk.
        return Ok(false);
    }
    let row = rows.get_mut(..end).unwrap_or_default();
    checked::<B>(wire, layout, row, seen).map(|()| true)
}

/// How [`Cursor`]'s walk of a bundle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walked {
    /// Its row is written: the values fit the layout.
    Fits,
    /// A value does not fit the layout, or is a category name new to its column: the bundle
    /// is walked again by [`Writer`].
    Misfit,
    /// A field does not decode.
    Undecodable,
}

/// How [`Cursor`] wrote the row of `wire`, a `B`, into `window`. A function of its own for
/// each op: inlined into it, the op's generated visitor runs the cursor from constants, and the
/// window, an argument, is known to be no other memory, so the cursor's places and signature
/// fold and each value costs its load and its store.
#[inline(never)]
fn fast<B: Bundle>(
    wire: &B::Wire,
    layout: &Layout,
    window: &mut [u8; WINDOW],
    seen: &[Vec<&'static str>],
) -> Walked {
    let mut cursor = Cursor::new(window, seen);
    if B::visit(wire, &mut cursor).is_err() {
        return Walked::Undecodable;
    }
    if cursor.fits && cursor.at == layout.itemsize && cursor.signature == layout.signature {
        Walked::Fits
    } else {
        Walked::Misfit
    }
}

/// The walk of a bundle that [`Cursor`] finds not to fit: each value at its slot, checked, for
/// the reason. Kept out of line: no bundle of a sound declaration comes here.
#[cold]
#[inline(never)]
fn checked<B: Bundle>(
    wire: &B::Wire,
    layout: &Layout,
    row: &mut [u8],
    seen: &mut [Vec<&'static str>],
) -> Result<(), String> {
    let mut writer = Writer {
        slots: layout.slots.iter(),
        row,
        seen,
    };
    B::visit(wire, &mut writer)?;
    match writer.slots.len() {
        0 => Ok(()),
        left => Err(fewer(layout.slots.len() - left, layout)),
    }
}

/// The signature of a sequence of stores: each folded in by a rotation and an exclusive or.
#[inline(always)]
fn fold(signature: u64, store: Store) -> u64 {
    let code = match store {
        Store::Unsigned(w) => 0x100 | w as u64,
        Store::Signed(w) => 0x200 | w as u64,
        Store::Bool => 0x300,
        Store::Code => 0x400,
        Store::Category => 0x500,
        Store::Address => 0x600,
        Store::Bytes(n) => 0x700 | (n as u64) << 12,
    };
    signature.rotate_left(5) ^ code
}

/// The signature of a layout's slots: their stores, in order, folded as [`Cursor`] folds them.
pub(super) fn signature(slots: &[Slot]) -> u64 {
    slots.iter().fold(0, |s, slot| fold(s, slot.store))
}

/// The bytes [`Cursor`] writes a row into: a row of up to `WINDOW - 8` bytes (seven times the
/// longest row of a built-in op, TensorTensor's 70) and the eight after it, which the last
/// value's eight-byte store may reach; a longer row is written by [`Writer`]. A place in a
/// window is found by a mask, which needs no compare, where a place in a row of any length
/// needs two; every place of a row the cursor writes is below `WINDOW`, so the mask keeps it as
/// it is.
pub(super) const WINDOW: usize = 512;

/// The window of a row written near the end of its op's place, where fewer than [`WINDOW`]
/// bytes are left: the row is copied to its place from here. Elsewhere the window is the
/// place itself, and the last value's eight-byte store may reach into the next row's bytes,
/// which that row writes over.
pub(super) struct Scratch(Box<[u8; WINDOW]>);

impl Scratch {
    pub(super) fn new() -> Self {
        Scratch(Box::new([0; WINDOW]))
    }
}

/// A walk [`Cursor`] stops: a value that does not decode. It keeps no reason: [`Writer`] gives
/// it when the bundle is walked again.
#[derive(Debug)]
struct Refused;

/// The visitor that writes each value right after the one before it.
struct Cursor<'a> {
    window: &'a mut [u8; WINDOW],
    /// Where the next value goes.
    at: usize,
    /// The stores so far, folded ([`fold`]).
    signature: u64,
    /// The values so far that have names ([`Layout::names`]): a category value's names are
    /// the entry at this index.
    named: usize,
    seen: &'a [Vec<&'static str>],
    /// Whether every number so far fitted its width, every value the row, and every category
    /// name was one its column had numbered.
    fits: bool,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of a row's values in `window`.
    #[inline(always)]
    fn new(window: &'a mut [u8; WINDOW], seen: &'a [Vec<&'static str>]) -> Self {
        Cursor {
            window,
            at: OFFSET_WIDTH,
            signature: 0,
            named: 0,
            seen,
            fits: true,
        }
    }

    /// The eight bytes at `at`.
    #[inline(always)]
    fn eight(&mut self, at: usize) -> Option<&mut [u8; 8]> {
        let at = at & (WINDOW - 1);
        self.window.get_mut(at..at + 8)?.first_chunk_mut::<8>()
    }

    /// Stores the low bytes of `n` as `store` at the cursor, and moves past them. Where eight
    /// bytes fit in the row they are all stored: the values after this one write over the rest.
    #[inline(always)]
    fn put(&mut self, store: Store, n: u64) {
        let width = store.width();
        let bytes = n.to_le_bytes();
        if let Some(cell) = self.eight(self.at) {
            *cell = bytes;
        } else if let (Some(cell), Some(b)) =
            (span(self.window, self.at, width), bytes.get(..width))
        {
            cell.copy_from_slice(b);
        } else {
            self.fits = false;
        }
        self.at += width;
        self.signature = fold(self.signature, store);
    }

    /// The number of `name` among the names this part has seen in the current category column.
    /// A name new to it does not fit: [`Writer`] adds it, once the bundle is known to decode.
    #[inline(never)]
    fn category(&mut self, name: &'static str) -> u64 {
        let found = self.seen.get(self.named).and_then(|seen| find(seen, name));
        self.fits &= found.is_some();
        found.map_or(0, |n| n as u64)
    }
}

impl Visitor for Cursor<'_> {
    type Error = Refused;

    #[inline(always)]
    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), Refused> {
        let store = Store::of(key, &value);
        let width = store.width();
        let n = match value {
            Value::Unsigned(n) => {
                self.fits &= fits_unsigned(n, width);
                n
            }
            Value::Signed(n) => {
                self.fits &= fits_signed(n, width);
                n as u64
            }
            Value::Bool(b) => u64::from(b),
            Value::Code { code, .. } => {
                self.named += 1;
                self.fits &= fits_unsigned(code, 1);
                code
            }
            Value::Address(word) => u64::from(word),
            Value::Name(name) => {
                let n = self.category(name);
                self.named += 1;
                self.fits &= fits_unsigned(n, 2);
                n
            }
            Value::Bytes(bytes) => {
                match span(self.window, self.at, bytes.len()) {
                    Some(cell) => cell.copy_from_slice(bytes),
                    None => self.fits = false,
                }
                self.at += bytes.len();
                self.signature = fold(self.signature, store);
                return Ok(());
            }
        };
        self.put(store, n);
        Ok(())
    }

    #[inline(always)]
    fn enumerated(&mut self, _: Key, value: Enumerated) -> Result<(), Refused> {
        self.named += 1;
        self.put(Store::Code, u64::from(value.code));
        Ok(())
    }

    #[inline]
    fn begin(&mut self, _: Key, _: Nest) -> Result<(), Refused> {
        Ok(())
    }

    #[inline]
    fn end(&mut self, _: Nest) -> Result<(), Refused> {
        Ok(())
    }

    #[cold]
    fn undecodable(&mut self, _: Key, _: FieldError) -> Result<(), Refused> {
        Err(Refused)
    }
}

/// The visitor that writes a bundle's values into its row at the slots its op's layout gives,
/// checking each, and says why the first value that does not go in does not.
struct Writer<'a, 's> {
    slots: std::slice::Iter<'s, Slot>,
    row: &'a mut [u8],
    seen: &'a mut [Vec<&'static str>],
}

impl Writer<'_, '_> {
    /// The slot of the next value.
    fn slot(&mut self) -> Result<Slot, String> {
        self.slots.next().copied().ok_or_else(extra)
    }

    /// Stores the low `width` bytes of `n`, little-endian, at `at`.
    fn put(&mut self, at: usize, width: usize, n: u64) -> Result<(), String> {
        let bytes = n.to_le_bytes();
        let cell = span(self.row, at, width).ok_or_else(past)?;
        cell.copy_from_slice(bytes.get(..width).ok_or_else(past)?);
        Ok(())
    }
}

/// The `len` bytes of `bytes` at `at`, where it has them.
#[inline(always)]
fn span(bytes: &mut [u8], at: usize, len: usize) -> Option<&mut [u8]> {
    bytes.get_mut(at..at.checked_add(len)?)
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

fn fewer(shown: usize, layout: &Layout) -> String {
    format!(
        "{shown} values, the op's first bundle has {}",
        layout.slots.len()
    )
}

fn extra() -> String {
    "more values than the op's first bundle".into()
}

fn past() -> String {
    "a value past the row".into()
}

fn misfit(key: Key, store: Store) -> String {
    format!(
        "`{}` is not stored as {store:?} as in the op's first bundle",
        key.name().unwrap_or("element")
    )
}

fn overflow(key: Key, n: i128, width: usize) -> String {
    format!(
        "`{}` = {n} does not fit in {width} bytes",
        key.name().unwrap_or("element")
    )
}

impl Visitor for Writer<'_, '_> {
    type Error = String;

    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), String> {
        let slot = self.slot()?;
        let n = match (slot.store, value) {
            (Store::Unsigned(w), Value::Unsigned(n)) if fits_unsigned(n, w) => n,
            (Store::Signed(w), Value::Signed(n)) if fits_signed(n, w) => n as u64,
            (Store::Bool, Value::Bool(b)) => u64::from(b),
            (Store::Code, Value::Code { code, .. }) if fits_unsigned(code, 1) => code,
            (Store::Address, Value::Address(word)) => u64::from(word),
            (Store::Category, Value::Name(name)) => {
                let seen = self.seen.get_mut(slot.names).ok_or_else(extra)?;
                let n = number(seen, name);
                if !fits_unsigned(n, 2) {
                    return Err(overflow(key, i128::from(n), 2));
                }
                n
            }
            (Store::Bytes(len), Value::Bytes(bytes)) if bytes.len() == len => {
                let cell = span(self.row, slot.at, len).ok_or_else(past)?;
                cell.copy_from_slice(bytes);
                return Ok(());
            }
            (store, value) => return Err(refusal(key, store, value)),
        };
        self.put(slot.at, slot.store.width(), n)
    }

    fn enumerated(&mut self, key: Key, value: Enumerated) -> Result<(), String> {
        let slot = self.slot()?;
        match slot.store {
            Store::Code => self.put(slot.at, 1, u64::from(value.code)),
            other => Err(misfit(key, other)),
        }
    }

    fn begin(&mut self, _: Key, _: Nest) -> Result<(), String> {
        Ok(())
    }

    fn end(&mut self, _: Nest) -> Result<(), String> {
        Ok(())
    }

    fn undecodable(&mut self, key: Key, error: FieldError) -> Result<(), String> {
        Err(format!(
            "`{}` does not decode: {}",
            key.name().unwrap_or("element"),
            error.problem
        ))
    }
}

/// Why `value` does not go in a slot stored as `store`: a number too wide for it, its kind, or
/// opaque bytes of another length.
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

#[cfg(test)]
mod tests {
    use isa_core::{Family, PerMember};
    use isa_ops::Op;

    use super::super::{Layout, Store, layout};
    use super::*;

    /// Every bundle of the stream of one bundle of each op, with its op's layout read from it.
    fn every_op() -> Vec<(Vec<u8>, Layout)> {
        let stream = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/every_op.bin"
        ))
        .unwrap();
        let bundles: Vec<Vec<u8>> = stream.chunks_exact(Op::WIDTH).map(<[u8]>::to_vec).collect();
        bundles
            .into_iter()
            .filter(|b| Op::decode(b).is_ok())
            .map(|b| {
                let view = Op::view(&b).unwrap();
                let name = Op::view_declaration(&view).name;
                let layout = layout::<Op>(&view, name, 0).unwrap();
                (b, layout)
            })
            .collect()
    }

    /// `layout` with its slots changed by `change`, and its signature made again from them.
    fn changed(layout: &Layout, change: impl FnOnce(&mut Vec<super::super::Slot>)) -> Layout {
        let mut layout = layout.clone();
        change(&mut layout.slots);
        layout.signature = signature(&layout.slots);
        layout
    }

    /// How a row of one bundle is written in a test, and over what bytes.
    #[derive(Clone, Copy)]
    enum How {
        /// By `walk`, in place where `true` (a window's bytes follow the row's place), into the
        /// scratch window and copied where `false` (none does).
        Walk(bool),
        /// By the cursor alone, into a window of bytes of this value.
        Fast(u8),
        /// By the checked walk alone.
        Checked,
    }

    /// The row `how` writes for a bundle under a layout: `Err` with the refusal, or with "" where
    /// the cursor finds the bundle not to fit.
    struct Write<'a> {
        bundle: &'a [u8],
        layout: &'a Layout,
        how: How,
    }

    impl PerMember for Write<'_> {
        type Output = Result<Vec<u8>, String>;

        fn call<B: Bundle>(self) -> Self::Output {
            let wire = B::view_prefix(self.bundle).unwrap();
            let (layout, scratch) = (self.layout, &mut Scratch::new());
            let room = if matches!(self.how, How::Walk(true)) {
                WINDOW
            } else {
                0
            };
            let mut rows = vec![0xAA; layout.itemsize + room];
            let mut seen = vec![Vec::new(); layout.names.len()];
            match self.how {
                How::Walk(_) => walk::<B>(wire, layout, scratch, &mut rows, &mut seen)
                    .and_then(|written| written.then_some(()).ok_or_else(|| "no row".into())),
                How::Fast(fill) => {
                    scratch.0.fill(fill);
                    let walked = fast::<B>(wire, layout, &mut scratch.0, &seen);
                    rows.copy_from_slice(&scratch.0[..layout.itemsize]);
                    (walked == Walked::Fits)
                        .then_some(())
                        .ok_or_else(String::new)
                }
                How::Checked => checked::<B>(wire, layout, &mut rows, &mut seen),
            }
            .map(|()| rows[..layout.itemsize].to_vec())
        }
    }

    /// The row `how` writes for `bundle` under `layout`.
    fn write(bundle: &[u8], layout: &Layout, how: How) -> Result<Vec<u8>, String> {
        let m = Op::member_index(bundle).unwrap();
        Op::for_member(
            m,
            Write {
                bundle,
                layout,
                how,
            },
        )
        .unwrap()
    }

    /// The row `walk` writes for `bundle` under `layout`, or its refusal: the same in place
    /// and copied from the scratch window.
    fn row(bundle: &[u8], layout: &Layout) -> Result<Vec<u8>, String> {
        let in_place = write(bundle, layout, How::Walk(true));
        assert_eq!(in_place, write(bundle, layout, How::Walk(false)));
        in_place
    }

    #[test]
    fn the_cursor_writes_the_row_the_checked_walk_writes_for_every_op() {
        let ops = every_op();
        assert!(ops.len() > 40, "{} ops", ops.len());
        for (bundle, layout) in &ops {
            let checked = write(bundle, layout, How::Checked).unwrap();
            // Every byte after the offset column is a value's: none is left as it was.
            for fill in [0xAA, 0x55] {
                let fast = write(bundle, layout, How::Fast(fill)).unwrap();
                assert_eq!(
                    fast[OFFSET_WIDTH..],
                    checked[OFFSET_WIDTH..],
                    "{}",
                    layout.tag
                );
            }
            assert_eq!(row(bundle, layout), Ok(checked), "{}", layout.tag);
        }
    }

    /// The first op with a slot stored as an unsigned integer of more than one byte holding a
    /// value over 255, and that slot's index.
    fn wide_value(ops: &[(Vec<u8>, Layout)]) -> (Vec<u8>, Layout, usize) {
        for (bundle, layout) in ops {
            let row = row(bundle, layout).unwrap();
            for (i, slot) in layout.slots.iter().enumerate() {
                if let Store::Unsigned(w) = slot.store
                    && w > 1
                    && row
                        .get(slot.at + 1..slot.at + w)
                        .unwrap()
                        .iter()
                        .any(|&b| b != 0)
                {
                    return (bundle.clone(), layout.clone(), i);
                }
            }
        }
        panic!("no op holds an unsigned value over 255");
    }

    #[test]
    fn a_bundle_that_does_not_fit_its_layout_is_refused_with_the_reason() {
        let ops = every_op();
        let (bundle, layout) = ops.first().cloned().unwrap();
        let n = layout.slots.len();

        let fewer_slots = changed(&layout, |slots| {
            slots.pop();
        });
        assert_eq!(
            row(&bundle, &fewer_slots),
            Err("more values than the op's first bundle".into())
        );

        let more_slots = changed(&layout, |slots| {
            let last = *slots.last().unwrap();
            slots.push(last);
        });
        assert_eq!(
            row(&bundle, &more_slots),
            Err(format!("{n} values, the op's first bundle has {}", n + 1))
        );

        let other_kind = changed(&layout, |slots| slots[0].store = Store::Bytes(3));
        let Err(why) = row(&bundle, &other_kind) else {
            panic!("a value stored as another kind was written");
        };
        assert!(
            why.ends_with("is not stored as Bytes(3) as in the op's first bundle"),
            "{why}"
        );

        let (bundle, wide, i) = wide_value(&ops);
        let narrow = changed(&wide, |slots| slots[i].store = Store::Unsigned(1));
        let Err(why) = row(&bundle, &narrow) else {
            panic!("a value over 255 was written in one byte");
        };
        assert!(why.ends_with("does not fit in 1 bytes"), "{why}");
    }
}
