///Wire layout of [`Constant`]: 4 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct ConstantWire {
    ///Bytes 0x00..=0x01: constant `shape_ctl` = 0x100.
    shape_ctl: [u8; 2usize],
    ///From byte 0x02: `value`.
    value: <u16 as ::isa_core::Field>::Wire,
    ///Reserved bytes after `value` up to 0x04, zero.
    _reserved_after_value: [u8; 4usize
        .saturating_sub(
            2usize + ::core::mem::size_of::<<u16 as ::isa_core::Field>::Wire>(),
        )],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "shape_ctl",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bytes {
                len: 2usize,
            },
            value_bits: ::core::option::Option::None,
            ty: "",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Constant(256u64),
            confidence: ::isa_core::Confidence::Strong,
            note: "",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "value",
            spec_name: "",
            offset: 2usize,
            placement: ::isa_core::Placement::Bytes {
                len: ::core::mem::size_of::<<u16 as ::isa_core::Field>::Wire>(),
            },
            value_bits: ::core::option::Option::None,
            ty: "u16",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "",
        },
    ];
    #[allow(dead_code)]
    impl ConstantWire {
        ///`value`, decoded and checked.
        #[inline]
        pub fn value(&self) -> ::core::result::Result<u16, ::isa_core::DecodeError> {
            <u16 as ::isa_core::Field>::from_wire(&self.value)
                .map_err(|e| ::isa_core::__private::decode_error(
                    "Constant",
                    "value",
                    2usize,
                    e,
                ))
        }
        ///`value` as stored, unchecked.
        #[inline]
        pub fn value_raw(&self) -> &<u16 as ::isa_core::Field>::Wire {
            &self.value
        }
        ///Writes `value`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_value(
            &mut self,
            value: &u16,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.value = <u16 as ::isa_core::Field>::to_wire(value)
                .map_err(|e| ::isa_core::__private::encode_error(
                    "Constant",
                    "value",
                    2usize,
                    e,
                ))?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for Constant {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut ConstantWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 2usize)
                };
                ::isa_core::__private::write_le(
                    ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(wire),
                    0usize,
                    2usize,
                    word,
                );
            }
            wire.set_value(&self.value)?;
            wire._reserved_after_value = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    2usize + ::core::mem::size_of::<<u16 as ::isa_core::Field>::Wire>(),
                )
            };
            ::core::result::Result::Ok(())
        }
    }
    const _: () = ::core::assert!(
        ! (true) || ::core::mem::size_of:: < ConstantWire > () == 4usize,
        "the wire struct is not the declared 4 bytes"
    );
};
