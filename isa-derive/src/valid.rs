//! The layout rules that can be checked from the attributes alone, and the resolved plan of the
//! wire struct. Rules that need type sizes are emitted as `const` checks (`expand/checks.rs`).

use darling::Error;
use proc_macro2::Span;

use crate::ast::{Identity, Layout, Place, Role};

/// Who owns a bit whose position is known from the attributes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Owner {
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
    /// A field (index into `Layout::fields`).
    Field(usize),
}

impl Owner {
    pub fn describe(self, layout: &Layout) -> String {
        match self {
            Owner::OpcodeByte | Owner::WordLen | Owner::HeaderReserved => {
                "the 4-byte header (opcode, inst_word_len, two reserved bytes)".into()
            }
            Owner::Identity => "the identity bits (`mask`)".into(),
            Owner::Constant(i) => format!("constant `{}`", layout.constants[i].name),
            Owner::Reserved(i) => format!("reserved range `{}`", layout.reserved[i].name),
            Owner::Field(i) => format!("field `{}`", layout.fields[i].ident),
        }
    }
}

/// A piece of the wire struct, in byte order.
pub enum Segment {
    /// One header byte (opcode or inst_word_len).
    HeaderByte { offset: usize, owner: Owner },
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

impl Segment {
    pub fn offset(&self, layout: &Layout) -> usize {
        match *self {
            Segment::HeaderByte { offset, .. } | Segment::Cell { offset, .. } => offset,
            Segment::Constant { index } => layout.constants[index].offset,
            Segment::Whole { index } => layout.fields[index].offset,
        }
    }
}

/// The checked layout: segments in byte order, and for each whole field the first bit owned by
/// anything after its start (its width must stop there).
pub struct Plan {
    pub segments: Vec<Segment>,
    pub whole_limits: Vec<WholeLimit>,
}

/// Where a whole field's width must stop: its type's width is known only to the compiler, so
/// the `const` check compares it with this.
pub struct WholeLimit {
    /// Index into `Layout::fields`.
    pub field: usize,
    /// The first byte the field must not reach.
    pub limit: usize,
    /// What starts at `limit`; `None` is the end of the layout.
    pub next: Option<Owner>,
}

/// A layout with attribute errors, and the width limits of the whole fields that have none, so
/// that their `const` checks are reported with the errors rather than in a later round.
pub struct Rejected {
    pub errors: Error,
    pub whole_limits: Vec<WholeLimit>,
}

/// Applies every attribute-level rule, reporting all violations, and builds the plan.
pub fn check(layout: &Layout) -> Result<Plan, Rejected> {
    let mut errors = Error::accumulator();
    let size = layout.size;
    let bits = size * 8;
    let mut owner: Vec<Option<Owner>> = vec![None; bits];
    let err = |span: Span, msg: String| Error::custom(msg).with_span(&span);

    if size == 0 {
        errors.push(err(
            layout.size_span,
            "a layout is at least one byte: `size` must not be 0".into(),
        ));
    }
    // Identity and header.
    let opcode_fields: Vec<usize> = layout
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.role == Role::Opcode)
        .map(|(i, _)| i)
        .collect();
    match &layout.identity {
        Identity::Opcodes(ops) => {
            if !size.is_multiple_of(4) || size < 4 || size / 4 > 255 {
                errors.push(err(
                    layout.size_span,
                    format!(
                        "a bundle with an opcode header is a whole number of 32-bit words (inst_word_len = size / 4, at most 255); {size} is not"
                    ),
                ));
            }
            for (i, (op, span)) in ops.iter().enumerate() {
                if ops[..i].iter().any(|(o, _)| o == op) {
                    errors.push(err(*span, format!("opcode {op:#04x} is listed twice")));
                }
            }
            if ops.len() > 1 && opcode_fields.is_empty() {
                errors.push(err(
                    layout.ident.span(),
                    format!(
                        "`opcodes` lists {} opcodes; mark the field that says which one with #[field(opcode)]",
                        ops.len()
                    ),
                ));
            }
            if opcode_fields.is_empty() {
                claim(&mut owner, 0, 8, Owner::OpcodeByte);
            }
            claim(&mut owner, 8, 16, Owner::WordLen);
            claim(&mut owner, 16, 32, Owner::HeaderReserved);
        }
        Identity::MaskMatch { mask, value, span } => {
            if size != 4 {
                errors.push(err(
                    layout.size_span,
                    format!("a mask/match layout is one 32-bit word: `size = 4`, not {size}"),
                ));
            }
            if value & !mask != 0 {
                errors.push(err(
                    *span,
                    format!("`match` {value:#010x} has bits outside `mask` {mask:#010x}; they could never match"),
                ));
            }
            for (b, slot) in owner.iter_mut().enumerate().take(32) {
                if mask >> b & 1 == 1 {
                    *slot = Some(Owner::Identity);
                }
            }
        }
        Identity::Nested => {}
    }
    if opcode_fields.len() > 1 {
        for &i in &opcode_fields[1..] {
            errors.push(err(
                layout.fields[i].span,
                "only one field carries the opcode".into(),
            ));
        }
    }
    if !matches!(layout.identity, Identity::Opcodes(_)) {
        for &i in &opcode_fields {
            errors.push(err(
                layout.fields[i].span,
                "#[field(opcode)] needs an opcode header: add `opcodes = [...]` to #[bundle]"
                    .into(),
            ));
        }
    }

