//! Run-pass behaviour of `#[derive(Bundle)]` on small layouts that exercise each attribute.

use isa::Bundle;
use isa_core::{Bundle as _, FieldKind, Identity, Lut, Placement, Problem, SyncBand};
use zerocopy::IntoBytes;

/// A three-entry table with one shared code, for exercising `lut = ...`.
#[allow(non_camel_case_types)]
struct colour;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colour {
    Red,
    Crimson,
    Blue,
    Green,
}

impl Lut for colour {
    type Value = Colour;
    const NAME: &'static str = "colour";
    const CODE_BITS: u32 = 4;
    const ONE_TO_ONE: bool = false;
    const ENTRIES: &'static [(Colour, u8)] = &[
        (Colour::Red, 0x3),
        (Colour::Crimson, 0x3),
        (Colour::Blue, 0xB),
    ];
    fn encode(v: &Colour) -> Option<u8> {
        match v {
            Colour::Red | Colour::Crimson => Some(0x3),
            Colour::Blue => Some(0xB),
            Colour::Green => None,
        }
    }
    fn decode(code: u64) -> Option<Colour> {
        match code {
            0x3 => Some(Colour::Red),
            0xB => Some(Colour::Blue),
            _ => None,
        }
    }
    fn value_name(v: &Colour) -> &'static str {
        match v {
            Colour::Red => "red",
            Colour::Crimson => "crimson",
            Colour::Blue => "blue",
            Colour::Green => "green",
        }
    }
}

#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 16, opcodes = [0x21, 0x22], wire = "demo")]
struct Demo {
    #[field(opcode)]
    opcode: u8,
    #[field(offset = 0x04)]
    count: u16,
    #[field(offset = 0x06, nibble = lo, lut = colour)]
    lo: Colour,
    #[field(offset = 0x06, nibble = hi)]
    hi: u8,
    #[field(offset = 0x07, bits = 0..=1)]
    flags: u8,
    #[field(offset = 0x08, bits = 4..=15, confidence = inferred, note = "a 12-bit value across two bytes")]
    wide: u16,
    #[field(offset = 0x0C)]
    word: u32,
}

fn demo() -> Demo {
    Demo {
        opcode: 0x22,
        count: 0x1234,
        lo: Colour::Blue,
        hi: 0x5,
        flags: 0b10,
        wide: 0xABC,
        word: 0xDEAD_BEEF,
    }
}

#[test]
fn encodes_every_field_at_its_place_and_zeroes_the_rest() {
    let wire = demo().encode().unwrap();
    assert_eq!(
        wire.as_bytes(),
        &[
            0x22, 0x04, 0x00, 0x00, // header: opcode, inst_word_len = 16 / 4, reserved
            0x34, 0x12, // count
            0x5B, // hi nibble 5, lo nibble colour code 0xB
            0x02, // flags in bits 0..=1
            0xC0, 0xAB, // 0xABC in bits 4..=15
            0x00, 0x00, // reserved
            0xEF, 0xBE, 0xAD, 0xDE, // word
        ]
    );
    assert_eq!(Demo::decode(&wire), Ok(demo()));
}

#[test]
fn many_to_one_tables_decode_to_the_canonical_preimage_and_list_all() {
    let mut d = demo();
    d.lo = Colour::Crimson;
    let wire = d.encode().unwrap();
    assert_eq!(wire.as_bytes()[6] & 0x0F, 0x3);
    assert_eq!(wire.lo(), Ok(Colour::Red));
    assert_eq!(
        wire.lo_preimages().collect::<Vec<_>>(),
        vec![Colour::Red, Colour::Crimson]
    );
    // Byte-level round trip always holds.
    let back = Demo::decode(&wire).unwrap();
    assert_eq!(back.encode().unwrap().as_bytes(), wire.as_bytes());
}

