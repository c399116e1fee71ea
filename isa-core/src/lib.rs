//! Runtime of the bundle DSL.
//!
//! `isa-core` holds everything a declaration stands on and nothing that parses Rust: the
//! [`Bundle`] and [`Field`] traits the derive implements and uses, the alignment-1 wire types, the
//! access-pattern descriptors of seed 002 (TENSOR1D..4D, MEM_PATTERN2D/3D) with their ADDR4 start
//! word, packing and validators, the 64-byte header's sync band, the enumerations of the
//! specification with their lookup tables, and the typed errors.
#![forbid(unsafe_code)]

extern crate self as isa_core;

pub mod access;
pub mod addr4;
pub mod bundle;
pub mod descriptor;
pub mod enumeration;
pub mod enums;
pub mod error;
pub mod field;
pub mod header;
pub mod lut;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use access::{AccessPattern, ApPair, PackError, first_pair_num};
pub use addr4::Addr4;
pub use bundle::{Bundle, Confidence, FieldInfo, FieldKind, Identity, LayoutStatus, Placement};
pub use descriptor::valid::{DescriptorFault, tensor2d_valid, tensor3d_valid};
pub use descriptor::{
    MemPattern2d, MemPattern3d, Tensor, Tensor1d, Tensor2d, Tensor3d, Tensor4d, TensorWire,
};
pub use enums::*;
pub use error::{DecodeError, EncodeError, FieldError, Location, Problem, UnknownName};
pub use field::{BitValue, Field};
pub use header::SyncBand;
pub use lut::{Lut, LutRef};
