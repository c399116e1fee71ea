//! The 32-bit block words of the PTO tile ISA, declared with `#[derive(Bundle)]`.
//!
//! A PTO instruction is issued as a block of 32-bit words: a `BSTART` header naming the
//! operation and its data type, optional attribute words (`B.DATR`, `B.DIM`), operand words
//! (`B.IOT` for tiles, `B.IOR` for scalar registers) and `BSTOP`. A word is of a type when
//! `word & mask == match`; the layouts are those of the public PTO spec (SPEC-NOTES §3), and
//! seed 004 gives the `BSTART.TEPL` word of TSHUF and the block composition.
//!
//! | word | mask | match | fields |
//! |------|------|-------|--------|
//! | `BSTART.TEPL` ([`BstartTepl`], alias `BSTART.SFU`) | `0x000FFFFF` | `0x00019181` | DataType`[31:27]` Mode`[26:25]` Function`[24:20]` |
//! | `B.DATR` ([`BDatr`]) | `0x000C707F` | `0x00001023` | CMode`[31:29]` PadValueOrByteId`[28:27]` Sat`[26]` Canonicalize`[25]` DataType`[24:20]` RMode`[17:15]` Layout`[11:7]` |
//! | `B.DIM` ([`BDimLb0`], [`BDimLb1`], [`BDimLb2`]) | `0x0000707F` | `0x43` / `0x1043` / `0x2043` | imm`[31:20]`+`[11:7]` RegSrc`[19:15]` |
//! | `B.IOT` ([`BIot`]) | `0x0000707F` | `0x00004013` | SrcTile1`[31:26]` SrcTile0`[25:20]` L`[19]` SizeCode`[18:15]` PEMode`[11:9]` DstTile`[8:7]` |
//! | `B.IOR` ([`BIor`]) | `0x0600707F` | `0x00000013` | RegSrc2`[31:27]` RegSrc1`[24:20]` RegSrc0`[19:15]` RegDst`[11:7]` |
//! | `BSTOP` ([`Bstop`]) | `0xFFFFFFFF` | `0x00000001` | — |
//!
//! Each identity row of the field table carries the tag seed 004 supports: `BSTART.TEPL`'s is
//! CONFIRMED (the seed writes its constant `[19:0]` bit for bit); the others are INFERRED (the
//! seed names the words in TSHUF's block, their bits come from the public spec).
//!
//! No field of any word overlaps its identity bits (the derive refuses that at compile time),
//! and every one of the 32 bits of each word is either identity or field. No two identities
//! can match one word: [`IDENTITIES`] is checked for that at compile time, so [`decode_word`]
//! recognises each word as exactly one type or none.
//!
//! Three value tables are not in the spec and are chosen here, each in one place and marked
//! INFERRED: the register names of the 5-bit register codes ([`Gpr`]), the `B.DATR` layout
//! codes of `CUBE_M16` / `CUBE_M32` ([`datr_layout`]), and the reading of the tile operand
//! codes of `B.IOT` as tile-file indices ([`BIot`]).

use core::fmt;

use isa_core::{
    BitValue, DecodeError, EncodeError, FieldInfo, FieldKind, Identity, Placement, Problem, Value,
    enumeration, lut,
};
use isa_derive::Bundle;

use super::datatype::{DataTypeError, TileDataType};
use super::tile::Layout;

/// Mode of TSHUF in `BSTART.TEPL` bits `[26:25]` (seed 004: `"mode":3`).
pub const TSHUF_MODE: u8 = 3;
/// Function of TSHUF in `BSTART.TEPL` bits `[24:20]` (seed 004: `"function":22`).
pub const TSHUF_FUNCTION: u8 = 22;
/// TSHUF's selector (seed 004: `"selector":"0x076"`).
///
/// The seed states it beside Mode 3 and Function 22 without saying how they relate; the value
/// is Mode and Function read together as the 7-bit field `[26:20]`:
/// `(3 << 5) | 22 = 96 + 22 = 118 = 0x76` ([`BstartTepl::selector`]). The public spec's
/// TGPR2T page agrees: "TEPL Mode 3 Function 30 (0x07E)", and `(3 << 5) | 30 = 0x7E`.
pub const TSHUF_SELECTOR: u16 = 0x076;

