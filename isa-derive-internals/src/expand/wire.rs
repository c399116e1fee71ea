//! The `#[repr(C)]` wire struct: the plan's members in byte order, gaps as reserved byte
//! arrays.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Paths, wire_ident};
use crate::ast::Decl;
use crate::plan::{Extent, Member, Plan};

/// The type of a member: a whole field's wire type, a byte, or a byte array.
fn member_type(decl: &Decl, m: &Member, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    match m.extent {
        Extent::Field(i) => {
            let ty = decl.fields[i].ty;
            quote!(<#ty as #krate::Field>::Wire)
        }
        Extent::Byte { .. } => quote!(u8),
        Extent::Bytes { len, .. } => quote!([u8; #len]),
        Extent::After { field, next } => {
            let end = field_end(decl, field, p);
            quote!([u8; #next.saturating_sub(#end)])
        }
    }
}

/// The byte after whole field `i`, as an expression over its wire type's size.
pub(super) fn field_end(decl: &Decl, i: usize, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let f = &decl.fields[i];
    let (ty, off) = (f.ty, f.offset);
    quote!(#off + ::core::mem::size_of::<<#ty as #krate::Field>::Wire>())
}

pub fn wire_struct(layout: &Decl, plan: &Plan, p: &Paths) -> TokenStream {
    let (zc, zc_crate) = (&p.zc, &p.zc_crate);
    let wire = wire_ident(layout);
    let vis = &layout.input.vis;
    let wire_name = wire.to_string();
    let fields = plan.members.iter().map(|m| {
        let (name, doc, ty) = (&m.name, &m.doc, member_type(layout, m, p));
        quote! { #[doc = #doc] #name: #ty }
    });
    let doc = format!(
        "Wire layout of [`{}`]: {} bytes, alignment 1, read in place from any buffer with zerocopy. \
         Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.",
        layout.ident, layout.size
    );
    quote! {
        #[doc = #doc]
        #[derive(#zc::FromBytes, #zc::IntoBytes, #zc::KnownLayout, #zc::Immutable, #zc::Unaligned, ::core::clone::Clone, ::core::marker::Copy)]
        #[zerocopy(crate = #zc_crate)]
        #[repr(C)]
        #vis struct #wire {
            #(#fields,)*
        }
        #[automatically_derived]
        impl ::core::fmt::Debug for #wire {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_tuple(#wire_name).field(&#zc::IntoBytes::as_bytes(self)).finish()
            }
        }
        #[automatically_derived]
        impl ::core::cmp::PartialEq for #wire {
            fn eq(&self, other: &Self) -> bool {
                #zc::IntoBytes::as_bytes(self) == #zc::IntoBytes::as_bytes(other)
            }
        }
        #[automatically_derived]
        impl ::core::cmp::Eq for #wire {}
    }
}
