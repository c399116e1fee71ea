//! Addressing from the bytes alone: a descriptor, a dtype and a partition count become an
//! [`Operand`], a checked walk over SBUF or PSUM.
//!
//! Seed 002: the ADDR4 word gives the region, the base partition and the in-partition byte
//! address; the free axes are the descriptor's stride/count arrays, innermost first, in
//! **elements** of the operand's dtype (the dtype size multiplies at walk time); a stride may be
//! zero (a broadcast) or negative (a backward walk). The bundle's partition count gives how many
//! partitions, from the base partition up (SEMANTICS-NOTES §4: every partition follows the same
//! pattern).

use isa_core::{Addr4, Dtype, Tensor};

use crate::error::Problem;
use crate::machine::PARTITIONS;
use crate::numeric::Format;
use crate::space::Space;

/// The most free axes a descriptor has (TENSOR4D, seed 002).
pub const MAX_AXES: usize = 4;

/// The most elements one operand may walk, over all its partitions: 2^26. A reading, not a
/// hardware rule: seed 002 counts are 16 bits wide and a zero stride revisits bytes, so a
/// descriptor can name up to 2^64 elements a partition, which no bundle's staging could hold;
/// twice a whole V4 SBUF of one-byte elements (2^25) is taken as the bound, and a longer walk is
/// refused when the operand is built ([`Problem::TooManyElements`]).
pub const MAX_ELEMENTS: usize = 1 << 26;

/// Where a static ADDR4 word points.
///
/// INFERRED (seed 002, tagged so in [`Addr4::sbuf`] and [`Addr4::psum`]): SBUF words are
/// `(basePartition << 18) + byte address` with the region bits 29..=30 clear; PSUM words have
/// region bit 29 set (`byte3 & 0x60 == 0x20`) and `(basePartition << 15) + byte address` below
/// it. Any other region is refused.
pub fn locate(addr: Addr4) -> Result<(Space, usize, usize), Problem> {
    let low = addr.byte_address();
    let (space, shift) = if addr.is_register() {
        return Err(Problem::UnknownRegion { raw: addr.raw() });
    } else if addr.is_psum() {
        (Space::Psum, Addr4::PSUM_PARTITION_SHIFT)
    } else if addr.byte3() & 0x60 == 0 {
        (Space::Sbuf, Addr4::SBUF_PARTITION_SHIFT)
    } else {
        return Err(Problem::UnknownRegion { raw: addr.raw() });
    };
    let partition = (low >> shift) as usize;
    let byte = (low & ((1 << shift) - 1)) as usize;
    Ok((space, partition, byte))
}

/// A resolved operand: a walk over one memory whose every byte is in range (checked once, when
/// it is built, so reads and writes through it only check defined-ness).
///
/// Element `k` of a partition is at axis indices `k = i0 + n0·(i1 + n1·(i2 + …))` (axis 0
/// innermost, seed 002's slot order) and byte `byte + size·Σ iₐ·strideₐ`. Values are exchanged
/// partition by partition, each partition's elements in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operand {
    /// The operand's name: the bundle field it comes from.
    pub name: &'static str,
    /// The dtype the bundle gives it.
    pub dtype: Dtype,
    /// How its elements are stored.
    pub format: Format,
    /// Its memory.
    pub space: Space,
    /// The first partition.
    pub partition: usize,
    /// How many partitions.
    pub partitions: usize,
    /// The in-partition byte address of element 0.
    pub byte: usize,
    axes: usize,
    strides: [i64; MAX_AXES],
    nums: [usize; MAX_AXES],
}

impl Operand {
    /// The operand `name` at the static word `addr` walking `desc`'s axes, checked against a
    /// memory of `partition_bytes` a partition.
    pub fn new<const N: usize>(
        name: &'static str,
        addr: Addr4,
        desc: &Tensor<N>,
        dtype: Dtype,
        format: Format,
        partitions: usize,
        partition_bytes: usize,
    ) -> Result<Self, Problem> {
        let (space, partition, byte) = locate(addr)?;
        let mut strides = [0; MAX_AXES];
        let mut nums = [1; MAX_AXES];
        for (slot, (&s, &n)) in desc.strides.iter().zip(&desc.nums).enumerate() {
            if n == 0 {
                return Err(Problem::ZeroCount { slot });
            }
            strides[slot] = i64::from(s);
            nums[slot] = usize::from(n);
        }
        let operand = Self {
            name,
            dtype,
            format,
            space,
            partition,
            partitions,
            byte,
            axes: N.min(MAX_AXES),
            strides,
            nums,
        };
        operand.check_range(partition_bytes)?;
        operand.check_elements()?;
        Ok(operand)
    }