const _: () = assert!(((TSHUF_MODE as u16) << 5) | TSHUF_FUNCTION as u16 == TSHUF_SELECTOR);

enumeration! {
    /// A general-purpose register as the block words name it: the 5-bit register code of
    /// `B.IOR`'s RegSrc0/1/2 and RegDst and of `B.DIM`'s RegSrc, with its assembly name. Codes
    /// 0..=23 are registers; 24..=31 are reserved and rejected (the public spec's `B.IOR`
    /// page: "0 invalid, n = 1..23 R[n], > 23 reserved"). In `B.IOR`, code 0 means "no
    /// register".
    ///
    /// INFERRED: seed 004 writes `B.IOR a0` but neither it nor the PTO spec says which code
    /// `a0` is (SPEC-NOTES §3). The names below are the register names of the public LinxISA
    /// toolchain (its compiler's GCC register names `zero, sp, a0..a7, ra, s0..s8, x0..x3` for
    /// `r0..r23`, also its emulator's GPR table), so `a0` is code 2. This table is the only
    /// place the choice is made.
    pub enum Gpr: "GPR" {
        /// Reads as zero; in `B.IOR`, "no register".
        Zero = 0 => "zero",
        /// Stack pointer.
        Sp = 1 => "sp",
        /// Argument register 0; the example's TSHUF control register.
        A0 = 2 => "a0",
        /// Argument register 1.
        A1 = 3 => "a1",
        /// Argument register 2.
        A2 = 4 => "a2",
        /// Argument register 3.
        A3 = 5 => "a3",
        /// Argument register 4.
        A4 = 6 => "a4",
        /// Argument register 5.
        A5 = 7 => "a5",
        /// Argument register 6.
        A6 = 8 => "a6",
        /// Argument register 7.
        A7 = 9 => "a7",
        /// Return address.
        Ra = 10 => "ra",
        /// Saved register 0.
        S0 = 11 => "s0",
        /// Saved register 1.
        S1 = 12 => "s1",
        /// Saved register 2.
        S2 = 13 => "s2",
        /// Saved register 3.
        S3 = 14 => "s3",
        /// Saved register 4.
        S4 = 15 => "s4",
        /// Saved register 5.
        S5 = 16 => "s5",
        /// Saved register 6.
        S6 = 17 => "s6",
        /// Saved register 7.
        S7 = 18 => "s7",
        /// Saved register 8.
        S8 = 19 => "s8",
        /// Extra register 0.
        X0 = 20 => "x0",
        /// Extra register 1.
        X1 = 21 => "x1",
        /// Extra register 2.
        X2 = 22 => "x2",
        /// Extra register 3.
        X3 = 23 => "x3",
    }
}

enumeration! {
    /// `B.IOT` SizeCode `[18:15]`: the size of the destination tile, `128 << (code - 1)`
    /// bytes for codes 1..=10 (SPEC-NOTES §3: "1..10 = 128 B .. 64 KiB"). Codes 0 and 11..=15
    /// are rejected. The names are the assembly spelling of `->t0<4KB>`.
    pub enum TileSize: "TileSize" {
        /// 128 bytes.
        B128 = 1 => "128B",
        /// 256 bytes.
        B256 = 2 => "256B",
        /// 512 bytes.
        B512 = 3 => "512B",
        /// 1 KiB.
        K1 = 4 => "1KB",
        /// 2 KiB.
        K2 = 5 => "2KB",
        /// 4 KiB.
        K4 = 6 => "4KB",
        /// 8 KiB.
        K8 = 7 => "8KB",
        /// 16 KiB.
        K16 = 8 => "16KB",
        /// 32 KiB.
        K32 = 9 => "32KB",
        /// 64 KiB.
        K64 = 10 => "64KB",
    }
}

impl TileSize {
    /// Bytes: `128 << (code - 1)`, 128 for code 1 up to 65536 for code 10 (SPEC-NOTES §3).
    pub const fn bytes(self) -> usize {
        128 << (self.code() - 1)
    }
}

