//! The rules of a declaration: one `check_*` function per rule, each over one context
//! ([`Ctxt`]: the declaration, the error collector and the bit owners found so far), each with
//! the message it raises in its doc comment, so grepping a message finds its rule. Every
//! violation is collected, so all of a declaration's errors are reported at once.
//!
//! Where the rules live: the attribute grammar's own errors (a value that does not parse) are in
//! `attr.rs`; the rules that decide how a node is built (`check_identity_keys`,
//! `check_opcode_field_unplaced`, …) are `check_*` functions in `ast.rs`; every other rule is
//! here. A rule that needs the size of a type the derive cannot know (a descriptor, an
//! enumeration, a nested layout, a lookup table) is checked by `const` evaluation, and the
//! `check_*_const` functions of `expand/checks.rs` emit it with the same message; for the
//! integers and `bool` the derive knows the size and the same rule is decided here.

use darling::Error;
use darling::error::Accumulator;
use proc_macro2::Span;

use crate::ast::{Decl, FieldNode, Identity, Place, Role};
use crate::attr::BitRange;
use crate::plan::{BitOwner, Deferred, Ownership, Plan, WholeLimit};

/// A declaration with errors: every message, and the `const` checks that are still sound for
/// the parts without errors, so that they are reported with the errors rather than in a later
/// round.
pub struct Rejected {
    pub errors: Error,
    pub deferred: Deferred,
}

/// What every rule reads and writes: the declaration, the errors so far, and the owner of each
/// bit placed so far.
struct Ctxt<'a, 'd> {
    decl: &'a Decl<'d>,
    errors: Accumulator,
    owners: Ownership,
}

impl Ctxt<'_, '_> {
    fn error(&mut self, span: Span, message: impl std::fmt::Display) {
        self.errors.push(Error::custom(message).with_span(&span));
    }
}

/// Applies every rule, reporting all violations, and builds the plan.
pub fn check(decl: &Decl) -> Result<Plan, Box<Rejected>> {
    let mut cx = Ctxt {
        decl,
        errors: Error::accumulator(),
        owners: Ownership::new(decl.size),
    };
    check_size_not_zero(&mut cx);
    check_identity(&mut cx);
    check_opcode_fields(&mut cx);
    check_unrecovered(&mut cx);
    check_constants_and_reserved(&mut cx);
    let bit_fields = check_bit_fields(&mut cx);
    let whole_limits = check_whole_fields(&mut cx);
    for f in &decl.fields {
        check_provenance(
            &mut cx,
            &format!("field `{}`", f.ident),
            &f.corroborated,
            &f.disputed,
        );
    }
    for r in &decl.reserved {
        let name = format!("reserved range `{}`", r.name);
        check_provenance(&mut cx, &name, &r.corroborated, &r.disputed);
    }
    let deferred = Deferred {
        whole_limits,
        bit_fields,
    };
    match cx.errors.finish() {
        Err(errors) => Err(Box::new(Rejected { errors, deferred })),
        Ok(()) => Ok(Plan::new(decl, &cx.owners, deferred)),
    }
}

/// "a layout is at least one byte: `size` must not be 0"
fn check_size_not_zero(cx: &mut Ctxt) {
    if cx.decl.size == 0 {
        cx.error(
            cx.decl.size_span,
            "a layout is at least one byte: `size` must not be 0",
        );
    }
}

/// The identity's rules, then its bits and the header's are claimed.
fn check_identity(cx: &mut Ctxt) {
    match &cx.decl.identity {
        Identity::Opcodes(ops) => {
            check_header_size(cx);
            check_opcodes_distinct(cx, ops);
            check_opcode_field_marked(cx, ops.len());
            if !cx.decl.fields.iter().any(|f| f.role == Role::Opcode) {
                cx.owners.claim(0, 8, BitOwner::OpcodeByte);
            }
            cx.owners.claim(8, 16, BitOwner::WordLen);
            cx.owners.claim(16, 32, BitOwner::HeaderReserved);
        }
        &Identity::MaskMatch {
            mask, value, span, ..
        } => {
            check_word_size(cx);
            check_match_inside_mask(cx, mask, value, span);
            for b in (0..32).filter(|b| mask >> b & 1 == 1) {
                cx.owners.claim(b, b + 1, BitOwner::Identity);
            }
        }
        Identity::Nested => {}
    }
}