    // A layout that is not recovered claims no positions: its bytes are carried whole.
    if let Some((_, span)) = &layout.unrecovered {
        if !matches!(
            layout.identity,
            Identity::Opcodes(_) | Identity::MaskMatch { .. }
        ) {
            errors.push(err(
                *span,
                "an unrecovered layout is still recognised by its `opcodes` or `mask`/`match`"
                    .into(),
            ));
        }
        for f in layout.fields.iter().filter(|f| f.role == Role::Value) {
            if !matches!(f.place, Place::Whole) || f.lut.is_some() {
                errors.push(err(
                    f.place_span,
                    format!(
                        "field `{}`: the field map of this op is not recovered, so its bytes are carried whole in a byte array; a nibble, bit range or table would invent a field",
                        f.ident
                    ),
                ));
            }
        }
    }

    // Constants and documented reserved ranges.
    for (i, c) in layout.constants.iter().enumerate() {
        if c.len == 0 || c.len > 8 {
            errors.push(err(
                c.span,
                format!("constant `{}` is 1 to 8 bytes, not {}", c.name, c.len),
            ));
            continue;
        }
        if c.len < 8 && c.value >> (c.len * 8) != 0 {
            errors.push(err(
                c.span,
                format!(
                    "constant `{}` = {:#x} does not fit in {} bytes",
                    c.name, c.value, c.len
                ),
            ));
        }
        if let Some(e) = claim_checked(
            layout,
            &mut owner,
            c.offset * 8,
            (c.offset + c.len) * 8,
            Owner::Constant(i),
            c.span,
        ) {
            errors.push(e);
        }
    }
    for (i, r) in layout.reserved.iter().enumerate() {
        if let Some(e) = claim_checked(
            layout,
            &mut owner,
            r.offset * 8,
            (r.offset + r.len) * 8,
            Owner::Reserved(i),
            r.span,
        ) {
            errors.push(e);
        }
    }

