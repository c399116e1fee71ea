//! `bir::Dtype` and its wire tags (SPEC-NOTES §1, seeds 000 and 001).

crate::enumeration! {
    /// The element type of a tensor operand: the 20 ordinals of `bir::Dtype` (SPEC-NOTES §1).
    ///
    /// The code is the BIR ordinal, which indexes the seeds' tables; it is **not** the wire
    /// byte. A bundle stores the wire tag of [`dtype_v2`] (CoreV2 ops) or [`dtype_v4`] (CoreV4
    /// ops), which is many-to-one: the wire keeps the storage format, not the ordinal.
    pub enum Dtype: "bir::Dtype" {
        /// Unsigned 8-bit integer. Canonical preimage of wire tag 0x03 (`UINT8`).
        Uint8 = 0 => "uint8",
        /// Signed 8-bit integer.
        Int8 = 1 => "int8",
        /// Four packed fp4 (e2m1fn) values in a 2-byte container. Shares wire tag 0x05 with
        /// `uint16` on CoreV2; has its own tag 0x10 on CoreV4.
        Float4E2m1fnX4 = 2 => "float4_e2m1fn_x4",
        /// fp8 with a 3-bit exponent (`FP8_EXP3`, wire tag 0x0D).
        Float8e3 = 3 => "float8e3",
        /// fp8 with a 4-bit exponent. Canonical preimage of wire tag 0x0E (`FP8_EXP4`).
        Float8e4 = 4 => "float8e4",
        /// fp8 e4m3fn (no infinities). Shares wire tag 0x0E with `float8e4`.
        Float8E4m3fn = 5 => "float8_e4m3fn",
        /// fp8 e8m0fnu (an exponent-only scale). Shares wire tag 0x03 with `uint8`.
        Float8E8m0fnu = 6 => "float8_e8m0fnu",
        /// fp8 with a 5-bit exponent. Canonical preimage of wire tag 0x0F (`FP8_EXP5`).
        Float8e5 = 7 => "float8e5",
        /// Four packed fp8 e4m3fn values in a 4-byte container. Shares wire tag 0x0E.
        Float8E4m3fnX4 = 8 => "float8_e4m3fn_x4",
        /// Four packed fp8 e5m2 values in a 4-byte container. Shares wire tag 0x0F.
        Float8E5m2X4 = 9 => "float8_e5m2_x4",
        /// Unsigned 16-bit integer. Canonical preimage of wire tag 0x05 (`UINT16`).
        Uint16 = 10 => "uint16",
        /// Signed 16-bit integer.
        Int16 = 11 => "int16",
        /// bfloat16.
        Bfloat16 = 12 => "bfloat16",
        /// IEEE half precision.
        Float16 = 13 => "float16",
        /// Unsigned 32-bit integer.
        Uint32 = 14 => "uint32",
        /// Signed 32-bit integer (ordinal 15: seed 000's "dtype == 12" int32 gate is read as
        /// int32 by name, SPEC-NOTES §2.7).
        Int32 = 15 => "int32",
        /// IEEE single precision.
        Float32 = 16 => "float32",
        /// `float32r` (wire-side name `FP32R`, tag 0x0B).
        Float32r = 17 => "float32r",
        /// Unsigned 64-bit integer.
        Uint64 = 18 => "uint64",
        /// Signed 64-bit integer.
        Int64 = 19 => "int64",
    }
}

impl Dtype {
    /// Bytes per element container: seed 000's size table `qword_1DF59E0` (the "container
    /// stride" column of SPEC-NOTES §1). Packed types count their whole container
    /// (`float4_e2m1fn_x4` is 2 bytes, the `_x4` fp8 types 4).
    pub const fn size_bytes(self) -> u32 {
        match self {
            Dtype::Uint8
            | Dtype::Int8
            | Dtype::Float8e3
            | Dtype::Float8e4
            | Dtype::Float8E4m3fn
            | Dtype::Float8E8m0fnu
            | Dtype::Float8e5 => 1,
            Dtype::Float4E2m1fnX4
            | Dtype::Uint16
            | Dtype::Int16
            | Dtype::Bfloat16
            | Dtype::Float16 => 2,
            Dtype::Float8E4m3fnX4
            | Dtype::Float8E5m2X4
            | Dtype::Uint32
            | Dtype::Int32
            | Dtype::Float32
            | Dtype::Float32r => 4,
            Dtype::Uint64 | Dtype::Int64 => 8,
        }
    }

