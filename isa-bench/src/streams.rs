//! The inputs of the benchmarks: contiguous buffers of 64-byte bundles drawn from the
//! declarations' field tables ([`isa_ops::sample::valid`]), so an op declared later joins the
//! mixed stream without a change here.

use isa_ops::dispatch::{BUNDLE_SIZE, Declaration};
use isa_ops::sample::{SplitMix64, valid};

/// A buffer of whole bundles and how many of each op it holds.
#[derive(Debug, Clone)]
pub struct Stream {
    /// The bundles, back to back.
    pub bytes: Vec<u8>,
    /// `(op name, bundle count)` for every declaration that contributed.
    pub census: Vec<(&'static str, usize)>,
}

impl Stream {
    /// Number of bundles.
    pub fn len(&self) -> usize {
        self.bytes.len() / BUNDLE_SIZE
    }

    /// Whether the stream holds no bundle.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The bundles as 64-byte arrays.
    pub fn bundles(&self) -> &[[u8; BUNDLE_SIZE]] {
        self.bytes.as_chunks::<BUNDLE_SIZE>().0
    }
}

/// `n` bundles of `decl` that decode, reproducible from `seed`. A declaration whose samples
/// rarely decode gives its valid ones again, in order, until there are `n`; one with no valid
/// sample at all gives none.
pub fn of(decl: &Declaration, n: usize, seed: u64) -> Vec<[u8; BUNDLE_SIZE]> {
    let mut rng = SplitMix64::new(seed);
    let mut out = valid(decl, n, &mut rng);
    let drawn = out.len();
    for i in drawn..n {
        match out.get(i % drawn.max(1)).copied() {
            Some(b) => out.push(b),
            None => break,
        }
    }
    out
}

/// `n` bundles spread evenly over `decls` and shuffled, reproducible from `seed`.
pub fn mixed(decls: &[Declaration], n: usize, seed: u64) -> Stream {
    let mut rng = SplitMix64::new(seed);
    let share = n / decls.len().max(1);
    let mut all = Vec::with_capacity(n);
    let mut census = Vec::with_capacity(decls.len());
    for (k, decl) in decls.iter().enumerate() {
        let want = if k + 1 == decls.len() {
            n - share * k
        } else {
            share
        };
        let bundles = of(decl, want, rng.next_u64());
        census.push((decl.name, bundles.len()));
        all.extend(bundles);
    }
    // Fisher-Yates, so the dispatch sees the ops in no pattern.
    for i in (1..all.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        all.swap(i, j);
    }
    Stream {
        bytes: all.into_iter().flatten().collect(),
        census,
    }
}
