//! Layout rules that need type information, as `const` evaluation: each failure is a compile
//! error under the attribute that caused it, with a message that names the field.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::{Paths, wire_ident};
use crate::ast::{Layout, Place, Role};
use crate::valid::{Owner, Plan, WholeLimit};

pub fn layout_checks(layout: &Layout, plan: &Plan, p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let mut checks = vec![whole_checks(layout, &plan.whole_limits, p)];
    let size = layout.size;

    // The total size is checked only when every whole field fits, so an overlap is reported
    // once, at the field.
    let fits = plan.whole_limits.iter().map(|w| {
        let f = &layout.fields[w.field];
        let (ty, off, limit) = (f.ty, f.offset, w.limit);
        quote!(#off + ::core::mem::size_of::<<#ty as #krate::Field>::Wire>() <= #limit &&)
    });
    let wire = wire_ident(layout);
    let msg = format!("the wire struct is not the declared {size} bytes");
    let size_span = layout.size_span;
    checks.push(quote_spanned! {size_span=>
        const _: () = ::core::assert!(!(#(#fits)* true) || ::core::mem::size_of::<#wire>() == #size, #msg);
    });

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
                let private = p.private_at(span);
                checks.push(quote_spanned! {span=>
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
                });
            }
            None => {
                let container: u32 = [8, 16, 32, 64]
                    .into_iter()
                    .find(|c| *c >= width)
                    .unwrap_or(64);
                let tname = quote!(#ty).to_string().replace(' ', "");
                let wide = format!(
                    "field `{name}` is {}, wider than its type `{tname}`; use `{}`, the smallest type that holds {width} bits",
                    with_article(&what),
                    smallest_type(&tname, container)
                );
                let narrow = format!(
                    "field `{name}` is {} but its type `{tname}` is wider than {container} bits; use the smallest type that holds {width} bits",
                    with_article(&what)
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

/// The width checks of the whole fields whose limits are known, each its own `const` item so
/// that every overlap is reported at once: the message names both sides, the field's width and
/// the fix, and stands under the item that has to move. Descriptor slots are 4 + 4N bytes.
pub fn whole_checks(layout: &Layout, limits: &[WholeLimit], p: &Paths) -> TokenStream {
    let krate = &p.krate;
    let mut checks = Vec::new();
    for w in limits {
        let f = &layout.fields[w.field];
        let (ty, off, limit, span) = (f.ty, f.offset, w.limit, f.offset_span);
        let name = f.ident.to_string();
        let width = quote!(::core::mem::size_of::<<#ty as #krate::Field>::Wire>());
        let (message, at) = match w.next {
            None => {
                let size = layout.size;
                (quote!(past_end(#name, #off, #width, #size)), span)
            }
            Some(next) => {
                let what = next.describe(layout);
                match next {
                    Owner::Field(j) => (
                        quote!(overlap(#name, #off, #width, #what, #limit)),
                        layout.fields[j].offset_span,
                    ),
                    Owner::Constant(j) => (
                        quote!(overlap(#name, #off, #width, #what, #limit)),
                        layout.constants[j].span,
                    ),
                    Owner::Reserved(j) => (
                        quote!(overlap(#name, #off, #width, #what, #limit)),
                        layout.reserved[j].span,
                    ),
                    Owner::OpcodeByte
                    | Owner::WordLen
                    | Owner::HeaderReserved
                    | Owner::Identity => (
                        quote!(runs_into_fixed(#name, #off, #width, #what, #limit)),
                        span,
                    ),
                }
            }
        };
        let private = p.private_at(at);
        checks.push(quote_spanned! {at=>
            const _: () = if #off + #width > #limit {
                ::core::panic!("{}", #private::#message.as_str())
            };
        });
        let msg = format!(
            "field `{name}` is a descriptor slot whose wire type is not 4 + 4N bytes (seed 002: ADDR4 plus N strides and N counts)"
        );
        checks.push(quote_spanned! {span=>
            const _: () = ::core::assert!(
                <#ty as #krate::Field>::DESCRIPTOR_DIMS == 0
                    || #width == 4 + 4 * <#ty as #krate::Field>::DESCRIPTOR_DIMS,
                #msg
            );
        });
    }
    quote!(#(#checks)*)
}

/// "an opcode byte", "a 12-bit range".
fn with_article(what: &str) -> String {
    let vowel = what.starts_with(['a', 'e', 'i', 'o', 'u', '8'])
        || what.starts_with("11-")
        || what.starts_with("18-");
    format!("{} {what}", if vowel { "an" } else { "a" })
}

/// The smallest integer of `container` bits, signed when the declared type is.
fn smallest_type(declared: &str, container: u32) -> String {
    let signed = declared.starts_with('i') && declared[1..].parse::<u32>().is_ok();
    format!("{}{container}", if signed { 'i' } else { 'u' })
}
