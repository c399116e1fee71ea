//! TSHUF's block words against seed 004 and the public spec facts of SPEC-NOTES §3: the
//! `BSTART.TEPL` word of every data type, the mask/match identity of every word type, the
//! `B.DIM` split immediate, the `B.IOT` size codes, the register and layout tables.
//!
//! Every expected word is worked out by hand from the bit positions and written as a literal;
//! the arithmetic is in the comment beside it.

use isa_core::{Bundle, DecodeError, FieldKind, Identity, Placement, Problem};
use isa_ops::pto::{
    BDatr, BDimLb0, BDimLb1, BDimLb2, BIor, BIot, BstartTepl, Bstop, DatrDataType, Gpr, IDENTITIES,
    Layout, TSHUF_FUNCTION, TSHUF_MODE, TSHUF_SELECTOR, TileDataType, TileSize, Word, WordError,
    WordIdentity, WordKind, datr_layout, decode_word, first_overlap, identify, parse_word,
};
use proptest::prelude::*;

/// Decodes a word that must decode.
fn decode(word: u32) -> Word {
    match decode_word(word) {
        Ok(w) => w,
        Err(e) => panic!("{word:#010x} should decode: {e}"),
    }
}

/// Encodes a word that must encode.
fn encode(word: impl Into<Word>) -> u32 {
    match word.into().encode() {
        Ok(w) => w,
        Err(e) => panic!("should encode: {e}"),
    }
}

/// The assembly text of a word.
fn text(word: impl Into<Word>) -> String {
    word.into().to_string()
}

/// The decode error of a word that has an identity but a bad field.
fn field_error(word: u32) -> DecodeError {
    match decode_word(word) {
        Err(WordError::Decode(e)) => e,
        other => panic!("{word:#010x} should fail in a field, got {other:?}"),
    }
}

#[test]
fn the_bstart_constant_is_the_seed_bit_string() {
    // Seed 004: "Constant | 19:0 | 20'b00011001000110000001"; 0001 1001 0001 1000 0001 = 0x19181.
    assert_eq!(0b0001_1001_0001_1000_0001, 0x0001_9181);
    assert_eq!(
        BstartTepl::IDENTITY,
        Identity::MaskMatch {
            mask: 0x000F_FFFF,
            value: 0b0001_1001_0001_1000_0001,
        }
    );
}

/// `BSTART.SFU TSHUF, <type>` for each of the 25 defined codes: `(code << 27) | (3 << 25) |
/// (22 << 20) | 0x19181`. The constant part is `0x06000000 | 0x01600000 | 0x19181 =
/// 0x07619181`, and each code step adds `1 << 27 = 0x08000000`.
#[rustfmt::skip]
const BSTART_WORDS: [(TileDataType, u32); 25] = [
    (TileDataType::Fp64,   0x0761_9181), // code 0
    (TileDataType::Fp32,   0x0F61_9181), // code 1
    (TileDataType::Tf32,   0x1761_9181), // code 2
    (TileDataType::Hf32,   0x1F61_9181), // code 3
    (TileDataType::Fp16,   0x2761_9181), // code 4
    (TileDataType::Bf16,   0x2F61_9181), // code 5
    (TileDataType::HiF8,   0x3761_9181), // code 6
    (TileDataType::E4M3,   0x3F61_9181), // code 7
    (TileDataType::E5M2,   0x4761_9181), // code 8
    (TileDataType::E3M2,   0x4F61_9181), // code 9
    (TileDataType::E2M3,   0x5761_9181), // code 10
    (TileDataType::E2M1X2, 0x5F61_9181), // code 11
    (TileDataType::E1M2X2, 0x6761_9181), // code 12
    (TileDataType::E8M0,   0x6F61_9181), // code 13
    (TileDataType::HiF4X2, 0x7761_9181), // code 14
    (TileDataType::S64,    0x8761_9181), // code 16
    (TileDataType::S32,    0x8F61_9181), // code 17
    (TileDataType::S16,    0x9761_9181), // code 18
    (TileDataType::S8,     0x9F61_9181), // code 19
    (TileDataType::S4X2,   0xA761_9181), // code 20
    (TileDataType::U64,    0xC761_9181), // code 24
    (TileDataType::U32,    0xCF61_9181), // code 25: 0xC8000000 | 0x06000000 | 0x01600000 | 0x19181
    (TileDataType::U16,    0xD761_9181), // code 26
    (TileDataType::U8,     0xDF61_9181), // code 27
    (TileDataType::U4X2,   0xE761_9181), // code 28
];

