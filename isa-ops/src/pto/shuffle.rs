//! TSHUF: legality, then selection, then publication (seed 004; selection rule from the public
//! PTO spec, SPEC-NOTES §3).

use super::control::{Boundary, SegmentWidth, ShuffleControl};
use super::datatype::TileDataType;
use super::error::TshufError;
use super::tile::{Layout, Tile, TileFile, TileId};

/// Whether TSHUF accepts `dtype`: the seed's
/// `TileCubeDataTypeSupported(data_type) && TileElementBits(data_type) != 64` (seed 004,
/// `InstructionContractDataTypeLegal_TSHUF`).
///
/// The public spec facts list no narrower CUBE set than the defined codes, and a
/// [`TileDataType`] cannot hold a reserved code, so the rule that remains is "not 64-bit":
/// FP64, S64 and U64 are refused. One later spec revision accepts 64-bit types on CUBE_M32;
/// this model follows the seed (SPEC-NOTES §2.11).
pub const fn data_type_legal(dtype: TileDataType) -> bool {
    dtype.element_bits() != 64
}

/// The operands of a legal TSHUF: the three tiles, borrowed, and the decoded control, after
/// [`check_operands`] accepted them together. Only [`check_operands`] builds one, so holding an
/// `Operands` means every rule of seed 004 was checked for exactly this combination.
#[derive(Debug, Clone, Copy)]
pub struct Operands<'a> {
    destination: &'a Tile,
    source: &'a Tile,
    controls: &'a Tile,
    control: ShuffleControl,
}

impl<'a> Operands<'a> {
    /// The shuffle control the tiles were checked against.
    pub const fn control(&self) -> ShuffleControl {
        self.control
    }

    /// The destination tile (its current words are not read).
    pub const fn destination(&self) -> &'a Tile {
        self.destination
    }

    /// The source tile.
    pub const fn source(&self) -> &'a Tile {
        self.source
    }

    /// The U32 controls tile.
    pub const fn controls(&self) -> &'a Tile {
        self.controls
    }
}

/// The seed's `TileOperandsLegal_TSHUF` (seed 004; rules as SPEC-NOTES §3 states them): checks
/// every operand rule, in this order, and returns the first that fails.
///
/// 1. Each operand names a tile of `file` ([`TshufError::NoSuchTile`]).
/// 2. The destination is neither the source ([`TshufError::DestinationAliasesSource`]) nor the
///    controls tile ([`TshufError::DestinationAliasesControls`]). Source and controls may be
///    the same tile: seed 004 rejects only destination aliasing.
/// 3. The source data type is legal ([`data_type_legal`]; else
///    [`TshufError::SixtyFourBitDataType`]).
/// 4. Segment width 32 only on CUBE_M32 ([`TshufError::SegmentWidthNeedsCubeM32`]). The layout
///    is always CUBE_M16 or CUBE_M32, since [`Layout`] has no other value.
/// 5. The destination shares the source's data type, layout and geometry
///    ([`TshufError::DataTypeMismatch`], [`TshufError::LayoutMismatch`],
///    [`TshufError::GeometryMismatch`]).
/// 6. The controls tile is U32 ([`TshufError::ControlsNotU32`]), with the source's layout
///    ([`TshufError::ControlsLayoutMismatch`]) and geometry: same rows (hence CUBE cell count),
///    same valid rows, and one U32 word per data word group
///    ([`TshufError::ControlsGeometryMismatch`]).
/// 7. Neither input holds undefined data where TSHUF reads it, the valid rows of the source and
///    of the controls tile ([`TshufError::UndefinedInput`]; seed 004 "What is rejected":
///    "undefined input data"). A tile never written is undefined everywhere; padding rows past
///    `valid_rows` are undefined, but TSHUF never reads them (SPEC-NOTES §3: a source row is
///    read only when it is `< valid_rows`).
///
/// The control word's own rules are [`ShuffleControl::from_gpr`]'s; [`tshuf`] applies them
/// first.
pub fn check_operands(
    file: &TileFile,
    destination: TileId,
    source: TileId,
    controls: TileId,
    control: ShuffleControl,
) -> Result<Operands<'_>, TshufError> {
    let tile = |id: TileId| {
        file.get(id).ok_or(TshufError::NoSuchTile {
            tile: id,
            count: file.len(),
        })
    };
    let (dst, src, ctl) = (tile(destination)?, tile(source)?, tile(controls)?);

    if destination == source {
        return Err(TshufError::DestinationAliasesSource { tile: destination });
    }
    if destination == controls {
        return Err(TshufError::DestinationAliasesControls { tile: destination });
    }

    if !data_type_legal(src.dtype()) {
        return Err(TshufError::SixtyFourBitDataType { dtype: src.dtype() });
    }
    check_segment(control.segment, src.layout())?;

    if dst.dtype() != src.dtype() {
        return Err(TshufError::DataTypeMismatch {
            expected: src.dtype(),
            found: dst.dtype(),
        });
    }
    if dst.layout() != src.layout() {
        return Err(TshufError::LayoutMismatch {
            expected: src.layout(),
            found: dst.layout(),
        });
    }
    if dst.geometry() != src.geometry() {
        return Err(TshufError::GeometryMismatch {
            expected: src.geometry(),
            found: dst.geometry(),
        });
    }

    if ctl.dtype() != TileDataType::U32 {
        return Err(TshufError::ControlsNotU32 { dtype: ctl.dtype() });
    }
    if ctl.layout() != src.layout() {
        return Err(TshufError::ControlsLayoutMismatch {
            expected: src.layout(),
            found: ctl.layout(),
        });
    }
    if ctl.geometry() != src.geometry() {
        return Err(TshufError::ControlsGeometryMismatch {
            expected: src.geometry(),
            found: ctl.geometry(),
        });
    }

    for (role, id, input) in [("source", source, src), ("controls", controls, ctl)] {
        if let Some((row, group)) = input.first_undefined_valid_word() {
            return Err(TshufError::UndefinedInput {
                role,
                tile: id,
                row,
                group,
            });
        }
    }

    Ok(Operands {
        destination: dst,
        source: src,
        controls: ctl,
        control,
    })
}

