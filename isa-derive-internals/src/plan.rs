//! The code-generation plan of one declaration, built once after the rules pass and read by
//! every `expand/*` file: who owns each bit the attributes place, the pieces and members of the
//! wire struct in byte order, where each bit-range field's parts sit, and where each whole
//! field's width must stop.

use proc_macro2::Ident;
use quote::format_ident;

use crate::ast::{Decl, FieldNode, Identity, Place};

/// Who owns a bit whose position is known from the attributes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BitOwner {
    /// Header byte 0x00 when no field carries the opcode.
    OpcodeByte,
    /// Header byte 0x01.
    WordLen,
    /// Header bytes 0x02..=0x03.
    HeaderReserved,
    /// The identity bits of a mask/match word.
    Identity,
    /// A `constant(...)`.
    Constant(usize),
    /// A documented `reserved(...)` range.
    Reserved(usize),
    /// A field (index into `Decl::fields`).
    Field(usize),
}

impl BitOwner {
    /// The owner as a message names it: "field `imm`", "constant `shape_ctl`".
    pub fn describe(self, decl: &Decl) -> String {
        match self {
            BitOwner::OpcodeByte | BitOwner::WordLen | BitOwner::HeaderReserved => {
                "the 4-byte header (opcode, inst_word_len, two reserved bytes)".into()
            }
            BitOwner::Identity => "the identity bits (`mask`)".into(),
            BitOwner::Constant(i) => format!("constant `{}`", decl.constants[i].name),
            BitOwner::Reserved(i) => format!("reserved range `{}`", decl.reserved[i].name),
            BitOwner::Field(i) => format!("field `{}`", decl.fields[i].ident),
        }
    }

    /// Whether the owner is fixed by the layout's kind (header, identity) rather than declared:
    /// a field that runs into it must move or narrow, the owner cannot.
    pub fn is_fixed(self) -> bool {
        match self {
            BitOwner::OpcodeByte
            | BitOwner::WordLen
            | BitOwner::HeaderReserved
            | BitOwner::Identity => true,
            BitOwner::Constant(_) | BitOwner::Reserved(_) | BitOwner::Field(_) => false,
        }
    }
}

/// The owner of every bit of the layout whose position the attributes give (whole fields, whose
/// width only the compiler knows, own none here).
pub struct Ownership {
    bits: Vec<Option<BitOwner>>,
}

impl Ownership {
    /// A layout of `size` bytes that nobody owns a bit of yet.
    pub fn new(size: usize) -> Self {
        Ownership {
            bits: vec![None; size * 8],
        }
    }

    /// The number of bits.
    pub fn len(&self) -> usize {
        self.bits.len()
    }

    /// The owner of bit `bit` (absolute: byte × 8 + bit), if any.
    pub fn at(&self, bit: usize) -> Option<BitOwner> {
        self.bits.get(bit).copied().flatten()
    }

    /// The first owned bit of `from..to`, with its owner.
    pub fn first_owned(&self, from: usize, to: usize) -> Option<(usize, BitOwner)> {
        (from..to.min(self.len())).find_map(|b| self.at(b).map(|o| (b, o)))
    }

    /// Gives bits `from..to` to `who`.
    pub fn claim(&mut self, from: usize, to: usize, who: BitOwner) {
        for slot in self.bits.iter_mut().take(to).skip(from) {
            *slot = Some(who);
        }
    }
}

/// Where a whole field's width must stop.
pub struct WholeLimit {
    /// Index into `Decl::fields`.
    pub field: usize,
    /// The first byte the field must not reach.
    pub limit: usize,
    /// What starts at `limit`; `None` is the end of the layout.
    pub next: Option<BitOwner>,
}

