//! The catalog: every bundle and word of an ISA with its field table, the logical values the
//! JSON form writes (where their bits are and how they print), and every lookup table. It is
//! what `isa export --format json` writes, and what the C header and the Python module are
//! generated from.

use std::collections::BTreeMap;

use isa_core::{
    Confidence, Declaration, Family, FieldInfo, FieldKind, Identity, LayoutStatus, LutRef,
    Placement,
};
use serde::{Deserialize, Serialize};

use super::probe;
pub use super::probe::{NameCode, Piece, Refusal, Shape, ValueInfo};
use crate::error::CliError;
use isa_host::Isa;

/// The version of the catalog's form; a reader refuses another.
pub const FORMAT_VERSION: u32 = 2;

/// Every layout and table of an ISA.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    /// The catalog form's version, [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The command the ISA is built into (`isa`, `custom-isa`).
    pub isa: String,
    /// The 64-byte bundles, told apart by their opcode byte.
    pub bundles: FamilyInfo,
    /// The 32-bit words, told apart by mask/match.
    pub words: FamilyInfo,
    /// Every lookup table a field goes through, by name.
    pub tables: Vec<Table>,
}

/// One family of layouts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyInfo {
    /// The JSON member that names the member in `isa decode --json` (`op`, `word`).
    pub tag: String,
    /// Bytes per member.
    pub width: usize,
    /// Every member, in dispatch order.
    pub members: Vec<Member>,
}

/// One bundle or word layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    /// The name (`TensorTensor`, `B.DIM LB0`).
    pub name: String,
    /// The specification's wire-struct name, or "".
    pub wire_name: String,
    /// The name `isa decode --json` writes under the family's tag.
    pub serde_tag: String,
    /// Size in bytes.
    pub size: usize,
    /// How it is recognised.
    pub identity: IdentityInfo,
    /// What is known of a layout whose field map is not recovered; `None` when it is.
    pub unrecovered: Option<String>,
    /// Every row of its field table, in table order (reserved runs included).
    pub fields: Vec<Row>,
    /// The fixed bytes decode checks after the identity, in the order it checks them: the
    /// header's word count first, then each constant.
    pub fixed: Vec<Fixed>,
    /// Every byte that holds reserved bits, ascending: decode refuses the first with any set.
    pub reserved: Vec<ReservedByte>,
    /// The logical values `isa decode --json` writes, in its order.
    pub values: Vec<ValueInfo>,
}

/// Whole bytes that must hold one value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixed {
    /// The name decode's error gives them.
    pub name: String,
    /// Byte offset of the first.
    pub offset: usize,
    /// How many bytes, little-endian.
    pub len: usize,
    /// Their value.
    pub value: u64,
}

/// The reserved bits of one byte: no field claims them, and decode refuses them set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReservedByte {
    /// Byte offset.
    pub offset: usize,
    /// The reserved bits.
    pub mask: u8,
}

/// How a layout is recognised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum IdentityInfo {
    /// Byte 0 is one of these opcodes.
    Opcodes {
        /// The opcodes.
        opcodes: Vec<u8>,
    },
    /// The little-endian word at byte 0 has `word & mask == value`.
    MaskMatch {
        /// The identity bits.
        mask: u32,
        /// Their value.
        value: u32,
    },
}

/// One row of a field table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The field's name.
    pub name: String,
    /// The specification's spelling, or "".
    pub spec_name: String,
    /// Byte offset of its first byte.
    pub offset: usize,
    /// Whole bytes or a bit range.
    pub placement: PlacementInfo,
    /// For one part of a split value, the value bits it holds: `[lo, hi]`.
    pub value_bits: Option<[u32; 2]>,
    /// The logical type as declared.
    #[serde(rename = "type")]
    pub ty: String,
    /// The lookup table the value goes through.
    pub table: Option<String>,
    /// What the row is.
    pub kind: KindInfo,
    /// `CONFIRMED`, `STRONG`, `INFERRED`, `SPECULATIVE` or `not stated`.
    pub confidence: String,
    /// Why the position is what it is, or "".
    pub note: String,
    /// A public source that agrees with the position, or "".
    pub corroborated: String,
    /// What a public source says instead, or "".
    pub disputed: String,
}

/// Where a row sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "unit", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlacementInfo {
    /// `len` whole bytes from the offset.
    Bytes {
        /// Width in bytes.
        len: usize,
    },
    /// Bits `lo..=hi` of the little-endian word at the offset.
    Bits {
        /// Lowest bit.
        lo: u32,
        /// Highest bit.
        hi: u32,
    },
}