#[test]
fn values_that_do_not_fit_are_refused_with_field_and_offset() {
    let mut d = demo();
    d.hi = 0x10;
    let e = d.encode().unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("hi", 0x06));
    assert_eq!(
        e.problem,
        Problem::TooWide {
            value: 0x10,
            bits: 4
        }
    );
    assert_eq!(
        e.to_string(),
        "cannot encode Demo: field `hi` at byte 0x06: value 0x10 does not fit the 4-bit field; \
         the largest value it holds is 0xf"
    );

    let mut d = demo();
    d.lo = Colour::Green;
    let e = d.encode().unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("lo", 0x06));
    assert!(matches!(
        e.problem,
        Problem::NoWireForm {
            table: "colour",
            ..
        }
    ));

    let mut d = demo();
    d.opcode = 0x23;
    let e = d.encode().unwrap_err();
    assert_eq!(
        e.problem,
        Problem::UnknownOpcode {
            opcode: 0x23,
            expected: &[0x21, 0x22]
        }
    );
    assert_eq!(
        e.to_string(),
        "cannot encode Demo: field `opcode` at byte 0x00: opcode 0x23 is not one of [0x21, 0x22]"
    );
}

#[test]
fn decode_checks_identity_header_reserved_bits_and_codes() {
    let good = *demo()
        .encode()
        .unwrap()
        .as_bytes()
        .first_chunk::<16>()
        .unwrap();
    let cases: &[(usize, u8, &str, usize)] = &[
        (0x00, 0x41, "opcode", 0x00),
        (0x01, 0x05, "inst_word_len", 0x01),
        (0x02, 0x01, "reserved", 0x02),
        (0x03, 0x80, "reserved", 0x03),
        (0x07, 0x06, "reserved", 0x07), // bit 2 of the flags byte is unclaimed
        (0x08, 0xC1, "reserved", 0x08), // bits 0..=3 below the 12-bit value
        (0x0A, 0x01, "reserved", 0x0A),
        (0x06, 0x54, "lo", 0x06), // colour code 4 is not in the table
    ];
    for &(offset, byte, field, at) in cases {
        let mut b = good;
        b[offset] = byte;
        let e = Demo::decode_bytes(&b).unwrap_err();
        assert_eq!(
            (e.at.field, e.at.offset),
            (field, at),
            "byte {offset:#x} = {byte:#x}: {e}"
        );
    }
    // A reserved-bits error says which bits: 0xC1 at 0x08 sets bit 0 below the 12-bit value
    // (bits 4..=7 of the byte are its low nibble, bits 0..=3 are unclaimed).
    let mut b = good;
    b[0x08] = 0xC1;
    assert_eq!(
        Demo::decode_bytes(&b).unwrap_err().to_string(),
        "cannot decode Demo: field `reserved` at byte 0x08: reserved bits are set: bit 0 (the \
         byte reads 0xc1; its reserved bits, mask 0x0f, belong to no field and must be zero)"
    );
    b[0x08] = 0xC9;
    assert!(
        Demo::decode_bytes(&b)
            .unwrap_err()
            .to_string()
            .contains("reserved bits are set: bits 0 and 3 (the byte reads 0xc9;")
    );
}

#[test]
fn the_view_reads_fields_in_place() {
    let mut buf = [0u8; 32];
    demo().encode_into(&mut buf[16..]).unwrap();
    let view = Demo::view(&buf[16..]).unwrap();
    assert_eq!(view.opcode_byte(), 0x22);
    assert_eq!(view.count(), Ok(0x1234));
    assert_eq!(view.wide_raw(), 0xABC);
    assert_eq!(view.word(), Ok(0xDEAD_BEEF));
    let e = Demo::view(&buf[20..]).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::Truncated {
            needed: 16,
            available: 12
        }
    );
}

