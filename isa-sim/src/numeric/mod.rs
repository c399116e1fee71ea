//! Element number conversions: the storage [`Format`] of each [`Dtype`](isa_core::Dtype) on each
//! core, and the conversions between a format's codes and fp32 or integers.
//!
//! Every arithmetic operation converts its inputs to fp32, computes in fp32 and converts the
//! result to the destination dtype (SEMANTICS-NOTES §0; I1, A2, K2), so [`Format::to_f32`] and
//! [`Format::from_f32`] are the machine's only float conversions. They round to nearest, ties to
//! even, the default on every NeuronCore (D1, D2), and do not saturate: the hardware downcast
//! of FP32_MIN to bf16/fp16/fp8 gives −inf (I1). Where the hardware's exact behaviour at the
//! edges is not published, the reference is ml_dtypes 0.6.0, matched bit for bit: the golden
//! tables in `isa-sim/golden/tables`, written by `isa-sim/golden/generate.py`, hold every code
//! point of each float format decoded and several thousand fp32 inputs rounded (ties at every
//! pair of neighbours, overflow, underflow, NaN, random values), and `tests/suite/conversions.rs`
//! compares them all. In ml_dtypes `float8_e4m3` overflows to ±inf (248 → inf),
//! `float8_e4m3fn` to NaN (480 → NaN), `float8_e5m2` to ±inf, and `float4_e2m1fn` saturates.
//!
//! The codecs: the `half` crate for bf16 and f16; for the 8- and 4-bit formats one generic
//! minifloat codec parameterised by exponent bits, mantissa bits, bias and special-value
//! convention, since the one crate built to match ml_dtypes (`microfloat` 0.1.3) differs from it
//! on the golden tables (464 in `float8_e4m3fn`, near the ends of `float8_e8m0fnu`, NaN in
//! `float4_e2m1fn`). The golden tables are what proves both.
//!
//! Matching ml_dtypes bit for bit takes in three of its edge behaviours, which are its own and
//! not known hardware facts: `float8_e8m0fnu` (no mantissa bits) rounds every tie up (1.5 → 2,
//! 0.75 → 1), and rounds an fp32 subnormal input on its bit pattern (anything above 2^-127 gives
//! 2^-126); `float4_e2m1fn`, which has no NaN, encodes NaN as −0 and −NaN as +0.
//!
//! # Dtype → format, per core
//! CoreV2 is NeuronCore-v2 (Trn1), CoreV3 NeuronCore-v3 (Trn2), CoreV4 NeuronCore-v4 (Trn3).
//! The wire tags are shared (0x0E is `float8e4`, `float8_e4m3fn` and `float8_e4m3fn_x4`;
//! SPEC-NOTES §1), so the format is read from the BIR ordinal. [`dtype_reading`] is the table in
//! code, with the evidence of each entry; "stated" means a public source says it, "inferred"
//! that it is this crate's reading.
//!
//! | dtype | CoreV2 | CoreV3 | CoreV4 | confidence, evidence |
//! | --- | --- | --- | --- | --- |
//! | uint8 … int64, bfloat16, float16, float32 | same name | same name | same name | stated: the names |
//! | float32r | float32 | float32 | float32 | inferred: a 4-byte fp32 container (FP32R) |
//! | float8e3 | float8_e3m4 | float8_e3m4 | float8_e3m4 | inferred: FP8_EXP3, the IEEE-like E3M4 |
//! | float8e4 | float8_e4m3 | float8_e4m3 | float8_e4m3 | stated on Trn2 (max 240) (V1); inferred on Trn1 and Trn3 (rejected only after Trn3 (E2)) |
//! | float8_e4m3fn | rejected | rejected | float8_e4m3fn | stated: not supported on Trn1/Trn2, native on Trn3 (E1) |
//! | float8_e8m0fnu | float8_e8m0fnu | float8_e8m0fnu | float8_e8m0fnu | inferred: the name; no source says which cores take it |
//! | float8e5 | float8_e5m2 | float8_e5m2 | float8_e5m2 | inferred: FP8_EXP5, the IEEE-like E5M2 |
//! | float4_e2m1fn_x4 | packed: refused | packed: refused | packed: refused | stated: 4 fp4 values in 2 bytes |
//! | float8_e4m3fn_x4 | packed: refused | packed: refused | packed: refused | stated: 4 float8_e4m3fn values, for matmul_mx |
//! | float8_e5m2_x4 | packed: refused | packed: refused | packed: refused | stated: 4 float8_e5m2 values, for matmul_mx |
//!
//! **Packed dtypes are refused.** An `_x4` element holds four values that only the MX matmul
//! reads; the simulator computes on one value per element, so [`format_of`] returns
//! [`NumericError::Packed`], which names the element format and lane count for a caller that
//! unpacks. A rejected dtype gives [`NumericError::Rejected`] with its source.
//!
//! # Integer readings
//! No public source states how fp32 converts to an integer or what integer overflow does
//! (SEMANTICS-NOTES §0 "Undocumented", §7 question 1). This crate's readings, each made in one
//! place:
//! - fp32 → integer ([`integer::f32_to_int`]): round to nearest, ties to even; saturate to the
//!   target's range (±inf included); NaN → 0.
//! - integer overflow ([`integer::wrap`]): keep the low bits, two's complement
//!   ([`Format::from_i64`], and [`Format::to_i64`] of a `uint64` above `i64::MAX`).
//! - integer → fp32: round to nearest, ties to even, so exact up to 2^24 (as SEMANTICS-NOTES §0
//!   reads int32 on VectorE: through fp32, inexact above 2^24).
//!
//! Sources: the keys are those of docs/sources.md (D1/D2 Neuron data-types and rounding pages,
//! I1 `nki.isa`, V1 the vLLM KV-cache quantisation design, E1/E2 compiler errors EVRF051 and
//! EVRF052); "NKI dtype doc" is the `nki.language.float8_e4m3fn_x4` page.

mod dtype;
mod float;
mod format;
pub mod integer;
mod layout;
mod minifloat;
pub mod slice;

pub use dtype::{CORES, DtypeReading, NumericError, Storage, dtype_reading, format_of};
pub use format::Format;
