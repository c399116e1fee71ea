//! Why TSHUF rejects its operands: one variant per rejection, each naming the bad value. The
//! errors of the pieces below it sit with them ([`TileError`](super::tile::TileError),
//! [`UnknownAssemblyName`](super::datatype::UnknownAssemblyName)).

use super::datatype::TileDataType;
use super::tile::{Geometry, Layout, TileId};

/// Why TSHUF rejects its operands. Every rejection happens before any effect: the destination is
/// untouched (seed 004: "Reserved control encodings reject with Fault_TileLegality before
/// effects").
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TshufError {
    /// Control bits `[63:32]` must be zero (SPEC-NOTES §3; seed 004: "nonzero bits 63:32 reject").
    #[error("shuffle control {control:#018x} has bits 63:32 set; they must be zero")]
    HighBitsSet {
        /// The whole control GPR.
        control: u64,
    },
    /// Control bits `[7:0]` above 3 (seed 004: "mode > 3" rejects).
    #[error(
        "shuffle mode {mode} (control bits 7:0) is reserved; use 0 UP, 1 DOWN, 2 BFLY or 3 IDX"
    )]
    ReservedMode {
        /// The mode code.
        mode: u8,
    },
    /// Control bits `[15:8]` above 4 (seed 004: "segment_code > 4" rejects).
    #[error(
        "segment code {code} (control bits 15:8) is reserved; use 0..=4 for widths 2, 4, 8, 16, 32"
    )]
    ReservedSegmentCode {
        /// The segment code.
        code: u8,
    },
    /// Control bits `[23:16]` above 1 (seed 004: "boundary > 1" rejects).
    #[error("boundary {boundary} (control bits 23:16) is reserved; use 0 SELF or 1 ZERO")]
    ReservedBoundary {
        /// The boundary code.
        boundary: u8,
    },
    /// An operand names a tile the tile file does not hold.
    #[error("tile operand {tile} is not in the tile file, which holds {count} tiles")]
    NoSuchTile {
        /// The operand.
        tile: TileId,
        /// Tiles in the file.
        count: usize,
    },
    /// The destination is the source tile (seed 004: "destination aliasing" rejects).
    #[error("destination {tile} is also the source; TSHUF needs a fresh destination")]
    DestinationAliasesSource {
        /// The shared tile.
        tile: TileId,
    },
    /// The destination is the controls tile (seed 004: "destination aliasing" rejects).
    #[error("destination {tile} is also the controls tile; TSHUF needs a fresh destination")]
    DestinationAliasesControls {
        /// The shared tile.
        tile: TileId,
    },
    /// A 64-bit data type (seed 004: `TileElementBits(data_type) != 64`; SPEC-NOTES §2.11).
    #[error(
        "data type {dtype} has 64-bit elements; TSHUF accepts only types narrower than 64 bits"
    )]
    SixtyFourBitDataType {
        /// The source's data type.
        dtype: TileDataType,
    },
    /// Segment width 32 on a layout other than CUBE_M32 (seed 004: "segment width 32 is
    /// available only with CUBE_M32").
    #[error("segment width 32 (segment code 4) needs CUBE_M32 tiles; these are {layout}")]
    SegmentWidthNeedsCubeM32 {
        /// The source's layout.
        layout: Layout,
    },
    /// Destination and source data types differ (seed 004: they "share a … dtype").
    #[error("destination data type {found} differs from the source's {expected}")]
    DataTypeMismatch {
        /// The source's data type.
        expected: TileDataType,
        /// The destination's data type.
        found: TileDataType,
    },
    /// Destination and source layouts differ (seed 004: they share the layout).
    #[error("destination layout {found} differs from the source's {expected}")]
    LayoutMismatch {
        /// The source's layout.
        expected: Layout,
        /// The destination's layout.
        found: Layout,
    },
    /// Destination and source geometries differ (seed 004: they share "geometry").
    #[error("destination geometry {found} differs from the source's {expected}")]
    GeometryMismatch {
        /// The source's geometry.
        expected: Geometry,
        /// The destination's geometry.
        found: Geometry,
    },
    /// The controls tile is not U32 (seed 004: "the Local U32 controls Tile").
    #[error("controls tile data type is {dtype}; it must be U32")]
    ControlsNotU32 {
        /// The controls tile's data type.
        dtype: TileDataType,
    },
    /// The controls tile's layout differs from the source's (seed 004: it "matches their
    /// layout").
    #[error("controls tile layout {found} differs from the source's {expected}")]
    ControlsLayoutMismatch {
        /// The source's layout.
        expected: Layout,
        /// The controls tile's layout.
        found: Layout,
    },
    /// An input tile holds undefined data where TSHUF reads it: a word of its valid rows that
    /// was never written (seed 004, "What is rejected": "undefined input data").
    #[error(
        "{role} tile {tile} has undefined data at row {row}, word group {group}; TSHUF reads \
         every valid row of its inputs"
    )]
    UndefinedInput {
        /// `source` or `controls`.
        role: &'static str,
        /// The tile.
        tile: TileId,
        /// The first undefined word's row (below the tile's valid rows).
        row: usize,
        /// Its word group.
        group: usize,
    },
    /// The controls tile's geometry differs from the source's (seed 004: it matches "valid
    /// rows, and CUBE CELL count", and "its valid columns equal the number of 32-bit word
    /// groups in each data row").
    #[error("controls tile geometry {found} differs from the source's {expected}")]
    ControlsGeometryMismatch {
        /// The source's geometry.
        expected: Geometry,
        /// The controls tile's geometry.
        found: Geometry,
    },
}
