///Wire layout of [`ReservedGap`]: 4 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct ReservedGapWire {
    ///From byte 0x00: `value`.
    value: <u8 as ::isa_core::Field>::Wire,
    ///Reserved bytes after `value` up to 0x04, zero.
    _reserved_after_value: [u8; 4usize
        .saturating_sub(
            0usize + ::core::mem::size_of::<<u8 as ::isa_core::Field>::Wire>(),
        )],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "value",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bytes {
                len: ::core::mem::size_of::<<u8 as ::isa_core::Field>::Wire>(),
            },
            value_bits: ::core::option::Option::None,
            ty: "u8",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "reserved_0x02",
            spec_name: "",
            offset: 2usize,
            placement: ::isa_core::Placement::Bytes {
                len: 1usize,
            },
            value_bits: ::core::option::Option::None,
            ty: "",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Reserved,
            confidence: ::isa_core::Confidence::NotStated,
            note: "zero in every sample",
            corroborated: "",
            disputed: "",
        },
    ];
    #[allow(dead_code)]
    impl ReservedGapWire {
        ///`value`, decoded and checked.
        #[inline]
        pub fn value(&self) -> ::core::result::Result<u8, ::isa_core::DecodeError> {
            <u8 as ::isa_core::Field>::from_wire(&self.value)
                .map_err(|e| ::isa_core::__private::decode_error(
                    "ReservedGap",
                    "value",
                    0usize,
                    e,
                ))
        }
        ///`value` as stored, unchecked.
        #[inline]
        pub fn value_raw(&self) -> &<u8 as ::isa_core::Field>::Wire {
            &self.value
        }
        ///Writes `value`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_value(
            &mut self,
            value: &u8,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.value = <u8 as ::isa_core::Field>::to_wire(value)
                .map_err(|e| ::isa_core::__private::encode_error(
                    "ReservedGap",
                    "value",
                    0usize,
                    e,
                ))?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for ReservedGap {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut ReservedGapWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            wire.set_value(&self.value)?;
            wire._reserved_after_value = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    0usize + ::core::mem::size_of::<<u8 as ::isa_core::Field>::Wire>(),
                )
            };
            ::core::result::Result::Ok(())
        }
    }
    const _: () = ::core::assert!(
        ! (true) || ::core::mem::size_of:: < ReservedGapWire > () == 4usize,
        "the wire struct is not the declared 4 bytes"
    );
};
