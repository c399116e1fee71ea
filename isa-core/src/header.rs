//! The parts every 64-byte bundle shares after its 4-byte header.
//!
//! Seed 000 (`setupHeader`): byte 0x00 is the opcode, byte 0x01 `inst_word_len` = 0x10 (16
//! dwords = 64 bytes), bytes 0x02..=0x03 are zero. The derive writes and checks those four bytes
//! for every layout with `opcodes = [...]`; declarations never repeat them. Bytes 0x04..=0x0B are
//! the sync band, declared once here.

use isa_derive::Bundle;

/// The sync band at 0x04..=0x0B: "wait/update mode+idx, value DWORD" (seed 000).
///
/// The order of the six parts inside the band is not in the seeds; SPEC-NOTES §2.6 takes wait
/// mode, wait index, update mode, update index, then the 32-bit value. Every part is INFERRED.
#[derive(
    Bundle, Debug, Clone, Copy, PartialEq, Eq, Default, Hash, serde::Serialize, serde::Deserialize,
)]
#[bundle(size = 8, name = "SyncBand")]
// The fields in wire order, without padding: encoding and decoding the band copy its eight
// bytes as one word.
#[repr(C)]
pub struct SyncBand {
    /// Semaphore wait mode.
    #[field(offset = 0x00, confidence = inferred, note = "band order per SPEC-NOTES 2.6")]
    pub wait_mode: u8,
    /// Semaphore index waited on.
    #[field(offset = 0x01, confidence = inferred, note = "band order per SPEC-NOTES 2.6")]
    pub wait_index: u8,
    /// Semaphore update mode.
    #[field(offset = 0x02, confidence = inferred, note = "band order per SPEC-NOTES 2.6")]
    pub update_mode: u8,
    /// Semaphore index updated.
    #[field(offset = 0x03, confidence = inferred, note = "band order per SPEC-NOTES 2.6")]
    pub update_index: u8,
    /// The value DWORD.
    #[field(offset = 0x04, confidence = inferred, note = "band order per SPEC-NOTES 2.6")]
    pub value: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bundle, FieldKind, Placement};

    #[test]
    fn the_sync_band_is_eight_bytes_value_little_endian() {
        let band = SyncBand {
            wait_mode: 1,
            wait_index: 2,
            update_mode: 3,
            update_index: 4,
            value: 0x0A0B_0C0D,
        };
        let wire = band.encode().unwrap();
        assert_eq!(
            zerocopy::IntoBytes::as_bytes(&wire),
            &[1, 2, 3, 4, 0x0D, 0x0C, 0x0B, 0x0A]
        );
        assert_eq!(SyncBand::decode(&wire), Ok(band));
        assert_eq!(wire.value(), Ok(0x0A0B_0C0D));
        assert_eq!(SyncBand::FIELDS.len(), 5);
        assert_eq!(SyncBand::FIELDS[4].placement, Placement::Bytes { len: 4 });
        assert_eq!(SyncBand::FIELDS[4].kind, FieldKind::Value);
    }
}
