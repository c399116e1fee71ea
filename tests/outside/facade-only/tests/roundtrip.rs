//! The bundles of a facade-only crate encode, decode and view like the library's own.

use facade_only::{Convert, Step};
use isa::core::{Addr4, Bundle, Dtype, FieldKind, Problem, SyncBand, Tensor3d};

fn convert() -> Convert {
    Convert {
        sync: SyncBand::default(),
        src_dtype: Dtype::Float32,
        dst_dtype: Dtype::Bfloat16,
        partitions: 128,
        src: Tensor3d::unit(Addr4::from_raw(0x40)),
        dst: Tensor3d::unit(Addr4::from_raw(0x80)),
    }
}

#[test]
fn a_bundle_declared_through_the_facade_round_trips() {
    let bytes = convert().to_bytes().unwrap();
    assert_eq!(bytes.len(), 64);
    assert_eq!(&bytes[..4], &[0xF0, 0x10, 0x00, 0x00]); // opcode, inst_word_len, reserved
    assert_eq!(bytes[0x0C], 0x6A); // bfloat16 0x06 high, float32 0x0A low
    assert_eq!(bytes[0x0D], 128);
    assert_eq!(&bytes[0x10..0x14], &0x40u32.to_le_bytes());
    assert_eq!(Convert::decode_bytes(&bytes).unwrap(), convert());

    let view = Convert::view(&bytes).unwrap();
    assert_eq!(view.opcode_byte(), 0xF0);
    assert_eq!(view.dst_dtype(), Ok(Dtype::Bfloat16));
}

#[test]
fn the_reserved_gap_is_in_the_field_table_and_checked() {
    let gap = Convert::FIELDS
        .iter()
        .find(|f| f.offset == 0x0E)
        .expect("a row for the gap");
    assert_eq!(gap.kind, FieldKind::Reserved);

    let mut bytes = convert().to_bytes().unwrap();
    bytes[0x0F] = 0x80;
    let e = Convert::decode_bytes(&bytes).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 0x0F));
    assert!(matches!(e.problem, Problem::ReservedNonZero { .. }));
}

#[test]
fn a_word_with_an_explicit_runtime_path_round_trips() {
    let wire = Step { reg: 5 }.encode().unwrap();
    assert_eq!(wire.word(), (5 << 7) | 0x13);
    assert_eq!(Step::decode(&wire), Ok(Step { reg: 5 }));
}
