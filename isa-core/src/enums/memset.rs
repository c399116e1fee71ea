//! `MemsetMode` and the Memset opcode it selects (SPEC-NOTES §1, seed 000).

crate::enumeration! {
    /// The fill of a Memset (seed 000: the DWORD at inst+0xF0). Not a wire field: it picks the
    /// opcode, through [`memset_opcode`]; a mode ≥ 2 is "unimplemented Memset Mode".
    pub enum MemsetMode: "MemsetMode" {
        /// Every element gets the 32-bit fill immediate.
        Const = 0 => "const",
        /// Random fill (Xorwow RNG; its state rides the engine context, not the bundle).
        Random = 1 => "random",
    }
}

crate::lut! {
    /// Memset opcodes by mode: seed 000 (`mov ebx,0x49` @0x125b530, `mov ebx,0x4d` @0x125b379).
    pub memset_opcode: MemsetMode {
        Const => 0x49,
        Random => 0x4D,
    }
}
