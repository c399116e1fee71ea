//! `TileDataType`: the 5-bit element type code of the PTO tile ISA.
//!
//! The code sits in `BSTART.TEPL` bits `[31:27]` (seed 004's `DataType` field, 5 bits) and in
//! `B.DATR` bits `[24:20]`. The code table is not in seed 004; it comes from the public PTO spec
//! (SPEC-NOTES §3): FP64 0 … HiF4X2 14, S64 16 … S4X2 20, U64 24 … U4X2 28. Codes 15, 21..=23
//! and 29..=31 are reserved. Code 31 is the spec's "none", meaningful only in `B.DATR`; it is
//! not an element type, so this type rejects it like every other reserved code; `B.DATR`'s
//! field is [`DatrDataType`](super::words::DatrDataType), which adds "none".

use core::fmt;
use core::str::FromStr;

use isa_core::field::fit_unsigned;
use isa_core::{BitValue, Codes, Problem, Value};

/// An element type of a PTO tile (public PTO spec, SPEC-NOTES §3; seed 004's `DataType`
/// parameter of `BSTART.SFU TSHUF, DataType`).
///
/// The discriminant is the 5-bit wire code. Reserved codes (15, 21..=23, 29..=31) have no
/// variant, so a value of this type is always a defined element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum TileDataType {
    /// IEEE binary64. Code 0, 64 bits.
    Fp64 = 0,
    /// IEEE binary32. Code 1, 32 bits.
    Fp32 = 1,
    /// TensorFloat-32 held in a 32-bit container. Code 2, 32 bits.
    Tf32 = 2,
    /// HF32, a 32-bit floating-point type of the PTO spec. Code 3, 32 bits.
    Hf32 = 3,
    /// IEEE binary16. Code 4, 16 bits.
    Fp16 = 4,
    /// bfloat16. Code 5, 16 bits.
    Bf16 = 5,
    /// HiF8, an 8-bit floating-point type of the PTO spec. Code 6, 8 bits.
    HiF8 = 6,
    /// 8-bit float, 4 exponent and 3 mantissa bits. Code 7, 8 bits.
    E4M3 = 7,
    /// 8-bit float, 5 exponent and 2 mantissa bits. Code 8, 8 bits.
    E5M2 = 8,
    /// 6-bit float (3 exponent, 2 mantissa bits) in an 8-bit container. Code 9, 8 bits.
    E3M2 = 9,
    /// 6-bit float (2 exponent, 3 mantissa bits) in an 8-bit container. Code 10, 8 bits.
    E2M3 = 10,
    /// Two 4-bit E2M1 floats packed in one byte. Code 11, 8 bits per pair.
    E2M1X2 = 11,
    /// Two 4-bit E1M2 floats packed in one byte. Code 12, 8 bits per pair.
    E1M2X2 = 12,
    /// 8-bit exponent-only scale (E8M0). Code 13, 8 bits.
    E8M0 = 13,
    /// Two 4-bit HiF4 floats packed in one byte. Code 14, 8 bits per pair.
    HiF4X2 = 14,
    /// Signed 64-bit integer. Code 16, 64 bits.
    S64 = 16,
    /// Signed 32-bit integer. Code 17, 32 bits.
    S32 = 17,
    /// Signed 16-bit integer. Code 18, 16 bits.
    S16 = 18,
    /// Signed 8-bit integer. Code 19, 8 bits.
    S8 = 19,
    /// Two signed 4-bit integers packed in one byte. Code 20, 8 bits per pair.
    S4X2 = 20,
    /// Unsigned 64-bit integer. Code 24, 64 bits.
    U64 = 24,
    /// Unsigned 32-bit integer. Code 25, 32 bits. The type of the TSHUF controls tile (seed 004).
    U32 = 25,
    /// Unsigned 16-bit integer. Code 26, 16 bits.
    U16 = 26,
    /// Unsigned 8-bit integer. Code 27, 8 bits.
    U8 = 27,
    /// Two unsigned 4-bit integers packed in one byte. Code 28, 8 bits per pair.
    U4X2 = 28,
}

/// A code or name that is not a [`TileDataType`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DataTypeError {
    /// The code is one of the reserved codes 15, 21..=23, 29..=31 (public PTO spec,
    /// SPEC-NOTES §3; 31 is "none", meaningful only in `B.DATR`).
    #[error(
        "tile data type code {code} is reserved; the defined codes are 0..=14, 16..=20 and 24..=28"
    )]
    Reserved {
        /// The code that was refused.
        code: u8,
    },
    /// The code needs more than the 5 bits of the `DataType` field (seed 004: `DataType`, 5 bits).
    #[error("tile data type code {code} does not fit in 5 bits; codes are 0..=31")]
    TooWide {
        /// The code that was refused.
        code: u8,
    },
}

