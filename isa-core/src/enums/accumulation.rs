//! `bir::EngineAccumulationType` and its wire byte (SPEC-NOTES §1, seed 001 "accum").

crate::enumeration! {
    /// The accumulator command of the `accumulator_cmd` / `reduce_cmd` byte (seed 001): the six
    /// ordinals of `bir::EngineAccumulationType`. The code is the ordinal; the wire byte comes
    /// from [`accumulate`]. Seed 001: it is one enumeration on the wire; there is no separate
    /// reduce command.
    pub enum AccumulateCmd: "bir::EngineAccumulationType" {
        /// No accumulation.
        Idle = 0 => "idle",
        /// Zero the accumulator.
        Zero = 1 => "zero",
        /// Accumulate. No wire form (seed 001: the mapper's error default).
        Accumulate = 2 => "accumulate",
        /// Reset the accumulator to 0, then accumulate (the scan init of TensorScalarCache; the
        /// command a 2-output fused reduce is forced to, seed 001).
        ZeroAccumulate = 3 => "zero_accumulate",
        /// Add into the accumulator.
        AddAccumulate = 4 => "add_accumulate",
        /// Seed the accumulator from imm1, then accumulate (the only command that allows imm1 on
        /// TensorScalarCache, seed 001).
        LoadAccumulate = 5 => "load_accumulate",
    }
}

crate::lut! {
    /// Accumulator command bytes: seed 001's `sub_12038D0` (CoreV2), identical to `sub_142DF40`
    /// (CoreV4). 0→0, 1→1, 3→3, then add_accumulate and load_accumulate are reordered
    /// (4→2, 5→4, verified in the jump-table arms); accumulate has no wire form. One-to-one.
    pub accumulate: AccumulateCmd {
        Idle => 0,
        Zero => 1,
        ZeroAccumulate => 3,
        AddAccumulate => 2,
        LoadAccumulate => 4,
    }
    unmapped { Accumulate }
}
