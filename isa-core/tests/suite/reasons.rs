//! A validator's reason: a template and typed values, formatted only when displayed.

use isa_core::{AluOp, Arg, Confidence, Dtype, Finding, Print, Reason, ReasonArg, Rule, reason};

const RULE: Rule = Rule {
    name: "tensor3d_valid",
    confidence: Confidence::Strong,
    source: "seed 002",
};

#[test]
fn each_argument_prints_as_its_kind_says() {
    let r = reason!(
        "{} {} {} {}",
        7u8,
        -3i32,
        ReasonArg::hex(0xABC),
        Dtype::Bfloat16
    );
    assert_eq!(r.to_string(), "7 -3 0xabc bfloat16");
    let r = reason!(
        "byte {}, word {}, opcode {}",
        ReasonArg::hex2(0x7),
        ReasonArg::hex8(0x2C),
        ReasonArg::hex2(0x1234)
    );
    // `{:#04x}` pads to two digits and never cuts a wider value.
    assert_eq!(r.to_string(), "byte 0x07, word 0x0000002c, opcode 0x1234");
    assert_eq!(
        reason!("op{} is {}", 0u8, AluOp::Bypass).to_string(),
        "op0 is bypass"
    );
    assert_eq!(reason!("no value").to_string(), "no value");
}

#[test]
fn a_reason_keeps_its_template_and_its_values_as_they_print() {
    let r = reason!("a {} b {} c {}", 1u32, -2i8, Dtype::Int32);
    assert_eq!(r.template(), "a {} b {} c {}");
    assert_eq!(
        r.args().collect::<Vec<_>>(),
        vec![
            ReasonArg::Uint(1),
            ReasonArg::Int(-2),
            ReasonArg::Name("int32")
        ]
    );
    assert_eq!(Reason::placeholders("a {} b {} {"), 2);
}

/// A user's own enumerator type, named through a table that lacks one of its codes.
#[derive(Clone, Copy)]
struct Lane(u8);

impl Arg for Lane {
    const PRINT: Print = Print::Name(&[("left", 0), ("right", 1)]);
    fn value(self) -> u64 {
        u64::from(self.0)
    }
}

#[test]
fn a_user_type_prints_by_its_table_and_a_code_it_lacks_prints_as_the_code() {
    assert_eq!(reason!("lane {}", Lane(1)).to_string(), "lane right");
    let r = reason!("lane {}", Lane(7));
    assert_eq!(r.to_string(), "lane code 7");
    assert_eq!(r.args().collect::<Vec<_>>(), vec![ReasonArg::Unnamed(7)]);
}

#[test]
fn the_same_template_and_values_are_the_same_reason() {
    let one = |n: u32| reason!("count {}", n);
    assert_eq!(one(3), one(3));
    assert_ne!(one(3), one(4));
    assert_eq!(reason!("count {}", 3u32), one(3));
}

#[test]
fn a_finding_prints_check_field_byte_and_reason() {
    let f = Finding::new(&RULE, "in0", 0x2A, reason!("count{} is 0", 1usize));
    assert_eq!(
        f.to_string(),
        "tensor3d_valid failed on `in0` at byte 0x2a: count1 is 0"
    );
    assert_eq!(f.check(), "tensor3d_valid");
    // A few words, no heap text: the reason is a pointer to its static shape and four values.
    assert_eq!(std::mem::size_of::<Reason>(), 40);
    assert_eq!(std::mem::size_of::<Finding>(), 72);
}
