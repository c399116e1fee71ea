//! Walking a stream of 64-byte bundles on every core, in order, as it is read.
//!
//! The input is read on a thread of its own, ahead of the walk; each batch is whatever has
//! arrived (at most [`BATCH_CHUNKS`] chunks of [`CHUNK_BUNDLES`] bundles, at least one read). The
//! whole bundles of it are cut into chunks, each walked in place by [`Family::walk`] on a
//! rayon worker, and the results are handed to the caller in stream order before the next batch. Memory stays bounded however long
//! the stream is, and a pipe's bundles are reported while its writer still writes. A bundle cut
//! by a read waits for the rest of its bytes; bytes after the last whole bundle at the end of
//! the input are the trailing report. On a terminal a progress bar counts the bytes.

use std::io::IsTerminal;
use std::sync::mpsc;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use isa_core::Family;
pub use isa_host::stream::{Item, items};
use rayon::prelude::*;

use crate::error::CliError;
use crate::io::Source;

/// Bundles per chunk handed to one worker.
const CHUNK_BUNDLES: usize = 1024;
/// Chunks per batch: the most one read takes in, and whose results are held before they are
/// written.
const BATCH_CHUNKS: usize = 64;
/// Streams shorter than this finish before a progress bar would be worth drawing.
const PROGRESS_MIN_BYTES: u64 = 1 << 20;