impl TileDataType {
    /// Width of the code in bits (seed 004: `DataType` is 5 bits, `BSTART.TEPL` bits `[31:27]`).
    pub const CODE_BITS: u32 = 5;

    /// Every defined type, in code order (25 entries; public PTO spec, SPEC-NOTES §3).
    pub const ALL: [TileDataType; 25] = [
        TileDataType::Fp64,
        TileDataType::Fp32,
        TileDataType::Tf32,
        TileDataType::Hf32,
        TileDataType::Fp16,
        TileDataType::Bf16,
        TileDataType::HiF8,
        TileDataType::E4M3,
        TileDataType::E5M2,
        TileDataType::E3M2,
        TileDataType::E2M3,
        TileDataType::E2M1X2,
        TileDataType::E1M2X2,
        TileDataType::E8M0,
        TileDataType::HiF4X2,
        TileDataType::S64,
        TileDataType::S32,
        TileDataType::S16,
        TileDataType::S8,
        TileDataType::S4X2,
        TileDataType::U64,
        TileDataType::U32,
        TileDataType::U16,
        TileDataType::U8,
        TileDataType::U4X2,
    ];

    /// The 5-bit wire code (public PTO spec, SPEC-NOTES §3).
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The type with wire code `code`; reserved codes (15, 21..=23, 29..=31, including 31
    /// "none") and codes over 5 bits are refused (public PTO spec, SPEC-NOTES §3).
    pub const fn from_code(code: u8) -> Result<Self, DataTypeError> {
        Ok(match code {
            0 => TileDataType::Fp64,
            1 => TileDataType::Fp32,
            2 => TileDataType::Tf32,
            3 => TileDataType::Hf32,
            4 => TileDataType::Fp16,
            5 => TileDataType::Bf16,
            6 => TileDataType::HiF8,
            7 => TileDataType::E4M3,
            8 => TileDataType::E5M2,
            9 => TileDataType::E3M2,
            10 => TileDataType::E2M3,
            11 => TileDataType::E2M1X2,
            12 => TileDataType::E1M2X2,
            13 => TileDataType::E8M0,
            14 => TileDataType::HiF4X2,
            16 => TileDataType::S64,
            17 => TileDataType::S32,
            18 => TileDataType::S16,
            19 => TileDataType::S8,
            20 => TileDataType::S4X2,
            24 => TileDataType::U64,
            25 => TileDataType::U32,
            26 => TileDataType::U16,
            27 => TileDataType::U8,
            28 => TileDataType::U4X2,
            15 | 21..=23 | 29..=31 => return Err(DataTypeError::Reserved { code }),
            32..=u8::MAX => return Err(DataTypeError::TooWide { code }),
        })
    }

    /// Every `(name, code)` of [`TileDataType::ALL`], for messages.
    pub const CODES: Codes = &Self::NAMED;

    const NAMED: [(&'static str, u8); 25] = {
        let mut out = [("", 0); 25];
        let mut i = 0;
        while i < out.len() {
            out[i] = (Self::ALL[i].name(), Self::ALL[i].code());
            i += 1;
        }
        out
    };

    /// The assembly name, spelled as the public PTO spec spells it ("U32", "FP16", "E4M3",
    /// "HiF8"); seed 004's example writes `BSTART.SFU TSHUF, U32`.
    pub const fn name(self) -> &'static str {
        match self {
            TileDataType::Fp64 => "FP64",
            TileDataType::Fp32 => "FP32",
            TileDataType::Tf32 => "TF32",
            TileDataType::Hf32 => "HF32",
            TileDataType::Fp16 => "FP16",
            TileDataType::Bf16 => "BF16",
            TileDataType::HiF8 => "HiF8",
            TileDataType::E4M3 => "E4M3",
            TileDataType::E5M2 => "E5M2",
            TileDataType::E3M2 => "E3M2",
            TileDataType::E2M3 => "E2M3",
            TileDataType::E2M1X2 => "E2M1X2",
            TileDataType::E1M2X2 => "E1M2X2",
            TileDataType::E8M0 => "E8M0",
            TileDataType::HiF4X2 => "HiF4X2",
            TileDataType::S64 => "S64",
            TileDataType::S32 => "S32",
            TileDataType::S16 => "S16",
            TileDataType::S8 => "S8",
            TileDataType::S4X2 => "S4X2",
            TileDataType::U64 => "U64",
            TileDataType::U32 => "U32",
            TileDataType::U16 => "U16",
            TileDataType::U8 => "U8",
            TileDataType::U4X2 => "U4X2",
        }
    }

    /// Bits of storage per element, the spec's `TileElementBits` (seed 004 rejects TSHUF data
    /// types for which it is 64).
    ///
    /// The `X2` types (E2M1X2, E1M2X2, HiF4X2, S4X2, U4X2) hold two 4-bit values in one byte; the
    /// element is the packed pair, so they report 8. The 6-bit floats E3M2 and E2M3 sit in an
    /// 8-bit container and report 8.
    pub const fn element_bits(self) -> u32 {
        match self {
            TileDataType::Fp64 | TileDataType::S64 | TileDataType::U64 => 64,
            TileDataType::Fp32
            | TileDataType::Tf32
            | TileDataType::Hf32
            | TileDataType::S32
            | TileDataType::U32 => 32,
            TileDataType::Fp16 | TileDataType::Bf16 | TileDataType::S16 | TileDataType::U16 => 16,
            TileDataType::HiF8
            | TileDataType::E4M3
            | TileDataType::E5M2
            | TileDataType::E3M2
            | TileDataType::E2M3
            | TileDataType::E2M1X2
            | TileDataType::E1M2X2
            | TileDataType::E8M0
            | TileDataType::HiF4X2
            | TileDataType::S4X2
            | TileDataType::S8
            | TileDataType::U4X2
            | TileDataType::U8 => 8,
        }
    }
}

impl fmt::Display for TileDataType {
    /// Writes the assembly name ([`TileDataType::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TileDataType {
    type Err = UnknownAssemblyName;

