//! The field visitor: what each kind of field shows, in which order, once per value, and where
//! an undecodable value is reported.

use isa_core::render::{RenderError, json_fields, text_fields, text_fields_in};
use isa_core::visit::{FieldOrder, Key, Nest, Value, Visitor};
use isa_core::{
    AccumulateCmd, Bundle, Dtype, FieldError, Lut, LutRef, SyncBand, Tensor2d, accumulate, alu_v2,
    alu_v4, dtype_v2, dtype_v4, memset_opcode,
};
use isa_derive::Bundle;

/// A 32-bit word declared high bits first, with a value split across two bit ranges.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 4, mask = 0x0000_007F, match = 0x0000_0013)]
struct Word {
    #[field(bits = 27..=31)]
    high: u8,
    #[field(bits = 15..=26)]
    signed: i16,
    #[field(bits = [12..=14, 7..=11])]
    split: u8,
}

/// A nested layout with a flag byte.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 2)]
struct Flags {
    #[field(offset = 0x00)]
    on: bool,
    #[field(offset = 0x01)]
    level: u8,
}

/// A nested layout with a reserved byte.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 2)]
struct Padded {
    #[field(offset = 0x00)]
    level: u8,
}

/// A bundle that holds [`Padded`].
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 8, opcodes = [0x61])]
struct Holder {
    #[field(offset = 0x04)]
    padded: Padded,
}

/// One of every kind of whole and bit-range field.
#[derive(Bundle, Debug, Clone, PartialEq)]
#[bundle(size = 32, opcodes = [0x60])]
struct Every {
    #[field(offset = 0x04)]
    sync: SyncBand,
    #[field(offset = 0x0C, nibble = lo, lut = dtype_v2)]
    dtype: Dtype,
    #[field(offset = 0x0C, nibble = hi)]
    small: u8,
    #[field(offset = 0x0D, lut = accumulate)]
    acc: AccumulateCmd,
    #[field(offset = 0x0E)]
    flags: Flags,
    #[field(offset = 0x10)]
    ap: Tensor2d,
    #[field(offset = 0x1C)]
    body: [u8; 4],
}

/// Every call of a walk, as text.
#[derive(Default)]
struct Record {
    order: FieldOrder,
    calls: Vec<String>,
}

impl Visitor for Record {
    type Error = FieldError;
    fn order(&self) -> FieldOrder {
        self.order
    }
    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), FieldError> {
        let value = match value {
            Value::Code { code, name, table } => format!("Code({code}, {name}, {table})"),
            other => format!("{other:?}"),
        };
        self.calls.push(format!("{} {value}", name(key)));
        Ok(())
    }
    fn begin(&mut self, key: Key, nest: Nest) -> Result<(), FieldError> {
        self.calls.push(format!("{} begin {nest:?}", name(key)));
        Ok(())
    }
    fn end(&mut self, nest: Nest) -> Result<(), FieldError> {
        self.calls.push(format!("end {nest:?}"));
        Ok(())
    }
    fn undecodable(&mut self, _: Key, error: FieldError) -> Result<(), FieldError> {
        Err(error)
    }
}

fn name(key: Key) -> String {
    match key {
        Key::Element { index, .. } => format!("[{index}]"),
        other => other.name().unwrap_or_default().to_string(),
    }
}

fn walk<B: Bundle>(wire: &B::Wire, order: FieldOrder) -> Vec<String> {
    let mut record = Record {
        order,
        calls: Vec::new(),
    };
    B::visit(wire, &mut record).expect("every field decodes");
    record.calls
}

