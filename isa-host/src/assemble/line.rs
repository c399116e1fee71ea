//! One listing line to the bytes it stands for: the columns, then a member and its fields, raw
//! bytes, a header, or (with `--word32`) a block in assembly text. See [`super`] for the
//! grammar.

use isa_core::family::serde_form::read_member;
use isa_core::{EncodeError, Family};

use super::de::{Cursor, integer, starts_comment};
use super::error::{Fault, ListingError, unknown};
use super::fields::Fields;
use crate::isa::Isa;
use crate::members::Members;
use crate::record::Mode;
use crate::{raw, word_stream};

/// The word that leads the header line of a TSHUF block in a `--word32` listing.
const BLOCK: &str = "block";

/// The marker of a header line over the words of a block that does not compose.
const BAD_BLOCK: &str = "(bad block)";

/// The marker of a word outside any block, before its word column.
const STRAY: &str = "(stray)";

/// The markers of raw bytes: a bundle that does not decode, bytes after the last whole bundle
/// or word, a word no identity matches; `(bad NAME)` too, a word of NAME that does not decode.
const RAW: [&str; 3] = ["(bad)", "(trailing)", "(unknown)"];

/// The key of a raw line's bytes, `bytes=HEX`.
const BYTES: &str = "bytes";

/// Reads the listing line `line` of `mode`, appending its bytes to `out` (nothing when it
/// fails); returns its offset column, when it has one.
pub(crate) fn read<I: Isa>(
    line: &str,
    mode: Mode,
    out: &mut Vec<u8>,
) -> Result<Option<u64>, ListingError> {
    let start = out.len();
    let read = read_line::<I>(line, mode, out);
    read.map_err(|fault| {
        out.truncate(start);
        let end = code_of(line).trim_end().len();
        let detail = fault.into_detail();
        ListingError {
            span: detail.span.unwrap_or(end..end),
            message: detail.message,
            line: line.to_string(),
        }
    })
}

/// What the second number column of a line says, the opcode byte (or the word), and where it is.
#[derive(Debug, Clone)]
struct Columns {
    check: Option<(u64, std::ops::Range<usize>)>,
}

/// [`read`], with the fault not yet placed on the line.
fn read_line<I: Isa>(line: &str, mode: Mode, out: &mut Vec<u8>) -> Result<Option<u64>, Fault> {
    // A comment runs from `;` or `#` to the end of the line, where the cursor stops reading; a
    // block in assembly text has `;` between its words, so it is read from the line itself.
    let code = line;
    let mut cur = Cursor::new(code, 0);
    let offset = column(&mut cur, u64::MAX, "an offset")?;
    cur.skip_blanks();
    let stray = mode == Mode::Words && take(&mut cur, STRAY);
    let width = match mode {
        Mode::Bundles => u64::from(u8::MAX),
        Mode::Words => u64::from(u32::MAX),
    };
    let check_at = cur.pos;
    let check = column(&mut cur, width, what_checks(mode))?;
    let columns = Columns {
        check: check.map(|c| (c, check_at..cur.pos)),
    };
    cur.skip_blanks();
    let rest = code.get(cur.pos..).unwrap_or_default();
    if rest.starts_with('(') {
        marked(&mut cur, mode, columns, out)?;
        return Ok(offset);
    }
    if mode == Mode::Words && !stray && check.is_none() && take(&mut cur, BLOCK) {
        // The header of a block: its words follow, each on its own line.
        assembly(line, cur.pos).map(|_| ())?;
        return Ok(offset);
    }
    match mode {
        Mode::Bundles => member::<I::Bundles>(&mut cur, columns, out)?,
        // A line with a word column or a `(stray)` marker is a word, whatever its name; any
        // other line whose name is no word's is a block in assembly text.
        Mode::Words => match member_index::<I::Words>(rest) {
            Some(_) => member::<I::Words>(&mut cur, columns, out)?,
            None if stray || check.is_some() => member::<I::Words>(&mut cur, columns, out)?,
            None => out.extend(
                assembly(line, cur.pos)?
                    .iter()
                    .flat_map(|w| w.to_le_bytes()),
            ),
        },
    }
    Ok(offset)
}

/// The line up to its comment.
fn code_of(line: &str) -> &str {
    let comment = line.bytes().position(starts_comment);
    comment.map_or(line, |at| line.get(..at).unwrap_or(line))
}