    /// Reads an assembly name, matched exactly as the public PTO spec spells it ("U32", "HiF8").
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownAssemblyName::new("TileDataType", s))
    }
}

impl From<TileDataType> for u8 {
    /// The 5-bit wire code.
    fn from(value: TileDataType) -> Self {
        value.code()
    }
}

impl TryFrom<u8> for TileDataType {
    type Error = DataTypeError;

    /// Same as [`TileDataType::from_code`].
    fn try_from(code: u8) -> Result<Self, Self::Error> {
        Self::from_code(code)
    }
}

/// The `DataType` bit field of `BSTART.TEPL` `[31:27]` (seed 004) and, through
/// [`DatrDataType`](super::words::DatrDataType), of `B.DATR` `[24:20]`
/// (SPEC-NOTES §3): a 5-bit code; reserved codes read back as
/// [`Problem::UnknownCode`] for table `TileDataType`.
impl BitValue for TileDataType {
    const BITS: u32 = TileDataType::CODE_BITS;

    fn to_bits(&self, width: u32) -> Result<u64, Problem> {
        fit_unsigned(u64::from(self.code()), width)
    }

    fn from_bits(code: u64, width: u32) -> Result<Self, Problem> {
        let code = fit_unsigned(code, width)?;
        u8::try_from(code)
            .ok()
            .and_then(|c| Self::from_code(c).ok())
            .ok_or(Problem::UnknownCode {
                code,
                table: "TileDataType",
                known: &Self::CODES,
            })
    }

    /// Shown by its assembly name, as its serde form writes it.
    fn describe(code: u64, width: u32) -> Result<Value<'static>, Problem> {
        Self::from_bits(code, width).map(|t| Value::Name(t.name()))
    }
}

serde_by_name!(TileDataType, "TileDataType", |name| name.parse().ok());

/// A PTO assembly name that is not in its table: the `FromStr` error of [`TileDataType`], which
/// reads the spelling of the public PTO spec ("U32", "HiF8"). A wire name that is not one of an
/// `enumeration!`'s is [`isa_core::UnknownName`] instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{name}` is not a {table} name")]
pub struct UnknownAssemblyName {
    /// The table looked in, e.g. `TileDataType`.
    pub table: &'static str,
    /// The name that was not found.
    pub name: String,
}

impl UnknownAssemblyName {
    /// An error for `name` missing from `table`.
    pub fn new(table: &'static str, name: &str) -> Self {
        Self {
            table,
            name: name.to_owned(),
        }
    }
}
