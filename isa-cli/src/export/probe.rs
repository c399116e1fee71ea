//! What each logical value of a layout is, learned from the typed field visitor: the layout's
//! bytes are built from its field table (identity, constants, zeros elsewhere), one value at a
//! time is set to each of its codes or one byte at a time to 1, and the walk says what the
//! value shows as — an integer, a flag, a name, a table code, an address, bytes, or a nested
//! value whose members sit at the bytes that moved them. Nothing is read from a field's name or
//! its type's spelling.

use isa_core::visit::{Key, Nest, Value, Visitor};
use isa_core::{
    Declaration, Family, FieldError, FieldInfo, FieldKind, Identity, Placement, Problem,
};

use serde::{Deserialize, Serialize};

use crate::error::CliError;

/// One logical value: where its bits are and how it prints. A nested value has no pieces of its
/// own; its members do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueInfo {
    /// Its name (the JSON member), or `None` for an element of a sequence.
    pub name: Option<String>,
    /// Its bits, low value bits first.
    pub pieces: Vec<Piece>,
    /// How it prints.
    pub shape: Shape,
    /// How decode refuses a code of the value that names nothing; `None` when every code
    /// decodes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Refusal>,
}

/// Where and how decode refuses a value's code: the field and byte its error names, and the
/// text of the error after the code (`code 0xff` then ``" is not in table `tt_alu`"``).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    /// The field the error names.
    pub field: String,
    /// The byte offset the error names.
    pub byte: usize,
    /// The problem's text after `code 0x..`.
    pub reason_tail: String,
}

/// A run of a value's bits: bits `lo..=hi` of the little-endian bytes from `offset`, holding the
/// value's bits from `value_lo` up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// Byte offset.
    pub offset: usize,
    /// Lowest bit, from the offset's bit 0.
    pub lo: u32,
    /// Highest bit.
    pub hi: u32,
    /// The value bit `lo` holds.
    pub value_lo: u32,
}

impl Piece {
    /// The first absolute bit (offset × 8 + lo).
    pub fn first_bit(&self) -> usize {
        self.offset * 8 + self.lo as usize
    }

    /// Width in bits.
    pub fn width(&self) -> u32 {
        self.hi + 1 - self.lo
    }
}

/// How a value prints in `isa decode --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Shape {
    /// A number.
    Unsigned,
    /// A number, sign-extended from the value's width.
    Signed,
    /// `true` or `false`.
    Bool,
    /// An ADDR4 word, a number.
    Address,
    /// Bytes carried whole, a string of lowercase hexadecimal digits.
    Bytes,
    /// A lookup-table code, printed as the name of its canonical preimage.
    Code {
        /// The table's name.
        table: String,
    },
    /// An enumeration, printed by name.
    Name {
        /// Every name and its code.
        names: Vec<NameCode>,
    },
    /// An object of named members.
    Layout {
        /// Its members, in order.
        members: Vec<ValueInfo>,
    },
    /// An array.
    Sequence {
        /// Its elements, in order.
        items: Vec<ValueInfo>,
    },
}

/// A name and its code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameCode {
    /// The name.
    pub name: String,
    /// The code.
    pub code: u64,
}

