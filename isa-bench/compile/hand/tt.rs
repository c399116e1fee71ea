//! The s3d3_tt bundle written out by hand: the same struct as `../derived/tt.rs`, followed by
//! what `#[derive(Bundle)]` expands it to (the derive's output for this declaration, formatted),
//! so that building it costs what a hand-written equivalent costs, without the derive.

use isa_core::{Dtype, SyncBand, Tensor3d, dtype_v2};
use isa_ops::tensor_tensor::{TtAlu, TtOpcode, tt_alu};

/// The s3d3_tt bundle (seed 000 §2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorTensor {
    /// Which of the four forms.
    pub opcode: TtOpcode,
    /// The sync band.
    pub sync: SyncBand,
    /// `in0` dtype tag, low nibble of 0x0C.
    pub in0_dtype: Dtype,
    /// `in1` dtype tag, high nibble of 0x0C.
    pub in1_dtype: Dtype,
    /// `out` dtype tag.
    pub out_dtype: Dtype,
    /// The ALU op, or the int32 band byte on 0x8A/0x8E.
    pub alu: TtAlu,
    /// `num_active_partitions`: the first APPair's num of `in0`.
    pub num_active_partitions: u8,
    /// The output access pattern.
    pub out: Tensor3d,
    /// The first input.
    pub in0: Tensor3d,
    /// The second input.
    pub in1: Tensor3d,
}

