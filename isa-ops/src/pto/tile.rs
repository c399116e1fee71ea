//! Tiles as TSHUF sees them: a descriptor (data type, CUBE layout, geometry) over raw 32-bit
//! words, and the tile file the operation's tile operands index.
//!
//! Seed 004 moves "raw 32-bit word groups among rows" and never interprets an element, so a tile
//! here is a row-major array of `u32` words, `words_per_row` word groups per row. The tile file
//! gives each tile an index ([`TileId`]); two operands alias exactly when their indices are
//! equal, which is how TSHUF detects "destination aliasing" (seed 004).
//!
//! A tile also knows which of its words are defined (seed 004 rejects "undefined input data"):
//! a word is defined once something wrote it. A tile built from data is defined on its valid
//! rows; rows past `valid_rows` are padding, whose contents seed 004 calls Null, and are not
//! defined; a tile made with [`Tile::unwritten`] was never written and is defined nowhere.

use core::fmt;

use super::datatype::TileDataType;

isa_core::enumeration! {
    /// The CUBE layout of a Local tile (seed 004: "Local CUBE_M16 or CUBE_M32"; the `Layout`
    /// parameter of `B.DATR`). Rows are grouped in CUBE cells of 16 or 32 rows.
    ///
    /// Only the two layouts TSHUF accepts are modelled. The code here is only an ordinal: the
    /// 5-bit `B.DATR` codes are not in the public spec facts, and the ones used are in one table,
    /// [`datr_layout`](super::words::datr_layout) (INFERRED).
    pub enum Layout: "Layout" {
        /// Cells of 16 rows.
        CubeM16 = 0 => "CUBE_M16",
        /// Cells of 32 rows; the only layout that allows segment width 32.
        CubeM32 = 1 => "CUBE_M32",
    }
}

impl Layout {
    /// Rows per CUBE cell: 32 for `CUBE_M32`, otherwise 16 (public PTO spec, SPEC-NOTES §3:
    /// "cell_rows = 32 for CUBE_M32 else 16").
    pub const fn cell_rows(self) -> usize {
        match self {
            Layout::CubeM16 => 16,
            Layout::CubeM32 => 32,
        }
    }
}

/// The shape of a tile in rows and 32-bit word groups (seed 004: source, destination and
/// controls must "share … geometry"; the controls' "valid columns equal the number of 32-bit
/// word groups in each data row").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Rows the tile holds: a non-zero multiple of the layout's CUBE cell rows.
    pub rows: usize,
    /// Rows `0..valid_rows` hold data; later rows are padding. At most `rows`.
    pub valid_rows: usize,
    /// 32-bit word groups per row (for a U32 tile, its valid columns). At least 1.
    pub words_per_row: usize,
}

impl Geometry {
    /// A geometry from its three numbers (not yet checked; [`Tile::new`] checks it).
    pub const fn new(rows: usize, valid_rows: usize, words_per_row: usize) -> Self {
        Self {
            rows,
            valid_rows,
            words_per_row,
        }
    }
}

impl fmt::Display for Geometry {
    /// Writes e.g. `16 rows (10 valid) x 2 word groups`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} rows ({} valid) x {} word groups",
            self.rows, self.valid_rows, self.words_per_row
        )
    }
}

/// A Local CUBE tile: descriptor plus raw 32-bit words, row-major (seed 004: TSHUF shuffles
/// "raw 32-bit words … without byte permutation").
///
/// The fields are private so that a tile always satisfies what [`Tile::new`] checks: `rows` is a
/// non-zero multiple of the layout's cell rows, `valid_rows <= rows`, `words_per_row >= 1` and
/// the data holds exactly `rows * words_per_row` words, with one defined flag per word.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tile {
    dtype: TileDataType,
    layout: Layout,
    geometry: Geometry,
    data: Vec<u32>,
    defined: Vec<bool>,
}

impl Tile {
    /// A tile over `data` (row-major, `words_per_row` words per row), defined on its valid rows
    /// (the padding rows past `valid_rows` are not), after checking the geometry: `rows` a non-zero multiple of [`Layout::cell_rows`]
    /// ([`TileError::RowsNotWholeCells`]), `valid_rows <= rows`
    /// ([`TileError::ValidRowsExceedRows`]), `words_per_row >= 1`
    /// ([`TileError::NoWordGroups`]), `data.len() == rows * words_per_row`
    /// ([`TileError::DataLength`], or [`TileError::SizeOverflow`] if the product overflows).
    pub fn new(
        dtype: TileDataType,
        layout: Layout,
        rows: usize,
        valid_rows: usize,
        words_per_row: usize,
        data: Vec<u32>,
    ) -> Result<Self, TileError> {
        let geometry = Geometry::new(rows, valid_rows, words_per_row);
        let expected = checked_len(layout, geometry)?;
        if data.len() != expected {
            return Err(TileError::DataLength {
                expected,
                found: data.len(),
            });
        }
        let defined = (0..expected)
            .map(|i| i / words_per_row < valid_rows)
            .collect();
        Ok(Self {
            dtype,
            layout,
            geometry,
            data,
            defined,
        })
    }