#[test]
fn the_field_table_lists_header_and_fields_in_offset_order() {
    assert_eq!(Demo::IDENTITY, Identity::Opcodes(&[0x21, 0x22]));
    assert_eq!(Demo::WIRE_NAME, "demo");
    let rows: Vec<(&str, usize, Placement)> = Demo::FIELDS
        .iter()
        .map(|f| (f.name, f.offset, f.placement))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("opcode", 0, Placement::Bits { lo: 0, hi: 7 }),
            ("inst_word_len", 1, Placement::Bytes { len: 1 }),
            ("reserved", 2, Placement::Bytes { len: 2 }),
            ("count", 4, Placement::Bytes { len: 2 }),
            ("lo", 6, Placement::Bits { lo: 0, hi: 3 }),
            ("hi", 6, Placement::Bits { lo: 4, hi: 7 }),
            ("flags", 7, Placement::Bits { lo: 0, hi: 1 }),
            // Every run no row claims has a row of its own, a partial byte at a time.
            ("reserved", 7, Placement::Bits { lo: 2, hi: 7 }),
            ("reserved", 8, Placement::Bits { lo: 0, hi: 3 }),
            ("wide", 8, Placement::Bits { lo: 4, hi: 15 }),
            ("reserved", 10, Placement::Bytes { len: 2 }),
            ("word", 12, Placement::Bytes { len: 4 }),
        ]
    );
    assert_eq!(Demo::FIELDS[1].kind, FieldKind::Constant(4));
    assert_eq!(Demo::FIELDS[4].lut.map(|t| t.name), Some("colour"));
    assert_eq!(Demo::FIELDS[9].note, "a 12-bit value across two bytes");
    assert_eq!(Demo::FIELDS[9].confidence, isa_core::Confidence::Inferred);
    let gap = Demo::FIELDS[10];
    assert_eq!(
        (gap.kind, gap.note),
        (FieldKind::Reserved, "no field claims these bits")
    );
}

#[test]
fn the_field_table_names_every_preimage_of_a_shared_code() {
    let table = Demo::FIELDS[4].lut.unwrap();
    assert!(!table.one_to_one);
    assert_eq!(table.preimages(0x3), ["red", "crimson"]);
    assert_eq!(table.preimages(0xB), ["blue"]);
    assert!(table.preimages(0x7).is_empty());
    assert_eq!(table.code_of("crimson"), Some(0x3));
    assert_eq!(table.code_of("green"), None);
    assert_eq!(
        table.entries(),
        [("red", 0x3), ("crimson", 0x3), ("blue", 0xB)]
    );
    assert_eq!(Demo::FIELDS[5].lut, None);
}

/// A 32-bit word layout with identity bits in two runs and a value split across two ranges.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 4, mask = 0x0000_707F, match = 0x0000_1043)]
struct SplitWord {
    #[field(bits = 15..=19)]
    reg: u8,
    #[field(bits = [20..=31, 7..=11])]
    imm: u32,
}

#[test]
fn a_split_value_is_written_low_part_first() {
    let w = SplitWord {
        reg: 3,
        imm: 0x1_2345,
    }
    .encode()
    .unwrap();
    // imm bits 0..=11 (0x345) at word bits 20..=31, bits 12..=16 (0x12) at word bits 7..=11.
    let word = u32::from_le_bytes(*w.as_bytes().first_chunk().unwrap());
    assert_eq!(word, (0x345 << 20) | (3 << 15) | (0x12 << 7) | 0x1043);
    assert_eq!(w.word(), word);
    assert_eq!(
        SplitWord::decode(&w),
        Ok(SplitWord {
            reg: 3,
            imm: 0x1_2345
        })
    );
    let e = SplitWord::decode_bytes(&0x0000_1044u32.to_le_bytes()).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::IdentityMismatch {
            word: 0x1044,
            mask: 0x707F,
            expected: 0x1043
        }
    );
    let e = SplitWord {
        reg: 0,
        imm: 0x2_0000,
    }
    .encode()
    .unwrap_err();
    assert_eq!(
        e.problem,
        Problem::TooWide {
            value: 0x2_0000,
            bits: 17
        }
    );
}

/// Layouts nest: the sync band inside a bundle, with errors naming both levels.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 16, opcodes = [0x10])]
struct WithSync {
    #[field(offset = 0x04)]
    sync: SyncBand,
    #[field(offset = 0x0C)]
    flag: bool,
}

