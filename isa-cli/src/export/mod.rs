//! The layouts of an ISA for other languages, generated from the field tables alone: the JSON
//! catalog ([`catalog`]), and the C header ([`c`]) written from it.

pub mod c;
pub mod catalog;
mod flat;
mod probe;

pub use catalog::Catalog;
