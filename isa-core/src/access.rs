//! The BIR access pattern as the descriptor packer reads it, and the packing itself (seed 002,
//! `assignStaticPattern<TENSOR_ND>`).
//!
//! # Where the packer departs from seed 002: narrowing a step or a count
//!
//! Seed 002 (CONFIRMED) states the compiler's guards on the two 16-bit words exactly. The stride
//! writer `sub_116ca30` "sign-extends the low 16 bits (`movswq %ax,%rcx` @ 0x116ca4c) and
//! compares the sign of the full 64-bit AP step against the sign of the truncated i16
//! (`setg`/`setg`), raising an error only if truncation flipped the sign"; the count writer
//! `sub_116d620` runs "the classic unsigned narrowing check (`and $0xffff,esi` @ 0x116d63f, then
//! a `setne`/`setne` comparing 'full value nonzero' against 'low-16 nonzero')". So the compiler
//! writes a step or count of 70000 as 4464 (70000 − 65536) without a word of complaint.
//!
//! The packer reads this as a silent truncation a reimplementer should not copy by default:
//! [`Tensor::pack`] refuses every step outside `i16` and every count outside `u16`
//! ([`Narrowing::Refuse`]). The compiler's exact narrowing is the explicit mode
//! [`Narrowing::Compiler`] of [`Tensor::pack_with`], for reproducing its bytes: there 70000
//! packs as 4464, and only a sign-flipping stride ([`PackError::StrideSignFlipped`]) or a count
//! whose low 16 bits are zero ([`PackError::CountNarrowedToZero`]) is refused.

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
    /// [`Narrowing::Compiler`]: truncating a free-axis step to its i16 stride word changes
    /// whether it is positive (seed 002: `sub_116ca30`'s `setg`/`setg` guard).
    #[error(
        "step {step} of Pattern[{dim}] truncates to {word} in the i16 stride word of slot {slot} \
         (byte {at:#04x}), which flips its sign"
    )]
    StrideSignFlipped {
        /// The step.
        step: i64,
        /// Its low 16 bits as the stride word.
        word: i16,
        /// Its axis in the access pattern.
        dim: usize,
        /// The descriptor slot it would go to.
        slot: usize,
        /// That slot's byte offset, `4 + 2·slot`.
        at: usize,
    },
    /// [`Narrowing::Compiler`]: a nonzero free-axis count whose low 16 bits are zero (seed 002:
    /// `sub_116d620`'s `and $0xffff` then `setne`/`setne` guard).
    #[error(
        "num {num} of Pattern[{dim}] truncates to 0 in the u16 count word of slot {slot} \
         (byte {at:#04x})"
    )]
    CountNarrowedToZero {
        /// The count.
        num: u64,
        /// Its axis in the access pattern.
        dim: usize,
        /// The descriptor slot it would go to.
        slot: usize,
        /// That slot's byte offset, `(4 + 2N) + 2·slot`.
        at: usize,
    },
}

/// How the packer narrows a free axis's 64-bit step and count to their 16-bit words (see the
/// [module docs](crate::access) for why the default departs from seed 002).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Narrowing {
    /// Refuse any step outside `i16` and any count outside `u16`: no value is ever truncated
    /// ([`PackError::StrideOutOfRange`], [`PackError::CountOutOfRange`]). The default.
    #[default]
    Refuse,
    /// The compiler's own narrowing (seed 002, CONFIRMED): keep the low 16 bits; refuse a stride
    /// only when truncation changes whether it is positive (`setg` on the full step and on the
    /// truncated word), and a count only when it is nonzero and its low 16 bits are zero
    /// (`setne` on both).
    Compiler,
}

impl Narrowing {
    /// The stride word of `step`, or `None` when this narrowing refuses it.
    pub fn stride(self, step: i64) -> Option<i16> {
        match self {
            Narrowing::Refuse => i16::try_from(step).ok(),
            Narrowing::Compiler => {
                let word = low_i16(step);
                ((step > 0) == (word > 0)).then_some(word)
            }
        }
    }

    /// The count word of `num`, or `None` when this narrowing refuses it.
    pub fn count(self, num: u64) -> Option<u16> {
        match self {
            Narrowing::Refuse => u16::try_from(num).ok(),
            Narrowing::Compiler => {
                let word = low_u16(num);
                ((num != 0) == (word != 0)).then_some(word)
            }
        }
    }
}

/// The low 16 bits of `step`, read as the signed word the stride writer stores (seed 002:
/// `movswq %ax,%rcx` sign-extends them for the guard, `mov %ax,(%rdi)` stores them).
fn low_i16(step: i64) -> i16 {
    low_u16(step.cast_unsigned()).cast_signed()
}

/// The low 16 bits of `num` (seed 002: `and $0xffff,esi`).
fn low_u16(num: u64) -> u16 {
    let [lo, hi, ..] = num.to_le_bytes();
    u16::from_le_bytes([lo, hi])
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
    /// u16 is refused with its axis and slot ([`Narrowing::Refuse`]): the seed's guards only
    /// catch a narrowing that flips the sign (stride) or zeroes the value (count), so 70000
    /// would silently become 4464 there; here no value is ever truncated
    /// ([`Tensor::pack_with`] with [`Narrowing::Compiler`] packs as the seed does). Negative
    /// free-axis strides are legal. A zero count is packed as is: refusing it is the
    /// validator's rule ([`Tensor::validate`]).
    pub fn pack(ap: &AccessPattern) -> Result<Self, PackError> {
        Self::pack_with(ap, Narrowing::Refuse)
    }

    /// [`Tensor::pack`], with each free axis's step and count narrowed to its 16-bit word by
    /// `narrowing`.
    pub fn pack_with(ap: &AccessPattern, narrowing: Narrowing) -> Result<Self, PackError> {
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
            (*stride, *num) = Self::words(narrowing, *pair, dim, slot)?;
        }
        Ok(t)
    }

    /// The stride and count words of the free axis `Pattern[dim]` in slot `slot`, or why
    /// `narrowing` refuses one of them (the step first).
    fn words(
        narrowing: Narrowing,
        pair: ApPair,
        dim: usize,
        slot: usize,
    ) -> Result<(i16, u16), PackError> {
        let ApPair { step, num } = pair;
        let Some(stride) = narrowing.stride(step) else {
            let at = Self::stride_offset(slot);
            return Err(match narrowing {
                Narrowing::Refuse => PackError::StrideOutOfRange {
                    step,
                    dim,
                    slot,
                    at,
                },
                Narrowing::Compiler => {
                    let word = low_i16(step);
                    PackError::StrideSignFlipped {
                        step,
                        word,
                        dim,
                        slot,
                        at,
                    }
                }
            });
        };
        let Some(count) = narrowing.count(num) else {
            let at = Self::num_offset(slot);
            return Err(match narrowing {
                Narrowing::Refuse => PackError::CountOutOfRange { num, dim, slot, at },
                Narrowing::Compiler => PackError::CountNarrowedToZero { num, dim, slot, at },
            });
        };
        Ok((stride, count))
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
