//! The decode-side descriptor validators of seed 002 (`tensor3d_valid` @0x14467d0,
//! `tensor2d_valid` @0x14468c0), and the same rules for 1D and 4D by analogy.
//!
//! Every rule reads the byte offset the packer writes (seed 002: "every offset the encoder
//! writes is an offset the validator reads"), and a failure names the rule and that offset.
//! Rules run in the seed's order and the first failure is reported.

use crate::descriptor::{Tensor, Tensor2d, Tensor3d};
use crate::error::{FieldError, Problem};
use crate::validate::{Hex, Reason, ReasonShape};

/// The kinds of [`DescriptorFault`], numbered in the order the seed's validators run their rules
/// on either path (PSUM: 0, 1, 2; SBUF: 1, 3, 4), so that the first rule to fail is the lowest
/// bit set in `Tensor::failed_rules`.
const ZERO_STRIDE: usize = 0;
const START_ADDR: usize = 1;
const PSUM_STRIDE_HIGH: usize = 2;
const SB_SUBREGION: usize = 3;
const ZERO_COUNT: usize = 4;

/// The reason of each fault kind, by kind.
static FAULT_REASONS: [ReasonShape; 5] = [
    ReasonShape::new::<(usize, Hex<2>)>(
        "stride{} at byte {} is 0; a 3D PSUM descriptor needs a nonzero stride2",
    ),
    ReasonShape::new::<(Hex<8>,)>(
        "start address {} at byte 0x00 is not a valid tensor start address; a register-form \
         word (bit 31) carries only a RegId below 0x40 in its low byte",
    ),
    ReasonShape::new::<(Hex<2>,)>(
        "byte 0x07 (high byte of stride1) is {}; a PSUM descriptor needs its top 3 bits (0xe0) \
         clear",
    ),
    ReasonShape::new::<(Hex<2>,)>(
        "start address byte 0x03 is {}; (byte3 & 0x70) == 0x40 is an SB sub-region that cannot \
         be a descriptor's start",
    ),
    ReasonShape::new::<(usize, Hex<2>)>(
        "count{} at byte {} is 0; an SBUF descriptor needs every count nonzero (fill a spare \
         dimension with stride 1, count 1)",
    ),
];

/// The outcome of seed 002's rules on one descriptor ([`Tensor::check`]): which failed, each
/// evaluated without a branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DescriptorCheck(u32);

impl DescriptorCheck {
    /// Whether every rule passed.
    #[inline(always)]
    pub const fn passed(self) -> bool {
        self.0 == 0
    }
}

/// The byte inside the descriptor that each fault kind's rule reads, beside the `at` of the
/// kinds that carry one (a stride or count slot): the ADDR4 word @+0, byte +7, byte +3.
const FIXED_OFFSETS: [usize; 5] = [0, 0, 7, 3, 0];

/// A fault as its kind and its two values, in its reason's order: `[slot, at]` for a zero stride
/// or count, `[word or byte, 0]` for the others.
type FaultParts = (usize, [u64; 2]);

/// The reason of a fault, from its parts.
#[inline(always)]
fn fault_reason((kind, [a, b]): FaultParts) -> Reason {
    Reason::from_shape(&FAULT_REASONS[kind], [a, b, 0, 0])
}

/// The byte offset a fault's rule reads, from its parts.
#[inline(always)]
const fn fault_offset((kind, [_, at]): FaultParts) -> usize {
    FIXED_OFFSETS[kind] + at as usize
}

/// Why a descriptor is refused: the rule of seed 002's validators that failed, with the byte
/// offset inside the descriptor it read ([`DescriptorFault::offset`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescriptorFault {
    /// PSUM path, 3D only: stride2 (@+8) is 0 (seed 002: `cmpw $0,0x8(rsp)`).
    ZeroStride {
        /// The stride slot (2).
        slot: usize,
        /// Its byte offset (+8).
        at: usize,
    },
    /// The ADDR4 word @+0 fails `tensor_start_addr_valid` (seed 002, both paths; see
    /// [`Addr4::tensor_start_addr_valid`](crate::Addr4::tensor_start_addr_valid)).
    StartAddr {
        /// The ADDR4 word.
        word: u32,
    },
    /// PSUM path: byte +7, the high byte of stride1, has one of its top 3 bits set (seed 002:
    /// `testb $0xe0,0x7(rsp)`; its role as a PSUM-write stride bound is INFERRED).
    PsumStrideHigh {
        /// Byte +7.
        byte: u8,
    },
    /// SBUF path: `(byte3 & 0x70) == 0x40`, the rejected SB sub-region (seed 002).
    SbSubregion {
        /// Byte +3, the ADDR4 high byte.
        byte3: u8,
    },
    /// SBUF path: a count word is 0 (seed 002: the `setne` chain; spare dimensions must be
    /// unit-filled with {1, 1}, never left zero).
    ZeroCount {
        /// The count slot.
        slot: usize,
        /// Its byte offset, `(4 + 2N) + 2·slot`.
        at: usize,
    },
}