/// What a row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case", deny_unknown_fields)]
pub enum KindInfo {
    /// A logical value.
    Value,
    /// The opcode byte.
    Opcode,
    /// A constant.
    Constant {
        /// Its value.
        value: u64,
    },
    /// Bits that must be zero.
    Reserved,
    /// The identity bits of a word.
    Identity {
        /// The mask.
        mask: u32,
        /// The value under the mask.
        value: u32,
    },
}

/// A lookup table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Its name.
    pub name: String,
    /// Whether every code has exactly one preimage.
    pub one_to_one: bool,
    /// Every entry, in declaration order.
    pub entries: Vec<NameCode>,
    /// Every code, ascending, with its canonical preimage and all of them.
    pub codes: Vec<CodeInfo>,
}

/// One code of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeInfo {
    /// The code.
    pub code: u64,
    /// The name decode gives it.
    pub canonical: String,
    /// Every name that encodes to it, the canonical one first.
    pub preimages: Vec<String>,
}

impl Catalog {
    /// The catalog of ISA `I`.
    pub fn of<I: Isa>() -> Result<Self, CliError> {
        let mut tables = BTreeMap::new();
        let bundles = family::<I::Bundles>(&mut tables)?;
        let words = family::<I::Words>(&mut tables)?;
        Ok(Catalog {
            format_version: FORMAT_VERSION,
            isa: I::COMMAND.to_string(),
            bundles,
            words,
            tables: tables.into_values().collect(),
        })
    }

    /// Every member, bundles then words.
    pub fn members(&self) -> impl Iterator<Item = &Member> {
        self.bundles.members.iter().chain(&self.words.members)
    }

    /// The table called `name`.
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.iter().find(|t| t.name == name)
    }
}

fn family<F: Family>(tables: &mut BTreeMap<String, Table>) -> Result<FamilyInfo, CliError> {
    let members = F::DECLARATIONS
        .iter()
        .enumerate()
        .map(|(i, decl)| {
            for lut in decl.fields.iter().filter_map(|r| r.lut) {
                tables
                    .entry(lut.name.to_string())
                    .or_insert_with(|| table(&lut));
            }
            member::<F>(i, decl)
        })
        .collect::<Result<_, _>>()?;
    Ok(FamilyInfo {
        tag: F::TAG.to_string(),
        width: F::WIDTH,
        members,
    })
}

fn member<F: Family>(index: usize, decl: &Declaration) -> Result<Member, CliError> {
    let identity = match decl.identity {
        Identity::Opcodes(ops) => IdentityInfo::Opcodes {
            opcodes: ops.to_vec(),
        },
        Identity::MaskMatch { mask, value } => IdentityInfo::MaskMatch { mask, value },
        Identity::Nested => {
            return Err(CliError::Export {
                what: format!("{}: a member has no identity", decl.name),
            });
        }
    };
    Ok(Member {
        name: decl.name.to_string(),
        wire_name: decl.wire_name.to_string(),
        serde_tag: F::TAGS.get(index).copied().unwrap_or(decl.name).to_string(),
        size: decl.size,
        identity,
        unrecovered: match decl.layout {
            LayoutStatus::Recovered => None,
            LayoutStatus::Unrecovered(what) => Some(what.to_string()),
        },
        fields: decl.fields.iter().map(row).collect(),
        fixed: fixed(decl)?,
        reserved: reserved(decl),
        values: probe::values::<F>(index, decl)?,
    })
}

/// The constant rows of `decl`, in table order (the header's `inst_word_len` is its first).
fn fixed(decl: &Declaration) -> Result<Vec<Fixed>, CliError> {
    decl.fields
        .iter()
        .filter_map(|r| match (r.kind, r.placement) {
            (FieldKind::Constant(value), Placement::Bytes { len }) => Some(Ok(Fixed {
                name: r.name.to_string(),
                offset: r.offset,
                len,
                value,
            })),
            (FieldKind::Constant(_), Placement::Bits { .. }) => Some(Err(CliError::Export {
                what: format!("{}: constant `{}` is not whole bytes", decl.name, r.name),
            })),
            _ => None,
        })
        .collect()
}

