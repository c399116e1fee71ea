//! TSHUF's whole block against seed 004: the example block
//! `BSTART.SFU TSHUF, U32; B.DATR Layout; B.IOT source, controls, ->destination; B.IOR a0;
//! BSTOP` to words and back, every composition rule, the assembly text, and the block run on
//! the reference model with the seed's BFLY example.
//!
//! The seed's placeholders are instantiated as: Layout `CUBE_M16`, source `t1`, controls `t2`,
//! destination `t0` of 4 KiB, PEMode 1, L set. Expected words are worked out by hand and
//! written as literals; the arithmetic is in the comments.

use isa_core::Problem;
use isa_ops::pto::{
    AsmError, BDimLb0, BDimLb1, BDimLb2, BIot, BlockError, Gpr, Layout, RunError, SyntaxError,
    TSHUF_COMPOSITION, Tile, TileDataType, TileFile, TileId, TileSize, TshufBlock, TshufError,
    WordKind, decode_block, parse_block,
};
use proptest::prelude::*;

const SEED_TEXT: &str =
    "BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP";

// BSTART.SFU TSHUF, U32: 25 << 27 | 3 << 25 | 22 << 20 | 0x19181
//                      = 0xC8000000 | 0x06000000 | 0x01600000 | 0x19181.
const BSTART_U32: u32 = 0xCF61_9181;
// B.DATR CUBE_M16: layout code 31 << 7 = 0xF80 | 0x1023.
const DATR_M16: u32 = 0x0000_1FA3;
// B.IOT t1, t2, pe=1, last, ->t0<4KB>: 2 << 26 | 1 << 20 | 1 << 19 | 6 << 15 | 1 << 9 | 0x4013
//     = 0x08000000 | 0x00100000 | 0x00080000 | 0x00030000 | 0x200 | 0x4013.
const IOT: u32 = 0x081B_4213;
// B.IOR a0: a0 is code 2, RegSrc0 2 << 15 = 0x10000 | 0x13.
const IOR_A0: u32 = 0x0001_0013;
const BSTOP: u32 = 0x0000_0001;

const SEED_WORDS: [u32; 5] = [BSTART_U32, DATR_M16, IOT, IOR_A0, BSTOP];

fn seed_tiles() -> BIot {
    BIot {
        src_tile1: 2,
        src_tile0: 1,
        last: true,
        size: TileSize::K4,
        pe_mode: 1,
        dst_tile: 0,
    }
}

fn seed_block() -> TshufBlock {
    TshufBlock {
        data_type: TileDataType::U32,
        layout: Some(Layout::CubeM16),
        lb0: None,
        lb1: None,
        lb2: None,
        tiles: seed_tiles(),
        control: Gpr::A0,
    }
}

fn parse(text: &str) -> TshufBlock {
    match parse_block(text) {
        Ok(b) => b,
        Err(e) => panic!("`{text}` should parse: {e}"),
    }
}

fn decode_err(words: &[u32]) -> BlockError {
    match decode_block(words) {
        Err(e) => e,
        Ok((b, n)) => panic!("{words:08x?} should be rejected, decoded {n} words as {b:?}"),
    }
}

#[test]
fn the_seed_example_encodes_to_hand_computed_words_and_back() {
    let block = parse(SEED_TEXT);
    assert_eq!(block, seed_block());
    assert_eq!(block.encode(), Ok(SEED_WORDS.to_vec()));
    assert_eq!(decode_block(&SEED_WORDS), Ok((seed_block(), 5)));
    assert_eq!(block.to_string(), SEED_TEXT);
    assert_eq!(
        (block.source(), block.controls(), block.destination()),
        (TileId(1), TileId(2), TileId(0))
    );
}