lut! {
    /// `B.DATR` Layout `[11:7]` codes of the two CUBE layouts TSHUF accepts.
    ///
    /// INFERRED: neither seed 004 nor SPEC-NOTES §3 gives the 5-bit layout codes. The codes are
    /// those a public PTO kernel library passes as its `Layout` immediate beside
    /// `B.DATR CUBE_M32` (29) and `B.DATR CUBE_M16` (31). Other layout codes are not modelled
    /// ([`Layout`] has only the CUBE layouts) and read back as unknown codes of this table.
    pub datr_layout: Layout {
        CubeM16 => 31,
        CubeM32 => 29,
    }
}

/// `B.DATR` DataType `[24:20]`: a [`TileDataType`] code, or 31, "none", which is meaningful
/// only in `B.DATR` (public PTO spec, SPEC-NOTES §3). Reserved codes (15, 21..=23, 29, 30)
/// are rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DatrDataType {
    /// A defined element type.
    Type(TileDataType),
    /// Code 31: no data type; assembly `DTYPE_NONE`.
    None,
}

impl DatrDataType {
    /// The code of "none" (SPEC-NOTES §3: "31 = none, only in B.DATR").
    pub const NONE_CODE: u8 = 31;

    /// The 5-bit code.
    pub const fn code(self) -> u8 {
        match self {
            DatrDataType::Type(t) => t.code(),
            DatrDataType::None => Self::NONE_CODE,
        }
    }

    /// The value of code `code`: 31 is [`DatrDataType::None`]; every other code goes through
    /// [`TileDataType::from_code`], which refuses reserved and over-wide codes.
    pub const fn from_code(code: u8) -> Result<Self, DataTypeError> {
        if code == Self::NONE_CODE {
            return Ok(DatrDataType::None);
        }
        match TileDataType::from_code(code) {
            Ok(t) => Ok(DatrDataType::Type(t)),
            Err(e) => Err(e),
        }
    }

    /// The assembly name: the type's name, or `DTYPE_NONE` (the public spec's spelling).
    pub const fn name(self) -> &'static str {
        match self {
            DatrDataType::Type(t) => t.name(),
            DatrDataType::None => "DTYPE_NONE",
        }
    }

    /// The value named `name` (a [`TileDataType`] name or `DTYPE_NONE`).
    pub fn from_name(name: &str) -> Option<Self> {
        if name == DatrDataType::None.name() {
            return Some(DatrDataType::None);
        }
        name.parse().ok().map(DatrDataType::Type)
    }
}

impl fmt::Display for DatrDataType {
    /// Writes the assembly name ([`DatrDataType::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A 5-bit code: 31 is "none", every other code is read and written as a [`TileDataType`]
/// (reserved codes read back as [`Problem::UnknownCode`] of table `TileDataType`).
impl BitValue for DatrDataType {
    const BITS: u32 = TileDataType::CODE_BITS;

    fn to_bits(&self, width: u32) -> Result<u64, Problem> {
        match self {
            DatrDataType::Type(t) => t.to_bits(width),
            DatrDataType::None => isa_core::field::fit_unsigned(u64::from(Self::NONE_CODE), width),
        }
    }

    fn from_bits(code: u64, width: u32) -> Result<Self, Problem> {
        if code == u64::from(Self::NONE_CODE) {
            return Ok(DatrDataType::None);
        }
        TileDataType::from_bits(code, width).map(DatrDataType::Type)
    }

    /// Shown by its assembly name, as its serde form writes it.
    fn describe(code: u64, width: u32) -> Result<Value<'static>, Problem> {
        Self::from_bits(code, width).map(|t| Value::Name(t.name()))
    }
}

serde_by_name!(DatrDataType, "B.DATR DataType", DatrDataType::from_name);