impl DescriptorFault {
    /// The byte offset inside the descriptor that the failed rule read.
    pub const fn offset(&self) -> usize {
        fault_offset(self.parts())
    }

    /// The failed rule with its values, as a validator reports it.
    pub fn reason(&self) -> Reason {
        fault_reason(self.parts())
    }

    /// Its kind and values.
    const fn parts(&self) -> FaultParts {
        match *self {
            DescriptorFault::ZeroStride { slot, at } => (ZERO_STRIDE, [slot as u64, at as u64]),
            DescriptorFault::StartAddr { word } => (START_ADDR, [word as u64, 0]),
            DescriptorFault::PsumStrideHigh { byte } => (PSUM_STRIDE_HIGH, [byte as u64, 0]),
            DescriptorFault::SbSubregion { byte3 } => (SB_SUBREGION, [byte3 as u64, 0]),
            DescriptorFault::ZeroCount { slot, at } => (ZERO_COUNT, [slot as u64, at as u64]),
        }
    }

    /// The fault of `parts` ([`DescriptorFault::parts`] read back).
    fn from_parts((kind, [first, at]): FaultParts) -> Self {
        let (slot, at) = (first as usize, at as usize);
        match kind {
            ZERO_STRIDE => DescriptorFault::ZeroStride { slot, at },
            START_ADDR => DescriptorFault::StartAddr { word: first as u32 },
            PSUM_STRIDE_HIGH => DescriptorFault::PsumStrideHigh { byte: first as u8 },
            SB_SUBREGION => DescriptorFault::SbSubregion { byte3: first as u8 },
            _ => DescriptorFault::ZeroCount { slot, at },
        }
    }

    /// The rule, in words, without the values (for [`Problem::Rule`]).
    pub const fn rule(&self) -> &'static str {
        match *self {
            DescriptorFault::ZeroStride { .. } => "a 3D PSUM descriptor needs a nonzero stride2",
            DescriptorFault::StartAddr { .. } => "the start address is not valid",
            DescriptorFault::PsumStrideHigh { .. } => {
                "a PSUM descriptor needs the top 3 bits of stride1 clear"
            }
            DescriptorFault::SbSubregion { .. } => {
                "(byte3 & 0x70) == 0x40 is a rejected SB sub-region"
            }
            DescriptorFault::ZeroCount { .. } => "an SBUF descriptor count is zero",
        }
    }
}

/// The reason's text: the rule that failed, with its values.
impl std::fmt::Display for DescriptorFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.reason().fmt(f)
    }
}

impl std::error::Error for DescriptorFault {}

/// A fault as a field error: the offset inside the descriptor and the rule as a
/// [`Problem::Rule`], for a bundle to report with its op and field name.
impl From<DescriptorFault> for FieldError {
    fn from(fault: DescriptorFault) -> Self {
        FieldError::at(fault.offset(), Problem::Rule(fault.rule()))
    }
}

/// Seed 002's `tensor3d_valid` (@0x14467d0), CONFIRMED. Region gate on `byte3 & 0x60`:
///
/// - PSUM path (`== 0x20`): stride2 @+8 nonzero; the start address valid; byte +7 (high byte of
///   stride1) `& 0xe0` clear; then the "tail re-validate": the 32-bit word @+4 (stride0 |
///   stride1 << 16) must pass `tensor_start_addr_valid` too. Once the 0xe0 rule has passed,
///   that word has bits 29..=31 clear, so it is a static-form word, which the reading of
///   [`Addr4::tensor_start_addr_valid`](crate::Addr4::tensor_start_addr_valid) accepts: under that reading the tail re-validate can
///   never refuse a descriptor the 0xe0 rule let through, so it has no fault of its own (a
///   test pins the implication; a static-form rule in the ADDR4 check would bring it back).
/// - SBUF path (otherwise): the start address valid; `(byte3 & 0x70) != 0x40`; num0 @+0xA,
///   num1 @+0xC, num2 @+0xE all nonzero. The PSUM path does not check counts.
pub fn tensor3d_valid(t: &Tensor3d) -> Result<(), DescriptorFault> {
    t.validate()
}

/// Seed 002's `tensor2d_valid` (@0x14468c0). SBUF path, CONFIRMED: the start address valid,
/// `(byte3 & 0x70) != 0x40`, num0 @+8 and num1 @+0xA nonzero. PSUM path: the seed names the
/// same byte +7 `& 0xe0` stride1 mask (CONFIRMED); the start-address and tail re-validate rules
/// around it mirror `tensor3d_valid` (STRONG). There is no stride2, so no stride2 rule.
pub fn tensor2d_valid(t: &Tensor2d) -> Result<(), DescriptorFault> {
    t.validate()
}

