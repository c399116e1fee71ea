//! Memset (0x49 constant; 0x4D random): nki.isa.memset \[I1\].

use isa_core::Confidence;
use isa_ops::memset::{Memset, MemsetOpcode};

use crate::error::Fault;
use crate::semantics::{Execute, Semantics, Status, refuse};
use crate::step::{Step, immediate};

/// 0x49: a constant fill.
pub const CONST: Semantics = Semantics {
    form: "Memset 0x49 (const)",
    pseudocode: "dst[i] = fill; a float dtype reads fill as fp32 bits (rounded to the dtype), an integer dtype as its low bits",
    source: "nki.isa.memset [I1]; the fill's encoding is a reading (seed 000 §5 names a resolved 32-bit immediate)",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0x4D: a random fill.
pub const RANDOM: Semantics = Semantics {
    form: "Memset 0x4D (random)",
    pseudocode: "dst[i] = random bits (Xorwow); the RNG state rides the engine context",
    source: "seed 000 §5; the mapping to nki rng/rand2 is (inferred) [I1]",
    confidence: Confidence::Inferred,
    status: Status::NoPublicSemantics(
        "the random fill's generator state is not in the bytes and no source gives its sequence",
    ),
};

impl Execute for Memset {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.extend([&CONST, &RANDOM]);
    }

    fn semantics(&self) -> &'static Semantics {
        match self.opcode {
            MemsetOpcode::Const => &CONST,
            MemsetOpcode::Random => &RANDOM,
        }
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        refuse(self.semantics())?;
        let dst = step.operand("dst", &self.dst, self.dtype, self.num_active_partitions)?;
        let element = immediate(dst.format, self.fill);
        step.fill(&dst, element)
    }
}
