//! The opcodes known without a recovered layout (SPEC-NOTES §2.10): each recognised by its
//! opcode and carried byte-exact, never given invented fields.

use isa_core::{Bundle, FieldKind, LayoutStatus, Placement, Problem};
use isa_ops::opaque::{
    DveReadAccumulator, TensorDequantize, TensorReduceRangeCheck, TensorScalarAffineSelect,
};
use isa_ops::{DECLARATIONS, Op, decode_any, dispatch::KNOWN_OPCODES};

/// A bundle with `opcode`, the header's 0x10 word length, and a body no two bytes alike.
fn bundle(opcode: u8) -> [u8; 64] {
    let mut b = [0u8; 64];
    b[0] = opcode;
    b[1] = 0x10;
    for (i, x) in b.iter_mut().enumerate().skip(4) {
        *x = (i as u8).wrapping_mul(37) ^ 0x5A;
    }
    b
}

#[test]
fn each_opcode_decodes_to_its_op_and_encodes_back_unchanged() {
    for (opcode, name) in [
        (0x92, "TensorScalarAffineSelect"),
        (0x9B, "DveReadAccumulator"),
        (0x7B, "TensorDequantize"),
        (0x9C, "TensorReduceRangeCheck"),
    ] {
        let b = bundle(opcode);
        let op = decode_any(&b).unwrap();
        assert_eq!(op.name(), name);
        assert_eq!(op.to_bytes().unwrap(), b, "{name}");
        assert_eq!(op.validate(), vec![]);
        let json = serde_json::to_string(&op).unwrap();
        assert!(
            json.starts_with(&format!(r#"{{"op":"{name}","body":""#)),
            "{json}"
        );
        let back: Op = serde_json::from_str(&json).unwrap();
        assert_eq!(back, op);
        assert!(KNOWN_OPCODES.contains(&opcode));
    }
}

#[test]
fn the_body_is_hex_in_json() {
    let mut b = [0u8; 64];
    b[0] = 0x9C;
    b[1] = 0x10;
    b[4] = 0xAB;
    b[63] = 0x01;
    let json = serde_json::to_string(&decode_any(&b).unwrap()).unwrap();
    let body = format!("ab{}01", "00".repeat(58));
    assert_eq!(
        json,
        format!(r#"{{"op":"TensorReduceRangeCheck","body":"{body}"}}"#)
    );
    let short = json.replace(&body, "abcd");
    let e = serde_json::from_str::<Op>(&short).unwrap_err();
    assert!(
        e.to_string()
            .contains("120 hexadecimal digits (60 bytes), not 4"),
        "{e}"
    );
    let bad = json.replace("ab00", "zz00");
    let e = serde_json::from_str::<Op>(&bad).unwrap_err();
    assert!(
        e.to_string().contains("`zz` is not a hexadecimal byte"),
        "{e}"
    );
}

#[test]
fn the_header_is_still_checked() {
    let mut b = bundle(0x92);
    b[1] = 0x0F;
    let e = TensorScalarAffineSelect::decode_bytes(&b).unwrap_err();
    assert_eq!(
        (e.at.field, e.problem),
        (
            "inst_word_len",
            Problem::ConstantMismatch {
                expected: 0x10,
                found: 0x0F
            }
        )
    );
    let mut b = bundle(0x7B);
    b[3] = 1;
    assert_eq!(TensorDequantize::decode_bytes(&b).unwrap_err().at.offset, 3);
}

#[test]
fn layouts_say_what_is_known_and_claim_no_field() {
    let LayoutStatus::Unrecovered(known) = TensorScalarAffineSelect::LAYOUT else {
        panic!("0x92 is unrecovered")
    };
    for operand in [
        "idx_partition_ap",
        "idx_free_ap",
        "index_expr",
        "fill_value",
        "cmp_mode",
        "dtype",
    ] {
        assert!(known.contains(operand), "{operand}");
    }
    for fields in [
        TensorScalarAffineSelect::FIELDS,
        DveReadAccumulator::FIELDS,
        TensorDequantize::FIELDS,
        TensorReduceRangeCheck::FIELDS,
    ] {
        let values: Vec<_> = fields
            .iter()
            .filter(|f| f.kind == FieldKind::Value)
            .map(|f| (f.name, f.offset, f.placement))
            .collect();
        assert_eq!(values, vec![("body", 0x04, Placement::Bytes { len: 60 })]);
    }
    assert!(matches!(
        DveReadAccumulator::LAYOUT,
        LayoutStatus::Unrecovered(_)
    ));
    assert!(matches!(
        TensorDequantize::LAYOUT,
        LayoutStatus::Unrecovered(_)
    ));
    assert!(matches!(
        TensorReduceRangeCheck::LAYOUT,
        LayoutStatus::Unrecovered(_)
    ));
}

#[test]
fn the_drain_is_a_zero_bundle_with_its_header() {
    let mut expected = [0u8; 64];
    expected[..4].copy_from_slice(&[0x9B, 0x10, 0x00, 0x00]);
    assert_eq!(DveReadAccumulator::drain().to_bytes().unwrap(), expected);
    assert_eq!(DveReadAccumulator::OPCODE, 0x9B);
}

#[test]
fn every_family_opcode_has_one_declaration() {
    let owner = |op: u8| {
        DECLARATIONS
            .iter()
            .filter(|d| d.opcodes().contains(&op))
            .map(|d| d.name)
            .collect::<Vec<_>>()
    };
    for (op, name) in [
        (0x43, "TensorScalar"),
        (0x53, "TensorScalar"),
        (0x93, "TensorScalar"),
        (0x9A, "TensorScalar"),
        (0xE6, "TensorScalar"),
        (0x30, "Exponential"),
        (0x9D, "ScalarTensorTensor"),
        (0x9E, "ScalarTensorTensor"),
        (0xE5, "ScalarTensorTensor"),
        (0x74, "TensorScalarAddr"),
        (0x92, "TensorScalarAffineSelect"),
        (0x9B, "DveReadAccumulator"),
        (0x7B, "TensorDequantize"),
        (0x9C, "TensorReduceRangeCheck"),
    ] {
        assert_eq!(owner(op), vec![name], "{op:#04x}");
    }
    let ts = DECLARATIONS
        .iter()
        .find(|d| d.name == "Exponential")
        .unwrap();
    assert_eq!(ts.wire_name, "s3d3_ts");
}
