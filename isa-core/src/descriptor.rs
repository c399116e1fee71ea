//! The static access-pattern descriptors of seed 002: TENSOR1D..TENSOR4D and their destination
//! spelling MEM_PATTERN2D/3D, one generic definition for every N.
//!
//! Seed 002, the 4+4N rule: a descriptor with N free dimensions is exactly `4 + 4N` bytes,
//! `[ADDR4][stride0 … stride(N-1)][num0 … num(N-1)]` — the ADDR4 word at +0, all N signed
//! 16-bit strides at +4, then all N unsigned 16-bit counts at +(4 + 2N). Two separate arrays,
//! never interleaved (the seed's CORRECTION; 1D only looks interleaved). There is no dim-count
//! field on the wire: N is fixed by the descriptor type.
//!
//! Packing from a BIR access pattern is [`Tensor::pack`](crate::access); the decode-side checks
//! are in [`valid`].

use zerocopy::byteorder::little_endian::{I16, U16, U32};
use zerocopy::{FromBytes, FromZeros, Immutable, IntoBytes, KnownLayout, Unaligned};

use crate::addr4::Addr4;
use crate::error::FieldError;
use crate::field::Field;
use crate::visit::{Key, Nest, Value, Visitor};

pub mod valid;

/// A static access-pattern descriptor with `N` free dimensions (seed 002: TENSOR1D/2D/3D/4D,
/// `4 + 4N` bytes; N is 1..=4, checked at compile time).
///
/// Seed 002: strides precede counts; the stride array starts at +4 and the count array at
/// 4 + 2N. A stride is a signed element step (never pre-multiplied by the dtype size; negative
/// strides walk backward), a count is an unsigned element count. Slot 0 is the innermost free
/// dimension when the descriptor comes from [`Tensor::pack`]. The partition axis is not a slot:
/// it is folded into [`Tensor::addr`].
///
/// Every field value is representable on the wire, so encoding never fails and decoding is
/// lossless; the validators ([`Tensor::validate`]) say whether the hardware accepts it.
///
/// `#[repr(C)]` with the wire's fields in the wire's order and no padding (4 + 2N + 2N bytes),
/// so that on a little-endian host a decoded descriptor is the wire's bytes, copied once.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, FromBytes, Immutable, KnownLayout)]
pub struct Tensor<const N: usize> {
    /// The ADDR4 start-address word @+0, with the partition axis folded in (seed 002).
    pub addr: Addr4,
    /// The stride words @+4+2i: signed i16, element units (seed 002).
    pub strides: [i16; N],
    /// The count words @+(4+2N)+2i: unsigned u16; zero is refused by the SBUF validator
    /// (seed 002).
    pub nums: [u16; N],
}

/// The wire form of [`Tensor<N>`]: `#[repr(C)]`, alignment 1, exactly `4 + 4N` bytes, readable
/// in place from any byte buffer (seed 002: `[ADDR4 @+0][strides @+4][counts @+(4+2N)]`).
#[repr(C)]
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, FromBytes, IntoBytes, KnownLayout, Immutable, Unaligned,
)]
pub struct TensorWire<const N: usize> {
    /// The ADDR4 start-address word @+0 (seed 002).
    pub addr: U32,
    /// The stride array @+4: N little-endian i16 words (seed 002).
    pub strides: [I16; N],
    /// The count array @+(4 + 2N): N little-endian u16 words (seed 002).
    pub nums: [U16; N],
}

impl<const N: usize> TensorWire<N> {
    /// `4 + 4N`, the descriptor's size in bytes (seed 002, the 4+4N rule: 8/12/16/20 for
    /// 1D/2D/3D/4D). Evaluating this constant checks at compile time that N is 1..=4 and that
    /// the wire struct is exactly that size:
    ///
    /// ```compile_fail
    /// // A fifth free dimension is no descriptor type of seed 002.
    /// let _ = isa_core::TensorWire::<5>::SIZE;
    /// ```
    pub const SIZE: usize = {
        assert!(
            N >= 1 && N <= 4,
            "a descriptor has 1 to 4 free dimensions (TENSOR1D..TENSOR4D)"
        );
        assert!(
            size_of::<Self>() == 4 + 4 * N,
            "a descriptor with N free dimensions is exactly 4 + 4N bytes"
        );
        4 + 4 * N
    };
}

// Seed 002's four .rodata size asserts, as literals.
const _: () = {
    assert!(size_of::<Tensor<1>>() == 8 && size_of::<Tensor<2>>() == 12);
    assert!(size_of::<Tensor<3>>() == 16 && size_of::<Tensor<4>>() == 20);
    assert!(TensorWire::<1>::SIZE == 8);
    assert!(TensorWire::<2>::SIZE == 12);
    assert!(TensorWire::<3>::SIZE == 16);
    assert!(TensorWire::<4>::SIZE == 20);
};

