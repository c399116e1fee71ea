//! The `#[repr(C)]` wire struct: segments in byte order, gaps as reserved byte arrays.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{Paths, wire_ident};
use crate::ast::Layout;
use crate::valid::{Owner, Plan, Segment};

/// Where the previous segment ended: a number, or an expression over a wire type's size.
enum End {
    Known(usize),
    Expr(TokenStream, String),
}

pub fn wire_struct(layout: &Layout, plan: &Plan, p: &Paths) -> TokenStream {
    let zc = &p.zc;
    let wire = wire_ident(layout);
    let vis = &layout.input.vis;
    let wire_name = wire.to_string();
    let mut fields = Vec::new();
    let mut end = End::Known(0);
    for seg in &plan.segments {
        let offset = seg.offset(layout);
        push_gap(&mut fields, &end, offset);
        let (name, ty, doc, next_end) = match seg {
            Segment::HeaderByte { offset, owner } => {
                let (name, doc) = match owner {
                    Owner::OpcodeByte => ("opcode", "Byte 0x00: the opcode."),
                    _ => (
                        "inst_word_len",
                        "Byte 0x01: `inst_word_len`, the size in 32-bit words.",
                    ),
                };
                (
                    format_ident!("{name}"),
                    quote!(u8),
                    doc.to_string(),
                    End::Known(offset + 1),
                )
            }
            Segment::Constant { index } => {
                let c = &layout.constants[*index];
                let len = c.len;
                (
                    format_ident!("{}", c.name),
                    quote!([u8; #len]),
                    format!(
                        "Bytes {:#04x}..={:#04x}: constant `{}` = {:#x}.",
                        c.offset,
                        c.offset + len - 1,
                        c.name,
                        c.value
                    ),
                    End::Known(c.offset + len),
                )
            }
            Segment::Whole { index } => {
                let f = &layout.fields[*index];
                let ty = f.ty;
                let off = f.offset;
                let wty = quote!(<#ty as ::isa_core::Field>::Wire);
                (
                    f.ident.clone(),
                    wty.clone(),
                    format!("From byte {off:#04x}: `{}`.", f.ident),
                    End::Expr(
                        quote!(#off + ::core::mem::size_of::<#wty>()),
                        f.ident.to_string(),
                    ),
                )
            }
            Segment::Cell {
                offset,
                len,
                name,
                doc,
            } => (
                format_ident!("{name}"),
                quote!([u8; #len]),
                doc.clone(),
                End::Known(offset + len),
            ),
        };
        fields.push(quote! { #[doc = #doc] #name: #ty });
        end = next_end;
    }
    push_gap(&mut fields, &end, layout.size);
    let doc = format!(
        "Wire layout of [`{}`]: {} bytes, alignment 1, read in place from any buffer with zerocopy. \
         Fields are read and written through the typed accessors; bytes no field claims are reserved and must be zero.",
        layout.ident, layout.size
    );
    quote! {
        #[doc = #doc]
        #[derive(#zc::FromBytes, #zc::IntoBytes, #zc::KnownLayout, #zc::Immutable, #zc::Unaligned, ::core::clone::Clone, ::core::marker::Copy)]
        #[zerocopy(crate = "::isa_core::__private::zerocopy")]
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

fn push_gap(fields: &mut Vec<TokenStream>, end: &End, next: usize) {
    match end {
        End::Known(e) if *e < next => {
            let name = format_ident!("_reserved_{:02x}", e);
            let len = next - e;
            let doc = format!("Bytes {e:#04x}..={:#04x}: reserved, zero.", next - 1);
            fields.push(quote! { #[doc = #doc] #name: [u8; #len] });
        }
        End::Known(_) => {}
        End::Expr(expr, after) => {
            let name = format_ident!("_reserved_after_{}", after);
            let doc = format!("Reserved bytes after `{after}` up to {next:#04x}, zero.");
            fields.push(quote! { #[doc = #doc] #name: [u8; #next.saturating_sub(#expr)] });
        }
    }
}
