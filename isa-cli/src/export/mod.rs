//! The layouts of an ISA for other languages, generated from the field tables alone: the JSON
//! catalog ([`catalog`]), and the C header ([`c`]) and the Python module ([`python`]) written from it.

pub mod c;
pub mod catalog;
mod flat;
mod probe;
pub mod python;

pub use catalog::Catalog;
