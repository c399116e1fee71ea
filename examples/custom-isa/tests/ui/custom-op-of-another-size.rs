// A custom op of 32 bytes added to the built-in ISA, whose ops are 64: the family does not
// compile, and the error names the op, its size and the family's.
use isa::core::{SyncBand, Validate, family};
use isa::serde::{Deserialize, Serialize};

#[derive(isa::Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(crate = "isa::serde")]
#[bundle(size = 32, opcodes = [0x60])]
pub struct TensorMax {
    #[field(offset = 0x04)]
    pub sync: SyncBand,
}

impl Validate for TensorMax {}

family! {
    /// The built-in ops and a half-size one.
    pub enum Halved(view HalvedView, tag "op", extends isa::ops::Op as Builtin) {
        /// 32 bytes where every built-in op has 64.
        TensorMax(TensorMax),
    }
}

fn main() {}
