//! The BIR access pattern as the descriptor packer reads it, and the packing itself (seed 002,
//! `assignStaticPattern<TENSOR_ND>`).

use crate::addr4::Addr4;
use crate::descriptor::Tensor;

/// One axis of an access pattern: `{step, num}` (seed 002: `bir::APPair`, step @+0, num @+8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ApPair {
    /// The per-axis step in elements (the dtype multiply happens in hardware, seed 002).
    /// Negative on a free axis walks backward; the partition axis must not be negative.
    pub step: i64,
    /// The element count along the axis; 1 marks a degenerate (broadcast) axis the packer drops.
    pub num: u64,
}

/// A BIR access pattern, as far as the static-pattern packer reads it (seed 002:
/// `bir::AccessPattern`, Pattern @+0x50, num_dims @+0x58).
///
/// Dtype-free: strides and counts are element units and the descriptor never carries the dtype.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct AccessPattern {
    /// The start address with the partition axis already folded in (seed 002: the partition
    /// dimension `Pattern[0]` is the partition-band term of the ADDR4 word). The packer writes it
    /// as the descriptor's ADDR4 word unchanged.
    pub start: Addr4,
    /// The axes, outermost first: `[W, Z, Y, X]`, where `Pattern[0]` = W is the SBUF/PSUM partition
    /// axis and `Pattern[1..]` are the free axes the descriptor walks (seed 002). `num_dims` is
    /// the length.
    pub pattern: Vec<ApPair>,
    /// An indirect (gather) pattern. Seed 002: the v4 3D path reaches the indirect/gather arm
    /// through a second `assignStartAddr` call, which is not part of the static descriptor
    /// layout; [`Tensor::pack`] refuses such a pattern rather than pack it as static.
    pub indirect: bool,
}

/// Why an access pattern does not pack into a static descriptor. The messages keep seed 002's
/// own strings where the seed has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    /// The pattern has no axis at all, so no partition axis `Pattern[0]`.
    #[error("the access pattern has no dimensions; Pattern[0], the partition axis, is required")]
    EmptyPattern,
    /// `Pattern[0].step` < 0 (seed 002: `getStepBytesPerHighestDim` asserts
    /// `"Negative step in Pattern[0] not supported"`; the partition axis never walks backward).
    #[error("Negative step in Pattern[0] not supported (Pattern[0].step is {step})")]
    NegativePartitionStep {
        /// The partition step.
        step: i64,
    },
    /// More active dimensions than the descriptor holds: `active = 1 + kept free dims` must be
    /// at most N + 1 (seed 002, with its message).
    #[error(
        "Illegal ISA memory access dimension {active}, which must be in range of [1, {max}]D \
         tensor for ISA mem pattern"
    )]
    Dimension {
        /// `1 +` the number of free axes with `num != 1`.
        active: usize,
        /// The descriptor's N.
        max: usize,
    },
    /// A free-axis step outside the i16 stride word (seed 002: stride = signed int16).
    #[error(
        "step {step} of Pattern[{dim}] does not fit the i16 stride word of slot {slot} \
         (byte {at:#04x}); a stride must be in -32768..=32767"
    )]
    StrideOutOfRange {
        /// The step.
        step: i64,
        /// Its axis in the access pattern.
        dim: usize,
        /// The descriptor slot it would go to.
        slot: usize,
        /// That slot's byte offset, `4 + 2·slot`.
        at: usize,
    },
    /// A free-axis count outside the u16 count word (seed 002: count = unsigned uint16).
    #[error(
        "num {num} of Pattern[{dim}] does not fit the u16 count word of slot {slot} \
         (byte {at:#04x}); a count must be in 0..=65535"
    )]
    CountOutOfRange {
        /// The count.
        num: u64,
        /// Its axis in the access pattern.
        dim: usize,
        /// The descriptor slot it would go to.
        slot: usize,
        /// That slot's byte offset, `(4 + 2N) + 2·slot`.
        at: usize,
    },
    /// `Pattern[0].num`, the number of active partitions, does not fit its u8 byte.
    #[error("Pattern[0].num {num} (num_active_partitions) does not fit a byte; it must be 0..=255")]
    PartitionsOutOfRange {
        /// The partition count.
        num: u64,
    },
    /// An indirect (gather) pattern has no static descriptor form.
    #[error("an indirect (gather) access pattern cannot be packed as a static descriptor")]
    Indirect,
}

impl<const N: usize> Tensor<N> {
    /// Packs `ap` exactly as seed 002's `assignStaticPattern_ND`:
    ///
    /// 1. ADDR4 = `ap.start`: the partition axis `Pattern[0]` is folded into the address, never a
    ///    slot; its step must be `>= 0` (`"Negative step in Pattern[0] not supported"`).
    /// 2. Walk `Pattern[num_dims-1]` down to `Pattern[1]` (innermost first), drop every `num == 1`
    ///    axis, and compact the kept axes from slot 0: slot 0 is the innermost kept axis.
    /// 3. Unit-fill the spare slots with {stride 1, num 1}, never zero.
    ///
    /// `active = 1 + kept` must be at most N + 1, else [`PackError::Dimension`] with the seed's
    /// message; this is checked before any slot is filled. A step outside i16 or a num outside
    /// u16 is refused with its axis and slot: the seed's guards only catch a narrowing that
    /// flips the sign (stride) or zeroes the value (count), so 70000 would silently become 4464
    /// there; here no value is ever truncated. Negative free-axis strides are legal. A zero
    /// count is packed as is: refusing it is the validator's rule ([`Tensor::validate`]).
    pub fn pack(ap: &AccessPattern) -> Result<Self, PackError> {
        if ap.indirect {
            return Err(PackError::Indirect);
        }
        let Some(partition) = ap.pattern.first() else {
            return Err(PackError::EmptyPattern);
        };
        if partition.step < 0 {
            return Err(PackError::NegativePartitionStep {
                step: partition.step,
            });
        }
        // (d, Pattern[d]) for d = num_dims-1 down to 1, degenerate axes dropped.
        let kept = || {
            ap.pattern
                .iter()
                .enumerate()
                .skip(1)
                .rev()
                .filter(|(_, p)| p.num != 1)
        };
        let active = 1 + kept().count();
        if active > N + 1 {
            return Err(PackError::Dimension { active, max: N });
        }
        let mut t = Self::unit(ap.start);
        let slots = t.strides.iter_mut().zip(t.nums.iter_mut());
        for (slot, ((dim, pair), (stride, num))) in kept().zip(slots).enumerate() {
            *stride = i16::try_from(pair.step).map_err(|_| PackError::StrideOutOfRange {
                step: pair.step,
                dim,
                slot,
                at: Self::stride_offset(slot),
            })?;
            *num = u16::try_from(pair.num).map_err(|_| PackError::CountOutOfRange {
                num: pair.num,
                dim,
                slot,
                at: Self::num_offset(slot),
            })?;
        }
        Ok(t)
    }
}

/// `num_active_partitions`: `Pattern[0].num`, the first APPair's count, as the byte the bundles
/// carry (seed 000: `bundle[0x0F] = in0.pairs[0].num`; seed 001: the input AccessPattern's first
/// APPair num; seed 002: `Pattern[0]` is the partition axis). Refuses an empty pattern (seed 000
/// asserts `idx<size()` there) and a count above 255.
pub fn first_pair_num(ap: &AccessPattern) -> Result<u8, PackError> {
    let first = ap.pattern.first().ok_or(PackError::EmptyPattern)?;
    u8::try_from(first.num).map_err(|_| PackError::PartitionsOutOfRange { num: first.num })
}