#[test]
fn the_bstart_word_of_every_data_type() {
    assert_eq!(BSTART_WORDS.len(), TileDataType::ALL.len());
    for (dtype, word) in BSTART_WORDS {
        let header = BstartTepl::tshuf(dtype);
        assert_eq!(encode(header), word, "{dtype}");
        assert_eq!(decode(word), Word::Bstart(header), "{word:#010x}");
        assert_eq!(text(header), format!("BSTART.SFU TSHUF, {dtype}"));
    }
}

#[test]
fn reserved_data_type_codes_are_rejected_naming_the_field() {
    // code << 27 | 0x07619181 for the reserved codes 15, 21, 22, 23, 29, 30, 31.
    for (code, word) in [
        (15, 0x7F61_9181u32),
        (21, 0xAF61_9181),
        (22, 0xB761_9181),
        (23, 0xBF61_9181),
        (29, 0xEF61_9181),
        (30, 0xF761_9181),
        (31, 0xFF61_9181),
    ] {
        let e = field_error(word);
        assert_eq!((e.at.op, e.at.field), ("BSTART.TEPL", "data_type"));
        assert_eq!(
            e.problem,
            Problem::UnknownCode {
                code,
                table: "TileDataType",
                known: &isa_ops::pto::TileDataType::CODES,
            }
        );
    }
    assert_eq!(
        field_error(0x7F61_9181).to_string(),
        "cannot decode BSTART.TEPL: field `data_type` at byte 0x03: code 0xf is not in table `TileDataType`"
    );
}

#[test]
fn the_selector_is_mode_and_function_side_by_side() {
    // Seed 004: mode 3, function 22, selector "0x076": 3 << 5 | 22 = 96 + 22 = 118 = 0x76.
    assert_eq!((TSHUF_MODE, TSHUF_FUNCTION, TSHUF_SELECTOR), (3, 22, 0x076));
    let Word::Bstart(header) = decode(0xCF61_9181) else {
        panic!("0xCF619181 is a BSTART")
    };
    assert_eq!((header.mode, header.function), (3, 22));
    assert_eq!(header.selector(), 0x076);
    assert!(header.is_tshuf());
    // Mode 0, Function 1 (BSTART.TEPL 0, 1, FP16): 4 << 27 | 1 << 20 | 0x19181 = 0x20119181.
    let other = BstartTepl {
        data_type: TileDataType::Fp16,
        mode: 0,
        function: 1,
    };
    assert_eq!(encode(other), 0x2011_9181);
    assert_eq!(text(other), "BSTART.TEPL 0, 1, FP16");
    assert!(!other.is_tshuf());
}

/// One word of each type, and its mask/match from SPEC-NOTES §3.
#[rustfmt::skip]
const SAMPLES: [(WordKind, u32, u32, u32); 8] = [
    (WordKind::Bstart, 0xCF61_9181, 0x000F_FFFF, 0x0001_9181),
    (WordKind::Datr,   0x0000_1FA3, 0x000C_707F, 0x0000_1023),
    (WordKind::DimLb0, 0x0000_0043, 0x0000_707F, 0x0000_0043),
    (WordKind::DimLb1, 0xBCD0_1D43, 0x0000_707F, 0x0000_1043),
    (WordKind::DimLb2, 0x0000_2043, 0x0000_707F, 0x0000_2043),
    (WordKind::Iot,    0x081B_4213, 0x0000_707F, 0x0000_4013),
    (WordKind::Ior,    0x0001_0013, 0x0600_707F, 0x0000_0013),
    (WordKind::Bstop,  0x0000_0001, 0xFFFF_FFFF, 0x0000_0001),
];

#[test]
fn every_word_type_has_the_spec_identity() {
    let table: Vec<(WordKind, u32, u32)> = IDENTITIES
        .iter()
        .map(|id| (id.kind, id.mask, id.value))
        .collect();
    let expected: Vec<(WordKind, u32, u32)> =
        SAMPLES.iter().map(|&(k, _, m, v)| (k, m, v)).collect();
    assert_eq!(table, expected);
    assert_eq!(WordKind::ALL.len(), SAMPLES.len());
    let names: Vec<&str> = WordKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(
        names,
        [
            "BSTART.TEPL",
            "B.DATR",
            "B.DIM LB0",
            "B.DIM LB1",
            "B.DIM LB2",
            "B.IOT",
            "B.IOR",
            "BSTOP"
        ]
    );
}

