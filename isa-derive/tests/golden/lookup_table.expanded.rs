///Wire layout of [`LookupTable`]: 4 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct LookupTableWire {
    ///Bytes 0x00..=0x00: dtype.
    dtype: [u8; 1usize],
    ///Bytes 0x01..=0x03: reserved, zero.
    _reserved_01: [u8; 3usize],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "dtype",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 0u32,
                hi: 3u32,
            },
            value_bits: ::core::option::Option::None,
            ty: "Dtype",
            lut: ::core::option::Option::Some(
                const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.table,
            ),
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "",
        },
    ];
    #[allow(dead_code)]
    impl LookupTableWire {
        ///`dtype`, decoded and checked.
        #[inline]
        pub fn dtype(&self) -> ::core::result::Result<Dtype, ::isa_core::DecodeError> {
            let code = self.dtype_raw();
            match (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }
                .decode)(code)
            {
                ::core::option::Option::Some(value) => ::core::result::Result::Ok(value),
                ::core::option::Option::None => {
                    ::core::result::Result::Err(
                        ::isa_core::__private::decode_error(
                            "LookupTable",
                            "dtype",
                            0usize,
                            ::isa_core::FieldError::new(::isa_core::Problem::UnknownCode {
                                code,
                                table: <dtype_v2 as ::isa_core::Lut>::NAME,
                                known: &<dtype_v2 as ::isa_core::Lut>::CODES,
                            }),
                        ),
                    )
                }
            }
        }
        ///`dtype` as stored, unchecked.
        #[inline]
        pub fn dtype_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 0usize, 0u32, 3u32) << 0u32)
        }
        ///Writes `dtype`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_dtype(
            &mut self,
            value: &Dtype,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__dtype_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 0u32, 3u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __dtype_code(
            value: &Dtype,
        ) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = match (const {
                ::isa_core::__private::lut_fns::<dtype_v2, Dtype>()
            }
                .encode)(value)
            {
                ::core::option::Option::Some(code) => {
                    <::core::primitive::u64 as ::core::convert::From<
                        ::core::primitive::u8,
                    >>::from(code)
                }
                ::core::option::Option::None => {
                    return ::core::result::Result::Err(
                        ::isa_core::__private::no_wire_form(
                            value,
                            const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }
                                .value_name,
                            <dtype_v2 as ::isa_core::Lut>::NAME,
                            &<dtype_v2 as ::isa_core::Lut>::CODES,
                            "LookupTable",
                            "dtype",
                            0usize,
                        ),
                    );
                }
            };
            ::core::result::Result::Ok(code)
        }
        ///Every value whose `dtype_v2` code is the one stored in `dtype`, canonical first (a many-to-one table cannot say which one was meant).
        #[inline]
        pub fn dtype_preimages(
            &self,
        ) -> impl ::core::iter::Iterator<Item = <dtype_v2 as ::isa_core::Lut>::Value> {
            <dtype_v2 as ::isa_core::Lut>::preimages(self.dtype_raw())
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for LookupTable {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut LookupTableWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let mut word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 4usize)
                };
                let code = LookupTableWire::__dtype_code(&self.dtype)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(4u32)) << 0u32;
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
    const _: () = if let ::core::option::Option::Some(m) = ::isa_core::__private::lut_too_wide(
        ::isa_core::__private::LutShape {
            name: <dtype_v2 as ::isa_core::Lut>::NAME,
            code_bits: <dtype_v2 as ::isa_core::Lut>::CODE_BITS,
            entries: <dtype_v2 as ::isa_core::Lut>::ENTRIES,
            codes: <dtype_v2 as ::isa_core::Lut>::CODES,
        },
        4u32,
        "dtype",
        "4-bit range",
    ) {
        ::core::panic!("{}", m.as_str())
    };
    const _: () = ::core::assert!(
        ! (true) || ::core::mem::size_of:: < LookupTableWire > () == 4usize,
        "the wire struct is not the declared 4 bytes"
    );
};