    // Fields with known extents.
    for (i, f) in layout.fields.iter().enumerate() {
        if f.offset >= size {
            errors.push(err(
                f.offset_span,
                format!(
                    "offset {:#04x} is past the {size}-byte layout; the last byte is {:#04x}",
                    f.offset,
                    size.saturating_sub(1)
                ),
            ));
            continue;
        }
        if let Place::Bits(ranges) = &f.place {
            let mut ok = true;
            for r in ranges {
                if r.lo > r.hi {
                    errors.push(err(
                        r.span,
                        format!(
                            "bit range {}..={} is reversed; write {}..={}",
                            r.lo, r.hi, r.hi, r.lo
                        ),
                    ));
                    ok = false;
                } else if r.hi > 63 {
                    errors.push(err(
                        r.span,
                        "bits are counted in a little-endian word of at most 8 bytes: 0..=63"
                            .into(),
                    ));
                    ok = false;
                } else if f.offset * 8 + r.hi as usize >= bits {
                    errors.push(err(
                        r.span,
                        format!(
                            "bits {}..={} at offset {:#04x} run past the {size}-byte layout",
                            r.lo, r.hi, f.offset
                        ),
                    ));
                    ok = false;
                }
            }
            if ok && f.bit_width().unwrap_or(0) > 64 {
                errors.push(err(
                    f.span,
                    "a bit-range value is at most 64 bits wide".into(),
                ));
                ok = false;
            }
            if ok {
                for r in ranges {
                    let first = f.offset * 8 + r.lo as usize;
                    let last = f.offset * 8 + r.hi as usize + 1;
                    if let Some(e) =
                        claim_checked(layout, &mut owner, first, last, Owner::Field(i), r.span)
                    {
                        errors.push(e);
                    }
                }
            }
        }
    }
    // Whole fields: the first bit must be free; the width is checked by the compiler.
    let wholes: Vec<usize> = layout
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f.place, Place::Whole) && f.offset < size)
        .map(|(i, _)| i)
        .collect();
    let mut sound = Vec::new();
    for (k, &i) in wholes.iter().enumerate() {
        let f = &layout.fields[i];
        let start = f.offset * 8;
        let mut ok = true;
        if let Some(o) = owner[start] {
            errors.push(err(
                f.offset_span,
                format!(
                    "field `{}` at {:#04x} overlaps {}",
                    f.ident,
                    f.offset,
                    o.describe(layout)
                ),
            ));
            ok = false;
        }
        if let Some(&j) = wholes[..k]
            .iter()
            .find(|&&j| layout.fields[j].offset == f.offset)
        {
            errors.push(err(
                f.offset_span,
                format!(
                    "field `{}` starts at {:#04x}, where field `{}` starts",
                    f.ident, f.offset, layout.fields[j].ident
                ),
            ));
            ok = false;
        }
        if ok {
            sound.push(i);
        }
    }
    for f in &layout.fields {
        let name = format!("field `{}`", f.ident);
        check_provenance(&name, &f.corroborated, &f.disputed, &mut errors);
    }
    for r in &layout.reserved {
        let name = format!("reserved range `{}`", r.name);
        check_provenance(&name, &r.corroborated, &r.disputed, &mut errors);
    }
    let whole_limits = sound
        .iter()
        .map(|&i| whole_limit(layout, &owner, &wholes, i))
        .collect();
    if let Err(errors) = errors.finish() {
        return Err(Rejected {
            errors,
            whole_limits,
        });
    }

    Ok(Plan {
        segments: segments(layout, &owner),
        whole_limits,
    })
}

/// The limit of whole field `i`: the next owned bit or the next whole field (of `wholes`),
/// whichever starts first, or the end of the layout.
fn whole_limit(layout: &Layout, owner: &[Option<Owner>], wholes: &[usize], i: usize) -> WholeLimit {
    let start = layout.fields[i].offset * 8;
    let next_owned = (start + 1..owner.len()).find_map(|b| owner[b].map(|o| (b, o)));
    let next_whole = wholes
        .iter()
        .filter(|&&j| layout.fields[j].offset * 8 > start)
        .min_by_key(|&&j| layout.fields[j].offset)
        .map(|&j| (layout.fields[j].offset * 8, Owner::Field(j)));
    let next = match (next_owned, next_whole) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
        (a, b) => a.or(b),
    };
    WholeLimit {
        field: i,
        limit: next.map_or(layout.size, |(bit, _)| bit / 8),
        next: next.map(|(_, o)| o),
    }
}

/// A `corroborated` or `disputed` tag says something: an empty one would show a row as
/// disputed (or backed) by nobody.
fn check_provenance(
    name: &str,
    corroborated: &Option<(String, Span)>,
    disputed: &Option<(String, Span)>,
    errors: &mut darling::error::Accumulator,
) {
    for (tag, key, hint) in [
        (
            corroborated,
            "corroborated",
            "name the source that agrees, by struct and header (`corroborated = \"S3D3_TS in header.h\"`)",
        ),
        (
            disputed,
            "disputed",
            "say what the source says instead (`disputed = \"S3S3D3_TT in header.h: dst at 0x30\"`)",
        ),
    ] {
        if let Some((text, span)) = tag
            && text.trim().is_empty()
        {
            errors.push(
                Error::custom(format!(
                    "{name}: an empty `{key}` says nothing; {hint}, or remove it"
                ))
                .with_span(span),
            );
        }
    }
}

