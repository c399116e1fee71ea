//! The bundles of a crate on `isa-core` and `isa-derive` encode, decode and view like the
//! library's own.

use core_derive::{Fill, Tag};
use isa_core::{Addr4, Bundle, Dtype, Problem, SyncBand, Tensor2d};

fn fill() -> Fill {
    Fill {
        opcode: 0xF2,
        sync: SyncBand::default(),
        value_dtype: Dtype::Float32,
        dst_dtype: Dtype::Bfloat16,
        dst: Tensor2d::unit(Addr4::from_raw(0x100)),
        value: 0x3F80_0000,
    }
}

#[test]
fn a_bundle_declared_on_the_runtime_and_the_derive_round_trips() {
    let mut bytes = [0u8; 64];
    fill().encode_into(&mut bytes).unwrap();
    assert_eq!(&bytes[..4], &[0xF2, 0x10, 0x00, 0x00]);
    assert_eq!(bytes[0x0C], 0x6A);
    assert_eq!(&bytes[0x1C..0x20], &0x3F80_0000u32.to_le_bytes());
    assert_eq!(Fill::decode_bytes(&bytes), Ok(fill()));
    assert_eq!(Fill::view(&bytes).unwrap().value(), Ok(0x3F80_0000));

    bytes[0x0D] = 1; // the gap before the descriptor
    let e = Fill::decode_bytes(&bytes).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 0x0D));
    assert!(matches!(e.problem, Problem::ReservedNonZero { .. }));
}

#[test]
fn a_word_that_names_the_runtime_through_a_reexport_round_trips() {
    let wire = Tag { tag: 0xBEEF }.encode().unwrap();
    assert_eq!(wire.word(), 0x00BE_EFA5);
    assert_eq!(Tag::decode(&wire), Ok(Tag { tag: 0xBEEF }));
}
