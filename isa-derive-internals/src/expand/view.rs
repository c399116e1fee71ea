//! Typed accessors on the wire struct: `NAME()` (checked value), `NAME_raw()` (the bytes or the
//! code, unchecked), `set_NAME()`, and `NAME_preimages()` for lookup-table fields. They read and
//! write in place, so a buffer of bundles is decoded on demand without copying.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::{Paths, opcode_type_closed, wire_ident};
use crate::ast::{Decl, FieldNode, Identity, Place, Role};
use crate::plan::{FieldPlan, Plan};

/// The accessors of every field, and `opcode_byte()` or `word()`.
pub fn accessors(layout: &Decl, plan: &Plan, p: &Paths) -> TokenStream {
    let wire = wire_ident(layout);
    let methods: Vec<TokenStream> = layout
        .fields
        .iter()
        .zip(&plan.fields)
        .map(|(f, fp)| field_accessors(layout, f, fp, p))
        .collect();
    let (private, zc) = (&p.private, &p.zc);
    let header = match &layout.identity {
        Identity::Opcodes(_) => quote! {
            /// The opcode byte (0x00).
            #[inline]
            pub fn opcode_byte(&self) -> u8 {
                #private::read_bits(#zc::IntoBytes::as_bytes(self), 0, 0, 7) as u8
            }
        },
        Identity::MaskMatch { .. } => quote! {
            /// The whole 32-bit word, little-endian.
            #[inline]
            pub fn word(&self) -> u32 {
                #private::read_le(#zc::IntoBytes::as_bytes(self), 0, 4) as u32
            }
        },
        Identity::Nested => quote! {},
    };
    // No `#[automatically_derived]`: it belongs on trait impls only, and rustc is phasing it out
    // on inherent ones.
    quote! {
        #[allow(dead_code)]
        impl #wire {
            #header
            #(#methods)*
        }
    }
}

/// The private function that checks a bit-range field's value and gives its code.
pub fn code_fn(f: &FieldNode) -> Ident {
    format_ident!("__{}_code", f.ident)
}

