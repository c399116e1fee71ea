//! The `#[repr(C)]` wire struct: segments in byte order, gaps as reserved byte arrays.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::{Paths, wire_ident};
use crate::ast::{Identity, Layout};
use crate::valid::{Owner, Plan, Segment};

/// Where the previous segment ended: a number, or an expression over a wire type's size.
enum End {
    Known(usize),
    Expr(TokenStream, String),
}

/// One member of the wire struct.
pub(super) struct Member {
    pub name: Ident,
    pub ty: TokenStream,
    pub doc: String,
    pub extent: Extent,
}

/// Where a member lies, as far as the derive knows it.
pub(super) enum Extent {
    /// A whole field (index into `Layout::fields`): its own wire type, whose size only the
    /// compiler knows.
    Field(usize),
    /// A header byte whose value the derive knows (the opcode when no field holds it, or
    /// `inst_word_len`).
    Byte { offset: usize, value: u8 },
    /// `len` bytes from `offset`: a constant, a reserved gap, or a cell of bit fields.
    Bytes { offset: usize, len: usize },
    /// A reserved gap after a whole field: from this byte expression up to the next member.
    After(TokenStream),
}

/// The members in byte order: segments, and reserved gaps between them.
pub(super) fn members(layout: &Layout, plan: &Plan, p: &Paths) -> Vec<Member> {
    let krate = &p.krate;
    let mut members = Vec::new();
    let mut end = End::Known(0);
    for seg in &plan.segments {
        let offset = seg.offset(layout);
        push_gap(&mut members, &end, offset);
        let (member, next_end) = match seg {
            Segment::HeaderByte { offset, owner } => {
                let (name, doc, value) = match owner {
                    Owner::OpcodeByte => {
                        let first = match &layout.identity {
                            Identity::Opcodes(ops) => ops.first().map_or(0, |(o, _)| *o),
                            _ => 0,
                        };
                        ("opcode", "Byte 0x00: the opcode.", first)
                    }
                    _ => (
                        "inst_word_len",
                        "Byte 0x01: `inst_word_len`, the size in 32-bit words.",
                        u8::try_from(layout.size / 4).unwrap_or(u8::MAX),
                    ),
                };
                let member = Member {
                    name: format_ident!("{name}"),
                    ty: quote!(u8),
                    doc: doc.to_string(),
                    extent: Extent::Byte {
                        offset: *offset,
                        value,
                    },
                };
                (member, End::Known(offset + 1))
            }
            Segment::Constant { index } => {
                let c = &layout.constants[*index];
                let (len, off) = (c.len, c.offset);
                let member = Member {
                    name: format_ident!("{}", c.name),
                    ty: quote!([u8; #len]),
                    doc: format!(
                        "Bytes {:#04x}..={:#04x}: constant `{}` = {:#x}.",
                        c.offset,
                        c.offset + len - 1,
                        c.name,
                        c.value
                    ),
                    extent: Extent::Bytes { offset: off, len },
                };
                (member, End::Known(c.offset + len))
            }
            Segment::Whole { index } => {
                let f = &layout.fields[*index];
                let ty = f.ty;
                let off = f.offset;
                let wty = quote!(<#ty as #krate::Field>::Wire);
                let member = Member {
                    name: f.ident.clone(),
                    ty: wty.clone(),
                    doc: format!("From byte {off:#04x}: `{}`.", f.ident),
                    extent: Extent::Field(*index),
                };
                let end = End::Expr(
                    quote!(#off + ::core::mem::size_of::<#wty>()),
                    f.ident.to_string(),
                );
                (member, end)
            }
            Segment::Cell {
                offset,
                len,
                name,
                doc,
            } => {
                let member = Member {
                    name: format_ident!("{name}"),
                    ty: quote!([u8; #len]),
                    doc: doc.clone(),
                    extent: Extent::Bytes {
                        offset: *offset,
                        len: *len,
                    },
                };
                (member, End::Known(offset + len))
            }
        };
        members.push(member);
        end = next_end;
    }
    push_gap(&mut members, &end, layout.size);
    members
}

pub fn wire_struct(layout: &Layout, plan: &Plan, p: &Paths) -> TokenStream {
    let (zc, zc_crate) = (&p.zc, &p.zc_crate);
    let wire = wire_ident(layout);
    let vis = &layout.input.vis;
    let wire_name = wire.to_string();
    let fields = members(layout, plan, p).into_iter().map(|m| {
        let Member { name, ty, doc, .. } = m;
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

fn push_gap(members: &mut Vec<Member>, end: &End, next: usize) {
    let (name, len, doc, extent) = match end {
        End::Known(e) if *e < next => {
            let len = next - e;
            (
                format_ident!("_reserved_{:02x}", e),
                quote!(#len),
                format!("Bytes {e:#04x}..={:#04x}: reserved, zero.", next - 1),
                Extent::Bytes { offset: *e, len },
            )
        }
        End::Known(_) => return,
        End::Expr(expr, after) => (
            format_ident!("_reserved_after_{}", after),
            quote!(#next.saturating_sub(#expr)),
            format!("Reserved bytes after `{after}` up to {next:#04x}, zero."),
            Extent::After(expr.clone()),
        ),
    };
    members.push(Member {
        name,
        ty: quote!([u8; #len]),
        doc,
        extent,
    });
}
