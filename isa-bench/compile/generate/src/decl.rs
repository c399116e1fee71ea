//! The declarations of a generated crate: 64-byte ops of four shapes, like the built-in ones —
//! a TensorTensor-like op (a dtype nibble pair, an output dtype, an ALU byte, a count, three 3-D
//! descriptors), a TensorScalar-like op (two ALU bytes, two 32-bit immediates, a reserved gap),
//! a copy-like op (two 4-D descriptors, a 16-bit immediate, a reserved gap) and a small op (1-D
//! and 2-D descriptors). Each declaration lays its shape's pieces out in an order of its own and
//! has opcodes of its own, drawn from its index, so no two neighbours share a layout.

/// One piece of a layout, in wire order after the 4-byte header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// The 8-byte sync band.
    Sync,
    /// Two dtype tags in the nibbles of one byte, through the dtype table.
    DtypePair,
    /// One dtype tag in a byte, through the dtype table.
    Dtype,
    /// An ALU byte, through the ALU table.
    Alu,
    /// A plain byte.
    Count,
    /// A 32-bit immediate.
    Imm32,
    /// A 16-bit immediate.
    Imm16,
    /// An N-dimensional tensor descriptor (4 + 4N bytes).
    Tensor(usize),
    /// A documented reserved range of this many bytes.
    Gap(usize),
}

impl Piece {
    /// Bytes on the wire.
    fn len(self) -> usize {
        match self {
            Piece::Sync => 8,
            Piece::DtypePair | Piece::Dtype | Piece::Alu | Piece::Count => 1,
            Piece::Imm32 => 4,
            Piece::Imm16 => 2,
            Piece::Tensor(n) => 4 + 4 * n,
            Piece::Gap(n) => n,
        }
    }
}

use Piece::{Alu, Count, Dtype, DtypePair, Gap, Imm16, Imm32, Sync, Tensor};

/// The four shapes; each fits the 60 bytes after the header. (One line each: a table.)
#[rustfmt::skip]
const SHAPES: [&[Piece]; 4] = [
    &[Sync, DtypePair, Dtype, Alu, Count, Tensor(3), Tensor(3), Tensor(3)],
    &[Sync, DtypePair, Alu, Alu, Imm32, Imm32, Tensor(3), Tensor(3), Gap(2)],
    &[Sync, DtypePair, Count, Imm16, Tensor(4), Tensor(4), Gap(4)],
    &[Sync, DtypePair, Dtype, Alu, Imm32, Tensor(2), Tensor(2), Tensor(1), Gap(3)],
];

/// A declaration: its struct's name and the pieces in wire order.
pub struct Declaration {
    /// The struct's name.
    pub name: String,
    opcodes: Vec<u8>,
    pieces: Vec<Piece>,
}

impl Declaration {
    /// Declaration `index` of a crate. `edited` gives the same declaration after an edit: its
    /// first piece moved to the end, so every offset after the header changes.
    pub fn new(index: usize, edited: bool) -> Self {
        let mut pieces = SHAPES[index % SHAPES.len()].to_vec();
        shuffle(&mut pieces, index as u64);
        if edited {
            pieces.rotate_left(1);
        }
        let first = (0x10 + index * 37) % 256;
        let opcodes = (0..1 + index % 4)
            .map(|k| ((first + k * 64) % 256) as u8)
            .collect();
        Self {
            name: format!("Op{index:04}"),
            opcodes,
            pieces,
        }
    }

    /// The struct as declared: with `#[derive(Bundle)]` and its attributes when `attributes`,
    /// else the bare struct the written-out expansion goes with.
    pub fn source(&self, attributes: bool) -> String {
        let mut bundle = format!(
            "size = 64, opcodes = [{}], wire = \"{}\"",
            self.opcodes
                .iter()
                .map(|op| format!("{op:#04X}"))
                .collect::<Vec<_>>()
                .join(", "),
            self.name.to_lowercase()
        );
        let mut fields = String::new();
        let mut seen = Counts::default();
        let mut offset = 4;
        fields.push_str("    /// The opcode byte.\n");
        if attributes {
            fields.push_str("    #[field(opcode)]\n");
        }
        fields.push_str("    pub opcode: u8,\n");
        for &piece in &self.pieces {
            match piece {
                Gap(len) => bundle.push_str(&format!(
                    ", reserved(offset = {offset:#04X}, len = {len}, note = \"never written\")"
                )),
                _ => {
                    for field in seen.fields(piece, offset) {
                        fields.push_str(&field.source(attributes));
                    }
                }
            }
            offset += piece.len();
        }
        let derive = if attributes {
            format!("#[derive(Bundle, Debug, Clone, PartialEq, Eq)]\n#[bundle({bundle})]\n")
        } else {
            "#[derive(Debug, Clone, PartialEq, Eq)]\n".into()
        };
        format!(
            "/// Generated op {}.\n{derive}pub struct {} {{\n{fields}}}\n",
            self.name, self.name
        )
    }
}

