///Wire layout of [`Unrecovered`]: 64 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
#[derive(
    ::isa_core::__private::zerocopy::FromBytes,
    ::isa_core::__private::zerocopy::IntoBytes,
    ::isa_core::__private::zerocopy::KnownLayout,
    ::isa_core::__private::zerocopy::Immutable,
    ::isa_core::__private::zerocopy::Unaligned,
    ::core::clone::Clone,
    ::core::marker::Copy
)]
#[zerocopy(crate = "::isa_core::__private::zerocopy")]
#[repr(C)]
pub struct UnrecoveredWire {
    ///Byte 0x00: the opcode.
    opcode: u8,
    ///Byte 0x01: `inst_word_len`, the size in 32-bit words.
    inst_word_len: u8,
    ///Bytes 0x02..=0x03: reserved, zero.
    _reserved_02: [u8; 2usize],
    ///From byte 0x04: `body`.
    body: <[u8; 60] as ::isa_core::Field>::Wire,
    ///Reserved bytes after `body` up to 0x40, zero.
    _reserved_after_body: [u8; 64usize
        .saturating_sub(
            4usize + ::core::mem::size_of::<<[u8; 60] as ::isa_core::Field>::Wire>(),
        )],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "opcode",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bytes {
                len: 1usize,
            },
            value_bits: ::core::option::Option::None,
            ty: "u8",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Opcode,
            confidence: ::isa_core::Confidence::Confirmed,
            note: "",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "inst_word_len",
            spec_name: "",
            offset: 1usize,
            placement: ::isa_core::Placement::Bytes {
                len: 1usize,
            },
            value_bits: ::core::option::Option::None,
            ty: "u8",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Constant(16u64),
            confidence: ::isa_core::Confidence::Confirmed,
            note: "size in 32-bit words",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "reserved",
            spec_name: "",
            offset: 2usize,
            placement: ::isa_core::Placement::Bytes {
                len: 2usize,
            },
            value_bits: ::core::option::Option::None,
            ty: "",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Reserved,
            confidence: ::isa_core::Confidence::Confirmed,
            note: "",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "body",
            spec_name: "",
            offset: 4usize,
            placement: ::isa_core::Placement::Bytes {
                len: ::core::mem::size_of::<<[u8; 60] as ::isa_core::Field>::Wire>(),
            },
            value_bits: ::core::option::Option::None,
            ty: "[u8;60]",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::Strong,
            note: "the whole body after the header",
            corroborated: "",
            disputed: "",
        },
    ];
    #[allow(dead_code)]
    impl UnrecoveredWire {
        /// The opcode byte (0x00).
        #[inline]
        pub fn opcode_byte(&self) -> u8 {
            ::isa_core::__private::read_bits(
                ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self),
                0,
                0,
                7,
            ) as u8
        }
        ///`body`, decoded and checked.
        #[inline]
        pub fn body(&self) -> ::core::result::Result<[u8; 60], ::isa_core::DecodeError> {
            <[u8; 60] as ::isa_core::Field>::from_wire(&self.body)
                .map_err(|e| ::isa_core::__private::decode_error(
                    "Unrecovered",
                    "body",
                    4usize,
                    e,
                ))
        }
        ///`body` as stored, unchecked.
        #[inline]
        pub fn body_raw(&self) -> &<[u8; 60] as ::isa_core::Field>::Wire {
            &self.body
        }
        ///Writes `body`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_body(
            &mut self,
            value: &[u8; 60],
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.body = <[u8; 60] as ::isa_core::Field>::to_wire(value)
                .map_err(|e| ::isa_core::__private::encode_error(
                    "Unrecovered",
                    "body",
                    4usize,
                    e,
                ))?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for Unrecovered {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut UnrecoveredWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 4usize)
                } | (154u8 as u64) << 0u32 | (16u8 as u64) << 8u32;
                ::isa_core::__private::write_le(
                    ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(wire),
                    0usize,
                    4usize,
                    word,
                );
            }
            wire.set_body(&self.body)?;
            wire._reserved_after_body = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    4usize
                        + ::core::mem::size_of::<<[u8; 60] as ::isa_core::Field>::Wire>(),
                )
            };
            ::core::result::Result::Ok(())
        }
    }
    const _: () = if 4usize
        + ::core::mem::size_of::<<[u8; 60] as ::isa_core::Field>::Wire>() > 64usize
    {
        ::core::panic!(
            "{}", ::isa_core::__private::past_end("body", 4usize, ::core::mem::size_of::
            << [u8; 60] as ::isa_core::Field > ::Wire > (), 64usize).as_str()
        )
    };
    const _: () = ::core::assert!(
        < [u8; 60] as ::isa_core::Field > ::DESCRIPTOR_DIMS == 0 ||
        ::core::mem::size_of:: << [u8; 60] as ::isa_core::Field > ::Wire > () == 4 + 4 *
        < [u8; 60] as ::isa_core::Field > ::DESCRIPTOR_DIMS,
        "field `body` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)"
    );
    const _: () = ::core::assert!(
        ! (4usize + ::core::mem::size_of:: << [u8; 60] as ::isa_core::Field > ::Wire > ()
        <= 64usize && true) || ::core::mem::size_of:: < UnrecoveredWire > () == 64usize,
        "the wire struct is not the declared 64 bytes"
    );
    const _: () = ::isa_core::__private::opaque_bytes::<[u8; 60]>();
};
