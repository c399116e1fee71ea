//! TSHUF reference model (seed 004; public PTO spec facts in SPEC-NOTES §3).
//!
//! Every expected row list below is worked out by hand from the selection rule and written
//! literally; control GPRs are written as hex literals `0x<boundary><segment_code><mode>`, one
//! byte each.

use isa_core::{BitValue, Problem};
use isa_ops::pto::{
    Boundary, DataTypeError, Geometry, Layout, SegmentWidth, ShuffleControl, ShuffleMode, Tile,
    TileDataType, TileError, TileFile, TileId, TshufError, UnknownAssemblyName, tshuf,
};

const M16: Layout = Layout::CubeM16;
const M32: Layout = Layout::CubeM32;
const U32: TileDataType = TileDataType::U32;
/// What the destination holds before a TSHUF, so that "unchanged" and "overwritten" differ.
const SENTINEL: u32 = 0x5EED_5EED;

/// A tile file with a destination (full of [`SENTINEL`]), a source and a U32 controls tile, all
/// of the same layout and geometry.
struct Setup {
    file: TileFile,
    dst: TileId,
    src: TileId,
    ctl: TileId,
}

fn tile(
    dtype: TileDataType,
    layout: Layout,
    rows: usize,
    valid: usize,
    wpr: usize,
    data: Vec<u32>,
) -> Tile {
    match Tile::new(dtype, layout, rows, valid, wpr, data) {
        Ok(t) => t,
        Err(e) => panic!("test tile is malformed: {e}"),
    }
}

fn setup(
    dtype: TileDataType,
    layout: Layout,
    (rows, valid, wpr): (usize, usize, usize),
    src: Vec<u32>,
    ctl: Vec<u32>,
) -> Setup {
    let mut file = TileFile::new();
    let dst = file.push(tile(
        dtype,
        layout,
        rows,
        valid,
        wpr,
        vec![SENTINEL; rows * wpr],
    ));
    let src = file.push(tile(dtype, layout, rows, valid, wpr, src));
    let ctl = file.push(tile(U32, layout, rows, valid, wpr, ctl));
    Setup {
        file,
        dst,
        src,
        ctl,
    }
}

impl Setup {
    /// Runs TSHUF and returns the destination's words; the inputs must persist unchanged.
    fn run(mut self, control: u64) -> Vec<u32> {
        let before = self.file.clone();
        let result = tshuf(&mut self.file, self.dst, self.src, self.ctl, control);
        assert_eq!(result, Ok(()), "control {control:#x}");
        assert_eq!(
            self.file.get(self.src),
            before.get(self.src),
            "source persists"
        );
        assert_eq!(
            self.file.get(self.ctl),
            before.get(self.ctl),
            "controls persist"
        );
        self.file
            .get(self.dst)
            .map(|t| t.data().to_vec())
            .unwrap_or_default()
    }

    /// Runs TSHUF, expects `expected`, and checks that no tile changed.
    fn rejects(mut self, control: u64, expected: TshufError) {
        let before = self.file.clone();
        let result = tshuf(&mut self.file, self.dst, self.src, self.ctl, control);
        assert_eq!(result, Err(expected));
        assert_eq!(self.file, before, "a rejection leaves every tile unchanged");
        let fresh = self.dst != self.src && self.dst != self.ctl;
        if let Some(dst) = self.file.get(self.dst).filter(|_| fresh) {
            assert!(dst.data().iter().all(|&w| w == SENTINEL));
        }
    }
}

/// 16 CUBE_M16 rows, one word group; source row r holds 100 + r.
fn m16_rows(ctl: Vec<u32>) -> Setup {
    setup(U32, M16, (16, 16, 1), (100..116).collect(), ctl)
}

// ---------------------------------------------------------------------------------------------
// Seed 004's worked example
// ---------------------------------------------------------------------------------------------

/// Seed 004: "In BFLY mode with segment width 16 and per-row operand 1, source rows
/// [1, 2, 3, 4] publish [2, 1, 4, 3] for the corresponding word group."
#[test]
fn seed_004_bfly_width_16_operand_1() {
    // mode 2 BFLY, segment code 3 (width 16), boundary 0 SELF
    let out = setup(U32, M16, (16, 16, 1), (1..=16).collect(), vec![1; 16]).run(0x00_03_02);
    assert_eq!(&out[..4], &[2, 1, 4, 3]);
    assert_eq!(out, [2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15]);
}

#[test]
fn seed_004_example_is_the_same_with_zero_boundary() {
    // every lane xor 1 stays inside a 16-row segment, so ZERO never applies
    let out = setup(U32, M16, (16, 16, 1), (1..=16).collect(), vec![1; 16]).run(0x01_03_02);
    assert_eq!(out, [2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15]);
}

// ---------------------------------------------------------------------------------------------
// Each mode and boundary on CUBE_M16
// ---------------------------------------------------------------------------------------------