/// `BSTART.TEPL`: the header of a TEPL-family block, naming the operation (Mode, Function)
/// and its data type (seed 004: "BSTART.TEPL Mode, Function, DataType", the constant
/// `[19:0] = 20'b00011001000110000001`, which is `0x19181`).
///
/// `BSTART.SFU` is an alias of this word: the assembly spells TSHUF's header
/// `BSTART.SFU TSHUF, DataType` (seed 004), which is this word with Mode 3 and Function 22
/// ([`BstartSfu`]).
#[derive(Bundle, Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(
    size = 4,
    mask = 0x000F_FFFF,
    match = 0x0001_9181,
    confidence = confirmed,
    name = "BSTART.TEPL"
)]
pub struct BstartTepl {
    /// The element type the operation works on (seed 004: `DataType`, 5 bits, `[31:27]`).
    /// Reserved codes are rejected.
    #[field(spec = "DataType", bits = 27..=31)]
    pub data_type: TileDataType,
    /// The operation's mode (seed 004: `Mode`, 2 bits, `[26:25]`); TSHUF's is
    /// [`TSHUF_MODE`].
    #[field(spec = "Mode", bits = 25..=26)]
    pub mode: u8,
    /// The operation within the mode (seed 004: `Function`, 5 bits, `[24:20]`); TSHUF's is
    /// [`TSHUF_FUNCTION`].
    #[field(spec = "Function", bits = 20..=24)]
    pub function: u8,
}

/// The `BSTART.SFU` spelling of [`BstartTepl`]: one word, two assembly names (SPEC-NOTES §3:
/// "BSTART.SFU is an alias").
pub type BstartSfu = BstartTepl;

impl BstartTepl {
    /// TSHUF's header for data type `data_type`: Mode 3, Function 22 (seed 004).
    pub const fn tshuf(data_type: TileDataType) -> Self {
        Self {
            data_type,
            mode: TSHUF_MODE,
            function: TSHUF_FUNCTION,
        }
    }

    /// Mode and Function as one 7-bit selector, the word's bits `[26:20]`:
    /// `(mode << 5) | function` (TSHUF: [`TSHUF_SELECTOR`], `0x076`).
    pub const fn selector(&self) -> u16 {
        ((self.mode as u16) << 5) | self.function as u16
    }

    /// Whether the header names TSHUF (Mode 3, Function 22).
    pub const fn is_tshuf(&self) -> bool {
        self.mode == TSHUF_MODE && self.function == TSHUF_FUNCTION
    }
}

/// `B.DATR`: data attributes of the block (SPEC-NOTES §3). For TSHUF only Layout may be
/// non-zero (seed 004: `"datr_contract":{"allowed_nonzero_fields":["Layout"],
/// "pad_union":"must-zero"}`); the block checks that, not the word.
#[derive(Bundle, Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(size = 4, mask = 0x000C_707F, match = 0x0000_1023, confidence = inferred, name = "B.DATR")]
pub struct BDatr {
    /// CMode `[31:29]`.
    #[field(spec = "CMode", bits = 29..=31)]
    pub cmode: u8,
    /// PadValueOrByteId `[28:27]`.
    #[field(spec = "PadValueOrByteId", bits = 27..=28)]
    pub pad_value_or_byte_id: u8,
    /// Sat `[26]`.
    #[field(spec = "Sat", bits = 26..=26)]
    pub sat: bool,
    /// Canonicalize `[25]`.
    #[field(spec = "Canonicalize", bits = 25..=25)]
    pub canonicalize: bool,
    /// DataType `[24:20]`, with 31 meaning "none".
    #[field(spec = "DataType", bits = 20..=24)]
    pub data_type: DatrDataType,
    /// RMode `[17:15]`.
    #[field(spec = "RMode", bits = 15..=17)]
    pub rmode: u8,
    /// Layout `[11:7]` (seed 004: `B.DATR Layout`), through [`datr_layout`].
    #[field(
        spec = "Layout",
        bits = 7..=11,
        lut = datr_layout,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; the CUBE_M16/CUBE_M32 codes of datr_layout are not in the spec"
    )]
    pub layout: Layout,
}

impl BDatr {
    /// The word that sets Layout and leaves every other field at code 0 (DataType code 0,
    /// the flags clear): what TSHUF's `B.DATR Layout` is (seed 004).
    pub const fn layout_only(layout: Layout) -> Self {
        Self {
            cmode: 0,
            pad_value_or_byte_id: 0,
            sat: false,
            canonicalize: false,
            data_type: DatrDataType::Type(TileDataType::Fp64),
            rmode: 0,
            layout,
        }
    }
}

