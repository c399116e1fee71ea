//! Typed nodes of one declaration. Each node keeps the tokens it came from, so every later
//! error can point at the attribute that caused it.

use darling::{Error, FromDeriveInput, FromField};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{DeriveInput, Ident, Path, Type};

use crate::attr::{BitRange, BundleOpts, ConfidenceOpt, FieldOpts, Nibble};

/// One `#[derive(Bundle)]` input.
pub struct Layout<'a> {
    pub input: &'a DeriveInput,
    pub ident: &'a Ident,
    pub name: String,
    pub wire_name: String,
    pub size: usize,
    pub size_span: Span,
    pub identity: Identity,
    /// `unrecovered = "…"`: what is known of an op whose field map is not recovered.
    pub unrecovered: Option<(String, Span)>,
    pub constants: Vec<Constant>,
    pub reserved: Vec<Reserved>,
    pub fields: Vec<FieldNode<'a>>,
    /// The runtime crate the generated code names: `#[bundle(crate = "…")]`, or the one the
    /// crate's manifest depends on (see `runtime.rs`).
    pub runtime: Path,
}

/// How the layout is recognised.
pub enum Identity {
    /// 64-byte family: opcode byte at 0x00 from this set, `inst_word_len` at 0x01, 0x02..=0x03
    /// zero.
    Opcodes(Vec<(u8, Span)>),
    /// A 32-bit word: `word & mask == value`.
    MaskMatch { mask: u32, value: u32, span: Span },
    /// A nested layout (sync band, …): no identity.
    Nested,
}

/// A fixed byte range.
pub struct Constant {
    pub name: String,
    pub offset: usize,
    pub len: usize,
    pub value: u64,
    /// `None` when the attribute does not say.
    pub confidence: Option<ConfidenceOpt>,
    pub note: String,
    pub span: Span,
}

/// A documented reserved range (every unclaimed byte is reserved anyway).
pub struct Reserved {
    pub name: String,
    pub offset: usize,
    pub len: usize,
    pub note: String,
    /// As on a field: the public source that agrees, with its span.
    pub corroborated: Option<(String, Span)>,
    /// As on a field: what a public source says instead, with its span.
    pub disputed: Option<(String, Span)>,
    pub span: Span,
}

/// What a field holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The opcode byte at 0x00.
    Opcode,
    /// A logical value.
    Value,
}

/// How a field sits in the bytes.
pub enum Place {
    /// Byte-aligned, its own wire type (`Field`); the width is the wire type's size.
    Whole,
    /// Bit ranges of the little-endian word at the offset, low part first (`BitValue` or a LUT).
    Bits(Vec<BitRange>),
}

/// One struct field and its attribute.
pub struct FieldNode<'a> {
    pub ident: &'a Ident,
    pub ty: &'a Type,
    /// The `field` word of the `#[field(...)]` attribute.
    pub span: Span,
    /// The `offset = …` entry (or `span` when there is none).
    pub offset_span: Span,
    /// The `nibble`/`bits`/`lut` entry that places the value in bits (or `offset_span`).
    pub place_span: Span,
    pub role: Role,
    pub offset: usize,
    pub place: Place,
    pub lut: Option<Path>,
    /// `None` when the attribute does not say.
    pub confidence: Option<ConfidenceOpt>,
    pub note: String,
    /// The specification's spelling of the name, or "".
    pub spec: String,
    /// `corroborated = "…"`: the public source that agrees, with the span of its text.
    pub corroborated: Option<(String, Span)>,
    /// `disputed = "…"`: what a public source says instead, with the span of its text.
    pub disputed: Option<(String, Span)>,
}

impl FieldNode<'_> {
    /// Width of the value in bits when it sits in bit ranges.
    pub fn bit_width(&self) -> Option<u32> {
        match &self.place {
            Place::Whole => None,
            Place::Bits(r) => Some(r.iter().map(|r| r.hi.saturating_sub(r.lo) + 1).sum()),
        }
    }
}

