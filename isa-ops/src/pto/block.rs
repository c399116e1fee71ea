//! TSHUF as one block of 32-bit words: `BSTART.SFU TSHUF, DataType`, optional `B.DATR Layout`
//! and `B.DIM`s, `B.IOT source, controls, ->destination`, `B.IOR shuffle_control`, `BSTOP`
//! (seed 004, "block_composition").
//!
//! [`decode_block`] reads such a block from words and [`TshufBlock::encode`] writes one; both
//! go through the same composition check, so every block `encode` produces decodes back to
//! itself. The rules, each a typed [`BlockError`] naming the word index (and the field where
//! there is one):
//! - the words come in the order of [`TSHUF_COMPOSITION`], the required ones present, each at
//!   most once, the block ended by `BSTOP` ([`BlockError::Missing`],
//!   [`BlockError::OutOfOrder`], [`BlockError::Repeated`], [`BlockError::Truncated`]);
//! - the `BSTART` names TSHUF: Mode 3, Function 22 ([`BlockError::NotTshuf`]);
//! - `B.DATR` sets nothing but Layout (seed 004: `"allowed_nonzero_fields":["Layout"],
//!   "pad_union":"must-zero"`; [`BlockError::MustBeZero`]);
//! - `B.IOR` names exactly one control register, in RegSrc0, with RegSrc1, RegSrc2 and RegDst
//!   zero (seed 004; [`BlockError::MustBeZero`], [`BlockError::NoControlRegister`]). The seed
//!   states that rule for "a nonzero PE mask" and lists `B.IOR` as Required in the block; the
//!   block is read as always needing it, whatever the `B.IOT` PEMode.
//!
//! [`TshufBlock::run`] connects a block to the reference model: it executes [`tshuf`] on the
//! tiles the `B.IOT` names, with the value of the `B.IOR` register as the control word.

use isa_core::{DecodeError, EncodeError};

use super::datatype::TileDataType;
use super::error::TshufError;
use super::shuffle::tshuf;
use super::tile::{Layout, TileFile, TileId};
use super::words::{
    BDatr, BDimLb0, BDimLb1, BDimLb2, BIor, BIot, BstartTepl, Bstop, Gpr, Word, WordError,
    WordKind, decode_word, nonzero_fields,
};

/// One position of a block's composition: a word type and whether the block must have it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// The word type.
    pub kind: WordKind,
    /// Whether the block must have the word.
    pub required: bool,
}

impl Slot {
    const fn required(kind: WordKind) -> Self {
        Self {
            kind,
            required: true,
        }
    }

    const fn optional(kind: WordKind) -> Self {
        Self {
            kind,
            required: false,
        }
    }
}

/// TSHUF's block, in order (seed 004: `BSTART.SFU TSHUF, DataType` Required; `B.DATR Layout
/// (optional)`; `B.DIM LB0/LB1/LB2 (optional)`; `B.IOT source, controls, ->destination`
/// Required; `B.IOR shuffle_control` Required; `BSTOP` Required).
///
/// The seed lists the `B.DIM`s as one optional line; this table takes each loop bound as its
/// own optional word, at most once, in the order LB0, LB1, LB2 (the order of the spec's other
/// block examples).
pub const TSHUF_COMPOSITION: [Slot; 8] = [
    Slot::required(WordKind::Bstart),
    Slot::optional(WordKind::Datr),
    Slot::optional(WordKind::DimLb0),
    Slot::optional(WordKind::DimLb1),
    Slot::optional(WordKind::DimLb2),
    Slot::required(WordKind::Iot),
    Slot::required(WordKind::Ior),
    Slot::required(WordKind::Bstop),
];

/// The `B.DATR` fields TSHUF lets be non-zero (seed 004: `"datr_contract":
/// {"allowed_nonzero_fields":["Layout"],"pad_union":"must-zero"}`); every other field must be
/// zero.
pub const DATR_ALLOWED_NONZERO: &[&str] = &["layout"];

/// The `B.IOR` fields TSHUF lets be non-zero (seed 004: "exactly one B.IOR control input;
/// RegSrc1, RegSrc2, and RegDst are zero").
pub const IOR_ALLOWED_NONZERO: &[&str] = &["reg_src0"];

