//! The lookup tables against the bytes the seeds dumped (seed 000 `byte_1DF5760`, seed 001
//! `byte_1DFBAD0`, `sub_12039C0` / `sub_142E030`, `sub_12038D0`) and SPEC-NOTES §1. Every
//! expected value is typed from the seed text, never computed.

use isa_core::{
    AccumulateCmd, AluOp, Dtype, Lut, MemsetMode, Problem, accumulate, alu_v2, alu_v4, dtype_v2,
    dtype_v4, memset_opcode,
};

/// Seed 000: `byte_1DF5760` = 03 02 05 0d 0e 0e 03 0f 0e 0f 05 04 06 07 09 08 0a 0b 01 0c.
const DTYPE_V2: [u8; 20] = [
    0x03, 0x02, 0x05, 0x0d, 0x0e, 0x0e, 0x03, 0x0f, 0x0e, 0x0f, 0x05, 0x04, 0x06, 0x07, 0x09, 0x08,
    0x0a, 0x0b, 0x01, 0x0c,
];

/// Seed 001: `byte_1DFBAD0` = 03 02 10 0d 0e 0e 03 0f 0e 0f 05 04 06 07 09 08 0a 0b 01 0c.
const DTYPE_V4: [u8; 20] = [
    0x03, 0x02, 0x10, 0x0d, 0x0e, 0x0e, 0x03, 0x0f, 0x0e, 0x0f, 0x05, 0x04, 0x06, 0x07, 0x09, 0x08,
    0x0a, 0x0b, 0x01, 0x0c,
];

/// Seed 001 `sub_12039C0`, by AluOpType ordinal 0..=32: identity for 0..18, 19→0x18, 20→0x13,
/// 21→0x14, 22→0x16, 23→0x15, 24/25 error, 26→0x1A, 27→0x1B, 28→0x1D, 29→0x19, 30..32 past the
/// 30-case table.
const ALU_V2: [Option<u8>; 33] = [
    Some(0x00),
    Some(0x01),
    Some(0x02),
    Some(0x03),
    Some(0x04),
    Some(0x05),
    Some(0x06),
    Some(0x07),
    Some(0x08),
    Some(0x09),
    Some(0x0A),
    Some(0x0B),
    Some(0x0C),
    Some(0x0D),
    Some(0x0E),
    Some(0x0F),
    Some(0x10),
    Some(0x11),
    Some(0x12),
    Some(0x18),
    Some(0x13),
    Some(0x14),
    Some(0x16),
    Some(0x15),
    None,
    None,
    Some(0x1A),
    Some(0x1B),
    Some(0x1D),
    Some(0x19),
    None,
    None,
    None,
];

/// Seed 001 `sub_142E030`: the CoreV2 band plus 30→0x20, 31→0x21, 32→0xC8.
const ALU_V4: [Option<u8>; 33] = [
    Some(0x00),
    Some(0x01),
    Some(0x02),
    Some(0x03),
    Some(0x04),
    Some(0x05),
    Some(0x06),
    Some(0x07),
    Some(0x08),
    Some(0x09),
    Some(0x0A),
    Some(0x0B),
    Some(0x0C),
    Some(0x0D),
    Some(0x0E),
    Some(0x0F),
    Some(0x10),
    Some(0x11),
    Some(0x12),
    Some(0x18),
    Some(0x13),
    Some(0x14),
    Some(0x16),
    Some(0x15),
    None,
    None,
    Some(0x1A),
    Some(0x1B),
    Some(0x1D),
    Some(0x19),
    Some(0x20),
    Some(0x21),
    Some(0xC8),
];

/// Seed 001 `sub_12038D0`: 0→0, 1→1, 2 error, 3→3, 4→2, 5→4.
const ACCUMULATE: [Option<u8>; 6] = [Some(0), Some(1), None, Some(3), Some(2), Some(4)];

fn dtype(ordinal: u8) -> Dtype {
    Dtype::from_code(ordinal).expect("a bir::Dtype ordinal")
}