fn claim(owner: &mut [Option<Owner>], from: usize, to: usize, who: Owner) {
    for slot in owner.iter_mut().take(to).skip(from) {
        *slot = Some(who);
    }
}

fn claim_checked(
    layout: &Layout,
    owner: &mut [Option<Owner>],
    from: usize,
    to: usize,
    who: Owner,
    span: Span,
) -> Option<Error> {
    if to > owner.len() {
        return Some(
            Error::custom(format!(
                "{} runs past the {}-byte layout",
                who.describe(layout),
                layout.size
            ))
            .with_span(&span),
        );
    }
    if let Some(other) = owner[from..to].iter().flatten().next().copied() {
        let (byte, bit) = (from / 8, from % 8);
        return Some(
            Error::custom(format!(
                "{} (from byte {byte:#04x} bit {bit}) overlaps {}",
                who.describe(layout),
                other.describe(layout)
            ))
            .with_span(&span),
        );
    }
    claim(owner, from, to, who);
    None
}

/// Cuts the layout into wire-struct segments: header bytes, constants, whole fields, and cells of
/// bytes shared by bit-range fields. Bytes that are in none of these are gaps (reserved).
fn segments(layout: &Layout, owner: &[Option<Owner>]) -> Vec<Segment> {
    let mut segs = Vec::new();
    if matches!(layout.identity, Identity::Opcodes(_)) {
        if owner.first().copied().flatten() == Some(Owner::OpcodeByte) {
            segs.push(Segment::HeaderByte {
                offset: 0,
                owner: Owner::OpcodeByte,
            });
        }
        segs.push(Segment::HeaderByte {
            offset: 1,
            owner: Owner::WordLen,
        });
    }
    for index in 0..layout.constants.len() {
        segs.push(Segment::Constant { index });
    }
    for (index, f) in layout.fields.iter().enumerate() {
        if matches!(f.place, Place::Whole) {
            segs.push(Segment::Whole { index });
        }
    }
    // Bit cells: a byte belongs to a cell when a bit-range field or identity bit owns a bit of
    // it; neighbouring bytes join when one field's range spans both.
    let is_bits = |o: Option<Owner>| match o {
        Some(Owner::Identity) => true,
        Some(Owner::Field(i)) => matches!(layout.fields[i].place, Place::Bits(_)),
        _ => false,
    };
    let nbytes = layout.size;
    let byte_owners = |b: usize| -> Vec<Owner> {
        let mut v: Vec<Owner> = Vec::new();
        for o in owner[b * 8..b * 8 + 8].iter().copied().flatten() {
            if is_bits(Some(o)) && !v.contains(&o) {
                v.push(o);
            }
        }
        v
    };
    let mut b = 0;
    while b < nbytes {
        let owners = byte_owners(b);
        if owners.is_empty() {
            b += 1;
            continue;
        }
        let start = b;
        let mut members = owners;
        while b + 1 < nbytes {
            let next = byte_owners(b + 1);
            if next.iter().any(|o| members.contains(o)) {
                for o in next {
                    if !members.contains(&o) {
                        members.push(o);
                    }
                }
                b += 1;
            } else {
                break;
            }
        }
        let names: Vec<String> = members
            .iter()
            .map(|o| match *o {
                Owner::Field(i) => layout.fields[i].ident.to_string(),
                _ => "identity".to_string(),
            })
            .collect();
        let name = if matches!(layout.identity, Identity::MaskMatch { .. })
            && start == 0
            && b + 1 == nbytes
        {
            "word".to_string()
        } else if names.len() <= 2 {
            names.join("_and_")
        } else {
            format!("bits_{start:#04x}")
        };
        let doc = format!("Bytes {start:#04x}..={b:#04x}: {}.", names.join(", "));
        segs.push(Segment::Cell {
            offset: start,
            len: b - start + 1,
            name,
            doc,
        });
        b += 1;
    }
    segs.sort_by_key(|s| s.offset(layout));
    segs
}
