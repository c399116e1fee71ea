//! The assembly text of the block words and of TSHUF's block.
//!
//! A block is written on one line, its words joined by `"; "`, as seed 004's example is:
//! `BSTART.SFU TSHUF, U32; B.DATR Layout; B.IOT source, controls, ->destination; B.IOR a0;
//! BSTOP`. [`parse_block`] also takes one word per line. Each word is spelled as below; the
//! printer writes exactly this form, so `print(parse(s)) == s` for text in this form and
//! `parse(print(b)) == b` for every block.
//!
//! | word | canonical text | notes |
//! |------|----------------|-------|
//! | `BSTART.TEPL` | `BSTART.SFU TSHUF, U32` | TSHUF's header (seed 004); any other Mode/Function is `BSTART.TEPL 0, 1, FP16` (Mode, Function, DataType). `BSTART.TEPL TSHUF, U32` and `BSTART.TEPL 3, 22, U32` are read too. |
//! | `B.DATR` | `B.DATR CUBE_M16` | the layout first; then, only when non-zero and in this order: `dtype=FP16` (or `DTYPE_NONE`), `cmode=N`, `pad=N`, `sat`, `canonicalize`, `rmode=N`. |
//! | `B.DIM` | `B.DIM zero, 64, ->LB0` | register, 17-bit immediate (decimal; `0x` hex is read too), loop bound. |
//! | `B.IOT` | `B.IOT t1, t2, pe=1, last, ->t0<4KB>` | SrcTile0, SrcTile1, PEMode, `last` when L is set, DstTile and SizeCode. |
//! | `B.IOR` | `B.IOR a0` | RegSrc0..2 up to the last non-zero one (at least RegSrc0), then `->reg` when RegDst is not zero. |
//! | `BSTOP` | `BSTOP` | |
//!
//! Registers are spelled by the [`Gpr`] table (INFERRED, see there). Tile operands are spelled
//! `t<code>`, the code of the `B.IOT` field read as a tile-file index (INFERRED, see [`BIot`]);
//! the public spec's own text writes relative tile references `T#1` and sizes as
//! `->T<8KB>`, whose angle-bracket size this spelling keeps. Tile sizes are the [`TileSize`]
//! names `128B` .. `64KB`.

use core::fmt;
use core::str::FromStr;

use isa_core::EncodeError;

use super::block::{BlockError, Composer, TshufBlock};
use super::datatype::TileDataType;
use super::tile::Layout;
use super::words::{
    BDatr, BDimLb0, BDimLb1, BDimLb2, BIor, BIot, BstartTepl, Bstop, DatrDataType, Gpr,
    TSHUF_FUNCTION, TSHUF_MODE, TileSize, Word,
};

/// Operations the `BSTART` text names, with the alias mnemonic the assembly uses for them:
/// `(name, mnemonic, Mode, Function)` (seed 004: `BSTART.SFU TSHUF`, Mode 3, Function 22).
const OPERATIONS: &[(&str, &str, u8, u8)] = &[("TSHUF", "BSTART.SFU", TSHUF_MODE, TSHUF_FUNCTION)];

/// The `BSTART` mnemonic that takes Mode and Function as numbers (seed 004: "BSTART.TEPL Mode,
/// Function, DataType").
const TEPL: &str = "BSTART.TEPL";

/// One word's text that does not read as a block word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: expected {expected}")]
pub struct SyntaxError {
    /// The text that was not understood (the word, or the operand).
    pub text: String,
    /// What was expected there.
    pub expected: &'static str,
}

impl SyntaxError {
    fn new(text: &str, expected: &'static str) -> Self {
        Self {
            text: text.to_owned(),
            expected,
        }
    }
}

/// Why text is not a TSHUF block. Word indices count the block's words from 0.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AsmError {
    /// A word's text does not read.
    #[error("word {index}: {error}")]
    Syntax {
        /// Position in the block.
        index: usize,
        /// What did not read.
        error: SyntaxError,
    },
    /// A value does not fit its field (`t64`, `pe=8`, an 18-bit immediate).
    #[error("word {index}: {error}")]
    Encode {
        /// Position in the block.
        index: usize,
        /// The word type, field and problem.
        error: EncodeError,
    },
    /// The words do not compose into a TSHUF block.
    #[error(transparent)]
    Block(#[from] BlockError),
    /// Text after the block's `BSTOP`.
    #[error("word {index}: `{text}` follows BSTOP, which ends the block")]
    Trailing {
        /// Position in the text.
        index: usize,
        /// The first word after `BSTOP`.
        text: String,
    },
}

