//! The decode-side descriptor validators of seed 002 (`tensor3d_valid` @0x14467d0,
//! `tensor2d_valid` @0x14468c0), and the same rules for 1D and 4D by analogy.
//!
//! Every rule reads the byte offset the packer writes (seed 002: "every offset the encoder
//! writes is an offset the validator reads"), and a failure names the rule and that offset.
//! Rules run in the seed's order and the first failure is reported.

use crate::addr4::Addr4;
use crate::descriptor::{Tensor, Tensor2d, Tensor3d};
use crate::error::{FieldError, Problem};
use crate::reason;
use crate::validate::{Reason, ReasonArg};

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
    /// [`Addr4::tensor_start_addr_valid`]).
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
        match *self {
            DescriptorFault::ZeroStride { at, .. } | DescriptorFault::ZeroCount { at, .. } => at,
            DescriptorFault::StartAddr { .. } => 0,
            DescriptorFault::PsumStrideHigh { .. } => 7,
            DescriptorFault::SbSubregion { .. } => 3,
        }
    }

    /// The failed rule with its values, as a validator reports it.
    pub fn reason(&self) -> Reason {
        match *self {
            DescriptorFault::ZeroStride { slot, at } => reason!(
                "stride{} at byte {} is 0; a 3D PSUM descriptor needs a nonzero stride2",
                slot,
                ReasonArg::hex2(at as u64),
            ),
            DescriptorFault::StartAddr { word } => reason!(
                "start address {} at byte 0x00 is not a valid tensor start address; a \
                 register-form word (bit 31) carries only a RegId below 0x40 in its low byte",
                ReasonArg::hex8(u64::from(word)),
            ),
            DescriptorFault::PsumStrideHigh { byte } => reason!(
                "byte 0x07 (high byte of stride1) is {}; a PSUM descriptor needs its top 3 bits \
                 (0xe0) clear",
                ReasonArg::hex2(u64::from(byte)),
            ),
            DescriptorFault::SbSubregion { byte3 } => reason!(
                "start address byte 0x03 is {}; (byte3 & 0x70) == 0x40 is an SB sub-region \
                 that cannot be a descriptor's start",
                ReasonArg::hex2(u64::from(byte3)),
            ),
            DescriptorFault::ZeroCount { slot, at } => reason!(
                "count{} at byte {} is 0; an SBUF descriptor needs every count nonzero \
                 (fill a spare dimension with stride 1, count 1)",
                slot,
                ReasonArg::hex2(at as u64),
            ),
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
///   [`Addr4::tensor_start_addr_valid`] accepts: under that reading the tail re-validate can
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
        if self.addr.is_psum() {
            self.psum_rules()
        } else {
            self.sbuf_rules()
        }
    }

    /// The PSUM-destination path of seed 002's validators (`byte3 & 0x60 == 0x20`).
    #[inline]
    fn psum_rules(&self) -> Result<(), DescriptorFault> {
        if N == 3 && self.strides.get(2) == Some(&0) {
            return Err(DescriptorFault::ZeroStride {
                slot: 2,
                at: Self::stride_offset(2),
            });
        }
        start_addr(self.addr)?;
        // Byte +7 is the high byte of stride1 (@+6, little-endian); 1D has no stride1.
        if let Some(stride1) = self.strides.get(1) {
            let [_, byte] = stride1.to_le_bytes();
            if byte & 0xE0 != 0 {
                return Err(DescriptorFault::PsumStrideHigh { byte });
            }
        }
        // The tail re-validate (word @+4 through `tensor_start_addr_valid`) is implied by the
        // 0xe0 rule above: see `tensor3d_valid`.
        Ok(())
    }

    /// The SBUF path of seed 002's validators.
    #[inline]
    fn sbuf_rules(&self) -> Result<(), DescriptorFault> {
        start_addr(self.addr)?;
        if self.addr.is_rejected_sb_subregion() {
            return Err(DescriptorFault::SbSubregion {
                byte3: self.addr.byte3(),
            });
        }
        match self.nums.iter().position(|&n| n == 0) {
            Some(slot) => Err(DescriptorFault::ZeroCount {
                slot,
                at: Self::num_offset(slot),
            }),
            None => Ok(()),
        }
    }
}

/// `tensor_start_addr_valid` on the ADDR4 word @+0.
#[inline]
fn start_addr(addr: Addr4) -> Result<(), DescriptorFault> {
    if addr.tensor_start_addr_valid() {
        Ok(())
    } else {
        Err(DescriptorFault::StartAddr { word: addr.raw() })
    }
}