#[test]
fn a_word_of_each_type_is_that_type_and_no_other() {
    for (kind, word, _, _) in SAMPLES {
        assert_eq!(identify(word), Some(kind), "{word:#010x}");
        let matching: Vec<WordKind> = IDENTITIES
            .iter()
            .filter(|id| id.matches(word))
            .map(|id| id.kind)
            .collect();
        assert_eq!(matching, [kind], "{word:#010x}");
        assert_eq!(decode(word).kind(), kind);
    }
}

#[test]
fn flipping_any_identity_bit_is_rejected() {
    for (kind, word, mask, value) in SAMPLES {
        for bit in (0..32).filter(|b| mask >> b & 1 == 1) {
            let flipped = word ^ (1 << bit);
            assert_ne!(identify(flipped), Some(kind), "{kind}: bit {bit}");
            let e = match kind.decode(flipped) {
                Err(e) => e,
                Ok(w) => panic!("{kind} with bit {bit} flipped decoded as {w:?}"),
            };
            assert_eq!((e.at.op, e.at.field), (kind.name(), "identity"));
            assert_eq!(
                e.problem,
                Problem::IdentityMismatch {
                    word: flipped,
                    mask,
                    expected: value
                }
            );
        }
    }
}

#[test]
fn no_two_identities_can_match_one_word() {
    assert_eq!(first_overlap(IDENTITIES), None);
    // A B.IOR-like identity that ignores bits 14:12 would also match every B.IOT word.
    let loose = WordIdentity {
        kind: WordKind::Ior,
        mask: 0x0000_007F,
        value: 0x0000_0013,
    };
    let iot = WordIdentity {
        kind: WordKind::Iot,
        mask: 0x0000_707F,
        value: 0x0000_4013,
    };
    assert!(loose.overlaps(&iot));
    assert_eq!(first_overlap(&[IDENTITIES[0], loose, iot]), Some((1, 2)));
}

#[test]
fn fields_fill_every_bit_the_mask_leaves() {
    for (kind, _, mask, _) in SAMPLES {
        let mut fields = 0u32;
        for f in kind.fields().iter().filter(|f| f.kind == FieldKind::Value) {
            let Placement::Bits { lo, hi } = f.placement else {
                panic!("{kind}: `{}` is not a bit range", f.name)
            };
            let bits = ((1u64 << (hi - lo + 1)) - 1) << (lo + 8 * f.offset as u32);
            let bits = u32::try_from(bits).unwrap_or(u32::MAX);
            assert_eq!(
                fields & bits,
                0,
                "{kind}: `{}` overlaps another field",
                f.name
            );
            fields |= bits;
        }
        assert_eq!(fields & mask, 0, "{kind}: a field overlaps the identity");
        assert_eq!(fields | mask, 0xFFFF_FFFF, "{kind}: an unclaimed bit");
    }
}

#[test]
fn the_dim_immediate_is_split_low_part_high() {
    // 0x1ABCD: low 12 bits 0xBCD at [31:20] -> 0xBCD00000; high 5 bits 0x1A = 26 at [11:7]
    // -> 26 << 7 = 0xD00; LB1's match 0x1043. Total 0xBCD01D43.
    let dim = BDimLb1 {
        imm: 0x1_ABCD,
        reg: Gpr::Zero,
    };
    assert_eq!(encode(dim), 0xBCD0_1D43);
    assert_eq!(decode(0xBCD0_1D43), Word::DimLb1(dim));
    // With RegSrc a0 (code 2): 2 << 15 = 0x10000 more.
    let with_reg = BDimLb1 {
        imm: 0x1_ABCD,
        reg: Gpr::A0,
    };
    assert_eq!(encode(with_reg), 0xBCD1_1D43);
    assert_eq!(text(with_reg), "B.DIM a0, 109517, ->LB1");
    // The same immediate on LB0 (match 0x43) and LB2 (match 0x2043).
    let lb0 = BDimLb0 {
        imm: 0x1_ABCD,
        reg: Gpr::Zero,
    };
    let lb2 = BDimLb2 {
        imm: 0x1_ABCD,
        reg: Gpr::Zero,
    };
    assert_eq!(encode(lb0), 0xBCD0_0D43);
    assert_eq!(encode(lb2), 0xBCD0_2D43);
    // Largest immediate 0x1FFFF: 0xFFF << 20 | 0x1F << 7 | 0x43 = 0xFFF00FC3.
    let max = BDimLb0 {
        imm: 0x1_FFFF,
        reg: Gpr::Zero,
    };
    assert_eq!(encode(max), 0xFFF0_0FC3);
    let e = match Word::DimLb0(BDimLb0 {
        imm: 0x2_0000,
        reg: Gpr::Zero,
    })
    .encode()
    {
        Err(e) => e,
        Ok(w) => panic!("an 18-bit immediate encoded as {w:#010x}"),
    };
    assert_eq!((e.at.op, e.at.field), ("B.DIM LB0", "imm"));
    assert_eq!(
        e.problem,
        Problem::TooWide {
            value: 0x2_0000,
            bits: 17
        }
    );
}

