//! `impl Bundle`: encode in place (`encode.rs`: each byte written once) and decode (identity,
//! header, constants, reserved bits, every field through its getter). Layouts
//! without identity also implement `Field`, so they nest inside other layouts.

use proc_macro2::TokenStream;
use quote::quote;

use super::encode::encode_body;
use super::view::value_or_none;
use super::{Paths, wire_ident};
use crate::ast::{Identity, Layout};
use crate::valid::Plan;

pub fn bundle_impl(layout: &Layout, plan: &Plan, p: &Paths) -> TokenStream {
    let (krate, private, zc, result) = (&p.krate, &p.private, &p.zc, &p.result);
    let ident = layout.ident;
    let wire = wire_ident(layout);
    let name = &layout.name;
    let wire_name = &layout.wire_name;
    let size = layout.size;
    let none = quote!(::core::option::Option::None);
    let loc = |field: &str, offset: TokenStream| quote!(#krate::Location { op: #name, field: #field, inner: #none, offset: #offset });

    // Identity and header. `dec_header` runs on the cold path only, after the fast check
    // (`identity_ok` and the fixed bits) has failed, and returns the exact fault; the identity's
    // is the one `Identity::check` gives, as `Bundle::view` reports it.
    let check_identity = quote! {
        if let #result::Err(e) = <#ident as #krate::Bundle>::IDENTITY.check(#name, bytes) {
            return e;
        }
    };
    let (identity, dec_header, identity_ok, id_mask, id_value) = match &layout.identity {
        Identity::Opcodes(ops) => {
            let ops: Vec<u8> = ops.iter().map(|(o, _)| *o).collect();
            let words = (size / 4) as u64;
            let l1 = loc("inst_word_len", quote!(1));
            (
                quote!(#krate::Identity::Opcodes(&[#(#ops),*])),
                quote! {
                    #check_identity
                    let len = #private::read_le(bytes, 1, 1);
                    if len != #words {
                        return #krate::DecodeError { at: #l1,
                            problem: #krate::Problem::ConstantMismatch { expected: #words, found: len } };
                    }
                },
                quote!(match bytes.first() {
                    ::core::option::Option::Some(&opcode) => #private::in_byte_set(
                        &const { #private::byte_set(&[#(#ops),*]) },
                        opcode,
                    ),
                    ::core::option::Option::None => false,
                }),
                quote!(0u32),
                quote!(0u32),
            )
        }
        Identity::MaskMatch { mask, value, .. } => (
            quote!(#krate::Identity::MaskMatch { mask: #mask, value: #value }),
            check_identity,
            quote!(true),
            quote!(#mask),
            quote!(#value),
        ),
        Identity::Nested => (
            quote!(#krate::Identity::Nested),
            quote!(),
            quote!(true),
            quote!(0u32),
            quote!(0u32),
        ),
    };

    // Constants.
    let dec_consts = layout.constants.iter().map(|c| {
        let (o, l, v) = (c.offset, c.len, c.value);
        let at = loc(&c.name, quote!(#o));
        quote! {
            let found = #private::read_le(bytes, #o, #l);
            if found != #v {
                return #krate::DecodeError { at: #at,
                    problem: #krate::Problem::ConstantMismatch { expected: #v, found } };
            }
        }
    });

    // Fields.
    let encode = encode_body(layout, plan, p);
    let values = layout.fields.iter().map(|f| {
        let (fi, value) = (f.ident, value_or_none(f, p));
        quote!(#fi: #value?)
    });
    let getters = layout.fields.iter().map(|f| {
        let fi = f.ident;
        quote! {
            if let #result::Err(e) = wire.#fi() {
                return e;
            }
        }
    });
    let reserved_at = loc("reserved", quote!(at));
    let layout_status = match &layout.unrecovered {
        Some((why, _)) => {
            quote!(const LAYOUT: #krate::LayoutStatus = #krate::LayoutStatus::Unrecovered(#why);)
        }
        None => quote!(),
    };

    let nested = if matches!(layout.identity, Identity::Nested) {
        quote! {
            #[automatically_derived]
            impl #krate::Field for #ident {
                type Wire = #wire;
                #[inline]
                fn to_wire(&self) -> #result<#wire, #krate::FieldError> {
                    <Self as #krate::Bundle>::encode(self).map_err(#krate::EncodeError::into_inner)
                }
                #[inline]
                fn from_wire(wire: &#wire) -> #result<Self, #krate::FieldError> {
                    <Self as #krate::Bundle>::decode(wire).map_err(#krate::DecodeError::into_inner)
                }
            }
        }
    } else {
        quote!()
    };

    let words = size.div_ceil(8);
    // Where a fault no check names is reported: the whole bundle.
    let whole_bundle = loc("bundle", quote!(0));
    quote! {
        const __COVERAGE: [u8; #size] =
            #private::with_mask(#private::coverage::<#size>(__FIELDS), #id_mask);
        const __FIXED: #private::Fixed<#words> =
            #private::fixed::<#size, #words>(__FIELDS, #id_mask, #id_value);

        /// The first fault of a bundle whose identity or fixed bits are wrong, in the order the
        /// layout states them: identity, header, constants, reserved bits.
        #[cold]
        #[inline(never)]
        fn __decode_fault(bytes: &[u8]) -> #krate::DecodeError {
            #dec_header
            #(#dec_consts)*
            if let ::core::option::Option::Some((at, value, mask)) =
                #private::first_reserved(bytes, &__COVERAGE)
            {
                return #krate::DecodeError { at: #reserved_at,
                    problem: #krate::Problem::ReservedNonZero { value, mask } };
            }
            #krate::DecodeError { at: #whole_bundle,
                problem: #krate::Problem::Rule("the fixed bits of the bundle do not match its layout") }
        }

        /// The first field of a bundle whose fixed bits are right that does not decode, with the
        /// getter's error: fields in declaration order.
        #[cold]
        #[inline(never)]
        fn __field_fault(wire: &#wire) -> #krate::DecodeError {
            let _ = wire;
            #(#getters)*
            #krate::DecodeError { at: #whole_bundle,
                problem: #krate::Problem::Rule("a field did not decode but its getter accepts it") }
        }

        #[automatically_derived]
        impl #krate::Bundle for #ident {
            type Wire = #wire;
            const NAME: &'static str = #name;
            const WIRE_NAME: &'static str = #wire_name;
            const SIZE: usize = #size;
            const IDENTITY: #krate::Identity = #identity;
            const FIELDS: &'static [#krate::FieldInfo] = __FIELDS;
            #layout_status

            #[inline]
            fn encode_in_place(&self, wire: &mut #wire) -> #result<(), #krate::EncodeError> {
                #encode
                #result::Ok(())
            }

            #[inline(always)]
            fn decode_map<R, F: ::core::ops::FnOnce(Self) -> R>(
                wire: &#wire,
                f: F,
            ) -> #result<R, #krate::DecodeError> {
                let bytes = #zc::IntoBytes::as_bytes(wire);
                if !(#identity_ok && #private::fixed_ok(bytes, &__FIXED)) {
                    return #result::Err(__decode_fault(bytes));
                }
                // Every field read without its error path; one shared exit when any fails.
                let value = (|| ::core::option::Option::Some(Self { #(#values),* }))();
                match value {
                    ::core::option::Option::Some(value) => #result::Ok(f(value)),
                    ::core::option::Option::None => #result::Err(__field_fault(wire)),
                }
            }
        }
        #nested
    }
}