/// Declares the `B.DIM` word of one loop bound: mask `0x0000707F`, the match naming the bound,
/// and the same two fields (SPEC-NOTES §3). One declaration per bound, since a declaration
/// carries exactly one mask/match pair.
macro_rules! b_dim {
    ($(#[$doc:meta])* $name:ident, $match:tt, $asm:tt) => {
        $(#[$doc])*
        #[derive(
            Bundle, Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
        )]
        #[serde(deny_unknown_fields)]
        #[bundle(size = 4, mask = 0x0000_707F, match = $match, confidence = inferred, name = $asm)]
        pub struct $name {
            /// The 17-bit immediate: its low 12 bits in `[31:20]`, its high 5 bits in `[11:7]`
            /// (SPEC-NOTES §3).
            #[field(spec = "Imm", bits = [20..=31, 7..=11])]
            pub imm: u32,
            /// RegSrc `[19:15]`: the register added to the immediate, [`Gpr::Zero`] for none.
            #[field(
                spec = "RegSrc",
                bits = 15..=19,
                confidence = inferred,
                note = "position per SPEC-NOTES 3; register names per the Gpr table"
            )]
            pub reg: Gpr,
        }
    };
}

b_dim! {
    /// `B.DIM ..., ->LB0`: loop bound 0 (SPEC-NOTES §3: match `0x43`). Optional in TSHUF's
    /// block (seed 004: `B.DIM LB0 (optional)`).
    BDimLb0, 0x0000_0043, "B.DIM LB0"
}

b_dim! {
    /// `B.DIM ..., ->LB1`: loop bound 1 (SPEC-NOTES §3: match `0x1043`). Optional in TSHUF's
    /// block (seed 004: `B.DIM LB0/LB1/LB2 (optional)`).
    BDimLb1, 0x0000_1043, "B.DIM LB1"
}

b_dim! {
    /// `B.DIM ..., ->LB2`: loop bound 2 (SPEC-NOTES §3: match `0x2043`). Optional in TSHUF's
    /// block (seed 004: `B.DIM LB0/LB1/LB2 (optional)`).
    BDimLb2, 0x0000_2043, "B.DIM LB2"
}

/// `B.IOT`: the tile operands (SPEC-NOTES §3). TSHUF's is
/// `B.IOT source, controls, ->destination` (seed 004): SrcTile0 is the source
/// (`contract.operands[1].source0`), SrcTile1 the U32 controls tile (`operands[2].source1`),
/// DstTile the destination (`operands[0].destination0`).
///
/// INFERRED: the spec facts give the tile fields' positions, not what their codes name. This
/// crate reads each code as the index of a tile in the tile file ([`TileId`](super::TileId))
/// and spells it `t<code>` (`t1`, `->t0<4KB>`).
#[derive(Bundle, Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(size = 4, mask = 0x0000_707F, match = 0x0000_4013, confidence = inferred, name = "B.IOT")]
pub struct BIot {
    /// SrcTile1 `[31:26]`: the second source tile (TSHUF: the controls tile).
    #[field(
        spec = "SrcTile1",
        bits = 26..=31,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; the code read as a tile-file index"
    )]
    pub src_tile1: u8,
    /// SrcTile0 `[25:20]`: the first source tile (TSHUF: the source).
    #[field(
        spec = "SrcTile0",
        bits = 20..=25,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; the code read as a tile-file index"
    )]
    pub src_tile0: u8,
    /// L `[19]`: this is the block's last `B.IOT`.
    #[field(spec = "L", bits = 19..=19)]
    pub last: bool,
    /// SizeCode `[18:15]`: the destination tile's size (codes 1..=10).
    #[field(spec = "SizeCode", bits = 15..=18)]
    pub size: TileSize,
    /// PEMode `[11:9]`: which PEs take part, as the raw 3-bit code.
    #[field(spec = "PEMode", bits = 9..=11)]
    pub pe_mode: u8,
    /// DstTile `[8:7]`: the destination tile.
    #[field(
        spec = "DstTile",
        bits = 7..=8,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; the code read as a tile-file index"
    )]
    pub dst_tile: u8,
}

