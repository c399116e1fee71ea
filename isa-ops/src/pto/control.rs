//! The TSHUF scalar shuffle control: the 64-bit GPR named by `B.IOR` (seed 004's `Scalar0`,
//! role "shuffle-control").
//!
//! Seed 004 says only that the scalar "selects UP, DOWN, BFLY, or IDX" and that "segment and
//! boundary fields are checked before execution". The layout is from the public PTO spec
//! (SPEC-NOTES §3):
//!
//! | bits  | field        | values                                   |
//! |-------|--------------|------------------------------------------|
//! | 7:0   | mode         | 0 UP, 1 DOWN, 2 BFLY, 3 IDX              |
//! | 15:8  | segment_code | 0..=4, segment width `2 << code`         |
//! | 23:16 | boundary     | 0 SELF, 1 ZERO                           |
//! | 31:24 | —            | not checked, ignored                     |
//! | 63:32 | —            | must be zero                             |

use core::fmt;

use super::error::TshufError;

/// Bits `[4:0]` of a controls-tile word: the per-row operand `b` (seed 004: "each U32 control Tile
/// word supplies its row operand in bits `[4:0]`, while bits `[31:5]` are accepted and ignored").
pub const OPERAND_MASK: u32 = 0x1F;

const MODE_SHIFT: u32 = 0;
const SEGMENT_SHIFT: u32 = 8;
const BOUNDARY_SHIFT: u32 = 16;
const HIGH_HALF: u64 = 0xFFFF_FFFF_0000_0000;

isa_core::enumeration! {
    /// The shuffle mode, control bits `[7:0]` (seed 004: "selects UP, DOWN, BFLY, or IDX"; codes
    /// from the public PTO spec, SPEC-NOTES §3). Codes above 3 are rejected
    /// ([`TshufError::ReservedMode`]); the names are seed 004's assembly names.
    pub enum ShuffleMode: "ShuffleMode" {
        /// Take the word `b` lanes below, inside the segment.
        Up = 0 => "UP",
        /// Take the word `b` lanes above, inside the segment.
        Down = 1 => "DOWN",
        /// Take the word of lane `local xor b` of the segment (butterfly).
        Bfly = 2 => "BFLY",
        /// Take the word of lane `b mod width` of the segment (indexed).
        Idx = 3 => "IDX",
    }
}

/// The segment width, control bits `[15:8]` (seed 004: "independent power-of-two CUBE
/// segments"; public PTO spec, SPEC-NOTES §3: width = `2 << segment_code`, codes 0..=4).
///
/// The variants are the only legal codes, so a [`ShuffleControl`] cannot hold a reserved one.
/// Width 32 ([`SegmentWidth::W32`], code 4) is legal only on `CUBE_M32` tiles; TSHUF checks that
/// against the tiles, since the control word alone does not know the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum SegmentWidth {
    /// Code 0: segments of 2 rows.
    W2 = 0,
    /// Code 1: segments of 4 rows.
    W4 = 1,
    /// Code 2: segments of 8 rows.
    W8 = 2,
    /// Code 3: segments of 16 rows.
    W16 = 3,
    /// Code 4: segments of 32 rows; `CUBE_M32` only.
    W32 = 4,
}

impl SegmentWidth {
    /// Every segment width, in code order.
    pub const ALL: [SegmentWidth; 5] = [
        SegmentWidth::W2,
        SegmentWidth::W4,
        SegmentWidth::W8,
        SegmentWidth::W16,
        SegmentWidth::W32,
    ];

    /// The `segment_code` of control bits `[15:8]` (SPEC-NOTES §3).
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The segment of code `code`; codes above 4 are
    /// [`TshufError::ReservedSegmentCode`] (SPEC-NOTES §3: "segment_code > 4" rejects).
    pub const fn from_code(code: u8) -> Result<Self, TshufError> {
        match code {
            0 => Ok(SegmentWidth::W2),
            1 => Ok(SegmentWidth::W4),
            2 => Ok(SegmentWidth::W8),
            3 => Ok(SegmentWidth::W16),
            4 => Ok(SegmentWidth::W32),
            code => Err(TshufError::ReservedSegmentCode { code }),
        }
    }

    /// Rows per segment: `2 << code`, so 2, 4, 8, 16 or 32 (SPEC-NOTES §3).
    pub const fn width(self) -> usize {
        2 << self.code()
    }
}

isa_core::enumeration! {
    /// What a row gets when its selected source row is unavailable, control bits `[23:16]`
    /// (seed 004: "the boundary choice keeps the current word (SELF) or writes zero (ZERO) when
    /// the selected row is unavailable"; codes from the public PTO spec, SPEC-NOTES §3). Codes
    /// above 1 are rejected ([`TshufError::ReservedBoundary`]).
    pub enum Boundary: "Boundary" {
        /// The row keeps its own word, i.e. the source tile's word at the same row and word
        /// group (the destination is fresh, so the only "current word" a row has is its own
        /// source word; SPEC-NOTES §3: "SELF keeps the row's own word").
        Keep = 0 => "SELF",
        /// The row gets the word 0.
        Zero = 1 => "ZERO",
    }
}

/// The decoded TSHUF shuffle control GPR (seed 004's `Scalar0`, role "shuffle-control"; layout
/// from the public PTO spec, SPEC-NOTES §3, tabled in the [module docs](self)).
///
/// Every field is an enumeration of the legal codes only, so a value of this type is always a
/// legal control word apart from the layout-dependent rule on [`SegmentWidth::W32`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShuffleControl {
    /// Bits `[7:0]`: UP, DOWN, BFLY or IDX.
    pub mode: ShuffleMode,
    /// Bits `[15:8]`: the segment width.
    pub segment: SegmentWidth,
    /// Bits `[23:16]`: SELF or ZERO for unavailable rows.
    pub boundary: Boundary,
}

