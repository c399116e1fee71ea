//! The lines of a stream's listing: one line per bundle, as text (`offset  opcode  name
//! fields`) or as a JSON Lines record, read in place from the wire bytes through the generated
//! field visitor ([`isa_core::visit`]), with no tree built per bundle.

use std::fmt::Write as _;

use isa_core::render::{RenderError, write_hex};
use isa_core::visit::FieldOrder;

use crate::decode::{self, Record};
use crate::members::Members;
use crate::raw::{bad_line, trailing_line};

/// Appends the bundle's line to `out` (without its newline): offset, opcode byte, op name,
/// fields (from the field visitor, in place). On an error, what was appended stays.
pub fn bundle_line<B: Members>(
    out: &mut String,
    offset: usize,
    opcode: u8,
    view: &B::View<'_>,
) -> Result<(), RenderError> {
    let name = B::view_declaration(view).name;
    // `{offset:#010x}  {opcode:#04x}  {name}  `, without the formatting machinery.
    write_hex(out, offset as u64, 8)?;
    out.push_str("  ");
    write_hex(out, u64::from(opcode), 2)?;
    out.push_str("  ");
    out.push_str(name);
    out.push_str("  ");
    isa_core::render::text_member::<B, _>(view, FieldOrder::Offset, out)
}

/// The listing of `stream`, a whole stream of bundles of family `B`, a line per record
/// ([`decode::records`]), each followed by a newline: what `isa decode` prints, and what
/// [`crate::text::assemble`] reads back to `stream`.
pub fn bundles<B: Members>(stream: &[u8]) -> String {
    let mut out = String::with_capacity(stream.len() * 6);
    for record in decode::records::<B>(stream) {
        match record {
            Record::Member {
                offset,
                member,
                view,
            } => {
                let start = out.len();
                let bytes = stream.get(offset..offset + B::WIDTH).unwrap_or_default();
                let opcode = bytes.first().copied().unwrap_or_default();
                if let Err(e) = bundle_line::<B>(&mut out, offset, opcode, &view) {
                    out.truncate(start);
                    let reason = format!("cannot print {}: {e}", member.name());
                    out.push_str(&bad_line(offset, bytes, &reason));
                }
            }
            Record::Raw {
                offset,
                bytes,
                reason,
            } if bytes.len() < B::WIDTH => out.push_str(&trailing_line(offset, bytes, &reason)),
            Record::Raw {
                offset,
                bytes,
                reason,
            } => out.push_str(&bad_line(offset, bytes, &reason)),
        }
        out.push('\n');
    }
    out
}

/// Appends the JSON Lines form of a member of family `B` whose serde name is `tag` to `out`
/// (without its newline): its offset, its name under the family's tag, then its fields (from
/// the field visitor, in place), as the serde form writes them. On an error, what was appended
/// stays.
pub fn json_line<B: Members>(
    out: &mut String,
    offset: usize,
    tag: &str,
    view: &B::View<'_>,
) -> Result<(), RenderError> {
    write!(out, "{{\"offset\":{offset},")?;
    isa_core::render::json::write_string(out, B::TAG)?;
    out.push(':');
    isa_core::render::json::write_string(out, tag)?;
    isa_core::render::json_member::<B, _>(view, out)
}

/// The JSON object of a member of family `B` whose serde name is `tag`, without an offset: its
/// name under the family's tag, then its fields, as the serde form writes them.
pub fn json_object<B: Members>(tag: &str, view: &B::View<'_>) -> Result<String, RenderError> {
    let mut out = String::with_capacity(128);
    out.push('{');
    isa_core::render::json::write_string(&mut out, B::TAG)?;
    out.push(':');
    isa_core::render::json::write_string(&mut out, tag)?;
    isa_core::render::json_member::<B, _>(view, &mut out)?;
    Ok(out)
}

/// A JSON object with an `"offset"` member put first.
pub fn with_offset(offset: usize, object: &str) -> String {
    match object.strip_prefix('{') {
        Some(rest) if rest.trim_start().starts_with('}') => format!("{{\"offset\":{offset}}}"),
        Some(rest) => format!("{{\"offset\":{offset},{rest}"),
        None => object.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_leads_a_json_object() {
        assert_eq!(
            with_offset(64, r#"{"op":"X"}"#),
            r#"{"offset":64,"op":"X"}"#
        );
        assert_eq!(with_offset(0, "{}"), r#"{"offset":0}"#);
    }
}