/// A TSHUF instruction as one block (seed 004):
/// `BSTART.SFU TSHUF, DataType; B.DATR Layout; B.DIM ...; B.IOT source, controls,
/// ->destination; B.IOR shuffle_control; BSTOP`.
///
/// The fixed parts of the words (TSHUF's Mode and Function, the zero fields of `B.DATR` and
/// `B.IOR`) are not stored: [`TshufBlock::words`] writes them and [`decode_block`] checks them.
///
/// ```
/// use isa_ops::pto::{decode_block, parse_block};
///
/// let text = "BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; \
///             B.IOR a0; BSTOP";
/// let block = parse_block(text)?;
/// let words = block.encode()?;
/// assert_eq!(words, [0xCF61_9181, 0x0000_1FA3, 0x081B_4213, 0x0001_0013, 0x0000_0001]);
/// assert_eq!(decode_block(&words)?, (block, 5));
/// assert_eq!(block.to_string(), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TshufBlock {
    /// `BSTART.SFU TSHUF, DataType`: the element type of source and destination.
    pub data_type: TileDataType,
    /// `B.DATR Layout`, if the block has a `B.DATR`.
    pub layout: Option<Layout>,
    /// `B.DIM ..., ->LB0`, if present.
    pub lb0: Option<BDimLb0>,
    /// `B.DIM ..., ->LB1`, if present.
    pub lb1: Option<BDimLb1>,
    /// `B.DIM ..., ->LB2`, if present.
    pub lb2: Option<BDimLb2>,
    /// `B.IOT source, controls, ->destination`: SrcTile0 is the source, SrcTile1 the controls
    /// tile, DstTile the destination.
    pub tiles: BIot,
    /// `B.IOR shuffle_control`: the register that holds the shuffle control word.
    pub control: Gpr,
}

/// Why words are not a TSHUF block. Every variant names the index of the offending word,
/// counted from the block's first word.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BlockError {
    /// The word is no block word at all.
    #[error("word {index}: {word:#010x} is not a block word (no mask/match identity matches)")]
    UnknownWord {
        /// Position in the block.
        index: usize,
        /// The word.
        word: u32,
    },
    /// The word is a block word whose field does not decode (a reserved code); the error names
    /// the word type and the field.
    #[error("word {index}: {error}")]
    Decode {
        /// Position in the block.
        index: usize,
        /// The word type, field and problem.
        error: DecodeError,
    },
    /// A value does not fit its field; the error names the word type and the field.
    #[error("word {index}: {error}")]
    Encode {
        /// Position in the block.
        index: usize,
        /// The word type, field and problem.
        error: EncodeError,
    },
    /// A required word is missing: another word (or the next block's `BSTART`) stands where it
    /// belongs.
    #[error("word {index}: TSHUF's block needs {missing} here, found {found}")]
    Missing {
        /// Position in the block.
        index: usize,
        /// The required word.
        missing: WordKind,
        /// The word found instead.
        found: WordKind,
    },
    /// A word comes after one that it must precede.
    #[error("word {index}: {word} is out of order; it belongs before {after} (word {after_index})")]
    OutOfOrder {
        /// Position in the block.
        index: usize,
        /// The misplaced word.
        word: WordKind,
        /// The word it follows but must precede.
        after: WordKind,
        /// Where that word is.
        after_index: usize,
    },
    /// A word TSHUF's block has at most once appears again (for `B.IOR`: TSHUF takes exactly
    /// one control register, seed 004).
    #[error("word {index}: a second {word}; TSHUF's block has one, at word {first}")]
    Repeated {
        /// Position of the second one.
        index: usize,
        /// The word type.
        word: WordKind,
        /// Position of the first one.
        first: usize,
    },
    /// A word type TSHUF's composition does not have.
    #[error("word {index}: {word} has no place in TSHUF's block")]
    NotInBlock {
        /// Position in the block.
        index: usize,
        /// The word type.
        word: WordKind,
    },
    /// The words end before `BSTOP`.
    #[error("the block is truncated after {len} words; it needs {missing} next")]
    Truncated {
        /// Words there were.
        len: usize,
        /// The next required word.
        missing: WordKind,
    },
    /// The `BSTART` names another operation (seed 004: TSHUF is Mode 3, Function 22,
    /// selector 0x076).
    #[error(
        "word {index}: BSTART.TEPL Mode {mode}, Function {function} (selector {selector:#05x}) is not TSHUF (Mode 3, Function 22, selector 0x076)"
    )]
    NotTshuf {
        /// Position in the block.
        index: usize,
        /// The word's Mode.
        mode: u8,
        /// The word's Function.
        function: u8,
        /// Mode and Function as one selector.
        selector: u16,
    },
    /// A field TSHUF requires to be zero is not (seed 004: `B.DATR` pad union must-zero;
    /// `B.IOR` RegSrc1, RegSrc2 and RegDst zero).
    #[error("word {index}: {word} field `{field}` is {value:#x}; TSHUF requires it to be zero")]
    MustBeZero {
        /// Position in the block.
        index: usize,
        /// The word type.
        word: WordKind,
        /// The field.
        field: &'static str,
        /// Its raw bits.
        value: u64,
    },
    /// `B.IOR` names no register in RegSrc0 (code 0 is "none"); TSHUF takes exactly one control
    /// input (seed 004).
    #[error(
        "word {index}: B.IOR field `reg_src0` names no register; TSHUF takes exactly one control register there"
    )]
    NoControlRegister {
        /// Position in the block.
        index: usize,
    },
}

