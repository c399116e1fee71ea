//! `CodeGenMode`: the three arms of every encoder body (SPEC-NOTES §1, seeds 000 and 001).

crate::enumeration! {
    /// What an encoder body does with the bundle it builds (seed 001: `*((int*)this+156)`,
    /// this+0x270). Any other value is "Wrong CodeGenMode" (seed 000).
    pub enum CodeGenMode: "CodeGenMode" {
        /// Records the opcode into a census; writes nothing.
        CollectOpcodes = 0 => "collect_opcodes",
        /// Writes a fresh zeroed 64-byte bundle.
        GenerateIsacode = 1 => "generate_isacode",
        /// Builds a byte-identical bundle and runs the ISA checks on it; writes nothing.
        RunIsaChecks = 2 => "run_isa_checks",
    }
}
