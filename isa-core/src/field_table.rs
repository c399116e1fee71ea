//! The field table: one row per field of a layout ([`FieldInfo`]), with where the field sits
//! ([`Placement`]), what it is ([`FieldKind`]) and how sure the specification is of it
//! ([`Confidence`]). Bundles, visitors and renderers all read it.

use crate::lut::LutRef;

/// How sure the specification is of a field's position (the seeds' confidence tags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Confidence {
    /// A store or compare seen byte-exact.
    Confirmed,
    /// A validator, lookup-table or name cross-reference.
    Strong,
    /// Implied, no direct store; see the field's note for the reading taken.
    Inferred,
    /// A guess.
    Speculative,
    /// The declaration does not say (`#[field]` without `confidence = …`): no tag of the seeds
    /// is claimed for the position.
    NotStated,
}

impl Confidence {
    /// The tag as the seeds write it; `not stated` (lowercase: no tag of the seeds) when the
    /// declaration gives none.
    pub const fn tag(self) -> &'static str {
        match self {
            Confidence::Confirmed => "CONFIRMED",
            Confidence::Strong => "STRONG",
            Confidence::Inferred => "INFERRED",
            Confidence::Speculative => "SPECULATIVE",
            Confidence::NotStated => "not stated",
        }
    }

    /// Whether the declaration states a confidence (every variant but
    /// [`Confidence::NotStated`]).
    pub const fn is_stated(self) -> bool {
        !matches!(self, Confidence::NotStated)
    }
}

/// Where a field sits inside its first byte and the bytes after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Whole bytes: `len` bytes from the field's offset.
    Bytes {
        /// Width in bytes.
        len: usize,
    },
    /// Bits `lo..=hi` of the little-endian word that starts at the field's offset.
    Bits {
        /// Lowest bit.
        lo: u32,
        /// Highest bit.
        hi: u32,
    },
}

impl Placement {
    /// Width in bits.
    pub const fn bit_width(&self) -> u32 {
        match *self {
            Placement::Bytes { len } => len as u32 * 8,
            Placement::Bits { lo, hi } => hi - lo + 1,
        }
    }
}

/// What a row of the field table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A logical value of the declaration.
    Value,
    /// The opcode byte.
    Opcode,
    /// A constant the layout fixes.
    Constant(u64),
    /// Bytes that must be zero.
    Reserved,
    /// The identity bits of a 32-bit word layout: `word & mask == value`.
    Identity {
        /// The identity mask.
        mask: u32,
        /// The value under the mask.
        value: u32,
    },
}

/// One row of a layout's field table: enough to print, document and draw the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldInfo {
    /// The field's name.
    pub name: &'static str,
    /// The name as the specification spells it (`#[field(spec = "PEMode")]`), or "" when it is
    /// the field's name.
    pub spec_name: &'static str,
    /// Byte offset of its first byte.
    pub offset: usize,
    /// Whole bytes or a bit range.
    pub placement: Placement,
    /// For one part of a value split across bit ranges (`bits = [20..=31, 7..=11]`), which bits
    /// of the value this row holds (`(12, 16)`); `None` for a row that holds a whole value.
    pub value_bits: Option<(u32, u32)>,
    /// The logical type, as written in the declaration.
    pub ty: &'static str,
    /// The lookup table the value goes through, if any: its name and its entries.
    pub lut: Option<LutRef>,
    /// What the row is.
    pub kind: FieldKind,
    /// How sure the specification is of the position ([`Confidence::NotStated`] when the
    /// declaration does not say).
    pub confidence: Confidence,
    /// Why the position is what it is, where that needs saying.
    pub note: &'static str,
    /// A public source outside the seeds that agrees with the position, named by struct and
    /// header (`S3D3_TS in aws_neuron_isa_tpb_*.h (public notes)`), or "" when none is cited.
    /// It never changes the bytes: the seeds stay the source of truth for the encoding.
    pub corroborated: &'static str,
    /// What a public source outside the seeds says instead, where it places the field (or reads
    /// the code) differently, or "" when no source disputes it. The position stays the seeds';
    /// the text lets a reader who trusts the source make the one-attribute change it implies.
    pub disputed: &'static str,
}

impl FieldInfo {
    /// The first byte of the field named `name` in `fields` (a field table, [`Bundle::FIELDS`](crate::Bundle::FIELDS)),
    /// or `None` when the table has no such field. A `const fn`, so a name can be looked up when
    /// the code that uses it compiles:
    ///
    /// ```
    /// # use isa_core::{Bundle, FieldInfo, SyncBand};
    /// const VALUE: Option<usize> = FieldInfo::offset_of(SyncBand::FIELDS, "value");
    /// assert_eq!(VALUE, Some(4));
    /// assert_eq!(FieldInfo::offset_of(SyncBand::FIELDS, "nothing"), None);
    /// ```
    pub const fn offset_of(fields: &[FieldInfo], name: &str) -> Option<usize> {
        let mut i = 0;
        while i < fields.len() {
            if str_eq(fields[i].name, name) {
                return Some(fields[i].first_bit() / 8);
            }
            i += 1;
        }
        None
    }

    /// The name to show a reader: the specification's spelling when there is one.
    pub const fn display_name(&self) -> &'static str {
        if self.spec_name.is_empty() {
            self.name
        } else {
            self.spec_name
        }
    }

    /// First absolute bit (byte offset × 8 + low bit).
    pub const fn first_bit(&self) -> usize {
        match self.placement {
            Placement::Bytes { .. } => self.offset * 8,
            Placement::Bits { lo, .. } => self.offset * 8 + lo as usize,
        }
    }

    /// Whether a public source outside the seeds disputes the row ([`FieldInfo::disputed`] is
    /// not empty).
    pub const fn is_disputed(&self) -> bool {
        !self.disputed.is_empty()
    }

    /// Last absolute bit.
    pub const fn last_bit(&self) -> usize {
        match self.placement {
            Placement::Bytes { len } => (self.offset + len) * 8 - 1,
            Placement::Bits { hi, .. } => self.offset * 8 + hi as usize,
        }
    }
}

/// Byte-wise string equality, usable in `const fn`.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
