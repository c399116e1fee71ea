//! The rules that need a type's size the derive cannot know, as `const` evaluation: each
//! failure is a compile error under the attribute that caused it, with a message that names the
//! field. Each is the `const` twin of a `check_*` in `valid.rs`, which decides the same rule at
//! expansion time when the type is an integer or `bool`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{Paths, wire_ident};
use crate::ast::{Decl, FieldNode, Role};
use crate::plan::{BitOwner, Deferred, Plan, WholeLimit};
use crate::valid::{BitsTypeMessages, blame_span};

/// Every `const` check of a declaration that passed the rules.
pub fn layout_checks(decl: &Decl, plan: &Plan, p: &Paths) -> TokenStream {
    let mut checks = vec![deferred_checks(decl, &plan.deferred, p)];
    checks.push(check_wire_size_const(decl, plan, p));
    checks.push(check_opaque_bytes_const(decl, p));
    quote!(#(#checks)*)
}

/// The checks that stay sound next to errors elsewhere in the declaration: whole fields' widths
/// and descriptor slots, bit ranges against their types and tables.
pub fn deferred_checks(decl: &Decl, deferred: &Deferred, p: &Paths) -> TokenStream {
    let wholes = deferred.whole_limits.iter().map(|w| {
        let width = check_whole_width_const(decl, w, p);
        let slot = check_descriptor_slot_const(&decl.fields[w.field], p);
        quote!(#width #slot)
    });
    let bits = deferred.bit_fields.iter().map(|&i| {
        let f = &decl.fields[i];
        match &f.lut {
            Some(lut) => check_lut_fits_const(f, lut, p),
            None => check_bits_fit_type_const(f, p),
        }
    });
    quote!(#(#wholes)* #(#bits)*)
}

/// "the wire struct is not the declared {size} bytes": checked only when every whole field
/// fits, so an overlap is reported once, at the field.
fn check_wire_size_const(decl: &Decl, plan: &Plan, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let size = decl.size;
    let fits = plan.deferred.whole_limits.iter().map(|w| {
        let f = &decl.fields[w.field];
        let (ty, off, limit) = (f.ty, f.offset, w.limit);
        quote!(#off + ::core::mem::size_of::<<#ty as #krate::Field>::Wire>() <= #limit &&)
    });
    let wire = wire_ident(decl);
    let msg = format!("the wire struct is not the declared {size} bytes");
    let size_span = decl.size_span;
    quote_spanned! {size_span=>
        const _: () = ::core::assert!(!(#(#fits)* true) || ::core::mem::size_of::<#wire>() == #size, #msg);
    }
}

/// `const` twin of `check_bits_fit_type` (see [`BitsTypeMessages`]), for a type whose
/// `BitValue::BITS` only the compiler knows.
fn check_bits_fit_type_const(f: &FieldNode, p: &Paths) -> TokenStream {
    if f.known_value_bits().is_some() {
        return quote!();
    }
    let krate = &p.krate;
    let (ty, span) = (f.ty, f.place_span);
    let BitsTypeMessages {
        width,
        container,
        wide,
        narrow,
    } = BitsTypeMessages::of(f);
    quote_spanned! {span=>
        const _: () = ::core::assert!(<#ty as #krate::BitValue>::BITS >= #width, #wide);
        const _: () = ::core::assert!(<#ty as #krate::BitValue>::BITS <= #container, #narrow);
    }
}

/// A table's codes fit the field's bits: "table `{name}` needs {n} bits (its widest code is
/// {code}, `{name}`), more than the {width}-bit range of field `{field}`; give the field at
/// least {n} bits" (built by `isa_core::__private::lut_too_wide`).
fn check_lut_fits_const(f: &FieldNode, lut: &syn::Path, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let width = f.bit_width().unwrap_or(0);
    let (span, name) = (f.place_span, f.ident.to_string());
    let what = if f.role == Role::Opcode {
        "opcode byte".to_string()
    } else {
        format!("{width}-bit range")
    };
    let private = p.private_at(span);
    quote_spanned! {span=>
        const _: () = if let ::core::option::Option::Some(m) = #private::lut_too_wide(
            #private::LutShape {
                name: <#lut as #krate::Lut>::NAME,
                code_bits: <#lut as #krate::Lut>::CODE_BITS,
                entries: <#lut as #krate::Lut>::ENTRIES,
                codes: <#lut as #krate::Lut>::CODES,
            },
            #width, #name, #what,
        ) {
            ::core::panic!("{}", m.as_str())
        };
    }
}

/// An unrecovered layout carries byte arrays only: "`{type}` is not an opaque byte array"
/// (`isa_core::__private::OpaqueBytes`).
fn check_opaque_bytes_const(decl: &Decl, p: &Paths) -> TokenStream {
    if decl.unrecovered.is_none() {
        return quote!();
    }
    let checks = decl
        .fields
        .iter()
        .filter(|f| f.role == Role::Value)
        .map(|f| {
            let (ty, span) = (f.ty, f.place_span);
            let private = p.private_at(span);
            quote_spanned! {span=>
                const _: () = #private::opaque_bytes::<#ty>();
            }
        });
    quote!(#(#checks)*)
}

/// `const` twin of `check_whole_width` in `valid.rs`, with the same messages (built by
/// `isa_core::__private::{overlap, runs_into_fixed, past_end}`), under the same span.
fn check_whole_width_const(decl: &Decl, w: &WholeLimit, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let f = &decl.fields[w.field];
    let (ty, off, limit) = (f.ty, f.offset, w.limit);
    let name = f.ident.to_string();
    let width = quote!(::core::mem::size_of::<<#ty as #krate::Field>::Wire>());
    let message = match w.next {
        None => {
            let size = decl.size;
            quote!(past_end(#name, #off, #width, #size))
        }
        Some(next) => {
            let what = next.describe(decl);
            if BitOwner::is_fixed(next) {
                quote!(runs_into_fixed(#name, #off, #width, #what, #limit))
            } else {
                quote!(overlap(#name, #off, #width, #what, #limit))
            }
        }
    };
    let at = blame_span(decl, w);
    let private = p.private_at(at);
    quote_spanned! {at=>
        const _: () = if #off + #width > #limit {
            ::core::panic!("{}", #private::#message.as_str())
        };
    }
}

/// "field `{name}` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4
/// plus N strides and N counts)"
fn check_descriptor_slot_const(f: &FieldNode, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let (ty, span) = (f.ty, f.offset_span);
    let width = quote!(::core::mem::size_of::<<#ty as #krate::Field>::Wire>());
    let msg = format!(
        "field `{}` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)",
        f.ident
    );
    quote_spanned! {span=>
        const _: () = ::core::assert!(
            <#ty as #krate::Field>::DESCRIPTOR_DIMS == 0
                || #width == 4 + 4 * <#ty as #krate::Field>::DESCRIPTOR_DIMS,
            #msg
        );
    }
}