    /// The in-partition bytes the walk reaches, `first..end` (the same in every partition;
    /// `first` is negative when a negative stride walks below the partition).
    fn reach(&self) -> (i64, i64) {
        let (lo, hi) = (0..self.axes).fold((0i64, 0i64), |(lo, hi), a| {
            let reach = (self.nums[a] as i64 - 1) * self.strides[a];
            (lo + reach.min(0), hi + reach.max(0))
        });
        let size = self.format.bytes() as i64;
        (
            self.byte as i64 + lo * size,
            self.byte as i64 + (hi + 1) * size,
        )
    }

    /// Whether a byte of `other` may be a byte of this operand: the same memory, a partition
    /// in common and overlapping reaches.
    pub fn overlaps(&self, other: &Operand) -> bool {
        let (a, b) = (self.reach(), other.reach());
        let partitions = |o: &Operand| o.partition..o.partition + o.partitions;
        self.space == other.space
            && partitions(self).start < partitions(other).end
            && partitions(other).start < partitions(self).end
            && a.0 < b.1
            && b.0 < a.1
    }

    /// Whether `other` walks exactly the bytes of this operand in the same order, element for
    /// element (its name and dtype aside, with the same storage format).
    pub fn walks_as(&self, other: &Operand) -> bool {
        Operand {
            name: self.name,
            dtype: self.dtype,
            ..*other
        } == *self
    }

    /// The walk is at most [`MAX_ELEMENTS`] long (counted in `u128`, which no descriptor
    /// overflows: four 16-bit counts and 128 partitions need 71 bits).
    fn check_elements(&self) -> Result<(), Problem> {
        let per: u128 = self.nums[..self.axes].iter().map(|&n| n as u128).product();
        let elements = per * self.partitions as u128;
        if elements > MAX_ELEMENTS as u128 {
            return Err(Problem::TooManyElements {
                elements,
                limit: MAX_ELEMENTS,
            });
        }
        Ok(())
    }

    /// Seed 002's walk stays inside the partitions and the partition's bytes.
    fn check_range(&self, partition_bytes: usize) -> Result<(), Problem> {
        let (first, end) = self.reach();
        let last_partition = self.partition + self.partitions.max(1) - 1;
        if first < 0 || end > partition_bytes as i64 || last_partition >= PARTITIONS {
            return Err(Problem::OutOfRange {
                space: self.space,
                partition: last_partition,
                byte: first,
                len: (end - first) as usize,
                limit: partition_bytes,
            });
        }
        Ok(())
    }

    /// Elements a partition: the product of the counts.
    pub fn elements(&self) -> usize {
        self.nums[..self.axes].iter().product()
    }

    /// Elements in all: partitions × [`Operand::elements`].
    pub fn len(&self) -> usize {
        self.partitions * self.elements()
    }

    /// Whether the operand walks no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The counts of the innermost axis: the length of one run.
    pub fn run_len(&self) -> usize {
        self.nums[0]
    }

    /// Whether a run's elements are adjacent (innermost stride 1), so a run is one slice.
    pub fn run_is_contiguous(&self) -> bool {
        self.strides[0] == 1
    }

    /// The byte step between a run's elements (negative walks backward, 0 repeats).
    pub fn run_step(&self) -> i64 {
        self.strides[0] * self.format.bytes() as i64
    }

    /// The `(partition, first byte)` of every run (the innermost axis), in walk order. Every
    /// byte a run reaches is in range ([`Operand::new`] checked it).
    pub fn runs(&self) -> Runs<'_> {
        Runs {
            operand: self,
            partition: self.partition,
            outer: 0,
            outer_len: self.nums[1..self.axes].iter().product(),
        }
    }

    /// Calls `f(partition, byte)` for every run of [`Operand::runs`], stopping at an error.
    pub fn for_each_run<E>(
        &self,
        mut f: impl FnMut(usize, usize) -> Result<(), E>,
    ) -> Result<(), E> {
        self.runs().try_for_each(|(p, start)| f(p, start))
    }

    /// The first byte of outer index `k` (axes 1.. as one mixed-radix number) in a partition.
    fn outer_byte(&self, k: usize) -> usize {
        let size = self.format.bytes() as i64;
        let mut rest = k;
        let mut at = self.byte as i64;
        for a in 1..self.axes {
            at += (rest % self.nums[a]) as i64 * self.strides[a] * size;
            rest /= self.nums[a];
        }
        at as usize
    }

    /// The byte of element `i` of a run starting at `start`.
    pub fn run_byte(&self, start: usize, i: usize) -> usize {
        (start as i64 + i as i64 * self.run_step()) as usize
    }
}

/// The runs of an [`Operand`], from [`Operand::runs`].
#[derive(Debug, Clone)]
pub struct Runs<'a> {
    operand: &'a Operand,
    partition: usize,
    outer: usize,
    outer_len: usize,
}

impl Iterator for Runs<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        let op = self.operand;
        if self.outer == self.outer_len {
            self.outer = 0;
            self.partition += 1;
        }
        if self.partition >= op.partition + op.partitions || self.outer_len == 0 {
            return None;
        }
        let start = op.outer_byte(self.outer);
        self.outer += 1;
        Some((self.partition, start))
    }
}