    /// Bits per element container: [`Dtype::size_bytes`] × 8.
    pub const fn bits(self) -> u32 {
        self.size_bytes() * 8
    }
}

crate::lut! {
    /// CoreV2 dtype wire tags: seed 000's `byte_1DF5760`, indexed by the `bir::Dtype` ordinal
    /// (`03 02 05 0d 0e 0e 03 0f 0e 0f 05 04 06 07 09 08 0a 0b 01 0c`, confirmed again in seed
    /// 001). The CoreV2 bodies and STT take this table (seed 001).
    ///
    /// Many-to-one: 20 ordinals onto 15 tags. The wire names the storage format only, so
    /// - 0x03 ← uint8, float8_e8m0fnu;
    /// - 0x05 ← uint16, float4_e2m1fn_x4;
    /// - 0x0E ← float8e4, float8_e4m3fn, float8_e4m3fn_x4;
    /// - 0x0F ← float8e5, float8_e5m2_x4.
    ///
    /// A decoded tag gives the canonical preimage, the ordinal whose name the independent
    /// wire-side names of the older public ISA header give to the tag (`UINT8` 3, `UINT16` 5,
    /// `FP8_EXP4` 0xE, `FP8_EXP5` 0xF; SPEC-NOTES §1); [`Lut::preimages`](crate::Lut::preimages)
    /// lists the others. Encoding after decoding always gives the same byte.
    ///
    /// The public notes on the vendor's headers (`NEURON_ISA_TPB_DTYPE` in
    /// aws_neuron_isa_tpb_*.h) agree with every 4-bit code: UINT64 = 1 … FP8_EXP5 = 0xF.
    pub dtype_v2: Dtype {
        Uint8 => 0x03,
        Int8 => 0x02,
        Float4E2m1fnX4 => 0x05,
        Float8e3 => 0x0D,
        Float8e4 => 0x0E,
        Float8E4m3fn => 0x0E,
        Float8E8m0fnu => 0x03,
        Float8e5 => 0x0F,
        Float8E4m3fnX4 => 0x0E,
        Float8E5m2X4 => 0x0F,
        Uint16 => 0x05,
        Int16 => 0x04,
        Bfloat16 => 0x06,
        Float16 => 0x07,
        Uint32 => 0x09,
        Int32 => 0x08,
        Float32 => 0x0A,
        Float32r => 0x0B,
        Uint64 => 0x01,
        Int64 => 0x0C,
    }
    canonical { 0x03 => Uint8, 0x05 => Uint16, 0x0E => Float8e4, 0x0F => Float8e5 }
}

crate::lut! {
    /// CoreV4 dtype wire tags: seed 001's `byte_1DFBAD0`, identical to [`dtype_v2`] except index
    /// 2: float4_e2m1fn_x4 is 0x10 (its own tag) instead of 0x05. Exponential (the CoreV4
    /// emitter) takes this table.
    ///
    /// 0x10 needs 5 bits (`CODE_BITS` is 5), so this table cannot feed a nibble field: a CoreV4
    /// float4 tag can never be stored in one (SPEC-NOTES §1).
    ///
    /// Still many-to-one, with the canonical choices of [`dtype_v2`] (the wire-side names
    /// `UINT8` 3, `FP8_EXP4` 0xE, `FP8_EXP5` 0xF): 0x03 ← uint8, float8_e8m0fnu;
    /// 0x0E ← float8e4, float8_e4m3fn, float8_e4m3fn_x4; 0x0F ← float8e5, float8_e5m2_x4.
    /// 0x05 (uint16) and 0x10 (float4_e2m1fn_x4) each have one preimage.
    pub dtype_v4: Dtype = dtype_v2 {
        changed { Float4E2m1fnX4 => 0x10 }
    }
    canonical { 0x03 => Uint8, 0x0E => Float8e4, 0x0F => Float8e5 }
}
