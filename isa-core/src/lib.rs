//! Runtime of the bundle DSL.
//!
//! `isa-core` holds everything a declaration stands on and nothing that parses Rust: the
//! [`Bundle`] and [`Field`] traits the derive implements and uses, the alignment-1 wire types, the
//! access-pattern descriptors of seed 002 (TENSOR1D..4D, MEM_PATTERN2D/3D) with their ADDR4 start
//! word, packing (which refuses by default the out-of-range steps and counts seed 002's compiler
//! narrows; its exact narrowing is a mode: see [`access`]) and validators, the 64-byte header's
//! sync band, the enumerations of the specification with their lookup tables, and the typed
//! errors. Every declaration can be walked field by field in place ([`visit`]), and the listing
//! and JSON forms of a bundle are written from that walk ([`render`]).
//!
//! ```
//! use isa_core::{Bundle, Dtype, Problem, SyncBand, Tensor3d, dtype_v2};
//! use isa_derive::Bundle;
//!
//! /// A two-operand copy: one dtype byte, one count, two TENSOR3D slots.
//! #[derive(Bundle, Debug, PartialEq)]
//! #[bundle(size = 64, opcodes = [0x46])]
//! struct Copy3d {
//!     #[field(offset = 0x04)]
//!     sync: SyncBand,
//!     #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
//!     src_dtype: Dtype,
//!     #[field(offset = 0x0C, nibble = hi, lut = dtype_v2)]
//!     dst_dtype: Dtype,
//!     #[field(offset = 0x0F)]
//!     num_active_partitions: u8,
//!     #[field(offset = 0x10)]
//!     src: Tensor3d,
//!     #[field(offset = 0x20)]
//!     dst: Tensor3d,
//! }
//!
//! let copy = Copy3d {
//!     sync: SyncBand::default(),
//!     src_dtype: Dtype::Float32,
//!     dst_dtype: Dtype::Bfloat16,
//!     num_active_partitions: 128,
//!     src: Tensor3d::unit(Default::default()),
//!     dst: Tensor3d::unit(Default::default()),
//! };
//! let wire = copy.encode()?;
//! let bytes = zerocopy::IntoBytes::as_bytes(&wire);
//! assert_eq!(&bytes[..4], &[0x46, 0x10, 0x00, 0x00]); // opcode, inst_word_len, reserved
//! assert_eq!(bytes[0x0C], 0x6A); // bfloat16 0x06 in the high nibble, float32 0x0A low
//!
//! // Read in place from any buffer; decode checks every reserved bit.
//! let view = Copy3d::view(bytes)?;
//! assert_eq!(view.dst_dtype()?, Dtype::Bfloat16);
//! let mut corrupt = bytes.to_vec();
//! corrupt[0x30] = 1; // past the last slot: reserved
//! let err = Copy3d::decode_bytes(&corrupt).unwrap_err();
//! assert_eq!((err.at.field, err.at.offset), ("reserved", 0x30));
//! assert!(matches!(err.problem, Problem::ReservedNonZero { .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

extern crate self as isa_core;

pub mod access;
pub mod addr4;
mod bits;
pub mod bundle;
pub mod descriptor;
pub mod enumeration;
pub mod enums;
pub mod error;
pub mod family;
pub mod field;
mod field_table;
pub mod header;
pub mod lut;
pub mod render;
pub mod validate;
pub mod visit;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use access::{AccessPattern, ApPair, Narrowing, PackError, first_pair_num};
pub use addr4::Addr4;
pub use bundle::{Bundle, Confidence, FieldInfo, FieldKind, Identity, LayoutStatus, Placement};
pub use descriptor::valid::{DescriptorCheck, DescriptorFault, tensor2d_valid, tensor3d_valid};
pub use descriptor::{
    MemPattern2d, MemPattern3d, Tensor, Tensor1d, Tensor2d, Tensor3d, Tensor4d, TensorWire,
};
pub use enums::*;
pub use error::{
    Codes, DecodeError, EncodeError, Fault, FieldError, Location, Problem, UnknownName,
};
pub use family::{BatchVisitor, Declaration, Family, PerMember};
pub use field::{BitValue, Field};
pub use header::SyncBand;
pub use lut::{Lut, LutRef, PreimageNames};
pub use validate::{
    Arg, Args, Finding, Findings, Hex, Print, Reason, ReasonArg, ReasonShape, Rule, Validate,
    push_if,
};
pub use visit::{Enumerated, FieldOrder, Key, Nest, Value, Visitor};
