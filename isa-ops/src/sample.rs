//! Sample bundles shaped by a declaration's field table: the header right, every reserved bit
//! zero, every field's bits random (a table field's mostly one of its table's codes). Most of them decode; the ones that do are valid bundles of
//! every op, drawn without writing a generator per op. Benchmarks, property tests and fuzz seeds
//! use them; differential tests use [`damaged`] streams, bad input made from a good stream.

use isa_core::FieldKind;

use crate::dispatch::{BUNDLE_SIZE, Declaration, decode_any};

/// A small deterministic generator (SplitMix64): samples are reproducible from a seed.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting at `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// One bundle of `decl` with random field bits: opcode drawn from its opcodes,
/// `inst_word_len` and constants as declared, reserved bits zero.
pub fn shaped(decl: &Declaration, rng: &mut SplitMix64) -> [u8; BUNDLE_SIZE] {
    let mut b = [0u8; BUNDLE_SIZE];
    for f in decl.fields {
        let (first, last) = (f.first_bit(), f.last_bit());
        match f.kind {
            FieldKind::Reserved | FieldKind::Identity { .. } => {}
            FieldKind::Constant(v) => set_bits(&mut b, first, last, v),
            FieldKind::Opcode => {
                let n = decl.opcodes().len().max(1) as u64;
                let pick = decl
                    .opcodes()
                    .get((rng.next_u64() % n) as usize)
                    .copied()
                    .unwrap_or(0);
                set_bits(&mut b, first, last, u64::from(pick));
            }
            FieldKind::Value => {
                let width = last + 1 - first;
                // A table field holds one of its table's codes most of the time, so that a
                // layout with several sparse tables still decodes often; otherwise any bits.
                let codes = f.lut.map(|lut| lut.entries()).unwrap_or_default();
                let n = codes.len().max(1) as u64;
                if !rng.next_u64().is_multiple_of(8)
                    && let Some(&(_, code)) = codes.get((rng.next_u64() % n) as usize)
                {
                    set_bits(&mut b, first, last, u64::from(code));
                    continue;
                }
                if width <= 8 {
                    // Enumerations, table codes and flags live in the low codes of a byte: draw
                    // from those most of the time so most shapes decode.
                    let value = match rng.next_u64() % 4 {
                        0 | 1 => rng.next_u64() % 4,
                        2 => rng.next_u64() % 32,
                        _ => rng.next_u64(),
                    };
                    set_bits(&mut b, first, last, value);
                    continue;
                }
                let mut bit = first;
                while bit <= last {
                    let word = rng.next_u64();
                    let take = (last + 1 - bit).min(64);
                    set_bits(&mut b, bit, bit + take - 1, word);
                    bit += take;
                }
            }
        }
    }
    b
}

/// Up to `n` bundles of `decl` that decode, trying at most `512 * n` shapes.
pub fn valid(decl: &Declaration, n: usize, rng: &mut SplitMix64) -> Vec<[u8; BUNDLE_SIZE]> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n.saturating_mul(512) {
        if out.len() == n {
            break;
        }
        let b = shaped(decl, rng);
        if decode_any(&b).is_ok() {
            out.push(b);
        }
    }
    out
}

/// `n` streams of bad input made from `clean`, a stream of members `unit` bytes wide, each by one
/// kind of damage in turn: up to eight bit flips anywhere; a cut anywhere (trailing bytes); the
/// first byte of up to four members set at random (unknown opcodes); random bits set in one byte
/// (reserved bits, table codes with no value, fixed bytes); random bytes, up to twice as many.
pub fn damaged(clean: &[u8], unit: usize, n: usize, rng: &mut SplitMix64) -> Vec<Vec<u8>> {
    (0..n)
        .map(|k| {
            let mut s = clean.to_vec();
            let mut below = |n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
            match k % 5 {
                0 => {
                    for _ in 0..=below(8) {
                        let (at, bit) = (below(s.len()), below(8));
                        s.get_mut(at).into_iter().for_each(|b| *b ^= 1 << bit);
                    }
                }
                1 => s.truncate(below(s.len())),
                2 => {
                    for _ in 0..=below(4) {
                        let (at, byte) = (below(s.len() / unit.max(1)) * unit, below(256));
                        s.get_mut(at).into_iter().for_each(|b| *b = byte as u8);
                    }
                }
                3 => {
                    let (at, bits) = (below(s.len()), below(256));
                    s.get_mut(at).into_iter().for_each(|b| *b |= bits as u8);
                }
                _ => {
                    s = (0..below(2 * clean.len()))
                        .map(|_| below(256) as u8)
                        .collect()
                }
            }
            s
        })
        .collect()
}

fn set_bits(b: &mut [u8], first: usize, last: usize, value: u64) {
    for (k, bit) in (first..=last).enumerate() {
        if let Some(byte) = b.get_mut(bit / 8) {
            let on = k < 64 && (value >> k) & 1 == 1;
            if on {
                *byte |= 1 << (bit % 8);
            } else {
                *byte &= !(1 << (bit % 8));
            }
        }
    }
}