fn alu(ordinal: u8) -> AluOp {
    AluOp::from_code(ordinal).expect("an AluOpType ordinal")
}

fn preimages<L: Lut>(code: u64) -> Vec<L::Value> {
    L::preimages(code).collect()
}

#[test]
fn dtype_v2_is_byte_1df5760() {
    for (ordinal, byte) in (0u8..).zip(DTYPE_V2) {
        assert_eq!(
            dtype_v2::encode(&dtype(ordinal)),
            Some(byte),
            "ordinal {ordinal}"
        );
    }
    assert_eq!(dtype_v2::ENTRIES.len(), 20);
}

#[test]
fn dtype_v4_is_byte_1dfbad0() {
    for (ordinal, byte) in (0u8..).zip(DTYPE_V4) {
        assert_eq!(
            dtype_v4::encode(&dtype(ordinal)),
            Some(byte),
            "ordinal {ordinal}"
        );
    }
    assert_eq!(dtype_v4::ENTRIES.len(), 20);
}

#[test]
fn the_dtype_tables_differ_only_at_float4() {
    let differ: Vec<u8> = (0u8..20)
        .filter(|&o| dtype_v2::encode(&dtype(o)) != dtype_v4::encode(&dtype(o)))
        .collect();
    assert_eq!(differ, [2]);
    assert_eq!(dtype_v2::encode(&Dtype::Float4E2m1fnX4), Some(0x05));
    assert_eq!(dtype_v4::encode(&Dtype::Float4E2m1fnX4), Some(0x10));
}

#[test]
fn shared_dtype_tags_decode_to_the_wire_side_name() {
    // UINT8 3, UINT16 5, FP8_EXP4 0xE, FP8_EXP5 0xF (SPEC-NOTES §1).
    assert_eq!(dtype_v2::decode(0x03), Some(Dtype::Uint8));
    assert_eq!(dtype_v2::decode(0x05), Some(Dtype::Uint16));
    assert_eq!(dtype_v2::decode(0x0E), Some(Dtype::Float8e4));
    assert_eq!(dtype_v2::decode(0x0F), Some(Dtype::Float8e5));
    assert_eq!(dtype_v4::decode(0x03), Some(Dtype::Uint8));
    assert_eq!(dtype_v4::decode(0x05), Some(Dtype::Uint16));
    assert_eq!(dtype_v4::decode(0x0E), Some(Dtype::Float8e4));
    assert_eq!(dtype_v4::decode(0x0F), Some(Dtype::Float8e5));
    assert_eq!(dtype_v4::decode(0x10), Some(Dtype::Float4E2m1fnX4));
}

#[test]
fn every_preimage_of_a_shared_dtype_tag_is_listed_canonical_first() {
    use Dtype::*;
    assert_eq!(preimages::<dtype_v2>(0x03), [Uint8, Float8E8m0fnu]);
    assert_eq!(preimages::<dtype_v2>(0x05), [Uint16, Float4E2m1fnX4]);
    assert_eq!(
        preimages::<dtype_v2>(0x0E),
        [Float8e4, Float8E4m3fn, Float8E4m3fnX4]
    );
    assert_eq!(preimages::<dtype_v2>(0x0F), [Float8e5, Float8E5m2X4]);
    assert_eq!(preimages::<dtype_v4>(0x03), [Uint8, Float8E8m0fnu]);
    assert_eq!(preimages::<dtype_v4>(0x05), [Uint16]);
    assert_eq!(
        preimages::<dtype_v4>(0x0E),
        [Float8e4, Float8E4m3fn, Float8E4m3fnX4]
    );
    assert_eq!(preimages::<dtype_v4>(0x0F), [Float8e5, Float8E5m2X4]);
    assert_eq!(preimages::<dtype_v4>(0x10), [Float4E2m1fnX4]);
}