impl BlockError {
    /// The index of the word the error is about (for [`BlockError::Truncated`], the index one
    /// past the last word: where the missing word would be).
    pub const fn index(&self) -> usize {
        match *self {
            BlockError::UnknownWord { index, .. }
            | BlockError::Decode { index, .. }
            | BlockError::Encode { index, .. }
            | BlockError::Missing { index, .. }
            | BlockError::OutOfOrder { index, .. }
            | BlockError::Repeated { index, .. }
            | BlockError::NotInBlock { index, .. }
            | BlockError::NotTshuf { index, .. }
            | BlockError::MustBeZero { index, .. }
            | BlockError::NoControlRegister { index } => index,
            BlockError::Truncated { len, .. } => len,
        }
    }
}

/// Reads one TSHUF block from the start of `words`; returns it and the number of words it
/// took (up to and including `BSTOP`). Words after the `BSTOP` are not read.
///
/// Each word is recognised by mask/match and decoded ([`decode_word`]), then placed against
/// [`TSHUF_COMPOSITION`] and checked; the first failure, in word order, is returned.
pub fn decode_block(words: &[u32]) -> Result<(TshufBlock, usize), BlockError> {
    let mut composer = Composer::new();
    for (index, &raw) in words.iter().enumerate() {
        let word = decode_word(raw).map_err(|e| match e {
            WordError::Unknown { word } => BlockError::UnknownWord { index, word },
            WordError::Decode(error) => BlockError::Decode { index, error },
        })?;
        if let Some(block) = composer.push(index, &word, raw)? {
            return Ok((block, index + 1));
        }
    }
    Err(composer.truncated(words.len()))
}

impl TshufBlock {
    /// The block's words, in composition order: the fixed parts filled in (Mode 3, Function
    /// 22; `B.DATR` fields other than Layout zero; `B.IOR` RegSrc1, RegSrc2, RegDst zero).
    pub fn words(&self) -> Vec<Word> {
        let mut words = vec![Word::Bstart(BstartTepl::tshuf(self.data_type))];
        words.extend(self.layout.map(|l| Word::Datr(BDatr::layout_only(l))));
        words.extend(self.lb0.map(Word::DimLb0));
        words.extend(self.lb1.map(Word::DimLb1));
        words.extend(self.lb2.map(Word::DimLb2));
        words.push(Word::Iot(self.tiles));
        words.push(Word::Ior(BIor::single(self.control)));
        words.push(Word::Bstop(Bstop {}));
        words
    }

    /// Encodes the block to words. A value that does not fit its field is
    /// [`BlockError::Encode`]; a block [`decode_block`] would refuse (a control register of
    /// `zero`) is refused with the same error, so `decode_block(&b.encode()?)` gives back `b`.
    pub fn encode(&self) -> Result<Vec<u32>, BlockError> {
        let words = self.words();
        let mut raws = Vec::with_capacity(words.len());
        let mut composer = Composer::new();
        for (index, word) in words.iter().enumerate() {
            let raw = word
                .encode()
                .map_err(|error| BlockError::Encode { index, error })?;
            raws.push(raw);
            if composer.push(index, word, raw)?.is_some() {
                return Ok(raws);
            }
        }
        Err(composer.truncated(raws.len()))
    }