/// Walks the stream of `source`: `per_chunk` turns the items of one chunk into a result (on any
/// core), `sink` takes the results in stream order. Returns how many bytes the stream held (an
/// empty input is a stream of no bundles).
pub fn walk<B, T, F, S>(source: Source, per_chunk: F, sink: S) -> Result<usize, CliError>
where
    B: Family,
    T: Send,
    F: Fn(&mut dyn Iterator<Item = Item<'_, B>>) -> T + Sync,
    S: FnMut(T, &Progress) -> Result<(), CliError>,
{
    let progress = Progress::new(source.len);
    let mut ahead = ReadAhead::spawn(source);
    let total = walk_sized(
        |buf| ahead.read(buf),
        CHUNK_BUNDLES,
        BATCH_CHUNKS,
        per_chunk,
        sink,
        &progress,
    )?;
    progress.finish();
    Ok(total)
}

/// Bytes per read of the reading thread (a pipe gives at most what it holds).
const READ_BYTES: usize = 1 << 20;
/// Reads the reading thread may be ahead of the walk.
const READS_AHEAD: usize = 8;

/// The input read on a thread of its own, so that the next bytes arrive while the last are
/// walked: a walk takes whatever has arrived (up to a batch), and waits only when nothing has.
pub(crate) struct ReadAhead {
    pieces: mpsc::Receiver<Result<Vec<u8>, CliError>>,
    /// What is left of the last piece.
    pending: Vec<u8>,
}

impl ReadAhead {
    /// Starts reading `source` on a thread of its own.
    pub(crate) fn spawn(mut source: Source) -> Self {
        let (tx, pieces) = mpsc::sync_channel(READS_AHEAD);
        // The thread ends at the input's end, at a read error, or when the walk is gone.
        std::thread::spawn(move || {
            loop {
                let mut piece = vec![0u8; READ_BYTES];
                let sent = match source.read_some(&mut piece) {
                    Ok(0) => return,
                    Ok(n) => {
                        piece.truncate(n);
                        tx.send(Ok(piece))
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                if sent.is_err() {
                    return;
                }
            }
        });
        Self {
            pieces,
            pending: Vec::new(),
        }
    }

    /// Fills `buf` with what has arrived, waiting for one piece when nothing has: `Ok(0)` at the
    /// end of the input.
    pub(crate) fn read(&mut self, buf: &mut [u8]) -> Result<usize, CliError> {
        let mut n = 0;
        loop {
            if self.pending.is_empty() {
                let next = if n == 0 {
                    self.pieces.recv().ok()
                } else {
                    self.pieces.try_recv().ok()
                };
                match next {
                    Some(piece) => self.pending = piece?,
                    None => return Ok(n),
                }
            }
            let room = buf.get_mut(n..).unwrap_or_default();
            let take = self.pending.len().min(room.len());
            match (room.get_mut(..take), self.pending.get(..take)) {
                (Some(dst), Some(src)) if take > 0 => dst.copy_from_slice(src),
                _ => return Ok(n),
            }
            self.pending.drain(..take);
            n += take;
        }
    }
}

/// [`walk`] reading with `read` (`Ok(0)` at the end), in chunks of `chunk_bundles` bundles,
/// `batch_chunks` chunks a batch.
fn walk_sized<B, T, F, S>(
    mut read: impl FnMut(&mut [u8]) -> Result<usize, CliError>,
    chunk_bundles: usize,
    batch_chunks: usize,
    per_chunk: F,
    mut sink: S,
    progress: &Progress,
) -> Result<usize, CliError>
where
    T: Send,
    B: Family,
    F: Fn(&mut dyn Iterator<Item = Item<'_, B>>) -> T + Sync,
    S: FnMut(T, &Progress) -> Result<(), CliError>,
{
    let chunk = chunk_bundles.max(1) * B::WIDTH;
    let mut buf = vec![0u8; chunk * batch_chunks.max(1)];
    // Bytes of `buf` read and not walked yet (less than a bundle after each walk), and the
    // stream offset of the first of them.
    let (mut filled, mut base) = (0, 0);
    loop {
        let n = read(buf.get_mut(filled..).unwrap_or_default())?;
        filled += n;
        let end = n == 0;
        // At the end, the bytes after the last whole bundle are walked too: the trailing report.
        let ready = if end {
            filled
        } else {
            filled - filled % B::WIDTH
        };
        if ready > 0 {
            let batch = buf.get(..ready).unwrap_or_default();
            let results: Vec<(T, usize)> = batch
                .par_chunks(chunk)
                .enumerate()
                .map(|(c, bytes)| {
                    let mut items = items::<B>(bytes, base + c * chunk);
                    (per_chunk(&mut items), bytes.len())
                })
                .collect();
            for (r, len) in results {
                sink(r, progress)?;
                progress.advance(len);
            }
            buf.copy_within(ready..filled, 0);
            filled -= ready;
            base += ready;
        }
        if end {
            return Ok(base);
        }
    }
}

/// The progress bar: drawn on standard error when it is a terminal and the stream is long,
/// hidden otherwise.
pub struct Progress {
    bar: ProgressBar,
    /// Whether standard output shares the terminal (lines written must not cut the bar).
    shared: bool,
}

impl Progress {
    pub(crate) fn new(len: Option<u64>) -> Self {
        let len = len.filter(|&n| n >= PROGRESS_MIN_BYTES);
        let visible = len.is_some() && std::io::stderr().is_terminal();
        let bar = if visible {
            let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr());
            if let Ok(style) =
                ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
            {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        let shared = visible && std::io::stdout().is_terminal();
        Self { bar, shared }
    }

    /// Runs `f`, which writes to standard output; when that is the bar's terminal, the bar is
    /// cleared first and drawn again after.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.shared {
            self.bar.suspend(f)
        } else {
            f()
        }
    }

    pub(crate) fn advance(&self, bytes: usize) {
        self.bar.inc(bytes as u64);
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa_ops::Op;

    const BUNDLE_SIZE: usize = 64;

    /// `n` bundles whose opcode byte is 0x41 and whose byte 4 is the bundle's index.
    fn stream(n: usize, trailing: usize) -> Vec<u8> {
        let mut s = Vec::new();
        for k in 0..n {
            let mut b = [0u8; BUNDLE_SIZE];
            b[0] = 0x41;
            b[1] = 0x10;
            b[4] = k as u8;
            s.extend_from_slice(&b);
        }
        s.extend(std::iter::repeat_n(0xEE, trailing));
        s
    }

    /// `(offset, byte 4)` of every bundle and `(offset, None)` of the trailing report (whose
    /// bytes are `stream`'s 0xEE filler).
    fn record(items: &mut dyn Iterator<Item = Item<'_, Op>>) -> Vec<(usize, Option<u8>)> {
        items
            .map(|item| match item {
                Item::Bundle(b) => (b.offset, Some(b.bytes[4])),
                Item::Trailing(t, tail) => {
                    assert_eq!(tail.len(), t.len);
                    assert!(tail.iter().all(|&b| b == 0xEE));
                    (t.offset, None)
                }
            })
            .collect()
    }

    /// `(offset, byte 4)` of every bundle and `(offset, None)` of the trailing report, in the
    /// order the sink sees, reading `bytes` at most `piece` bytes a read.
    fn walked(bytes: &[u8], piece: usize, chunk: usize, batch: usize) -> Vec<(usize, Option<u8>)> {
        let mut seen = Vec::new();
        let mut rest = bytes;
        let total = walk_sized(
            |buf: &mut [u8]| {
                let n = piece.min(buf.len()).min(rest.len());
                buf[..n].copy_from_slice(&rest[..n]);
                rest = &rest[n..];
                Ok(n)
            },
            chunk,
            batch,
            record,
            |chunk, _| {
                seen.extend(chunk);
                Ok(())
            },
            &Progress::new(None),
        )
        .unwrap();
        assert_eq!(total, bytes.len());
        seen
    }

    #[test]
    fn every_bundle_arrives_once_in_stream_order_with_its_absolute_offset() {
        // 23 bundles in chunks of 2, batches of 3 chunks: four batches, the last one short. Read
        // whole, and in reads that cut bundles (a pipe's): 1 byte, 63, 100, 200 at a time.
        let bytes = stream(23, 10);
        let mut expected: Vec<(usize, Option<u8>)> =
            (0..23).map(|k| (k * BUNDLE_SIZE, Some(k as u8))).collect();
        expected.push((23 * BUNDLE_SIZE, None));
        for piece in [usize::MAX, 1, 63, 100, 200] {
            assert_eq!(walked(&bytes, piece, 2, 3), expected, "reads of {piece}");
        }
    }

    #[test]
    fn a_stream_of_whole_bundles_has_no_trailing_report() {
        for piece in [usize::MAX, 64, 65] {
            let seen = walked(&stream(12, 0), piece, 2, 3);
            assert_eq!(seen.len(), 12);
            assert_eq!(seen.last(), Some(&(11 * BUNDLE_SIZE, Some(11))));
        }
    }

    #[test]
    fn a_file_read_ahead_on_its_thread_arrives_whole_and_in_order() {
        // Larger than one read of the reading thread, with trailing bytes.
        let n = READ_BYTES / BUNDLE_SIZE * 2 + 3;
        let bytes = stream(n, 7);
        let path = std::env::temp_dir().join(format!("isa-walk-{}.bin", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let source = crate::io::Input::File(path.clone()).open().unwrap();
        let mut seen = Vec::new();
        let total = walk(source, record, |chunk, _| {
            seen.extend(chunk);
            Ok(())
        });
        let _ = std::fs::remove_file(&path);
        assert_eq!(total.unwrap(), bytes.len());
        let mut expected: Vec<(usize, Option<u8>)> =
            (0..n).map(|k| (k * BUNDLE_SIZE, Some(k as u8))).collect();
        expected.push((n * BUNDLE_SIZE, None));
        assert_eq!(seen, expected);
    }

    #[test]
    fn less_than_a_bundle_is_only_a_trailing_report() {
        assert_eq!(walked(&stream(0, 5), 2, 2, 3), [(0, None)]);
        assert_eq!(walked(&[], 2, 2, 3), []);
    }
}
