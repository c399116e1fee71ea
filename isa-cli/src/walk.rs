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
pub fn walk<T, F, S>(stream: &[u8], per_chunk: F, mut sink: S) -> Result<(), CliError>
where
    T: Send,
    F: Fn(&mut dyn Iterator<Item = Item<'_>>) -> T + Sync,
    S: FnMut(T, &Progress) -> Result<(), CliError>,
{
    let chunk = CHUNK_BUNDLES * BUNDLE_SIZE;
    let progress = Progress::new(stream.len());
    for (b, batch) in stream.chunks(chunk * BATCH_CHUNKS).enumerate() {
        let base = b * chunk * BATCH_CHUNKS;
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