/// A value shown by one walk.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    /// A plain value.
    Leaf(Leaf),
    /// A value whose bits do not decode.
    Undecodable,
    /// A nested value and its members or elements.
    Nest(NestKind, Vec<Named>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NestKind {
    Layout,
    Seq,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Leaf {
    Unsigned(u64),
    Signed(i64),
    Bool(bool),
    Name(&'static str),
    Code(&'static str),
    Address(u32),
    Bytes,
}

impl Leaf {
    /// The value as a bit pattern, for the integer kinds a nested value holds.
    fn bits(self) -> Option<u64> {
        match self {
            Leaf::Unsigned(n) => Some(n),
            Leaf::Signed(n) => Some(n as u64),
            Leaf::Bool(b) => Some(u64::from(b)),
            Leaf::Address(a) => Some(a.into()),
            Leaf::Name(_) | Leaf::Code(_) | Leaf::Bytes => None,
        }
    }

    /// The shape of a leaf whose code maps to names through `names`.
    fn shape(self, names: Vec<NameCode>) -> Shape {
        match self {
            Leaf::Unsigned(_) => Shape::Unsigned,
            Leaf::Signed(_) => Shape::Signed,
            Leaf::Bool(_) => Shape::Bool,
            Leaf::Name(_) => Shape::Name { names },
            Leaf::Code(table) => Shape::Code {
                table: table.to_string(),
            },
            Leaf::Address(_) => Shape::Address,
            Leaf::Bytes => Shape::Bytes,
        }
    }
}

/// A walked value under its name (`None` for an element of a sequence).
type Named = (Option<&'static str>, Node);

/// Records one walk as a tree.
#[derive(Default)]
struct Recorder {
    stack: Vec<(Option<&'static str>, NestKind, Vec<Named>)>,
    top: Vec<Named>,
}

impl Recorder {
    fn push(&mut self, key: Option<&'static str>, node: Node) {
        match self.stack.last_mut() {
            Some((_, _, children)) => children.push((key, node)),
            None => self.top.push((key, node)),
        }
    }
}

impl Visitor for Recorder {
    type Error = std::convert::Infallible;

    fn value(&mut self, key: Key, value: Value<'_>) -> Result<(), Self::Error> {
        let leaf = match value {
            Value::Unsigned(n) => Leaf::Unsigned(n),
            Value::Signed(n) => Leaf::Signed(n),
            Value::Bool(b) => Leaf::Bool(b),
            Value::Name(n) => Leaf::Name(n),
            Value::Code { table, .. } => Leaf::Code(table.name),
            Value::Address(a) => Leaf::Address(a),
            Value::Bytes(_) => Leaf::Bytes,
        };
        self.push(key.name(), Node::Leaf(leaf));
        Ok(())
    }

    fn begin(&mut self, key: Key, nest: Nest) -> Result<(), Self::Error> {
        let kind = match nest {
            Nest::Layout(_) => NestKind::Layout,
            Nest::Seq(_) => NestKind::Seq,
        };
        self.stack.push((key.name(), kind, Vec::new()));
        Ok(())
    }

    fn end(&mut self, _: Nest) -> Result<(), Self::Error> {
        if let Some((key, kind, children)) = self.stack.pop() {
            self.push(key, Node::Nest(kind, children));
        }
        Ok(())
    }

    fn undecodable(&mut self, key: Key, _: FieldError) -> Result<(), Self::Error> {
        self.push(key.name(), Node::Undecodable);
        Ok(())
    }
}

/// One member of family `F`, walked over any bytes.
struct Prober<'d, F> {
    index: usize,
    decl: &'d Declaration,
    family: std::marker::PhantomData<F>,
}

impl<F: Family> Prober<'_, F> {
    /// The top-level values `bytes` show, or `None` when they are not this member's.
    fn walk(&self, bytes: &[u8]) -> Option<Vec<Named>> {
        if F::member_index(bytes) != Some(self.index) {
            return None;
        }
        let view = F::view(bytes).ok()?;
        let mut rec = Recorder::default();
        match F::visit_view(&view, &mut rec) {
            Ok(()) => Some(rec.top),
            Err(never) => match never {},
        }
    }

    /// The node of value `name` in a walk over `bytes`.
    fn node(&self, bytes: &[u8], name: &str) -> Option<Node> {
        self.walk(bytes)?
            .into_iter()
            .find_map(|(k, node)| (k == Some(name)).then_some(node))
    }

    /// How decode refuses `bytes`, in which value `name` holds a code that names nothing.
    fn refusal(&self, bytes: &[u8], name: &str) -> Result<Refusal, CliError> {
        let refused = || self.error(&format!("a code of value `{name}` is refused another way"));
        let Err(e) = F::decode(bytes) else {
            return Err(refused());
        };
        let Problem::UnknownCode { code, .. } = e.problem else {
            return Err(refused());
        };
        if e.at.field != name {
            return Err(refused());
        }
        let text = e.problem.to_string();
        let reason_tail = text
            .strip_prefix(&format!("code {code:#x}"))
            .ok_or_else(refused)?;
        Ok(Refusal {
            field: e.at.field.to_string(),
            byte: e.at.offset,
            reason_tail: reason_tail.to_string(),
        })
    }

    fn error(&self, what: &str) -> CliError {
        CliError::Export {
            what: format!("{}: {what}", self.decl.name),
        }
    }
}

/// The bytes of a member with every fixed part its field table states (identity, constants)
/// and zero elsewhere.
pub fn base_bytes(decl: &Declaration) -> Vec<u8> {
    let mut bytes = vec![0u8; decl.size];
    match decl.identity {
        Identity::Opcodes(ops) => {
            if let (Some(b), Some(&op)) = (bytes.first_mut(), ops.first()) {
                *b = op;
            }
        }
        Identity::MaskMatch { value, .. } => {
            for (b, v) in bytes.iter_mut().zip(value.to_le_bytes()) {
                *b = v;
            }
        }
        Identity::Nested => {}
    }
    for row in decl.fields {
        if let FieldKind::Constant(value) = row.kind {
            let (first, width) = span(row);
            set_bits(&mut bytes, first, width, value);
        }
    }
    bytes
}

/// A row's first absolute bit and width.
fn span(row: &FieldInfo) -> (usize, u32) {
    (row.first_bit(), row.placement.bit_width())
}

/// Writes the low `width` bits of `value` at absolute bit `first` on.
fn set_bits(bytes: &mut [u8], first: usize, width: u32, value: u64) {
    for t in 0..width.min(64) {
        let bit = first + t as usize;
        if let Some(b) = bytes.get_mut(bit / 8) {
            let m = 1u8 << (bit % 8);
            if value >> t & 1 == 1 {
                *b |= m;
            } else {
                *b &= !m;
            }
        }
    }
}

/// The pieces of value `name`: its rows, low value bits first.
fn pieces(decl: &Declaration, name: &str) -> Vec<Piece> {
    let mut rows: Vec<&FieldInfo> = decl
        .fields
        .iter()
        .filter(|r| r.name == name && matches!(r.kind, FieldKind::Value | FieldKind::Opcode))
        .collect();
    rows.sort_by_key(|r| r.value_bits.map_or(0, |(lo, _)| lo));
    rows.iter()
        .map(|r| {
            let (lo, hi) = match r.placement {
                Placement::Bytes { len } => (0, (len * 8) as u32 - 1),
                Placement::Bits { lo, hi } => (lo, hi),
            };
            Piece {
                offset: r.offset,
                lo,
                hi,
                value_lo: r.value_bits.map_or(0, |(lo, _)| lo),
            }
        })
        .collect()
}

/// Writes `value` into the bits of `pieces`.
fn set_value(bytes: &mut [u8], pieces: &[Piece], value: u64) {
    for p in pieces {
        set_bits(bytes, p.first_bit(), p.width(), value >> p.value_lo);
    }
}

/// Every logical value of member `index` of family `F`, in the order the JSON form writes them.
pub fn values<F: Family>(index: usize, decl: &Declaration) -> Result<Vec<ValueInfo>, CliError> {
    let prober = Prober::<F> {
        index,
        decl,
        family: std::marker::PhantomData,
    };
    let base = base_bytes(decl);
    let walked = prober
        .walk(&base)
        .ok_or_else(|| prober.error("its identity does not select it"))?;
    let decodable = decodable(&prober, decl, &base, &walked);
    walked
        .into_iter()
        .map(|(key, node)| {
            let name = key.ok_or_else(|| prober.error("a top-level value has no name"))?;
            let pieces = pieces(decl, name);
            if pieces.is_empty() {
                return Err(prober.error(&format!("value `{name}` has no row")));
            }
            let (shape, refusal) = match node {
                Node::Nest(kind, children) => (
                    nested(&prober, &base, name, &pieces, kind, &children)?,
                    None,
                ),
                Node::Leaf(_) | Node::Undecodable => {
                    scalar(&prober, &decodable, name, &pieces, &node)?
                }
            };
            let pieces = match shape {
                Shape::Layout { .. } | Shape::Sequence { .. } => Vec::new(),
                _ => pieces,
            };
            Ok(ValueInfo {
                name: Some(name.to_string()),
                pieces,
                shape,
                refusal,
            })
        })
        .collect()
}

/// `base` with each value that does not decode at zero set to its first code that does, so
/// that decode reaches any one value's refusal.
fn decodable<F: Family>(
    prober: &Prober<'_, F>,
    decl: &Declaration,
    base: &[u8],
    walked: &[Named],
) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for (key, _) in walked.iter().filter(|(_, n)| *n == Node::Undecodable) {
        let Some(name) = key else { continue };
        let pieces = pieces(decl, name);
        let width: u32 = pieces.iter().map(Piece::width).sum();
        let decodes = |code: &u64| {
            let mut with = bytes.clone();
            set_value(&mut with, &pieces, *code);
            matches!(prober.node(&with, name), Some(Node::Leaf(_)))
        };
        if let Some(code) = (0..1u64 << width.min(8)).find(decodes) {
            set_value(&mut bytes, &pieces, code);
        }
    }
    bytes
}

/// The shape of a value that is not nested, and how decode refuses its codes that name
/// nothing: from the walk over each of its codes when it is at most a byte wide (an
/// enumeration's names, a table's codes), else from the walk over zeros.
fn scalar<F: Family>(
    prober: &Prober<'_, F>,
    base: &[u8],
    name: &str,
    pieces: &[Piece],
    at_zero: &Node,
) -> Result<(Shape, Option<Refusal>), CliError> {
    let width: u32 = pieces.iter().map(Piece::width).sum();
    if width > 8 {
        return match at_zero {
            Node::Leaf(leaf) => Ok((leaf.shape(Vec::new()), None)),
            Node::Undecodable | Node::Nest(..) => Err(prober.error(&format!(
                "value `{name}` wider than a byte does not decode at zero"
            ))),
        };
    }
    let mut kind: Option<Leaf> = None;
    let mut names = Vec::new();
    let mut refusal: Option<Refusal> = None;
    for code in 0..1u64 << width {
        let mut bytes = base.to_vec();
        set_value(&mut bytes, pieces, code);
        let leaf = match prober.node(&bytes, name) {
            Some(Node::Leaf(leaf)) => leaf,
            Some(Node::Undecodable) => {
                let this = prober.refusal(&bytes, name)?;
                if refusal.as_ref().is_some_and(|r| *r != this) {
                    return Err(prober.error(&format!("value `{name}` is refused two ways")));
                }
                refusal = Some(this);
                continue;
            }
            Some(Node::Nest(..)) | None => continue,
        };
        if let Leaf::Name(n) = leaf {
            names.push(NameCode {
                name: n.to_string(),
                code,
            });
        }
        match kind {
            None => kind = Some(leaf),
            Some(k) if std::mem::discriminant(&k) == std::mem::discriminant(&leaf) => {}
            Some(_) => {
                return Err(prober.error(&format!("value `{name}` shows as two kinds")));
            }
        }
    }
    kind.map(|k| (k.shape(names), refusal))
        .ok_or_else(|| prober.error(&format!("no code of value `{name}` decodes")))
}

/// The shape of a nested value: each of its leaves, placed at the bytes that change it.
fn nested<F: Family>(
    prober: &Prober<'_, F>,
    base: &[u8],
    name: &str,
    pieces: &[Piece],
    kind: NestKind,
    children: &[Named],
) -> Result<Shape, CliError> {
    let [piece] = pieces else {
        return Err(prober.error(&format!("nested value `{name}` is split")));
    };
    if piece.lo % 8 != 0 || piece.width() % 8 != 0 {
        return Err(prober.error(&format!("nested value `{name}` is not whole bytes")));
    }
    let start = piece.offset + piece.lo as usize / 8;
    let len = piece.width() as usize / 8;
    // Leaf path (indices into the tree) → (byte offset, significance) of every byte that moved it.
    let mut hits: Vec<(Vec<usize>, usize, u32)> = Vec::new();
    for k in 0..len {
        let mut bytes = base.to_vec();
        if let Some(b) = bytes.get_mut(start + k) {
            *b = 1;
        }
        let Some(Node::Nest(_, moved)) = prober.node(&bytes, name) else {
            return Err(prober.error(&format!(
                "byte {k} of nested value `{name}` does not decode"
            )));
        };
        let mut path = Vec::new();
        changed(&moved, &mut path, &mut |path, bits| {
            if bits.is_power_of_two() && bits.trailing_zeros() % 8 == 0 {
                hits.push((path.to_vec(), start + k, bits.trailing_zeros() / 8));
            }
        });
    }
    let mut path = Vec::new();
    build(prober, name, kind, children, &hits, &mut path)
}

/// Calls `f` with the path and bits of every integer leaf of `nodes` that is not zero.
fn changed(nodes: &[Named], path: &mut Vec<usize>, f: &mut dyn FnMut(&[usize], u64)) {
    for (i, (_, node)) in nodes.iter().enumerate() {
        path.push(i);
        match node {
            Node::Leaf(leaf) => {
                if let Some(bits) = leaf.bits().filter(|&b| b != 0) {
                    f(path, bits);
                }
            }
            Node::Nest(_, children) => changed(children, path, f),
            Node::Undecodable => {}
        }
        path.pop();
    }
}

/// The shape of a nested value from the walk over zeros and the bytes that moved each leaf.
fn build<F: Family>(
    prober: &Prober<'_, F>,
    name: &str,
    kind: NestKind,
    children: &[Named],
    hits: &[(Vec<usize>, usize, u32)],
    path: &mut Vec<usize>,
) -> Result<Shape, CliError> {
    let mut members = Vec::new();
    for (i, (key, node)) in children.iter().enumerate() {
        path.push(i);
        let shape_and_pieces = match node {
            Node::Nest(k, grand) => (build(prober, name, *k, grand, hits, path)?, Vec::new()),
            Node::Leaf(leaf) if leaf.bits().is_some() => {
                let mut bytes: Vec<(usize, u32)> = hits
                    .iter()
                    .filter(|(p, _, _)| p == path)
                    .map(|&(_, at, sig)| (at, sig))
                    .collect();
                bytes.sort_unstable();
                let first = bytes.first().map(|&(at, _)| at);
                let whole = bytes
                    .iter()
                    .enumerate()
                    .all(|(j, &(at, sig))| Some(at) == first.map(|f| f + j) && sig == j as u32);
                let (Some(offset), true) = (first, whole) else {
                    return Err(prober.error(&format!(
                        "a member of nested value `{name}` is not little-endian whole bytes"
                    )));
                };
                let piece = Piece {
                    offset,
                    lo: 0,
                    hi: bytes.len() as u32 * 8 - 1,
                    value_lo: 0,
                };
                (leaf.shape(Vec::new()), vec![piece])
            }
            Node::Leaf(_) | Node::Undecodable => {
                return Err(prober.error(&format!(
                    "nested value `{name}` holds a member that is not an integer"
                )));
            }
        };
        path.pop();
        let (shape, pieces) = shape_and_pieces;
        members.push(ValueInfo {
            name: key.map(str::to_string),
            pieces,
            shape,
            refusal: None,
        });
    }
    Ok(match kind {
        NestKind::Layout => Shape::Layout { members },
        NestKind::Seq => Shape::Sequence { items: members },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declaration(name: &str) -> &'static Declaration {
        isa_ops::Op::DECLARATIONS
            .iter()
            .find(|d| d.name == name)
            .unwrap_or_else(|| panic!("{name} is declared"))
    }

    #[test]
    fn the_base_bytes_hold_the_header_and_every_constant() {
        // MoveShape (seed 000): opcode 0xB2, 16 words, 0x0100 at 0x0C..0x0D, flag 1 at 0x0E.
        let b = base_bytes(declaration("MoveShape"));
        assert_eq!(b.len(), 64);
        assert_eq!(b[..4], [0xb2, 0x10, 0, 0]);
        assert_eq!(b[0x0c..0x10], [0x00, 0x01, 0x01, 0x00]);
        assert!(b[0x10..].iter().all(|&x| x == 0));
        assert!(isa_ops::Op::decode(&b).is_ok());
    }

    #[test]
    fn a_row_spans_its_bits_from_its_first() {
        // TensorTensor's in1_dtype is the high nibble of 0x0C: bits 100..=103.
        let row = declaration("TensorTensor")
            .fields
            .iter()
            .find(|r| r.name == "in1_dtype")
            .expect("in1_dtype");
        assert_eq!(span(row), (100, 4));
    }

    /// Two bytes of a bit range, shown as a sequence of two numbers.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
    struct Pair(u8, u8);

    impl isa_core::BitValue for Pair {
        const BITS: u32 = 16;
        fn to_bits(&self, _: u32) -> Result<u64, Problem> {
            Ok(u64::from(self.0) | u64::from(self.1) << 8)
        }
        fn from_bits(code: u64, _: u32) -> Result<Self, Problem> {
            let [lo, hi, ..] = code.to_le_bytes();
            Ok(Pair(lo, hi))
        }
        fn visit_bits<V: Visitor>(code: u64, _: u32, key: Key, v: &mut V) -> Result<(), V::Error> {
            let [lo, hi, ..] = code.to_le_bytes();
            v.begin(key, Nest::Seq(2))?;
            v.value(
                Key::Element { index: 0, ty: "u8" },
                Value::Unsigned(lo.into()),
            )?;
            v.value(
                Key::Element { index: 1, ty: "u8" },
                Value::Unsigned(hi.into()),
            )?;
            v.end(Nest::Seq(2))
        }
    }

    /// A word whose low byte is its identity and whose next two bytes are a [`Pair`].
    #[derive(isa_derive::Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[bundle(size = 4, mask = 0x0000_00FF, match = 0x0000_0033)]
    struct PairWord {
        #[field(bits = 8..=23)]
        pair: Pair,
    }
    impl isa_core::Validate for PairWord {}

    /// Two bytes of a bit range, shown as a sequence of one big-endian number.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
    struct BigEndian(u16);

    impl isa_core::BitValue for BigEndian {
        const BITS: u32 = 16;
        fn to_bits(&self, _: u32) -> Result<u64, Problem> {
            Ok(u64::from(u16::from_le_bytes(self.0.to_be_bytes())))
        }
        fn from_bits(code: u64, _: u32) -> Result<Self, Problem> {
            let [lo, hi, ..] = code.to_le_bytes();
            Ok(BigEndian(u16::from_be_bytes([lo, hi])))
        }
        fn visit_bits<V: Visitor>(code: u64, _: u32, key: Key, v: &mut V) -> Result<(), V::Error> {
            let [lo, hi, ..] = code.to_le_bytes();
            v.begin(key, Nest::Seq(1))?;
            v.value(
                Key::Element {
                    index: 0,
                    ty: "u16",
                },
                Value::Unsigned(u16::from_be_bytes([lo, hi]).into()),
            )?;
            v.end(Nest::Seq(1))
        }
    }

    /// A word whose low byte is its identity and whose next two bytes are a [`BigEndian`].
    #[derive(isa_derive::Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[bundle(size = 4, mask = 0x0000_00FF, match = 0x0000_0034)]
    struct BigEndianWord {
        #[field(bits = 8..=23)]
        number: BigEndian,
    }
    impl isa_core::Validate for BigEndianWord {}

    isa_core::family! {
        /// Words with a nested value in a bit range.
        enum PairWords(view PairWordsView, tag "word") {
            /// The pair word.
            PairWord(PairWord),
            /// The big-endian word.
            BigEndianWord(BigEndianWord),
        }
    }

    #[test]
    fn a_nested_value_in_a_bit_range_is_placed_at_the_bytes_of_the_range() {
        // Bits 8..=23 of a little-endian word are its bytes 1 and 2.
        let decl = &PairWords::DECLARATIONS[0];
        let values = values::<PairWords>(0, decl).expect("the pair word probes");
        let byte = |offset| ValueInfo {
            name: None,
            pieces: vec![Piece {
                offset,
                lo: 0,
                hi: 7,
                value_lo: 0,
            }],
            shape: Shape::Unsigned,
            refusal: None,
        };
        assert_eq!(
            values,
            [ValueInfo {
                name: Some("pair".into()),
                pieces: Vec::new(),
                shape: Shape::Sequence {
                    items: vec![byte(1), byte(2)],
                },
                refusal: None,
            }]
        );
    }

    #[test]
    fn a_member_of_a_nested_value_that_is_not_little_endian_is_refused() {
        let decl = &PairWords::DECLARATIONS[1];
        match values::<PairWords>(1, decl) {
            Err(CliError::Export { what }) => assert!(
                what.contains("BigEndianWord") && what.contains("not little-endian"),
                "{what}"
            ),
            other => panic!("{other:?}"),
        }
    }
}