#[test]
fn size_codes_one_to_ten_are_128_bytes_to_64_kib() {
    // B.IOT with only SizeCode set: code << 15 | 0x4013.
    let iot = |size| BIot {
        src_tile1: 0,
        src_tile0: 0,
        last: false,
        size,
        pe_mode: 0,
        dst_tile: 0,
    };
    assert_eq!(decode(0x0000_C013), Word::Iot(iot(TileSize::B128))); // 1 << 15 = 0x8000
    assert_eq!(decode(0x0005_4013), Word::Iot(iot(TileSize::K64))); // 10 << 15 = 0x50000
    assert_eq!(
        (TileSize::B128.bytes(), TileSize::K64.bytes()),
        (128, 65536)
    );
    let bytes: Vec<usize> = TileSize::ALL.iter().map(|s| s.bytes()).collect();
    assert_eq!(
        bytes,
        [128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]
    );
    // Codes 0, 11 and 15 are rejected: 0x4013, 11 << 15 = 0x58000, 15 << 15 = 0x78000.
    for (code, word) in [(0, 0x0000_4013u32), (11, 0x0005_C013), (15, 0x0007_C013)] {
        let e = field_error(word);
        assert_eq!((e.at.op, e.at.field), ("B.IOT", "size"));
        assert_eq!(
            e.problem,
            Problem::UnknownCode {
                code,
                table: "TileSize",
                known: &isa_ops::pto::TileSize::CODES,
            }
        );
    }
}

#[test]
fn the_iot_fields_sit_where_the_spec_puts_them() {
    // SrcTile1 2 << 26 = 0x08000000, SrcTile0 1 << 20 = 0x00100000, L 1 << 19 = 0x00080000,
    // SizeCode 6 (4 KiB) << 15 = 0x00030000, PEMode 1 << 9 = 0x200, DstTile 0, match 0x4013.
    let iot = BIot {
        src_tile1: 2,
        src_tile0: 1,
        last: true,
        size: TileSize::K4,
        pe_mode: 1,
        dst_tile: 0,
    };
    assert_eq!(encode(iot), 0x081B_4213);
    // The widest codes: SrcTile1 63, SrcTile0 63, PEMode 7, DstTile 3 fill bits 31:20, 11:7.
    let widest = BIot {
        src_tile1: 63,
        src_tile0: 63,
        last: false,
        size: TileSize::B128,
        pe_mode: 7,
        dst_tile: 3,
    };
    assert_eq!(encode(widest), 0xFFF0_CF93);
    let e = match Word::Iot(BIot {
        dst_tile: 4,
        ..widest
    })
    .encode()
    {
        Err(e) => e,
        Ok(w) => panic!("DstTile 4 encoded as {w:#010x}"),
    };
    assert_eq!((e.at.op, e.at.field), ("B.IOT", "dst_tile"));
}

