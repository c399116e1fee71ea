// A custom word whose identity a B.DIM LB1 word (match 0x1043 under 0x707F) also carries: the
// word family does not compile, and the error names both words.
use isa::core::{Validate, family};
use isa::serde::{Deserialize, Serialize};

#[derive(isa::Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(crate = "isa::serde")]
#[bundle(size = 4, mask = 0x0000_007F, match = 0x0000_0043, name = "B.WIDE")]
pub struct BWide {
    #[field(bits = 7..=31)]
    pub rest: u32,
}

impl Validate for BWide {}

family! {
    /// The PTO words and a clashing one.
    pub enum Clashing(view ClashingView, tag "word", extends isa::ops::pto::Word as Pto) {
        /// Overlaps every B.DIM.
        Wide(BWide),
    }
}

fn main() {}
