//! The `Bundle` trait and the static field table every declaration carries.

use zerocopy::{FromBytes, FromZeros, Immutable, IntoBytes, KnownLayout, Unaligned};

use crate::error::{DecodeError, EncodeError, Location, Problem};

/// How a layout is recognised on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    /// A 64-byte-family bundle: byte 0 is one of these opcodes, byte 1 is `inst_word_len`
    /// (the size in 32-bit words), bytes 2..=3 are zero (seed 000, `setupHeader`).
    Opcodes(&'static [u8]),
    /// A 32-bit word: it is this layout when `word & mask == value` (the PTO block words).
    MaskMatch {
        /// The identity bits.
        mask: u32,
        /// Their value.
        value: u32,
    },
    /// A layout nested inside others (a sync band, a descriptor): no identity of its own.
    Nested,
}

impl Identity {
    /// Whether the first bytes of `bytes` carry this identity.
    #[inline]
    pub fn matches(&self, bytes: &[u8]) -> bool {
        match *self {
            Identity::Opcodes(ops) => bytes.first().is_some_and(|op| ops.contains(op)),
            Identity::MaskMatch { mask, value } => match bytes.first_chunk::<4>() {
                Some(w) => u32::from_le_bytes(*w) & mask == value,
                None => false,
            },
            Identity::Nested => false,
        }
    }

    /// Checks that `bytes`, a bundle of op `op`, carry this identity, with the error decode
    /// gives for one that does not:
    ///
    /// - [`Identity::Opcodes`]: byte 0 is one of the opcodes, else
    ///   [`Problem::UnknownOpcode`] at field `opcode`, byte 0 (seed 000: the opcode byte selects
    ///   the layout);
    /// - [`Identity::MaskMatch`]: `word & mask == value` for the little-endian word at byte 0,
    ///   else [`Problem::IdentityMismatch`] at field `identity`, byte 0;
    /// - [`Identity::Nested`]: nothing to check.
    ///
    /// Bytes too short to hold the identity are [`Problem::Truncated`].
    ///
    /// ```
    /// # use isa_core::{Identity, Problem};
    /// let tt = Identity::Opcodes(&[0x41, 0x51, 0x8A, 0x8E]);
    /// assert!(tt.check("TensorTensor", &[0x41, 0x10, 0, 0]).is_ok());
    /// let e = tt.check("TensorTensor", &[0x49, 0x10, 0, 0]).unwrap_err();
    /// assert_eq!((e.at.field, e.at.offset), ("opcode", 0));
    /// assert!(matches!(e.problem, Problem::UnknownOpcode { opcode: 0x49, .. }));
    /// ```
    #[inline]
    pub fn check(&self, op: &'static str, bytes: &[u8]) -> Result<(), DecodeError> {
        let at = |field| Location {
            op,
            field,
            inner: None,
            offset: 0,
        };
        match *self {
            Identity::Opcodes(expected) => match bytes.first() {
                Some(opcode) if expected.contains(opcode) => Ok(()),
                Some(&opcode) => Err(DecodeError::new(
                    at("opcode"),
                    Problem::UnknownOpcode { opcode, expected },
                )),
                None => Err(DecodeError::new(
                    at("opcode"),
                    Problem::Truncated {
                        needed: 1,
                        available: 0,
                    },
                )),
            },
            Identity::MaskMatch { mask, value } => match bytes.first_chunk::<4>() {
                Some(w) if u32::from_le_bytes(*w) & mask == value => Ok(()),
                Some(w) => Err(DecodeError::new(
                    at("identity"),
                    Problem::IdentityMismatch {
                        word: u32::from_le_bytes(*w),
                        mask,
                        expected: value,
                    },
                )),
                None => Err(DecodeError::new(
                    at("identity"),
                    Problem::Truncated {
                        needed: 4,
                        available: bytes.len(),
                    },
                )),
            },
            Identity::Nested => Ok(()),
        }
    }
}

/// Whether a layout's field map is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayoutStatus {
    /// Every byte is a declared field, a constant, or reserved.
    Recovered,
    /// The op is known by its identity, but its field map is not recovered (SPEC-NOTES §2.10):
    /// its bytes are carried byte-exact in opaque arrays, never given invented fields. The
    /// string says what is known.
    Unrecovered(&'static str),
}

pub use crate::field_table::{Confidence, FieldInfo, FieldKind, Placement};