/// `B.IOR`: the scalar register operands (SPEC-NOTES §3): up to three inputs and one output,
/// code 0 for "none". TSHUF takes exactly one, its shuffle control, in RegSrc0, with RegSrc1,
/// RegSrc2 and RegDst zero (seed 004: "exactly one B.IOR control input; RegSrc1, RegSrc2, and
/// RegDst are zero"); the block checks that, not the word.
#[derive(Bundle, Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(size = 4, mask = 0x0600_707F, match = 0x0000_0013, confidence = inferred, name = "B.IOR")]
pub struct BIor {
    /// RegSrc2 `[31:27]`.
    #[field(
        spec = "RegSrc2",
        bits = 27..=31,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; register names per the Gpr table"
    )]
    pub reg_src2: Gpr,
    /// RegSrc1 `[24:20]`.
    #[field(
        spec = "RegSrc1",
        bits = 20..=24,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; register names per the Gpr table"
    )]
    pub reg_src1: Gpr,
    /// RegSrc0 `[19:15]`.
    #[field(
        spec = "RegSrc0",
        bits = 15..=19,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; register names per the Gpr table"
    )]
    pub reg_src0: Gpr,
    /// RegDst `[11:7]`.
    #[field(
        spec = "RegDst",
        bits = 7..=11,
        confidence = inferred,
        note = "position per SPEC-NOTES 3; register names per the Gpr table"
    )]
    pub reg_dst: Gpr,
}

impl BIor {
    /// The word with one input register, `reg`, and nothing else: TSHUF's `B.IOR a0`.
    pub const fn single(reg: Gpr) -> Self {
        Self {
            reg_src2: Gpr::Zero,
            reg_src1: Gpr::Zero,
            reg_src0: reg,
            reg_dst: Gpr::Zero,
        }
    }
}

/// `BSTOP`: the end of a block, the one word `0x00000001` (SPEC-NOTES §3).
#[derive(Bundle, Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[bundle(size = 4, mask = 0xFFFF_FFFF, match = 0x0000_0001, confidence = inferred, name = "BSTOP")]
pub struct Bstop {}

/// How one block word type is recognised: `word & mask == value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordIdentity {
    /// The word type.
    pub kind: WordKind,
    /// The identity bits.
    pub mask: u32,
    /// Their value.
    pub value: u32,
}

impl WordIdentity {
    /// The identity of word type `kind`, taken from its declaration (the word family admits
    /// only mask/match members of 4 bytes).
    const fn of(kind: WordKind) -> Self {
        match kind.declaration().identity {
            Identity::MaskMatch { mask, value } => Self { kind, mask, value },
            Identity::Opcodes(_) | Identity::Nested => {
                panic!("a block word is declared with `mask` and `match`")
            }
        }
    }

    /// Whether `word` carries this identity.
    pub const fn matches(&self, word: u32) -> bool {
        word & self.mask == self.value
    }

    /// Whether some word carries both identities: the bits both masks cover agree (the rule
    /// the word family checks when it compiles, [`isa_core::family::identities_collide`]).
    pub const fn overlaps(&self, other: &WordIdentity) -> bool {
        isa_core::family::identities_collide(&self.identity(), &other.identity()).is_some()
    }

    /// The identity as the family sees it.
    const fn identity(&self) -> Identity {
        Identity::MaskMatch {
            mask: self.mask,
            value: self.value,
        }
    }
}

/// The first pair of identities (by position) that one word could carry, or `None`.
pub const fn first_overlap(identities: &[WordIdentity]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i < identities.len() {
        let mut j = i + 1;
        while j < identities.len() {
            if identities[i].overlaps(&identities[j]) {
                return Some((i, j));
            }
            j += 1;
        }
        i += 1;
    }
    None
}

/// A 32-bit word that is not a well-formed block word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// No declared word type's identity matches.
    #[error("word {word:#010x} is not a block word: no declared mask/match identity matches")]
    Unknown {
        /// The word.
        word: u32,
    },
    /// The identity matches, a field does not decode (a reserved code, a reserved bit).
    #[error(transparent)]
    Decode(#[from] DecodeError),
}

