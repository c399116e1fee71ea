//! Engine numbers (SPEC-NOTES §1, seed 000).

use core::fmt;

/// An engine number as the compiler stores it (seed 000: `inst+0x90`). Only a few numbers are
/// named by the seeds, so this is an open number rather than an enumeration: 1 is the GPSIMD
/// engine of the PSUM guard, 5 is DVE (the canonical engine of the tensor-tensor and
/// tensor-scalar families), and 4, 6 and 7 appear only as choices of the GPSIMD int32 band
/// (engine 4 → opcode 0x8A, engine 6 → ALU byte 0xC5; CoreV3 adds eng4 → 0xC4, eng5 → 0xC6,
/// eng6 → 0xC5, eng7 → 0xC7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Engine(pub u8);

impl Engine {
    /// Engine 1, GPSIMD: "GPSIMD engine cannot access PSUM" (seed 000, the PSUM guard).
    pub const GPSIMD: Engine = Engine(1);

    /// Engine 5, DVE (the Vector engine): canonical for the tensor-tensor family and the engine
    /// of every tensor-scalar op (seeds 000 and 001).
    pub const DVE: Engine = Engine(5);

    /// Every engine number the seeds name: 1, 4, 5, 6, 7.
    pub const NAMED: &'static [Engine] = &[Engine(1), Engine(4), Engine(5), Engine(6), Engine(7)];

    /// The engine number.
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Engine::GPSIMD => f.write_str("GPSIMD (engine 1)"),
            Engine::DVE => f.write_str("DVE (engine 5)"),
            Engine(n) => write!(f, "engine {n}"),
        }
    }
}