/// Segment width 32 exists only on CUBE_M32 (seed 004; SPEC-NOTES §3). Written as an exhaustive
/// match so that a new layout or width must decide here.
const fn check_segment(segment: SegmentWidth, layout: Layout) -> Result<(), TshufError> {
    match (segment, layout) {
        (SegmentWidth::W32, Layout::CubeM16) => {
            Err(TshufError::SegmentWidthNeedsCubeM32 { layout })
        }
        (SegmentWidth::W32, Layout::CubeM32)
        | (SegmentWidth::W2 | SegmentWidth::W4 | SegmentWidth::W8 | SegmentWidth::W16, _) => Ok(()),
    }
}

/// The words TSHUF publishes for legal operands, row-major, as long as the destination's data
/// (seed 004 "How it works"; selection rule of SPEC-NOTES §3).
///
/// For each valid row `r` and word group `g`: `lane = r mod cell_rows`; the controls word at
/// `(r, g)` selects a source lane by [`ShuffleControl::source_lane`]; the source row is
/// `r - lane + source_lane`. If that lane is in the segment and the row is below
/// `valid_rows`, the result is the source word at `(source row, g)`; otherwise SELF gives the
/// source word at `(r, g)` (the row's own word) and ZERO gives 0. Words are copied as raw `u32`
/// values, bytes never permuted (seed 004).
///
/// Rows at and past `valid_rows` are destination padding, which seed 004 calls Null; this model
/// writes Null as the word 0.
///
/// Reads only the source and controls tiles: they are the snapshot seed 004 requires ("Source
/// and control snapshots precede destination publication").
pub fn shuffled_words(operands: Operands<'_>) -> Vec<u32> {
    let Operands {
        source,
        controls,
        control,
        ..
    } = operands;
    let cell_rows = source.layout().cell_rows();
    let valid_rows = source.valid_rows();
    let wpr = source.words_per_row();

    let mut out = vec![0; source.data().len()];
    let rows = out
        .chunks_exact_mut(wpr.max(1))
        .zip(source.row_slices().zip(controls.row_slices()))
        .enumerate()
        .take(valid_rows);
    for (row, (out_row, (own_row, control_row))) in rows {
        let lane = row % cell_rows;
        let cell_base = row - lane;
        let words = out_row.iter_mut().zip(own_row.iter().zip(control_row));
        for (group, (out_word, (&own, &control_word))) in words.enumerate() {
            let selected = control
                .source_lane(lane, control_word)
                .and_then(|source_lane| cell_base.checked_add(source_lane))
                .filter(|&source_row| source_row < valid_rows)
                .and_then(|source_row| source.word(source_row, group));
            *out_word = match (selected, control.boundary) {
                (Some(word), _) => word,
                (None, Boundary::Keep) => own,
                (None, Boundary::Zero) => 0,
            };
        }
    }
    out
}

/// Executes TSHUF (seed 004, `InstructionContractExecute_TSHUF`): decodes the control GPR
/// ([`ShuffleControl::from_gpr`]), checks the operands ([`check_operands`]), computes the
/// result from the inputs ([`shuffled_words`]) and only then publishes it into `destination`.
///
/// Any rejection returns its [`TshufError`] with every tile unchanged (seed 004: rejections
/// happen "before effects"). The source and controls tiles are never written ("both inputs
/// persist"); there is no memory effect.
///
/// Seed 004's example: BFLY, segment width 16, per-row operand 1 turns source rows
/// `[1, 2, 3, 4]` into `[2, 1, 4, 3]`.
///
/// ```
/// use isa_ops::pto::{Layout, Tile, TileDataType, TileFile, tshuf};
///
/// let words: Vec<u32> = (1..=16).collect();
/// let mut file = TileFile::new();
/// let dst = file.push(Tile::zeroed(TileDataType::U32, Layout::CubeM16, 16, 16, 1)?);
/// let src = file.push(Tile::new(TileDataType::U32, Layout::CubeM16, 16, 16, 1, words)?);
/// let ctl = file.push(Tile::new(TileDataType::U32, Layout::CubeM16, 16, 16, 1, vec![1; 16])?);
/// // mode 2 BFLY, segment code 3 (width 16), boundary 0 SELF
/// tshuf(&mut file, dst, src, ctl, 0x00_03_02)?;
/// assert_eq!(file.get(dst).map(|t| &t.data()[..4]), Some(&[2, 1, 4, 3][..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tshuf(
    file: &mut TileFile,
    destination: TileId,
    source: TileId,
    controls: TileId,
    control: u64,
) -> Result<(), TshufError> {
    let control = ShuffleControl::from_gpr(control)?;
    let operands = check_operands(file, destination, source, controls, control)?;
    let words = shuffled_words(operands);
    let count = file.len();
    let dst = file.get_mut(destination).ok_or(TshufError::NoSuchTile {
        tile: destination,
        count,
    })?;
    dst.publish(words);
    Ok(())
}
