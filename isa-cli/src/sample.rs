//! Seed 004's example block, for the tests of the word-stream readers.

/// `BSTART.SFU TSHUF, U32; B.DATR Layout; B.IOT source, controls, ->destination; B.IOR a0;
/// BSTOP`, with Layout CUBE_M16, as `isa_ops::pto` encodes it (its doc example): BSTART
/// `0xCF619181` is U32 (25) << 27 | 3 << 25 | 22 << 20 | 0x19181.
pub const BLOCK: [u32; 5] = [
    0xCF61_9181,
    0x0000_1FA3,
    0x081B_4213,
    0x0001_0013,
    0x0000_0001,
];

/// Words to their little-endian bytes.
pub fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}
