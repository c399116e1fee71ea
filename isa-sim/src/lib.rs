//! The executable semantics of the ISA: the element number conversions a machine with SBUF and
//! PSUM computes with ([`numeric`]).
#![forbid(unsafe_code)]

pub mod numeric;