/// The reserved bits of `decl`'s reserved rows, byte by byte, ascending.
fn reserved(decl: &Declaration) -> Vec<ReservedByte> {
    let mut masks = BTreeMap::<usize, u8>::new();
    for r in decl.fields.iter().filter(|r| r.kind == FieldKind::Reserved) {
        let first = r.first_bit();
        for bit in first..first + r.placement.bit_width() as usize {
            *masks.entry(bit / 8).or_default() |= 1 << (bit % 8);
        }
    }
    masks
        .into_iter()
        .map(|(offset, mask)| ReservedByte { offset, mask })
        .collect()
}

/// A field-table row as the catalog writes it.
pub fn row(info: &FieldInfo) -> Row {
    Row {
        name: info.name.to_string(),
        spec_name: info.spec_name.to_string(),
        offset: info.offset,
        placement: match info.placement {
            Placement::Bytes { len } => PlacementInfo::Bytes { len },
            Placement::Bits { lo, hi } => PlacementInfo::Bits { lo, hi },
        },
        value_bits: info.value_bits.map(|(lo, hi)| [lo, hi]),
        ty: info.ty.to_string(),
        table: info.lut.map(|l| l.name.to_string()),
        kind: match info.kind {
            FieldKind::Value => KindInfo::Value,
            FieldKind::Opcode => KindInfo::Opcode,
            FieldKind::Constant(value) => KindInfo::Constant { value },
            FieldKind::Reserved => KindInfo::Reserved,
            FieldKind::Identity { mask, value } => KindInfo::Identity { mask, value },
        },
        confidence: confidence(info.confidence).to_string(),
        note: info.note.to_string(),
        corroborated: info.corroborated.to_string(),
        disputed: info.disputed.to_string(),
    }
}

const fn confidence(c: Confidence) -> &'static str {
    c.tag()
}

fn table(lut: &LutRef) -> Table {
    let entries: Vec<NameCode> = lut
        .entries()
        .into_iter()
        .map(|(name, code)| NameCode {
            name: name.to_string(),
            code: code.into(),
        })
        .collect();
    let mut codes: Vec<u64> = entries.iter().map(|e| e.code).collect();
    codes.sort_unstable();
    codes.dedup();
    let codes = codes
        .into_iter()
        .filter_map(|code| {
            let preimages: Vec<String> = lut
                .preimages(code)
                .into_iter()
                .map(str::to_string)
                .collect();
            Some(CodeInfo {
                code,
                canonical: preimages.first()?.clone(),
                preimages,
            })
        })
        .collect();
    Table {
        name: lut.name.to_string(),
        one_to_one: lut.one_to_one,
        entries,
        codes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(name: &str) -> Member {
        let catalog = Catalog::of::<crate::BuiltIn>().expect("the built-in ISA");
        catalog
            .members()
            .find(|m| m.name == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn the_reserved_bytes_are_the_bits_no_field_claims() {
        // ScalarTensorTensor: byte 0x26 holds a 2-bit field in bits 0..=1; bits 2..=7 are free.
        let stt = member("ScalarTensorTensor");
        assert!(stt.reserved.contains(&ReservedByte {
            offset: 0x26,
            mask: 0xfc
        }));
        // Memset: the header's bytes 2 and 3 are zero, then 0x0C and 0x0D belong to no field.
        let memset = member("Memset");
        assert_eq!(
            memset.reserved[..4],
            [2, 3, 12, 13].map(|offset| ReservedByte { offset, mask: 0xff })
        );
        assert_eq!(
            memset.fixed,
            [Fixed {
                name: "inst_word_len".into(),
                offset: 1,
                len: 1,
                value: 0x10
            }]
        );
    }

    #[test]
    fn a_constant_that_is_not_whole_bytes_is_refused_by_name() {
        // Memset's inst_word_len (0x10 in byte 1, seed 000) declared as bits 0..=4 of that byte.
        let memset = isa_ops::Op::DECLARATIONS
            .iter()
            .find(|d| d.name == "Memset")
            .expect("Memset is declared");
        let fields: Vec<FieldInfo> = memset
            .fields
            .iter()
            .map(|r| match r.name {
                "inst_word_len" => FieldInfo {
                    placement: Placement::Bits { lo: 0, hi: 4 },
                    ..*r
                },
                _ => *r,
            })
            .collect();
        let decl = Declaration {
            fields: fields.leak(),
            ..*memset
        };
        match fixed(&decl) {
            Err(CliError::Export { what }) => {
                assert!(
                    what.contains("Memset") && what.contains("`inst_word_len`"),
                    "{what}"
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
