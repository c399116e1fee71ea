//! The generated code uses absolute paths only: it compiles with no prelude and next to items
//! that shadow common names.

mod hygienic {
    #![no_implicit_prelude]

    // Shadows that a non-hygienic expansion would pick up.
    #[allow(dead_code)]
    struct Result;
    #[allow(dead_code)]
    struct Option;
    #[allow(dead_code)]
    mod zerocopy {}

    #[derive(::isa::Bundle, Debug, PartialEq)]
    #[bundle(size = 16, opcodes = [0x30, 0x31])]
    pub struct Plain {
        #[field(opcode)]
        pub opcode: u8,
        #[field(offset = 0x04)]
        pub sync: ::isa_core::SyncBand,
        #[field(offset = 0x0C, nibble = hi)]
        pub small: u8,
        #[field(offset = 0x0D, bits = 0..=9)]
        pub ten: u16,
    }

    #[derive(::isa::Bundle, Debug, PartialEq)]
    #[bundle(size = 4, mask = 0x0000_007F, match = 0x0000_0013)]
    pub struct Word {
        #[field(bits = 7..=11)]
        pub reg: u8,
    }

    // A runtime named through the facade: the path is made absolute, so it resolves here too.
    #[derive(::isa::Bundle, Debug, PartialEq)]
    #[bundle(size = 4, mask = 0x0000_007F, match = 0x0000_0033, crate = "isa::core")]
    pub struct Named {
        #[field(bits = 7..=11)]
        pub reg: u8,
    }
}

use isa_core::Bundle;

#[test]
fn layouts_declared_without_a_prelude_work() {
    let p = hygienic::Plain {
        opcode: 0x31,
        sync: Default::default(),
        small: 9,
        ten: 0x3FF,
    };
    let wire = p.encode().unwrap();
    assert_eq!(hygienic::Plain::decode(&wire).unwrap(), p);
    let w = hygienic::Word { reg: 31 }.encode().unwrap();
    assert_eq!(w.word(), (31 << 7) | 0x13);
    let n = hygienic::Named { reg: 3 }.encode().unwrap();
    assert_eq!(n.word(), (3 << 7) | 0x33);
}