/// "a bundle with an opcode header is a whole number of 32-bit words (inst_word_len = size / 4,
/// at most 255); {size} is not"
fn check_header_size(cx: &mut Ctxt) {
    let size = cx.decl.size;
    if !size.is_multiple_of(4) || size < 4 || size / 4 > 255 {
        cx.error(
            cx.decl.size_span,
            format!(
                "a bundle with an opcode header is a whole number of 32-bit words (inst_word_len = size / 4, at most 255); {size} is not"
            ),
        );
    }
}

/// "opcode {op:#04x} is listed twice"
fn check_opcodes_distinct(cx: &mut Ctxt, ops: &[(u8, Span)]) {
    for (i, (op, span)) in ops.iter().enumerate() {
        if ops[..i].iter().any(|(o, _)| o == op) {
            cx.error(*span, format!("opcode {op:#04x} is listed twice"));
        }
    }
}

/// "`opcodes` lists {n} opcodes; mark the field that says which one with #[field(opcode)]"
fn check_opcode_field_marked(cx: &mut Ctxt, n: usize) {
    if n > 1 && !cx.decl.fields.iter().any(|f| f.role == Role::Opcode) {
        cx.error(
            cx.decl.ident.span(),
            format!(
                "`opcodes` lists {n} opcodes; mark the field that says which one with #[field(opcode)]"
            ),
        );
    }
}

/// "a mask/match layout is one 32-bit word: `size = 4`, not {size}"
fn check_word_size(cx: &mut Ctxt) {
    let size = cx.decl.size;
    if size != 4 {
        cx.error(
            cx.decl.size_span,
            format!("a mask/match layout is one 32-bit word: `size = 4`, not {size}"),
        );
    }
}

/// "`match` {value:#010x} has bits outside `mask` {mask:#010x}; they could never match"
fn check_match_inside_mask(cx: &mut Ctxt, mask: u32, value: u32, span: Span) {
    if value & !mask != 0 {
        cx.error(
            span,
            format!(
                "`match` {value:#010x} has bits outside `mask` {mask:#010x}; they could never match"
            ),
        );
    }
}

/// "only one field carries the opcode"; "#[field(opcode)] needs an opcode header: add
/// `opcodes = [...]` to #[bundle]"
fn check_opcode_fields(cx: &mut Ctxt) {
    let decl = cx.decl;
    let header = matches!(decl.identity, Identity::Opcodes(_));
    let opcode_fields = decl.fields.iter().filter(|f| f.role == Role::Opcode);
    for (k, f) in opcode_fields.enumerate() {
        if !header {
            cx.error(
                f.span,
                "#[field(opcode)] needs an opcode header: add `opcodes = [...]` to #[bundle]",
            );
        } else if k > 0 {
            cx.error(f.span, "only one field carries the opcode");
        }
    }
}

/// "an unrecovered layout is still recognised by its `opcodes` or `mask`/`match`"; and, for each
/// field placed in bits, "field `{}`: the field map of this op is not recovered, so its bytes
/// are carried whole in a byte array; a nibble, bit range or table would invent a field". (That
/// the fields are byte arrays is a `const` check: `opaque_bytes`.)
fn check_unrecovered(cx: &mut Ctxt) {
    let decl = cx.decl;
    let Some((_, span)) = &decl.unrecovered else {
        return;
    };
    if matches!(decl.identity, Identity::Nested) {
        cx.error(
            *span,
            "an unrecovered layout is still recognised by its `opcodes` or `mask`/`match`",
        );
    }
    for f in decl.fields.iter().filter(|f| f.role == Role::Value) {
        if !matches!(f.place, Place::Whole) || f.lut.is_some() {
            cx.error(
                f.place_span,
                format!(
                    "field `{}`: the field map of this op is not recovered, so its bytes are carried whole in a byte array; a nibble, bit range or table would invent a field",
                    f.ident
                ),
            );
        }
    }
}

/// Constants (their length and value) and documented reserved ranges, each claiming its bytes.
fn check_constants_and_reserved(cx: &mut Ctxt) {
    let decl = cx.decl;
    for (i, c) in decl.constants.iter().enumerate() {
        if !check_constant_len(cx, i) {
            continue;
        }
        check_constant_fits(cx, i);
        let (from, to) = (c.offset * 8, (c.offset + c.len) * 8);
        check_claim(cx, from, to, BitOwner::Constant(i), c.span);
    }
    for (i, r) in decl.reserved.iter().enumerate() {
        let (from, to) = (r.offset * 8, (r.offset + r.len) * 8);
        check_claim(cx, from, to, BitOwner::Reserved(i), r.span);
    }
}

