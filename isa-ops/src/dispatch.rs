//! The ISA-wide dispatch, generated from the list of declarations: the [`Op`] enum, zero-copy
//! [`OpView`]s, [`decode_any`], and a stream walker over a buffer of 64-byte bundles.
//!
//! The opcode table is built at compile time from each declaration's `opcodes`; two
//! declarations claiming one opcode do not compile (an opcode shared by two producers, like
//! 0x9A, is declared once, on the one layout both write).

use isa_core::__private::Message;
use isa_core::{Bundle, DecodeError, FieldInfo, Identity, LayoutStatus, Location, Problem};

/// Size of every bundle of the 64-byte family.
pub const BUNDLE_SIZE: usize = 64;

/// One declaration as the dispatch and the tools see it.
#[derive(Debug, Clone, Copy)]
pub struct Declaration {
    /// The op's name.
    pub name: &'static str,
    /// The specification's wire-struct name.
    pub wire_name: &'static str,
    /// The opcodes it claims.
    pub opcodes: &'static [u8],
    /// Its field table.
    pub fields: &'static [FieldInfo],
    /// Whether its field map is recovered (SPEC-NOTES §2.10 lists the opcodes whose map is not).
    pub layout: LayoutStatus,
}

impl Declaration {
    /// The declaration of bundle type `B`.
    pub const fn of<B: Bundle>() -> Self {
        let opcodes: &'static [u8] = match B::IDENTITY {
            Identity::Opcodes(ops) => ops,
            Identity::MaskMatch { .. } | Identity::Nested => &[],
        };
        assert!(
            B::SIZE == BUNDLE_SIZE,
            "a 64-byte-family op must be 64 bytes"
        );
        Declaration {
            name: B::NAME,
            wire_name: B::WIRE_NAME,
            opcodes,
            fields: B::FIELDS,
            layout: B::LAYOUT,
        }
    }
}

/// Opcode → 1 + index into the declaration list (0: unknown). A second claim of an opcode is a
/// compile-time error that names the opcode and both declarations.
pub const fn opcode_table(decls: &[Declaration]) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut d = 0;
    while d < decls.len() {
        let ops = decls[d].opcodes;
        let mut k = 0;
        while k < ops.len() {
            let op = ops[k] as usize;
            if table[op] != 0 {
                let first = decls[table[op] as usize - 1].name;
                let msg = Message::new()
                    .push("opcode ")
                    .push_code(ops[k])
                    .push(" is claimed by both ")
                    .push(first)
                    .push(" and ")
                    .push(decls[d].name)
                    .push("; an opcode shared by two producers is declared once, on their shared layout");
                panic!("{}", msg.as_str());
            }
            table[op] = d as u8 + 1;
            k += 1;
        }
        d += 1;
    }
    table
}

