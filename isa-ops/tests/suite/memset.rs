//! Memset against seed 000 §5: the mode → opcode table, the unimplemented-mode error, the
//! d3_memset stores written out by hand, the validator and the round trips.

use crate::common::{checks, operand};
use isa_core::{Bundle, Dtype, Lut, MemsetMode, SyncBand, memset_opcode};
use isa_ops::memset::{Memset, MemsetInst, MemsetOpcode, opcode_of_mode};
use isa_ops::{Codegen, LowerError, Lowering, Op, Validate, decode_any};

/// out[128][1024] int32 = 0xDEADBEEF.
fn fill() -> MemsetInst {
    MemsetInst {
        out: operand(0x0004_0000, &[(1, 128), (1, 1024)], Dtype::Int32),
        mode: 0,
        fill: 0xDEAD_BEEF,
        sync: SyncBand::default(),
    }
}

/// 0x49: stores +0x1C (mode word), +0x20 (dtype), +0x22 (num), +0x28 (fill), +0x2C (dst).
#[rustfmt::skip]
const CONST_BYTES: [u8; 64] = [
    0x49, 0x10, 0x00, 0x00,
    0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x0C..0x1B
    0x00, 0x00, 0x00, 0x00,                         // 0x1C the mode word: Const
    0x08,                                           // 0x20 int32
    0x00,
    0x80,                                           // 0x22 num_active_partitions = out Pattern[0].num 128
    0x00,
    0, 0, 0, 0,                                     // 0x24..0x27
    0xEF, 0xBE, 0xAD, 0xDE,                         // 0x28 the fill, LE
    // 0x2C dst TENSOR4D: strides {1, 1, 1, 1}, nums {1024, 1, 1, 1}
    0x00, 0x00, 0x04, 0x00,
    0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00, 0x04, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00,
];

#[test]
fn the_mode_table_gives_0x49_and_0x4d() {
    assert_eq!(memset_opcode::encode(&MemsetMode::Const), Some(0x49));
    assert_eq!(memset_opcode::encode(&MemsetMode::Random), Some(0x4D));
    assert_eq!(MemsetOpcode::Const.code(), 0x49);
    assert_eq!(MemsetOpcode::Random.code(), 0x4D);
    assert_eq!(opcode_of_mode(0), Some(MemsetOpcode::Const));
    assert_eq!(opcode_of_mode(1), Some(MemsetOpcode::Random));
    assert_eq!(opcode_of_mode(2), None);
}

#[test]
fn a_const_fill_is_0x49_byte_for_byte() {
    let inst = fill();
    assert_eq!(inst.select_opcode(), Ok(MemsetOpcode::Const));
    let bundle = inst.build().unwrap();
    assert_eq!(bundle.to_bytes().unwrap(), CONST_BYTES);
    assert_eq!(Memset::decode_bytes(&CONST_BYTES).unwrap(), bundle);
    let view = Memset::view(&CONST_BYTES).unwrap();
    assert_eq!(view.fill(), Ok(0xDEAD_BEEF));
    assert_eq!(view.dtype(), Ok(Dtype::Int32));
    assert_eq!(view.dst().unwrap().nums, [1024, 1, 1, 1]);
}

#[test]
fn a_random_fill_is_0x4d() {
    let mut inst = fill();
    inst.mode = 1;
    let mut expected = CONST_BYTES;
    expected[0x00] = 0x4D;
    expected[0x1C] = 0x01;
    assert_eq!(inst.build().unwrap().to_bytes().unwrap(), expected);
    assert_eq!(inst.opcodes(), Ok(vec![0x4D]));
}

#[test]
fn a_mode_of_two_or_more_is_unimplemented() {
    for mode in [2, 3, 0x100, u32::MAX] {
        let mut inst = fill();
        inst.mode = mode;
        let e = inst.select_opcode().unwrap_err();
        assert_eq!(e, LowerError::Spec("has unimplemented Memset Mode"));
        assert_eq!(e.to_string(), "has unimplemented Memset Mode");
        // Every CodeGenMode arm reports it.
        for arm in 0..=2 {
            assert_eq!(Codegen::new().run(arm, &inst), Err(e.clone()));
        }
    }
}

#[test]
fn memset_opcode_checks_the_opcode_against_the_mode_word() {
    let good = Memset::decode_bytes(&CONST_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let mut bad = good.clone();
    bad.opcode = MemsetOpcode::Random;
    assert_eq!(
        checks(&bad.validate()),
        vec![("memset_opcode", "opcode", 0x00)]
    );
    // A mode word of 2 decodes; the check refuses it with the seed's words.
    let mut b = CONST_BYTES;
    b[0x1C] = 0x02;
    let bad = Memset::decode_bytes(&b).unwrap();
    let found = bad.validate();
    assert_eq!(checks(&found), vec![("memset_opcode", "mode", 0x1C)]);
    assert_eq!(
        found[0].reason.to_string(),
        "mode 2: has unimplemented Memset Mode"
    );
}

#[test]
fn tensor4d_valid_runs_on_the_destination() {
    let mut bad = Memset::decode_bytes(&CONST_BYTES).unwrap();
    bad.dst.nums[0] = 0;
    assert_eq!(
        checks(&bad.validate()),
        vec![("tensor4d_valid", "dst", 0x2C + 0x0C)]
    );
}

#[test]
fn both_opcodes_round_trip_through_decode_any_and_json() {
    let mut random = CONST_BYTES;
    random[0x00] = 0x4D;
    random[0x1C] = 0x01;
    for (bytes, opcode) in [(CONST_BYTES, "memset_const"), (random, "memset_random")] {
        let op = decode_any(&bytes).unwrap();
        assert_eq!(op.name(), "Memset");
        assert_eq!(op.to_bytes().unwrap(), bytes);
        let json = serde_json::to_string(&op).unwrap();
        assert!(
            json.starts_with(&format!(r#"{{"op":"Memset","opcode":"{opcode}","#)),
            "{json}"
        );
        assert!(json.contains(r#""fill":3735928559"#), "{json}");
        let back: Op = serde_json::from_str(&json).unwrap();
        assert_eq!(back, op);
    }
}