/// What the second number column of a line is.
fn what_checks(mode: Mode) -> &'static str {
    match mode {
        Mode::Bundles => "an opcode byte",
        Mode::Words => "a 32-bit word",
    }
}

/// A number column at the cursor, at most `max`: `Ok(None)` when what is there is not a number.
fn column(cur: &mut Cursor<'_>, max: u64, what: &str) -> Result<Option<u64>, Fault> {
    let start = cur.pos;
    if cur.at_end() {
        return Ok(None);
    }
    let Ok((token, span)) = cur.scalar(what) else {
        cur.pos = start;
        return Ok(None);
    };
    match integer(token) {
        Some(n) => match u64::try_from(n).ok().filter(|&n| n <= max) {
            Some(n) => Ok(Some(n)),
            None => Err(Fault::at(
                span,
                format!("`{token}` is not {what}: it is at most {max:#x}"),
            )),
        },
        None => {
            cur.pos = start;
            Ok(None)
        }
    }
}

/// Takes the word `word` when the line goes on with it, followed by a blank or the end.
fn take(cur: &mut Cursor<'_>, word: &str) -> bool {
    let rest = cur.text.get(cur.pos..).unwrap_or_default();
    let taken = rest
        .strip_prefix(word)
        .is_some_and(|after| after.is_empty() || after.starts_with(char::is_whitespace));
    if taken {
        cur.pos += word.len();
    }
    taken
}

/// The words of the block in assembly text on `line` from byte `at`.
fn assembly(line: &str, at: usize) -> Result<Vec<u32>, Fault> {
    let text = line.get(at..).unwrap_or_default();
    let span = at + (text.len() - text.trim_start().len())..line.trim_end().len();
    word_stream::encode_assembly(text).map_err(|e| Fault::at(span, e.to_string()))
}

/// A line whose first word after the columns is a marker: raw bytes, or a header.
fn marked(
    cur: &mut Cursor<'_>,
    mode: Mode,
    columns: Columns,
    out: &mut Vec<u8>,
) -> Result<(), Fault> {
    let rest = cur.text.get(cur.pos..).unwrap_or_default();
    let marker = rest
        .find(')')
        .and_then(|end| rest.get(..=end))
        .unwrap_or(rest);
    let span = cur.pos..cur.pos + marker.len();
    if mode == Mode::Words && marker == BAD_BLOCK {
        // The header of a block that does not compose: its words follow, each on its own line.
        return Ok(());
    }
    let raw_marker = RAW.contains(&marker) || (marker.starts_with("(bad ") && marker != BAD_BLOCK);
    if !raw_marker {
        return Err(Fault::at(
            span,
            format!(
                "unknown marker `{marker}`; raw bytes are written `(bad)  bytes=…` or \
                 `(trailing)  bytes=…`"
            ),
        ));
    }
    cur.pos = span.end;
    let (key, key_span) = cur.scalar("`bytes=` and the bytes in hex")?;
    if key != BYTES {
        let message = format!("expected `{BYTES}=` and the bytes in hex, found `{key}`");
        return Err(Fault::at(key_span, message));
    }
    cur.skip_blanks();
    cur.expect(b'=', format_args!("after `{BYTES}`"))?;
    let (digits, digits_span) = cur.scalar("the bytes in hex")?;
    let bytes = raw::unhex(digits).map_err(|e| Fault::at(digits_span, e.to_string()))?;
    if !cur.at_end() {
        return Err(Fault::at(
            cur.here(),
            "expected the end of the line (or a comment) after the bytes",
        ));
    }
    check(columns, &bytes, mode, "the bytes begin with")?;
    out.extend_from_slice(&bytes);
    Ok(())
}

/// The index of the member whose name leads `rest` (the longest, when one name leads another),
/// and nothing but a blank or the end follows it.
fn member_index<F: Family>(rest: &str) -> Option<usize> {
    let leads = |name: &str| {
        rest.strip_prefix(name)
            .is_some_and(|after| after.is_empty() || after.starts_with(char::is_whitespace))
    };
    // Most names are one word: compare the line's first word whole, by length first.
    let word = rest.split(char::is_whitespace).next().unwrap_or(rest);
    let one_word = F::DECLARATIONS.iter().position(|d| d.name == word);
    let longer = F::DECLARATIONS
        .iter()
        .enumerate()
        .filter(|(_, d)| d.name.len() > word.len() && leads(d.name))
        .max_by_key(|(_, d)| d.name.len())
        .map(|(i, _)| i);
    longer.or(one_word)
}

