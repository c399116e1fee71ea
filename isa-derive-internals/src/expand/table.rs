//! The static field table (`Bundle::FIELDS`): header, identity, constants, documented reserved
//! ranges and fields, in offset order. The rows are built once; the visitor (`visit.rs`) reads
//! which row shows which field from them.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;

use super::Paths;
use crate::ast::{Decl, Identity, Place, Role};
use crate::attr::ConfidenceOpt;
use crate::plan::Plan;

/// Which field a row shows, and which of its parts (0 for a field in one piece; a value split
/// across bit ranges has one row per range, low value bits first).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RowOwner {
    /// Index into `Decl::fields`.
    pub field: usize,
    /// Index of the bit range, in declaration order.
    pub part: usize,
}

/// One row before it becomes tokens. Fields not set by a row's kind keep their defaults; a row
/// claims no confidence tag unless its declaration states one (or it is the 64-byte header,
/// which seed 000 fixes for every op); a word's identity row carries `#[bundle]`'s
/// `confidence`.
pub struct Row {
    offset: usize,
    /// Low bit, for ordering rows that share a byte.
    lo: u32,
    name: String,
    spec: String,
    placement: TokenStream,
    ty: String,
    lut: Option<TokenStream>,
    kind: TokenStream,
    /// `None`: the declaration does not say.
    confidence: Option<ConfidenceOpt>,
    note: String,
    /// The public source that agrees, or "".
    corroborated: String,
    /// What a public source says instead, or "".
    disputed: String,
    value_bits: Option<(u32, u32)>,
    /// The field the row shows; `None` for the header, identity, constants and reserved ranges.
    pub owner: Option<RowOwner>,
}

impl Row {
    fn new(offset: usize, name: &str, placement: TokenStream, kind: TokenStream) -> Self {
        Row {
            offset,
            lo: 0,
            name: name.to_string(),
            spec: String::new(),
            placement,
            ty: String::new(),
            lut: None,
            kind,
            confidence: None,
            note: String::new(),
            corroborated: String::new(),
            disputed: String::new(),
            value_bits: None,
            owner: None,
        }
    }

    /// A row of the 64-byte header (opcode, `inst_word_len`, two zero bytes), which seed 000
    /// fixes for every op: the only rows that carry a seed tag without a declaration stating it.
    fn header(offset: usize, name: &str, placement: TokenStream, kind: TokenStream) -> Self {
        let mut r = Row::new(offset, name, placement, kind);
        r.ty = "u8".into();
        r.confidence = Some(ConfidenceOpt::Confirmed);
        r
    }

