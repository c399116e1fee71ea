//! A validator's reason: a template and typed values, formatted only when displayed.

use isa_core::{AluOp, Confidence, Dtype, Finding, Reason, ReasonArg, Rule, reason};

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
        reason!("{} is {}", "op0", AluOp::Bypass).to_string(),
        "op0 is bypass"
    );
    assert_eq!(reason!("no value").to_string(), "no value");
}

#[test]
fn a_placeholder_with_no_argument_prints_nothing() {
    let r = Reason::new("a {} b {}", [ReasonArg::Uint(1)]);
    assert_eq!(r.to_string(), "a 1 b ");
    assert_eq!(Reason::placeholders("a {} b {} {"), 2);
    assert_eq!(r.args().collect::<Vec<_>>(), vec![ReasonArg::Uint(1)]);
    assert_eq!(r.template(), "a {} b {}");
}

#[test]
fn a_finding_prints_check_field_byte_and_reason() {
    let f = Finding::new(&RULE, "in0", 0x2A, reason!("count{} is 0", 1usize));
    assert_eq!(
        f.to_string(),
        "tensor3d_valid failed on `in0` at byte 0x2a: count1 is 0"
    );
    assert_eq!(f.check(), "tensor3d_valid");
    // Small enough to copy: no heap text.
    assert!(std::mem::size_of::<Finding>() <= 160);
}
