///Wire layout of [`NibblePair`]: 4 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct NibblePairWire {
    ///Bytes 0x00..=0x00: lo, hi.
    lo_and_hi: [u8; 1usize],
    ///Bytes 0x01..=0x03: reserved, zero.
    _reserved_01: [u8; 3usize],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "lo",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 0u32,
                hi: 3u32,
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
            name: "hi",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 4u32,
                hi: 7u32,
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
    ];
    #[allow(dead_code)]
    impl NibblePairWire {
        ///`lo`, decoded and checked.
        #[inline]
        pub fn lo(&self) -> ::core::result::Result<u8, ::isa_core::DecodeError> {
            let code = self.lo_raw();
            <u8 as ::isa_core::BitValue>::from_bits(code, 4u32)
                .map_err(|problem| ::isa_core::__private::decode_error(
                    "NibblePair",
                    "lo",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))
        }
        ///`lo` as stored, unchecked.
        #[inline]
        pub fn lo_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 0usize, 0u32, 3u32) << 0u32)
        }
        ///Writes `lo`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_lo(
            &mut self,
            value: &u8,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__lo_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 0u32, 3u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __lo_code(
            value: &u8,
        ) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = <u8 as ::isa_core::BitValue>::to_bits(value, 4u32)
                .map_err(|problem| ::isa_core::__private::encode_error(
                    "NibblePair",
                    "lo",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))?;
            ::core::result::Result::Ok(code)
        }
        ///`hi`, decoded and checked.
        #[inline]
        pub fn hi(&self) -> ::core::result::Result<u8, ::isa_core::DecodeError> {
            let code = self.hi_raw();
            <u8 as ::isa_core::BitValue>::from_bits(code, 4u32)
                .map_err(|problem| ::isa_core::__private::decode_error(
                    "NibblePair",
                    "hi",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))
        }
        ///`hi` as stored, unchecked.
        #[inline]
        pub fn hi_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 0usize, 4u32, 7u32) << 0u32)
        }
        ///Writes `hi`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_hi(
            &mut self,
            value: &u8,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__hi_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 4u32, 7u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __hi_code(
            value: &u8,
        ) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = <u8 as ::isa_core::BitValue>::to_bits(value, 4u32)
                .map_err(|problem| ::isa_core::__private::encode_error(
                    "NibblePair",
                    "hi",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))?;
            ::core::result::Result::Ok(code)
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for NibblePair {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut NibblePairWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let mut word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 4usize)
                };
                let code = NibblePairWire::__lo_code(&self.lo)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(4u32)) << 0u32;
                let code = NibblePairWire::__hi_code(&self.hi)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(4u32)) << 4u32;
                ::isa_core::__private::write_le(
                    ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(wire),
                    0usize,
                    4usize,
                    word,
                );
            }
            ::core::result::Result::Ok(())
        }
    }
    const _: () = ::core::assert!(
        ! (true) || ::core::mem::size_of:: < NibblePairWire > () == 4usize,
        "the wire struct is not the declared 4 bytes"
    );
};