#[test]
fn a_word_is_walked_in_declaration_or_table_order_and_a_split_value_once() {
    let word = Word {
        high: 17,
        signed: -3,
        split: 0xAB,
    };
    let wire = word.encode().unwrap();
    assert_eq!(
        walk::<Word>(&wire, FieldOrder::Declaration),
        [
            "high Unsigned(17)",
            "signed Signed(-3)",
            "split Unsigned(171)"
        ]
    );
    // The split value is at its lowest part, bits 7..=11.
    assert_eq!(
        walk::<Word>(&wire, FieldOrder::Offset),
        [
            "split Unsigned(171)",
            "signed Signed(-3)",
            "high Unsigned(17)"
        ]
    );
    // The key of a split value is the row of its first declared part: bits 12..=14, the low
    // value bits.
    let mut keys = Vec::new();
    struct Keys<'a>(&'a mut Vec<Option<(u32, u32)>>);
    impl Visitor for Keys<'_> {
        type Error = FieldError;
        fn value(&mut self, key: Key, _: Value<'_>) -> Result<(), FieldError> {
            if let Key::Field(info) = key {
                self.0.push(info.value_bits);
            }
            Ok(())
        }
        fn begin(&mut self, _: Key, _: Nest) -> Result<(), FieldError> {
            Ok(())
        }
        fn end(&mut self, _: Nest) -> Result<(), FieldError> {
            Ok(())
        }
        fn undecodable(&mut self, _: Key, error: FieldError) -> Result<(), FieldError> {
            Err(error)
        }
    }
    Word::visit(&wire, &mut Keys(&mut keys)).unwrap();
    assert_eq!(keys, [None, None, Some((0, 2))]);
    let mut text = String::new();
    text_fields_in::<Word, _>(&wire, FieldOrder::Declaration, &mut text).unwrap();
    assert_eq!(text, "high=17 signed=-3 split=171");
}

fn every() -> Every {
    Every {
        sync: SyncBand {
            value: 9,
            ..SyncBand::default()
        },
        dtype: Dtype::Uint8,
        small: 5,
        acc: AccumulateCmd::AddAccumulate,
        flags: Flags { on: true, level: 2 },
        ap: Tensor2d {
            addr: isa_core::Addr4::from_raw(0x2000_0040),
            strides: [-1, 2],
            nums: [3, 4],
        },
        body: [0xDE, 0xAD, 0x00, 0x0F],
    }
}

#[test]
fn every_kind_of_field_shows_its_typed_value() {
    let wire = every().encode().unwrap();
    let code = |name: &str| LutRef::of::<accumulate>().code_of(name).unwrap();
    assert_eq!(
        walk::<Every>(&wire, FieldOrder::Declaration),
        [
            "sync begin Layout(\"SyncBand\")".to_string(),
            "wait_mode Unsigned(0)".into(),
            "wait_index Unsigned(0)".into(),
            "update_mode Unsigned(0)".into(),
            "update_index Unsigned(0)".into(),
            "value Unsigned(9)".into(),
            "end Layout(\"SyncBand\")".into(),
            "dtype Code(3, uint8, dtype_v2)".into(),
            "small Unsigned(5)".into(),
            format!(
                "acc Code({}, add_accumulate, accumulate)",
                code("add_accumulate")
            ),
            "flags begin Layout(\"Flags\")".into(),
            "on Bool(true)".into(),
            "level Unsigned(2)".into(),
            "end Layout(\"Flags\")".into(),
            "ap begin Layout(\"TENSOR2D\")".into(),
            "addr Address(536870976)".into(),
            "strides begin Seq(2)".into(),
            "[0] Signed(-1)".into(),
            "[1] Signed(2)".into(),
            "end Seq(2)".into(),
            "nums begin Seq(2)".into(),
            "[0] Unsigned(3)".into(),
            "[1] Unsigned(4)".into(),
            "end Seq(2)".into(),
            "end Layout(\"TENSOR2D\")".into(),
            "body Bytes([222, 173, 0, 15])".into(),
        ]
    );
    let mut text = String::new();
    text_fields::<Every, _>(&wire, &mut text).unwrap();
    assert_eq!(
        text,
        "sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=9} \
         dtype=uint8|float8_e8m0fnu small=5 acc=add_accumulate flags={on=true,level=2} \
         ap={addr=0x20000040,strides=[-1,2],nums=[3,4]} body=dead000f"
    );
    let mut json = String::from("{\"op\":\"Every\"");
    json_fields::<Every, _>(&wire, &mut json).unwrap();
    assert_eq!(
        json,
        r#"{"op":"Every","sync":{"wait_mode":0,"wait_index":0,"update_mode":0,"update_index":0,"value":9},"dtype":"uint8","small":5,"acc":"add_accumulate","flags":{"on":true,"level":2},"ap":{"addr":536870976,"strides":[-1,2],"nums":[3,4]},"body":"dead000f"}"#
    );
}