#[test]
fn unshared_dtype_tags_decode_to_their_only_ordinal() {
    // (tag, ordinal) pairs of the tags only one ordinal has, from the seed bytes.
    let unique = [
        (0x02, 1),
        (0x0D, 3),
        (0x04, 11),
        (0x06, 12),
        (0x07, 13),
        (0x09, 14),
        (0x08, 15),
        (0x0A, 16),
        (0x0B, 17),
        (0x01, 18),
        (0x0C, 19),
    ];
    for (tag, ordinal) in unique {
        assert_eq!(
            dtype_v2::decode(tag),
            Some(dtype(ordinal)),
            "v2 tag {tag:#04x}"
        );
        assert_eq!(
            dtype_v4::decode(tag),
            Some(dtype(ordinal)),
            "v4 tag {tag:#04x}"
        );
        assert_eq!(preimages::<dtype_v2>(tag).len(), 1);
    }
}

#[test]
fn dtype_tags_no_ordinal_has_decode_to_nothing() {
    for tag in [0x00, 0x10, 0x11, 0xFF, 0x1_0000_0003] {
        assert_eq!(dtype_v2::decode(tag), None, "v2 tag {tag:#x}");
        assert_eq!(preimages::<dtype_v2>(tag), []);
    }
    for tag in [0x00, 0x11, 0xFF] {
        assert_eq!(dtype_v4::decode(tag), None, "v4 tag {tag:#x}");
    }
    assert_eq!(
        dtype_v2::value_of(0x11),
        Err(Problem::UnknownCode {
            code: 0x11,
            table: "dtype_v2",
            known: &dtype_v2::CODES,
        })
    );
    // Twenty entries are too many to list: the message names the code and the table.
    assert_eq!(
        dtype_v2::value_of(0x11).unwrap_err().to_string(),
        "code 0x11 is not in table `dtype_v2`"
    );
}

#[test]
fn encoding_a_decoded_dtype_tag_gives_the_same_byte() {
    for tag in DTYPE_V2 {
        let value = dtype_v2::decode(u64::from(tag)).expect("a tag of the table");
        assert_eq!(dtype_v2::encode(&value), Some(tag));
    }
    for tag in DTYPE_V4 {
        let value = dtype_v4::decode(u64::from(tag)).expect("a tag of the table");
        assert_eq!(dtype_v4::encode(&value), Some(tag));
    }
}

#[test]
fn table_shape_constants() {
    assert_eq!(dtype_v2::NAME, "dtype_v2");
    assert_eq!(alu_v4::NAME, "alu_v4");
    // dtype: many-to-one; ALU and accumulate: one-to-one (SPEC-NOTES §1).
    let one_to_one = [
        dtype_v2::ONE_TO_ONE,
        dtype_v4::ONE_TO_ONE,
        alu_v2::ONE_TO_ONE,
        alu_v4::ONE_TO_ONE,
        accumulate::ONE_TO_ONE,
    ];
    assert_eq!(one_to_one, [false, false, true, true, true]);
    assert_eq!(dtype_v2::CODE_BITS, 4);
    assert_eq!(dtype_v4::CODE_BITS, 5);
    assert_eq!(alu_v2::CODE_BITS, 5);
    assert_eq!(alu_v4::CODE_BITS, 8);
    assert_eq!(accumulate::CODE_BITS, 3);
}

#[test]
fn alu_v2_is_sub_12039c0() {
    for (ordinal, byte) in (0u8..).zip(ALU_V2) {
        assert_eq!(alu_v2::encode(&alu(ordinal)), byte, "ordinal {ordinal}");
        if let Some(byte) = byte {
            assert_eq!(
                alu_v2::decode(u64::from(byte)),
                Some(alu(ordinal)),
                "byte {byte:#04x}"
            );
        }
    }
    assert_eq!(alu_v2::ENTRIES.len(), 28);
}