/// The field's value read from `wire` (a wire struct reference in scope), as an `Option`: `None`
/// where the checked getter would fail. Decode's fast path builds the value from these and
/// leaves finding the exact error to a cold function that runs the getters.
pub fn value_or_none(f: &FieldNode, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let (ident, ty) = (f.ident, f.ty);
    let raw = format_ident!("{}_raw", ident);
    match (&f.place, &f.lut) {
        (Place::Whole, _) => quote!(<#ty as #krate::Field>::from_wire(&wire.#ident).ok()),
        (Place::Bits(_), Some(lut)) => {
            // The code keeps the call site's span, the table path its own (see the getters).
            let code = Ident::new("code", proc_macro2::Span::call_site());
            let decode = lut_decode(lut, ty, &code, p);
            quote!({ let #code = wire.#raw(); #decode })
        }
        (Place::Bits(_), None) => {
            let width: u32 = f.bit_width().unwrap_or(0);
            quote!(<#ty as #krate::BitValue>::from_bits(wire.#raw(), #width).ok())
        }
    }
}

/// `table.decode(code)` of a lookup-table field, an `Option`: under the table path's span (it
/// may come from another hygiene context, a `macro_rules!` that passes the table in), with
/// `code` the caller's local under its own span.
fn lut_decode(lut: &syn::Path, ty: &syn::Type, code: &Ident, p: &Paths) -> TokenStream {
    let lspan = syn::spanned::Spanned::span(lut);
    let private = p.private_at(lspan);
    quote_spanned! {lspan=>
        (const { #private::lut_fns::<#lut, #ty>() }.decode)(#code)
    }
}

fn field_accessors(layout: &Decl, f: &FieldNode, fp: &FieldPlan, p: &Paths) -> TokenStream {
    let (krate, private, result) = (&p.krate, &p.private, &p.result);
    let op = &layout.name;
    let ident = f.ident;
    let name = ident.to_string();
    let ty = f.ty;
    let at = fp.first_byte;
    let raw = format_ident!("{}_raw", ident);
    let set = format_ident!("set_{}", ident);
    let code_of = code_fn(f);
    let span = f.span;
    // The support module under the accessor's span, for the code generated under it.
    let private_s = p.private_at(span);
    let doc_get = format!("`{name}`, decoded and checked.");
    let doc_raw = format!("`{name}` as stored, unchecked.");
    let doc_set = format!("Writes `{name}`; refuses a value the field cannot hold.");
    match &f.place {
        Place::Whole => quote_spanned! {span=>
            #[doc = #doc_get]
            #[inline]
            pub fn #ident(&self) -> #result<#ty, #krate::DecodeError> {
                <#ty as #krate::Field>::from_wire(&self.#ident)
                    .map_err(|e| #private_s::decode_error(#op, #name, #at, e))
            }
            #[doc = #doc_raw]
            #[inline]
            pub fn #raw(&self) -> &<#ty as #krate::Field>::Wire {
                &self.#ident
            }
            #[doc = #doc_set]
            #[inline]
            pub fn #set(&mut self, value: &#ty) -> #result<(), #krate::EncodeError> {
                self.#ident = <#ty as #krate::Field>::to_wire(value)
                    .map_err(|e| #private_s::encode_error(#op, #name, #at, e))?;
                #result::Ok(())
            }
        },
        Place::Bits(_) => {
            let width: u32 = f.bit_width().unwrap_or(0);
            let reads = fp.parts.iter().map(|part| {
                let (o, lo, hi, sh) = (part.offset, part.lo, part.hi, part.shift);
                quote!((#private::read_bits(bytes, #o, #lo, #hi) << #sh))
            });
            let writes = fp.parts.iter().map(|part| {
                let (o, lo, hi, sh) = (part.offset, part.lo, part.hi, part.shift);
                quote!(#private::write_bits(bytes, #o, #lo, #hi, code >> #sh);)
            });
            let err_d = quote!(|problem| #private::decode_error(#op, #name, #at, #krate::FieldError::new(problem)));
            let err_e = quote!(|problem| #private::encode_error(#op, #name, #at, #krate::FieldError::new(problem)));
            let (decode, encode, extra) = match (&f.lut, f.role) {
                (Some(lut), _) => {
                    let lspan = syn::spanned::Spanned::span(lut);
                    let private_l = p.private_at(lspan);
                    // The locals keep the accessor's span: the table path may come from another
                    // hygiene context (a `macro_rules!` that passes the table in), and a local
                    // is only found under the span it was declared with.
                    let (code, value) = (Ident::new("code", span), Ident::new("value", span));
                    let doc_pre = format!(
                        "Every value whose `{}` code is the one stored in `{name}`, canonical first (a many-to-one table cannot say which one was meant).",
                        quote!(#lut)
                    );
                    let pre = format_ident!("{}_preimages", ident);
                    let lookup = lut_decode(lut, ty, &code, p);
                    (
                        quote_spanned! {lspan=>
                            match #lookup {
                                ::core::option::Option::Some(value) => #result::Ok(value),
                                ::core::option::Option::None => #result::Err(#private_l::decode_error(
                                    #op, #name, #at,
                                    #krate::FieldError::new(#krate::Problem::UnknownCode {
                                        #code,
                                        table: <#lut as #krate::Lut>::NAME,
                                        known: &<#lut as #krate::Lut>::CODES,
                                    }),
                                )),
                            }
                        },
                        quote_spanned! {lspan=>
                            match (const { #private_l::lut_fns::<#lut, #ty>() }.encode)(#value) {
                                ::core::option::Option::Some(code) => <::core::primitive::u64 as ::core::convert::From<::core::primitive::u8>>::from(code),
                                ::core::option::Option::None => return #result::Err(#private_l::no_wire_form(
                                    #value,
                                    const { #private_l::lut_fns::<#lut, #ty>() }.value_name,
                                    <#lut as #krate::Lut>::NAME,
                                    &<#lut as #krate::Lut>::CODES,
                                    #op, #name, #at,
                                )),
                            }
                        },
                        quote! {
                            #[doc = #doc_pre]
                            #[inline]
                            pub fn #pre(&self) -> impl ::core::iter::Iterator<Item = <#lut as #krate::Lut>::Value> {
                                <#lut as #krate::Lut>::preimages(self.#raw())
                            }
                        },
                    )
                }
                (None, Role::Opcode) => {
                    let ops: Vec<u8> = match &layout.identity {
                        Identity::Opcodes(ops) => ops.iter().map(|(o, _)| *o).collect(),
                        _ => Vec::new(),
                    };
                    let closed = opcode_type_closed(ty, &ops, p);
                    (
                        quote! { <#ty as #krate::BitValue>::from_bits(code, #width).map_err(#err_d) },
                        quote! {{
                            const OPCODES: &[u8] = &[#(#ops),*];
                            let code = <#ty as #krate::BitValue>::to_bits(value, #width).map_err(#err_e)?;
                            let members_only = #closed;
                            if !members_only && !#private::in_byte_set(&const { #private::byte_set(OPCODES) }, code as u8) {
                                return #result::Err(#private::encode_error(#op, #name, #at,
                                    #krate::FieldError::new(#krate::Problem::UnknownOpcode { opcode: code as u8, expected: OPCODES })));
                            }
                            code
                        }},
                        quote! {},
                    )
                }
                (None, Role::Value) => (
                    quote! { <#ty as #krate::BitValue>::from_bits(code, #width).map_err(#err_d) },
                    quote! { <#ty as #krate::BitValue>::to_bits(value, #width).map_err(#err_e)? },
                    quote! {},
                ),
            };
            quote_spanned! {span=>
                #[doc = #doc_get]
                #[inline]
                pub fn #ident(&self) -> #result<#ty, #krate::DecodeError> {
                    let code = self.#raw();
                    #decode
                }
                #[doc = #doc_raw]
                #[inline]
                pub fn #raw(&self) -> u64 {
                    let bytes = #private_s::zerocopy::IntoBytes::as_bytes(self);
                    0 #(| #reads)*
                }
                #[doc = #doc_set]
                #[inline]
                pub fn #set(&mut self, value: &#ty) -> #result<(), #krate::EncodeError> {
                    let code = Self::#code_of(value)?;
                    let bytes = #private_s::zerocopy::IntoBytes::as_mut_bytes(self);
                    #(#writes)*
                    #result::Ok(())
                }
                /// The checked code of a value; encode or-s it into its cell's single store.
                #[inline(always)]
                fn #code_of(value: &#ty) -> #result<u64, #krate::EncodeError> {
                    let code: u64 = #encode;
                    #result::Ok(code)
                }
                #extra
            }
        }
    }
}