#[test]
fn register_codes_follow_the_gpr_table() {
    assert_eq!(
        (
            Gpr::Zero.code(),
            Gpr::Sp.code(),
            Gpr::A0.code(),
            Gpr::X3.code()
        ),
        (0, 1, 2, 23)
    );
    // B.IOR a0: RegSrc0 2 << 15 = 0x10000 | 0x13.
    assert_eq!(encode(BIor::single(Gpr::A0)), 0x0001_0013);
    // B.IOR a0, a1, a4, ->a2: 2 << 15 | 3 << 20 | 6 << 27 | 4 << 7 | 0x13
    // = 0x10000 | 0x300000 | 0x30000000 | 0x200 | 0x13 = 0x30310213.
    let four = BIor {
        reg_src2: Gpr::A4,
        reg_src1: Gpr::A1,
        reg_src0: Gpr::A0,
        reg_dst: Gpr::A2,
    };
    assert_eq!(encode(four), 0x3031_0213);
    assert_eq!(text(four), "B.IOR a0, a1, a4, ->a2");
    // Code 24 in RegSrc0 (24 << 15 = 0xC0000) is reserved.
    let e = field_error(0x000C_0013);
    assert_eq!((e.at.op, e.at.field), ("B.IOR", "reg_src0"));
    assert_eq!(
        e.problem,
        Problem::UnknownCode {
            code: 24,
            table: "GPR",
            known: &isa_ops::pto::Gpr::CODES,
        }
    );
    // B.IOR's identity covers bits 26:25: a word with bit 25 set is no B.IOR.
    assert_eq!(
        decode_word(0x0201_0013),
        Err(WordError::Unknown { word: 0x0201_0013 })
    );
}

#[test]
fn datr_layout_and_data_type_codes() {
    // Layout code 31 (CUBE_M16) << 7 = 0xF80 | 0x1023 = 0x1FA3; 29 (CUBE_M32) << 7 = 0xE80.
    assert_eq!(encode(BDatr::layout_only(Layout::CubeM16)), 0x0000_1FA3);
    assert_eq!(encode(BDatr::layout_only(Layout::CubeM32)), 0x0000_1EA3);
    assert_eq!(
        decode(0x0000_1EA3),
        Word::Datr(BDatr::layout_only(Layout::CubeM32))
    );
    assert_eq!(datr_layout::value_of(29).map(|l| l.name()), Ok("CUBE_M32"));
    // DataType 31 is "none" in B.DATR: 31 << 20 = 0x01F00000.
    let Word::Datr(none) = decode(0x01F0_1FA3) else {
        panic!("0x01F01FA3 is a B.DATR")
    };
    assert_eq!(none.data_type, DatrDataType::None);
    assert_eq!(text(none), "B.DATR CUBE_M16, dtype=DTYPE_NONE");
    // Every other field set: CMode 5 << 29, Pad 2 << 27, Sat, Canonicalize, FP16 4 << 20,
    // RMode 3 << 15: 0xA0000000 | 0x10000000 | 0x04000000 | 0x02000000 | 0x00400000 |
    // 0x00018000 | 0x1FA3 = 0xB6419FA3.
    let full = BDatr {
        cmode: 5,
        pad_value_or_byte_id: 2,
        sat: true,
        canonicalize: true,
        data_type: DatrDataType::Type(TileDataType::Fp16),
        rmode: 3,
        layout: Layout::CubeM16,
    };
    assert_eq!(encode(full), 0xB641_9FA3);
    assert_eq!(
        text(full),
        "B.DATR CUBE_M16, dtype=FP16, cmode=5, pad=2, sat, canonicalize, rmode=3"
    );
    // Layout code 0 is not in the table; DataType 15 is reserved.
    let e = field_error(0x0000_1023);
    assert_eq!(
        (e.at.field, e.problem),
        (
            "layout",
            Problem::UnknownCode {
                code: 0,
                table: "datr_layout",
                known: &<isa_ops::pto::datr_layout as isa_core::Lut>::CODES,
            }
        )
    );
    let e = field_error(0x00F0_1FA3);
    assert_eq!(
        (e.at.field, e.problem),
        (
            "data_type",
            Problem::UnknownCode {
                code: 15,
                table: "TileDataType",
                known: &isa_ops::pto::TileDataType::CODES,
            }
        )
    );
}

#[test]
fn bstop_is_exactly_one_word() {
    assert_eq!(encode(Bstop {}), 0x0000_0001);
    assert_eq!(decode(0x0000_0001), Word::Bstop(Bstop {}));
    assert_eq!(
        Bstop::IDENTITY,
        Identity::MaskMatch {
            mask: 0xFFFF_FFFF,
            value: 1
        }
    );
    for word in [0x0000_0000u32, 0x0000_0003, 0x8000_0001] {
        assert_eq!(decode_word(word), Err(WordError::Unknown { word }));
    }
}