#[test]
fn alu_v4_is_sub_142e030() {
    for (ordinal, byte) in (0u8..).zip(ALU_V4) {
        assert_eq!(alu_v4::encode(&alu(ordinal)), byte, "ordinal {ordinal}");
        if let Some(byte) = byte {
            assert_eq!(
                alu_v4::decode(u64::from(byte)),
                Some(alu(ordinal)),
                "byte {byte:#04x}"
            );
        }
    }
    assert_eq!(alu_v4::ENTRIES.len(), 31);
}

#[test]
fn alu_ordinals_without_a_wire_form() {
    for ordinal in [24, 25, 30, 31, 32] {
        assert_eq!(alu_v2::encode(&alu(ordinal)), None, "v2 ordinal {ordinal}");
    }
    for ordinal in [24, 25] {
        assert_eq!(alu_v4::encode(&alu(ordinal)), None, "v4 ordinal {ordinal}");
    }
    assert_eq!(
        alu_v2::UNMAPPED,
        [
            AluOp::Average,
            AluOp::ElemwiseMul,
            AluOp::AbsMax,
            AluOp::AbsMin,
            AluOp::ModInt
        ]
    );
    assert_eq!(alu_v4::UNMAPPED, [AluOp::Average, AluOp::ElemwiseMul]);
    assert_eq!(
        alu_v2::code_of(AluOp::ModInt),
        Err(Problem::NoWireForm {
            value: "mod_int",
            table: "alu_v2",
            known: &alu_v2::CODES,
        })
    );
    // alu_v2 maps ordinals 0..=23 and 26..=29 (SPEC-NOTES §1): 28 values, too many to list.
    assert_eq!(
        alu_v2::code_of(AluOp::ModInt).unwrap_err().to_string(),
        "mod_int has no wire form in table `alu_v2`; use one of the 28 values it encodes"
    );
    assert_eq!(alu_v4::code_of(AluOp::ModInt), Ok(0xC8));
}

#[test]
fn alu_bytes_no_op_has_decode_to_nothing() {
    for byte in [0x17, 0x1C, 0x1E, 0x1F] {
        assert_eq!(alu_v2::decode(byte), None, "v2 byte {byte:#04x}");
        assert_eq!(alu_v4::decode(byte), None, "v4 byte {byte:#04x}");
    }
    for byte in [0x20, 0x21, 0xC8] {
        assert_eq!(alu_v2::decode(byte), None, "v2 byte {byte:#04x}");
    }
    assert_eq!(alu_v4::decode(0xC7), None);
    assert_eq!(alu_v4::decode(0xC9), None);
}

#[test]
fn accumulate_is_sub_12038d0() {
    for (ordinal, byte) in (0u8..).zip(ACCUMULATE) {
        let cmd = AccumulateCmd::from_code(ordinal).expect("an EngineAccumulationType ordinal");
        assert_eq!(accumulate::encode(&cmd), byte, "ordinal {ordinal}");
    }
    assert_eq!(accumulate::decode(2), Some(AccumulateCmd::AddAccumulate));
    assert_eq!(accumulate::decode(4), Some(AccumulateCmd::LoadAccumulate));
    assert_eq!(accumulate::decode(3), Some(AccumulateCmd::ZeroAccumulate));
    assert_eq!(accumulate::decode(5), None);
}

#[test]
fn accumulate_has_no_wire_form() {
    assert_eq!(accumulate::encode(&AccumulateCmd::Accumulate), None);
    assert_eq!(accumulate::UNMAPPED, [AccumulateCmd::Accumulate]);
    assert_eq!(
        accumulate::code_of(AccumulateCmd::Accumulate),
        Err(Problem::NoWireForm {
            value: "accumulate",
            table: "accumulate",
            known: &<accumulate as Lut>::CODES,
        })
    );
    // The names and codes messages quote are seed 001's table (0, 1, 3, 2, 4).
    assert_eq!(
        <accumulate as Lut>::CODES,
        [
            ("idle", 0),
            ("zero", 1),
            ("zero_accumulate", 3),
            ("add_accumulate", 2),
            ("load_accumulate", 4),
        ]
    );
    // A short table lists what it can encode.
    assert_eq!(
        accumulate::code_of(AccumulateCmd::Accumulate)
            .unwrap_err()
            .to_string(),
        "accumulate has no wire form in table `accumulate`; it encodes idle, zero, \
         zero_accumulate, add_accumulate, load_accumulate"
    );
    // And a code it does not have is reported with the codes it has (seed 001: 0, 1, 3, 2, 4).
    assert_eq!(
        accumulate::value_of(5).unwrap_err().to_string(),
        "code 0x5 is not in table `accumulate`; it holds idle (0x0), zero (0x1), \
         zero_accumulate (0x3), add_accumulate (0x2), load_accumulate (0x4)"
    );
}