isa_core::family! {
    /// One decoded block word of any declared type. Serialized with its type under `"word"`
    /// and its fields beside it.
    #[derive(Copy, Eq, Hash)]
    pub enum Word(view WordView, kind WordKind, tag "word") {
        /// `BSTART.TEPL` / `BSTART.SFU`.
        Bstart(BstartTepl),
        /// `B.DATR`.
        Datr(BDatr),
        /// `B.DIM ..., ->LB0`.
        DimLb0(BDimLb0),
        /// `B.DIM ..., ->LB1`.
        DimLb1(BDimLb1),
        /// `B.DIM ..., ->LB2`.
        DimLb2(BDimLb2),
        /// `B.IOT`.
        Iot(BIot),
        /// `B.IOR`.
        Ior(BIor),
        /// `BSTOP`.
        Bstop(Bstop),
    }
}

/// A block word on its own has no rule beyond its field types: seed 004's rules are about how
/// words compose into a block ([`super::TshufBlock`]).
macro_rules! no_word_rules {
    ($($ty:ty),+) => {$( impl isa_core::Validate for $ty {} )+};
}
no_word_rules!(
    BstartTepl, BDatr, BDimLb0, BDimLb1, BDimLb2, BIot, BIor, Bstop
);

/// The identity of every declared block word type, in declaration order.
pub const IDENTITIES: &[WordIdentity] = &IDENTITY_TABLE;

const IDENTITY_TABLE: [WordIdentity; WordKind::ALL.len()] = {
    let mut out = [WordIdentity {
        kind: WordKind::Bstop,
        mask: 0,
        value: 0,
    }; WordKind::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = WordIdentity::of(WordKind::ALL[i]);
        i += 1;
    }
    out
};

impl WordKind {
    /// Decodes `word` as this type, with every check of the declaration.
    pub fn decode(self, word: u32) -> Result<Word, DecodeError> {
        self.decode_bytes(&word.to_le_bytes())
    }
}

impl Word {
    /// Encodes the word; a value its field cannot hold is refused, naming the field.
    pub fn encode(&self) -> Result<u32, EncodeError> {
        let mut bytes = [0u8; 4];
        <Word as isa_core::Family>::encode_into(self, &mut bytes)?;
        Ok(u32::from_le_bytes(bytes))
    }
}

/// The word type whose identity `word` carries, or `None`. At most one matches ([`IDENTITIES`]
/// is disjoint by construction).
pub fn identify(word: u32) -> Option<WordKind> {
    IDENTITIES
        .iter()
        .find(|id| id.matches(word))
        .map(|id| id.kind)
}

/// Decodes any block word: recognised by mask/match ([`identify`]), then decoded with every
/// check of its declaration.
pub fn decode_word(word: u32) -> Result<Word, WordError> {
    let kind = identify(word).ok_or(WordError::Unknown { word })?;
    Ok(kind.decode(word)?)
}

/// The value fields of `kind` whose bits in `word` are not all zero, other than those named in
/// `allowed`, as `(field name, raw bits)`. A field split over several ranges is reported per
/// range. This is how a block states rules like seed 004's
/// `"allowed_nonzero_fields":["Layout"]` from the field table rather than field by field.
pub fn nonzero_fields(
    kind: WordKind,
    word: u32,
    allowed: &'static [&'static str],
) -> impl Iterator<Item = (&'static str, u64)> {
    kind.fields()
        .iter()
        .filter(move |f| f.kind == FieldKind::Value && !allowed.contains(&f.name))
        .filter_map(move |f| {
            let bits = raw_bits(f, word);
            (bits != 0).then_some((f.name, bits))
        })
}

/// The raw bits of one field-table row in `word`.
fn raw_bits(field: &FieldInfo, word: u32) -> u64 {
    let (lo, hi) = match field.placement {
        Placement::Bits { lo, hi } => (lo, hi),
        Placement::Bytes { len } => (0, (len as u32 * 8).saturating_sub(1)),
    };
    let lo = lo + field.offset as u32 * 8;
    let hi = hi + field.offset as u32 * 8;
    (u64::from(word) >> lo) & isa_core::field::low_mask(hi - lo + 1)
}

impl fmt::Display for WordKind {
    /// Writes the word type's assembly name ([`WordKind::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
