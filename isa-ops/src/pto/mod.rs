//! The PTO tile ISA: TSHUF's block words and its reference model.
//!
//! PTO is a tile instruction set: its operands are tiles, two-dimensional arrays with an element
//! type ([`TileDataType`]), a layout (here the Local CUBE layouts `CUBE_M16` and `CUBE_M32`, whose
//! rows group into cells of 16 or 32 rows) and a valid region, and each instruction is issued as a
//! block of 32-bit words (`BSTART`, optional `B.DATR` and `B.DIM`, `B.IOT` for tile operands,
//! `B.IOR` for scalar registers, `BSTOP`). TSHUF (seed 004) shuffles raw 32-bit words among the
//! rows of a tile: inside independent power-of-two row segments of each CUBE cell, every (row,
//! 32-bit word group) of the destination takes the word of one source row, chosen by a scalar
//! control GPR (mode UP, DOWN, BFLY or IDX, segment width, SELF or ZERO boundary;
//! [`ShuffleControl`]) and a per-row operand from a U32 controls tile.
//!
//! Seed 004 gives the instruction's operands, its `BSTART.TEPL` word (Mode 3, Function 22), its
//! block composition and the prose rules; the public PTO spec (PTO-ISA/pto-spec) adds the facts
//! the seed refers to: the control word layout, the selection rule, the `TileDataType` codes and
//! the block words (SPEC-NOTES §3). Where the two disagree (64-bit element types) this crate
//! follows the seed (SPEC-NOTES §2.11). Three value tables are in neither and are chosen in one
//! place each, marked INFERRED: register names ([`Gpr`]), `B.DATR` layout codes
//! ([`datr_layout`]) and the tile operand codes of `B.IOT` ([`BIot`]).
//!
//! The encoding, in three layers:
//! - [`words`]: each block word declared with `#[derive(Bundle)]` and its mask/match identity;
//!   [`Word`] and [`decode_word`] recognise any word by its identity.
//! - [`block`]: [`TshufBlock`], the whole instruction; [`decode_block`] and
//!   [`TshufBlock::encode`] enforce the composition (order, required words, one control
//!   register, zero fields, TSHUF's Mode and Function), and [`TshufBlock::run`] executes a block
//!   on the model.
//! - [`asm`]: the assembly text of words and blocks (`BSTART.SFU TSHUF, U32; B.DATR CUBE_M16;
//!   B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP`), round-trip exact.
//!
//! The model, pure logic over tiles:
//! - [`datatype`]: the 5-bit `TileDataType` code table.
//! - [`control`]: the shuffle control GPR and the selection rule.
//! - [`tile`]: tiles over raw words, and the tile file operands index.
//! - [`shuffle`]: TSHUF legality and execution.
//! - [`error`]: the model's typed rejections.

/// Serializes a type as its assembly name (`name()`) and deserializes it through `$from_name`
/// (`fn(&str) -> Option<Self>`), an unknown name being an error that names `$table`.
macro_rules! serde_by_name {
    ($ty:ty, $table:literal, $from_name:expr) => {
        /// Serialized as its assembly name.
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        /// Deserialized from its assembly name.
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                isa_core::enumeration::support::deserialize_name(deserializer, $table, $from_name)
            }
        }
    };
}

pub mod asm;
pub mod block;
pub mod control;
pub mod datatype;
pub mod error;
pub mod shuffle;
pub mod tile;
pub mod words;

pub use asm::{AsmError, SyntaxError, parse_block, parse_word};
pub use block::{
    BlockError, DATR_ALLOWED_NONZERO, IOR_ALLOWED_NONZERO, RunError, Slot, TSHUF_COMPOSITION,
    TshufBlock, decode_block,
};
pub use control::{Boundary, OPERAND_MASK, SegmentWidth, ShuffleControl, ShuffleMode};
pub use datatype::{DataTypeError, TileDataType, UnknownAssemblyName};
pub use error::TshufError;
pub use shuffle::{Operands, check_operands, data_type_legal, shuffled_words, tshuf};
pub use tile::{Geometry, Layout, Tile, TileError, TileFile, TileId};
pub use words::{
    BDatr, BDimLb0, BDimLb1, BDimLb2, BIor, BIot, BstartSfu, BstartTepl, Bstop, DatrDataType, Gpr,
    IDENTITIES, TSHUF_FUNCTION, TSHUF_MODE, TSHUF_SELECTOR, TileSize, Word, WordError,
    WordIdentity, WordKind, datr_layout, decode_word, first_overlap, identify, nonzero_fields,
};
