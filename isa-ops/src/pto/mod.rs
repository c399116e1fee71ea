//! The PTO tile ISA: the TSHUF reference model.
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
//! Seed 004 gives the instruction's operands, its `BSTART.TEPL` word (Mode 3, Function 22) and
//! the prose rules; the public PTO spec (PTO-ISA/pto-spec) adds the facts the seed refers to:
//! the control word layout, the selection rule, the `TileDataType` codes and the block words
//! (SPEC-NOTES §3). Where the two disagree (64-bit element types) this model follows the seed
//! (SPEC-NOTES §2.11).
//!
//! This module is pure logic: decoding the control word, validating the operands, computing
//! and publishing the result. The block words themselves are declared elsewhere.
//!
//! - [`datatype`]: the 5-bit `TileDataType` code table.
//! - [`control`]: the shuffle control GPR and the selection rule.
//! - [`tile`]: tiles over raw words, and the tile file operands index.
//! - [`shuffle`]: TSHUF legality and execution.
//! - [`error`]: the typed rejections.

pub mod control;
pub mod datatype;
pub mod error;
pub mod shuffle;
pub mod tile;

pub use control::{Boundary, OPERAND_MASK, Segment, ShuffleControl, ShuffleMode};
pub use datatype::{DataTypeError, TileDataType};
pub use error::{TileError, TshufError, UnknownName};
pub use shuffle::{Operands, check_operands, data_type_legal, shuffled_words, tshuf};
pub use tile::{Geometry, Layout, Tile, TileFile, TileId};