#[test]
fn nested_layouts_report_the_inner_field() {
    let w = WithSync {
        sync: SyncBand {
            value: 7,
            ..SyncBand::default()
        },
        flag: true,
    }
    .encode()
    .unwrap();
    assert_eq!(
        &w.as_bytes()[..13],
        &[0x10, 0x04, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 1]
    );
    let mut b = *w.as_bytes().first_chunk::<16>().unwrap();
    b[0x0C] = 2;
    let e = WithSync::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.inner, e.at.offset), ("flag", None, 0x0C));
    assert_eq!(
        e.to_string(),
        "cannot decode WithSync: field `flag` at byte 0x0c: code 0x2 is not in table `bool`; it holds \
         false (0x0), true (0x1)"
    );
}

/// Constants are written by encode and checked by decode; documented reserved ranges appear in
/// the field table and must be zero.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(
    size = 16,
    opcodes = [0xB2],
    constant(offset = 0x0C, len = 2, value = 0x0100, name = "shape_ctl", note = "fixed for every bundle"),
    constant(offset = 0x0E, value = 1, name = "flag"),
    reserved(offset = 0x08, len = 4, note = "never written")
)]
struct WithConstants {
    #[field(offset = 0x04)]
    mode: u8,
}

#[test]
fn constants_are_written_and_checked() {
    let w = WithConstants { mode: 3 }.encode().unwrap();
    assert_eq!(
        w.as_bytes(),
        &[
            0xB2, 0x04, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x01, 0x01, 0x00
        ]
    );
    let mut b = *w.as_bytes().first_chunk::<16>().unwrap();
    b[0x0D] = 0x02;
    let e = WithConstants::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("shape_ctl", 0x0C));
    assert_eq!(
        e.problem,
        Problem::ConstantMismatch {
            expected: 0x0100,
            found: 0x0200
        }
    );
    let mut b = *w.as_bytes().first_chunk::<16>().unwrap();
    b[0x09] = 0x80;
    let e = WithConstants::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 0x09));
    // Two faults: the constant is reported first, as the layout states it, though the reserved
    // byte comes earlier in the bundle.
    b[0x0E] = 0x00;
    let e = WithConstants::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("flag", 0x0E));
    let rows: Vec<(&str, FieldKind)> = WithConstants::FIELDS
        .iter()
        .map(|f| (f.name, f.kind))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("opcode", FieldKind::Opcode),
            ("inst_word_len", FieldKind::Constant(4)),
            ("reserved", FieldKind::Reserved),
            ("mode", FieldKind::Value),
            ("reserved", FieldKind::Reserved),
            ("reserved_0x08", FieldKind::Reserved),
            ("shape_ctl", FieldKind::Constant(0x0100)),
            ("flag", FieldKind::Constant(1)),
            ("reserved", FieldKind::Reserved),
        ]
    );
}

isa_core::enumeration! {
    /// Three opcodes, one more than the layout below declares.
    enum Form: "Form" {
        First = 0x21 => "first",
        Second = 0x22 => "second",
        Third = 0x23 => "third",
    }
}

#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 8, opcodes = [0x21, 0x22])]
struct TwoForms {
    #[field(opcode)]
    form: Form,
}

#[test]
fn an_enumeration_opcode_is_checked_unless_every_code_is_declared() {
    let w = TwoForms { form: Form::Second }.encode().unwrap();
    assert_eq!(w.as_bytes(), &[0x22, 0x02, 0, 0, 0, 0, 0, 0]);
    let e = TwoForms { form: Form::Third }.encode().unwrap_err();
    assert_eq!(
        e.problem,
        Problem::UnknownOpcode {
            opcode: 0x23,
            expected: &[0x21, 0x22]
        }
    );
    let e = TwoForms::decode_bytes(&[0x23, 0x02, 0, 0, 0, 0, 0, 0]).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("opcode", 0x00));
}

