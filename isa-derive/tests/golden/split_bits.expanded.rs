///Wire layout of [`SplitBits`]: 4 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct SplitBitsWire {
    ///Bytes 0x00..=0x01: split.
    split: [u8; 2usize],
    ///Bytes 0x02..=0x03: reserved, zero.
    _reserved_02: [u8; 2usize],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "split",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 0u32,
                hi: 3u32,
            },
            value_bits: ::core::option::Option::Some((0u32, 3u32)),
            ty: "u8",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "low part first",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "split",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 12u32,
                hi: 15u32,
            },
            value_bits: ::core::option::Option::Some((4u32, 7u32)),
            ty: "u8",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "low part first",
            corroborated: "",
            disputed: "",
        },
    ];
    #[allow(dead_code)]
    impl SplitBitsWire {
        ///`split`, decoded and checked.
        #[inline]
        pub fn split(&self) -> ::core::result::Result<u8, ::isa_core::DecodeError> {
            let code = self.split_raw();
            <u8 as ::isa_core::BitValue>::from_bits(code, 8u32)
                .map_err(|problem| ::isa_core::__private::decode_error(
                    "SplitBits",
                    "split",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))
        }
        ///`split` as stored, unchecked.
        #[inline]
        pub fn split_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 0usize, 0u32, 3u32) << 0u32)
                | (::isa_core::__private::read_bits(bytes, 0usize, 12u32, 15u32) << 4u32)
        }
        ///Writes `split`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_split(
            &mut self,
            value: &u8,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__split_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 0u32, 3u32, code >> 0u32);
            ::isa_core::__private::write_bits(bytes, 0usize, 12u32, 15u32, code >> 4u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __split_code(
            value: &u8,
        ) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = <u8 as ::isa_core::BitValue>::to_bits(value, 8u32)
                .map_err(|problem| ::isa_core::__private::encode_error(
                    "SplitBits",
                    "split",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))?;
            ::core::result::Result::Ok(code)
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for SplitBits {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut SplitBitsWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let mut word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 4usize)
                };
                let code = SplitBitsWire::__split_code(&self.split)?;
                word
                    |= (code >> 0u32 & ::isa_core::__private::low_mask(4u32)) << 0u32
                        | (code >> 4u32 & ::isa_core::__private::low_mask(4u32))
                            << 12u32;
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
        ! (true) || ::core::mem::size_of:: < SplitBitsWire > () == 4usize,
        "the wire struct is not the declared 4 bytes"
    );
};
