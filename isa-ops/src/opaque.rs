//! Opcodes known without a recovered field map (SPEC-NOTES §2.10): 0x92
//! TensorScalarAffineSelect, 0x9B DveReadAccumulator, 0x7B TensorDequantize and 0x9C
//! TensorReduceRangeCheck.
//!
//! Each is recognised by its opcode, and the 60 bytes after the 4-byte header are carried
//! byte-exact in one array: decoding never interprets them and encoding gives them back
//! unchanged. No field is invented (the derive refuses a typed field on an `unrecovered`
//! layout). In JSON the body is a 120-digit hexadecimal string.

use isa_derive::Bundle;

use crate::lower::Validate;

/// The serde form of an opaque body: lowercase hexadecimal, two digits a byte.
pub mod hex_body {
    use core::fmt::Write as _;

    /// Writes the bytes as one hexadecimal string.
    pub fn serialize<S: serde::Serializer, const N: usize>(
        bytes: &[u8; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(2 * N);
        for b in bytes {
            // Writing to a String cannot fail.
            let _ = write!(text, "{b:02x}");
        }
        serializer.serialize_str(&text)
    }

    /// Reads exactly `2 * N` hexadecimal digits.
    pub fn deserialize<'de, D: serde::Deserializer<'de>, const N: usize>(
        deserializer: D,
    ) -> Result<[u8; N], D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        parse(&text).map_err(serde::de::Error::custom)
    }

    /// The bytes of `text`, or why it is not `2 * N` hexadecimal digits.
    pub fn parse<const N: usize>(text: &str) -> Result<[u8; N], String> {
        let digits = text.as_bytes();
        if digits.len() != 2 * N {
            return Err(format!(
                "an opaque body is {} hexadecimal digits ({N} bytes), not {}",
                2 * N,
                digits.len()
            ));
        }
        let mut out = [0u8; N];
        for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
            let pair = core::str::from_utf8(pair).map_err(|e| e.to_string())?;
            *byte = u8::from_str_radix(pair, 16)
                .map_err(|_| format!("`{pair}` is not a hexadecimal byte"))?;
        }
        Ok(out)
    }
}

/// Declares one opaque op: a 64-byte bundle with one opcode and its 60-byte body at 0x04.
macro_rules! opaque {
    ($(
        $(#[$meta:meta])*
        $name:ident = $opcode:tt, $known:literal;
    )+) => {$(
        $(#[$meta])*
        #[derive(Bundle, Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[bundle(size = 64, opcodes = [$opcode], unrecovered = $known)]
        pub struct $name {
            /// The 60 bytes after the header, carried byte-exact.
            #[field(offset = 0x04, confidence = strong, note = "the whole body after the common 4-byte header; field map not recovered (SPEC-NOTES 2.10)")]
            #[serde(with = "hex_body")]
            pub body: [u8; 60],
        }

        impl $name {
            /// The opcode byte.
            pub const OPCODE: u8 = $opcode;
        }

        /// No validator: nothing of the body is known to check.
        impl Validate for $name {}
    )+};
}

opaque! {
    /// TensorScalarAffineSelect, 0x92 (seed 001 OPEN): a real op (`bir::InstTensorScalarAffineSelect`,
    /// produced by `BirCodeGenLoopGen::codegenAffSelTensorScalarOp`) whose byte emitter is not in
    /// the analysed binaries.
    TensorScalarAffineSelect = 0x92,
        "TensorScalarAffineSelect (seed 001 OPEN): operands known from the codegen symbols — idx_partition_ap, idx_free_ap, index_expr (an AffineExpr), fill_value, cmp_mode, dtype; it selects a tensor-scalar result or fill_value per an affine index predicate. Byte offsets not recovered.";
    /// DveReadAccumulator, 0x9B (seed 001): the drain every two-output fused-reduce form
    /// appends after its bundle, reading the per-partition accumulator.
    DveReadAccumulator = 0x9B,
        "DveReadAccumulator (seed 001): the trailing drain of a two-output fused-reduce form (TensorScalar, STT, TensorScalarCache, Exponential). Byte offsets not recovered.";
    /// TensorDequantize, 0x7B (seed 000 negative result): in the ISA table, but no CoreV*
    /// encoder emits it (the dequant is lowered to a scale-multiply chain upstream).
    TensorDequantize = 0x7B,
        "TensorDequantize (seed 000): ISA opcode 0x7B (123), never emitted by the analysed compiler (no CoreV* encoder symbol). Byte offsets not recovered.";
    /// TensorReduceRangeCheck, 0x9C (seed 001): named only to tell it apart from STT's 0x9D.
    TensorReduceRangeCheck = 0x9C,
        "TensorReduceRangeCheck (seed 001): opcode 0x9C (156), a different op from ScalarTensorTensorArith 0x9D. Byte offsets not recovered.";
}

impl DveReadAccumulator {
    /// The drain a two-output fused-reduce form appends (seed 001). Its field map is not
    /// recovered, so the body is left as the zero-filled bundle every encoder starts from
    /// ("any unwritten byte is a hard 0x00"); only the header is known.
    pub const fn drain() -> Self {
        DveReadAccumulator { body: [0; 60] }
    }
}
