//! TensorCopy against seed 000 §4: the cast bit on raw dtypes, the reinterpreted wire tags, the
//! 4-D band written out by hand, the validator and the round trips.

use crate::common::{checks, operand};
use isa_core::{Bundle, Dtype, SyncBand};
use isa_ops::tensor_copy::{TcOpcode, TensorCopy, TensorCopyInst};
use isa_ops::{Codegen, LowerError, Lowering, Op, Validate, decode_any};

/// dst[128][8][2][16] = src, bf16 → bf16.
fn copy() -> TensorCopyInst {
    TensorCopyInst {
        src: operand(
            0x0008_0000,
            &[(1, 128), (64, 8), (32, 2), (1, 16)],
            Dtype::Bfloat16,
        ),
        dst: operand(
            0x0004_0040,
            &[(1, 128), (32, 8), (16, 2), (1, 16)],
            Dtype::Bfloat16,
        ),
        copy_dtype: None,
        sync: SyncBand {
            value: 7,
            ..SyncBand::default()
        },
    }
}

/// 0x46: the Family-C 4-D band (SPEC-NOTES §2.4), src at 0x0C, control 0x20..0x22, dst at 0x2C.
#[rustfmt::skip]
const COPY_BYTES: [u8; 64] = [
    0x46, 0x10, 0x00, 0x00,
    0, 0, 0, 0,  0x07, 0x00, 0x00, 0x00,            // sync: value 7
    // 0x0C src TENSOR4D: strides {1, 32, 64, 1}, nums {16, 2, 8, 1} (innermost first, unit fill)
    0x00, 0x00, 0x08, 0x00,
    0x01, 0x00, 0x20, 0x00, 0x40, 0x00, 0x01, 0x00,
    0x10, 0x00, 0x02, 0x00, 0x08, 0x00, 0x01, 0x00,
    0x06,                                           // 0x20 src bf16
    0x06,                                           // 0x21 dst bf16
    0x80,                                           // 0x22 num_active_partitions = src Pattern[0].num 128
    0, 0, 0, 0, 0, 0, 0, 0, 0,                      // 0x23..0x2B
    // 0x2C dst TENSOR4D: strides {1, 16, 32, 1}, nums {16, 2, 8, 1}
    0x40, 0x00, 0x04, 0x00,
    0x01, 0x00, 0x10, 0x00, 0x20, 0x00, 0x01, 0x00,
    0x10, 0x00, 0x02, 0x00, 0x08, 0x00, 0x01, 0x00,
];

#[test]
fn a_plain_copy_is_0x46_byte_for_byte() {
    let inst = copy();
    assert_eq!(inst.select_opcode(), TcOpcode::Copy);
    let bundle = inst.build().unwrap();
    assert_eq!(bundle.to_bytes().unwrap(), COPY_BYTES);
    assert_eq!(TensorCopy::decode_bytes(&COPY_BYTES).unwrap(), bundle);
    let view = TensorCopy::view(&COPY_BYTES).unwrap();
    assert_eq!(view.opcode(), Ok(TcOpcode::Copy));
    assert_eq!(view.dst().unwrap().strides, [1, 16, 32, 1]);
    assert_eq!(view.num_active_partitions(), Ok(128));
}

#[test]
fn a_casting_copy_is_0x47_with_each_raw_tag() {
    let mut inst = copy();
    inst.dst.dtype = Dtype::Float32;
    assert_eq!(inst.select_opcode(), TcOpcode::Cast);
    let mut expected = COPY_BYTES;
    expected[0x00] = 0x47;
    expected[0x21] = 0x0A; // dst fp32
    assert_eq!(inst.build().unwrap().to_bytes().unwrap(), expected);
}

#[test]
fn a_same_width_reinterpret_keeps_0x46_and_writes_the_copy_dtype() {
    // Seed 000 §4 QUIRK: the cast bit reads the raw dtypes (bf16 == bf16: 0x46), the tags carry
    // getReinterpretedCopyDtype's dtype (uint16, tag 0x05) instead of bf16's 0x06.
    let mut inst = copy();
    inst.copy_dtype = Some(Dtype::Uint16);
    assert_eq!(inst.wire_dtypes(), (Dtype::Uint16, Dtype::Uint16));
    let bytes = inst.build().unwrap().to_bytes().unwrap();
    assert_eq!((bytes[0x00], bytes[0x20], bytes[0x21]), (0x46, 0x05, 0x05));
    let mut expected = COPY_BYTES;
    expected[0x20] = 0x05;
    expected[0x21] = 0x05;
    assert_eq!(bytes, expected);
}

#[test]
fn the_cast_bit_reads_raw_dtypes_not_wire_tags() {
    // float8e4 and float8_e4m3fn are both tag 0x0E, yet the raw dtypes differ: 0x47.
    let mut inst = copy();
    inst.src.dtype = Dtype::Float8e4;
    inst.dst.dtype = Dtype::Float8E4m3fn;
    let bytes = inst.build().unwrap().to_bytes().unwrap();
    assert_eq!((bytes[0x00], bytes[0x20], bytes[0x21]), (0x47, 0x0E, 0x0E));
}

