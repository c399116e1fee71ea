//! Typed nodes of one declaration. Each node keeps the tokens it came from, so every later
//! error can point at the attribute that caused it.

use darling::error::Accumulator;
use darling::util::SpannedValue;
use darling::{Error, FromDeriveInput, FromField};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{DeriveInput, Ident, Path, Type};

use crate::attr::{BitRange, BundleOpts, ConfidenceOpt, FieldOpts, Nibble, OpcodeList};

/// One `#[derive(Bundle)]` declaration, parsed: the struct, its identity and its members.
pub struct Decl<'a> {
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
    /// A 32-bit word: `word & mask == value`, tagged with the declaration's `confidence`
    /// (`None` when it does not say).
    MaskMatch {
        mask: u32,
        value: u32,
        confidence: Option<ConfidenceOpt>,
        span: Span,
    },
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
    /// `None` when the attribute does not say.
    pub confidence: Option<ConfidenceOpt>,
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

    /// The size in bytes of the field's wire type (`Field::Wire`) when the derive knows it
    /// without the compiler: the integers and `bool` the runtime stores whole. `None` for every
    /// other type, whose size only `const` evaluation can read.
    pub fn known_wire_bytes(&self) -> Option<usize> {
        match primitive(self.ty)? {
            "u8" | "bool" => Some(1),
            "u16" | "i16" => Some(2),
            "u32" | "i32" => Some(4),
            "u64" => Some(8),
            _ => None,
        }
    }

    /// `BitValue::BITS` of the field's type when the derive knows it: the integers and `bool`.
    pub fn known_value_bits(&self) -> Option<u32> {
        match primitive(self.ty)? {
            "bool" => Some(1),
            "u8" | "i8" => Some(8),
            "u16" | "i16" => Some(16),
            "u32" | "i32" => Some(32),
            "u64" => Some(64),
            _ => None,
        }
    }
}

/// The name of a primitive type written as a bare word (`u32`), or `None`. (A type of the user's
/// that shadows a primitive's name would be measured as the primitive; no declaration does that.)
fn primitive(ty: &Type) -> Option<&'static str> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let ident = p.path.get_ident()?;
    ["u8", "u16", "u32", "u64", "i8", "i16", "i32", "bool"]
        .into_iter()
        .find(|name| ident == name)
}