    /// The source tile: `B.IOT` SrcTile0 read as a tile-file index (INFERRED, see
    /// [`BIot`]).
    pub const fn source(&self) -> TileId {
        TileId(self.tiles.src_tile0 as usize)
    }

    /// The U32 controls tile: `B.IOT` SrcTile1 read as a tile-file index.
    pub const fn controls(&self) -> TileId {
        TileId(self.tiles.src_tile1 as usize)
    }

    /// The destination tile: `B.IOT` DstTile read as a tile-file index.
    pub const fn destination(&self) -> TileId {
        TileId(self.tiles.dst_tile as usize)
    }

    /// Executes the block on `file` ([`tshuf`], seed 004 `InstructionContractExecute_TSHUF`):
    /// `control` is the value of the `B.IOR` register ([`TshufBlock::control`]), the tiles
    /// are those the `B.IOT` names ([`TshufBlock::source`], [`TshufBlock::controls`],
    /// [`TshufBlock::destination`]).
    ///
    /// Before the model's own checks, the block must agree with its source tile: the
    /// `BSTART` data type is the source's ([`RunError::DataTypeMismatch`]) and a `B.DATR`
    /// layout, if there is one, is the source's ([`RunError::LayoutMismatch`]). The `B.DIM`
    /// loop bounds are not interpreted. Every rejection leaves every tile unchanged.
    pub fn run(&self, file: &mut TileFile, control: u64) -> Result<(), RunError> {
        if let Some(src) = file.get(self.source()) {
            if src.dtype() != self.data_type {
                return Err(RunError::DataTypeMismatch {
                    block: self.data_type,
                    tile: src.dtype(),
                });
            }
            match self.layout {
                Some(layout) if layout != src.layout() => {
                    return Err(RunError::LayoutMismatch {
                        block: layout,
                        tile: src.layout(),
                    });
                }
                Some(_) | None => {}
            }
        }
        tshuf(
            file,
            self.destination(),
            self.source(),
            self.controls(),
            control,
        )?;
        Ok(())
    }
}

/// Why [`TshufBlock::run`] did not execute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The `BSTART` data type is not the source tile's (seed 004: source and destination
    /// "share a supported non-64-bit dtype", the one `BSTART.SFU TSHUF, DataType` names).
    #[error("the block's data type {block} is not the source tile's {tile}")]
    DataTypeMismatch {
        /// `BSTART` DataType.
        block: TileDataType,
        /// The source tile's.
        tile: TileDataType,
    },
    /// The `B.DATR` layout is not the source tile's.
    #[error("the block's layout {block} is not the source tile's {tile}")]
    LayoutMismatch {
        /// `B.DATR` Layout.
        block: Layout,
        /// The source tile's.
        tile: Layout,
    },
    /// The model rejected the operands or the control word.
    #[error(transparent)]
    Tshuf(#[from] TshufError),
}

/// Places words against [`TSHUF_COMPOSITION`] one at a time and applies each word's rules;
/// [`decode_block`], [`TshufBlock::encode`] and the assembly parser share it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Composer {
    /// The next composition position a word may take.
    next: usize,
    /// Where each position's word was.
    seen: [Option<usize>; TSHUF_COMPOSITION.len()],
    /// The last accepted word and its index.
    last: Option<(WordKind, usize)>,
    bstart: Option<BstartTepl>,
    layout: Option<Layout>,
    lb0: Option<BDimLb0>,
    lb1: Option<BDimLb1>,
    lb2: Option<BDimLb2>,
    tiles: Option<BIot>,
    control: Option<Gpr>,
}