/// Every opcode of the table, ascending, and how many there are.
pub(crate) const fn known_opcodes(table: &[u8; 256]) -> ([u8; 256], usize) {
    let mut out = [0u8; 256];
    let (mut i, mut n) = (0, 0);
    while i < 256 {
        if table[i] != 0 {
            out[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    (out, n)
}

/// Declares the ISA-wide op list: `Op`, `OpView`, `DECLARATIONS`, `decode_any`, `view_any`.
macro_rules! declare_ops {
    ($( $(#[$doc:meta])* $variant:ident($ty:ty) ),+ $(,)?) => {
        /// One decoded bundle of any declared op. Serialized with its name under `"op"` and its
        /// fields beside it (the JSON Lines form of the command line).
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "op")]
        pub enum Op {
            $( $(#[$doc])* $variant($ty), )+
        }

        /// One bundle of any declared op, read in place (no field decoded yet).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum OpView<'a> {
            $( $(#[$doc])* $variant(&'a <$ty as isa_core::Bundle>::Wire), )+
        }

        /// Every declared op, in dispatch order.
        pub const DECLARATIONS: &[Declaration] = &[$( Declaration::of::<$ty>() ),+];

        const TABLE: [u8; 256] = opcode_table(DECLARATIONS);
        const KNOWN: ([u8; 256], usize) = known_opcodes(&TABLE);
        /// Every opcode some declaration claims, ascending.
        pub const KNOWN_OPCODES: &[u8] = KNOWN.0.split_at(KNOWN.1).0;

        // The opcode table has chosen the declaration, so the views check the length only
        // (`view_prefix`), and decode checks the whole header once.
        type ViewFn = for<'a> fn(&'a [u8]) -> Result<OpView<'a>, DecodeError>;
        const VIEWS: &[ViewFn] = &[$( |b| <$ty as Bundle>::view_prefix(b).map(OpView::$variant) ),+];
        type DecodeFn = fn(&[u8]) -> Result<Op, DecodeError>;
        const DECODERS: &[DecodeFn] = &[$( |b| <$ty as Bundle>::decode_map(<$ty as Bundle>::view_prefix(b)?, Op::$variant) ),+];
        /// The decoder of every opcode byte (one that refuses it for an unclaimed opcode): the
        /// dispatch is one load after the opcode's, so a mispredicted call resolves early.
        const DECODER_OF: [DecodeFn; 256] = {
            let mut table: [DecodeFn; 256] = [refuse_unknown; 256];
            let mut opcode = 0;
            while opcode < 256 {
                if TABLE[opcode] != 0 {
                    table[opcode] = DECODERS[TABLE[opcode] as usize - 1];
                }
                opcode += 1;
            }
            table
        };

        impl Op {
            /// The op's name.
            pub fn name(&self) -> &'static str {
                match self { $( Op::$variant(_) => <$ty as Bundle>::NAME, )+ }
            }
            /// The op's field table.
            pub fn fields(&self) -> &'static [FieldInfo] {
                match self { $( Op::$variant(_) => <$ty as Bundle>::FIELDS, )+ }
            }
            /// Encodes the bundle.
            pub fn to_bytes(&self) -> Result<[u8; BUNDLE_SIZE], isa_core::EncodeError> {
                let mut out = [0u8; BUNDLE_SIZE];
                self.encode_into(&mut out)?;
                Ok(out)
            }
            /// Encodes the bundle into the first [`BUNDLE_SIZE`] bytes of `out`, in place
            /// ([`Bundle::encode_into`]: every byte is written, whatever `out` held).
            pub fn encode_into(&self, out: &mut [u8]) -> Result<(), isa_core::EncodeError> {
                match self { $( Op::$variant(b) => b.encode_into(out), )+ }
            }
            /// Runs every validator of the op.
            pub fn validate(&self) -> Vec<$crate::codegen::Finding> {
                match self { $( Op::$variant(b) => $crate::codegen::Validate::validate(b), )+ }
            }
        }

        impl<'a> OpView<'a> {
            /// The op's name.
            pub fn name(&self) -> &'static str {
                match self { $( OpView::$variant(_) => <$ty as Bundle>::NAME, )+ }
            }
            /// The bundle's bytes.
            pub fn as_bytes(&self) -> &'a [u8] {
                match *self { $( OpView::$variant(w) => zerocopy::IntoBytes::as_bytes(w), )+ }
            }
            /// The opcode byte.
            pub fn opcode(&self) -> u8 {
                self.as_bytes().first().copied().unwrap_or(0)
            }
            /// Decodes every field, with every check.
            pub fn decode(&self) -> Result<Op, DecodeError> {
                match *self { $( OpView::$variant(w) => <$ty as Bundle>::decode_map(w, Op::$variant), )+ }
            }
            /// The op's field table.
            pub fn fields(&self) -> &'static [FieldInfo] {
                match self { $( OpView::$variant(_) => <$ty as Bundle>::FIELDS, )+ }
            }
        }

        $( impl From<$ty> for Op {
            fn from(b: $ty) -> Op { Op::$variant(b) }
        } )+
    };
}

declare_ops! {
    /// TensorTensor, s3d3_tt (seed 000 §2).
    TensorTensor(crate::tensor_tensor::TensorTensor),
    /// SelectReduce 0xEA, the 2-D band of the CopyPredicated body (seed 000 §3.1).
    SelectReduce(crate::copy_predicated::SelectReduce),
    /// CopyPredicated 0x72 / CastPredicated 0x99, s3d3_tt (seed 000 §3.2).
    CopyPredicated(crate::copy_predicated::CopyPredicated),
    /// CopyPredicatedScalar 0xE8, d3_cp (seed 000 §3.3).
    CopyPredicatedScalar(crate::copy_predicated::CopyPredicatedScalar),
    /// TensorCopy 0x46 / 0x47, s3d3_copy (seed 000 §4).
    TensorCopy(crate::tensor_copy::TensorCopy),
    /// Memset 0x49 / 0x4D, d3_memset (seed 000 §5).
    Memset(crate::memset::Memset),
    /// MoveShape 0xB2, s_move (seed 000 §6).
    MoveShape(crate::move_shape::MoveShape),
    /// TensorScalar and TensorScalarCache, s3d3_ts, CoreV2 tables (seed 001; 0x9A once, for both).
    TensorScalar(crate::tensor_scalar::TensorScalar),
    /// Exponential, s3d3_ts, CoreV4 tables (seed 001).
    Exponential(crate::exponential::Exponential),
    /// ScalarTensorTensor, s2s2d2_stt (seed 001).
    ScalarTensorTensor(crate::scalar_tensor_tensor::ScalarTensorTensor),
    /// TensorScalarAddr, s2d2_ts_as (seed 001).
    TensorScalarAddr(crate::tensor_scalar_addr::TensorScalarAddr),
    /// TensorScalarAffineSelect 0x92, layout not recovered (seed 001 OPEN).
    TensorScalarAffineSelect(crate::opaque::TensorScalarAffineSelect),
    /// DveReadAccumulator 0x9B, layout not recovered (seed 001).
    DveReadAccumulator(crate::opaque::DveReadAccumulator),
    /// TensorDequantize 0x7B, never emitted, layout not recovered (seed 000).
    TensorDequantize(crate::opaque::TensorDequantize),
    /// TensorReduceRangeCheck 0x9C, layout not recovered (seed 001).
    TensorReduceRangeCheck(crate::opaque::TensorReduceRangeCheck),
}