#[test]
fn up_width_4_operand_1_self_keeps_lane_0() {
    // lane 0 of each 4-row segment has b > local: it keeps its own word
    let out = m16_rows(vec![1; 16]).run(0x00_01_00);
    assert_eq!(
        out,
        [
            100, 100, 101, 102, 104, 104, 105, 106, 108, 108, 109, 110, 112, 112, 113, 114
        ]
    );
}

#[test]
fn up_width_4_operand_1_zero_clears_lane_0() {
    let out = m16_rows(vec![1; 16]).run(0x01_01_00);
    assert_eq!(
        out,
        [
            0, 100, 101, 102, 0, 104, 105, 106, 0, 108, 109, 110, 0, 112, 113, 114
        ]
    );
}

#[test]
fn down_width_8_operand_3_zero() {
    // local + 3 < 8 for local 0..=4: take row + 3; locals 5, 6, 7 write 0
    let out = m16_rows(vec![3; 16]).run(0x01_02_01);
    assert_eq!(
        out,
        [
            103, 104, 105, 106, 107, 0, 0, 0, 111, 112, 113, 114, 115, 0, 0, 0
        ]
    );
}

#[test]
fn down_width_8_operand_3_self() {
    let out = m16_rows(vec![3; 16]).run(0x00_02_01);
    assert_eq!(
        out,
        [
            103, 104, 105, 106, 107, 105, 106, 107, 111, 112, 113, 114, 115, 113, 114, 115
        ]
    );
}

#[test]
fn bfly_width_4_operand_2_swaps_pairs_of_pairs() {
    // local 0 <-> 2, 1 <-> 3
    let out = m16_rows(vec![2; 16]).run(0x00_01_02);
    assert_eq!(
        out,
        [
            102, 103, 100, 101, 106, 107, 104, 105, 110, 111, 108, 109, 114, 115, 112, 113
        ]
    );
}

#[test]
fn bfly_leaving_the_segment_is_unavailable() {
    // width 8: rows 0..=7 use b = 4 (local ^ 4 < 8, valid); rows 8..=15 use b = 8
    // (local ^ 8 >= 8, outside the segment)
    let ctl = vec![4, 4, 4, 4, 4, 4, 4, 4, 8, 8, 8, 8, 8, 8, 8, 8];
    let zero = m16_rows(ctl.clone()).run(0x01_02_02);
    assert_eq!(
        zero,
        [
            104, 105, 106, 107, 100, 101, 102, 103, 0, 0, 0, 0, 0, 0, 0, 0
        ]
    );
    let keep = m16_rows(ctl).run(0x00_02_02);
    assert_eq!(
        keep,
        [
            104, 105, 106, 107, 100, 101, 102, 103, 108, 109, 110, 111, 112, 113, 114, 115
        ]
    );
}

#[test]
fn idx_width_4_per_row_operands() {
    // segment bases 0, 4, 8, 12; source lane = base + (b mod 4)
    let ctl = vec![3, 2, 1, 0, 0, 0, 0, 0, 5, 6, 7, 4, 1, 1, 1, 1];
    let expected = [
        103, 102, 101, 100, 104, 104, 104, 104, 109, 110, 111, 108, 113, 113, 113, 113,
    ];
    assert_eq!(m16_rows(ctl.clone()).run(0x00_01_03), expected);
    // IDX is always available, so ZERO gives the same words
    assert_eq!(m16_rows(ctl).run(0x01_01_03), expected);
}

#[test]
fn idx_operand_is_taken_mod_the_width() {
    // width 2, b = 31: 31 mod 2 = 1, every row takes the odd row of its pair
    let out = m16_rows(vec![31; 16]).run(0x01_00_03);
    assert_eq!(
        out,
        [
            101, 101, 103, 103, 105, 105, 107, 107, 109, 109, 111, 111, 113, 113, 115, 115
        ]
    );
}

#[test]
fn operand_zero_is_the_identity_for_up_down_and_bfly() {
    let identity: Vec<u32> = (100..116).collect();
    for gpr in [0x01_01_00, 0x01_02_01, 0x01_03_02] {
        assert_eq!(m16_rows(vec![0; 16]).run(gpr), identity, "control {gpr:#x}");
    }
}

#[test]
fn each_word_group_has_its_own_operand() {
    // UP, width 4, SELF; group 0 uses b = 1, group 1 uses b = 2; source row r = [100 + r, 200 + r]
    let src = vec![
        100, 200, 101, 201, 102, 202, 103, 203, 104, 204, 105, 205, 106, 206, 107, 207, //
        108, 208, 109, 209, 110, 210, 111, 211, 112, 212, 113, 213, 114, 214, 115, 215,
    ];
    let ctl = [1, 2].repeat(16);
    let out = setup(U32, M16, (16, 16, 2), src, ctl).run(0x00_01_00);
    #[rustfmt::skip]
    let expected = [
        100, 200, // row 0: both lane 0 -> own
        100, 201, // row 1: g0 from row 0; g1 local 1 < 2 -> own
        101, 200, // row 2: g0 from row 1; g1 from row 0
        102, 201, // row 3
        104, 204, // row 4
        104, 205, // row 5
        105, 204, // row 6
        106, 205, // row 7
        108, 208, // row 8
        108, 209, // row 9
        109, 208, // row 10
        110, 209, // row 11
        112, 212, // row 12
        112, 213, // row 13
        113, 212, // row 14
        114, 213, // row 15
    ];
    assert_eq!(out, expected);
}