impl WholeLimit {
    /// The limit of whole field `i`: the next owned bit or the next whole field (of `wholes`),
    /// whichever starts first, or the end of the layout.
    pub fn of(decl: &Decl, owners: &Ownership, wholes: &[usize], i: usize) -> Self {
        let start = decl.fields[i].offset * 8;
        let next_owned = owners.first_owned(start + 1, owners.len());
        let next_whole = wholes
            .iter()
            .filter(|&&j| decl.fields[j].offset * 8 > start)
            .min_by_key(|&&j| decl.fields[j].offset)
            .map(|&j| (decl.fields[j].offset * 8, BitOwner::Field(j)));
        let next = match (next_owned, next_whole) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        WholeLimit {
            field: i,
            limit: next.map_or(decl.size, |(bit, _)| bit / 8),
            next: next.map(|(_, o)| o),
        }
    }
}

/// A piece of the wire struct, in byte order.
pub enum WirePiece {
    /// One header byte (opcode or inst_word_len).
    HeaderByte { offset: usize, owner: BitOwner },
    /// A constant's bytes.
    Constant { index: usize },
    /// A whole field: its own wire type, width known only to the compiler.
    Whole { index: usize },
    /// Bytes shared by bit-range fields (and identity bits): a byte array.
    Cell {
        offset: usize,
        len: usize,
        name: String,
        doc: String,
    },
}

impl WirePiece {
    /// The piece's first byte.
    pub fn offset(&self, decl: &Decl) -> usize {
        match *self {
            WirePiece::HeaderByte { offset, .. } | WirePiece::Cell { offset, .. } => offset,
            WirePiece::Constant { index } => decl.constants[index].offset,
            WirePiece::Whole { index } => decl.fields[index].offset,
        }
    }
}

/// One part of a bit-range field: bits `lo..=hi` of the little-endian word at `offset` hold the
/// value's bits from `shift` up.
#[derive(Clone, Copy)]
pub struct BitPart {
    pub offset: usize,
    pub lo: u32,
    pub hi: u32,
    pub shift: u32,
}

/// Where a field sits, resolved.
pub struct FieldPlan {
    /// The parts of a bit-range field, low value bits first; empty for a whole field.
    pub parts: Vec<BitPart>,
    /// The byte of the field's first bit (where its errors are located).
    pub first_byte: usize,
}

impl FieldPlan {
    fn of(f: &FieldNode) -> Self {
        let mut shift = 0;
        let parts: Vec<BitPart> = match &f.place {
            Place::Whole => Vec::new(),
            Place::Bits(ranges) => ranges
                .iter()
                .map(|r| {
                    let part = BitPart {
                        offset: f.offset,
                        lo: r.lo,
                        hi: r.hi,
                        shift,
                    };
                    shift += r.hi - r.lo + 1;
                    part
                })
                .collect(),
        };
        let first_byte = f.offset + parts.first().map_or(0, |p| p.lo as usize / 8);
        FieldPlan { parts, first_byte }
    }
}

/// One member of the wire struct.
pub struct Member {
    pub name: Ident,
    pub doc: String,
    pub extent: Extent,
}

/// Where a member lies, as far as the derive knows it.
pub enum Extent {
    /// A whole field (index into `Decl::fields`): its own wire type, whose size only the
    /// compiler knows.
    Field(usize),
    /// A header byte whose value the derive knows (the opcode when no field holds it, or
    /// `inst_word_len`).
    Byte { offset: usize, value: u8 },
    /// `len` bytes from `offset`: a constant, a reserved gap, or a cell of bit fields.
    Bytes { offset: usize, len: usize },
    /// A reserved gap after whole field `field`, from its end up to byte `next`.
    After { field: usize, next: usize },
}

/// The rules only `const` evaluation can decide (they need a type's size), for the parts of a
/// declaration where they are sound.
pub struct Deferred {
    /// The whole fields whose wire size the derive does not know, each with its limit.
    pub whole_limits: Vec<WholeLimit>,
    /// The bit-range fields whose ranges are sound (indices into `Decl::fields`).
    pub bit_fields: Vec<usize>,
}

