//! Which [`Format`] each [`Dtype`] is on each core: the table of readings
//! ([`dtype_reading`]) and the lookup the machine uses ([`format_of`]).

use isa_core::{Confidence, Dtype};
use isa_ops::operand::Core;

use super::Format;

/// How a dtype's elements are stored on one core.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// One value of this format per element.
    Scalar(Format),
    /// `lanes` values of `element` packed in one element. The simulator computes on one value
    /// per element and refuses these dtypes ([`NumericError::Packed`]).
    Packed {
        /// The format of each packed value.
        element: Format,
        /// How many values one element holds.
        lanes: u32,
    },
    /// The core does not take the dtype: the vendor's compiler rejects it.
    Rejected,
}

/// What one dtype is on one core, with its evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DtypeReading {
    /// The storage the simulator uses.
    pub storage: Storage,
    /// How firmly a source backs it: STRONG where a public source states it, INFERRED where
    /// no source does (the evidence then gives the reasoning).
    pub confidence: Confidence,
    /// The source (the keys and notes sections of docs/sources.md) or the reasoning.
    pub evidence: &'static str,
}

/// A dtype the simulator cannot compute with on a core.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NumericError {
    /// The core does not take the dtype.
    #[error("dtype {dtype} is not supported on core {core:?} ({evidence}); use another dtype")]
    Rejected {
        /// The dtype.
        dtype: Dtype,
        /// The core.
        core: Core,
        /// Why: the source that says so.
        evidence: &'static str,
    },
    /// The dtype packs several values in one element.
    #[error(
        "dtype {dtype} packs {lanes} {} values in one element; the simulator computes on one value \
         per element, so unpack it to {} first",
        element.ml_dtypes_name(),
        element.ml_dtypes_name()
    )]
    Packed {
        /// The dtype.
        dtype: Dtype,
        /// The format of each packed value.
        element: Format,
        /// How many values one element holds.
        lanes: u32,
    },
}

const fn stated(storage: Storage, evidence: &'static str) -> DtypeReading {
    DtypeReading {
        storage,
        confidence: Confidence::Strong,
        evidence,
    }
}

const fn inferred(storage: Storage, evidence: &'static str) -> DtypeReading {
    DtypeReading {
        storage,
        confidence: Confidence::Inferred,
        evidence,
    }
}

/// The cores, oldest first: CoreV2 is NeuronCore-v2 (Trn1), CoreV3 NeuronCore-v3 (Trn2),
/// CoreV4 NeuronCore-v4 (Trn3) (SEMANTICS-NOTES §3).
pub const CORES: [Core; 3] = [Core::V2, Core::V3, Core::V4];

/// What `dtype` is on `core`: the one table of the dtype readings, each with its evidence.
///
/// The wire tags cannot tell these apart (0x0E is `float8e4`, `float8_e4m3fn` and
/// `float8_e4m3fn_x4`; SPEC-NOTES §1), so the reading is made on the BIR ordinal.
pub fn dtype_reading(dtype: Dtype, core: Core) -> DtypeReading {
    use Storage::{Packed, Rejected, Scalar};
    let by_name = "the dtype's name is the numpy type's [SPEC-NOTES §1]";
    match dtype {
        Dtype::Uint8 => stated(Scalar(Format::UInt8), by_name),
        Dtype::Int8 => stated(Scalar(Format::Int8), by_name),
        Dtype::Uint16 => stated(Scalar(Format::UInt16), by_name),
        Dtype::Int16 => stated(Scalar(Format::Int16), by_name),
        Dtype::Uint32 => stated(Scalar(Format::UInt32), by_name),
        Dtype::Int32 => stated(Scalar(Format::Int32), by_name),
        Dtype::Uint64 => stated(Scalar(Format::UInt64), by_name),
        Dtype::Int64 => stated(Scalar(Format::Int64), by_name),
        Dtype::Bfloat16 => stated(Scalar(Format::BFloat16), by_name),
        Dtype::Float16 => stated(Scalar(Format::Float16), by_name),
        Dtype::Float32 => stated(Scalar(Format::Float32), by_name),
        Dtype::Float32r => inferred(
            Scalar(Format::Float32),
            "FP32R is a 4-byte fp32 container [SPEC-NOTES §1]; no source gives its values a \
             different format, so it stores fp32",
        ),
        Dtype::Float8e3 => inferred(
            Scalar(Format::Float8E3M4),
            "FP8_EXP3 has a 3-bit exponent in 8 bits, so E3M4; ml_dtypes' float8_e3m4 \
             (IEEE-like, bias 3) is the one such type, as float8e4 and float8e5 are the \
             IEEE-like E4M3 and E5M2",
        ),
        Dtype::Float8e4 => match core {
            Core::V3 => stated(
                Scalar(Format::Float8E4M3),
                "Trn2 FP8 E4M3 has max 240, the IEEE-like float8_e4m3 [V1]",
            ),
            Core::V2 | Core::V4 => inferred(
                Scalar(Format::Float8E4M3),
                "as on Trn2 [V1]: F8E4M3 is rejected only after Trn3 [E2], and its \
                 finite-only form is a separate dtype (float8_e4m3fn)",
            ),
        },
        Dtype::Float8E4m3fn => match core {
            Core::V2 | Core::V3 => stated(Rejected, "F8E4M3FN is not supported on Trn1/Trn2 [E1]"),
            Core::V4 => stated(
                Scalar(Format::Float8E4M3Fn),
                "F8E4M3FN is natively supported on Trn3 [E1]; the name is ml_dtypes'",
            ),
        },
        Dtype::Float8E8m0fnu => inferred(
            Scalar(Format::Float8E8M0Fnu),
            "the name is ml_dtypes' (an NKI dtype) [SPEC-NOTES §1]; no source says which cores \
             take it, so every core does",
        ),
        Dtype::Float8e5 => inferred(
            Scalar(Format::Float8E5M2),
            "FP8_EXP5 has a 5-bit exponent in 8 bits, so E5M2; NKI's float8_e5m2 is \
             ml_dtypes' IEEE-like type",
        ),
        Dtype::Float4E2m1fnX4 => stated(
            Packed {
                element: Format::Float4E2M1Fn,
                lanes: 4,
            },
            "four packed float4_e2m1fn values in a 2-byte container [SPEC-NOTES §1]",
        ),
        Dtype::Float8E4m3fnX4 => stated(
            Packed {
                element: Format::Float8E4M3Fn,
                lanes: 4,
            },
            "4x packed float8_e4m3fn elements, for nc_matmul_mx on NeuronCore-v4 [NKI dtype doc]",
        ),
        Dtype::Float8E5m2X4 => stated(
            Packed {
                element: Format::Float8E5M2,
                lanes: 4,
            },
            "4x packed float8_e5m2 elements, for nc_matmul_mx on NeuronCore-v4 [NKI dtype doc]",
        ),
    }
}

/// The format of one element of `dtype` on `core`, from [`dtype_reading`]; an error for a dtype
/// the core rejects or that packs several values in one element.
pub fn format_of(dtype: Dtype, core: Core) -> Result<Format, NumericError> {
    let reading = dtype_reading(dtype, core);
    match reading.storage {
        Storage::Scalar(format) => Ok(format),
        Storage::Packed { element, lanes } => Err(NumericError::Packed {
            dtype,
            element,
            lanes,
        }),
        Storage::Rejected => Err(NumericError::Rejected {
            dtype,
            core,
            evidence: reading.evidence,
        }),
    }
}
