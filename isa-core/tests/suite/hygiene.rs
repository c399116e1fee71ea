//! `enumeration!` and `lut!` expand to code that names everything by absolute path: they work
//! in a module without the prelude.
#![no_implicit_prelude]

::isa_core::enumeration! {
    /// Three values.
    pub enum Tri: "Tri" {
        /// The first.
        A = 0 => "a",
        /// The second.
        B = 1 => "b",
        /// The third.
        C = 7 => "c",
    }
}

::isa_core::lut! {
    /// A and B share a code; C has none.
    pub tri_tag: Tri { A => 0x11, B => 0x11 }
    canonical { 0x11 => B }
    unmapped { C }
}

#[test]
fn the_expansion_needs_no_prelude() {
    use ::isa_core::Lut;
    ::std::assert_eq!(Tri::from_code(7), ::std::option::Option::Some(Tri::C));
    ::std::assert_eq!(tri_tag::decode(0x11), ::std::option::Option::Some(Tri::B));
    ::std::assert_eq!(tri_tag::encode(&Tri::C), ::std::option::Option::None);
    ::std::assert_eq!(tri_tag::CODE_BITS, 5);
}