#[test]
fn an_undecodable_field_is_reported_where_decode_reports_it() {
    let good = every().encode().unwrap();
    let bytes = zerocopy::IntoBytes::as_bytes(&good);
    // A table code no entry has, a flag byte of 2 inside a nested layout.
    for (at, value) in [(0x0D, 0xEE), (0x0E, 2)] {
        let mut bad = bytes.to_vec();
        bad[at] = value;
        let wire = Every::view(&bad).unwrap();
        let decode = Every::decode(wire).unwrap_err();
        let mut out = String::new();
        assert_eq!(
            text_fields::<Every, _>(wire, &mut out),
            Err(RenderError::from(decode.clone()))
        );
        assert_eq!(decode.at.offset, at);
    }
    let mut bad = bytes.to_vec();
    bad[0x0E] = 2;
    let decode = Every::decode_bytes(&bad).unwrap_err();
    assert_eq!((decode.at.field, decode.at.inner), ("flags", Some("on")));
    // A visitor may go on past an undecodable value.
    struct Skip(usize);
    impl Visitor for Skip {
        type Error = ();
        fn value(&mut self, _: Key, _: Value<'_>) -> Result<(), ()> {
            self.0 += 1;
            Ok(())
        }
        fn begin(&mut self, _: Key, _: Nest) -> Result<(), ()> {
            Ok(())
        }
        fn end(&mut self, _: Nest) -> Result<(), ()> {
            Ok(())
        }
        fn undecodable(&mut self, _: Key, _: FieldError) -> Result<(), ()> {
            Ok(())
        }
    }
    let mut skip = Skip(0);
    Every::visit(Every::view(&bad).unwrap(), &mut skip).unwrap();
    // 5 band values, dtype, small, acc, level, addr, 4 descriptor elements, body.
    assert_eq!(skip.0, 15);
}

#[test]
fn preimage_names_are_the_preimages_read_in_place() {
    fn check<L: Lut>() {
        let table = LutRef::of::<L>();
        for code in 0..=256 {
            let names: Vec<&str> = table.preimage_names(code).collect();
            assert_eq!(names, table.preimages(code), "{} code {code}", L::NAME);
        }
    }
    check::<dtype_v2>();
    check::<dtype_v4>();
    check::<alu_v2>();
    check::<alu_v4>();
    check::<accumulate>();
    check::<memset_opcode>();

    /// A table written by hand without `CODES`: the names come through `value_name`.
    #[allow(non_camel_case_types)]
    struct by_hand;
    impl Lut for by_hand {
        type Value = Dtype;
        const NAME: &'static str = "by_hand";
        const CODE_BITS: u32 = 2;
        const ONE_TO_ONE: bool = false;
        const ENTRIES: &'static [(Dtype, u8)] =
            &[(Dtype::Uint8, 1), (Dtype::Float32, 2), (Dtype::Int8, 1)];
        fn value_name(value: &Dtype) -> &'static str {
            value.name()
        }
        fn encode(value: &Dtype) -> Option<u8> {
            Self::ENTRIES
                .iter()
                .find_map(|(v, c)| (v == value).then_some(*c))
        }
        fn decode(code: u64) -> Option<Dtype> {
            match code {
                1 => Some(Dtype::Int8),
                2 => Some(Dtype::Float32),
                _ => None,
            }
        }
    }
    check::<by_hand>();
    let names: Vec<&str> = LutRef::of::<by_hand>().preimage_names(1).collect();
    assert_eq!(names, ["int8", "uint8"]);
}

#[test]
fn a_nested_layout_with_a_reserved_bit_set_is_undecodable_where_decode_says_so() {
    let good = Holder {
        padded: Padded { level: 3 },
    }
    .encode()
    .unwrap();
    let mut bad = zerocopy::IntoBytes::as_bytes(&good).to_vec();
    bad[0x05] = 0x80;
    let wire = Holder::view(&bad).unwrap();
    // The holder's own fixed bits are right; its field's are not.
    assert!(Holder::fixed_ok(wire));
    let decode = Holder::decode(wire).unwrap_err();
    let at = decode.at;
    assert_eq!(
        (at.field, at.inner, at.offset),
        ("padded", Some("reserved"), 5)
    );
    // The walk reports the field undecodable with that fault, as rendering shows.
    let mut out = String::new();
    assert_eq!(
        text_fields::<Holder, _>(wire, &mut out),
        Err(RenderError::from(decode.clone()))
    );
}