#[test]
fn the_field_tables_mark_the_inferred_tables() {
    let inferred: Vec<(&str, &str)> = WordKind::ALL
        .iter()
        .flat_map(|k| k.fields().iter().map(move |f| (k.name(), f)))
        // The identity rows' tags are pinned by `each_word_identity_carries_the_tag_seed_004_supports`.
        .filter(|(_, f)| !matches!(f.kind, FieldKind::Identity { .. }))
        .filter(|(_, f)| f.confidence == isa_core::Confidence::Inferred)
        .map(|(k, f)| (k, f.name))
        .collect();
    assert_eq!(
        inferred,
        [
            ("B.DATR", "layout"),
            ("B.DIM LB0", "reg"),
            ("B.DIM LB1", "reg"),
            ("B.DIM LB2", "reg"),
            ("B.IOT", "dst_tile"),
            ("B.IOT", "src_tile0"),
            ("B.IOT", "src_tile1"),
            ("B.IOR", "reg_dst"),
            ("B.IOR", "reg_src0"),
            ("B.IOR", "reg_src1"),
            ("B.IOR", "reg_src2"),
        ]
    );
}

#[test]
fn words_serialize_with_their_type() {
    let json = serde_json::to_string(&Word::Ior(BIor::single(Gpr::A0))).unwrap_or_default();
    assert_eq!(
        json,
        r#"{"word":"Ior","reg_src2":"zero","reg_src1":"zero","reg_src0":"a0","reg_dst":"zero"}"#
    );
    let back: Word = serde_json::from_str(&json).unwrap_or(Word::Bstop(Bstop {}));
    assert_eq!(back, Word::Ior(BIor::single(Gpr::A0)));
    let bstart = r#"{"word":"Bstart","data_type":"U32","mode":3,"function":22}"#;
    assert_eq!(
        serde_json::from_str::<Word>(bstart).ok(),
        Some(Word::Bstart(BstartTepl::tshuf(TileDataType::U32)))
    );
}

proptest! {
    /// Any word that decodes encodes back to itself, and its text reads back as the same word.
    #[test]
    fn decoded_words_round_trip(word in any::<u32>(), kind in 0usize..8) {
        // Force the identity of one type half of the time, so that every type is exercised.
        let id = IDENTITIES[kind];
        let word = if word & 1 == 0 { (word & !id.mask) | id.value } else { word };
        if let Ok(decoded) = decode_word(word) {
            prop_assert_eq!(decoded.encode(), Ok(word));
            let text = decoded.to_string();
            prop_assert_eq!(parse_word(&text), Ok(decoded), "{}", text);
        }
    }
}

/// The identity row of a word's field table: `(mask, match, confidence)`.
fn identity_row(fields: &[isa_core::FieldInfo]) -> (u32, u32, isa_core::Confidence) {
    let row = fields
        .iter()
        .find(|f| matches!(f.kind, FieldKind::Identity { .. }))
        .expect("a word has an identity row");
    match row.kind {
        FieldKind::Identity { mask, value } => (mask, value, row.confidence),
        _ => unreachable!("found by its kind"),
    }
}

// Seed 004 writes BSTART.TEPL's constant `[19:0] = 20'b00011001000110000001` (0x19181) bit for
// bit: its identity is CONFIRMED. It names B.DATR, B.DIM, B.IOT, B.IOR and BSTOP in TSHUF's
// block without their bits, which come from the public spec (SPEC-NOTES §3): INFERRED.
#[test]
fn each_word_identity_carries_the_tag_seed_004_supports() {
    use isa_core::Confidence::{Confirmed, Inferred};
    assert_eq!(
        identity_row(BstartTepl::FIELDS),
        (0x000F_FFFF, 0x0001_9181, Confirmed)
    );
    assert_eq!(
        identity_row(BDatr::FIELDS),
        (0x000C_707F, 0x0000_1023, Inferred)
    );
    assert_eq!(identity_row(BDimLb0::FIELDS), (0x0000_707F, 0x43, Inferred));
    assert_eq!(
        identity_row(BDimLb1::FIELDS),
        (0x0000_707F, 0x1043, Inferred)
    );
    assert_eq!(
        identity_row(BDimLb2::FIELDS),
        (0x0000_707F, 0x2043, Inferred)
    );
    assert_eq!(identity_row(BIot::FIELDS), (0x0000_707F, 0x4013, Inferred));
    assert_eq!(identity_row(BIor::FIELDS), (0x0600_707F, 0x13, Inferred));
    assert_eq!(identity_row(Bstop::FIELDS), (0xFFFF_FFFF, 1, Inferred));
}