#[test]
fn memset_mode_picks_the_opcode() {
    // Seed 000: Const → 0x49, Random → 0x4D.
    assert_eq!(memset_opcode::code_of(MemsetMode::Const), Ok(0x49));
    assert_eq!(memset_opcode::code_of(MemsetMode::Random), Ok(0x4D));
    assert_eq!(memset_opcode::value_of(0x4D), Ok(MemsetMode::Random));
    assert_eq!(memset_opcode::decode(0x4A), None);
}

/// Seed 000 `byte_1DF5760` as `(value, code)` pairs in the table's declaration order.
const DTYPE_V2_ENTRIES: [(Dtype, u8); 20] = [
    (Dtype::Uint8, 0x03),
    (Dtype::Int8, 0x02),
    (Dtype::Float4E2m1fnX4, 0x05),
    (Dtype::Float8e3, 0x0D),
    (Dtype::Float8e4, 0x0E),
    (Dtype::Float8E4m3fn, 0x0E),
    (Dtype::Float8E8m0fnu, 0x03),
    (Dtype::Float8e5, 0x0F),
    (Dtype::Float8E4m3fnX4, 0x0E),
    (Dtype::Float8E5m2X4, 0x0F),
    (Dtype::Uint16, 0x05),
    (Dtype::Int16, 0x04),
    (Dtype::Bfloat16, 0x06),
    (Dtype::Float16, 0x07),
    (Dtype::Uint32, 0x09),
    (Dtype::Int32, 0x08),
    (Dtype::Float32, 0x0A),
    (Dtype::Float32r, 0x0B),
    (Dtype::Uint64, 0x01),
    (Dtype::Int64, 0x0C),
];

/// Seed 001 `byte_1DFBAD0` as `(value, code)` pairs: declared as `dtype_v2` with float4 changed
/// in place, so in the same order.
const DTYPE_V4_ENTRIES: [(Dtype, u8); 20] = [
    (Dtype::Uint8, 0x03),
    (Dtype::Int8, 0x02),
    (Dtype::Float4E2m1fnX4, 0x10),
    (Dtype::Float8e3, 0x0D),
    (Dtype::Float8e4, 0x0E),
    (Dtype::Float8E4m3fn, 0x0E),
    (Dtype::Float8E8m0fnu, 0x03),
    (Dtype::Float8e5, 0x0F),
    (Dtype::Float8E4m3fnX4, 0x0E),
    (Dtype::Float8E5m2X4, 0x0F),
    (Dtype::Uint16, 0x05),
    (Dtype::Int16, 0x04),
    (Dtype::Bfloat16, 0x06),
    (Dtype::Float16, 0x07),
    (Dtype::Uint32, 0x09),
    (Dtype::Int32, 0x08),
    (Dtype::Float32, 0x0A),
    (Dtype::Float32r, 0x0B),
    (Dtype::Uint64, 0x01),
    (Dtype::Int64, 0x0C),
];

