// A 32-byte bundle in a family of 64-byte bundles.
use isa::Bundle;
use isa::core::{SyncBand, Validate, family};

#[derive(Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 64, opcodes = [0x60])]
pub struct Wide {
    #[field(offset = 0x04)]
    pub sync: SyncBand,
}
impl Validate for Wide {}

#[derive(Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 32, opcodes = [0x61])]
pub struct Short {
    #[field(offset = 0x04)]
    pub sync: SyncBand,
}
impl Validate for Short {}

family! {
    /// Mixed widths.
    pub enum Mixed(view MixedView, tag "op") {
        /// 64 bytes.
        Wide(Wide),
        /// 32 bytes.
        Short(Short),
    }
}

fn main() {}
