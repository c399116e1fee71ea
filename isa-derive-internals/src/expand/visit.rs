//! `Bundle::visit`: every logical field shown to a visitor once, read in place from the wire
//! struct, with its field-table row as the key, in declaration order or in the table's, as the
//! visitor asks. Whole fields describe themselves (`Field::visit`), bit-range fields through
//! their type (`BitValue::describe`) or their lookup table.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::table::{Row, RowOwner};
use super::{Paths, wire_ident};
use crate::ast::{Decl, FieldNode, Place};

/// The `visit` method of `impl Bundle`.
pub fn visit_method(layout: &Decl, rows: &[Row], p: &Paths) -> TokenStream {
    let (krate, result) = (&p.krate, &p.result);
    let wire = wire_ident(layout);
    let steps: Vec<TokenStream> = layout
        .fields
        .iter()
        .enumerate()
        .map(|(field, f)| {
            let row = row_of(rows, RowOwner { field, part: 0 });
            step(f, quote!(#krate::visit::Key::Field(&__FIELDS[#row])), p)
        })
        .collect();
    let declared: Vec<usize> = (0..layout.fields.len()).collect();
    let by_offset = offset_order(rows);
    let in_order = |order: &[usize]| {
        let s = order.iter().filter_map(|&i| steps.get(i));
        quote!(#(#s)*)
    };
    let body = if declared == by_offset {
        in_order(&declared)
    } else {
        let (d, o) = (in_order(&declared), in_order(&by_offset));
        quote! {
            match <V as #krate::visit::Visitor>::order(v) {
                #krate::visit::FieldOrder::Declaration => { #d }
                #krate::visit::FieldOrder::Offset => { #o }
            }
        }
    };
    // A layout without fields reads neither argument.
    let unused = if layout.fields.is_empty() {
        quote!(let _ = (wire, v);)
    } else {
        quote!()
    };
    quote! {
        #[inline]
        fn visit<V: #krate::visit::Visitor>(
            wire: &#wire,
            v: &mut V,
        ) -> #result<(), <V as #krate::visit::Visitor>::Error> {
            #unused
            #body
            #result::Ok(())
        }
    }
}

/// The index in the table of the row that shows `owner`.
fn row_of(rows: &[Row], owner: RowOwner) -> usize {
    rows.iter()
        .position(|r| r.owner == Some(owner))
        .unwrap_or(0)
}

/// The fields in table order: each at its first row.
fn offset_order(rows: &[Row]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    for owner in rows.iter().filter_map(|r| r.owner) {
        if !order.contains(&owner.field) {
            order.push(owner.field);
        }
    }
    order
}

/// One field shown to `v` under `key`.
fn step(f: &FieldNode, key: TokenStream, p: &Paths) -> TokenStream {
    let (krate, private) = (&p.krate, &p.private);
    let (ident, ty) = (f.ident, f.ty);
    let raw = format_ident!("{}_raw", ident);
    match (&f.place, &f.lut) {
        (Place::Whole, _) => quote! {
            <#ty as #krate::Field>::visit(&wire.#ident, #key, v)?;
        },
        (Place::Bits(_), Some(lut)) => {
            // The table path keeps its own span (it may come from a `macro_rules!` that passes
            // the table in); the locals keep the call site's, under which they are declared.
            let lspan = lut.span();
            let fns = quote_spanned! {lspan=>
                const { #private::lut_fns::<#lut, #ty>() }
            };
            let known = quote_spanned! {lspan=> &<#lut as #krate::Lut>::CODES };
            quote! {
                #private::visit_lut(&#fns, #known, wire.#raw(), #key, v)?;
            }
        }
        (Place::Bits(_), None) => {
            let width: u32 = f.bit_width().unwrap_or(0);
            quote! {
                <#ty as #krate::BitValue>::visit_bits(wire.#raw(), #width, #key, v)?;
            }
        }
    }
}