/// An op known by its opcode whose field map is not recovered: its bytes are carried whole.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 64, opcodes = [0x92], unrecovered = "operands known: idx_partition_ap, fill_value")]
struct Unknown {
    #[field(offset = 0x04, confidence = speculative)]
    body: [u8; 60],
}

#[test]
fn unrecovered_layouts_carry_their_bytes_exactly() {
    assert_eq!(
        Unknown::LAYOUT,
        isa_core::LayoutStatus::Unrecovered("operands known: idx_partition_ap, fill_value")
    );
    assert_eq!(Demo::LAYOUT, isa_core::LayoutStatus::Recovered);
    let mut b = [0u8; 64];
    b[0] = 0x92;
    b[1] = 0x10;
    for (i, x) in b.iter_mut().enumerate().skip(4) {
        *x = i as u8 ^ 0xA5;
    }
    let u = Unknown::decode_bytes(&b).unwrap();
    assert_eq!(u.encode().unwrap().as_bytes(), &b);
}

/// A CoreV4 dtype tag in a whole byte. The same table in a nibble does not compile ("a 0x10 tag
/// can never be written into a nibble field", SPEC-NOTES §1): tests/ui/lut/code-wider-than-nibble.rs.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 64, opcodes = [0x30])]
struct V4Byte {
    #[field(offset = 0x20, lut = isa_core::dtype_v4)]
    in_dtype: isa_core::Dtype,
}

#[test]
fn float4_through_dtype_v4_into_a_whole_byte_writes_0x10() {
    let w = V4Byte {
        in_dtype: isa_core::Dtype::Float4E2m1fnX4,
    }
    .encode()
    .unwrap();
    assert_eq!(w.as_bytes()[0x20], 0x10);
    assert_eq!(
        V4Byte::decode(&w).unwrap().in_dtype,
        isa_core::Dtype::Float4E2m1fnX4
    );
}

/// One field list stamped by a `macro_rules!` with the table as a parameter: the table path
/// comes from the invocation, the field attributes from the macro's body, two hygiene contexts
/// that the generated accessors must not mix up.
macro_rules! stamp {
    ($name:ident, $op:tt, $table:ident) => {
        #[derive(Bundle, Debug, Clone, PartialEq)]
        #[bundle(size = 8, opcodes = [$op])]
        struct $name {
            #[field(offset = 0x04, lut = $table)]
            dtype: isa_core::Dtype,
            #[field(offset = 0x05, nibble = lo)]
            lanes: u8,
        }
    };
}

use isa_core::{dtype_v2, dtype_v4};
stamp!(StampV2, 0x43, dtype_v2);
stamp!(StampV4, 0x30, dtype_v4);

#[test]
fn a_table_passed_into_a_macro_stamp_selects_the_codes() {
    let f4 = isa_core::Dtype::Float4E2m1fnX4;
    let v2 = StampV2 {
        dtype: f4,
        lanes: 3,
    }
    .encode()
    .unwrap();
    let v4 = StampV4 {
        dtype: f4,
        lanes: 3,
    }
    .encode()
    .unwrap();
    assert_eq!(v2.as_bytes(), &[0x43, 0x02, 0, 0, 0x05, 0x03, 0, 0]);
    assert_eq!(v4.as_bytes(), &[0x30, 0x02, 0, 0, 0x10, 0x03, 0, 0]);
    assert_eq!(
        v2.dtype(),
        Ok(isa_core::Dtype::Uint16),
        "0x05's canonical preimage"
    );
    assert_eq!(v4.dtype(), Ok(f4));
    let mut w = v4;
    w.set_dtype(&isa_core::Dtype::Bfloat16).unwrap();
    assert_eq!(w.as_bytes()[4], 0x06);
}