/// "constant `{}` is 1 to 8 bytes, not {}"
fn check_constant_len(cx: &mut Ctxt, i: usize) -> bool {
    let c = &cx.decl.constants[i];
    let ok = (1..=8).contains(&c.len);
    if !ok {
        cx.error(
            c.span,
            format!("constant `{}` is 1 to 8 bytes, not {}", c.name, c.len),
        );
    }
    ok
}

/// "constant `{}` = {:#x} does not fit in {} bytes"
fn check_constant_fits(cx: &mut Ctxt, i: usize) {
    let c = &cx.decl.constants[i];
    if c.len < 8 && c.value >> (c.len * 8) != 0 {
        cx.error(
            c.span,
            format!(
                "constant `{}` = {:#x} does not fit in {} bytes",
                c.name, c.value, c.len
            ),
        );
    }
}

/// Bits `from..to` go to `who` when they are in the layout and free:
/// "{owner} runs past the {size}-byte layout"; "{owner} (from byte {byte:#04x} bit {bit})
/// overlaps {other owner}".
fn check_claim(cx: &mut Ctxt, from: usize, to: usize, who: BitOwner, span: Span) {
    let decl = cx.decl;
    if to > cx.owners.len() {
        let message = format!(
            "{} runs past the {}-byte layout",
            who.describe(decl),
            decl.size
        );
        return cx.error(span, message);
    }
    if let Some((_, other)) = cx.owners.first_owned(from, to) {
        let (byte, bit) = (from / 8, from % 8);
        let message = format!(
            "{} (from byte {byte:#04x} bit {bit}) overlaps {}",
            who.describe(decl),
            other.describe(decl)
        );
        return cx.error(span, message);
    }
    cx.owners.claim(from, to, who);
}

/// Bit-range fields: offset, ranges, width, then the bits are claimed and the type is checked
/// against the width. Gives the fields whose ranges are sound (their remaining checks are
/// `const` ones).
fn check_bit_fields(cx: &mut Ctxt) -> Vec<usize> {
    let decl = cx.decl;
    let mut sound = Vec::new();
    for (i, f) in decl.fields.iter().enumerate() {
        if !check_offset_in_layout(cx, f) {
            continue;
        }
        let Place::Bits(ranges) = &f.place else {
            continue;
        };
        // Every range is checked, so that each bad one is reported.
        let checked: Vec<bool> = ranges.iter().map(|r| check_bit_range(cx, f, r)).collect();
        let ranges_ok = !checked.contains(&false);
        if !(ranges_ok && check_value_width(cx, f)) {
            continue;
        }
        for r in ranges {
            let first = f.offset * 8 + r.lo as usize;
            let last = f.offset * 8 + r.hi as usize + 1;
            check_claim(cx, first, last, BitOwner::Field(i), r.span);
        }
        check_bits_fit_type(cx, f);
        sound.push(i);
    }
    sound
}

/// "offset {:#04x} is past the {size}-byte layout; the last byte is {:#04x}"
fn check_offset_in_layout(cx: &mut Ctxt, f: &FieldNode) -> bool {
    let size = cx.decl.size;
    let ok = f.offset < size;
    if !ok {
        cx.error(
            f.offset_span,
            format!(
                "offset {:#04x} is past the {size}-byte layout; the last byte is {:#04x}",
                f.offset,
                size.saturating_sub(1)
            ),
        );
    }
    ok
}

/// "bit range {lo}..={hi} is reversed; write {hi}..={lo}"; "bits are counted in a little-endian
/// word of at most 8 bytes: 0..=63"; "bits {lo}..={hi} at offset {:#04x} run past the
/// {size}-byte layout". (Every range is checked, so each bad one is reported.)
fn check_bit_range(cx: &mut Ctxt, f: &FieldNode, r: &BitRange) -> bool {
    let size = cx.decl.size;
    let message = if r.lo > r.hi {
        format!(
            "bit range {}..={} is reversed; write {}..={}",
            r.lo, r.hi, r.hi, r.lo
        )
    } else if r.hi > 63 {
        "bits are counted in a little-endian word of at most 8 bytes: 0..=63".to_string()
    } else if f.offset * 8 + r.hi as usize >= size * 8 {
        format!(
            "bits {}..={} at offset {:#04x} run past the {size}-byte layout",
            r.lo, r.hi, f.offset
        )
    } else {
        return true;
    };
    cx.error(r.span, message);
    false
}