/// A declared instruction layout: a logical struct, its zero-copy wire struct, and the codecs
/// between them. Implemented by `#[derive(Bundle)]`.
pub trait Bundle: Sized {
    /// The `#[repr(C)]` wire struct: alignment 1, exactly [`Bundle::SIZE`] bytes, readable in
    /// place from any byte buffer.
    type Wire: FromBytes + IntoBytes + KnownLayout + Immutable + Unaligned + Copy;

    /// The op's name.
    const NAME: &'static str;
    /// The name of the wire struct in the specification (`s3d3_tt`, `S3D3_TS`, …), or "".
    const WIRE_NAME: &'static str;
    /// Size in bytes.
    const SIZE: usize;
    /// How the layout is recognised.
    const IDENTITY: Identity;
    /// Every byte range of the layout: header, opcode, constants, fields, in offset order.
    const FIELDS: &'static [FieldInfo];
    /// Whether the field map is recovered (`#[bundle(unrecovered = "…")]` says it is not).
    const LAYOUT: LayoutStatus = LayoutStatus::Recovered;

    /// Writes the value into `wire` in place: every byte of the layout is written once, the
    /// fixed ones (header, constants, reserved bits, identity bits) from the layout and the rest
    /// from the fields, so `wire` may hold anything before. A value that does not fit is
    /// refused with the field and offset; the bytes of `wire` are then unspecified (the fields
    /// before the refused one are written).
    fn encode_in_place(&self, wire: &mut Self::Wire) -> Result<(), EncodeError>;

    /// Logical value to wire struct. Every byte no field writes is zero; a value that does not
    /// fit is refused with the field and offset.
    #[inline]
    fn encode(&self) -> Result<Self::Wire, EncodeError> {
        let mut wire = Self::Wire::new_zeroed();
        self.encode_in_place(&mut wire)?;
        Ok(wire)
    }

    /// Wire struct to logical value, handed to `f`: what [`Bundle::decode`] does, for a caller
    /// that wraps the value at once (as `decode_any` wraps each op in its `Op` variant). The
    /// value is built where `f` puts it, not moved there through an intermediate `Result`.
    fn decode_map<R, F: FnOnce(Self) -> R>(wire: &Self::Wire, f: F) -> Result<R, DecodeError>;

    /// Wire struct to logical value. Checks the identity, every constant, every reserved bit and
    /// every table code.
    #[inline]
    fn decode(wire: &Self::Wire) -> Result<Self, DecodeError> {
        Self::decode_map(wire, |value| value)
    }

    /// Whether the identity and every fixed bit of `wire` (header, constants, reserved bits) are
    /// right: what [`Bundle::decode`] checks besides the fields. A bundle decodes exactly when
    /// this holds and [`Bundle::visit`] finds every field decodable, so a walk that meets every
    /// field anyway (a row writer, a renderer) checks this instead of decoding first. The derive
    /// implements it with the fixed bits as constants; the default decodes.
    #[inline]
    fn fixed_ok(wire: &Self::Wire) -> bool {
        Self::decode(wire).is_ok()
    }

    /// Shows every logical field of `wire` to `v`, read in place (nothing is decoded into the
    /// logical struct): each once, with its row of [`Bundle::FIELDS`] as the
    /// [`Key`](crate::visit::Key), in the order [`Visitor::order`](crate::visit::Visitor::order)
    /// asks for. A value split across bit ranges is shown once, whole. The header, constants,
    /// reserved bytes and identity bits are not shown; a field declared `#[field(opcode)]` is,
    /// as the serde form has it. Nothing is checked but the fields' own values: a field whose
    /// bits do not decode goes to [`Visitor::undecodable`](crate::visit::Visitor::undecodable).
    /// See [`crate::visit`].
    fn visit<V: crate::visit::Visitor>(wire: &Self::Wire, v: &mut V) -> Result<(), V::Error>;

    /// Reads the first [`Bundle::SIZE`] bytes of `bytes` in place, if they are long enough and
    /// carry this layout's identity ([`Identity::check`]): the bytes of another op are refused
    /// at its opcode or identity word, so a view is always of its own op. Fields are checked
    /// when they are read.
    #[inline]
    fn view(bytes: &[u8]) -> Result<&Self::Wire, DecodeError> {
        let wire = Self::view_prefix(bytes)?;
        Self::IDENTITY.check(Self::NAME, wire.as_bytes())?;
        Ok(wire)
    }