/// darling calls a key it does not know an unknown "field", a word that here means a struct
/// field: each such error is reworded to name an attribute key, keeping darling's suggestion
/// (or its list of the keys) and the place the key was written.
fn name_unknown_keys(errors: Error) -> Error {
    let reworded = errors.flatten().into_iter().map(|e| {
        let text = e.to_string();
        let Some((key, rest)) = text
            .strip_prefix("Unknown field: `")
            .and_then(|t| t.split_once('`'))
        else {
            return e;
        };
        let (rest, place) = match rest.rsplit_once(" at ") {
            Some((rest, place)) if !place.contains('`') => (rest, format!(" in `{place}(...)`")),
            _ => (rest, String::new()),
        };
        let hint = if let Some(alt) = rest.strip_prefix(". Did you mean `") {
            format!("did you mean `{}`?", alt.trim_end_matches("`?"))
        } else if let Some(keys) = rest.strip_prefix(". Available values: ") {
            format!("the keys are {keys}")
        } else {
            "remove it; the `Bundle` derive's docs list the keys".to_string()
        };
        let reworded = Error::custom(format!("unknown attribute key `{key}`{place}; {hint}"));
        match e.explicit_span() {
            Some(span) => reworded.with_span(&span),
            None => reworded,
        }
    });
    Error::multiple(reworded.collect())
}

/// Parses the input into nodes, reporting every attribute error at once. `runtime` finds the
/// runtime crate when the attribute does not name it.
pub fn parse(input: &DeriveInput, runtime: impl FnOnce() -> Path) -> darling::Result<Layout<'_>> {
    let mut errors = Error::accumulator();
    let opts = errors.handle(BundleOpts::from_derive_input(input).map_err(name_unknown_keys));
    let syn::Data::Struct(data) = &input.data else {
        return Err(errors
            .finish()
            .err()
            .unwrap_or_else(|| Error::unsupported_shape("enum or union")));
    };
    let mask_match = opts
        .as_ref()
        .is_some_and(|o| o.mask.is_some() || o.match_.is_some());
    let mut fields = Vec::new();
    for f in &data.fields {
        let Some(fo) = errors.handle(FieldOpts::from_field(f).map_err(name_unknown_keys)) else {
            continue;
        };
        if let Some(node) = errors.handle(field_node(f, fo, mask_match)) {
            fields.push(node);
        }
    }
    let Some(opts) = opts else {
        return Err(errors
            .finish()
            .err()
            .unwrap_or_else(|| Error::custom("invalid #[bundle]")));
    };
    let identity = match (&opts.opcodes, &opts.mask, &opts.match_) {
        (Some(list), None, None) => {
            let mut ops = Vec::new();
            for lit in &list.0 {
                match lit.base10_parse::<u8>() {
                    Ok(v) => ops.push((v, lit.span())),
                    Err(_) => errors
                        .push(Error::custom("an opcode is one byte, 0x00..=0xFF").with_span(lit)),
                }
            }
            if ops.is_empty() && list.0.is_empty() {
                errors.push(
                    Error::custom("`opcodes` needs at least one opcode").with_span(&list.span()),
                );
            }
            Identity::Opcodes(ops)
        }
        (None, Some(mask), Some(value)) => Identity::MaskMatch {
            mask: **mask,
            value: **value,
            span: value.span(),
        },
        (None, None, None) => Identity::Nested,
        (Some(list), _, _) => {
            errors.push(
                Error::custom("a layout has either `opcodes` (64-byte family) or `mask`/`match` (32-bit words), not both")
                    .with_span(&list.span()),
            );
            Identity::Nested
        }
        (None, Some(m), None) => {
            errors.push(
                Error::custom(
                    "`mask` needs `match`: the word is this layout when word & mask == match",
                )
                .with_span(&m.span()),
            );
            Identity::Nested
        }
        (None, None, Some(m)) => {
            errors.push(
                Error::custom(
                    "`match` needs `mask`: the word is this layout when word & mask == match",
                )
                .with_span(&m.span()),
            );
            Identity::Nested
        }
    };
    let constants = opts
        .constant
        .iter()
        .map(|c| Constant {
            name: c.name.clone(),
            offset: c.offset,
            len: c.len,
            value: c.value,
            confidence: c.confidence,
            note: c.note.clone().unwrap_or_default(),
            span: c.span(),
        })
        .collect();
    let reserved = opts
        .reserved
        .iter()
        .map(|r| Reserved {
            name: r
                .name
                .clone()
                .unwrap_or_else(|| format!("reserved_{:#04x}", r.offset)),
            offset: r.offset,
            len: r.len,
            note: r.note.clone().unwrap_or_default(),
            corroborated: r
                .corroborated
                .as_ref()
                .map(|c| (c.as_str().to_owned(), c.span())),
            disputed: r
                .disputed
                .as_ref()
                .map(|d| (d.as_str().to_owned(), d.span())),
            span: r.span(),
        })
        .collect();
    let layout = Layout {
        input,
        ident: &input.ident,
        name: opts.name.clone().unwrap_or_else(|| input.ident.to_string()),
        wire_name: opts.wire.clone().unwrap_or_default(),
        size: *opts.size,
        size_span: opts.size.span(),
        identity,
        unrecovered: opts
            .unrecovered
            .as_ref()
            .map(|u| (u.as_str().to_owned(), u.span())),
        constants,
        reserved,
        fields,
        runtime: match &opts.krate {
            Some(path) => path.0.clone(),
            None => runtime(),
        },
    };
    errors.finish_with(layout)
}

