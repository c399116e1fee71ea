//! The body of `Bundle::encode_in_place`: every byte of the wire struct written once, straight
//! into the caller's buffer, whatever it held before.
//!
//! Members whose extent the derive knows (header bytes, constants, reserved gaps, cells of bit
//! fields) are grouped into runs of up to eight bytes; each run leaves in one store, its fixed
//! bits taken from the layout and the codes of its bit fields or-ed in. A whole field is written
//! by its setter; a reserved gap after it, whose start only the compiler knows, gets its fixed
//! bytes. Nothing is written twice: an overlapping second store costs more than the first.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::view::code_fn;
use super::wire::field_end;
use super::{Paths, wire_ident};
use crate::ast::Decl;
use crate::plan::{Extent, Member, Plan};

/// Longest run written as one store.
const RUN_MAX: usize = 8;

/// A run of adjacent members of known extent: bytes `start..end`.
struct Run {
    start: usize,
    end: usize,
    /// Header bytes the derive knows: `(offset, value)`.
    bytes: Vec<(usize, u8)>,
}

/// Statements writing every byte of `wire` (a `&mut` wire struct) from `self`; `__FIXED` must
/// be in scope.
pub fn encode_body(layout: &Decl, plan: &Plan, p: &Paths) -> TokenStream {
    let mut out = Vec::new();
    let mut run: Option<Run> = None;
    for member in &plan.members {
        let (offset, len, byte) = match member.extent {
            Extent::Byte { offset, value } => (offset, 1, Some((offset, value))),
            Extent::Bytes { offset, len } if len <= RUN_MAX => (offset, len, None),
            _ => {
                out.extend(run.take().map(|r| store_run(layout, plan, &r, p)));
                out.push(alone(layout, plan, member, p));
                continue;
            }
        };
        let joins = run
            .as_ref()
            .is_some_and(|r| r.end == offset && offset + len - r.start <= RUN_MAX);
        if !joins {
            out.extend(run.take().map(|r| store_run(layout, plan, &r, p)));
        }
        let r = run.get_or_insert(Run {
            start: offset,
            end: offset,
            bytes: Vec::new(),
        });
        r.end = offset + len;
        r.bytes.extend(byte);
    }
    out.extend(run.take().map(|r| store_run(layout, plan, &r, p)));
    quote!(#(#out)*)
}

/// One store for a run: the fixed bits, the known header bytes, the codes of its bit fields.
fn store_run(layout: &Decl, plan: &Plan, r: &Run, p: &Paths) -> TokenStream {
    let (zc, private) = (&p.zc, &p.private);
    let wire = wire_ident(layout);
    let (start, len) = (r.start, r.end - r.start);
    let known = r.bytes.iter().map(|(o, v)| {
        let shift = 8 * (o - start) as u32;
        quote!(| (#v as u64) << #shift)
    });
    let fields = plan.bit_fields_in(r.start, r.end);
    // A run of fixed bytes alone is written as it is; only a run with fields or-s codes in.
    let word = if fields.is_empty() {
        quote!(word)
    } else {
        quote!(mut word)
    };
    let codes = fields.into_iter().map(|i| {
        let f = &layout.fields[i];
        let (ident, code_of) = (f.ident, code_fn(f));
        let placed = plan.fields[i].parts.iter().map(|part| {
            let (at, sh) = (8 * (part.offset - start) as u32 + part.lo, part.shift);
            let width = part.hi - part.lo + 1;
            quote!((code >> #sh & #private::low_mask(#width)) << #at)
        });
        quote! {
            let code = #wire::#code_of(&self.#ident)?;
            word |= #(#placed)|*;
        }
    });
    quote! {{
        let #word: u64 = const {
            #private::read_fixed(&__FIXED, #start, #len)
        } #(#known)*;
        #(#codes)*
        #private::write_le(#zc::IntoBytes::as_mut_bytes(wire), #start, #len, word);
    }}
}

/// A member written on its own: a whole field through its setter; a gap whose start only the
/// compiler knows with its fixed bytes; a cell longer than a run with its fixed bytes, then its
/// fields' setters, which keep the bits they do not own.
fn alone(layout: &Decl, plan: &Plan, m: &Member, p: &Paths) -> TokenStream {
    let private = &p.private;
    let name = &m.name;
    let setter = |i: usize| {
        let ident = layout.fields[i].ident;
        let set = format_ident!("set_{}", ident);
        quote!(wire.#set(&self.#ident)?;)
    };
    match &m.extent {
        Extent::Field(i) => setter(*i),
        Extent::After { field, .. } => {
            let start = field_end(layout, *field, p);
            quote! {
                wire.#name = const { #private::fixed_bytes(&__FIXED, #start) };
            }
        }
        Extent::Bytes { offset, len } => {
            let setters = plan
                .bit_fields_in(*offset, offset + len)
                .into_iter()
                .map(setter);
            quote! {
                wire.#name = const { #private::fixed_bytes(&__FIXED, #offset) };
                #(#setters)*
            }
        }
        // A header byte always starts or joins a run.
        Extent::Byte { .. } => quote!(),
    }
}