    /// A tile of the given shape that was never written: no word is defined, so TSHUF rejects
    /// it as an input (seed 004: "undefined input data"). Checked as in [`Tile::new`].
    pub fn unwritten(
        dtype: TileDataType,
        layout: Layout,
        rows: usize,
        valid_rows: usize,
        words_per_row: usize,
    ) -> Result<Self, TileError> {
        let mut tile = Self::zeroed(dtype, layout, rows, valid_rows, words_per_row)?;
        tile.defined.fill(false);
        Ok(tile)
    }

    /// The same storage described with another number of valid rows (checked against `rows`,
    /// [`TileError::ValidRowsExceedRows`]). Which words are defined does not change: rows that
    /// were padding and become valid stay undefined until written.
    pub fn with_valid_rows(mut self, valid_rows: usize) -> Result<Self, TileError> {
        let rows = self.geometry.rows;
        if valid_rows > rows {
            return Err(TileError::ValidRowsExceedRows { valid_rows, rows });
        }
        self.geometry.valid_rows = valid_rows;
        Ok(self)
    }

    /// A tile of the given shape with every word 0, checked as in [`Tile::new`].
    pub fn zeroed(
        dtype: TileDataType,
        layout: Layout,
        rows: usize,
        valid_rows: usize,
        words_per_row: usize,
    ) -> Result<Self, TileError> {
        let geometry = Geometry::new(rows, valid_rows, words_per_row);
        let len = checked_len(layout, geometry)?;
        Self::new(dtype, layout, rows, valid_rows, words_per_row, vec![0; len])
    }

    /// The element type.
    pub const fn dtype(&self) -> TileDataType {
        self.dtype
    }

    /// The CUBE layout.
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// Rows, valid rows and word groups per row.
    pub const fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Rows the tile holds (a multiple of the layout's cell rows).
    pub const fn rows(&self) -> usize {
        self.geometry.rows
    }

    /// Rows holding data; rows from here on are padding.
    pub const fn valid_rows(&self) -> usize {
        self.geometry.valid_rows
    }

    /// 32-bit word groups per row.
    pub const fn words_per_row(&self) -> usize {
        self.geometry.words_per_row
    }

    /// Every word, row-major.
    pub fn data(&self) -> &[u32] {
        &self.data
    }

    /// Every word, row-major, for writing in place (the length cannot change). Writing in place
    /// gives the tile its contents, so every word counts as defined from here on.
    pub fn data_mut(&mut self) -> &mut [u32] {
        self.defined.fill(true);
        &mut self.data
    }

    /// Whether the word of word group `group` in row `row` is defined (written since the tile
    /// was made); `false` outside the tile.
    pub fn is_defined(&self, row: usize, group: usize) -> bool {
        let wpr = self.geometry.words_per_row;
        (group < wpr)
            .then(|| row.checked_mul(wpr)?.checked_add(group))
            .flatten()
            .and_then(|i| self.defined.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// The first `(row, group)` of the valid rows whose word is not defined, or `None` when the
    /// whole valid region is defined. Padding rows are not looked at.
    pub fn first_undefined_valid_word(&self) -> Option<(usize, usize)> {
        let wpr = self.geometry.words_per_row.max(1);
        let valid = self.geometry.valid_rows.saturating_mul(wpr);
        self.defined
            .iter()
            .take(valid)
            .position(|&d| !d)
            .map(|i| (i / wpr, i % wpr))
    }

    /// Publishes `words` (row-major, as long as the data): the valid rows are written and
    /// defined, the padding rows become Null (the word 0, not defined), seed 004: "the complete
    /// valid destination region is published … destination padding is Null".
    pub(crate) fn publish(&mut self, words: Vec<u32>) {
        let wpr = self.geometry.words_per_row.max(1);
        let valid = self.geometry.valid_rows;
        for (i, ((slot, defined), word)) in self
            .data
            .iter_mut()
            .zip(self.defined.iter_mut())
            .zip(words)
            .enumerate()
        {
            let in_valid = i / wpr < valid;
            *slot = if in_valid { word } else { 0 };
            *defined = in_valid;
        }
    }

    /// The tile's words, row-major, consuming the tile.
    pub fn into_data(self) -> Vec<u32> {
        self.data
    }

    /// The rows in order, each `words_per_row` words long.
    pub fn row_slices(&self) -> impl ExactSizeIterator<Item = &[u32]> {
        self.data.chunks_exact(self.geometry.words_per_row.max(1))
    }

    /// The words of row `row`, or `None` past the last row.
    pub fn row(&self, row: usize) -> Option<&[u32]> {
        self.row_slices().nth(row)
    }

    /// The word of word group `group` in row `row`, or `None` outside the tile.
    pub fn word(&self, row: usize, group: usize) -> Option<u32> {
        self.row(row)?.get(group).copied()
    }

    /// Writes the word of word group `group` in row `row`; outside the tile it is
    /// [`TileError::OutOfBounds`] and nothing is written.
    pub fn set_word(&mut self, row: usize, group: usize, value: u32) -> Result<(), TileError> {
        let wpr = self.geometry.words_per_row;
        let slot = (group < wpr)
            .then(|| row.checked_mul(wpr)?.checked_add(group))
            .flatten()
            .and_then(|i| self.data.get_mut(i));
        match slot {
            Some(word) => {
                *word = value;
                if let Some(defined) = row
                    .checked_mul(wpr)
                    .and_then(|i| i.checked_add(group))
                    .and_then(|i| self.defined.get_mut(i))
                {
                    *defined = true;
                }
                Ok(())
            }
            None => Err(TileError::OutOfBounds { row, group }),
        }
    }
}

/// Checks a geometry against a layout and returns the number of words it holds.
fn checked_len(layout: Layout, geometry: Geometry) -> Result<usize, TileError> {
    let Geometry {
        rows,
        valid_rows,
        words_per_row,
    } = geometry;
    let cell_rows = layout.cell_rows();
    if rows == 0 || !rows.is_multiple_of(cell_rows) {
        return Err(TileError::RowsNotWholeCells { rows, layout });
    }
    if valid_rows > rows {
        return Err(TileError::ValidRowsExceedRows { valid_rows, rows });
    }
    if words_per_row == 0 {
        return Err(TileError::NoWordGroups);
    }
    rows.checked_mul(words_per_row)
        .ok_or(TileError::SizeOverflow {
            rows,
            words_per_row,
        })
}

/// The index of a tile in a [`TileFile`] (seed 004's `TileIndex` operands: destination, source,
/// controls). Two operands alias exactly when their `TileId`s are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(pub usize);

impl TileId {
    /// The position in the tile file.
    pub const fn index(self) -> usize {
        self.0
    }
}

impl fmt::Display for TileId {
    /// Writes `T<index>`, e.g. `T3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T{}", self.0)
    }
}

/// The tiles an operation's `TileIndex` operands refer to (seed 004: TSHUF takes destination,
/// source and controls as tile indices). Each slot is its own storage, so distinct indices
/// never overlap.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct TileFile {
    tiles: Vec<Tile>,
}

impl TileFile {
    /// An empty tile file.
    pub const fn new() -> Self {
        Self { tiles: Vec::new() }
    }