#[test]
fn b_datr_and_b_dim_are_optional() {
    let bare = TshufBlock {
        layout: None,
        ..seed_block()
    };
    assert_eq!(bare.encode(), Ok(vec![BSTART_U32, IOT, IOR_A0, BSTOP]));
    assert_eq!(
        decode_block(&[BSTART_U32, IOT, IOR_A0, BSTOP]),
        Ok((bare, 4))
    );
    assert_eq!(
        bare.to_string(),
        "BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP"
    );

    // All three loop bounds: LB0 = 16 (16 << 20 | 0x43 = 0x01000043), LB1 = a0 + 0x1ABCD
    // (0xBCD << 20 | 2 << 15 | 0x1A << 7 | 0x1043 = 0xBCD11D43), LB2 = 1 (1 << 20 | 0x2043).
    let dims = TshufBlock {
        lb0: Some(BDimLb0 {
            imm: 16,
            reg: Gpr::Zero,
        }),
        lb1: Some(BDimLb1 {
            imm: 0x1_ABCD,
            reg: Gpr::A0,
        }),
        lb2: Some(BDimLb2 {
            imm: 1,
            reg: Gpr::Zero,
        }),
        ..seed_block()
    };
    let words = [
        BSTART_U32,
        DATR_M16,
        0x0100_0043,
        0xBCD1_1D43,
        0x0010_2043,
        IOT,
        IOR_A0,
        BSTOP,
    ];
    assert_eq!(dims.encode(), Ok(words.to_vec()));
    assert_eq!(decode_block(&words), Ok((dims, 8)));
    assert_eq!(
        dims.to_string(),
        "BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.DIM zero, 16, ->LB0; B.DIM a0, 109517, ->LB1; \
         B.DIM zero, 1, ->LB2; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP"
    );
}

#[test]
fn decoding_stops_at_bstop_and_says_how_many_words_it_took() {
    let mut stream = SEED_WORDS.to_vec();
    stream.extend([BSTART_U32, IOT]);
    assert_eq!(decode_block(&stream), Ok((seed_block(), 5)));
}

#[test]
fn the_composition_table_is_the_seeds() {
    let rows: Vec<(WordKind, bool)> = TSHUF_COMPOSITION
        .iter()
        .map(|s| (s.kind, s.required))
        .collect();
    assert_eq!(
        rows,
        [
            (WordKind::Bstart, true),
            (WordKind::Datr, false),
            (WordKind::DimLb0, false),
            (WordKind::DimLb1, false),
            (WordKind::DimLb2, false),
            (WordKind::Iot, true),
            (WordKind::Ior, true),
            (WordKind::Bstop, true),
        ]
    );
}

#[test]
fn a_missing_b_ior_is_rejected() {
    assert_eq!(
        decode_err(&[BSTART_U32, DATR_M16, IOT, BSTOP]),
        BlockError::Missing {
            index: 3,
            missing: WordKind::Ior,
            found: WordKind::Bstop
        }
    );
    assert_eq!(
        decode_err(&[BSTART_U32, DATR_M16, IOT, BSTOP]).to_string(),
        "word 3: TSHUF's block needs B.IOR here, found BSTOP"
    );
}

