//! Token generation: one generated piece per file.

mod checks;
mod codec;
mod encode;
mod table;
mod view;
mod visit;
mod wire;

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, format_ident, quote};
use syn::{DeriveInput, LitStr, Path};

use crate::ast::{self, Decl};
use crate::plan::Plan;
use crate::valid;

/// Expands one derive input: the generated items, or every error at once plus a minimal
/// implementation so that one mistake gives one error. `runtime` gives the runtime crate's path
/// when the attribute does not name it.
pub fn derive(input: &DeriveInput, runtime: impl FnOnce() -> Path) -> TokenStream {
    let layout = match ast::parse(input, runtime) {
        Ok(layout) => layout,
        Err(e) => return e.write_errors(),
    };
    match valid::check(&layout) {
        Ok(plan) => generate(&layout, &plan),
        Err(rejected) => {
            let errors = rejected.errors.write_errors();
            let stub = stub(&layout);
            let p = Paths::new(&layout.runtime);
            let deferred = checks::deferred_checks(&layout, &rejected.deferred, &p);
            quote! {
                #errors
                #stub
                const _: () = { #deferred };
            }
        }
    }
}

/// Paths the generated code uses, built once from the runtime's path; absolute (unless the
/// declaration names a `crate::…` runtime), so the code compiles under `#![no_implicit_prelude]`.
pub(crate) struct Paths {
    /// The runtime crate: `::isa_core`, `::isa::core`, or the declaration's `crate = "…"`.
    pub krate: TokenStream,
    /// Its support module for generated code.
    pub private: TokenStream,
    /// zerocopy, reached through the runtime, so the user's crate need not depend on it.
    pub zc: TokenStream,
    /// The same path as zerocopy's derives take it: `#[zerocopy(crate = "…")]`.
    pub zc_crate: LitStr,
    pub result: TokenStream,
}

impl Paths {
    pub fn new(runtime: &Path) -> Self {
        let krate = runtime.to_token_stream();
        let private = quote!(#krate::__private);
        let zc = quote!(#private::zerocopy);
        let span = syn::spanned::Spanned::span(runtime);
        let zc_crate = LitStr::new(&zc.to_string().replace(' ', ""), span);
        Paths {
            krate,
            private,
            zc,
            zc_crate,
            result: quote!(::core::result::Result),
        }
    }

    /// The support module under `span`, for code generated under a field's or a table's span
    /// (`quote_spanned!`), so the whole path carries the span its error would point at.
    pub fn private_at(&self, span: Span) -> TokenStream {
        self.private
            .clone()
            .into_iter()
            .map(|mut token| {
                token.set_span(span);
                token
            })
            .collect()
    }
}

/// Whether an opcode field of type `ty` can hold only declared opcodes (every code of its type is
/// one of `ops`), as a `const` expression: then neither its setter nor the decode needs the
/// opcode set test, because the type itself refuses every other byte.
pub(crate) fn opcode_type_closed(ty: &syn::Type, ops: &[u8], p: &Paths) -> TokenStream {
    let (krate, private) = (&p.krate, &p.private);
    quote!(const { #private::all_in(<#ty as #krate::BitValue>::CODES, &[#(#ops),*]) })
}

pub(crate) fn wire_ident(layout: &Decl) -> Ident {
    format_ident!("{}Wire", layout.ident)
}

fn generate(layout: &Decl, plan: &Plan) -> TokenStream {
    let p = Paths::new(&layout.runtime);
    let wire = wire::wire_struct(layout, plan, &p);
    let view = view::accessors(layout, plan, &p);
    let rows = table::rows(layout, plan, &p);
    let table = table::field_table(&rows, layout.size, &p);
    let visit = visit::visit_method(layout, &rows, &p);
    let codec = codec::bundle_impl(layout, plan, visit, &p);
    let checks = checks::layout_checks(layout, plan, &p);
    quote! {
        #wire
        #[allow(clippy::identity_op, clippy::erasing_op, clippy::int_plus_one)]
        const _: () = {
            #table
            #view
            #codec
            #checks
        };
    }
}

/// What is emitted next to the errors: a wire struct of the declared size and an
/// implementation that refuses everything, so code using the type does not add errors.
fn stub(layout: &Decl) -> TokenStream {
    let p = Paths::new(&layout.runtime);
    let (ident, wire) = (layout.ident, wire_ident(layout));
    let (krate, zc, zc_crate, result) = (&p.krate, &p.zc, &p.zc_crate, &p.result);
    let vis = &layout.input.vis;
    let size = layout.size;
    let name = &layout.name;
    quote! {
        #[derive(#zc::FromBytes, #zc::IntoBytes, #zc::KnownLayout, #zc::Immutable, #zc::Unaligned, ::core::clone::Clone, ::core::marker::Copy)]
        #[zerocopy(crate = #zc_crate)]
        #[repr(C)]
        #vis struct #wire([u8; #size]);
        #[automatically_derived]
        impl #krate::Bundle for #ident {
            type Wire = #wire;
            const NAME: &'static str = #name;
            const WIRE_NAME: &'static str = "";
            const SIZE: usize = #size;
            const IDENTITY: #krate::Identity = #krate::Identity::Nested;
            const FIELDS: &'static [#krate::FieldInfo] = &[];
            fn encode_in_place(&self, _: &mut #wire) -> #result<(), #krate::EncodeError> {
                #result::Err(#krate::EncodeError::new(#krate::Location { op: #name, field: "bundle", inner: ::core::option::Option::None, offset: 0 }, #krate::Problem::Rule("the declaration has errors")))
            }
            fn decode_map<R, F: ::core::ops::FnOnce(Self) -> R>(_: &#wire, _: F) -> #result<R, #krate::DecodeError> {
                #result::Err(#krate::DecodeError::new(#krate::Location { op: #name, field: "bundle", inner: ::core::option::Option::None, offset: 0 }, #krate::Problem::Rule("the declaration has errors")))
            }
            fn visit<V: #krate::visit::Visitor>(_: &#wire, _: &mut V) -> #result<(), <V as #krate::visit::Visitor>::Error> {
                #result::Ok(())
            }
        }
    }
}