fn field_node(f: &syn::Field, o: FieldOpts, mask_match: bool) -> darling::Result<FieldNode<'_>> {
    let ident = f
        .ident
        .as_ref()
        .ok_or_else(|| Error::unsupported_shape("tuple field").with_span(f))?;
    let attr = f.attrs.iter().find(|a| a.path().is_ident("field"));
    let span = attr.map_or_else(|| f.span(), |a| a.path().span());
    let Some(_) = attr else {
        return Err(Error::custom(format!(
            "field `{ident}` has no #[field(...)] attribute; say where it sits, e.g. #[field(offset = 0x0C)]"
        ))
        .with_span(f));
    };
    let mut errors = Error::accumulator();
    let role = if o.opcode.is_present() {
        Role::Opcode
    } else {
        Role::Value
    };
    if role == Role::Opcode {
        for (given, key) in [
            (o.offset.is_some(), "offset"),
            (o.nibble.is_some(), "nibble"),
            (o.bits.is_some(), "bits"),
            (o.lut.is_some(), "lut"),
        ] {
            if given {
                errors.push(
                    Error::custom(format!(
                        "the opcode field sits at 0x00 by definition; remove `{key}`"
                    ))
                    .with_span(&o.opcode.span()),
                );
            }
        }
    }
    let place = match (&o.nibble, &o.bits) {
        (Some(n), None) => {
            let (lo, hi) = match **n {
                Nibble::Lo => (0, 3),
                Nibble::Hi => (4, 7),
            };
            Place::Bits(vec![BitRange {
                lo,
                hi,
                span: n.span(),
            }])
        }
        (None, Some(b)) => Place::Bits(b.0.clone()),
        (Some(_), Some(b)) => {
            errors.push(
                Error::custom("a field is either a `nibble` or a `bits` range, not both")
                    .with_span(&b.span()),
            );
            Place::Whole
        }
        (None, None) if role == Role::Opcode || o.lut.is_some() => {
            Place::Bits(vec![BitRange { lo: 0, hi: 7, span }])
        }
        (None, None) => Place::Whole,
    };
    let offset = match (&o.offset, role) {
        (Some(off), _) => **off,
        (None, Role::Opcode) => 0,
        (None, Role::Value) if mask_match => 0,
        (None, Role::Value) => {
            errors.push(
                Error::custom(format!(
                    "field `{ident}` needs `offset = …`: the byte where it starts"
                ))
                .with_span(&span),
            );
            0
        }
    };
    let offset_span = o.offset.as_ref().map_or(span, |o| o.span());
    let place_span = match (&o.nibble, &o.bits, &o.lut) {
        (Some(n), _, _) => n.span(),
        (None, Some(b), _) => b.0.first().map_or(b.span(), |r| r.span),
        (None, None, Some(l)) => l.span(),
        (None, None, None) => offset_span,
    };
    errors.finish_with(FieldNode {
        ident,
        ty: &f.ty,
        span,
        offset_span,
        place_span,
        role,
        offset,
        place,
        lut: o.lut,
        confidence: o.confidence,
        note: o.note.unwrap_or_default(),
        spec: o.spec.unwrap_or_default(),
        corroborated: o.corroborated.map(|c| (c.as_str().to_owned(), c.span())),
        disputed: o.disputed.map(|d| (d.as_str().to_owned(), d.span())),
    })
}