/// "a bit-range value is at most 64 bits wide"
fn check_value_width(cx: &mut Ctxt, f: &FieldNode) -> bool {
    let ok = f.bit_width().unwrap_or(0) <= 64;
    if !ok {
        cx.error(f.span, "a bit-range value is at most 64 bits wide");
    }
    ok
}

/// A bit-range field's type holds its width and is the smallest that does (when the derive
/// knows the type's `BitValue::BITS`; otherwise `check_bits_fit_type_const` emits the same rule):
/// see [`BitsTypeMessages`].
fn check_bits_fit_type(cx: &mut Ctxt, f: &FieldNode) {
    let (Some(bits), None) = (f.known_value_bits(), &f.lut) else {
        return;
    };
    let m = BitsTypeMessages::of(f);
    if bits < m.width {
        cx.error(f.place_span, m.wide);
    } else if bits > m.container {
        cx.error(f.place_span, m.narrow);
    }
}

/// The messages of the rule that a bit-range field's type fits its width.
pub struct BitsTypeMessages {
    /// The field's width in bits.
    pub width: u32,
    /// The smallest integer width that holds it.
    pub container: u32,
    /// "field `{name}` is a {width}-bit range, wider than its type `{ty}`; use `{smallest}`,
    /// the smallest type that holds {width} bits" (an opcode field "is an opcode byte").
    pub wide: String,
    /// "field `{name}` is a {width}-bit range but its type `{ty}` is wider than {container}
    /// bits; use the smallest type that holds {width} bits"
    pub narrow: String,
}

