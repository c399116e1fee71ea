//! Lookup tables between logical enumerations and wire codes.
//!
//! A table is declared once (with `lut!`) and gives both directions. A table may
//! be many-to-one (the dtype tags: seed 000's `byte_1DF5760` maps 20 ordinals onto 15 codes);
//! such a table names one canonical preimage per shared code, and [`Lut::preimages`] lists all
//! of them, so a decoder never pretends to know more than the wire says.

/// A lookup table from `Value` to codes of at most [`Lut::CODE_BITS`] bits.
pub trait Lut {
    /// The logical side.
    type Value: Copy + PartialEq + 'static;

    /// The table's name, as written in `#[field(lut = NAME)]`.
    const NAME: &'static str;

    /// Bits needed by the largest code. A field must be at least this wide; the derive checks it
    /// at compile time (a 5-bit CoreV4 dtype code cannot go in a nibble).
    const CODE_BITS: u32;

    /// Whether every code has exactly one preimage.
    const ONE_TO_ONE: bool;

    /// Every `(value, code)` pair of the table, in declaration order.
    const ENTRIES: &'static [(Self::Value, u8)];

    /// The value's name, for messages ("average has no wire form in table `alu_v2`").
    fn value_name(value: &Self::Value) -> &'static str {
        let _ = value;
        core::any::type_name::<Self::Value>()
    }

    /// The code of `value`, or `None` when the value has no wire form in this table.
    fn encode(value: &Self::Value) -> Option<u8>;

    /// The canonical preimage of `code`, or `None` when no value maps to it.
    fn decode(code: u64) -> Option<Self::Value>;

    /// Every value that maps to `code` (empty when none does), the canonical one first.
    fn preimages(code: u64) -> impl Iterator<Item = Self::Value> {
        let canonical = Self::decode(code);
        let rest = Self::ENTRIES
            .iter()
            .filter(move |(v, c)| u64::from(*c) == code && Some(*v) != canonical)
            .map(|(v, _)| *v);
        canonical.into_iter().chain(rest)
    }
}
