// Two word layouts whose mask/match pairs one word can satisfy: 0x0000_1043 matches both
// (low 7 bits 0x43 under the first mask, bits 14:12 = 1 under the second).
use isa::Bundle;
use isa::core::{Validate, family};

#[derive(Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 4, mask = 0x0000_007F, match = 0x0000_0043)]
pub struct Loose {
    #[field(bits = 7..=31)]
    pub rest: u32,
}
impl Validate for Loose {}

#[derive(Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 4, mask = 0x0000_7000, match = 0x0000_1000)]
pub struct Narrow {
    #[field(bits = 0..=11)]
    pub low: u16,
    #[field(bits = 15..=31)]
    pub high: u32,
}
impl Validate for Narrow {}

family! {
    /// Two words that collide.
    pub enum Words(view WordsView, tag "word") {
        /// The loose one.
        Loose(Loose),
        /// The narrow one.
        Narrow(Narrow),
    }
}

fn main() {}
