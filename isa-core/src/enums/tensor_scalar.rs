//! The tensor-scalar mode enumerations: the reverse-operand pack and `TSCMode` (SPEC-NOTES §1,
//! seed 001).

crate::enumeration! {
    /// Which operands of the two ALU stages are swapped: `TensorScalarReverseOps`. The code is
    /// the wire pack of byte 0x26, `reverse0 | reverse1 << 1` (seed 001: the same 2-bit pack in
    /// TensorScalar, STT, Addr and Cache).
    pub enum ReverseOps: "TensorScalarReverseOps" {
        /// Neither stage reversed (Exponential forces this, seed 001).
        None = 0 => "none",
        /// reverse0 only.
        First = 1 => "first",
        /// reverse1 only.
        Second = 2 => "second",
        /// Both stages reversed.
        Both = 3 => "both",
    }
}

impl ReverseOps {
    /// The pack of the two flags (seed 001: `b[0x26] = reverse0 | (reverse1 << 1)`).
    pub const fn from_flags(reverse0: bool, reverse1: bool) -> Self {
        match (reverse0, reverse1) {
            (false, false) => ReverseOps::None,
            (true, false) => ReverseOps::First,
            (false, true) => ReverseOps::Second,
            (true, true) => ReverseOps::Both,
        }
    }

    /// The two flags `(reverse0, reverse1)`.
    pub const fn flags(self) -> (bool, bool) {
        match self {
            ReverseOps::None => (false, false),
            ReverseOps::First => (true, false),
            ReverseOps::Second => (false, true),
            ReverseOps::Both => (true, true),
        }
    }
}

crate::enumeration! {
    /// The TensorScalarCache mode, `TSCMode` (seed 001 only; no public confirmation). It is not
    /// a wire field: it picks the opcode (Reduce → 0x9A, Cumulative and TensorScan → 0xE6).
    pub enum TscMode: "TSCMode" {
        /// Folds the input to one result per partition (opcode 0x9A).
        Reduce = 0 => "reduce",
        /// A running prefix at every element (opcode 0xE6).
        Cumulative = 1 => "cumulative",
        /// A scan (opcode 0xE6, told from Cumulative by the accumulate command and bundle bits).
        TensorScan = 2 => "tensor_scan",
    }
}
