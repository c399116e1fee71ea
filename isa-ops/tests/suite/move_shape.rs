//! MoveShape against seed 000 §6: the fixed constant and flag, the (step, num) pairs with their
//! padding, the two error strings, the validator and the round trips.

use crate::common::{ap, checks};
use isa_core::{Bundle, Dtype, FieldKind, Problem, SyncBand};
use isa_ops::move_shape::{MoveShape, MoveShapeInst};
use isa_ops::{Codegen, LowerError, Lowering, Op, Validate, decode_any};

/// The shape of a bf16 pattern [64 partitions][4 step 512][128 step 1].
fn shape() -> MoveShapeInst {
    MoveShapeInst {
        ap: ap(0x0004_0000, &[(1, 64), (512, 4), (1, 128)]),
        ap_mode: 0x02,
        dtype: Dtype::Bfloat16,
        sync: SyncBand::default(),
    }
}

/// 0xB2: 0x0100 at +0x0C, flag 1 at +0x0E, mode at +0x10, steps (bytes) then nums.
#[rustfmt::skip]
const SHAPE_BYTES: [u8; 64] = [
    0xB2, 0x10, 0x00, 0x00,
    0, 0, 0, 0, 0, 0, 0, 0,
    0x00, 0x01,                                     // 0x0C the u16 0x0100, LE
    0x01,                                           // 0x0E flag 1
    0x00,
    0x02, 0x00, 0x00, 0x00,                         // 0x10 the AP mode byte
    0x02, 0x00, 0x00, 0x00,                         // 0x14 step0 = pairs[2].step 1 x 2 bytes
    0x00, 0x04, 0x00, 0x00,                         // 0x18 step1 = pairs[1].step 512 x 2 = 1024
    0x02, 0x00, 0x00, 0x00,                         // 0x1C step2 padding = sizeof(bf16)
    0x02, 0x00, 0x00, 0x00,                         // 0x20 step3 padding
    0x80, 0x00, 0x00, 0x00,                         // 0x24 num0 = pairs[2].num 128
    0x04, 0x00, 0x00, 0x00,                         // 0x28 num1 = pairs[1].num 4
    0x01, 0x00, 0x00, 0x00,                         // 0x2C num2 padding 1
    0x01, 0x00, 0x00, 0x00,                         // 0x30 num3 padding 1
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,             // 0x34..0x3F
];

#[test]
fn a_rank_3_shape_pads_two_slots_byte_for_byte() {
    let bundle = shape().build().unwrap();
    assert_eq!(bundle.to_bytes().unwrap(), SHAPE_BYTES);
    assert_eq!(MoveShape::decode_bytes(&SHAPE_BYTES).unwrap(), bundle);
    assert_eq!(bundle.pairs(), [(2, 128), (1024, 4), (2, 1), (2, 1)]);
    let view = MoveShape::view(&SHAPE_BYTES).unwrap();
    assert_eq!(view.step1(), Ok(1024));
    assert_eq!(view.ap_mode(), Ok(0x02));
}

#[test]
fn rank_5_fills_every_slot_innermost_first() {
    // fp32 (4 bytes): slot k = pairs[4 - k], step in bytes; a negative step stays negative.
    let mut inst = shape();
    inst.dtype = Dtype::Float32;
    inst.ap = ap(0, &[(1, 64), (2, 2), (3, 3), (4, 4), (-5, 5)]);
    let bytes = inst.build().unwrap().to_bytes().unwrap();
    #[rustfmt::skip]
    assert_eq!(
        &bytes[0x14..0x34],
        &[
            0xEC, 0xFF, 0xFF, 0xFF,  0x10, 0, 0, 0,  0x0C, 0, 0, 0,  0x08, 0, 0, 0, // -20, 16, 12, 8
            0x05, 0, 0, 0,  0x04, 0, 0, 0,  0x03, 0, 0, 0,  0x02, 0, 0, 0,          // 5, 4, 3, 2
        ]
    );
}

#[test]
fn a_partition_only_pattern_is_all_padding() {
    let mut inst = shape();
    inst.dtype = Dtype::Int64;
    inst.ap = ap(0, &[(1, 128)]);
    assert_eq!(inst.shape(), Ok([(8, 1); 4]));
}

#[test]
fn rank_above_five_is_refused_with_the_seed_string() {
    let mut inst = shape();
    inst.ap = ap(0, &[(1, 64), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]);
    let e = inst.build().unwrap_err();
    assert_eq!(
        e.to_string(),
        "ImmPattern.size() <= SHAPE_REGISTER_SIZE + 1"
    );
    assert_eq!(
        Codegen::new().run(0, &inst),
        Err(LowerError::Spec(
            "ImmPattern.size() <= SHAPE_REGISTER_SIZE + 1"
        ))
    );
}

#[test]
fn an_indirect_pattern_is_refused_first() {
    let mut inst = shape();
    inst.ap.indirect = true;
    // Up front: even a rank the registers could not hold reports the indirect pattern.
    inst.ap.pattern.extend(ap(0, &[(1, 1); 4]).pattern);
    let msg = "Hardware Restriction: Shape registers doesn't work with TensorIndirect AP";
    assert_eq!(inst.build().unwrap_err().to_string(), msg);
    assert_eq!(inst.opcodes(), Err(LowerError::Spec(msg)));
}

