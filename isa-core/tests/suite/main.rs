//! isa-core's integration tests: the enumerations, tables, descriptors and packing against the
//! seeds, the family machinery, the field visitor and the errors. One module a subject, built as
//! one test binary.
#![forbid(unsafe_code)]

mod descriptors;
mod enumerations;
mod errors;
mod family;
mod hygiene;
mod json_strings;
mod luts;
mod narrowing;
mod packing_props;
mod reasons;
mod visit;
