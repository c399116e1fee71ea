///Wire layout of [`MultiOpcode`]: 8 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
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
pub struct MultiOpcodeWire {
    ///Bytes 0x00..=0x00: opcode.
    opcode: [u8; 1usize],
    ///Byte 0x01: `inst_word_len`, the size in 32-bit words.
    inst_word_len: u8,
    ///Bytes 0x02..=0x03: reserved, zero.
    _reserved_02: [u8; 2usize],
    ///From byte 0x04: `value`.
    value: <u32 as ::isa_core::Field>::Wire,
    ///Reserved bytes after `value` up to 0x08, zero.
    _reserved_after_value: [u8; 8usize
        .saturating_sub(
            4usize + ::core::mem::size_of::<<u32 as ::isa_core::Field>::Wire>(),
        )],
}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "opcode",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits {
                lo: 0u32,
                hi: 7u32,
            },
            value_bits: ::core::option::Option::None,
            ty: "u8",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Opcode,
            confidence: ::isa_core::Confidence::NotStated,
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
            kind: ::isa_core::FieldKind::Constant(2u64),
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
            name: "value",
            spec_name: "",
            offset: 4usize,
            placement: ::isa_core::Placement::Bytes {
                len: ::core::mem::size_of::<<u32 as ::isa_core::Field>::Wire>(),
            },
            value_bits: ::core::option::Option::None,
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
    impl MultiOpcodeWire {
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
        ///`opcode`, decoded and checked.
        #[inline]
        pub fn opcode(&self) -> ::core::result::Result<u8, ::isa_core::DecodeError> {
            let code = self.opcode_raw();
            <u8 as ::isa_core::BitValue>::from_bits(code, 8u32)
                .map_err(|problem| ::isa_core::__private::decode_error(
                    "MultiOpcode",
                    "opcode",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                ))
        }
        ///`opcode` as stored, unchecked.
        #[inline]
        pub fn opcode_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 0usize, 0u32, 7u32) << 0u32)
        }
        ///Writes `opcode`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_opcode(
            &mut self,
            value: &u8,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__opcode_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 0u32, 7u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __opcode_code(
            value: &u8,
        ) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = {
                const OPCODES: &[u8] = &[65u8, 81u8];
                let code = <u8 as ::isa_core::BitValue>::to_bits(value, 8u32)
                    .map_err(|problem| ::isa_core::__private::encode_error(
                        "MultiOpcode",
                        "opcode",
                        0usize,
                        ::isa_core::FieldError::new(problem),
                    ))?;
                let members_only = const {
                    ::isa_core::__private::all_in(
                        <u8 as ::isa_core::BitValue>::CODES,
                        &[65u8, 81u8],
                    )
                };
                if !members_only
                    && !::isa_core::__private::in_byte_set(
                        &const { ::isa_core::__private::byte_set(OPCODES) },
                        code as u8,
                    )
                {
                    return ::core::result::Result::Err(
                        ::isa_core::__private::encode_error(
                            "MultiOpcode",
                            "opcode",
                            0usize,
                            ::isa_core::FieldError::new(::isa_core::Problem::UnknownOpcode {
                                opcode: code as u8,
                                expected: OPCODES,
                            }),
                        ),
                    );
                }
                code
            };
            ::core::result::Result::Ok(code)
        }
        ///`value`, decoded and checked.
        #[inline]
        pub fn value(&self) -> ::core::result::Result<u32, ::isa_core::DecodeError> {
            <u32 as ::isa_core::Field>::from_wire(&self.value)
                .map_err(|e| ::isa_core::__private::decode_error(
                    "MultiOpcode",
                    "value",
                    4usize,
                    e,
                ))
        }
        ///`value` as stored, unchecked.
        #[inline]
        pub fn value_raw(&self) -> &<u32 as ::isa_core::Field>::Wire {
            &self.value
        }
        ///Writes `value`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_value(
            &mut self,
            value: &u32,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.value = <u32 as ::isa_core::Field>::to_wire(value)
                .map_err(|e| ::isa_core::__private::encode_error(
                    "MultiOpcode",
                    "value",
                    4usize,
                    e,
                ))?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for MultiOpcode {
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut MultiOpcodeWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let mut word: u64 = const {
                    ::isa_core::__private::read_fixed(&__FIXED, 0usize, 4usize)
                } | (2u8 as u64) << 8u32;
                let code = MultiOpcodeWire::__opcode_code(&self.opcode)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(8u32)) << 0u32;
                ::isa_core::__private::write_le(
                    ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(wire),
                    0usize,
                    4usize,
                    word,
                );
            }
            wire.set_value(&self.value)?;
            wire._reserved_after_value = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    4usize + ::core::mem::size_of::<<u32 as ::isa_core::Field>::Wire>(),
                )
            };
            ::core::result::Result::Ok(())
        }
    }
    const _: () = ::core::assert!(
        ! (true) || ::core::mem::size_of:: < MultiOpcodeWire > () == 8usize,
        "the wire struct is not the declared 8 bytes"
    );
};
