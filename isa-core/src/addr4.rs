//! The ADDR4 start-address word: the first four bytes of every access-pattern descriptor.
//!
//! Seed 002 reconstructs ADDR4 only as the descriptor's first word; its bit map is owned by the
//! ADDR4 page (2.2) and is STRONG. The facts this module relies on are the ones seed 002 states:
//! the 0x80000000 register-mode flag, the RegId < 0x40 constraint, the 0x1fffffff byte-address
//! mask, the region test on byte 3 (`byte3 & 0x60 == 0x20` selects the PSUM path) and the SB
//! sub-region the SBUF path rejects (`byte3 & 0x70 == 0x40`). The partition-band packing of the
//! static form is INFERRED (see [`Addr4::sbuf`] and [`Addr4::psum`]).

use zerocopy::byteorder::little_endian::U32;

use crate::error::{FieldError, Problem};
use crate::field::Field;
use crate::visit::{Key, Value, Visitor};

/// The ADDR4 start-address word of a descriptor (seed 002: "the leading 4 bytes are the ADDR4
/// start-address word"; the partition axis `Pattern[0]` is folded into it).
///
/// A lossless newtype over the little-endian `u32`: every bit pattern is an `Addr4`, so decoding
/// never fails and `encode(decode(bytes)) == bytes`. Whether a word is an acceptable start
/// address is a separate question, answered by [`Addr4::tensor_start_addr_valid`].
///
/// Two forms share the word:
/// - register form: bit 31 ([`Addr4::REGISTER_FLAG`]) set, the RegId in the low byte;
/// - static form: bit 31 clear, a byte address under [`Addr4::BYTE_ADDRESS_MASK`] with the
///   region bits 29..=30 above it (byte 3 & 0x60: 0x20 is PSUM).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    zerocopy::FromBytes,
    zerocopy::Immutable,
)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Addr4(u32);

impl Addr4 {
    /// Seed 002 (cross-reference to ADDR4 2.2): the 0x80000000 register-mode flag.
    pub const REGISTER_FLAG: u32 = 0x8000_0000;

    /// Seed 002 (cross-reference to ADDR4 2.2): the 0x1fffffff byte-address mask of the static
    /// form.
    pub const BYTE_ADDRESS_MASK: u32 = 0x1fff_ffff;

    /// Seed 002 (cross-reference to ADDR4 2.2): a register-form RegId must be below 0x40.
    pub const REG_ID_LIMIT: u8 = 0x40;

    /// Bit 29, the PSUM region bit: a PSUM word has `byte3 & 0x60 == 0x20` (seed 002,
    /// `tensor3d_valid`'s region gate).
    pub const PSUM_REGION: u32 = 0x2000_0000;

    /// INFERRED: the SBUF partition band starts at bit 18 (seed 002:
    /// `addr_word = (basePartition << 18) + inPartitionByteAddr`).
    pub const SBUF_PARTITION_SHIFT: u32 = 18;

    /// INFERRED: the PSUM partition band starts at bit 15 (seed 002:
    /// `addr_word = (basePartition << 15) + … + inPartitionByteAddr`).
    pub const PSUM_PARTITION_SHIFT: u32 = 15;

    /// The word as read from the wire; every bit pattern is accepted (the newtype is lossless).
    pub const fn from_raw(raw: u32) -> Self {
        Self(raw)
    }

    /// The register form: bit 31 set and `reg` in the low byte, every other bit clear.
    ///
    /// Seed 002 (via ADDR4 2.2): the 0x80000000 register-mode flag and RegId < 0x40; a RegId of
    /// 0x40 or more is refused with [`Problem::OutOfRange`].
    pub const fn register(reg: u8) -> Result<Self, Problem> {
        if reg < Self::REG_ID_LIMIT {
            Ok(Self(Self::REGISTER_FLAG | reg as u32))
        } else {
            Err(Problem::OutOfRange {
                value: reg as i64,
                min: 0,
                max: Self::REG_ID_LIMIT as i64 - 1,
            })
        }
    }

    /// The static SBUF form `(partition << 18) + in_partition_byte_address` (seed 002, the SBUF
    /// band of the partition-axis folding).
    ///
    /// INFERRED band packing (the ADDR4 bit map is owned by 2.2): the in-partition address must
    /// be below `1 << 18` (else it would carry into the partition term) and the whole word must
    /// stay under the 0x1fffffff byte-address mask (so `partition < 1 << 11`), which keeps the
    /// register flag and the region bits 29..=30 clear: the word takes the SBUF path of the
    /// validators and is never the rejected SB sub-region. Out-of-range inputs are refused with
    /// [`Problem::OutOfRange`], never masked.
    pub const fn sbuf(partition: u32, in_partition_byte_address: u32) -> Result<Self, Problem> {
        Self::banded(
            0,
            partition,
            Self::SBUF_PARTITION_SHIFT,
            in_partition_byte_address,
        )
    }

