///Wire layout of [`MaskMatchWord`]: 4 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct MaskMatchWordWire {
    ///Bytes 0x00..=0x03: identity, imm, reg_src.
    word: [u8; 4usize],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "identity",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 0u32,
                hi: 14u32,
            },
            value_bits: ::core::option::Option::None,
            ty: "u32",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Identity {
                mask: 28799u32,
                value: 4163u32,
            },
            confidence: ::isa_core::Confidence::Inferred,
            note: "word & 0x0000707f == 0x00001043",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "imm",
            spec_name: "Imm",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 7u32,
                hi: 11u32,
            },
            value_bits: ::core::option::Option::Some((0u32, 4u32)),
            ty: "u32",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "reg_src",
            spec_name: "RegSrc",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 15u32,
                hi: 19u32,
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
            name: "imm",
            spec_name: "Imm",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 20u32,
                hi: 31u32,
            },
            value_bits: ::core::option::Option::Some((5u32, 16u32)),
            ty: "u32",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "",
        },
    ];
    #[allow(dead_code)]
    impl MaskMatchWordWire {
        /// The whole 32-bit word, little-endian.
        #[inline]
        pub fn word(&self) -> u32 {
            ::isa_core::__private::read_le(
                ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self),
                0,
                4,
            ) as u32
        }
        ///`imm`, decoded and checked.
        #[inline]
        pub fn imm(&self) -> ::core::result::Result<u32, ::isa_core::DecodeError> {
            let code = self.imm_raw();
            <u32 as ::isa_core::BitValue>::from_bits(code, 17u32)
                .map_err(|problem| ::isa_core::__private::decode_error(
                    "B.DIM",
                    "imm",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))
        }
        ///`imm` as stored, unchecked.
        #[inline]
        pub fn imm_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 0usize, 7u32, 11u32) << 0u32)
                | (::isa_core::__private::read_bits(bytes, 0usize, 20u32, 31u32) << 5u32)
        }
        ///Writes `imm`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_imm(
            &mut self,
            value: &u32,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__imm_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 7u32, 11u32, code >> 0u32);
            ::isa_core::__private::write_bits(bytes, 0usize, 20u32, 31u32, code >> 5u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __imm_code(
            value: &u32,
        ) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = <u32 as ::isa_core::BitValue>::to_bits(value, 17u32)
                .map_err(|problem| ::isa_core::__private::encode_error(
                    "B.DIM",
                    "imm",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))?;
            ::core::result::Result::Ok(code)
        }
        ///`reg_src`, decoded and checked.
        #[inline]
        pub fn reg_src(&self) -> ::core::result::Result<u8, ::isa_core::DecodeError> {
            let code = self.reg_src_raw();
            <u8 as ::isa_core::BitValue>::from_bits(code, 5u32)
                .map_err(|problem| ::isa_core::__private::decode_error(
                    "B.DIM",
                    "reg_src",
                    1usize,
                    ::isa_core::FieldError::new(problem),
                ))
        }
        ///`reg_src` as stored, unchecked.
        #[inline]
        pub fn reg_src_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 0usize, 15u32, 19u32) << 0u32)
        }
        ///Writes `reg_src`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_reg_src(
            &mut self,
            value: &u8,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__reg_src_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 15u32, 19u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __reg_src_code(
            value: &u8,
        ) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = <u8 as ::isa_core::BitValue>::to_bits(value, 5u32)
                .map_err(|problem| ::isa_core::__private::encode_error(
                    "B.DIM",
                    "reg_src",
                    1usize,
                    ::isa_core::FieldError::new(problem),
                ))?;
            ::core::result::Result::Ok(code)
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for MaskMatchWord {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut MaskMatchWordWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let mut word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 4usize)
                };
                let code = MaskMatchWordWire::__imm_code(&self.imm)?;
                word
                    |= (code >> 0u32 & ::isa_core::__private::low_mask(5u32)) << 7u32
                        | (code >> 5u32 & ::isa_core::__private::low_mask(12u32))
                            << 20u32;
                let code = MaskMatchWordWire::__reg_src_code(&self.reg_src)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(5u32)) << 15u32;
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
        ! (true) || ::core::mem::size_of:: < MaskMatchWordWire > () == 4usize,
        "the wire struct is not the declared 4 bytes"
    );
};