/// TENSOR1D, 8 bytes: ADDR4, stride0 @+4, num0 @+6 (seed 002).
pub type Tensor1d = Tensor<1>;
/// TENSOR2D, 12 bytes: ADDR4, stride0 @+4, stride1 @+6, num0 @+8, num1 @+0xA (seed 002).
pub type Tensor2d = Tensor<2>;
/// TENSOR3D, 16 bytes: ADDR4, strides @+4/+6/+8, nums @+0xA/+0xC/+0xE (seed 002).
pub type Tensor3d = Tensor<3>;
/// TENSOR4D, 20 bytes: ADDR4, strides @+4..+0xB, nums @+0xC..+0x13 (seed 002, 4 + 4·4).
pub type Tensor4d = Tensor<4>;
/// MEM_PATTERN2D, the destination spelling of TENSOR2D: same size, same bytes (seed 002 NOTE:
/// source and destination differ only in the wire-struct name and which validator runs).
pub type MemPattern2d = Tensor<2>;
/// MEM_PATTERN3D, the destination spelling of TENSOR3D: same size, same bytes (seed 002 NOTE).
pub type MemPattern3d = Tensor<3>;

impl<const N: usize> Tensor<N> {
    /// Size in bytes, `4 + 4N` (seed 002, the 4+4N rule).
    pub const SIZE: usize = TensorWire::<N>::SIZE;

    /// The stride array's base, +4, just past the ADDR4 word (seed 002).
    pub const STRIDES_OFFSET: usize = 4;

    /// The count array's base, `4 + 2N`: past the ADDR4 word and all N stride words (seed 002:
    /// +6 for 1D, +8 for 2D, +0xA for 3D, +0xC for 4D).
    pub const NUMS_OFFSET: usize = 4 + 2 * N;

    /// The descriptor's name in seed 002: `TENSOR1D` .. `TENSOR4D`.
    pub const NAME: &'static str = match N {
        1 => "TENSOR1D",
        2 => "TENSOR2D",
        3 => "TENSOR3D",
        _ => "TENSOR4D",
    };

    /// Byte offset of stride `slot`: `4 + 2·slot` (seed 002).
    pub const fn stride_offset(slot: usize) -> usize {
        Self::STRIDES_OFFSET + 2 * slot
    }

    /// Byte offset of count `slot`: `(4 + 2N) + 2·slot` (seed 002).
    pub const fn num_offset(slot: usize) -> usize {
        Self::NUMS_OFFSET + 2 * slot
    }

    /// Every slot the unit pattern {stride 1, num 1}: a no-advance, single-element axis (seed
    /// 002: spare dimensions are unit-filled, never zero-filled, because the validator rejects a
    /// zero count; for 1D the free part is the 0x00010001 immediate at +4).
    pub const fn unit(addr: Addr4) -> Self {
        let _ = Self::SIZE; // the 4+4N check for this N
        Self {
            addr,
            strides: [1; N],
            nums: [1; N],
        }
    }
}

/// The wire form; every logical value has one.
impl<const N: usize> From<&Tensor<N>> for TensorWire<N> {
    fn from(t: &Tensor<N>) -> Self {
        let _ = Self::SIZE; // the 4+4N check for this N
        // The wire is 2 + 2N little-endian 16-bit halves: ADDR4 low and high, the strides, the
        // counts. Written eight bytes at a time, the descriptor takes two stores, not one per
        // element, when a bundle is encoded.
        let half = |i: usize| -> u64 {
            let h = match i {
                0 => t.addr.raw() as u16,
                1 => (t.addr.raw() >> 16) as u16,
                i if i < 2 + N => t.strides.get(i - 2).map_or(0, |&s| s as u16),
                i => t.nums.get(i - 2 - N).copied().unwrap_or(0),
            };
            u64::from(h)
        };
        let mut wire = Self::new_zeroed();
        for (j, chunk) in wire.as_mut_bytes().chunks_mut(8).enumerate() {
            let word = (0..4).fold(0, |w, k| w | half(4 * j + k) << (16 * k));
            for (byte, value) in chunk.iter_mut().zip(word.to_le_bytes()) {
                *byte = value;
            }
        }
        wire
    }
}

