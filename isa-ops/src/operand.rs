//! What an opcode selection reads: the operands of a BIR instruction, as the seeds' visitor
//! bodies see them.

use isa_core::{AccessPattern, Dtype};

/// A tensor operand: its access pattern and element type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operand {
    /// The BIR access pattern (`Pattern[0]` is the partition axis).
    pub ap: AccessPattern,
    /// The element type.
    pub dtype: Dtype,
}

impl Operand {
    /// `isLocationPSUM`: the start address is in the PSUM region (seed 002: byte3 & 0x60 == 0x20).
    pub fn is_psum(&self) -> bool {
        self.ap.start.is_psum()
    }
}

/// The core generation whose encoder body runs. The seeds' bodies are CoreV2 unless stated;
/// CoreV3 extends the GPSIMD int32 ALU band, CoreV4 has its own dtype and ALU tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Core {
    /// CoreV2 (the bodies of seeds 000 and 001).
    #[default]
    V2,
    /// CoreV3 (extended GPSIMD int32 band, seed 000 §2).
    V3,
    /// CoreV4 (Exponential, seed 001).
    V4,
}
