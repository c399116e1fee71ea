// A user's op claims 0x41, which the built-in TensorTensor already claims: the extended family
// does not compile, and the error names both.
use isa::Bundle;
use isa::core::{SyncBand, Validate, family};

#[derive(Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 64, opcodes = [0x41])]
pub struct TensorMax {
    #[field(offset = 0x04)]
    pub sync: SyncBand,
}
impl Validate for TensorMax {}

family! {
    /// The built-in ops and one more.
    pub enum MyOp(view MyOpView, tag "op", extends isa::ops::Op as Builtin) {
        /// The clashing op.
        TensorMax(TensorMax),
    }
}

fn main() {}