/// One field of a struct.
struct FieldSource {
    doc: String,
    attribute: String,
    name: String,
    ty: &'static str,
}

impl FieldSource {
    fn source(&self, attributes: bool) -> String {
        let attribute = if attributes {
            format!("    #[field({})]\n", self.attribute)
        } else {
            String::new()
        };
        format!(
            "    /// {}\n{attribute}    pub {}: {},\n",
            self.doc, self.name, self.ty
        )
    }
}

/// How many fields of each kind a struct has so far, for their names.
#[derive(Default)]
struct Counts {
    dtype: usize,
    alu: usize,
    count: usize,
    imm: usize,
    tensor: usize,
}

impl Counts {
    /// The fields of `piece` at byte `offset`.
    fn fields(&mut self, piece: Piece, offset: usize) -> Vec<FieldSource> {
        let at = format!("offset = {offset:#04X}");
        let field = |doc: String, attribute: String, name: String, ty| FieldSource {
            doc,
            attribute,
            name,
            ty,
        };
        match piece {
            Sync => vec![field(
                "The sync band.".into(),
                format!("{at}, confidence = inferred, note = \"wait/update band order\""),
                "sync".into(),
                "::isa_core::SyncBand",
            )],
            DtypePair => ["lo", "hi"]
                .into_iter()
                .map(|nibble| {
                    let name = next(&mut self.dtype, "dtype");
                    field(
                        format!("A dtype tag, {nibble} nibble of byte {offset:#04X}."),
                        format!("{at}, nibble = {nibble}, lut = ::isa_core::dtype_v2"),
                        name,
                        "::isa_core::Dtype",
                    )
                })
                .collect(),
            Dtype => vec![field(
                "A dtype tag.".into(),
                format!("{at}, lut = ::isa_core::dtype_v2"),
                next(&mut self.dtype, "dtype"),
                "::isa_core::Dtype",
            )],
            Alu => vec![field(
                "An ALU op.".into(),
                format!("{at}, lut = ::isa_core::alu_v2, confidence = confirmed"),
                next(&mut self.alu, "alu"),
                "::isa_core::AluOp",
            )],
            Count => vec![field(
                "A count.".into(),
                format!("{at}, confidence = strong, note = \"first pair's num\""),
                next(&mut self.count, "count"),
                "u8",
            )],
            Imm32 | Imm16 => vec![field(
                "An immediate.".into(),
                at,
                next(&mut self.imm, "imm"),
                if piece == Imm32 { "u32" } else { "u16" },
            )],
            Tensor(n) => vec![field(
                format!("A {n}-D access pattern."),
                at,
                next(&mut self.tensor, "tensor"),
                match n {
                    1 => "::isa_core::Tensor1d",
                    2 => "::isa_core::Tensor2d",
                    3 => "::isa_core::Tensor3d",
                    _ => "::isa_core::Tensor4d",
                },
            )],
            Gap(_) => Vec::new(),
        }
    }
}

/// `kind` numbered by how many came before it.
fn next(count: &mut usize, kind: &str) -> String {
    *count += 1;
    format!("{kind}{}", *count - 1)
}

/// Shuffles `pieces` by `seed` (Fisher–Yates over a 64-bit LCG: the same order every run).
fn shuffle(pieces: &mut [Piece], seed: u64) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
    for i in (1..pieces.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let j = ((state >> 33) % (i as u64 + 1)) as usize;
        pieces.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_fits_the_sixty_bytes_after_the_header() {
        for shape in SHAPES {
            let len: usize = shape.iter().map(|p| p.len()).sum();
            assert!(len <= 60, "{shape:?} is {len} bytes");
        }
    }

    #[test]
    fn neighbours_differ_and_an_edit_moves_the_fields() {
        let a = Declaration::new(4, false);
        let b = Declaration::new(8, false);
        assert_eq!(a.pieces.len(), b.pieces.len(), "same shape");
        assert_ne!(a.pieces, b.pieces, "different orders");
        assert_ne!(a.opcodes, b.opcodes);
        assert_ne!(a.source(true), Declaration::new(4, true).source(true));
        // Declaration 7 has four opcodes, 64 apart: 0x10 + 7 * 37 = 0x113 → 0x13.
        assert_eq!(Declaration::new(7, false).opcodes, [0x13, 0x53, 0x93, 0xD3]);
    }
}