/// The plan of one declaration.
pub struct Plan {
    /// The wire struct's members in byte order: the pieces, and reserved gaps between them.
    pub members: Vec<Member>,
    /// Per field (as `Decl::fields`): where it sits.
    pub fields: Vec<FieldPlan>,
    /// What `const` evaluation still checks.
    pub deferred: Deferred,
}

impl Plan {
    /// The plan of a declaration that passed every rule, from its bit owners.
    pub fn new(decl: &Decl, owners: &Ownership, deferred: Deferred) -> Self {
        Plan {
            members: members(decl, &pieces(decl, owners)),
            fields: decl.fields.iter().map(FieldPlan::of).collect(),
            deferred,
        }
    }

    /// The bit-range fields whose first bit lies in bytes `start..end`.
    pub fn bit_fields_in(&self, start: usize, end: usize) -> Vec<usize> {
        (0..self.fields.len())
            .filter(|&i| {
                let f = &self.fields[i];
                !f.parts.is_empty() && (start..end).contains(&f.first_byte)
            })
            .collect()
    }
}

/// Cuts the layout into wire-struct pieces: header bytes, constants, whole fields, and cells of
/// bytes shared by bit-range fields. Bytes that are in none of these are gaps (reserved).
fn pieces(decl: &Decl, owners: &Ownership) -> Vec<WirePiece> {
    let mut pieces = Vec::new();
    if matches!(decl.identity, Identity::Opcodes(_)) {
        if owners.at(0) == Some(BitOwner::OpcodeByte) {
            pieces.push(WirePiece::HeaderByte {
                offset: 0,
                owner: BitOwner::OpcodeByte,
            });
        }
        pieces.push(WirePiece::HeaderByte {
            offset: 1,
            owner: BitOwner::WordLen,
        });
    }
    for index in 0..decl.constants.len() {
        pieces.push(WirePiece::Constant { index });
    }
    for (index, f) in decl.fields.iter().enumerate() {
        if matches!(f.place, Place::Whole) {
            pieces.push(WirePiece::Whole { index });
        }
    }
    pieces.extend(cells(decl, owners));
    pieces.sort_by_key(|s| s.offset(decl));
    pieces
}

/// The bit-field owners of byte `b`: bit-range fields and identity bits, in bit order.
fn cell_owners(decl: &Decl, owners: &Ownership, b: usize) -> Vec<BitOwner> {
    let mut v: Vec<BitOwner> = Vec::new();
    for o in (b * 8..b * 8 + 8).filter_map(|bit| owners.at(bit)) {
        let in_cell = match o {
            BitOwner::Identity => true,
            BitOwner::Field(i) => matches!(decl.fields[i].place, Place::Bits(_)),
            _ => false,
        };
        if in_cell && !v.contains(&o) {
            v.push(o);
        }
    }
    v
}

/// Bit cells: a byte belongs to a cell when a bit-range field or identity bit owns a bit of it;
/// neighbouring bytes join when one owner spans both.
fn cells(decl: &Decl, owners: &Ownership) -> Vec<WirePiece> {
    let mut cells = Vec::new();
    let nbytes = decl.size;
    let mut b = 0;
    while b < nbytes {
        let mut members = cell_owners(decl, owners, b);
        if members.is_empty() {
            b += 1;
            continue;
        }
        let start = b;
        while b + 1 < nbytes {
            let next = cell_owners(decl, owners, b + 1);
            if !next.iter().any(|o| members.contains(o)) {
                break;
            }
            for o in next {
                if !members.contains(&o) {
                    members.push(o);
                }
            }
            b += 1;
        }
        cells.push(cell(decl, start, b, &members));
        b += 1;
    }
    cells
}

/// The cell of bytes `start..=end` shared by `members`, named after them.
fn cell(decl: &Decl, start: usize, end: usize, members: &[BitOwner]) -> WirePiece {
    let names: Vec<String> = members
        .iter()
        .map(|o| match *o {
            BitOwner::Field(i) => decl.fields[i].ident.to_string(),
            _ => "identity".to_string(),
        })
        .collect();
    let whole_word =
        matches!(decl.identity, Identity::MaskMatch { .. }) && start == 0 && end + 1 == decl.size;
    let name = if whole_word {
        "word".to_string()
    } else if names.len() <= 2 {
        names.join("_and_")
    } else {
        format!("bits_{start:#04x}")
    };
    WirePiece::Cell {
        offset: start,
        len: end - start + 1,
        name,
        doc: format!("Bytes {start:#04x}..={end:#04x}: {}.", names.join(", ")),
    }
}