impl Composer {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Takes word `index` (`raw` is its encoding). Returns the block once `BSTOP` is taken.
    pub(crate) fn push(
        &mut self,
        index: usize,
        word: &Word,
        raw: u32,
    ) -> Result<Option<TshufBlock>, BlockError> {
        let kind = word.kind();
        let slot = TSHUF_COMPOSITION
            .iter()
            .position(|s| s.kind == kind)
            .ok_or(BlockError::NotInBlock { index, word: kind })?;
        if kind == WordKind::Bstart && index > 0 {
            // The next block begins: whatever this one still needs is missing.
            return Err(BlockError::Missing {
                index,
                missing: self.next_required(),
                found: kind,
            });
        }
        if let Some(first) = self.seen.get(slot).copied().flatten() {
            return Err(BlockError::Repeated {
                index,
                word: kind,
                first,
            });
        }
        if slot < self.next {
            let (after, after_index) = self.last.unwrap_or((kind, index));
            return Err(BlockError::OutOfOrder {
                index,
                word: kind,
                after,
                after_index,
            });
        }
        let skipped = TSHUF_COMPOSITION
            .get(self.next..slot)
            .and_then(|between| between.iter().find(|s| s.required));
        if let Some(missing) = skipped {
            return Err(BlockError::Missing {
                index,
                missing: missing.kind,
                found: kind,
            });
        }
        self.accept(index, word, raw)?;
        if let Some(seen) = self.seen.get_mut(slot) {
            *seen = Some(index);
        }
        self.next = slot + 1;
        self.last = Some((kind, index));
        match kind {
            WordKind::Bstop => self.finish(index).map(Some),
            _ => Ok(None),
        }
    }

    /// The error for words that ended after `len` words, before `BSTOP`.
    pub(crate) fn truncated(&self, len: usize) -> BlockError {
        BlockError::Truncated {
            len,
            missing: self.next_required(),
        }
    }

    /// The first required word at or after the next position (`BSTOP` is always one).
    fn next_required(&self) -> WordKind {
        TSHUF_COMPOSITION
            .get(self.next..)
            .and_then(|rest| rest.iter().find(|s| s.required))
            .map_or(WordKind::Bstop, |s| s.kind)
    }

    /// Applies the word's own rules and keeps what the block needs of it.
    fn accept(&mut self, index: usize, word: &Word, raw: u32) -> Result<(), BlockError> {
        match *word {
            Word::Bstart(b) => {
                if !b.is_tshuf() {
                    return Err(BlockError::NotTshuf {
                        index,
                        mode: b.mode,
                        function: b.function,
                        selector: b.selector(),
                    });
                }
                self.bstart = Some(b);
            }
            Word::Datr(d) => {
                must_be_zero(index, WordKind::Datr, raw, DATR_ALLOWED_NONZERO)?;
                self.layout = Some(d.layout);
            }
            Word::DimLb0(d) => self.lb0 = Some(d),
            Word::DimLb1(d) => self.lb1 = Some(d),
            Word::DimLb2(d) => self.lb2 = Some(d),
            Word::Iot(t) => self.tiles = Some(t),
            Word::Ior(r) => {
                must_be_zero(index, WordKind::Ior, raw, IOR_ALLOWED_NONZERO)?;
                if r.reg_src0 == Gpr::Zero {
                    return Err(BlockError::NoControlRegister { index });
                }
                self.control = Some(r.reg_src0);
            }
            Word::Bstop(_) => {}
        }
        Ok(())
    }

    /// The block, once `BSTOP` (word `index`) is taken. The composition rules make every
    /// required part present; if one were not, it is reported as missing at `BSTOP`.
    fn finish(&self, index: usize) -> Result<TshufBlock, BlockError> {
        let missing = |missing| BlockError::Missing {
            index,
            missing,
            found: WordKind::Bstop,
        };
        let bstart = self.bstart.ok_or_else(|| missing(WordKind::Bstart))?;
        let tiles = self.tiles.ok_or_else(|| missing(WordKind::Iot))?;
        let control = self.control.ok_or_else(|| missing(WordKind::Ior))?;
        Ok(TshufBlock {
            data_type: bstart.data_type,
            layout: self.layout,
            lb0: self.lb0,
            lb1: self.lb1,
            lb2: self.lb2,
            tiles,
            control,
        })
    }
}

/// The first field of `raw` (a `kind` word) outside `allowed` that is not zero, as an error.
fn must_be_zero(
    index: usize,
    kind: WordKind,
    raw: u32,
    allowed: &'static [&'static str],
) -> Result<(), BlockError> {
    match nonzero_fields(kind, raw, allowed).next() {
        Some((field, value)) => Err(BlockError::MustBeZero {
            index,
            word: kind,
            field,
            value,
        }),
        None => Ok(()),
    }
}