#[test]
fn source_may_also_be_the_controls_tile() {
    // seed 004 rejects only destination aliasing. IDX width 4, words [1, 2, 3, 0] repeated:
    // row 0 takes word 1 (= 2), row 1 word 2 (= 3), row 2 word 3 (= 0), row 3 word 0 (= 1)
    let words = [1, 2, 3, 0].repeat(4);
    let mut file = TileFile::new();
    let dst = file.push(tile(U32, M16, 16, 16, 1, vec![SENTINEL; 16]));
    let both = file.push(tile(U32, M16, 16, 16, 1, words));
    assert_eq!(tshuf(&mut file, dst, both, both, 0x00_01_03), Ok(()));
    assert_eq!(
        file.get(dst).map(Tile::data),
        Some(&[2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1][..])
    );
}

// ---------------------------------------------------------------------------------------------
// CUBE_M32 and segment width 32
// ---------------------------------------------------------------------------------------------

fn m32_rows(rows: usize, ctl: u32) -> Setup {
    let src = (100..).take(rows).collect();
    setup(U32, M32, (rows, rows, 1), src, vec![ctl; rows])
}

#[test]
fn m32_width_32_down_20_zero() {
    // local + 20 < 32 for local 0..=11
    let out = m32_rows(32, 20).run(0x01_04_01);
    #[rustfmt::skip]
    let expected = [
        120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    assert_eq!(out, expected);
}

#[test]
fn m32_width_32_bfly_16_swaps_halves_of_the_cell() {
    let out = m32_rows(32, 16).run(0x00_04_02);
    #[rustfmt::skip]
    let expected = [
        116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131,
        100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115,
    ];
    assert_eq!(out, expected);
}

#[test]
fn m32_segments_stay_inside_their_cell() {
    // 64 rows = two cells; IDX width 32, b = 31: each cell takes its own last row
    let out = m32_rows(64, 31).run(0x00_04_03);
    let mut expected = vec![131; 32];
    expected.extend([163; 32]);
    assert_eq!(out, expected);
}

#[test]
fn m32_up_at_a_cell_boundary_is_unavailable() {
    // 64 rows, UP width 32, b = 1: rows 0 and 32 are lane 0 and get 0
    let out = m32_rows(64, 1).run(0x01_04_00);
    assert_eq!(out.first(), Some(&0));
    assert_eq!(out.get(1), Some(&100));
    assert_eq!(out.get(31), Some(&130));
    assert_eq!(out.get(32), Some(&0));
    assert_eq!(out.get(33), Some(&132));
    assert_eq!(out.get(63), Some(&162));
}

// ---------------------------------------------------------------------------------------------
// Valid rows, ignored control bits, raw words
// ---------------------------------------------------------------------------------------------

/// 16 rows, 10 valid; rows 10..=15 of the source hold junk that must never be read.
fn partial(ctl_word: u32) -> Setup {
    let src = vec![
        100, 101, 102, 103, 104, 105, 106, 107, 108, 109, //
        0xBAD0, 0xBAD1, 0xBAD2, 0xBAD3, 0xBAD4, 0xBAD5,
    ];
    setup(U32, M16, (16, 10, 1), src, vec![ctl_word; 16])
}

#[test]
fn rows_past_valid_rows_are_unavailable_zero() {
    // DOWN width 8, b = 3: rows 8 and 9 would read rows 11 and 12, which are not valid;
    // rows 10..=15 are padding (Null, written as 0)
    let out = partial(3).run(0x01_02_01);
    assert_eq!(
        out,
        [103, 104, 105, 106, 107, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
}

#[test]
fn rows_past_valid_rows_are_unavailable_self() {
    let out = partial(3).run(0x00_02_01);
    assert_eq!(
        out,
        [
            103, 104, 105, 106, 107, 105, 106, 107, 108, 109, 0, 0, 0, 0, 0, 0
        ]
    );
}

#[test]
fn the_first_row_past_valid_rows_is_unavailable() {
    // DOWN width 8, b = 2: row 8 would read row 10 = valid_rows, row 9 would read row 11
    let out = partial(2).run(0x01_02_01);
    assert_eq!(
        out,
        [102, 103, 104, 105, 106, 107, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    // IDX width 16: b = 9 reads the last valid row, b = 10 the first row past it
    let last = partial(9).run(0x01_03_03);
    assert_eq!(
        last,
        [
            109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 0, 0, 0, 0, 0, 0
        ]
    );
    let past = partial(10).run(0x00_03_03);
    assert_eq!(
        past,
        [
            100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 0, 0, 0, 0, 0, 0
        ]
    );
}

#[test]
fn control_tile_bits_31_to_5_are_ignored() {
    // every word has bits [4:0] = 1; the seed's example result follows
    let ctl = [0xFFFF_FFE1, 0x0000_0021, 0x8000_0001, 0x1234_5661].repeat(4);
    let out = setup(U32, M16, (16, 16, 1), (1..=16).collect(), ctl).run(0x00_03_02);
    assert_eq!(out, [2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15]);
}

#[test]
fn control_gpr_bits_31_to_24_are_not_checked() {
    let out = setup(U32, M16, (16, 16, 1), (1..=16).collect(), vec![1; 16]).run(0xFF_00_03_02);
    assert_eq!(out, [2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15]);
}

#[test]
fn raw_words_move_unchanged() {
    // BFLY width 2, b = 1 swaps adjacent rows; NaN payloads, -0.0 and packed FP16 pairs are
    // copied bit for bit, halves never swapped
    let src = vec![
        0xDEAD_BEEF,
        0x7FC0_0001,
        0x8000_0000,
        0xFFFF_FFFF,
        0x0000_0001,
        0x3F80_0000,
        0x7F80_0000,
        0xFF80_0000,
        0x3C00_BC00,
        0x0123_4567,
        0x89AB_CDEF,
        0x0000_0000,
        0xCAFE_F00D,
        0x7FFF_FFFF,
        0x8000_0001,
        0xA5A5_5A5A,
    ];
    let expected = [
        0x7FC0_0001,
        0xDEAD_BEEF,
        0xFFFF_FFFF,
        0x8000_0000,
        0x3F80_0000,
        0x0000_0001,
        0xFF80_0000,
        0x7F80_0000,
        0x0123_4567,
        0x3C00_BC00,
        0x0000_0000,
        0x89AB_CDEF,
        0x7FFF_FFFF,
        0xCAFE_F00D,
        0xA5A5_5A5A,
        0x8000_0001,
    ];
    let ctl = vec![1; 16];
    for dtype in [
        TileDataType::Fp32,
        TileDataType::Fp16,
        TileDataType::E2M1X2,
        U32,
    ] {
        let out = setup(dtype, M16, (16, 16, 1), src.clone(), ctl.clone()).run(0x00_00_02);
        assert_eq!(out, expected, "{dtype}");
    }
}

// ---------------------------------------------------------------------------------------------
// Rejections: each its own error, every tile unchanged
// ---------------------------------------------------------------------------------------------

fn plain() -> Setup {
    m16_rows(vec![1; 16])
}

#[test]
fn rejects_mode_above_3() {
    plain().rejects(0x00_00_04, TshufError::ReservedMode { mode: 4 });
    plain().rejects(0x00_00_FF, TshufError::ReservedMode { mode: 255 });
}

#[test]
fn rejects_segment_code_above_4() {
    plain().rejects(0x00_05_00, TshufError::ReservedSegmentCode { code: 5 });
    plain().rejects(0x00_FF_00, TshufError::ReservedSegmentCode { code: 255 });
}

#[test]
fn rejects_boundary_above_1() {
    plain().rejects(0x02_00_00, TshufError::ReservedBoundary { boundary: 2 });
}

#[test]
fn rejects_any_bit_of_63_to_32() {
    plain().rejects(
        0x1_0000_0000,
        TshufError::HighBitsSet {
            control: 0x1_0000_0000,
        },
    );
    plain().rejects(
        0x8000_0000_0000_0302,
        TshufError::HighBitsSet {
            control: 0x8000_0000_0000_0302,
        },
    );
}

#[test]
fn control_checks_run_high_bits_mode_segment_boundary() {
    plain().rejects(
        0x1_0002_0504,
        TshufError::HighBitsSet {
            control: 0x1_0002_0504,
        },
    );
    plain().rejects(0x02_05_04, TshufError::ReservedMode { mode: 4 });
    plain().rejects(0x02_05_03, TshufError::ReservedSegmentCode { code: 5 });
}

#[test]
fn rejects_width_32_on_cube_m16() {
    plain().rejects(
        0x00_04_00,
        TshufError::SegmentWidthNeedsCubeM32 { layout: M16 },
    );
    // 32 rows of CUBE_M16 are still 16-row cells
    setup(U32, M16, (32, 32, 1), (0..32).collect(), vec![0; 32]).rejects(
        0x00_04_03,
        TshufError::SegmentWidthNeedsCubeM32 { layout: M16 },
    );
}

#[test]
fn rejects_64_bit_data_types() {
    for dtype in [TileDataType::Fp64, TileDataType::S64, TileDataType::U64] {
        setup(dtype, M16, (16, 16, 2), vec![7; 32], vec![1; 32])
            .rejects(0x00_03_02, TshufError::SixtyFourBitDataType { dtype });
    }
}

/// A file whose destination differs from the source; the source and controls agree.
fn with_destination(dst: Tile) -> Setup {
    let mut file = TileFile::new();
    let dst = file.push(dst);
    let src = file.push(tile(U32, M16, 32, 32, 1, (0..32).collect()));
    let ctl = file.push(tile(U32, M16, 32, 32, 1, vec![1; 32]));
    Setup {
        file,
        dst,
        src,
        ctl,
    }
}

/// A tile of geometry `g` with every word `word`.
fn filled(dtype: TileDataType, layout: Layout, g: Geometry, word: u32) -> Tile {
    let len = g.rows * g.words_per_row;
    tile(
        dtype,
        layout,
        g.rows,
        g.valid_rows,
        g.words_per_row,
        vec![word; len],
    )
}

fn sentinel(dtype: TileDataType, layout: Layout, rows: usize, valid: usize, wpr: usize) -> Tile {
    tile(dtype, layout, rows, valid, wpr, vec![SENTINEL; rows * wpr])
}

#[test]
fn rejects_destination_with_other_geometry() {
    let source = Geometry::new(32, 32, 1);
    for found in [
        Geometry::new(32, 31, 1),
        Geometry::new(32, 32, 2),
        Geometry::new(16, 16, 1),
    ] {
        let dst = filled(U32, M16, found, SENTINEL);
        with_destination(dst).rejects(
            0x00_03_02,
            TshufError::GeometryMismatch {
                expected: source,
                found,
            },
        );
    }
}

#[test]
fn rejects_destination_with_other_data_type() {
    with_destination(sentinel(TileDataType::Fp32, M16, 32, 32, 1)).rejects(
        0x00_03_02,
        TshufError::DataTypeMismatch {
            expected: U32,
            found: TileDataType::Fp32,
        },
    );
}

#[test]
fn rejects_destination_with_other_layout() {
    with_destination(sentinel(U32, M32, 32, 32, 1)).rejects(
        0x00_03_02,
        TshufError::LayoutMismatch {
            expected: M16,
            found: M32,
        },
    );
}

/// A file whose controls tile is `ctl`; destination and source are 32 CUBE_M16 rows.
fn with_controls(ctl: Tile) -> Setup {
    let mut file = TileFile::new();
    let dst = file.push(sentinel(U32, M16, 32, 32, 1));
    let src = file.push(tile(U32, M16, 32, 32, 1, (0..32).collect()));
    let ctl = file.push(ctl);
    Setup {
        file,
        dst,
        src,
        ctl,
    }
}

#[test]
fn rejects_controls_that_are_not_u32() {
    for dtype in [TileDataType::S32, TileDataType::Fp32, TileDataType::U16] {
        with_controls(tile(dtype, M16, 32, 32, 1, vec![1; 32]))
            .rejects(0x00_03_02, TshufError::ControlsNotU32 { dtype });
    }
}

#[test]
fn rejects_controls_with_other_layout() {
    with_controls(tile(U32, M32, 32, 32, 1, vec![1; 32])).rejects(
        0x00_03_02,
        TshufError::ControlsLayoutMismatch {
            expected: M16,
            found: M32,
        },
    );
}

#[test]
fn rejects_controls_with_other_geometry() {
    let source = Geometry::new(32, 32, 1);
    for found in [
        Geometry::new(32, 32, 2),
        Geometry::new(32, 16, 1),
        Geometry::new(16, 16, 1),
    ] {
        let ctl = filled(U32, M16, found, 1);
        with_controls(ctl).rejects(
            0x00_03_02,
            TshufError::ControlsGeometryMismatch {
                expected: source,
                found,
            },
        );
    }
}

#[test]
fn rejects_destination_aliasing_source() {
    let mut s = plain();
    s.dst = s.src;
    let tile = s.src;
    s.rejects(0x00_03_02, TshufError::DestinationAliasesSource { tile });
}

#[test]
fn rejects_destination_aliasing_controls() {
    let mut s = plain();
    s.dst = s.ctl;
    let tile = s.ctl;
    s.rejects(0x00_03_02, TshufError::DestinationAliasesControls { tile });
}

#[test]
fn rejects_an_operand_outside_the_tile_file() {
    let mut s = plain();
    s.src = TileId(7);
    s.rejects(
        0x00_03_02,
        TshufError::NoSuchTile {
            tile: TileId(7),
            count: 3,
        },
    );
}

#[test]
fn errors_name_the_bad_value() {
    let text = |e: TshufError| e.to_string();
    assert!(text(TshufError::ReservedMode { mode: 4 }).contains("mode 4"));
    assert!(text(TshufError::ReservedSegmentCode { code: 5 }).contains("segment code 5"));
    assert!(text(TshufError::ReservedBoundary { boundary: 2 }).contains("boundary 2"));
    assert!(text(TshufError::HighBitsSet { control: 1 << 32 }).contains("0x0000000100000000"));
    assert!(
        text(TshufError::SixtyFourBitDataType {
            dtype: TileDataType::S64
        })
        .contains("S64")
    );
    assert!(
        text(TshufError::ControlsNotU32 {
            dtype: TileDataType::S32
        })
        .contains("S32")
    );
}

// ---------------------------------------------------------------------------------------------
// The control GPR
// ---------------------------------------------------------------------------------------------

#[test]
fn gpr_fields_sit_in_bytes_0_1_2() {
    let c = ShuffleControl::new(ShuffleMode::Bfly, SegmentWidth::W16, Boundary::Keep);
    assert_eq!(c.to_gpr(), 0x00_03_02);
    let c = ShuffleControl::new(ShuffleMode::Idx, SegmentWidth::W32, Boundary::Zero);
    assert_eq!(c.to_gpr(), 0x01_04_03);
    assert_eq!(
        ShuffleControl::from_gpr(0xAB_01_02_01),
        Ok(ShuffleControl::new(
            ShuffleMode::Down,
            SegmentWidth::W8,
            Boundary::Zero
        ))
    );
}

#[test]
fn gpr_round_trip_for_every_legal_control() {
    let mut count = 0;
    for &mode in ShuffleMode::ALL {
        for segment in SegmentWidth::ALL {
            for &boundary in Boundary::ALL {
                let c = ShuffleControl::new(mode, segment, boundary);
                assert_eq!(ShuffleControl::from_gpr(c.to_gpr()), Ok(c));
                // bits 31:24 are ignored on the way in and zero on the way out
                let noisy = c.to_gpr() | 0xFF00_0000;
                assert_eq!(
                    ShuffleControl::from_gpr(noisy).map(ShuffleControl::to_gpr),
                    Ok(c.to_gpr())
                );
                count += 1;
            }
        }
    }
    assert_eq!(count, 40);
}

#[test]
fn segment_codes_and_widths() {
    let table: Vec<(u8, usize)> = SegmentWidth::ALL
        .iter()
        .map(|s| (s.code(), s.width()))
        .collect();
    assert_eq!(table, [(0, 2), (1, 4), (2, 8), (3, 16), (4, 32)]);
    let c = ShuffleControl::new(ShuffleMode::Up, SegmentWidth::W8, Boundary::Keep);
    assert_eq!((c.segment_code(), c.segment_width()), (2, 8));
}

#[test]
fn mode_and_boundary_codes_and_names() {
    let modes: Vec<(u8, String)> = ShuffleMode::ALL
        .iter()
        .map(|m| (m.code(), m.to_string()))
        .collect();
    assert_eq!(
        modes,
        [
            (0, "UP".into()),
            (1, "DOWN".into()),
            (2, "BFLY".into()),
            (3, "IDX".into())
        ]
    );
    assert_eq!("BFLY".parse(), Ok(ShuffleMode::Bfly));
    let e = "bfly".parse::<ShuffleMode>().unwrap_err();
    assert_eq!((e.enumeration, e.name.as_str()), ("ShuffleMode", "bfly"));
    assert_eq!(
        (Boundary::Keep.code(), Boundary::Keep.to_string()),
        (0, "SELF".into())
    );
    assert_eq!(
        (Boundary::Zero.code(), Boundary::Zero.to_string()),
        (1, "ZERO".into())
    );
    assert_eq!("SELF".parse(), Ok(Boundary::Keep));
    assert_eq!("ZERO".parse(), Ok(Boundary::Zero));
    assert_eq!("CUBE_M32".parse(), Ok(M32));
    assert_eq!(M16.to_string(), "CUBE_M16");
    assert_eq!((M16.cell_rows(), M32.cell_rows()), (16, 32));
}

#[test]
fn source_lane_follows_the_selection_rule() {
    let lane = |mode, segment, lane, word| {
        ShuffleControl::new(mode, segment, Boundary::Keep).source_lane(lane, word)
    };
    // UP, width 8: lane 10 is local 2 of segment 8..=15
    assert_eq!(lane(ShuffleMode::Up, SegmentWidth::W8, 10, 2), Some(8));
    assert_eq!(lane(ShuffleMode::Up, SegmentWidth::W8, 10, 3), None);
    // DOWN, width 8: local 2 + 5 = 7 < 8, local 2 + 6 = 8 is out
    assert_eq!(lane(ShuffleMode::Down, SegmentWidth::W8, 10, 5), Some(15));
    assert_eq!(lane(ShuffleMode::Down, SegmentWidth::W8, 10, 6), None);
    // BFLY, width 8: local 2 ^ 5 = 7; local 2 ^ 9 = 11 >= 8
    assert_eq!(lane(ShuffleMode::Bfly, SegmentWidth::W8, 10, 5), Some(15));
    assert_eq!(lane(ShuffleMode::Bfly, SegmentWidth::W8, 10, 9), None);
    // IDX, width 8: 13 mod 8 = 5
    assert_eq!(lane(ShuffleMode::Idx, SegmentWidth::W8, 10, 13), Some(13));
    // bits [31:5] of the controls word are ignored: 0xFFFF_FFE5 is b = 5
    assert_eq!(
        lane(ShuffleMode::Idx, SegmentWidth::W8, 10, 0xFFFF_FFE5),
        Some(13)
    );
}

// ---------------------------------------------------------------------------------------------
// TileDataType
// ---------------------------------------------------------------------------------------------

#[test]
fn every_tile_data_type_code() {
    use TileDataType as T;
    let table: [(u8, T, &str, u32); 25] = [
        (0, T::Fp64, "FP64", 64),
        (1, T::Fp32, "FP32", 32),
        (2, T::Tf32, "TF32", 32),
        (3, T::Hf32, "HF32", 32),
        (4, T::Fp16, "FP16", 16),
        (5, T::Bf16, "BF16", 16),
        (6, T::HiF8, "HiF8", 8),
        (7, T::E4M3, "E4M3", 8),
        (8, T::E5M2, "E5M2", 8),
        (9, T::E3M2, "E3M2", 8),
        (10, T::E2M3, "E2M3", 8),
        (11, T::E2M1X2, "E2M1X2", 8),
        (12, T::E1M2X2, "E1M2X2", 8),
        (13, T::E8M0, "E8M0", 8),
        (14, T::HiF4X2, "HiF4X2", 8),
        (16, T::S64, "S64", 64),
        (17, T::S32, "S32", 32),
        (18, T::S16, "S16", 16),
        (19, T::S8, "S8", 8),
        (20, T::S4X2, "S4X2", 8),
        (24, T::U64, "U64", 64),
        (25, T::U32, "U32", 32),
        (26, T::U16, "U16", 16),
        (27, T::U8, "U8", 8),
        (28, T::U4X2, "U4X2", 8),
    ];
    for (code, dtype, name, bits) in table {
        assert_eq!(dtype.code(), code, "{name}");
        assert_eq!(T::from_code(code), Ok(dtype), "{name}");
        assert_eq!(dtype.to_string(), name);
        assert_eq!(name.parse(), Ok(dtype));
        assert_eq!(dtype.element_bits(), bits, "{name}");
        assert_eq!(dtype.to_bits(5), Ok(u64::from(code)), "{name}");
        assert_eq!(T::from_bits(u64::from(code), 5), Ok(dtype), "{name}");
    }
    let all: Vec<T> = table.iter().map(|row| row.1).collect();
    assert_eq!(all, T::ALL);
}

#[test]
fn reserved_tile_data_type_codes_are_rejected() {
    for code in [15, 21, 22, 23, 29, 30, 31] {
        assert_eq!(
            TileDataType::from_code(code),
            Err(DataTypeError::Reserved { code })
        );
        assert_eq!(
            TileDataType::from_bits(u64::from(code), 5),
            Err(Problem::UnknownCode {
                code: u64::from(code),
                table: "TileDataType",
                known: &isa_ops::pto::TileDataType::CODES,
            })
        );
    }
    assert_eq!(
        TileDataType::from_code(32),
        Err(DataTypeError::TooWide { code: 32 })
    );
    assert_eq!(
        TileDataType::from_code(255),
        Err(DataTypeError::TooWide { code: 255 })
    );
}

#[test]
fn tile_data_type_bit_value_width_checks() {
    assert_eq!(TileDataType::BITS, 5);
    assert_eq!(
        TileDataType::from_bits(32, 5),
        Err(Problem::TooWide { value: 32, bits: 5 })
    );
    // U32 is code 25 = 0b11001: it does not fit a 4-bit range
    assert_eq!(
        TileDataType::U32.to_bits(4),
        Err(Problem::TooWide { value: 25, bits: 4 })
    );
    // a wider range still holds only the defined codes
    assert_eq!(
        TileDataType::from_bits(40, 8),
        Err(Problem::UnknownCode {
            code: 40,
            table: "TileDataType",
            known: &isa_ops::pto::TileDataType::CODES,
        })
    );
    assert_eq!(TileDataType::from_bits(25, 8), Ok(TileDataType::U32));
}

#[test]
fn tile_data_type_names_are_exact() {
    assert_eq!(
        "u32".parse::<TileDataType>(),
        Err(UnknownAssemblyName {
            table: "TileDataType",
            name: "u32".into()
        })
    );
    assert_eq!(
        "HIF8".parse::<TileDataType>(),
        Err(UnknownAssemblyName {
            table: "TileDataType",
            name: "HIF8".into()
        })
    );
}

// ---------------------------------------------------------------------------------------------
// Tile geometry
// ---------------------------------------------------------------------------------------------

#[test]
fn tile_geometry_is_checked() {
    let new =
        |layout, rows, valid, wpr, len| Tile::new(U32, layout, rows, valid, wpr, vec![0; len]);
    assert_eq!(
        new(M16, 20, 20, 1, 20),
        Err(TileError::RowsNotWholeCells {
            rows: 20,
            layout: M16
        })
    );
    assert_eq!(
        new(M32, 16, 16, 1, 16),
        Err(TileError::RowsNotWholeCells {
            rows: 16,
            layout: M32
        })
    );
    assert_eq!(
        new(M16, 0, 0, 1, 0),
        Err(TileError::RowsNotWholeCells {
            rows: 0,
            layout: M16
        })
    );
    assert_eq!(
        new(M16, 16, 17, 1, 16),
        Err(TileError::ValidRowsExceedRows {
            valid_rows: 17,
            rows: 16
        })
    );
    assert_eq!(new(M16, 16, 16, 0, 0), Err(TileError::NoWordGroups));
    assert_eq!(
        new(M16, 16, 16, 2, 31),
        Err(TileError::DataLength {
            expected: 32,
            found: 31
        })
    );
    assert_eq!(
        Tile::zeroed(U32, M16, 16, 16, usize::MAX),
        Err(TileError::SizeOverflow {
            rows: 16,
            words_per_row: usize::MAX
        })
    );
    assert!(new(M32, 64, 0, 3, 192).is_ok());
}

#[test]
fn tile_words_are_row_major() {
    let mut t = tile(U32, M16, 16, 16, 2, (0..32).collect());
    assert_eq!(t.word(3, 1), Some(7));
    assert_eq!(t.row(15), Some(&[30, 31][..]));
    assert_eq!(t.word(16, 0), None);
    assert_eq!(t.word(0, 2), None);
    assert_eq!(t.set_word(2, 0, 0xDEAD_BEEF), Ok(()));
    assert_eq!(t.word(2, 0), Some(0xDEAD_BEEF));
    assert_eq!(
        t.set_word(0, 2, 1),
        Err(TileError::OutOfBounds { row: 0, group: 2 })
    );
    assert_eq!(
        t.set_word(usize::MAX, 0, 1),
        Err(TileError::OutOfBounds {
            row: usize::MAX,
            group: 0
        })
    );
}

// Seed 004, "What is rejected": "… as do unsupported dtype or layout, undefined input data,
// mismatched geometry, and destination aliasing", and "Reserved control encodings reject with
// Fault_TileLegality before effects". A source or controls tile that was never written is
// undefined input: rejected, the destination untouched.
#[test]
fn a_never_written_source_or_controls_tile_is_undefined_input_and_nothing_is_published() {
    let bfly16 = 0x00_03_02;
    for role in ["source", "controls"] {
        let mut file = TileFile::new();
        let dst = file.push(tile(U32, M16, 16, 16, 1, vec![SENTINEL; 16]));
        let defined = tile(U32, M16, 16, 16, 1, (1..=16).collect());
        let unwritten = Tile::unwritten(U32, M16, 16, 16, 1).unwrap();
        let (src, ctl) = if role == "source" {
            (
                file.push(unwritten),
                file.push(tile(U32, M16, 16, 16, 1, vec![1; 16])),
            )
        } else {
            (file.push(defined), file.push(unwritten))
        };
        let tile_id = if role == "source" { src } else { ctl };
        assert_eq!(
            tshuf(&mut file, dst, src, ctl, bfly16),
            Err(TshufError::UndefinedInput {
                role,
                tile: tile_id,
                row: 0,
                group: 0,
            })
        );
        assert_eq!(file.get(dst).unwrap().data(), &[SENTINEL; 16][..], "{role}");
    }
}

// Seed 004: "destination padding is Null" — the rows past valid_rows of a TSHUF result are not
// defined data. TSHUF reads only valid rows (SPEC-NOTES §3), so a tile with undefined padding is
// a legal input; but the same storage described with more valid rows reads its Null padding as
// data: "undefined input data", rejected before any effect.
#[test]
fn rows_past_valid_rows_are_undefined_and_rejected_once_read_as_valid() {
    let bfly16 = 0x00_03_02;
    let mut file = TileFile::new();
    let first = file.push(tile(U32, M16, 16, 8, 1, vec![SENTINEL; 16]));
    let src = file.push(tile(U32, M16, 16, 8, 1, (1..=16).collect()));
    let ctl = file.push(tile(U32, M16, 16, 8, 1, vec![1; 16]));
    tshuf(&mut file, first, src, ctl, bfly16).unwrap();
    let result = file.get(first).unwrap().clone();
    assert!(result.is_defined(7, 0));
    assert!(!result.is_defined(8, 0), "padding is Null, not data");
    assert_eq!(result.first_undefined_valid_word(), None);

    // The result, padding undefined, is a legal source: only its 8 valid rows are read.
    let dst = file.push(tile(U32, M16, 16, 8, 1, vec![SENTINEL; 16]));
    let again = file.push(result.clone());
    assert_eq!(tshuf(&mut file, dst, again, ctl, bfly16), Ok(()));

    // Read as 16 valid rows, rows 8.. are undefined: rejected, nothing published.
    let wide = result.with_valid_rows(16).unwrap();
    let mut file = TileFile::new();
    let dst = file.push(tile(U32, M16, 16, 16, 1, vec![SENTINEL; 16]));
    let src = file.push(wide);
    let ctl = file.push(tile(U32, M16, 16, 16, 1, vec![1; 16]));
    assert_eq!(
        tshuf(&mut file, dst, src, ctl, bfly16),
        Err(TshufError::UndefinedInput {
            role: "source",
            tile: src,
            row: 8,
            group: 0,
        })
    );
    assert_eq!(file.get(dst).unwrap().data(), &[SENTINEL; 16][..]);

    // Writing the missing rows defines them.
    let mut filled = file.get(src).unwrap().clone();
    for row in 8..16 {
        filled.set_word(row, 0, row as u32).unwrap();
    }
    assert_eq!(filled.first_undefined_valid_word(), None);
}