/// darling calls a key it does not know an unknown "field", a word that here means a struct
/// field: each such error is reworded to name an attribute key, keeping darling's suggestion
/// (or its list of the keys) and the place the key was written: "unknown attribute key
/// `{key}`; did you mean `{key}`?", "…; the keys are …".
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
pub fn parse(input: &DeriveInput, runtime: impl FnOnce() -> Path) -> darling::Result<Decl<'_>> {
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
    let identity = check_identity_keys(&opts, &mut errors);
    check_identity_confidence(&opts, &mut errors);
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
            confidence: r.confidence,
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
    let layout = Decl {
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

/// The declaration's identity: exactly one of `opcodes` and `mask`/`match`, or neither (a
/// nested layout). "a layout has either `opcodes` (64-byte family) or `mask`/`match` (32-bit
/// words), not both"; "`mask` needs `match`: the word is this layout when word & mask ==
/// match"; "`match` needs `mask`: …".
fn check_identity_keys(opts: &BundleOpts, errors: &mut Accumulator) -> Identity {
    let error = |errors: &mut Accumulator, message: &str, span: Span| {
        errors.push(Error::custom(message).with_span(&span));
    };
    match (&opts.opcodes, &opts.mask, &opts.match_) {
        (Some(list), None, None) => Identity::Opcodes(check_opcode_list(list, errors)),
        (None, Some(mask), Some(value)) => Identity::MaskMatch {
            mask: **mask,
            value: **value,
            confidence: opts.confidence.as_ref().map(|c| **c),
            span: value.span(),
        },
        (None, None, None) => Identity::Nested,
        (Some(list), _, _) => {
            error(
                errors,
                "a layout has either `opcodes` (64-byte family) or `mask`/`match` (32-bit words), not both",
                list.span(),
            );
            Identity::Nested
        }
        (None, Some(m), None) => {
            error(
                errors,
                "`mask` needs `match`: the word is this layout when word & mask == match",
                m.span(),
            );
            Identity::Nested
        }
        (None, None, Some(m)) => {
            error(
                errors,
                "`match` needs `mask`: the word is this layout when word & mask == match",
                m.span(),
            );
            Identity::Nested
        }
    }
}

/// `confidence` on `#[bundle]` tags the word identity, so only a `mask`/`match` layout takes it:
/// "`confidence` on `#[bundle]` tags the word identity `word & mask == match`; this layout has
/// none (a 64-byte family's header rows are fixed, a nested layout has no identity)".
fn check_identity_confidence(opts: &BundleOpts, errors: &mut Accumulator) {
    // A layout with only one of `mask`/`match` is already reported by `check_identity_keys`.
    if let (Some(c), None, None) = (&opts.confidence, &opts.mask, &opts.match_) {
        errors.push(
            Error::custom(
                "`confidence` on `#[bundle]` tags the word identity `word & mask == match`; \
                 this layout has none (a 64-byte family's header rows are fixed, a nested \
                 layout has no identity)",
            )
            .with_span(&c.span()),
        );
    }
}

/// Each opcode is a byte: "an opcode is one byte, 0x00..=0xFF"; and there is one:
/// "`opcodes` needs at least one opcode".
fn check_opcode_list(list: &SpannedValue<OpcodeList>, errors: &mut Accumulator) -> Vec<(u8, Span)> {
    let mut ops = Vec::new();
    for lit in &list.0 {
        match lit.base10_parse::<u8>() {
            Ok(v) => ops.push((v, lit.span())),
            Err(_) => {
                errors.push(Error::custom("an opcode is one byte, 0x00..=0xFF").with_span(lit))
            }
        }
    }
    if list.0.is_empty() {
        errors.push(Error::custom("`opcodes` needs at least one opcode").with_span(&list.span()));
    }
    ops
}

/// "field `{ident}` has no #[field(...)] attribute; say where it sits, e.g.
/// #[field(offset = 0x0C)]"
fn check_field_attribute<'f>(
    f: &'f syn::Field,
    ident: &Ident,
) -> darling::Result<&'f syn::Attribute> {
    f.attrs.iter().find(|a| a.path().is_ident("field")).ok_or_else(|| {
        Error::custom(format!(
            "field `{ident}` has no #[field(...)] attribute; say where it sits, e.g. #[field(offset = 0x0C)]"
        ))
        .with_span(f)
    })
}

/// "the opcode field sits at 0x00 by definition; remove `{key}`"
fn check_opcode_field_unplaced(o: &FieldOpts, errors: &mut Accumulator) {
    if !o.opcode.is_present() {
        return;
    }
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

/// Where the value sits: "a field is either a `nibble` or a `bits` range, not both".
fn check_nibble_or_bits(o: &FieldOpts, role: Role, span: Span, errors: &mut Accumulator) -> Place {
    match (&o.nibble, &o.bits) {
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
    }
}

/// Where the field starts: "field `{ident}` needs `offset = …`: the byte where it starts"
/// (the opcode field and the fields of a 32-bit word start at 0 unless they say).
fn check_offset_given(
    o: &FieldOpts,
    ident: &Ident,
    role: Role,
    mask_match: bool,
    span: Span,
    errors: &mut Accumulator,
) -> usize {
    match (&o.offset, role) {
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
    }
}

fn field_node(f: &syn::Field, o: FieldOpts, mask_match: bool) -> darling::Result<FieldNode<'_>> {
    let ident = f
        .ident
        .as_ref()
        .ok_or_else(|| Error::unsupported_shape("tuple field").with_span(f))?;
    let span = check_field_attribute(f, ident)?.path().span();
    let mut errors = Error::accumulator();
    let role = if o.opcode.is_present() {
        Role::Opcode
    } else {
        Role::Value
    };
    check_opcode_field_unplaced(&o, &mut errors);
    let place = check_nibble_or_bits(&o, role, span, &mut errors);
    let offset = check_offset_given(&o, ident, role, mask_match, span, &mut errors);
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