impl BitsTypeMessages {
    /// The messages for field `f`.
    pub fn of(f: &FieldNode) -> Self {
        let width = f.bit_width().unwrap_or(0);
        let what = if f.role == Role::Opcode {
            "opcode byte".to_string()
        } else {
            format!("{width}-bit range")
        };
        let container: u32 = [8, 16, 32, 64]
            .into_iter()
            .find(|c| *c >= width)
            .unwrap_or(64);
        let ty = f.ty;
        let tname = quote::quote!(#ty).to_string().replace(' ', "");
        let name = f.ident;
        let wide = format!(
            "field `{name}` is {}, wider than its type `{tname}`; use `{}`, the smallest type that holds {width} bits",
            with_article(&what),
            smallest_type(&tname, container)
        );
        let narrow = format!(
            "field `{name}` is {} but its type `{tname}` is wider than {container} bits; use the smallest type that holds {width} bits",
            with_article(&what)
        );
        BitsTypeMessages {
            width,
            container,
            wide,
            narrow,
        }
    }
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

/// Whole fields: the first byte is free and no other whole field starts there; then each one's
/// width stops before whatever comes next. Gives the limits only `const` evaluation can check
/// (of the fields whose wire size the derive does not know).
fn check_whole_fields(cx: &mut Ctxt) -> Vec<WholeLimit> {
    let decl = cx.decl;
    let wholes: Vec<usize> = (0..decl.fields.len())
        .filter(|&i| {
            matches!(decl.fields[i].place, Place::Whole) && decl.fields[i].offset < decl.size
        })
        .collect();
    let mut deferred = Vec::new();
    for (k, &i) in wholes.iter().enumerate() {
        let free = check_whole_start_free(cx, i);
        if !(check_whole_starts_distinct(cx, &wholes[..k], i) && free) {
            continue;
        }
        let limit = WholeLimit::of(decl, &cx.owners, &wholes, i);
        match decl.fields[i].known_wire_bytes() {
            Some(width) => check_whole_width(cx, &limit, width),
            None => deferred.push(limit),
        }
    }
    deferred
}

/// "field `{}` at {:#04x} overlaps {owner}"
fn check_whole_start_free(cx: &mut Ctxt, i: usize) -> bool {
    let f = &cx.decl.fields[i];
    let Some(owner) = cx.owners.at(f.offset * 8) else {
        return true;
    };
    let message = format!(
        "field `{}` at {:#04x} overlaps {}",
        f.ident,
        f.offset,
        owner.describe(cx.decl)
    );
    cx.error(f.offset_span, message);
    false
}

/// "field `{}` starts at {:#04x}, where field `{}` starts"
fn check_whole_starts_distinct(cx: &mut Ctxt, earlier: &[usize], i: usize) -> bool {
    let decl = cx.decl;
    let f = &decl.fields[i];
    let Some(&j) = earlier.iter().find(|&&j| decl.fields[j].offset == f.offset) else {
        return true;
    };
    let message = format!(
        "field `{}` starts at {:#04x}, where field `{}` starts",
        f.ident, f.offset, decl.fields[j].ident
    );
    cx.error(f.offset_span, message);
    false
}

/// A whole field of known width stops before what comes next (for other types
/// `check_whole_width_const` emits the same rule, with the same messages, built by
/// `isa_core::__private::{overlap, runs_into_fixed, past_end}`):
/// "field `{}` at {off} is {w} bytes wide, so {next} at {at} overlaps it; move {next} to
/// {off + w} or later"; "field `{}` at {off} is {w} bytes wide and runs into {fixed} at {at};
/// only {at - off} bytes are free there: move the field or give it a narrower type";
/// "field `{}` at {off} is {w} bytes wide and runs past the end of the {size}-byte layout; move
/// it to {size - w} or earlier" (or "it is wider than the whole layout: give it a narrower
/// type").
fn check_whole_width(cx: &mut Ctxt, w: &WholeLimit, width: usize) {
    let decl = cx.decl;
    let f = &decl.fields[w.field];
    let (off, at) = (f.offset, w.limit);
    if off + width <= at {
        return;
    }
    let head = format!("field `{}` at {off:#04x} is {width} bytes wide", f.ident);
    let message = match w.next {
        None if width > decl.size => format!(
            "{head} and runs past the end of the {}-byte layout; it is wider than the whole layout: give it a narrower type",
            decl.size
        ),
        None => format!(
            "{head} and runs past the end of the {}-byte layout; move it to {:#04x} or earlier",
            decl.size,
            decl.size - width
        ),
        Some(next) if next.is_fixed() => format!(
            "{head} and runs into {} at {at:#04x}; only {} bytes are free there: move the field or give it a narrower type",
            next.describe(decl),
            at - off
        ),
        Some(next) => {
            let next = next.describe(decl);
            format!(
                "{head}, so {next} at {at:#04x} overlaps it; move {next} to {:#04x} or later",
                off + width
            )
        }
    };
    cx.error(blame_span(decl, w), message);
}

/// Where a whole field's width error stands: under the item that has to move (the next field,
/// constant or reserved range), or under the field itself when what follows cannot move (the
/// header, the identity bits, the end of the layout).
pub fn blame_span(decl: &Decl, w: &WholeLimit) -> Span {
    match w.next {
        Some(BitOwner::Field(j)) => decl.fields[j].offset_span,
        Some(BitOwner::Constant(j)) => decl.constants[j].span,
        Some(BitOwner::Reserved(j)) => decl.reserved[j].span,
        Some(
            BitOwner::OpcodeByte
            | BitOwner::WordLen
            | BitOwner::HeaderReserved
            | BitOwner::Identity,
        )
        | None => decl.fields[w.field].offset_span,
    }
}

/// A `corroborated` or `disputed` tag says something: an empty one would show a row as
/// disputed (or backed) by nobody. "{name}: an empty `{key}` says nothing; {hint}, or remove it"
fn check_provenance(
    cx: &mut Ctxt,
    name: &str,
    corroborated: &Option<(String, Span)>,
    disputed: &Option<(String, Span)>,
) {
    for (tag, key, hint) in [
        (
            corroborated,
            "corroborated",
            "name the source that agrees, by struct and header (`corroborated = \"S3D3_TS in header.h\"`)",
        ),
        (
            disputed,
            "disputed",
            "say what the source says instead (`disputed = \"S3S3D3_TT in header.h: dst at 0x30\"`)",
        ),
    ] {
        if let Some((text, span)) = tag
            && text.trim().is_empty()
        {
            cx.error(
                *span,
                format!("{name}: an empty `{key}` says nothing; {hint}, or remove it"),
            );
        }
    }
}