    /// Reads the first [`Bundle::SIZE`] bytes of `bytes` in place, checking their length only:
    /// for a caller that has already matched the identity, as a dispatcher whose opcode table
    /// chose this layout. Anything else wants [`Bundle::view`].
    #[inline]
    fn view_prefix(bytes: &[u8]) -> Result<&Self::Wire, DecodeError> {
        match Self::Wire::ref_from_prefix(bytes) {
            Ok((wire, _)) => Ok(wire),
            Err(_) => Err(DecodeError::new(
                whole::<Self>(),
                truncated::<Self>(bytes.len()),
            )),
        }
    }

    /// Reads a buffer of bundles of this layout, back to back, in place as a slice of wire
    /// structs. The length must be a whole number of [`Bundle::SIZE`]s, else the trailing bytes
    /// are refused ([`Problem::Truncated`] at the offset where they start); every bundle's
    /// identity is checked, and the first that is another op's is refused. The offset of an
    /// error is the buffer's: the bundle's index × [`Bundle::SIZE`] plus the offset inside it
    /// ([`DecodeError::in_buffer`]).
    ///
    /// [`Bundle::view_each`] reports every bundle instead of stopping at the first.
    fn view_slice(bytes: &[u8]) -> Result<&[Self::Wire], DecodeError> {
        let Ok(wires) = <[Self::Wire]>::ref_from_bytes(bytes) else {
            return Err(trailing::<Self>(bytes.len()));
        };
        for (index, wire) in wires.iter().enumerate() {
            if let Err(e) = Self::IDENTITY.check(Self::NAME, wire.as_bytes()) {
                return Err(e.in_buffer(index * Self::SIZE));
            }
        }
        Ok(wires)
    }

    /// Reads a buffer of bundles of this layout, back to back, one [`Bundle::view`] at a time:
    /// each bundle's view or its error, with the buffer's offsets as in [`Bundle::view_slice`],
    /// then, when the length is not a whole number of [`Bundle::SIZE`]s, the error for the
    /// trailing bytes.
    fn view_each<'a>(bytes: &'a [u8]) -> impl Iterator<Item = Result<&'a Self::Wire, DecodeError>>
    where
        Self::Wire: 'a,
    {
        let size = Self::SIZE.max(1);
        let (whole, rest) = bytes.split_at(bytes.len() - bytes.len() % size);
        let views = whole
            .chunks_exact(size)
            .enumerate()
            .map(move |(index, chunk)| Self::view(chunk).map_err(|e| e.in_buffer(index * size)));
        let rest = (!rest.is_empty()).then(|| Err(trailing::<Self>(bytes.len())));
        views.chain(rest)
    }

    /// Decodes the first [`Bundle::SIZE`] bytes of `bytes`.
    #[inline]
    fn decode_bytes(bytes: &[u8]) -> Result<Self, DecodeError> {
        // Decode checks the identity itself.
        Self::decode(Self::view_prefix(bytes)?)
    }

    /// Encodes into the first [`Bundle::SIZE`] bytes of `out`, in place (see
    /// [`Bundle::encode_in_place`]: on an error those bytes are unspecified). A buffer shorter
    /// than the layout is refused before anything is written.
    #[inline]
    fn encode_into(&self, out: &mut [u8]) -> Result<(), EncodeError> {
        let available = out.len();
        match Self::Wire::mut_from_prefix(out) {
            Ok((wire, _)) => self.encode_in_place(wire),
            Err(_) => Err(EncodeError::new(
                whole::<Self>(),
                truncated::<Self>(available),
            )),
        }
    }

    /// Encodes to a byte vector of [`Bundle::SIZE`] bytes.
    fn to_bytes(&self) -> Result<Vec<u8>, EncodeError> {
        Ok(self.encode()?.as_bytes().to_vec())
    }
}

/// The location of a whole bundle (its first byte).
const fn whole<B: Bundle>() -> Location {
    Location {
        op: B::NAME,
        field: "bundle",
        inner: None,
        offset: 0,
    }
}

/// The bytes past the last whole bundle of a buffer of `len` bytes of `B`, where they start.
fn trailing<B: Bundle>(len: usize) -> DecodeError {
    let rest = len.checked_rem(B::SIZE).unwrap_or(0);
    DecodeError::new(whole::<B>(), truncated::<B>(rest)).in_buffer(len - rest)
}

/// A buffer of `available` bytes, too short for `B`.
const fn truncated<B: Bundle>(available: usize) -> Problem {
    Problem::Truncated {
        needed: B::SIZE,
        available,
    }
}