/// Seed 001 `sub_12039C0` as `(value, code)` pairs in the table's declaration order (the
/// compares in the order of their ordinals 18..23).
const ALU_V2_ENTRIES: [(AluOp, u8); 28] = [
    (AluOp::Bypass, 0x00),
    (AluOp::BitwiseNot, 0x01),
    (AluOp::ArithShiftLeft, 0x02),
    (AluOp::ArithShiftRight, 0x03),
    (AluOp::Add, 0x04),
    (AluOp::Subtract, 0x05),
    (AluOp::Mult, 0x06),
    (AluOp::Divide, 0x07),
    (AluOp::Max, 0x08),
    (AluOp::Min, 0x09),
    (AluOp::BitwiseAnd, 0x0A),
    (AluOp::BitwiseOr, 0x0B),
    (AluOp::BitwiseXor, 0x0C),
    (AluOp::LogicalAnd, 0x0D),
    (AluOp::LogicalOr, 0x0E),
    (AluOp::LogicalXor, 0x0F),
    (AluOp::LogicalShiftLeft, 0x10),
    (AluOp::LogicalShiftRight, 0x11),
    (AluOp::IsEqual, 0x12),
    (AluOp::NotEqual, 0x18),
    (AluOp::IsGt, 0x13),
    (AluOp::IsGe, 0x14),
    (AluOp::IsLt, 0x16),
    (AluOp::IsLe, 0x15),
    (AluOp::Pow, 0x1A),
    (AluOp::Mod, 0x1B),
    (AluOp::Rsqrt, 0x1D),
    (AluOp::Abs, 0x19),
];

/// Seed 001 `sub_142E030` as `(value, code)` pairs: declared as `alu_v2` plus three added
/// entries, which come last.
const ALU_V4_ENTRIES: [(AluOp, u8); 31] = [
    (AluOp::Bypass, 0x00),
    (AluOp::BitwiseNot, 0x01),
    (AluOp::ArithShiftLeft, 0x02),
    (AluOp::ArithShiftRight, 0x03),
    (AluOp::Add, 0x04),
    (AluOp::Subtract, 0x05),
    (AluOp::Mult, 0x06),
    (AluOp::Divide, 0x07),
    (AluOp::Max, 0x08),
    (AluOp::Min, 0x09),
    (AluOp::BitwiseAnd, 0x0A),
    (AluOp::BitwiseOr, 0x0B),
    (AluOp::BitwiseXor, 0x0C),
    (AluOp::LogicalAnd, 0x0D),
    (AluOp::LogicalOr, 0x0E),
    (AluOp::LogicalXor, 0x0F),
    (AluOp::LogicalShiftLeft, 0x10),
    (AluOp::LogicalShiftRight, 0x11),
    (AluOp::IsEqual, 0x12),
    (AluOp::NotEqual, 0x18),
    (AluOp::IsGt, 0x13),
    (AluOp::IsGe, 0x14),
    (AluOp::IsLt, 0x16),
    (AluOp::IsLe, 0x15),
    (AluOp::Pow, 0x1A),
    (AluOp::Mod, 0x1B),
    (AluOp::Rsqrt, 0x1D),
    (AluOp::Abs, 0x19),
    (AluOp::AbsMax, 0x20),
    (AluOp::AbsMin, 0x21),
    (AluOp::ModInt, 0xC8),
];

#[test]
fn the_dtype_tables_list_every_pair_of_the_seeds() {
    assert_eq!(dtype_v2::ENTRIES, DTYPE_V2_ENTRIES);
    assert_eq!(dtype_v4::ENTRIES, DTYPE_V4_ENTRIES);
    assert_eq!(dtype_v4::CODES[2], ("float4_e2m1fn_x4", 0x10));
    assert_eq!(dtype_v4::CODES.len(), 20);
    assert_eq!(dtype_v4::UNMAPPED, []);
}

#[test]
fn the_alu_tables_list_every_pair_of_the_seeds() {
    assert_eq!(alu_v2::ENTRIES, ALU_V2_ENTRIES);
    assert_eq!(alu_v4::ENTRIES, ALU_V4_ENTRIES);
    assert_eq!(alu_v4::CODES[30], ("mod_int", 0xC8));
    assert_eq!(alu_v4::CODES[19], ("not_equal", 0x18));
    assert_eq!(alu_v4::CODES.len(), 31);
}
