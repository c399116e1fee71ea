//! The inputs of the benchmarks: contiguous buffers of 64-byte bundles drawn from the
//! declarations' field tables ([`isa_ops::sample::valid`]), so an op declared later joins the
//! mixed stream without a change here.

use isa_ops::decode_any;
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

    /// The same bundles sorted by opcode (stably): the order a stream of long runs of one op
    /// has.
    pub fn sorted_by_opcode(&self) -> Stream {
        let mut bundles = self.bundles().to_vec();
        bundles.sort_by_key(|b| b[0]);
        Stream {
            bytes: bundles.into_iter().flatten().collect(),
            census: self.census.clone(),
        }
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
    shuffled(all, census, &mut rng)
}

/// Bundles that decode and validate without a finding: every declaration's samples that pass
/// every validator, and every bundle of `extra` that does (e.g. `examples/kernel.bin`, for the
/// ops whose random samples never pass), repeated in turn up to `n` and shuffled, reproducible
/// from `seed`. An op with no passing bundle in either is absent from the census.
pub fn clean(decls: &[Declaration], extra: &[u8], n: usize, seed: u64) -> Stream {
    let mut rng = SplitMix64::new(seed);
    let passes = |b: &[u8; BUNDLE_SIZE]| decode_any(b).is_ok_and(|op| op.validate().is_empty());
    let extra: Vec<[u8; BUNDLE_SIZE]> = extra.as_chunks().0.to_vec();
    let mut pools: Vec<(&'static str, Vec<[u8; BUNDLE_SIZE]>)> = decls
        .iter()
        .map(|decl| {
            let mut pool = of(decl, 4096, rng.next_u64());
            pool.retain(|b| passes(b));
            let own = extra
                .iter()
                .filter(|b| decode_any(&b[..]).is_ok_and(|op| op.name() == decl.name));
            pool.extend(own.filter(|b| passes(b)));
            (decl.name, pool)
        })
        .collect();
    pools.retain(|(_, pool)| !pool.is_empty());
    let mut all = Vec::with_capacity(n);
    let mut census: Vec<(&'static str, usize)> = pools.iter().map(|(name, _)| (*name, 0)).collect();
    for i in 0..n {
        let k = i % pools.len().max(1);
        if let (Some((_, pool)), Some((_, count))) = (pools.get(k), census.get_mut(k)) {
            all.push(pool[(i / pools.len()) % pool.len()]);
            *count += 1;
        }
    }
    shuffled(all, census, &mut rng)
}

/// The bundles in a random order (Fisher-Yates), so the dispatch sees the ops in no pattern.
fn shuffled(
    mut all: Vec<[u8; BUNDLE_SIZE]>,
    census: Vec<(&'static str, usize)>,
    rng: &mut SplitMix64,
) -> Stream {
    for i in (1..all.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        all.swap(i, j);
    }
    Stream {
        bytes: all.into_iter().flatten().collect(),
        census,
    }
}

/// Bundles in the codec working set the benchmarks and the agreement tests share: 4,096
/// TensorTensor bundles, 256 KiB, resident in L2 and too varied for the branch predictor to
/// learn, as in a real instruction stream.
pub const WORKING_SET: usize = 4096;

/// `n` TensorTensor bundles that decode, reproducible; the first [`WORKING_SET`] of them are the
/// codec working set.
pub fn tensor_tensor(n: usize) -> Vec<[u8; BUNDLE_SIZE]> {
    let decl = Declaration::of::<isa_ops::tensor_tensor::TensorTensor>();
    of(&decl, n, 0x5EED_0001)
}