///Wire layout of [`TensorTensor`]: 64 bytes, alignment 1, read in place from any buffer with zerocopy. Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.
#[derive(
    ::isa_core::__private::zerocopy::FromBytes,
    ::isa_core::__private::zerocopy::IntoBytes,
    ::isa_core::__private::zerocopy::KnownLayout,
    ::isa_core::__private::zerocopy::Immutable,
    ::isa_core::__private::zerocopy::Unaligned,
    ::core::clone::Clone,
    ::core::marker::Copy,
)]
#[zerocopy(crate = "::isa_core::__private::zerocopy")]
#[repr(C)]
pub struct TensorTensorWire {
    ///Bytes 0x00..=0x00: opcode.
    opcode: [u8; 1usize],
    ///Byte 0x01: `inst_word_len`, the size in 32-bit words.
    inst_word_len: u8,
    ///Bytes 0x02..=0x03: reserved, zero.
    _reserved_02: [u8; 2usize],
    ///From byte 0x04: `sync`.
    sync: <SyncBand as ::isa_core::Field>::Wire,
    ///Reserved bytes after `sync` up to 0x0c, zero.
    _reserved_after_sync: [u8; 12usize
        .saturating_sub(4usize + ::core::mem::size_of::<<SyncBand as ::isa_core::Field>::Wire>())],
    ///Bytes 0x0c..=0x0c: in0_dtype, in1_dtype.
    in0_dtype_and_in1_dtype: [u8; 1usize],
    ///Bytes 0x0d..=0x0d: out_dtype.
    out_dtype: [u8; 1usize],
    ///Bytes 0x0e..=0x0e: alu.
    alu: [u8; 1usize],
    ///From byte 0x0f: `num_active_partitions`.
    num_active_partitions: <u8 as ::isa_core::Field>::Wire,
    ///Reserved bytes after `num_active_partitions` up to 0x10, zero.
    _reserved_after_num_active_partitions: [u8; 16usize
        .saturating_sub(15usize + ::core::mem::size_of::<<u8 as ::isa_core::Field>::Wire>())],
    ///From byte 0x10: `out`.
    out: <Tensor3d as ::isa_core::Field>::Wire,
    ///Reserved bytes after `out` up to 0x20, zero.
    _reserved_after_out: [u8; 32usize
        .saturating_sub(16usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>())],
    ///From byte 0x20: `in0`.
    in0: <Tensor3d as ::isa_core::Field>::Wire,
    ///Reserved bytes after `in0` up to 0x30, zero.
    _reserved_after_in0: [u8; 48usize
        .saturating_sub(32usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>())],
    ///From byte 0x30: `in1`.
    in1: <Tensor3d as ::isa_core::Field>::Wire,
    ///Reserved bytes after `in1` up to 0x40, zero.
    _reserved_after_in1: [u8; 64usize
        .saturating_sub(48usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>())],
}
#[automatically_derived]
impl ::core::fmt::Debug for TensorTensorWire {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_tuple("TensorTensorWire")
            .field(&::isa_core::__private::zerocopy::IntoBytes::as_bytes(self))
            .finish()
    }
}
#[automatically_derived]
impl ::core::cmp::PartialEq for TensorTensorWire {
    fn eq(&self, other: &Self) -> bool {
        ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self)
            == ::isa_core::__private::zerocopy::IntoBytes::as_bytes(other)
    }
}
#[automatically_derived]
impl ::core::cmp::Eq for TensorTensorWire {}
#[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
const _: () = {
    const __FIELDS: &[::isa_core::FieldInfo] = &[
        ::isa_core::FieldInfo {
            name: "opcode",
            spec_name: "",
            offset: 0usize,
            placement: ::isa_core::Placement::Bits { lo: 0u32, hi: 7u32 },
            value_bits: ::core::option::Option::None,
            ty: "TtOpcode",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Opcode,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "the opcode enum of aws_neuron_isa_tpb_*.h (public notes): 0x8E is BATCH_NORM_PARAM_LOAD2, not a TensorTensor form",
        },
        ::isa_core::FieldInfo {
            name: "inst_word_len",
            spec_name: "",
            offset: 1usize,
            placement: ::isa_core::Placement::Bytes { len: 1usize },
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
            placement: ::isa_core::Placement::Bytes { len: 2usize },
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
            name: "sync",
            spec_name: "",
            offset: 4usize,
            placement: ::isa_core::Placement::Bytes {
                len: ::core::mem::size_of::<<SyncBand as ::isa_core::Field>::Wire>(),
            },
            value_bits: ::core::option::Option::None,
            ty: "SyncBand",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::Inferred,
            note: "wait/update band order per SPEC-NOTES 2.6",
            corroborated: "",
            disputed: "",
        },
        ::isa_core::FieldInfo {
            name: "in0_dtype",
            spec_name: "",
            offset: 12usize,
            placement: ::isa_core::Placement::Bits { lo: 0u32, hi: 3u32 },
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
        ::isa_core::FieldInfo {
            name: "in1_dtype",
            spec_name: "",
            offset: 12usize,
            placement: ::isa_core::Placement::Bits { lo: 4u32, hi: 7u32 },
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
        ::isa_core::FieldInfo {
            name: "out_dtype",
            spec_name: "",
            offset: 13usize,
            placement: ::isa_core::Placement::Bits { lo: 0u32, hi: 7u32 },
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
        ::isa_core::FieldInfo {
            name: "alu",
            spec_name: "",
            offset: 14usize,
            placement: ::isa_core::Placement::Bits { lo: 0u32, hi: 7u32 },
            value_bits: ::core::option::Option::None,
            ty: "TtAlu",
            lut: ::core::option::Option::Some(
                const { ::isa_core::__private::lut_fns::<tt_alu, TtAlu>() }.table,
            ),
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::NotStated,
            note: "",
            corroborated: "",
            disputed: "NEURON_ISA_TPB_ALU_OP in aws_neuron_isa_tpb_*.h (public notes): 0x17 is ABSOLUTE_DIFF, legal in 0x41; no seed ordinal produces it (decoded as absolute_diff, never lowered)",
        },
        ::isa_core::FieldInfo {
            name: "num_active_partitions",
            spec_name: "",
            offset: 15usize,
            placement: ::isa_core::Placement::Bytes {
                len: ::core::mem::size_of::<<u8 as ::isa_core::Field>::Wire>(),
            },
            value_bits: ::core::option::Option::None,
            ty: "u8",
            lut: ::core::option::Option::None,
            kind: ::isa_core::FieldKind::Value,
            confidence: ::isa_core::Confidence::Strong,
            note: "firstAPPair.num via AP+80[8] (seed 000 ledger)",
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
            disputed: "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): src0 at 0x10 (seed 000 stores out here)",
        },
        ::isa_core::FieldInfo {
            name: "in0",
            spec_name: "",
            offset: 32usize,
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
            disputed: "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): src1 at 0x20 (seed 000 stores in0 here)",
        },
        ::isa_core::FieldInfo {
            name: "in1",
            spec_name: "",
            offset: 48usize,
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
            disputed: "S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): dst at 0x30 (seed 000 stores in1 here)",
        },
    ];
    const __TABLE: [::isa_core::FieldInfo;
        __FIELDS.len() + ::isa_core::__private::gap_count(__FIELDS, 64usize)] =
        ::isa_core::__private::with_gaps(__FIELDS, 64usize);
    #[allow(dead_code)]
    impl TensorTensorWire {
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
        pub fn opcode(&self) -> ::core::result::Result<TtOpcode, ::isa_core::DecodeError> {
            let code = self.opcode_raw();
            <TtOpcode as ::isa_core::BitValue>::from_bits(code, 8u32).map_err(|problem| {
                ::isa_core::__private::decode_error(
                    "TensorTensor",
                    "opcode",
                    0usize,
                    ::isa_core::FieldError::new(problem),
                )
            })
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
            value: &TtOpcode,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__opcode_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 0usize, 0u32, 7u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __opcode_code(value: &TtOpcode) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = {
                const OPCODES: &[u8] = &[65u8, 81u8, 138u8, 142u8];
                let code = <TtOpcode as ::isa_core::BitValue>::to_bits(value, 8u32).map_err(
                    |problem| {
                        ::isa_core::__private::encode_error(
                            "TensorTensor",
                            "opcode",
                            0usize,
                            ::isa_core::FieldError::new(problem),
                        )
                    },
                )?;
                let members_only = const {
                    ::isa_core::__private::all_in(
                        <TtOpcode as ::isa_core::BitValue>::CODES,
                        &[65u8, 81u8, 138u8, 142u8],
                    )
                };
                if !members_only
                    && !::isa_core::__private::in_byte_set(
                        &const { ::isa_core::__private::byte_set(OPCODES) },
                        code as u8,
                    )
                {
                    return ::core::result::Result::Err(::isa_core::__private::encode_error(
                        "TensorTensor",
                        "opcode",
                        0usize,
                        ::isa_core::FieldError::new(::isa_core::Problem::UnknownOpcode {
                            opcode: code as u8,
                            expected: OPCODES,
                        }),
                    ));
                }
                code
            };
            ::core::result::Result::Ok(code)
        }
        ///`sync`, decoded and checked.
        #[inline]
        pub fn sync(&self) -> ::core::result::Result<SyncBand, ::isa_core::DecodeError> {
            <SyncBand as ::isa_core::Field>::from_wire(&self.sync)
                .map_err(|e| ::isa_core::__private::decode_error("TensorTensor", "sync", 4usize, e))
        }
        ///`sync` as stored, unchecked.
        #[inline]
        pub fn sync_raw(&self) -> &<SyncBand as ::isa_core::Field>::Wire {
            &self.sync
        }
        ///Writes `sync`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_sync(
            &mut self,
            value: &SyncBand,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.sync = <SyncBand as ::isa_core::Field>::to_wire(value).map_err(|e| {
                ::isa_core::__private::encode_error("TensorTensor", "sync", 4usize, e)
            })?;
            ::core::result::Result::Ok(())
        }
        ///`in0_dtype`, decoded and checked.
        #[inline]
        pub fn in0_dtype(&self) -> ::core::result::Result<Dtype, ::isa_core::DecodeError> {
            let code = self.in0_dtype_raw();
            match (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.decode)(code) {
                ::core::option::Option::Some(value) => ::core::result::Result::Ok(value),
                ::core::option::Option::None => {
                    ::core::result::Result::Err(::isa_core::__private::decode_error(
                        "TensorTensor",
                        "in0_dtype",
                        12usize,
                        ::isa_core::FieldError::new(::isa_core::Problem::UnknownCode {
                            code,
                            table: <dtype_v2 as ::isa_core::Lut>::NAME,
                            known: &<dtype_v2 as ::isa_core::Lut>::CODES,
                        }),
                    ))
                }
            }
        }
        ///`in0_dtype` as stored, unchecked.
        #[inline]
        pub fn in0_dtype_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 12usize, 0u32, 3u32) << 0u32)
        }
        ///Writes `in0_dtype`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_in0_dtype(
            &mut self,
            value: &Dtype,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__in0_dtype_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 12usize, 0u32, 3u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __in0_dtype_code(value: &Dtype) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = match (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }
                .encode)(value)
            {
                ::core::option::Option::Some(code) => {
                    <::core::primitive::u64 as ::core::convert::From<::core::primitive::u8>>::from(
                        code,
                    )
                }
                ::core::option::Option::None => {
                    return ::core::result::Result::Err(::isa_core::__private::no_wire_form(
                        value,
                        const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.value_name,
                        <dtype_v2 as ::isa_core::Lut>::NAME,
                        &<dtype_v2 as ::isa_core::Lut>::CODES,
                        "TensorTensor",
                        "in0_dtype",
                        12usize,
                    ));
                }
            };
            ::core::result::Result::Ok(code)
        }
        ///Every value whose `dtype_v2` code is the one stored in `in0_dtype`, canonical first (a many-to-one table cannot say which one was meant).
        #[inline]
        pub fn in0_dtype_preimages(
            &self,
        ) -> impl ::core::iter::Iterator<Item = <dtype_v2 as ::isa_core::Lut>::Value> {
            <dtype_v2 as ::isa_core::Lut>::preimages(self.in0_dtype_raw())
        }
        ///`in1_dtype`, decoded and checked.
        #[inline]
        pub fn in1_dtype(&self) -> ::core::result::Result<Dtype, ::isa_core::DecodeError> {
            let code = self.in1_dtype_raw();
            match (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.decode)(code) {
                ::core::option::Option::Some(value) => ::core::result::Result::Ok(value),
                ::core::option::Option::None => {
                    ::core::result::Result::Err(::isa_core::__private::decode_error(
                        "TensorTensor",
                        "in1_dtype",
                        12usize,
                        ::isa_core::FieldError::new(::isa_core::Problem::UnknownCode {
                            code,
                            table: <dtype_v2 as ::isa_core::Lut>::NAME,
                            known: &<dtype_v2 as ::isa_core::Lut>::CODES,
                        }),
                    ))
                }
            }
        }
        ///`in1_dtype` as stored, unchecked.
        #[inline]
        pub fn in1_dtype_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 12usize, 4u32, 7u32) << 0u32)
        }
        ///Writes `in1_dtype`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_in1_dtype(
            &mut self,
            value: &Dtype,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__in1_dtype_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 12usize, 4u32, 7u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __in1_dtype_code(value: &Dtype) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = match (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }
                .encode)(value)
            {
                ::core::option::Option::Some(code) => {
                    <::core::primitive::u64 as ::core::convert::From<::core::primitive::u8>>::from(
                        code,
                    )
                }
                ::core::option::Option::None => {
                    return ::core::result::Result::Err(::isa_core::__private::no_wire_form(
                        value,
                        const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.value_name,
                        <dtype_v2 as ::isa_core::Lut>::NAME,
                        &<dtype_v2 as ::isa_core::Lut>::CODES,
                        "TensorTensor",
                        "in1_dtype",
                        12usize,
                    ));
                }
            };
            ::core::result::Result::Ok(code)
        }
        ///Every value whose `dtype_v2` code is the one stored in `in1_dtype`, canonical first (a many-to-one table cannot say which one was meant).
        #[inline]
        pub fn in1_dtype_preimages(
            &self,
        ) -> impl ::core::iter::Iterator<Item = <dtype_v2 as ::isa_core::Lut>::Value> {
            <dtype_v2 as ::isa_core::Lut>::preimages(self.in1_dtype_raw())
        }
        ///`out_dtype`, decoded and checked.
        #[inline]
        pub fn out_dtype(&self) -> ::core::result::Result<Dtype, ::isa_core::DecodeError> {
            let code = self.out_dtype_raw();
            match (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.decode)(code) {
                ::core::option::Option::Some(value) => ::core::result::Result::Ok(value),
                ::core::option::Option::None => {
                    ::core::result::Result::Err(::isa_core::__private::decode_error(
                        "TensorTensor",
                        "out_dtype",
                        13usize,
                        ::isa_core::FieldError::new(::isa_core::Problem::UnknownCode {
                            code,
                            table: <dtype_v2 as ::isa_core::Lut>::NAME,
                            known: &<dtype_v2 as ::isa_core::Lut>::CODES,
                        }),
                    ))
                }
            }
        }
        ///`out_dtype` as stored, unchecked.
        #[inline]
        pub fn out_dtype_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 13usize, 0u32, 7u32) << 0u32)
        }
        ///Writes `out_dtype`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_out_dtype(
            &mut self,
            value: &Dtype,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__out_dtype_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 13usize, 0u32, 7u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __out_dtype_code(value: &Dtype) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = match (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }
                .encode)(value)
            {
                ::core::option::Option::Some(code) => {
                    <::core::primitive::u64 as ::core::convert::From<::core::primitive::u8>>::from(
                        code,
                    )
                }
                ::core::option::Option::None => {
                    return ::core::result::Result::Err(::isa_core::__private::no_wire_form(
                        value,
                        const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.value_name,
                        <dtype_v2 as ::isa_core::Lut>::NAME,
                        &<dtype_v2 as ::isa_core::Lut>::CODES,
                        "TensorTensor",
                        "out_dtype",
                        13usize,
                    ));
                }
            };
            ::core::result::Result::Ok(code)
        }
        ///Every value whose `dtype_v2` code is the one stored in `out_dtype`, canonical first (a many-to-one table cannot say which one was meant).
        #[inline]
        pub fn out_dtype_preimages(
            &self,
        ) -> impl ::core::iter::Iterator<Item = <dtype_v2 as ::isa_core::Lut>::Value> {
            <dtype_v2 as ::isa_core::Lut>::preimages(self.out_dtype_raw())
        }
        ///`alu`, decoded and checked.
        #[inline]
        pub fn alu(&self) -> ::core::result::Result<TtAlu, ::isa_core::DecodeError> {
            let code = self.alu_raw();
            match (const { ::isa_core::__private::lut_fns::<tt_alu, TtAlu>() }.decode)(code) {
                ::core::option::Option::Some(value) => ::core::result::Result::Ok(value),
                ::core::option::Option::None => {
                    ::core::result::Result::Err(::isa_core::__private::decode_error(
                        "TensorTensor",
                        "alu",
                        14usize,
                        ::isa_core::FieldError::new(::isa_core::Problem::UnknownCode {
                            code,
                            table: <tt_alu as ::isa_core::Lut>::NAME,
                            known: &<tt_alu as ::isa_core::Lut>::CODES,
                        }),
                    ))
                }
            }
        }
        ///`alu` as stored, unchecked.
        #[inline]
        pub fn alu_raw(&self) -> u64 {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(self);
            0 | (::isa_core::__private::read_bits(bytes, 14usize, 0u32, 7u32) << 0u32)
        }
        ///Writes `alu`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_alu(
            &mut self,
            value: &TtAlu,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            let code = Self::__alu_code(value)?;
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(self);
            ::isa_core::__private::write_bits(bytes, 14usize, 0u32, 7u32, code >> 0u32);
            ::core::result::Result::Ok(())
        }
        /// The checked code of a value; encode or-s it into its cell's single store.
        #[inline(always)]
        fn __alu_code(value: &TtAlu) -> ::core::result::Result<u64, ::isa_core::EncodeError> {
            let code: u64 = match (const { ::isa_core::__private::lut_fns::<tt_alu, TtAlu>() }
                .encode)(value)
            {
                ::core::option::Option::Some(code) => {
                    <::core::primitive::u64 as ::core::convert::From<::core::primitive::u8>>::from(
                        code,
                    )
                }
                ::core::option::Option::None => {
                    return ::core::result::Result::Err(::isa_core::__private::no_wire_form(
                        value,
                        const { ::isa_core::__private::lut_fns::<tt_alu, TtAlu>() }.value_name,
                        <tt_alu as ::isa_core::Lut>::NAME,
                        &<tt_alu as ::isa_core::Lut>::CODES,
                        "TensorTensor",
                        "alu",
                        14usize,
                    ));
                }
            };
            ::core::result::Result::Ok(code)
        }
        ///Every value whose `tt_alu` code is the one stored in `alu`, canonical first (a many-to-one table cannot say which one was meant).
        #[inline]
        pub fn alu_preimages(
            &self,
        ) -> impl ::core::iter::Iterator<Item = <tt_alu as ::isa_core::Lut>::Value> {
            <tt_alu as ::isa_core::Lut>::preimages(self.alu_raw())
        }
        ///`num_active_partitions`, decoded and checked.
        #[inline]
        pub fn num_active_partitions(&self) -> ::core::result::Result<u8, ::isa_core::DecodeError> {
            <u8 as ::isa_core::Field>::from_wire(&self.num_active_partitions).map_err(|e| {
                ::isa_core::__private::decode_error(
                    "TensorTensor",
                    "num_active_partitions",
                    15usize,
                    e,
                )
            })
        }
        ///`num_active_partitions` as stored, unchecked.
        #[inline]
        pub fn num_active_partitions_raw(&self) -> &<u8 as ::isa_core::Field>::Wire {
            &self.num_active_partitions
        }
        ///Writes `num_active_partitions`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_num_active_partitions(
            &mut self,
            value: &u8,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.num_active_partitions =
                <u8 as ::isa_core::Field>::to_wire(value).map_err(|e| {
                    ::isa_core::__private::encode_error(
                        "TensorTensor",
                        "num_active_partitions",
                        15usize,
                        e,
                    )
                })?;
            ::core::result::Result::Ok(())
        }
        ///`out`, decoded and checked.
        #[inline]
        pub fn out(&self) -> ::core::result::Result<Tensor3d, ::isa_core::DecodeError> {
            <Tensor3d as ::isa_core::Field>::from_wire(&self.out)
                .map_err(|e| ::isa_core::__private::decode_error("TensorTensor", "out", 16usize, e))
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
            self.out = <Tensor3d as ::isa_core::Field>::to_wire(value).map_err(|e| {
                ::isa_core::__private::encode_error("TensorTensor", "out", 16usize, e)
            })?;
            ::core::result::Result::Ok(())
        }
        ///`in0`, decoded and checked.
        #[inline]
        pub fn in0(&self) -> ::core::result::Result<Tensor3d, ::isa_core::DecodeError> {
            <Tensor3d as ::isa_core::Field>::from_wire(&self.in0)
                .map_err(|e| ::isa_core::__private::decode_error("TensorTensor", "in0", 32usize, e))
        }
        ///`in0` as stored, unchecked.
        #[inline]
        pub fn in0_raw(&self) -> &<Tensor3d as ::isa_core::Field>::Wire {
            &self.in0
        }
        ///Writes `in0`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_in0(
            &mut self,
            value: &Tensor3d,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.in0 = <Tensor3d as ::isa_core::Field>::to_wire(value).map_err(|e| {
                ::isa_core::__private::encode_error("TensorTensor", "in0", 32usize, e)
            })?;
            ::core::result::Result::Ok(())
        }
        ///`in1`, decoded and checked.
        #[inline]
        pub fn in1(&self) -> ::core::result::Result<Tensor3d, ::isa_core::DecodeError> {
            <Tensor3d as ::isa_core::Field>::from_wire(&self.in1)
                .map_err(|e| ::isa_core::__private::decode_error("TensorTensor", "in1", 48usize, e))
        }
        ///`in1` as stored, unchecked.
        #[inline]
        pub fn in1_raw(&self) -> &<Tensor3d as ::isa_core::Field>::Wire {
            &self.in1
        }
        ///Writes `in1`; refuses a value the field cannot hold.
        #[inline]
        pub fn set_in1(
            &mut self,
            value: &Tensor3d,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            self.in1 = <Tensor3d as ::isa_core::Field>::to_wire(value).map_err(|e| {
                ::isa_core::__private::encode_error("TensorTensor", "in1", 48usize, e)
            })?;
            ::core::result::Result::Ok(())
        }
    }
    const __COVERAGE: [u8; 64usize] = ::isa_core::__private::with_mask(
        ::isa_core::__private::coverage::<64usize>(__FIELDS),
        0u32,
    );
    const __FIXED: ::isa_core::__private::Fixed<8usize> =
        ::isa_core::__private::fixed::<64usize, 8usize>(__FIELDS, 0u32, 0u32);
    /// The first fault of a bundle whose identity or fixed bits are wrong, in the order the
    /// layout states them: identity, header, constants, reserved bits.
    #[cold]
    #[inline(never)]
    fn __decode_fault(bytes: &[u8]) -> ::isa_core::DecodeError {
        if let ::core::result::Result::Err(e) =
            <TensorTensor as ::isa_core::Bundle>::IDENTITY.check("TensorTensor", bytes)
        {
            return e;
        }
        let len = ::isa_core::__private::read_le(bytes, 1, 1);
        if len != 16u64 {
            return ::isa_core::DecodeError::new(
                ::isa_core::Location {
                    op: "TensorTensor",
                    field: "inst_word_len",
                    inner: ::core::option::Option::None,
                    offset: 1,
                },
                ::isa_core::Problem::ConstantMismatch {
                    expected: 16u64,
                    found: len,
                },
            );
        }
        if let ::core::option::Option::Some((at, value, mask)) =
            ::isa_core::__private::first_reserved(bytes, &__COVERAGE)
        {
            return ::isa_core::DecodeError::new(
                ::isa_core::Location {
                    op: "TensorTensor",
                    field: "reserved",
                    inner: ::core::option::Option::None,
                    offset: at,
                },
                ::isa_core::Problem::ReservedNonZero { value, mask },
            );
        }
        ::isa_core::DecodeError::new(
            ::isa_core::Location {
                op: "TensorTensor",
                field: "bundle",
                inner: ::core::option::Option::None,
                offset: 0,
            },
            ::isa_core::Problem::Rule("the fixed bits of the bundle do not match its layout"),
        )
    }
    /// The first field of a bundle whose fixed bits are right that does not decode, with the
    /// getter's error: fields in declaration order.
    #[cold]
    #[inline(never)]
    fn __field_fault(wire: &TensorTensorWire) -> ::isa_core::DecodeError {
        let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(wire);
        if let ::core::result::Result::Err(e) =
            <TensorTensor as ::isa_core::Bundle>::IDENTITY.check("TensorTensor", bytes)
        {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.opcode() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.sync() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.in0_dtype() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.in1_dtype() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.out_dtype() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.alu() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.num_active_partitions() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.out() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.in0() {
            return e;
        }
        if let ::core::result::Result::Err(e) = wire.in1() {
            return e;
        }
        ::isa_core::DecodeError::new(
            ::isa_core::Location {
                op: "TensorTensor",
                field: "bundle",
                inner: ::core::option::Option::None,
                offset: 0,
            },
            ::isa_core::Problem::Rule("a field did not decode but its getter accepts it"),
        )
    }
    #[automatically_derived]
    impl ::isa_core::Bundle for TensorTensor {
        type Wire = TensorTensorWire;
        const NAME: &'static str = "TensorTensor";
        const WIRE_NAME: &'static str = "s3d3_tt";
        const SIZE: usize = 64usize;
        const IDENTITY: ::isa_core::Identity =
            ::isa_core::Identity::Opcodes(&[65u8, 81u8, 138u8, 142u8]);
        const FIELDS: &'static [::isa_core::FieldInfo] = &__TABLE;
        #[inline(always)]
        fn encode_in_place(
            &self,
            wire: &mut TensorTensorWire,
        ) -> ::core::result::Result<(), ::isa_core::EncodeError> {
            {
                let mut word: u64 = const { ::isa_core::__private::read_fixed(&__FIXED, 0usize, 4usize) }
                    | (16u8 as u64) << 8u32;
                let code = TensorTensorWire::__opcode_code(&self.opcode)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(8u32)) << 0u32;
                ::isa_core::__private::write_le(
                    ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(wire),
                    0usize,
                    4usize,
                    word,
                );
            }
            wire.set_sync(&self.sync)?;
            wire._reserved_after_sync = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    4usize + ::core::mem::size_of::<<SyncBand as ::isa_core::Field>::Wire>(),
                )
            };
            {
                let mut word: u64 =
                    const { ::isa_core::__private::read_fixed(&__FIXED, 12usize, 3usize) };
                let code = TensorTensorWire::__in0_dtype_code(&self.in0_dtype)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(4u32)) << 0u32;
                let code = TensorTensorWire::__in1_dtype_code(&self.in1_dtype)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(4u32)) << 4u32;
                let code = TensorTensorWire::__out_dtype_code(&self.out_dtype)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(8u32)) << 8u32;
                let code = TensorTensorWire::__alu_code(&self.alu)?;
                word |= (code >> 0u32 & ::isa_core::__private::low_mask(8u32)) << 16u32;
                ::isa_core::__private::write_le(
                    ::isa_core::__private::zerocopy::IntoBytes::as_mut_bytes(wire),
                    12usize,
                    3usize,
                    word,
                );
            }
            wire.set_num_active_partitions(&self.num_active_partitions)?;
            wire._reserved_after_num_active_partitions = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    15usize + ::core::mem::size_of::<<u8 as ::isa_core::Field>::Wire>(),
                )
            };
            wire.set_out(&self.out)?;
            wire._reserved_after_out = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    16usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
                )
            };
            wire.set_in0(&self.in0)?;
            wire._reserved_after_in0 = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    32usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
                )
            };
            wire.set_in1(&self.in1)?;
            wire._reserved_after_in1 = const {
                ::isa_core::__private::fixed_bytes(
                    &__FIXED,
                    48usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
                )
            };
            ::core::result::Result::Ok(())
        }
        #[inline(always)]
        fn decode_map<R, F: ::core::ops::FnOnce(Self) -> R>(
            wire: &TensorTensorWire,
            f: F,
        ) -> ::core::result::Result<R, ::isa_core::DecodeError> {
            if !<Self as ::isa_core::Bundle>::fixed_ok(wire) {
                return ::core::result::Result::Err(__decode_fault(
                    ::isa_core::__private::zerocopy::IntoBytes::as_bytes(wire),
                ));
            }
            ::core::result::Result::Ok(f(Self {
                opcode: {
                    let value =
                        <TtOpcode as ::isa_core::BitValue>::from_bits(wire.opcode_raw(), 8u32).ok();
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                sync: {
                    let value = <SyncBand as ::isa_core::Field>::from_wire(&wire.sync).ok();
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                in0_dtype: {
                    let value = {
                        let code = wire.in0_dtype_raw();
                        (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.decode)(code)
                    };
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                in1_dtype: {
                    let value = {
                        let code = wire.in1_dtype_raw();
                        (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.decode)(code)
                    };
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                out_dtype: {
                    let value = {
                        let code = wire.out_dtype_raw();
                        (const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() }.decode)(code)
                    };
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                alu: {
                    let value = {
                        let code = wire.alu_raw();
                        (const { ::isa_core::__private::lut_fns::<tt_alu, TtAlu>() }.decode)(code)
                    };
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                num_active_partitions: {
                    let value =
                        <u8 as ::isa_core::Field>::from_wire(&wire.num_active_partitions).ok();
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                out: {
                    let value = <Tensor3d as ::isa_core::Field>::from_wire(&wire.out).ok();
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                in0: {
                    let value = <Tensor3d as ::isa_core::Field>::from_wire(&wire.in0).ok();
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
                in1: {
                    let value = <Tensor3d as ::isa_core::Field>::from_wire(&wire.in1).ok();
                    match value {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => {
                            return ::core::result::Result::Err(__field_fault(wire));
                        }
                    }
                },
            }))
        }
        #[inline(always)]
        fn fixed_ok(wire: &TensorTensorWire) -> bool {
            let bytes = ::isa_core::__private::zerocopy::IntoBytes::as_bytes(wire);
            (const {
                ::isa_core::__private::all_in(
                    <TtOpcode as ::isa_core::BitValue>::CODES,
                    &[65u8, 81u8, 138u8, 142u8],
                )
            } || match bytes.first() {
                ::core::option::Option::Some(&opcode) => ::isa_core::__private::in_byte_set(
                    &const { ::isa_core::__private::byte_set(&[65u8, 81u8, 138u8, 142u8]) },
                    opcode,
                ),
                ::core::option::Option::None => false,
            }) && ::isa_core::__private::fixed_ok(bytes, &__FIXED)
        }
        #[inline]
        fn visit<V: ::isa_core::visit::Visitor>(
            wire: &TensorTensorWire,
            v: &mut V,
        ) -> ::core::result::Result<(), <V as ::isa_core::visit::Visitor>::Error> {
            <TtOpcode as ::isa_core::BitValue>::visit_bits(
                wire.opcode_raw(),
                8u32,
                ::isa_core::visit::Key::Field(&__FIELDS[0usize]),
                v,
            )?;
            <SyncBand as ::isa_core::Field>::visit(
                &wire.sync,
                ::isa_core::visit::Key::Field(&__FIELDS[3usize]),
                v,
            )?;
            ::isa_core::__private::visit_lut(
                &const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() },
                &<dtype_v2 as ::isa_core::Lut>::CODES,
                wire.in0_dtype_raw(),
                ::isa_core::visit::Key::Field(&__FIELDS[4usize]),
                v,
            )?;
            ::isa_core::__private::visit_lut(
                &const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() },
                &<dtype_v2 as ::isa_core::Lut>::CODES,
                wire.in1_dtype_raw(),
                ::isa_core::visit::Key::Field(&__FIELDS[5usize]),
                v,
            )?;
            ::isa_core::__private::visit_lut(
                &const { ::isa_core::__private::lut_fns::<dtype_v2, Dtype>() },
                &<dtype_v2 as ::isa_core::Lut>::CODES,
                wire.out_dtype_raw(),
                ::isa_core::visit::Key::Field(&__FIELDS[6usize]),
                v,
            )?;
            ::isa_core::__private::visit_lut(
                &const { ::isa_core::__private::lut_fns::<tt_alu, TtAlu>() },
                &<tt_alu as ::isa_core::Lut>::CODES,
                wire.alu_raw(),
                ::isa_core::visit::Key::Field(&__FIELDS[7usize]),
                v,
            )?;
            <u8 as ::isa_core::Field>::visit(
                &wire.num_active_partitions,
                ::isa_core::visit::Key::Field(&__FIELDS[8usize]),
                v,
            )?;
            <Tensor3d as ::isa_core::Field>::visit(
                &wire.out,
                ::isa_core::visit::Key::Field(&__FIELDS[9usize]),
                v,
            )?;
            <Tensor3d as ::isa_core::Field>::visit(
                &wire.in0,
                ::isa_core::visit::Key::Field(&__FIELDS[10usize]),
                v,
            )?;
            <Tensor3d as ::isa_core::Field>::visit(
                &wire.in1,
                ::isa_core::visit::Key::Field(&__FIELDS[11usize]),
                v,
            )?;
            ::core::result::Result::Ok(())
        }
    }
    const _: () =
        if 4usize + ::core::mem::size_of::<<SyncBand as ::isa_core::Field>::Wire>() > 12usize {
            ::core::panic!(
                "{}",
                ::isa_core::__private::overlap(
                    "sync",
                    4usize,
                    ::core::mem::size_of::<<SyncBand as ::isa_core::Field>::Wire>(),
                    "field `in0_dtype`",
                    12usize
                )
                .as_str()
            )
        };
    const _: () = ::core::assert!(
        <SyncBand as ::isa_core::Field>::DESCRIPTOR_DIMS == 0
            || ::core::mem::size_of::<<SyncBand as ::isa_core::Field>::Wire>()
                == 4 + 4 * <SyncBand as ::isa_core::Field>::DESCRIPTOR_DIMS,
        "field `sync` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)"
    );
    const _: () =
        if 16usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>() > 32usize {
            ::core::panic!(
                "{}",
                ::isa_core::__private::overlap(
                    "out",
                    16usize,
                    ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
                    "field `in0`",
                    32usize
                )
                .as_str()
            )
        };
    const _: () = ::core::assert!(
        <Tensor3d as ::isa_core::Field>::DESCRIPTOR_DIMS == 0
            || ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>()
                == 4 + 4 * <Tensor3d as ::isa_core::Field>::DESCRIPTOR_DIMS,
        "field `out` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)"
    );
    const _: () =
        if 32usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>() > 48usize {
            ::core::panic!(
                "{}",
                ::isa_core::__private::overlap(
                    "in0",
                    32usize,
                    ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
                    "field `in1`",
                    48usize
                )
                .as_str()
            )
        };
    const _: () = ::core::assert!(
        <Tensor3d as ::isa_core::Field>::DESCRIPTOR_DIMS == 0
            || ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>()
                == 4 + 4 * <Tensor3d as ::isa_core::Field>::DESCRIPTOR_DIMS,
        "field `in0` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)"
    );
    const _: () =
        if 48usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>() > 64usize {
            ::core::panic!(
                "{}",
                ::isa_core::__private::past_end(
                    "in1",
                    48usize,
                    ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>(),
                    64usize
                )
                .as_str()
            )
        };
    const _: () = ::core::assert!(
        <Tensor3d as ::isa_core::Field>::DESCRIPTOR_DIMS == 0
            || ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>()
                == 4 + 4 * <Tensor3d as ::isa_core::Field>::DESCRIPTOR_DIMS,
        "field `in1` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)"
    );
    const _: () = ::core::assert!(
        <TtOpcode as ::isa_core::BitValue>::BITS >= 8u32,
        "field `opcode` is an opcode byte, wider than its type `TtOpcode`; use `u8`, the smallest type that holds 8 bits"
    );
    const _: () = ::core::assert!(
        <TtOpcode as ::isa_core::BitValue>::BITS <= 8u32,
        "field `opcode` is an opcode byte but its type `TtOpcode` is wider than 8 bits; use the smallest type that holds 8 bits"
    );
    const _: () = if let ::core::option::Option::Some(m) = ::isa_core::__private::lut_too_wide(
        ::isa_core::__private::LutShape {
            name: <dtype_v2 as ::isa_core::Lut>::NAME,
            code_bits: <dtype_v2 as ::isa_core::Lut>::CODE_BITS,
            entries: <dtype_v2 as ::isa_core::Lut>::ENTRIES,
            codes: <dtype_v2 as ::isa_core::Lut>::CODES,
        },
        4u32,
        "in0_dtype",
        "4-bit range",
    ) {
        ::core::panic!("{}", m.as_str())
    };
    const _: () = if let ::core::option::Option::Some(m) = ::isa_core::__private::lut_too_wide(
        ::isa_core::__private::LutShape {
            name: <dtype_v2 as ::isa_core::Lut>::NAME,
            code_bits: <dtype_v2 as ::isa_core::Lut>::CODE_BITS,
            entries: <dtype_v2 as ::isa_core::Lut>::ENTRIES,
            codes: <dtype_v2 as ::isa_core::Lut>::CODES,
        },
        4u32,
        "in1_dtype",
        "4-bit range",
    ) {
        ::core::panic!("{}", m.as_str())
    };
    const _: () = if let ::core::option::Option::Some(m) = ::isa_core::__private::lut_too_wide(
        ::isa_core::__private::LutShape {
            name: <dtype_v2 as ::isa_core::Lut>::NAME,
            code_bits: <dtype_v2 as ::isa_core::Lut>::CODE_BITS,
            entries: <dtype_v2 as ::isa_core::Lut>::ENTRIES,
            codes: <dtype_v2 as ::isa_core::Lut>::CODES,
        },
        8u32,
        "out_dtype",
        "8-bit range",
    ) {
        ::core::panic!("{}", m.as_str())
    };
    const _: () = if let ::core::option::Option::Some(m) = ::isa_core::__private::lut_too_wide(
        ::isa_core::__private::LutShape {
            name: <tt_alu as ::isa_core::Lut>::NAME,
            code_bits: <tt_alu as ::isa_core::Lut>::CODE_BITS,
            entries: <tt_alu as ::isa_core::Lut>::ENTRIES,
            codes: <tt_alu as ::isa_core::Lut>::CODES,
        },
        8u32,
        "alu",
        "8-bit range",
    ) {
        ::core::panic!("{}", m.as_str())
    };
    const _: () = ::core::assert!(
        !(4usize + ::core::mem::size_of::<<SyncBand as ::isa_core::Field>::Wire>() <= 12usize
            && 16usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>()
                <= 32usize
            && 32usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>()
                <= 48usize
            && 48usize + ::core::mem::size_of::<<Tensor3d as ::isa_core::Field>::Wire>()
                <= 64usize
            && true)
            || ::core::mem::size_of::<TensorTensorWire>() == 64usize,
        "the wire struct is not the declared 64 bytes"
    );
};