    /// The static PSUM form: region bit 29 set (`byte3 & 0x60 == 0x20`, seed 002's PSUM gate)
    /// plus `(partition << 15) + byte_address` (seed 002, the PSUM band).
    ///
    /// INFERRED band packing (the ADDR4 bit map is owned by 2.2): the byte address must be below
    /// `1 << 15` and `(partition << 15) + byte_address` must stay below bit 29
    /// (`partition < 1 << 14`), so the region bits read exactly 0x20 and the register flag is
    /// clear. Out-of-range inputs are refused with [`Problem::OutOfRange`], never masked.
    pub const fn psum(partition: u32, byte_address: u32) -> Result<Self, Problem> {
        Self::banded(
            Self::PSUM_REGION,
            partition,
            Self::PSUM_PARTITION_SHIFT,
            byte_address,
        )
    }

    /// `region | (partition << shift) + address`, with `address < 1 << shift` and the sum
    /// below the lowest region bit (bit 29).
    const fn banded(
        region: u32,
        partition: u32,
        shift: u32,
        address: u32,
    ) -> Result<Self, Problem> {
        if address >= 1 << shift {
            return Err(Problem::OutOfRange {
                value: address as i64,
                min: 0,
                max: (1i64 << shift) - 1,
            });
        }
        let partitions = 1u32 << (29 - shift);
        if partition >= partitions {
            return Err(Problem::OutOfRange {
                value: partition as i64,
                min: 0,
                max: partitions as i64 - 1,
            });
        }
        Ok(Self(region | ((partition << shift) + address)))
    }

    /// The word as written on the wire.
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// Whether bit 31, the register-mode flag (0x80000000, seed 002 via 2.2), is set.
    pub const fn is_register(self) -> bool {
        self.0 & Self::REGISTER_FLAG != 0
    }

    /// The RegId (the low byte) of a register-form word; `None` for the static form.
    ///
    /// The byte is returned as read: a decoded word may carry a RegId of 0x40 or more, which
    /// [`Addr4::tensor_start_addr_valid`] refuses.
    pub const fn reg_id(self) -> Option<u8> {
        if self.is_register() {
            Some(self.0 as u8)
        } else {
            None
        }
    }

    /// The static form's address bits, `raw & 0x1fffffff` (seed 002 via 2.2: the 0x1fffffff
    /// byte address). For an SBUF word this is the partition term plus the in-partition address.
    pub const fn byte_address(self) -> u32 {
        self.0 & Self::BYTE_ADDRESS_MASK
    }

    /// The high byte of the word, `raw >> 24`, on which the validators gate (seed 002:
    /// `uint8_t byte3 = addr32 >> 24`).
    pub const fn byte3(self) -> u8 {
        (self.0 >> 24) as u8
    }

    /// Seed 002's region gate: `byte3 & 0x60 == 0x20` sends a descriptor down the
    /// PSUM-destination path of the validators; every other word takes the SBUF path.
    pub const fn is_psum(self) -> bool {
        self.byte3() & 0x60 == 0x20
    }

    /// Seed 002's SB sub-region: the SBUF path rejects `(byte3 & 0x70) == 0x40`.
    pub const fn is_rejected_sb_subregion(self) -> bool {
        self.byte3() & 0x70 == 0x40
    }

    /// The shared start-address check (`tensor_start_addr_valid`, seed 002; its body belongs to
    /// the ADDR4 page 2.2 and is STRONG here).
    ///
    /// - Register form (bit 31 set): the RegId in the low byte must be below 0x40 (a seed 002
    ///   fact), and bits 8..=30, between the RegId byte and the flag, must be clear (INFERRED: a
    ///   register word carries nothing but the flag and the RegId).
    /// - Static form (bit 31 clear): every word passes. INFERRED: seed 002 states no static-form
    ///   rule for this check, and `tensor3d_valid`'s SBUF path tests the SB sub-region itself
    ///   right after calling it, which would be dead code if this check already refused it; so
    ///   region rules stay with the validators (see [`crate::descriptor::valid`]).
    ///
    /// Computed without a branch on the word: validators run it on every descriptor of streams
    /// whose words are random.
    pub const fn tensor_start_addr_valid(self) -> bool {
        let between = self.0 & !Self::REGISTER_FLAG & !0xFF;
        !self.is_register() | ((between == 0) & ((self.0 as u8) < Self::REG_ID_LIMIT))
    }
}

impl From<u32> for Addr4 {
    fn from(raw: u32) -> Self {
        Self(raw)
    }
}

impl From<Addr4> for u32 {
    fn from(addr: Addr4) -> Self {
        addr.0
    }
}

/// ADDR4 on the wire: a little-endian `u32` at alignment 1 (seed 002: the ADDR4 word @+0 of
/// every descriptor). Lossless both ways; validity is checked by the validators, not by
/// decoding. A visitor is shown a [`Value::Address`].
impl Field for Addr4 {
    type Wire = U32;

    fn to_wire(&self) -> Result<U32, FieldError> {
        Ok(U32::new(self.0))
    }

    fn from_wire(wire: &U32) -> Result<Self, FieldError> {
        Ok(Self(wire.get()))
    }

    /// Shown as [`Value::Address`]: a listing prints the packed word in hexadecimal.
    #[inline]
    fn visit<V: Visitor>(wire: &U32, key: Key, v: &mut V) -> Result<(), V::Error> {
        v.value(key, Value::Address(wire.get()))
    }
}