#[test]
fn a_byte_step_past_i32_is_refused_with_its_field() {
    let mut inst = shape();
    inst.dtype = Dtype::Float32;
    inst.ap = ap(0, &[(1, 64), (0x2000_0000, 2)]);
    let LowerError::Encode(e) = inst.build().unwrap_err() else {
        panic!("an out-of-range step is an encode error");
    };
    assert_eq!(
        (e.at.op, e.at.field, e.at.offset),
        ("MoveShape", "step0", 0x14)
    );
    assert_eq!(
        e.problem,
        Problem::OutOfRange {
            value: 0x8000_0000,
            min: i64::from(i32::MIN),
            max: i64::from(i32::MAX)
        }
    );
}

#[test]
fn the_constant_and_flag_are_fixed() {
    let rows: Vec<(&str, usize, FieldKind)> = MoveShape::FIELDS
        .iter()
        .filter(|f| matches!(f.kind, FieldKind::Constant(_)) && f.offset >= 0x0C)
        .map(|f| (f.name, f.offset, f.kind))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("const_0x0c", 0x0C, FieldKind::Constant(0x0100)),
            ("flag", 0x0E, FieldKind::Constant(1)),
        ]
    );
    let mut b = SHAPE_BYTES;
    b[0x0E] = 0x00;
    let e = MoveShape::decode_bytes(&b).unwrap_err();
    assert_eq!(
        (e.at.field, e.problem),
        (
            "flag",
            Problem::ConstantMismatch {
                expected: 1,
                found: 0
            }
        )
    );
    let mut b = SHAPE_BYTES;
    b[0x0D] = 0x00;
    let e = MoveShape::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("const_0x0c", 0x0C));
}

#[test]
fn move_opcode_wants_every_count_nonzero() {
    let good = MoveShape::decode_bytes(&SHAPE_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let mut b = SHAPE_BYTES;
    b[0x2C] = 0x00; // num2
    let bad = MoveShape::decode_bytes(&b).unwrap();
    assert_eq!(checks(&bad.validate()), vec![("move_opcode", "num2", 0x2C)]);
}

#[test]
fn the_three_codegen_modes() {
    let mut cg = Codegen::new();
    cg.run(0, &shape()).unwrap();
    cg.run(1, &shape()).unwrap();
    cg.run(2, &shape()).unwrap();
    assert_eq!(cg.census().into_iter().collect::<Vec<_>>(), vec![(0xB2, 1)]);
    assert_eq!(cg.stream, SHAPE_BYTES.to_vec());
    assert!(cg.findings.is_empty());
}

#[test]
fn it_round_trips_through_decode_any_and_json() {
    let op = decode_any(&SHAPE_BYTES).unwrap();
    assert_eq!(op.name(), "MoveShape");
    assert_eq!(op.to_bytes().unwrap(), SHAPE_BYTES);
    let json = serde_json::to_string(&op).unwrap();
    assert!(json.starts_with(r#"{"op":"MoveShape","sync":"#), "{json}");
    assert!(json.contains(r#""step1":1024"#), "{json}");
    let back: Op = serde_json::from_str(&json).unwrap();
    assert_eq!(back, op);
}

// Seed 000 §6: "(The +0x10 byte = AP+44 = a per-AP mode/replication flag carried into the shape
// register.)" — stated in the text, so ap_mode is tagged (not NotStated); and "step[i] =
// DescGenHelper::getAPStepOnHW(...)" with padding "step = qword_1DF59E0[out.dtype] (the default
// contiguous step = element byte size)": the byte unit (step × element size) is a reading, and
// each step field's tag says so.
#[test]
fn ap_mode_and_the_step_unit_carry_their_tags() {
    use isa_core::Confidence;
    let field = |name: &str| {
        MoveShape::FIELDS
            .iter()
            .find(|f| f.name == name)
            .expect("declared")
    };
    let mode = field("ap_mode");
    assert_eq!((mode.offset, mode.confidence), (0x10, Confidence::Strong));
    assert!(mode.note.contains("AP+44"), "{}", mode.note);
    for step in ["step0", "step1", "step2", "step3"] {
        let f = field(step);
        assert_eq!(f.confidence, Confidence::Inferred, "{step}");
        assert!(f.note.contains("element size"), "{step}: {}", f.note);
        assert!(f.note.contains("reading"), "{step}: {}", f.note);
    }
    // The reading itself: a bf16 step of 512 elements is 1024 bytes.
    assert_eq!(shape().build().unwrap().step1, 1024);
}

// Seed 000's CONFIRMED ledger pins "MoveShape 0xB2 + flag 0x1 @0x1213f64 + const 0x100
// @0x1213f5e" and no other MoveShape store; where the pairs go is a reading (SPEC-NOTES 2.5),
// so the reserved bytes around them are tagged INFERRED, not CONFIRMED.
#[test]
fn the_constants_are_confirmed_and_the_reserved_bytes_around_the_pairs_inferred() {
    use isa_core::Confidence;
    let row = |kind: FieldKind, offset: usize| {
        MoveShape::FIELDS
            .iter()
            .find(|f| f.kind == kind && f.offset == offset)
            .unwrap_or_else(|| panic!("no {kind:?} row at {offset:#04x}"))
    };
    assert_eq!(
        row(FieldKind::Constant(0x0100), 0x0C).confidence,
        Confidence::Confirmed
    );
    assert_eq!(
        row(FieldKind::Constant(1), 0x0E).confidence,
        Confidence::Confirmed
    );
    for offset in [0x0F, 0x11, 0x34] {
        let r = row(FieldKind::Reserved, offset);
        assert_eq!(r.confidence, Confidence::Inferred, "{offset:#04x}");
        assert!(
            r.note.contains("SPEC-NOTES 2.5"),
            "{offset:#04x}: {}",
            r.note
        );
    }
}