#[test]
fn a_second_b_ior_is_rejected() {
    // B.IOR a1: 3 << 15 = 0x18000 | 0x13.
    let e = decode_err(&[BSTART_U32, IOT, IOR_A0, 0x0001_8013, BSTOP]);
    assert_eq!(
        e,
        BlockError::Repeated {
            index: 3,
            word: WordKind::Ior,
            first: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "word 3: a second B.IOR; TSHUF's block has one, at word 2"
    );
}

#[test]
fn b_ior_takes_one_control_register_in_reg_src0() {
    // RegSrc1 = a1: 3 << 20 = 0x300000 on top of B.IOR a0.
    let e = decode_err(&[BSTART_U32, IOT, 0x0031_0013, BSTOP]);
    assert_eq!(
        e,
        BlockError::MustBeZero {
            index: 2,
            word: WordKind::Ior,
            field: "reg_src1",
            value: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "word 2: B.IOR field `reg_src1` is 0x3; TSHUF requires it to be zero"
    );
    // RegSrc2 = a0: 2 << 27 = 0x10000000.
    assert_eq!(
        decode_err(&[BSTART_U32, IOT, 0x1001_0013, BSTOP]),
        BlockError::MustBeZero {
            index: 2,
            word: WordKind::Ior,
            field: "reg_src2",
            value: 2
        }
    );
    // RegDst = a0: 2 << 7 = 0x100.
    assert_eq!(
        decode_err(&[BSTART_U32, IOT, 0x0001_0113, BSTOP]),
        BlockError::MustBeZero {
            index: 2,
            word: WordKind::Ior,
            field: "reg_dst",
            value: 2
        }
    );
    // RegSrc0 zero: no control register at all.
    assert_eq!(
        decode_err(&[BSTART_U32, IOT, 0x0000_0013, BSTOP]),
        BlockError::NoControlRegister { index: 2 }
    );
}

#[test]
fn b_datr_sets_nothing_but_layout() {
    // Sat: 1 << 26 = 0x04000000; DataType FP16: 4 << 20 = 0x400000; DataType none: 31 << 20;
    // CMode 1: 1 << 29; RMode 1: 1 << 15.
    for (word, field, value) in [
        (0x0400_1FA3u32, "sat", 1u64),
        (0x0040_1FA3, "data_type", 4),
        (0x01F0_1FA3, "data_type", 31),
        (0x2000_1FA3, "cmode", 1),
        (0x0000_9FA3, "rmode", 1),
    ] {
        assert_eq!(
            decode_err(&[BSTART_U32, word, IOT, IOR_A0, BSTOP]),
            BlockError::MustBeZero {
                index: 1,
                word: WordKind::Datr,
                field,
                value
            },
            "{word:#010x}"
        );
    }
}

#[test]
fn words_out_of_order_are_rejected() {
    assert_eq!(
        decode_err(&[BSTART_U32, IOT, DATR_M16, IOR_A0, BSTOP]),
        BlockError::OutOfOrder {
            index: 2,
            word: WordKind::Datr,
            after: WordKind::Iot,
            after_index: 1
        }
    );
    // B.IOR before B.IOT: B.IOT is missing where B.IOR stands.
    assert_eq!(
        decode_err(&[BSTART_U32, IOR_A0, IOT, BSTOP]),
        BlockError::Missing {
            index: 1,
            missing: WordKind::Iot,
            found: WordKind::Ior
        }
    );
    // LB1 (0x1043) before LB0 (0x43).
    let e = decode_err(&[BSTART_U32, 0x0000_1043, 0x0000_0043, IOT, IOR_A0, BSTOP]);
    assert_eq!(
        e,
        BlockError::OutOfOrder {
            index: 2,
            word: WordKind::DimLb0,
            after: WordKind::DimLb1,
            after_index: 1
        }
    );
    assert_eq!(
        e.to_string(),
        "word 2: B.DIM LB0 is out of order; it belongs before B.DIM LB1 (word 1)"
    );
}

#[test]
fn a_block_without_bstop_is_rejected() {
    // The next block's BSTART where BSTOP belongs.
    assert_eq!(
        decode_err(&[BSTART_U32, IOT, IOR_A0, BSTART_U32, IOT, IOR_A0, BSTOP]),
        BlockError::Missing {
            index: 3,
            missing: WordKind::Bstop,
            found: WordKind::Bstart
        }
    );
}

#[test]
fn a_truncated_block_is_rejected() {
    assert_eq!(
        decode_err(&[BSTART_U32, DATR_M16, IOT]),
        BlockError::Truncated {
            len: 3,
            missing: WordKind::Ior
        }
    );
    assert_eq!(
        decode_err(&[BSTART_U32, IOT, IOR_A0]),
        BlockError::Truncated {
            len: 3,
            missing: WordKind::Bstop
        }
    );
    assert_eq!(
        decode_err(&[]),
        BlockError::Truncated {
            len: 0,
            missing: WordKind::Bstart
        }
    );
    assert_eq!(
        decode_err(&[BSTART_U32, IOT]).to_string(),
        "the block is truncated after 2 words; it needs B.IOR next"
    );
}

#[test]
fn a_bstart_of_another_operation_is_rejected() {
    // BSTART.TEPL 0, 1, U32: 25 << 27 | 0 << 25 | 1 << 20 | 0x19181 = 0xC8119181.
    let e = decode_err(&[0xC811_9181, IOT, IOR_A0, BSTOP]);
    assert_eq!(
        e,
        BlockError::NotTshuf {
            index: 0,
            mode: 0,
            function: 1,
            selector: 0x001
        }
    );
    assert_eq!(
        e.to_string(),
        "word 0: BSTART.TEPL Mode 0, Function 1 (selector 0x001) is not TSHUF (Mode 3, Function 22, selector 0x076)"
    );
    // Mode 3, Function 30 (TGPR2T's selector 0x07E): 0xC8000000 | 0x06000000 | 30 << 20.
    assert_eq!(
        decode_err(&[0xCFE1_9181, IOT, IOR_A0, BSTOP]),
        BlockError::NotTshuf {
            index: 0,
            mode: 3,
            function: 30,
            selector: 0x07E
        }
    );
}

#[test]
fn other_first_words_and_bad_words_are_rejected_by_index() {
    assert_eq!(
        decode_err(&[IOT, IOR_A0, BSTOP]),
        BlockError::Missing {
            index: 0,
            missing: WordKind::Bstart,
            found: WordKind::Iot
        }
    );
    assert_eq!(
        decode_err(&[BSTART_U32, 0x0000_0000]),
        BlockError::UnknownWord { index: 1, word: 0 }
    );
    // A reserved data type (15 << 27 | 0x07619181) names the word and the field.
    let BlockError::Decode { index, error } = decode_err(&[0x7F61_9181, IOT, IOR_A0, BSTOP]) else {
        panic!("a reserved data type is a decode error")
    };
    assert_eq!(index, 0);
    assert_eq!((error.at.op, error.at.field), ("BSTART.TEPL", "data_type"));
    assert_eq!(
        error.problem,
        Problem::UnknownCode {
            code: 15,
            table: "TileDataType",
            known: &isa_ops::pto::TileDataType::CODES,
        }
    );
}

#[test]
fn encode_refuses_what_decode_would_refuse() {
    let no_control = TshufBlock {
        control: Gpr::Zero,
        ..seed_block()
    };
    assert_eq!(
        no_control.encode(),
        Err(BlockError::NoControlRegister { index: 3 })
    );
    let wide = TshufBlock {
        tiles: BIot {
            src_tile0: 64,
            ..seed_tiles()
        },
        ..seed_block()
    };
    let Err(BlockError::Encode { index, error }) = wide.encode() else {
        panic!("SrcTile0 64 does not fit 6 bits")
    };
    assert_eq!(index, 2);
    assert_eq!((error.at.op, error.at.field), ("B.IOT", "src_tile0"));
}

#[test]
fn canonical_text_round_trips_exactly() {
    for text in [
        SEED_TEXT,
        "BSTART.SFU TSHUF, FP16; B.IOT t5, t6, pe=0, ->t3<128B>; B.IOR s8; BSTOP",
        "BSTART.SFU TSHUF, S8; B.DATR CUBE_M32; B.DIM zero, 32, ->LB1; B.IOT t63, t0, pe=7, last, ->t1<64KB>; B.IOR x3; BSTOP",
    ] {
        assert_eq!(parse(text).to_string(), text);
    }
}

#[test]
fn other_spellings_read_as_the_same_block() {
    let spellings = [
        "BSTART.TEPL TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP",
        "BSTART.TEPL 3, 22, U32\nB.DATR CUBE_M16\nB.IOT t1, t2, pe=0x1, last, ->t0<4KB>\nB.IOR a0, zero, zero\nBSTOP\n",
        "  BSTART.SFU TSHUF, U32 ;B.DATR CUBE_M16;B.IOT t1,t2,pe=1,last,->t0<4KB>;B.IOR a0;BSTOP;",
    ];
    for text in spellings {
        assert_eq!(parse(text), seed_block(), "{text}");
        assert_eq!(parse(text).to_string(), SEED_TEXT);
    }
}

#[test]
fn text_errors_name_the_word() {
    let syntax = |text: &str| match parse_block(text) {
        Err(AsmError::Syntax { index, error }) => (index, error),
        other => panic!("`{text}` should be a syntax error, got {other:?}"),
    };
    assert_eq!(
        syntax("BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, ->t0<4KB>; B.IOR q9; BSTOP"),
        (
            2,
            SyntaxError {
                text: "q9".into(),
                expected: "a register name (zero, sp, a0..)"
            }
        )
    );
    assert_eq!(syntax("BSTART.SFU TSHUF, U31; BSTOP").0, 0);
    assert_eq!(syntax("BSTART.SFU TSHUF, U32; B.DATR ND; BSTOP").0, 1);
    assert_eq!(
        syntax("BSTART.SFU TSHUF, U32; B.IOT t1, t2, ->t0<4KB>; BSTOP").0,
        1
    );
    assert_eq!(syntax("BSTART.SFU TADD, U32; BSTOP").0, 0);
    assert_eq!(
        syntax("BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, ->t0<3KB>; BSTOP").0,
        1
    );
    assert_eq!(syntax("BSTART.SFU TSHUF, U32; NOP; BSTOP").0, 1);

    // Fits the text, not the field: t64 in the 6-bit SrcTile0.
    let Err(AsmError::Encode { index, error }) =
        parse_block("BSTART.SFU TSHUF, U32; B.IOT t64, t2, pe=1, ->t0<4KB>; B.IOR a0; BSTOP")
    else {
        panic!("t64 does not fit")
    };
    assert_eq!((index, error.at.field), (1, "src_tile0"));

    // The composition rules apply to text as to words.
    assert_eq!(
        parse_block(
            "BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, ->t0<4KB>; B.IOR a0; B.IOR a1; BSTOP"
        ),
        Err(AsmError::Block(BlockError::Repeated {
            index: 3,
            word: WordKind::Ior,
            first: 2
        }))
    );
    assert_eq!(
        parse_block(
            "BSTART.SFU TSHUF, U32; B.DATR CUBE_M16, sat; B.IOT t1, t2, pe=1, ->t0<4KB>; B.IOR a0; BSTOP"
        ),
        Err(AsmError::Block(BlockError::MustBeZero {
            index: 1,
            word: WordKind::Datr,
            field: "sat",
            value: 1
        }))
    );
    assert_eq!(
        parse_block("BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, ->t0<4KB>; B.IOR a0, a1; BSTOP"),
        Err(AsmError::Block(BlockError::MustBeZero {
            index: 2,
            word: WordKind::Ior,
            field: "reg_src1",
            value: 3
        }))
    );
    assert_eq!(
        parse_block("BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, ->t0<4KB>"),
        Err(AsmError::Block(BlockError::Truncated {
            len: 2,
            missing: WordKind::Ior
        }))
    );
    assert_eq!(
        parse_block(&format!("{SEED_TEXT}; BSTOP")),
        Err(AsmError::Trailing {
            index: 5,
            text: "BSTOP".into()
        })
    );
}

/// A 16-row CUBE_M16 file: destination t0 (all 0xDEAD), source t1 with rows 1..=16, U32
/// controls t2 with every row operand 1 (seed 004: "per-row operand 1").
fn bfly_file(source_dtype: TileDataType) -> TileFile {
    let tile = |dtype, data| match Tile::new(dtype, Layout::CubeM16, 16, 16, 1, data) {
        Ok(t) => t,
        Err(e) => panic!("test tile: {e}"),
    };
    TileFile::from(vec![
        tile(source_dtype, vec![0xDEAD; 16]),
        tile(source_dtype, (1..=16).collect()),
        tile(TileDataType::U32, vec![1; 16]),
    ])
}

#[test]
fn the_seed_bfly_example_runs_from_decoded_words() {
    // Seed 004: "In BFLY mode with segment width 16 and per-row operand 1, source rows
    // [1, 2, 3, 4] publish [2, 1, 4, 3]". Control GPR (the value of a0): mode 2 BFLY in
    // [7:0], segment code 3 (width 2 << 3 = 16) in [15:8], boundary 0 SELF in [23:16].
    let (block, taken) = match decode_block(&SEED_WORDS) {
        Ok(b) => b,
        Err(e) => panic!("the seed block decodes: {e}"),
    };
    assert_eq!(taken, 5);
    let mut file = bfly_file(TileDataType::U32);
    assert_eq!(block.run(&mut file, 0x00_03_02), Ok(()));
    assert_eq!(
        file.get(TileId(0)).map(Tile::data),
        Some(&[2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15][..])
    );
    // The inputs persist.
    assert_eq!(
        file.get(TileId(1)).map(|t| t.data()[..4].to_vec()),
        Some(vec![1, 2, 3, 4])
    );
}

#[test]
fn a_block_that_disagrees_with_its_tiles_does_not_run() {
    let block = seed_block();
    let untouched = bfly_file(TileDataType::S32);
    let mut file = untouched.clone();
    assert_eq!(
        block.run(&mut file, 0x00_03_02),
        Err(RunError::DataTypeMismatch {
            block: TileDataType::U32,
            tile: TileDataType::S32
        })
    );
    assert_eq!(file, untouched);

    let m32 = TshufBlock {
        layout: Some(Layout::CubeM32),
        ..block
    };
    let mut file = bfly_file(TileDataType::U32);
    assert_eq!(
        m32.run(&mut file, 0x00_03_02),
        Err(RunError::LayoutMismatch {
            block: Layout::CubeM32,
            tile: Layout::CubeM16
        })
    );

    // The model's own checks come through: mode 4 is reserved.
    let before = bfly_file(TileDataType::U32);
    let mut file = before.clone();
    assert_eq!(
        block.run(&mut file, 0x00_03_04),
        Err(RunError::Tshuf(TshufError::ReservedMode { mode: 4 }))
    );
    assert_eq!(file, before);
}

fn gpr() -> impl Strategy<Value = Gpr> {
    (1u8..=23).prop_map(|c| Gpr::from_code(c).unwrap_or(Gpr::A0))
}

fn dim() -> impl Strategy<Value = (u32, Gpr)> {
    (
        0u32..=0x1_FFFF,
        (0u8..=23).prop_map(|c| Gpr::from_code(c).unwrap_or(Gpr::Zero)),
    )
}

prop_compose! {
    fn any_block()(
        dtype in prop::sample::select(TileDataType::ALL.to_vec()),
        layout in prop::option::of(prop::sample::select(Layout::ALL.to_vec())),
        lb0 in prop::option::of(dim()),
        lb1 in prop::option::of(dim()),
        lb2 in prop::option::of(dim()),
        (src0, src1, dst) in (0u8..64, 0u8..64, 0u8..4),
        (last, pe_mode) in (any::<bool>(), 0u8..8),
        size in prop::sample::select(TileSize::ALL.to_vec()),
        control in gpr(),
    ) -> TshufBlock {
        TshufBlock {
            data_type: dtype,
            layout,
            lb0: lb0.map(|(imm, reg)| BDimLb0 { imm, reg }),
            lb1: lb1.map(|(imm, reg)| BDimLb1 { imm, reg }),
            lb2: lb2.map(|(imm, reg)| BDimLb2 { imm, reg }),
            tiles: BIot { src_tile1: src1, src_tile0: src0, last, size, pe_mode, dst_tile: dst },
            control,
        }
    }
}

proptest! {
    /// Every block encodes, decodes back to itself, and prints to text that parses back to it.
    #[test]
    fn blocks_round_trip_through_words_and_text(block in any_block()) {
        let words = block.encode();
        prop_assert!(words.is_ok(), "{:?}", words);
        let words = words.unwrap_or_default();
        prop_assert_eq!(decode_block(&words), Ok((block, words.len())));
        let text = block.to_string();
        prop_assert_eq!(parse_block(&text), Ok(block));
        prop_assert_eq!(parse_block(&text).map(|b| b.to_string()), Ok(text));
    }
}