/// Reads the first 64 bytes of `bytes` in place as whichever op its opcode names. Only the
/// opcode and the length are checked; fields decode on demand.
pub fn view_any(bytes: &[u8]) -> Result<OpView<'_>, DecodeError> {
    match VIEWS.get(declaration_index(bytes)?) {
        Some(view) => view(bytes),
        None => Err(truncated(bytes.len())),
    }
}

/// Decodes the first 64 bytes of `bytes` as whichever op its opcode names, with every check.
#[inline]
pub fn decode_any(bytes: &[u8]) -> Result<Op, DecodeError> {
    match bytes.first() {
        Some(&opcode) => DECODER_OF[opcode as usize](bytes),
        None => Err(truncated(0)),
    }
}

/// The decoder of an opcode no declaration claims.
fn refuse_unknown(bytes: &[u8]) -> Result<Op, DecodeError> {
    Err(unknown_opcode(bytes.first().copied().unwrap_or(0)))
}

/// The index of the declaration that claims the first byte of `bytes`.
#[inline]
fn declaration_index(bytes: &[u8]) -> Result<usize, DecodeError> {
    let Some(&opcode) = bytes.first() else {
        return Err(truncated(0));
    };
    match TABLE[opcode as usize] {
        0 => Err(unknown_opcode(opcode)),
        i => Ok(i as usize - 1),
    }
}

#[cold]
fn unknown_opcode(opcode: u8) -> DecodeError {
    DecodeError {
        at: Location {
            op: "bundle",
            field: "opcode",
            inner: None,
            offset: 0,
        },
        problem: Problem::UnknownOpcode {
            opcode,
            expected: KNOWN_OPCODES,
        },
    }
}

#[cold]
fn truncated(available: usize) -> DecodeError {
    DecodeError {
        at: Location {
            op: "bundle",
            field: "bundle",
            inner: None,
            offset: 0,
        },
        problem: Problem::Truncated {
            needed: BUNDLE_SIZE,
            available,
        },
    }
}

/// A bundle of a stream, where it sits, and its view (or why it has none).
#[derive(Debug, Clone, Copy)]
pub struct Located<'a> {
    /// Byte offset of the bundle in the stream.
    pub offset: usize,
    /// The bundle's 64 bytes.
    pub bytes: &'a [u8; BUNDLE_SIZE],
    /// The typed view, or the reason the opcode is not one of ours.
    pub view: Result<OpView<'a>, DecodeError>,
}

impl Located<'_> {
    /// The opcode byte.
    pub fn opcode(&self) -> u8 {
        self.bytes[0]
    }
}

/// Bytes at the end of a stream that do not make a whole bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{len} trailing bytes at offset {offset:#x} do not make a 64-byte bundle")]
pub struct Trailing {
    /// Where they start.
    pub offset: usize,
    /// How many there are (1..=63).
    pub len: usize,
}

/// Walks a buffer of 64-byte bundles in place: every bundle, then, if the length is not a
/// multiple of 64, one [`Trailing`] report. Nothing is copied and nothing is dropped.
pub fn bundles(stream: &[u8]) -> Bundles<'_> {
    Bundles {
        chunks: stream.chunks_exact(BUNDLE_SIZE),
        offset: 0,
        done: false,
    }
}

/// The iterator of [`bundles`].
#[derive(Debug, Clone)]
pub struct Bundles<'a> {
    chunks: core::slice::ChunksExact<'a, u8>,
    offset: usize,
    done: bool,
}

impl<'a> Iterator for Bundles<'a> {
    type Item = Result<Located<'a>, Trailing>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(chunk) = self.chunks.next() {
            let offset = self.offset;
            self.offset += BUNDLE_SIZE;
            let bytes: &[u8; BUNDLE_SIZE] = chunk.try_into().ok()?;
            return Some(Ok(Located {
                offset,
                bytes,
                view: view_any(chunk),
            }));
        }
        let rest = self.chunks.remainder();
        if self.done || rest.is_empty() {
            return None;
        }
        self.done = true;
        Some(Err(Trailing {
            offset: self.offset,
            len: rest.len(),
        }))
    }
}