    /// Adds a tile and returns its index.
    pub fn push(&mut self, tile: Tile) -> TileId {
        let id = TileId(self.tiles.len());
        self.tiles.push(tile);
        id
    }

    /// The tile at `id`, or `None` if the file has no such slot.
    pub fn get(&self, id: TileId) -> Option<&Tile> {
        self.tiles.get(id.0)
    }

    /// The tile at `id` for writing, or `None` if the file has no such slot.
    pub fn get_mut(&mut self, id: TileId) -> Option<&mut Tile> {
        self.tiles.get_mut(id.0)
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the file holds no tile.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The tiles in index order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The tiles in index order, consuming the file.
    pub fn into_tiles(self) -> Vec<Tile> {
        self.tiles
    }
}

impl From<Vec<Tile>> for TileFile {
    /// A tile file whose tile `i` is `tiles[i]`.
    fn from(tiles: Vec<Tile>) -> Self {
        Self { tiles }
    }
}

/// A tile descriptor or word position that does not fit the tile model (seed 004: Local
/// CUBE_M16/CUBE_M32 tiles whose rows are grouped in CUBE cells).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    /// Rows must be a non-zero multiple of the layout's cell rows (16 or 32).
    #[error(
        "a {layout} tile holds whole CUBE cells of {} rows; {rows} rows is not a non-zero multiple",
        layout.cell_rows()
    )]
    RowsNotWholeCells {
        /// The rows asked for.
        rows: usize,
        /// The layout whose cell size they must be a multiple of.
        layout: Layout,
    },
    /// Valid rows cannot exceed the rows the tile holds.
    #[error("{valid_rows} valid rows exceed the tile's {rows} rows")]
    ValidRowsExceedRows {
        /// The valid rows asked for.
        valid_rows: usize,
        /// The tile's rows.
        rows: usize,
    },
    /// A row holds at least one 32-bit word group.
    #[error("a tile row holds at least one 32-bit word group; 0 were asked for")]
    NoWordGroups,
    /// `rows * words_per_row` does not fit in `usize`.
    #[error("{rows} rows x {words_per_row} word groups overflows the address space")]
    SizeOverflow {
        /// The rows asked for.
        rows: usize,
        /// The word groups per row asked for.
        words_per_row: usize,
    },
    /// The data does not hold `rows * words_per_row` words.
    #[error("tile data holds {found} words; the geometry needs rows x word groups = {expected}")]
    DataLength {
        /// `rows * words_per_row`.
        expected: usize,
        /// The words given.
        found: usize,
    },
    /// A word position outside the tile.
    #[error("row {row}, word group {group} is outside the tile")]
    OutOfBounds {
        /// The row asked for.
        row: usize,
        /// The word group asked for.
        group: usize,
    },
}