    fn tokens(&self, p: &Paths) -> TokenStream {
        let krate = &p.krate;
        let (offset, name, spec, placement, ty, kind, note) = (
            self.offset,
            &self.name,
            &self.spec,
            &self.placement,
            &self.ty,
            &self.kind,
            &self.note,
        );
        let (corroborated, disputed) = (&self.corroborated, &self.disputed);
        let lut = match &self.lut {
            Some(table) => quote!(::core::option::Option::Some(#table)),
            None => quote!(::core::option::Option::None),
        };
        let value_bits = match self.value_bits {
            Some((lo, hi)) => quote!(::core::option::Option::Some((#lo, #hi))),
            None => quote!(::core::option::Option::None),
        };
        let conf = confidence(self.confidence, p);
        quote! {
            #krate::FieldInfo {
                name: #name,
                spec_name: #spec,
                offset: #offset,
                placement: #placement,
                value_bits: #value_bits,
                ty: #ty,
                lut: #lut,
                kind: #kind,
                confidence: #conf,
                note: #note,
                corroborated: #corroborated,
                disputed: #disputed,
            }
        }
    }
}

/// The `__FIELDS` constant: the declared rows in table order (the rows the visitor's keys
/// point at); and `__TABLE`, the same rows with one for every run of reserved bits no row
/// claims, merged in (the field table `Bundle::FIELDS` publishes).
pub fn field_table(rows: &[Row], size: usize, p: &Paths) -> TokenStream {
    let (krate, private) = (&p.krate, &p.private);
    let rows = rows.iter().map(|r| r.tokens(p));
    quote! {
        const __FIELDS: &[#krate::FieldInfo] = &[#(#rows),*];
        const __TABLE: [#krate::FieldInfo; __FIELDS.len() + #private::gap_count(__FIELDS, #size)] =
            #private::with_gaps(__FIELDS, #size);
    }
}

/// Every row of the field table, in table order: by first byte, then first bit.
pub fn rows(layout: &Decl, plan: &Plan, p: &Paths) -> Vec<Row> {
    let krate = &p.krate;
    let bytes = |len: usize| quote!(#krate::Placement::Bytes { len: #len });
    let mut rows: Vec<Row> = Vec::new();
    match &layout.identity {
        Identity::Opcodes(_) => {
            if !layout.fields.iter().any(|f| f.role == Role::Opcode) {
                rows.push(Row::header(
                    0,
                    "opcode",
                    bytes(1),
                    quote!(#krate::FieldKind::Opcode),
                ));
            }
            let words = (layout.size / 4) as u64;
            let mut r = Row::header(
                1,
                "inst_word_len",
                bytes(1),
                quote!(#krate::FieldKind::Constant(#words)),
            );
            // Every family's header, a user's too: the note says what the byte is, not where
            // the built-in ISA's seeds show it.
            r.note = "size in 32-bit words".into();
            rows.push(r);
            let mut r = Row::header(2, "reserved", bytes(2), quote!(#krate::FieldKind::Reserved));
            r.ty = String::new();
            rows.push(r);
        }
        Identity::MaskMatch {
            mask,
            value,
            confidence,
            ..
        } => {
            let (lo, hi) = (mask.trailing_zeros(), 31 - mask.leading_zeros());
            let mut r = Row::new(
                0,
                "identity",
                quote!(#krate::Placement::Bits { lo: #lo, hi: #hi }),
                quote!(#krate::FieldKind::Identity { mask: #mask, value: #value }),
            );
            r.lo = lo;
            r.ty = "u32".into();
            r.confidence = *confidence;
            r.note = format!("word & {mask:#010x} == {value:#010x}");
            rows.push(r);
        }
        Identity::Nested => {}
    }
    for c in &layout.constants {
        let v = c.value;
        let mut r = Row::new(
            c.offset,
            &c.name,
            bytes(c.len),
            quote!(#krate::FieldKind::Constant(#v)),
        );
        r.confidence = c.confidence;
        r.note = c.note.clone();
        rows.push(r);
    }
    for res in &layout.reserved {
        let mut r = Row::new(
            res.offset,
            &res.name,
            bytes(res.len),
            quote!(#krate::FieldKind::Reserved),
        );
        r.confidence = res.confidence;
        r.note = res.note.clone();
        r.corroborated = text_of(&res.corroborated);
        r.disputed = text_of(&res.disputed);
        rows.push(r);
    }
    for (index, f) in layout.fields.iter().enumerate() {
        let name = f.ident.to_string();
        // The same expression the codecs use, at the same span: a table that does not fit the
        // field is reported once.
        let lut = f.lut.as_ref().map(|lut| {
            let fty = f.ty;
            let private = p.private_at(lut.span());
            quote_spanned! {lut.span()=>
                const { #private::lut_fns::<#lut, #fty>() }.table
            }
        });
        let kind = match f.role {
            Role::Opcode => quote!(#krate::FieldKind::Opcode),
            Role::Value => quote!(#krate::FieldKind::Value),
        };
        let field_row = |offset: usize, placement: TokenStream, part: usize| {
            let mut r = Row::new(offset, &name, placement, kind.clone());
            r.owner = Some(RowOwner { field: index, part });
            r.spec = f.spec.clone();
            r.ty = type_name(f.ty);
            r.lut = lut.clone();
            r.confidence = f.confidence;
            r.note = f.note.clone();
            r.corroborated = text_of(&f.corroborated);
            r.disputed = text_of(&f.disputed);
            r
        };
        match &f.place {
            Place::Whole => {
                let fty = f.ty;
                let len = quote!(::core::mem::size_of::<<#fty as #krate::Field>::Wire>());
                rows.push(field_row(
                    f.offset,
                    quote!(#krate::Placement::Bytes { len: #len }),
                    0,
                ));
            }
            Place::Bits(_) => {
                let ps = &plan.fields[index].parts;
                for (k, part) in ps.iter().enumerate() {
                    let (lo, hi) = (part.lo, part.hi);
                    let mut r = field_row(
                        part.offset,
                        quote!(#krate::Placement::Bits { lo: #lo, hi: #hi }),
                        k,
                    );
                    r.lo = lo;
                    if ps.len() > 1 {
                        r.value_bits = Some((part.shift, part.shift + hi - lo));
                    }
                    rows.push(r);
                }
            }
        }
    }
    rows.sort_by_key(|r| (r.offset, r.lo));
    rows
}

/// A provenance tag's text, "" when absent.
fn text_of(tag: &Option<(String, proc_macro2::Span)>) -> String {
    tag.as_ref()
        .map(|(text, _)| text.clone())
        .unwrap_or_default()
}

fn confidence(c: Option<ConfidenceOpt>, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    match c {
        Some(ConfidenceOpt::Confirmed) => quote!(#krate::Confidence::Confirmed),
        Some(ConfidenceOpt::Strong) => quote!(#krate::Confidence::Strong),
        Some(ConfidenceOpt::Inferred) => quote!(#krate::Confidence::Inferred),
        Some(ConfidenceOpt::Speculative) => quote!(#krate::Confidence::Speculative),
        None => quote!(#krate::Confidence::NotStated),
    }
}

/// The type as a reader names it: the last path segment with its arguments (`Tensor3d`, not
/// `::isa_core::Tensor3d` or a macro's `$crate::…` path).
fn type_name(ty: &syn::Type) -> String {
    let tokens = match ty {
        syn::Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
            Some(last) => last.to_token_stream(),
            None => ty.to_token_stream(),
        },
        other => other.to_token_stream(),
    };
    tokens.to_string().replace(' ', "")
}
