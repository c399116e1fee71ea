//! Layout rules that need type information, as `const` evaluation: each failure is a compile
//! error under the attribute that caused it, with a message that names the field.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{Paths, wire_ident};
use crate::ast::{Layout, Place, Role};
use crate::valid::Plan;

pub fn layout_checks(layout: &Layout, plan: &Plan, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let mut checks = Vec::new();
    let size = layout.size;

    // Whole fields: the width stops before whatever starts next; descriptor slots are 4 + 4N.
    let mut extent = Vec::new();
    for (i, limit, what) in &plan.whole_limits {
        let f = &layout.fields[*i];
        let (ty, off, span) = (f.ty, f.offset, f.offset_span);
        let room = limit - off;
        let msg = format!(
            "field `{}` at offset {off:#04x} is wider than the {room} bytes before {what}",
            f.ident
        );
        extent.push(quote_spanned! {span=>
            ::core::assert!(#off + ::core::mem::size_of::<<#ty as #krate::Field>::Wire>() <= #limit, #msg);
        });
        let msg = format!(
            "field `{}` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)",
            f.ident
        );
        checks.push(quote_spanned! {span=>
            const _: () = ::core::assert!(
                <#ty as #krate::Field>::DESCRIPTOR_DIMS == 0
                    || ::core::mem::size_of::<<#ty as #krate::Field>::Wire>() == 4 + 4 * <#ty as #krate::Field>::DESCRIPTOR_DIMS,
                #msg
            );
        });
    }
    // The total size is checked after the extents, in the same evaluation, so an overlap is
    // reported once.
    let wire = wire_ident(layout);
    let msg = format!("the wire struct is not the declared {size} bytes");
    let size_span = layout.size_span;
    let total = quote_spanned! {size_span=>
        ::core::assert!(::core::mem::size_of::<#wire>() == #size, #msg);
    };
    checks.push(quote! { const _: () = { #(#extent)* #total }; });

    // Bit-range fields: the range fits the type (or the table's codes), and the type is not
    // wider than the smallest integer holding the range.
    for f in &layout.fields {
        let Place::Bits(_) = &f.place else { continue };
        let width = f.bit_width().unwrap_or(0);
        let (ty, span, name) = (f.ty, f.place_span, f.ident.to_string());
        let what = if f.role == Role::Opcode {
            "opcode byte".to_string()
        } else {
            format!("{width}-bit range")
        };
        match &f.lut {
            Some(lut) => {
                let msg = format!(
                    "table `{}` has codes wider than the {what} of field `{name}`",
                    quote!(#lut).to_string().replace(' ', "")
                );
                checks.push(quote_spanned! {span=>
                    const _: () = ::core::assert!(<#lut as #krate::Lut>::CODE_BITS <= #width, #msg);
                });
            }
            None => {
                let container: u32 = [8, 16, 32, 64]
                    .into_iter()
                    .find(|c| *c >= width)
                    .unwrap_or(64);
                let tname = quote!(#ty).to_string().replace(' ', "");
                let wide = format!("field `{name}` is a {what}, wider than its type `{tname}`");
                let narrow = format!(
                    "field `{name}` is a {what} but its type `{tname}` is wider than {container} bits; use the smallest type that holds {width} bits"
                );
                checks.push(quote_spanned! {span=>
                    const _: () = ::core::assert!(<#ty as #krate::BitValue>::BITS >= #width, #wide);
                    const _: () = ::core::assert!(<#ty as #krate::BitValue>::BITS <= #container, #narrow);
                });
            }
        }
    }
    // Unrecovered layouts carry byte arrays only.
    if layout.unrecovered.is_some() {
        for f in layout.fields.iter().filter(|f| f.role == Role::Value) {
            let (ty, span) = (f.ty, f.place_span);
            let private = p.private_at(span);
            checks.push(quote_spanned! {span=>
                const _: () = #private::opaque_bytes::<#ty>();
            });
        }
    }
    quote!(#(#checks)*)
}