/// Reads a TSHUF block: words separated by `;` or line breaks, each read by [`parse_word`],
/// encoded (so a value that does not fit its field is refused), then checked by the same
/// composition rules as [`decode_block`](super::decode_block).
pub fn parse_block(text: &str) -> Result<TshufBlock, AsmError> {
    let mut parts = text
        .split([';', '\n'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .enumerate();
    let mut composer = Composer::new();
    let mut len = 0;
    for (index, part) in parts.by_ref() {
        len = index + 1;
        let word = parse_word(part).map_err(|error| AsmError::Syntax { index, error })?;
        let raw = word
            .encode()
            .map_err(|error| AsmError::Encode { index, error })?;
        if let Some(block) = composer.push(index, &word, raw)? {
            return match parts.next() {
                Some((index, text)) => Err(AsmError::Trailing {
                    index,
                    text: text.to_owned(),
                }),
                None => Ok(block),
            };
        }
    }
    Err(AsmError::Block(composer.truncated(len)))
}

impl fmt::Display for TshufBlock {
    /// Writes the canonical text: the block's words ([`TshufBlock::words`]) joined by `"; "`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, word) in self.words().iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{word}")?;
        }
        Ok(())
    }
}

impl FromStr for TshufBlock {
    type Err = AsmError;

    /// Same as [`parse_block`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_block(s)
    }
}

impl fmt::Display for Word {
    /// Writes the word's canonical text (table in the [module docs](self)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Word::Bstart(w) => write_bstart(f, w),
            Word::Datr(w) => write_datr(f, w),
            Word::DimLb0(w) => write!(f, "B.DIM {}, {}, ->LB0", w.reg, w.imm),
            Word::DimLb1(w) => write!(f, "B.DIM {}, {}, ->LB1", w.reg, w.imm),
            Word::DimLb2(w) => write!(f, "B.DIM {}, {}, ->LB2", w.reg, w.imm),
            Word::Iot(w) => write!(
                f,
                "B.IOT t{}, t{}, pe={}{}, ->t{}<{}>",
                w.src_tile0,
                w.src_tile1,
                w.pe_mode,
                if w.last { ", last" } else { "" },
                w.dst_tile,
                w.size
            ),
            Word::Ior(w) => write_ior(f, w),
            Word::Bstop(_) => f.write_str("BSTOP"),
        }
    }
}

fn write_bstart(f: &mut fmt::Formatter<'_>, w: &BstartTepl) -> fmt::Result {
    match OPERATIONS
        .iter()
        .find(|(_, _, mode, function)| (*mode, *function) == (w.mode, w.function))
    {
        Some((name, mnemonic, _, _)) => write!(f, "{mnemonic} {name}, {}", w.data_type),
        None => write!(f, "{TEPL} {}, {}, {}", w.mode, w.function, w.data_type),
    }
}

fn write_datr(f: &mut fmt::Formatter<'_>, w: &BDatr) -> fmt::Result {
    write!(f, "B.DATR {}", w.layout)?;
    if w.data_type.code() != 0 {
        write!(f, ", dtype={}", w.data_type)?;
    }
    for (key, value) in [("cmode", w.cmode), ("pad", w.pad_value_or_byte_id)] {
        if value != 0 {
            write!(f, ", {key}={value}")?;
        }
    }
    for (flag, set) in [("sat", w.sat), ("canonicalize", w.canonicalize)] {
        if set {
            write!(f, ", {flag}")?;
        }
    }
    if w.rmode != 0 {
        write!(f, ", rmode={}", w.rmode)?;
    }
    Ok(())
}

