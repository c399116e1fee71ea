// A custom op that claims 0x41 beside the built-in ISA, where TensorTensor already claims it: the
// family does not compile, and the error names both ops.
use isa::core::{SyncBand, Validate, family};
use isa::serde::{Deserialize, Serialize};

#[derive(isa::Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(crate = "isa::serde")]
#[bundle(size = 64, opcodes = [0x41])]
pub struct TensorMin {
    #[field(offset = 0x04)]
    pub sync: SyncBand,
}

impl Validate for TensorMin {}

family! {
    /// The built-in ops and a clashing one.
    pub enum Clashing(view ClashingView, tag "op", extends isa::ops::Op as Builtin) {
        /// Claims TensorTensor's opcode.
        TensorMin(TensorMin),
    }
}

fn main() {}