/// Encodes `value` in place over buffers that held other bytes: the layout's bytes come out as
/// `encode` gives them (header, constants, reserved and identity bits included), and the bytes
/// after the layout are left alone.
fn encodes_over_any_old_bytes<B: isa_core::Bundle>(value: &B) {
    let expected = value.encode().unwrap();
    for fill in [0x00u8, 0xFF, 0xA5, 0x5A] {
        let mut buf = vec![fill; B::SIZE + 3];
        value.encode_into(&mut buf).unwrap();
        assert_eq!(
            &buf[..B::SIZE],
            expected.as_bytes(),
            "{} over {fill:#04x}",
            B::NAME
        );
        assert!(buf[B::SIZE..].iter().all(|&b| b == fill), "{}", B::NAME);
    }
}

#[test]
fn encoding_in_place_writes_every_byte_of_a_used_buffer() {
    let mut buf = [0xFFu8; 16];
    demo().encode_into(&mut buf).unwrap();
    // The bytes of `encodes_every_field_at_its_place_and_zeroes_the_rest`: the reserved bytes
    // 0x02..=0x03 and 0x0A..=0x0B, the reserved bits 2..=7 of 0x07 and 0..=3 of 0x08 are zero.
    assert_eq!(
        buf,
        [
            0x22, 0x04, 0x00, 0x00, 0x34, 0x12, 0x5B, 0x02, 0xC0, 0xAB, 0x00, 0x00, 0xEF, 0xBE,
            0xAD, 0xDE
        ]
    );
    encodes_over_any_old_bytes(&demo());
    encodes_over_any_old_bytes(&SplitWord {
        reg: 3,
        imm: 0x1_2345,
    });
    encodes_over_any_old_bytes(&WithConstants { mode: 3 });
    encodes_over_any_old_bytes(&WithSync {
        sync: SyncBand {
            value: 7,
            ..SyncBand::default()
        },
        flag: true,
    });
    encodes_over_any_old_bytes(&TwoForms { form: Form::Second });
    encodes_over_any_old_bytes(&Unknown { body: [0x11; 60] });
    encodes_over_any_old_bytes(&V4Byte {
        in_dtype: isa_core::Dtype::Bfloat16,
    });
}

#[test]
fn a_short_buffer_is_refused_before_a_byte_is_written() {
    let mut buf = [0xA5u8; 15];
    let e = demo().encode_into(&mut buf).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::Truncated {
            needed: 16,
            available: 15
        }
    );
    assert_eq!(buf, [0xA5; 15]);
}

/// Two bit fields that share byte 0x08 make one ten-byte cell, longer than one store: it is
/// written through the fields' setters, still every byte once defined.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 16, opcodes = [0x31])]
struct LongCell {
    #[field(offset = 0x04, bits = 0..=35)]
    low: u64,
    #[field(offset = 0x08, bits = 4..=43)]
    high: u64,
}

#[test]
fn a_cell_longer_than_a_word_is_written_whole() {
    let value = LongCell {
        low: 0x9_8765_4321,
        high: 0xAB_CDEF_0123,
    };
    let mut buf = [0xFFu8; 16];
    value.encode_into(&mut buf).unwrap();
    assert_eq!(
        buf,
        [
            0x31, 0x04, 0x00, 0x00, // header
            0x21, 0x43, 0x65, 0x87, // low, bits 0..=31
            0x39, // low bits 32..=35 in the low nibble, high bits 0..=3 in the high one
            0x12, 0xF0, 0xDE, 0xBC, // high, bits 4..=35
            0x0A, // high bits 36..=39; the high nibble is reserved
            0x00, 0x00, // reserved
        ]
    );
    assert_eq!(LongCell::decode_bytes(&buf), Ok(value.clone()));
    encodes_over_any_old_bytes(&value);
}

/// A layout with no field: the header alone, every other byte reserved.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 8, opcodes = [0x3F])]
struct Nop {}

#[test]
fn a_layout_without_fields_is_its_header() {
    let mut buf = [0xEEu8; 8];
    Nop {}.encode_into(&mut buf).unwrap();
    assert_eq!(buf, [0x3F, 0x02, 0, 0, 0, 0, 0, 0]);
    assert_eq!(Nop::decode_bytes(&buf), Ok(Nop {}));
    buf[5] = 0x01;
    let e = Nop::decode_bytes(&buf).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("reserved", 5));
}
