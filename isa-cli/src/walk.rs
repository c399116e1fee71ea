//! Walking a stream of 64-byte bundles on every core, in order.
//!
//! The stream is cut into chunks of whole bundles; each chunk is walked in place by
//! [`isa_ops::bundles`] on a rayon worker, and the results are handed to the caller in stream
//! order, a batch at a time (so memory stays bounded however long the stream is). On a terminal
//! a progress bar counts the bytes.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use isa_ops::dispatch::{BUNDLE_SIZE, Located, Trailing};
use rayon::prelude::*;

use crate::error::CliError;

/// Bundles per chunk handed to one worker.
const CHUNK_BUNDLES: usize = 1024;
/// Chunks per batch: the results of one batch are held before they are written.
const BATCH_CHUNKS: usize = 64;
/// Streams shorter than this finish before a progress bar would be worth drawing.
const PROGRESS_MIN_BYTES: usize = 1 << 20;

/// One item of the stream, with its absolute offset.
#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    /// A whole bundle (it may still fail to decode).
    Bundle(Located<'a>),
    /// Bytes at the end that do not make a bundle.
    Trailing(Trailing),
}

/// Walks `stream`: `per_chunk` turns the items of one chunk into a result (on any core),
/// `sink` takes the results in stream order.
pub fn walk<T, F, S>(stream: &[u8], per_chunk: F, sink: S) -> Result<(), CliError>
where
    T: Send,
    F: Fn(&mut dyn Iterator<Item = Item<'_>>) -> T + Sync,
    S: FnMut(T, &Progress) -> Result<(), CliError>,
{
    walk_sized(stream, CHUNK_BUNDLES, BATCH_CHUNKS, per_chunk, sink)
}

/// [`walk`] with chunks of `chunk_bundles` bundles, `batch_chunks` chunks a batch.
fn walk_sized<T, F, S>(
    stream: &[u8],
    chunk_bundles: usize,
    batch_chunks: usize,
    per_chunk: F,
    mut sink: S,
) -> Result<(), CliError>
where
    T: Send,
    F: Fn(&mut dyn Iterator<Item = Item<'_>>) -> T + Sync,
    S: FnMut(T, &Progress) -> Result<(), CliError>,
{
    let chunk = chunk_bundles.max(1) * BUNDLE_SIZE;
    let batch_len = chunk * batch_chunks.max(1);
    let progress = Progress::new(stream.len());
    for (b, batch) in stream.chunks(batch_len).enumerate() {
        let base = b * batch_len;
        let results: Vec<(T, usize)> = batch
            .par_chunks(chunk)
            .enumerate()
            .map(|(c, bytes)| {
                let start = base + c * chunk;
                let mut items = isa_ops::bundles(bytes).map(|item| match item {
                    Ok(mut located) => {
                        located.offset += start;
                        Item::Bundle(located)
                    }
                    Err(mut trailing) => {
                        trailing.offset += start;
                        Item::Trailing(trailing)
                    }
                });
                (per_chunk(&mut items), bytes.len())
            })
            .collect();
        for (r, len) in results {
            sink(r, &progress)?;
            progress.advance(len);
        }
    }
    progress.finish();
    Ok(())
}

/// The progress bar: drawn on standard error when it is a terminal and the stream is long,
/// hidden otherwise.
pub struct Progress {
    bar: ProgressBar,
    /// Whether standard output shares the terminal (lines written must not cut the bar).
    shared: bool,
}

impl Progress {
    fn new(len: usize) -> Self {
        let visible = len >= PROGRESS_MIN_BYTES && std::io::stderr().is_terminal();
        let bar = if visible {
            let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
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

    fn advance(&self, bytes: usize) {
        self.bar.inc(bytes as u64);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// `(offset, byte 4)` of every bundle and the trailing report, in the order the sink sees.
    fn walked(bytes: &[u8], chunk: usize, batch: usize) -> Vec<(usize, Option<u8>)> {
        let mut seen = Vec::new();
        walk_sized(
            bytes,
            chunk,
            batch,
            |items| {
                items
                    .map(|item| match item {
                        Item::Bundle(b) => (b.offset, Some(b.bytes[4])),
                        Item::Trailing(t) => (t.offset, None),
                    })
                    .collect::<Vec<_>>()
            },
            |chunk, _| {
                seen.extend(chunk);
                Ok(())
            },
        )
        .unwrap();
        seen
    }

    #[test]
    fn every_bundle_arrives_once_in_stream_order_with_its_absolute_offset() {
        // 23 bundles in chunks of 2, batches of 3 chunks: four batches, the last one short.
        let bytes = stream(23, 10);
        let seen = walked(&bytes, 2, 3);
        let mut expected: Vec<(usize, Option<u8>)> =
            (0..23).map(|k| (k * BUNDLE_SIZE, Some(k as u8))).collect();
        expected.push((23 * BUNDLE_SIZE, None));
        assert_eq!(seen, expected);
    }

    #[test]
    fn a_stream_of_whole_bundles_has_no_trailing_report() {
        let seen = walked(&stream(12, 0), 2, 3);
        assert_eq!(seen.len(), 12);
        assert_eq!(seen.last(), Some(&(11 * BUNDLE_SIZE, Some(11))));
    }
}