/// Where the previous member ended: a known byte, or the end of a whole field.
enum End {
    Known(usize),
    AfterField(usize),
}

/// The wire struct's members in byte order: pieces, and reserved gaps between them.
fn members(decl: &Decl, pieces: &[WirePiece]) -> Vec<Member> {
    let mut members = Vec::new();
    let mut end = End::Known(0);
    for piece in pieces {
        members.extend(gap(decl, &end, piece.offset(decl)));
        let (member, next_end) = piece_member(decl, piece);
        members.push(member);
        end = next_end;
    }
    members.extend(gap(decl, &end, decl.size));
    members
}

/// The member of one piece, and where it ends.
fn piece_member(decl: &Decl, piece: &WirePiece) -> (Member, End) {
    match piece {
        WirePiece::HeaderByte { offset, owner } => {
            let (name, doc, value) = match owner {
                BitOwner::OpcodeByte => {
                    let first = match &decl.identity {
                        Identity::Opcodes(ops) => ops.first().map_or(0, |(o, _)| *o),
                        _ => 0,
                    };
                    ("opcode", "Byte 0x00: the opcode.", first)
                }
                _ => (
                    "inst_word_len",
                    "Byte 0x01: `inst_word_len`, the size in 32-bit words.",
                    u8::try_from(decl.size / 4).unwrap_or(u8::MAX),
                ),
            };
            let member = Member {
                name: format_ident!("{name}"),
                doc: doc.to_string(),
                extent: Extent::Byte {
                    offset: *offset,
                    value,
                },
            };
            (member, End::Known(offset + 1))
        }
        WirePiece::Constant { index } => {
            let c = &decl.constants[*index];
            let member = Member {
                name: format_ident!("{}", c.name),
                doc: format!(
                    "Bytes {:#04x}..={:#04x}: constant `{}` = {:#x}.",
                    c.offset,
                    c.offset + c.len - 1,
                    c.name,
                    c.value
                ),
                extent: Extent::Bytes {
                    offset: c.offset,
                    len: c.len,
                },
            };
            (member, End::Known(c.offset + c.len))
        }
        WirePiece::Whole { index } => {
            let f = &decl.fields[*index];
            let member = Member {
                name: f.ident.clone(),
                doc: format!("From byte {:#04x}: `{}`.", f.offset, f.ident),
                extent: Extent::Field(*index),
            };
            (member, End::AfterField(*index))
        }
        WirePiece::Cell {
            offset,
            len,
            name,
            doc,
        } => {
            let member = Member {
                name: format_ident!("{name}"),
                doc: doc.clone(),
                extent: Extent::Bytes {
                    offset: *offset,
                    len: *len,
                },
            };
            (member, End::Known(offset + len))
        }
    }
}

/// The reserved gap from `end` up to byte `next`, if there is one.
fn gap(decl: &Decl, end: &End, next: usize) -> Option<Member> {
    match *end {
        End::Known(e) if e < next => Some(Member {
            name: format_ident!("_reserved_{:02x}", e),
            doc: format!("Bytes {e:#04x}..={:#04x}: reserved, zero.", next - 1),
            extent: Extent::Bytes {
                offset: e,
                len: next - e,
            },
        }),
        End::Known(_) => None,
        End::AfterField(field) => {
            let after = &decl.fields[field].ident;
            Some(Member {
                name: format_ident!("_reserved_after_{}", after),
                doc: format!("Reserved bytes after `{after}` up to {next:#04x}, zero."),
                extent: Extent::After { field, next },
            })
        }
    }
}