#[test]
fn a_pattern_past_four_free_dims_does_not_pack() {
    let mut inst = copy();
    let extra = isa_core::ApPair { step: 2, num: 3 };
    inst.dst.ap.pattern.extend([extra, extra]);
    let e = inst.build().unwrap_err();
    assert!(
        matches!(e, LowerError::Pack { operand: "dst", .. }),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .contains("Illegal ISA memory access dimension 6"),
        "{e}"
    );
    // COLLECT_OPCODES packs nothing.
    assert_eq!(inst.opcodes(), Ok(vec![0x46]));
    assert!(Codegen::new().run(0, &inst).is_ok());
}

#[test]
fn tensor4d_valid_runs_on_both_slots() {
    let good = TensorCopy::decode_bytes(&COPY_BYTES).unwrap();
    assert_eq!(good.validate(), vec![]);
    let mut bad = good;
    bad.dst.nums = [16, 2, 0, 1];
    // count2 of a TENSOR4D sits at +0x0C + 4 = +0x10.
    assert_eq!(
        checks(&bad.validate()),
        vec![("tensor4d_valid", "dst", 0x2C + 0x10)]
    );
}

#[test]
fn a_reserved_byte_in_the_band_is_refused() {
    let mut b = COPY_BYTES;
    b[0x23] = 0x01;
    let e = TensorCopy::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 0x23));
}

#[test]
fn both_opcodes_round_trip_through_decode_any_and_json() {
    let mut cast = COPY_BYTES;
    cast[0x00] = 0x47;
    for (bytes, opcode) in [(COPY_BYTES, "tensor_copy"), (cast, "tensor_copy_cast")] {
        let op = decode_any(&bytes).unwrap();
        assert_eq!(op.name(), "TensorCopy");
        assert_eq!(op.to_bytes().unwrap(), bytes);
        let json = serde_json::to_string(&op).unwrap();
        assert!(
            json.starts_with(&format!(r#"{{"op":"TensorCopy","opcode":"{opcode}","#)),
            "{json}"
        );
        assert!(json.contains(r#""src_dtype":"bfloat16""#), "{json}");
        let back: Op = serde_json::from_str(&json).unwrap();
        assert_eq!(back, op);
    }
}

// Seed 000 §4: "DYNAMIC SRC/DST: no own visitor; ExpandInstLate rewriteTensorCopyDynamicSrcDst
// @0xcd5c60 lowers to TensorCopy + RegisterAP; the offset reg is encoded by assignStartAddr<ADDR4>
// @0x1172e10 (RegId in the addr-word low byte + bit-31 at byte+3)". A register-form source and
// destination ride the same bundle: the ADDR4 word of each TENSOR4D slot is 0x80000000 | RegId,
// the rest of the band unchanged, and the bundle passes its validators.
#[test]
fn register_form_dynamic_src_and_dst_ride_the_addr4_words_of_the_bundle() {
    use isa_core::Addr4;
    let mut inst = copy();
    inst.src.ap.start = Addr4::register(0x05).unwrap();
    inst.dst.ap.start = Addr4::register(0x3F).unwrap();
    let bundle = inst.build().unwrap();
    let bytes = bundle.to_bytes().unwrap();
    assert_eq!(
        &bytes[0x0C..0x10],
        &[0x05, 0x00, 0x00, 0x80],
        "src: RegId 5, bit 31"
    );
    assert_eq!(
        &bytes[0x2C..0x30],
        &[0x3F, 0x00, 0x00, 0x80],
        "dst: RegId 0x3F, bit 31"
    );
    // Everything but the two ADDR4 words is the static copy's.
    let mut expected = COPY_BYTES;
    expected[0x0C..0x10].copy_from_slice(&[0x05, 0x00, 0x00, 0x80]);
    expected[0x2C..0x30].copy_from_slice(&[0x3F, 0x00, 0x00, 0x80]);
    assert_eq!(bytes, expected);
    let back = TensorCopy::decode_bytes(&bytes).unwrap();
    assert_eq!(back, bundle);
    assert_eq!(back.src.addr.reg_id(), Some(0x05));
    assert_eq!(back.dst.addr.reg_id(), Some(0x3F));
    assert_eq!(back.validate(), vec![]);
    let mut cg = Codegen::new();
    cg.run(2, &inst).unwrap();
    assert_eq!(cg.findings, vec![]);
    // A RegId of 0x40 or more is not a register word (seed 002: RegId < 0x40).
    assert!(Addr4::register(0x40).is_err());
}

// Seed 000 §4: "ASSERT arg0+0x58 == 0". arg0 = getArgument(0) is the source, whose first APPair
// num is the band's num_active_partitions, so a source without one stops the lowering, named
// src; with dst empty too, src is still the one named.
#[test]
fn a_source_without_app_pairs_stops_the_lowering_naming_src() {
    let empty_src = LowerError::Pack {
        operand: "src",
        error: isa_core::PackError::EmptyPattern,
    };
    let mut inst = copy();
    inst.src.ap.pattern.clear();
    assert_eq!(inst.bundles(), Err(empty_src.clone()));
    inst.dst.ap.pattern.clear();
    let e = inst.bundles().unwrap_err();
    assert_eq!(e, empty_src);
    assert!(e.to_string().starts_with("src: "), "{e}");
}
