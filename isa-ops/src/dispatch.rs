//! The built-in ISA's bundle family: every op of the seeds, gathered with
//! [`isa_core::family!`] exactly as a user's crate gathers its own ([`Op`], [`OpView`],
//! [`decode_any`], the stream walker [`bundles`]).
//!
//! The opcode table is built at compile time from each declaration's `opcodes`; two
//! declarations claiming one opcode do not compile (an opcode shared by two producers, like
//! 0x9A, is declared once, on the one layout both write).

use isa_core::family::{Located, Walk};
use isa_core::{DecodeError, Family};

pub use isa_core::Declaration;
pub use isa_core::family::Trailing;

/// Size of every bundle of the 64-byte family.
pub const BUNDLE_SIZE: usize = 64;

isa_core::family! {
    /// One decoded bundle of any op of the built-in ISA. Serialized with its name under `"op"`
    /// and its fields beside it (the JSON Lines form of the command line).
    pub enum Op(view OpView, tag "op") {
        /// TensorTensor, s3d3_tt (seed 000 §2).
        TensorTensor(crate::tensor_tensor::TensorTensor),
        /// SelectReduce 0xEA, the 2-D band of the CopyPredicated body (seed 000 §3.1).
        SelectReduce(crate::copy_predicated::SelectReduce),
        /// CopyPredicated 0x72 / CastPredicated 0x99, s3d3_tt (seed 000 §3.2).
        CopyPredicated(crate::copy_predicated::CopyPredicated),
        /// CopyPredicatedScalar 0xE8, d3_cp (seed 000 §3.3).
        CopyPredicatedScalar(crate::copy_predicated::CopyPredicatedScalar),
        /// TensorCopy 0x46 / 0x47, s3d3_copy (seed 000 §4).
        TensorCopy(crate::tensor_copy::TensorCopy),
        /// Memset 0x49 / 0x4D, d3_memset (seed 000 §5).
        Memset(crate::memset::Memset),
        /// MoveShape 0xB2, s_move (seed 000 §6).
        MoveShape(crate::move_shape::MoveShape),
        /// TensorScalar and TensorScalarCache, s3d3_ts, CoreV2 tables (seed 001; 0x9A once, for both).
        TensorScalar(crate::tensor_scalar::TensorScalar),
        /// Exponential, s3d3_ts, CoreV4 tables (seed 001).
        Exponential(crate::exponential::Exponential),
        /// ScalarTensorTensor, s2s2d2_stt (seed 001).
        ScalarTensorTensor(crate::scalar_tensor_tensor::ScalarTensorTensor),
        /// TensorScalarAddr, s2d2_ts_as (seed 001).
        TensorScalarAddr(crate::tensor_scalar_addr::TensorScalarAddr),
        /// TensorScalarAffineSelect 0x92, layout not recovered (seed 001 OPEN).
        TensorScalarAffineSelect(crate::opaque::TensorScalarAffineSelect),
        /// DveReadAccumulator 0x9B, layout not recovered (seed 001).
        DveReadAccumulator(crate::opaque::DveReadAccumulator),
        /// TensorDequantize 0x7B, never emitted, layout not recovered (seed 000).
        TensorDequantize(crate::opaque::TensorDequantize),
        /// TensorReduceRangeCheck 0x9C, layout not recovered (seed 001).
        TensorReduceRangeCheck(crate::opaque::TensorReduceRangeCheck),
    }
}

/// Every op of the built-in ISA, in dispatch order.
pub const DECLARATIONS: &[Declaration] = <Op as Family>::DECLARATIONS;

/// Every opcode some op of the built-in ISA claims, ascending.
pub const KNOWN_OPCODES: &[u8] = <Op as Family>::KNOWN_OPCODES;

/// Reads the first 64 bytes of `bytes` in place as whichever op its opcode names. Only the
/// opcode and the length are checked; fields decode on demand.
pub fn view_any(bytes: &[u8]) -> Result<OpView<'_>, DecodeError> {
    Op::view(bytes)
}

/// Decodes the first 64 bytes of `bytes` as whichever op its opcode names, with every check.
#[inline]
pub fn decode_any(bytes: &[u8]) -> Result<Op, DecodeError> {
    <Op as Family>::decode(bytes)
}

/// A bundle of a stream of the built-in ISA, where it sits, and its view.
pub type LocatedOp<'a> = Located<'a, Op>;

/// Walks a buffer of 64-byte bundles in place: every bundle, then, if the length is not a
/// multiple of 64, one [`Trailing`] report. Nothing is copied and nothing is dropped.
pub fn bundles(stream: &[u8]) -> Walk<'_, Op> {
    Op::walk(stream)
}