fn write_ior(f: &mut fmt::Formatter<'_>, w: &BIor) -> fmt::Result {
    let sources = [w.reg_src0, w.reg_src1, w.reg_src2];
    let shown = sources
        .iter()
        .rposition(|&r| r != Gpr::Zero)
        .map_or(1, |last| last + 1);
    f.write_str("B.IOR ")?;
    for (i, reg) in sources.iter().take(shown).enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{reg}")?;
    }
    if w.reg_dst != Gpr::Zero {
        write!(f, ", ->{}", w.reg_dst)?;
    }
    Ok(())
}

/// Reads one block word from its text (table in the [module docs](self)). Values are read into
/// the word's fields as written; whether they fit is [`Word::encode`]'s check.
pub fn parse_word(text: &str) -> Result<Word, SyntaxError> {
    let text = text.trim();
    let (mnemonic, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let ops: Vec<&str> = if rest.trim().is_empty() {
        Vec::new()
    } else {
        rest.split(',').map(str::trim).collect()
    };
    match mnemonic {
        "BSTOP" => match ops.as_slice() {
            [] => Ok(Word::Bstop(Bstop {})),
            _ => Err(SyntaxError::new(text, "BSTOP without operands")),
        },
        "B.DATR" => parse_datr(text, &ops).map(Word::Datr),
        "B.DIM" => parse_dim(text, &ops),
        "B.IOT" => parse_iot(text, &ops).map(Word::Iot),
        "B.IOR" => parse_ior(text, &ops).map(Word::Ior),
        _ if mnemonic == TEPL || OPERATIONS.iter().any(|op| op.1 == mnemonic) => {
            parse_bstart(text, mnemonic, &ops).map(Word::Bstart)
        }
        _ => Err(SyntaxError::new(
            mnemonic,
            "a block word: BSTART.SFU, BSTART.TEPL, B.DATR, B.DIM, B.IOT, B.IOR or BSTOP",
        )),
    }
}

fn parse_bstart(text: &str, mnemonic: &str, ops: &[&str]) -> Result<BstartTepl, SyntaxError> {
    let (mode, function, data_type) = match *ops {
        [name, data_type] => {
            let &(_, _, mode, function) = OPERATIONS
                .iter()
                .find(|op| op.0 == name && (mnemonic == TEPL || op.1 == mnemonic))
                .ok_or_else(|| SyntaxError::new(name, "an operation this mnemonic names: TSHUF"))?;
            (mode, function, data_type)
        }
        [mode, function, data_type] if mnemonic == TEPL => (
            number(mode, "a Mode number")?,
            number(function, "a Function number")?,
            data_type,
        ),
        _ => {
            return Err(SyntaxError::new(
                text,
                "`BSTART.SFU TSHUF, DataType` or `BSTART.TEPL Mode, Function, DataType`",
            ));
        }
    };
    Ok(BstartTepl {
        data_type: name::<TileDataType>(data_type, "a TileDataType name such as U32")?,
        mode,
        function,
    })
}

fn parse_datr(text: &str, ops: &[&str]) -> Result<BDatr, SyntaxError> {
    let (layout, options) = ops
        .split_first()
        .ok_or_else(|| SyntaxError::new(text, "`B.DATR Layout`"))?;
    let mut word = BDatr::layout_only(name::<Layout>(layout, "CUBE_M16 or CUBE_M32")?);
    let mut seen: Vec<&str> = Vec::new();
    for &option in options {
        let (key, value) = option.split_once('=').unwrap_or((option, ""));
        if seen.contains(&key) {
            return Err(SyntaxError::new(option, "each B.DATR option once"));
        }
        seen.push(key);
        match (key, value) {
            ("dtype", v) => {
                word.data_type = DatrDataType::from_name(v)
                    .ok_or_else(|| SyntaxError::new(v, "a TileDataType name or DTYPE_NONE"))?;
            }
            ("cmode", v) => word.cmode = number(v, "a CMode number")?,
            ("pad", v) => word.pad_value_or_byte_id = number(v, "a PadValueOrByteId number")?,
            ("rmode", v) => word.rmode = number(v, "an RMode number")?,
            ("sat", "") => word.sat = true,
            ("canonicalize", "") => word.canonicalize = true,
            _ => {
                return Err(SyntaxError::new(
                    option,
                    "dtype=NAME, cmode=N, pad=N, sat, canonicalize or rmode=N",
                ));
            }
        }
    }
    Ok(word)
}

fn parse_dim(text: &str, ops: &[&str]) -> Result<Word, SyntaxError> {
    let [reg, imm, bound] = *ops else {
        return Err(SyntaxError::new(text, "`B.DIM reg, imm, ->LBn`"));
    };
    let reg = register(reg)?;
    let imm = number(imm, "a 17-bit immediate")?;
    match bound {
        "->LB0" => Ok(Word::DimLb0(BDimLb0 { imm, reg })),
        "->LB1" => Ok(Word::DimLb1(BDimLb1 { imm, reg })),
        "->LB2" => Ok(Word::DimLb2(BDimLb2 { imm, reg })),
        _ => Err(SyntaxError::new(bound, "->LB0, ->LB1 or ->LB2")),
    }
}

fn parse_iot(text: &str, ops: &[&str]) -> Result<BIot, SyntaxError> {
    let [src0, src1, pe, rest @ ..] = ops else {
        return Err(SyntaxError::new(
            text,
            "`B.IOT tS, tC, pe=N, [last,] ->tD<SIZE>`",
        ));
    };
    let pe_mode = pe
        .strip_prefix("pe=")
        .ok_or_else(|| SyntaxError::new(pe, "pe=N"))
        .and_then(|v| number(v, "a PEMode number"))?;
    let (last, destination) = match *rest {
        ["last", destination] => (true, destination),
        [destination] => (false, destination),
        _ => return Err(SyntaxError::new(text, "`[last,] ->tD<SIZE>` after pe=N")),
    };
    let (dst, size) = destination
        .strip_prefix("->")
        .and_then(|d| d.strip_suffix('>'))
        .and_then(|d| d.split_once('<'))
        .ok_or_else(|| SyntaxError::new(destination, "a destination `->tD<SIZE>`"))?;
    Ok(BIot {
        src_tile1: tile(src1)?,
        src_tile0: tile(src0)?,
        last,
        size: name::<TileSize>(size, "a tile size 128B..64KB")?,
        pe_mode,
        dst_tile: tile(dst)?,
    })
}

fn parse_ior(text: &str, ops: &[&str]) -> Result<BIor, SyntaxError> {
    let (sources, dst) = match ops.split_last() {
        Some((last, sources)) => match last.strip_prefix("->") {
            Some(dst) => (sources, register(dst)?),
            None => (ops, Gpr::Zero),
        },
        None => (ops, Gpr::Zero),
    };
    let regs = sources
        .iter()
        .map(|r| register(r))
        .collect::<Result<Vec<_>, _>>()?;
    let [src0, src1, src2] = match *regs.as_slice() {
        [a] => [a, Gpr::Zero, Gpr::Zero],
        [a, b] => [a, b, Gpr::Zero],
        [a, b, c] => [a, b, c],
        _ => {
            return Err(SyntaxError::new(
                text,
                "`B.IOR src0[, src1[, src2]][, ->dst]`",
            ));
        }
    };
    Ok(BIor {
        reg_src2: src2,
        reg_src1: src1,
        reg_src0: src0,
        reg_dst: dst,
    })
}

fn register(text: &str) -> Result<Gpr, SyntaxError> {
    Gpr::from_name(text).ok_or_else(|| SyntaxError::new(text, "a register name (zero, sp, a0..)"))
}

fn tile(text: &str) -> Result<u8, SyntaxError> {
    text.strip_prefix('t')
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| SyntaxError::new(text, "a tile `t<N>`"))
}

fn name<T: FromStr>(text: &str, expected: &'static str) -> Result<T, SyntaxError> {
    text.parse().map_err(|_| SyntaxError::new(text, expected))
}

/// A decimal or `0x` hexadecimal number that fits `T`.
fn number<T: TryFrom<u64>>(text: &str, expected: &'static str) -> Result<T, SyntaxError> {
    let value = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse::<u64>(),
    };
    value
        .ok()
        .and_then(|v| T::try_from(v).ok())
        .ok_or_else(|| SyntaxError::new(text, expected))
}
