///Wire layout of [`DescriptorSlot`]: 32 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct DescriptorSlotWire {
    ///Byte 0x00: the opcode.
    opcode: u8,
    ///Byte 0x01: `inst_word_len`, the size in 32-bit words.
    inst_word_len: u8,
    ///Bytes 0x02..=0x0f: reserved, zero.
    _reserved_02: [u8; 14usize],
    ///From byte 0x10: `out`.
    out: <Tensor3d as ::isa_core::Field>::Wire,
    ///Reserved bytes after `out` up to 0x20, zero.
    _reserved_after_out: [u8; 32usize
        .saturating_sub(
            16usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
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
            kind: ::isa_core::FieldKind::Constant(8u64),
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
            name: "out",
            spec_name: "",
            offset: 16usize,
            placement: ::isa_core::Placement::Bytes {
                len: ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
            },
            value_bits: ::core::option::Option::None,
            ty: "Tensor3d",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "",
        },
    ];
    #[allow(dead_code)]
    impl DescriptorSlotWire {
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
        ///`out`, decoded and checked.
        #[inline]
        pub fn out(&self) -> ::core::result::Result<Tensor3d, ::isa_core::DecodeError> {
            <Tensor3d as ::isa_core::Field>::from_wire(&self.out)
                .map_err(|e| ::isa_core::__private::decode_error(
                    "DescriptorSlot",
                    "out",
                    16usize,
                    e,
                ))
        }
        ///`out` as stored, unchecked.
        #[inline]
        pub fn out_raw(&self) -> &<Tensor3d as ::isa_core::Field>::Wire {
            &self.out
        }
        ///Writes `out`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_out(
            &mut self,
            value: &Tensor3d,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.out = <Tensor3d as ::isa_core::Field>::to_wire(value)
                .map_err(|e| ::isa_core::__private::encode_error(
                    "DescriptorSlot",
                    "out",
                    16usize,
                    e,
                ))?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for DescriptorSlot {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut DescriptorSlotWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 2usize)
                } | (65u8 as u64) << 0u32 | (8u8 as u64) << 8u32;
                ::isa_core::__private::write_le(
                    ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(wire),
                    0usize,
                    2usize,
                    word,
                );
            }
            wire._reserved_02 = const {
                ::isa_core::__private::fixed_bytes(&__FIXED, 2usize)
            };
            wire.set_out(&self.out)?;
            wire._reserved_after_out = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    16usize
                        + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
                )
            };
            ::core::result::Result::Ok(())
        }
    }
    const _: () = if 16usize
        + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>() > 32usize
    {
        ::core::panic!(
            "{}", ::isa_core::__private::past_end("out", 16usize, ::core::mem::size_of::
            << Tensor3d as ::isa_core::Field > ::Wire > (), 32usize).as_str()
        )
    };
    const _: () = ::core::assert!(
        < Tensor3d as ::isa_core::Field > ::DESCRIPTOR_DIMS == 0 ||
        ::core::mem::size_of:: << Tensor3d as ::isa_core::Field > ::Wire > () == 4 + 4 *
        < Tensor3d as ::isa_core::Field > ::DESCRIPTOR_DIMS,
        "field `out` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)"
    );
    const _: () = ::core::assert!(
        ! (16usize + ::core::mem::size_of:: << Tensor3d as ::isa_core::Field > ::Wire >
        () <= 32usize && true) || ::core::mem::size_of:: < DescriptorSlotWire > () ==
        32usize, "the wire struct is not the declared 32 bytes"
    );
};