/// A member and its fields, from the cursor on, to its bytes.
fn member<F: Members>(
    cur: &mut Cursor<'_>,
    columns: Columns,
    out: &mut Vec<u8>,
) -> Result<(), Fault> {
    let rest = cur.text.get(cur.pos..).unwrap_or_default();
    let named = member_index::<F>(rest).and_then(|i| F::DECLARATIONS.get(i).zip(F::TAGS.get(i)));
    let Some((decl, tag)) = named else {
        let (what, expected) = match mode_of::<F>() {
            Mode::Bundles => ("op", "an op name"),
            Mode::Words => ("word", "a word name"),
        };
        let (token, span) = cur.scalar(expected)?;
        let names = F::DECLARATIONS.iter().map(|d| d.name);
        return Err(Fault::at(span, unknown(what, token, "", names)));
    };
    cur.pos += decl.name.len();
    let value: F = read_member::<F, _>(tag, Vec::new(), Fields::new(cur, decl))
        .map_err(|e| missing(e, decl, cur.text))?;
    let start = out.len();
    out.resize(start + F::WIDTH, 0);
    let written = out.get_mut(start..).map(|bytes| value.encode_into(bytes));
    if let Some(Err(e)) = written {
        return Err(encoding(&e, cur.text));
    }
    let bytes = out.get(start..).unwrap_or_default();
    check(columns, bytes, mode_of::<F>(), "the fields encode to")
}

/// Whether a family is of 32-bit words or of bundles, by its width.
fn mode_of<F: Family>() -> Mode {
    if F::WIDTH == 4 {
        Mode::Words
    } else {
        Mode::Bundles
    }
}

/// A member the serde form missed: which field to add, and where it goes.
fn missing(e: Fault, decl: &isa_core::family::Declaration, code: &str) -> Fault {
    let (Some(field), None) = (e.missing, &e.span) else {
        return e;
    };
    let end = code_of(code).trim_end().len();
    let byte = decl
        .fields
        .iter()
        .find(|row| row.name == field)
        .map(|row| format!(" (byte {:#04x}, {})", row.first_bit() / 8, row.ty))
        .unwrap_or_default();
    Fault::at(
        end..end,
        format!(
            "missing field `{field}` of {}{byte}; add `{field}=…`",
            decl.name
        ),
    )
}

/// An encoding error, at the field it names.
fn encoding(e: &EncodeError, code: &str) -> Fault {
    let field = e.at.field;
    let key = format!("{field}=");
    let at = code.match_indices(&key).map(|(at, _)| at).find(|&at| {
        at == 0
            || code
                .get(..at)
                .is_some_and(|before| before.ends_with(char::is_whitespace))
    });
    let span = match at {
        Some(at) => {
            let end = code
                .get(at..)
                .and_then(|r| r.find(char::is_whitespace))
                .map_or(code.len(), |n| at + n);
            at..end
        }
        None => 0..code_of(code).trim_end().len(),
    };
    Fault::at(span, e.to_string())
}

/// The opcode byte or word column, when the line has one, is what `bytes` begins with.
fn check(columns: Columns, bytes: &[u8], mode: Mode, what: &str) -> Result<(), Fault> {
    let Some((column, span)) = columns.check else {
        return Ok(());
    };
    let (actual, name) = match mode {
        Mode::Bundles => (bytes.first().map(|&b| u64::from(b)), "opcode byte"),
        Mode::Words => (
            bytes
                .first_chunk::<4>()
                .filter(|_| bytes.len() == 4)
                .map(|w| u64::from(u32::from_le_bytes(*w))),
            "word",
        ),
    };
    match actual {
        Some(actual) if actual != column => {
            let digits = if mode == Mode::Bundles { 4 } else { 10 };
            Err(Fault::at(
                span,
                format!(
                    "the {name} column says {column:#0digits$x}, but {what} \
                     {actual:#0digits$x}; make them agree, or leave the column out"
                ),
            ))
        }
        Some(_) | None => Ok(()),
    }
}
