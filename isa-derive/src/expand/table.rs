//! The static field table (`Bundle::FIELDS`): header, identity, constants, documented reserved
//! ranges and fields, in offset order.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;

use super::Paths;
use super::view::parts;
use crate::ast::{Identity, Layout, Place, Role};
use crate::attr::ConfidenceOpt;

/// `(sort key, row tokens)`.
type Row = ((usize, u32), TokenStream);

pub fn field_table(layout: &Layout, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let mut rows: Vec<Row> = Vec::new();
    let mut row = |offset: usize,
                   lo: u32,
                   name: &str,
                   placement: TokenStream,
                   ty: &str,
                   lut: Option<TokenStream>,
                   kind: TokenStream,
                   conf: ConfidenceOpt,
                   note: &str| {
        let lut = match lut {
            Some(table) => quote!(::core::option::Option::Some(#table)),
            None => quote!(::core::option::Option::None),
        };
        let conf = confidence(conf, p);
        rows.push((
            (offset, lo),
            quote! {
                #krate::FieldInfo {
                    name: #name,
                    offset: #offset,
                    placement: #placement,
                    ty: #ty,
                    lut: #lut,
                    kind: #kind,
                    confidence: #conf,
                    note: #note,
                }
            },
        ));
    };
    let bytes = |len: usize| quote!(#krate::Placement::Bytes { len: #len });
    match &layout.identity {
        Identity::Opcodes(_) => {
            if !layout.fields.iter().any(|f| f.role == Role::Opcode) {
                row(
                    0,
                    0,
                    "opcode",
                    bytes(1),
                    "u8",
                    None,
                    quote!(#krate::FieldKind::Opcode),
                    ConfidenceOpt::Confirmed,
                    "",
                );
            }
            let words = (layout.size / 4) as u64;
            row(
                1,
                0,
                "inst_word_len",
                bytes(1),
                "u8",
                None,
                quote!(#krate::FieldKind::Constant(#words)),
                ConfidenceOpt::Confirmed,
                "size in 32-bit words (seed 000: setupHeader)",
            );
            row(
                2,
                0,
                "reserved",
                bytes(2),
                "",
                None,
                quote!(#krate::FieldKind::Reserved),
                ConfidenceOpt::Confirmed,
                "",
            );
        }
        Identity::MaskMatch { mask, value, .. } => {
            let lo = mask.trailing_zeros();
            let hi = 31 - mask.leading_zeros();
            let note = format!("word & {mask:#010x} == {value:#010x}");
            row(
                0,
                lo,
                "identity",
                quote!(#krate::Placement::Bits { lo: #lo, hi: #hi }),
                "u32",
                None,
                quote!(#krate::FieldKind::Identity { mask: #mask, value: #value }),
                ConfidenceOpt::Confirmed,
                &note,
            );
        }
        Identity::Nested => {}
    }
    for c in &layout.constants {
        let v = c.value;
        row(
            c.offset,
            0,
            &c.name,
            bytes(c.len),
            "",
            None,
            quote!(#krate::FieldKind::Constant(#v)),
            c.confidence,
            &c.note,
        );
    }
    for r in &layout.reserved {
        row(
            r.offset,
            0,
            &r.name,
            bytes(r.len),
            "",
            None,
            quote!(#krate::FieldKind::Reserved),
            ConfidenceOpt::Confirmed,
            &r.note,
        );
    }
    for f in &layout.fields {
        let name = f.ident.to_string();
        let ty = type_name(f.ty);
        // The same expression the codecs use, at the same span: a table that does not fit the
        // field is reported once.
        let lut = f.lut.as_ref().map(|lut| {
            let fty = f.ty;
            quote_spanned! {lut.span()=>
                const { ::isa_core::__private::lut_fns::<#lut, #fty>() }.table
            }
        });
        let kind = match f.role {
            Role::Opcode => quote!(#krate::FieldKind::Opcode),
            Role::Value => quote!(#krate::FieldKind::Value),
        };
        match &f.place {
            Place::Whole => {
                let fty = f.ty;
                let len = quote!(::core::mem::size_of::<<#fty as #krate::Field>::Wire>());
                let placement = quote!(#krate::Placement::Bytes { len: #len });
                row(
                    f.offset,
                    0,
                    &name,
                    placement,
                    &ty,
                    lut,
                    kind,
                    f.confidence,
                    &f.note,
                );
            }
            Place::Bits(_) => {
                let ps = parts(f);
                let total = f.bit_width().unwrap_or(0);
                for (offset, lo, hi, shift) in &ps {
                    let note = if ps.len() > 1 {
                        let part = format!(
                            "bits {}..={} of the {total}-bit value",
                            shift,
                            shift + hi - lo
                        );
                        if f.note.is_empty() {
                            part
                        } else {
                            format!("{part}; {}", f.note)
                        }
                    } else {
                        f.note.clone()
                    };
                    let placement = quote!(#krate::Placement::Bits { lo: #lo, hi: #hi });
                    row(
                        *offset,
                        *lo,
                        &name,
                        placement,
                        &ty,
                        lut.clone(),
                        kind.clone(),
                        f.confidence,
                        &note,
                    );
                }
            }
        }
    }
    rows.sort_by_key(|(k, _)| *k);
    let rows = rows.into_iter().map(|(_, r)| r);
    quote! {
        const __FIELDS: &[#krate::FieldInfo] = &[#(#rows),*];
    }
}

fn confidence(c: ConfidenceOpt, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    match c {
        ConfidenceOpt::Confirmed => quote!(#krate::Confidence::Confirmed),
        ConfidenceOpt::Strong => quote!(#krate::Confidence::Strong),
        ConfidenceOpt::Inferred => quote!(#krate::Confidence::Inferred),
        ConfidenceOpt::Speculative => quote!(#krate::Confidence::Speculative),
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