impl ShuffleControl {
    /// A control from its three fields.
    pub const fn new(mode: ShuffleMode, segment: SegmentWidth, boundary: Boundary) -> Self {
        Self {
            mode,
            segment,
            boundary,
        }
    }

    /// Decodes the 64-bit GPR (SPEC-NOTES §3). Checked in this order, each rejection with its
    /// own error carrying the bad value: bits `[63:32]` must be zero
    /// ([`TshufError::HighBitsSet`]), mode ≤ 3 ([`TshufError::ReservedMode`]),
    /// segment_code ≤ 4 ([`TshufError::ReservedSegmentCode`]), boundary ≤ 1
    /// ([`TshufError::ReservedBoundary`]). Bits `[31:24]` are not checked (SPEC-NOTES §3).
    pub const fn from_gpr(gpr: u64) -> Result<Self, TshufError> {
        if gpr & HIGH_HALF != 0 {
            return Err(TshufError::HighBitsSet { control: gpr });
        }
        let mode = match ShuffleMode::from_code(byte(gpr, MODE_SHIFT)) {
            Some(mode) => mode,
            None => {
                return Err(TshufError::ReservedMode {
                    mode: byte(gpr, MODE_SHIFT),
                });
            }
        };
        let segment = match SegmentWidth::from_code(byte(gpr, SEGMENT_SHIFT)) {
            Ok(segment) => segment,
            Err(e) => return Err(e),
        };
        let boundary = match Boundary::from_code(byte(gpr, BOUNDARY_SHIFT)) {
            Some(boundary) => boundary,
            None => {
                return Err(TshufError::ReservedBoundary {
                    boundary: byte(gpr, BOUNDARY_SHIFT),
                });
            }
        };
        Ok(Self::new(mode, segment, boundary))
    }

    /// Encodes the 64-bit GPR (SPEC-NOTES §3): mode in `[7:0]`, segment_code in `[15:8]`, boundary
    /// in `[23:16]`, every other bit zero. `from_gpr(c.to_gpr()) == Ok(c)` for every control.
    pub const fn to_gpr(self) -> u64 {
        ((self.mode.code() as u64) << MODE_SHIFT)
            | ((self.segment.code() as u64) << SEGMENT_SHIFT)
            | ((self.boundary.code() as u64) << BOUNDARY_SHIFT)
    }

    /// The `segment_code` of bits `[15:8]`, 0..=4 (SPEC-NOTES §3).
    pub const fn segment_code(self) -> u8 {
        self.segment.code()
    }

    /// Rows per segment, `2 << segment_code` (SPEC-NOTES §3).
    pub const fn segment_width(self) -> usize {
        self.segment.width()
    }

    /// The selection rule of the public PTO spec (SPEC-NOTES §3): the lane (row inside its CUBE
    /// cell) whose word lane `lane` takes, given that row's controls-tile word, or `None` when
    /// the selected lane falls outside the segment.
    ///
    /// With `w` the segment width, `segment_base = (lane / w) * w`,
    /// `local = lane - segment_base` and `b = control_word & 0x1F` (bits `[31:5]` ignored, seed
    /// 004):
    /// - UP: `lane - b`, unavailable if `b > local`;
    /// - DOWN: `lane + b`, unavailable if `local + b >= w`;
    /// - BFLY: `segment_base + (local ^ b)`, unavailable if that is `>= segment_base + w`;
    /// - IDX: `segment_base + (b mod w)`, always available.
    ///
    /// Whether the source row is also below the tile's valid rows is the caller's check
    /// ([`tshuf`](super::tshuf) makes it).
    pub const fn source_lane(self, lane: usize, control_word: u32) -> Option<usize> {
        let w = self.segment_width();
        let segment_base = lane / w * w;
        let local = lane - segment_base;
        let b = (control_word & OPERAND_MASK) as usize;
        let selected_local = match self.mode {
            ShuffleMode::Up => local.checked_sub(b),
            ShuffleMode::Down => {
                if local + b < w {
                    Some(local + b)
                } else {
                    None
                }
            }
            ShuffleMode::Bfly => {
                if local ^ b < w {
                    Some(local ^ b)
                } else {
                    None
                }
            }
            ShuffleMode::Idx => Some(b % w),
        };
        match selected_local {
            Some(l) => segment_base.checked_add(l),
            None => None,
        }
    }
}

impl fmt::Display for ShuffleControl {
    /// Writes `MODE/width/BOUNDARY`, e.g. `BFLY/16/SELF`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}/{}",
            self.mode,
            self.segment_width(),
            self.boundary
        )
    }
}

impl TryFrom<u64> for ShuffleControl {
    type Error = TshufError;

    /// Same as [`ShuffleControl::from_gpr`].
    fn try_from(gpr: u64) -> Result<Self, Self::Error> {
        Self::from_gpr(gpr)
    }
}

impl From<ShuffleControl> for u64 {
    /// Same as [`ShuffleControl::to_gpr`].
    fn from(control: ShuffleControl) -> Self {
        control.to_gpr()
    }
}

/// The byte of `gpr` starting at bit `shift`.
const fn byte(gpr: u64, shift: u32) -> u8 {
    ((gpr >> shift) & 0xFF) as u8
}