impl<const N: usize> Tensor<N> {
    /// Seed 002's validator for this descriptor type: [`tensor3d_valid`] for N = 3,
    /// [`tensor2d_valid`] for N = 2, the same rules by analogy for 1D and 4D.
    ///
    /// 1D and 4D (seed 002 has no round-tripping 1D validator and leaves 4D to its 2.4 page):
    /// the SBUF path — start address valid, not the SB sub-region, every count nonzero — is
    /// STRONG, from the shared writer offsets and the shared ADDR4 check. The PSUM path is
    /// INFERRED: 4D applies the 2D/3D stride1 mask and tail re-validate but no stride2 rule (the
    /// seed shows that rule for 3D only); 1D, which has no stride1, checks the start address
    /// only.
    #[inline]
    pub fn validate(&self) -> Result<(), DescriptorFault> {
        let _ = Self::SIZE; // the 4+4N check for this N
        let check = self.check();
        if check.passed() {
            return Ok(());
        }
        Err(DescriptorFault::from_parts(self.first_fault(check)))
    }

    /// Seed 002's rules on this descriptor, each evaluated and none branched on: what
    /// [`Tensor::validate`] decides, as a value to test or to [`report`](Tensor::report).
    ///
    /// On a stream of random or corrupt bundles each rule's outcome is a coin toss that a
    /// branch mispredicts. A validator checks every descriptor of a bundle with this, tests
    /// all of them with one branch, and reports each with [`push_if`](crate::push_if), which
    /// has no branch to mispredict either.
    #[inline(always)]
    pub fn check(&self) -> DescriptorCheck {
        DescriptorCheck(self.failed_rules())
    }

    /// The byte offset inside the descriptor that the first failed rule of `check` read, and
    /// its reason: [`DescriptorFault::offset`] and [`DescriptorFault::reason`] of
    /// [`Tensor::validate`]'s fault, computed without a branch. `check` is this descriptor's
    /// [`Tensor::check`]; when it passed, the offset and reason are the last rule's and mean
    /// nothing.
    #[inline(always)]
    pub fn report(&self, check: DescriptorCheck) -> (usize, Reason) {
        let fault = self.first_fault(check);
        (fault_offset(fault), fault_reason(fault))
    }

    /// The first failed rule of `check` as a fault's parts, its values picked by masks rather
    /// than a table or a branch (the last rule's when none failed).
    #[inline(always)]
    fn first_fault(&self, check: DescriptorCheck) -> FaultParts {
        let kind = (check.0.trailing_zeros() as usize).min(ZERO_COUNT);
        let slot = self.first_zero_count();
        let pick = |k: usize| 0u64.wrapping_sub(u64::from(kind == k));
        let first = (2 & pick(ZERO_STRIDE))
            | (u64::from(self.addr.raw()) & pick(START_ADDR))
            | (u64::from(self.stride1_high_byte()) & pick(PSUM_STRIDE_HIGH))
            | (u64::from(self.addr.byte3()) & pick(SB_SUBREGION))
            | (slot as u64 & pick(ZERO_COUNT));
        let at = (Self::stride_offset(2) as u64 & pick(ZERO_STRIDE))
            | (Self::num_offset(slot) as u64 & pick(ZERO_COUNT));
        (kind, [first, at])
    }

    /// Every rule of this descriptor's path, each evaluated and none branched on: bit k is set
    /// when the rule of fault kind k failed.
    ///
    /// - PSUM path (`byte3 & 0x60 == 0x20`): stride2 nonzero (3D only); the start address
    ///   valid; byte +7, the high byte of stride1, `& 0xe0` clear (1D has no stride1). The tail
    ///   re-validate (word @+4 through `tensor_start_addr_valid`) is implied by the 0xe0 rule:
    ///   see [`tensor3d_valid`].
    /// - SBUF path: the start address valid; not the SB sub-region; every count nonzero.
    #[inline(always)]
    fn failed_rules(&self) -> u32 {
        let bit = |failed: bool, kind: usize| u32::from(failed) << kind;
        let start = bit(!self.addr.tensor_start_addr_valid(), START_ADDR);
        let psum = bit(N == 3 && self.strides.get(2) == Some(&0), ZERO_STRIDE)
            | start
            | bit(self.stride1_high_byte() & 0xE0 != 0, PSUM_STRIDE_HIGH);
        let sbuf = start
            | bit(self.addr.is_rejected_sb_subregion(), SB_SUBREGION)
            | bit(self.zero_counts() != 0, ZERO_COUNT);
        let on_psum = 0u32.wrapping_sub(u32::from(self.addr.is_psum()));
        (psum & on_psum) | (sbuf & !on_psum)
    }

    /// Byte +7, the high byte of stride1 (@+6, little-endian); 0 for 1D, which has no stride1.
    #[inline(always)]
    fn stride1_high_byte(&self) -> u8 {
        self.strides.get(1).map_or(0, |s| s.to_le_bytes()[1])
    }

    /// Bit `slot` set for each count that is 0.
    #[inline(always)]
    fn zero_counts(&self) -> u32 {
        (0..N).fold(0, |mask, slot| {
            mask | u32::from(self.nums[slot] == 0) << slot
        })
    }

    /// The first count slot that is 0 (the last slot when none is).
    #[inline(always)]
    fn first_zero_count(&self) -> usize {
        (self.zero_counts().trailing_zeros() as usize).min(N.saturating_sub(1))
    }
}