/// The logical form of any wire bytes (lossless: every bit pattern decodes).
impl<const N: usize> From<&TensorWire<N>> for Tensor<N> {
    #[inline]
    fn from(wire: &TensorWire<N>) -> Self {
        let _ = TensorWire::<N>::SIZE; // the 4+4N check for this N
        // The same fields in the same order, both little-endian: one copy of 4 + 4N bytes
        // rather than one load and store per element, made through 64-bit words. A copy of the
        // bytes alone (`Unalign::get`) is a range that only memory copies touch, which the
        // optimiser stages in a stack slot on its way into the decoded bundle; words give it
        // integer pieces it keeps in registers, so each TENSOR3D goes from the bundle to the
        // value in one 16-byte move (BENCHMARKS.md, "the descriptor copied as words"). Three
        // words hold the largest descriptor, TENSOR4D's 20 bytes; the rest of the last is zero.
        #[cfg(target_endian = "little")]
        {
            // Each word one copy of whole bytes, as `write_le` stores them (`read_le`'s loop of
            // byte reads does not fold into one load at these offsets).
            let mut words = [0u64; 3];
            for (word, chunk) in words.iter_mut().zip(wire.as_bytes().chunks(8)) {
                let mut bytes = [0u8; 8];
                if let Some(head) = bytes.get_mut(..chunk.len()) {
                    head.copy_from_slice(chunk);
                }
                *word = u64::from_le_bytes(bytes);
            }
            if let Ok((t, _)) = zerocopy::Unalign::<Self>::ref_from_prefix(words.as_bytes()) {
                return t.get();
            }
        }
        // A big-endian host: field by field.
        Self {
            addr: Addr4::from_raw(wire.addr.get()),
            strides: wire.strides.map(I16::get),
            nums: wire.nums.map(U16::get),
        }
    }
}

/// A descriptor slot in a bundle: [`Field::DESCRIPTOR_DIMS`] is N, so the derive checks the slot
/// is exactly `4 + 4N` bytes (seed 002). Encoding and decoding are lossless and never fail;
/// validity is [`Tensor::validate`]'s business.
impl<const N: usize> Field for Tensor<N> {
    type Wire = TensorWire<N>;

    const DESCRIPTOR_DIMS: usize = {
        let _ = TensorWire::<N>::SIZE; // the 4+4N check for this N
        N
    };

    fn to_wire(&self) -> Result<TensorWire<N>, FieldError> {
        Ok(TensorWire::from(self))
    }

    fn from_wire(wire: &TensorWire<N>) -> Result<Self, FieldError> {
        Ok(Self::from(wire))
    }

    /// A nested value with the members of the serde form, in its order: `addr` (a
    /// [`Value::Address`]), then `strides` and `nums`, each a sequence of N. Always inlined, so
    /// that a visitor that counts where each value goes (the tables' row writer) keeps that
    /// count a constant through the descriptor.
    #[inline(always)]
    fn visit<V: Visitor>(wire: &TensorWire<N>, key: Key, v: &mut V) -> Result<(), V::Error> {
        let layout = Nest::Layout(Self::NAME);
        v.begin(key, layout)?;
        v.value(Key::Member("addr"), Value::Address(wire.addr.get()))?;
        let seq = Nest::Seq(N);
        v.begin(Key::Member("strides"), seq)?;
        for (i, stride) in wire.strides.iter().enumerate() {
            v.value(
                Key::Element {
                    index: i,
                    ty: "i16",
                },
                Value::Signed(stride.get().into()),
            )?;
        }
        v.end(seq)?;
        v.begin(Key::Member("nums"), seq)?;
        for (i, num) in wire.nums.iter().enumerate() {
            v.value(
                Key::Element {
                    index: i,
                    ty: "u16",
                },
                Value::Unsigned(num.get().into()),
            )?;
        }
        v.end(seq)?;
        v.end(layout)
    }
}

/// Serialized as `{"addr": u32, "strides": [..N], "nums": [..N]}`.
impl<const N: usize> serde::Serialize for Tensor<N> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Tensor", 3)?;
        s.serialize_field("addr", &self.addr)?;
        s.serialize_field("strides", &self.strides[..])?;
        s.serialize_field("nums", &self.nums[..])?;
        s.end()
    }
}

/// Deserialized from `{"addr", "strides", "nums"}`; each array must hold exactly N entries.
impl<'de, const N: usize> serde::Deserialize<'de> for Tensor<N> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Raw {
            addr: Addr4,
            strides: Vec<i16>,
            nums: Vec<u16>,
        }
        let raw = Raw::deserialize(deserializer)?;
        let wrong = |what: &str, n: usize| {
            serde::de::Error::custom(format!("a {N}-D descriptor has {N} {what}, not {n}"))
        };
        let (ns, nn) = (raw.strides.len(), raw.nums.len());
        Ok(Tensor {
            addr: raw.addr,
            strides: raw.strides.try_into().map_err(|_| wrong("strides", ns))?,
            nums: raw.nums.try_into().map_err(|_| wrong("nums", nn))?,
        })
    }
}
