//! The layouts of an ISA for other languages, generated from the field tables alone: the JSON
//! catalog ([`catalog`]), from which the other forms are written.

pub mod catalog;
mod probe;

pub use catalog::Catalog;
