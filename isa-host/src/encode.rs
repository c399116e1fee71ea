//! Records back to bytes: a JSON object as `isa decode --json` writes it (a bundle, or with
//! `--word32` a block or a word, or a raw record) or a block in assembly text, each to the bytes
//! it stands for, and each record placed where the records before it end ([`Tally`]).
//!
//! In either mode a raw record, `{"offset":N,"raw":"<hex>","reason":"…"}` (see [`crate::raw`]),
//! is written back byte for byte: that is how a decoded stream carries what has no typed form, so
//! decoding to records and encoding them back gives the very same bytes, whatever they were.
//!
//! The `offset` member says where a record's bytes sit. Records are in stream order, each where
//! the one before it ends: a record whose `offset` is not the number of bytes the records before
//! it make (a line deleted, repeated or moved) leaves a gap or overlaps, and is refused with the
//! expected and the found offset. `offset` is optional, for JSON written by hand: a record
//! without one goes where the one before it ends, and so does a block in assembly text. After a
//! record that does not read, the next record with an `offset` says where the stream goes on.

use isa_core::Family;
use serde_json::{Map, Value};

use crate::isa::Isa;
use crate::members::Members;
pub use crate::record::{LineError, Misplaced, Mode};
use crate::{assemble, raw, record, word_stream};

/// A line that did not encode, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub error: LineError,
}

impl LineProblem {
    /// `FILE:LINE: message`, or `FILE:LINE:COLUMN: message`; for a listing line, followed by
    /// the line with a caret under the token at fault.
    pub fn located(&self, file: &str) -> String {
        let line = self.line;
        match (&self.error, self.error.column()) {
            (LineError::Listing(e), Some(c)) => {
                format!("{file}:{line}:{c}: {e}\n{}", e.snippet(line))
            }
            (_, Some(c)) => format!("{file}:{line}:{c}: {}", self.error),
            (_, None) => format!("{file}:{line}: {}", self.error),
        }
    }
}

/// One line read: where it says its bytes go, and the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The `offset` member, when the line has one.
    pub offset: Option<u64>,
    /// The bytes the line stands for.
    pub bytes: Vec<u8>,
}

/// How the lines of a stream went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Lines that did not encode.
    pub problems: usize,
    /// The 1-based number of the first of them.
    pub first_problem: Option<usize>,
    /// Bytes handed to `write`: every byte of the lines before the first that did not encode.
    pub written: usize,
    /// Where the bytes placed so far end; unknown after a line that does not read, until a
    /// record says where it is.
    pub end: Option<u64>,
}

impl Default for Tally {
    fn default() -> Self {
        Self::new()
    }
}

impl Tally {
    /// A stream with nothing placed yet: the first record goes at byte 0.
    pub const fn new() -> Self {
        Self {
            problems: 0,
            first_problem: None,
            written: 0,
            end: Some(0),
        }
    }

    /// Places the record of one line after the ones before it: a misplaced record is reported
    /// once, the records after it follow on from it.
    pub fn place(&mut self, read: Result<Placed, LineError>) -> Result<(), LineError> {
        let placed = read.and_then(|r| {
            let expected = self.end;
            let at = r.offset.or(expected);
            let len = u64::try_from(r.len).ok();
            self.end = at.zip(len).and_then(|(at, len)| at.checked_add(len));
            Ok(check_offset(expected, r.offset)?)
        });
        if let Err(e) = &placed
            && !matches!(e, LineError::Misplaced(_))
        {
            self.end = None;
        }
        placed
    }
}

/// Where a line says its bytes go, and how many it stands for.
pub struct Placed {
    /// The `offset` member, when the record has one.
    pub offset: Option<u64>,
    /// How many bytes it stands for.
    pub len: usize,
}

/// The offset check: a record's `offset`, when it has one, is where the records before it end
/// (`expected`; unknown after a line that does not read).
fn check_offset(expected: Option<u64>, offset: Option<u64>) -> Result<(), Misplaced> {
    match (expected, offset) {
        (Some(expected), Some(found)) if found != expected => Err(Misplaced { expected, found }),
        _ => Ok(()),
    }
}

/// Whether a line is JSON, not a listing line: an object or what would be one but for a
/// mistake (it starts with `{`, or a byte-order mark), or another JSON value, which is refused
/// as not an object (an array, a string, `null`, `true`, `false`, a lone number).
fn is_json(text: &str) -> bool {
    let text = text.trim();
    text.starts_with(['{', '[', '"', '\u{feff}'])
        || matches!(text, "null" | "true" | "false")
        || text.parse::<f64>().is_ok()
}

/// One line to its bytes and its `offset`: a JSON Lines record (a raw record in either mode; a
/// bundle, or with `--word32` a block or a word) or a listing line ([`assemble`](mod@crate::assemble): a bundle, a
/// word, raw bytes, a block in assembly text).
pub fn read_line<I: Isa>(text: &str, mode: Mode) -> Result<Written, LineError> {
    let mut bytes = Vec::new();
    let offset = read_line_into::<I>(text, mode, &mut bytes)?;
    Ok(Written { offset, bytes })
}

/// [`read_line`], the bytes appended to `out` (nothing appended when the line fails). A record
/// is read in one pass ([`record::read`]); one that pass does not read is read again as a whole
/// object, which says what is wrong with it.
pub fn read_line_into<I: Isa>(
    text: &str,
    mode: Mode,
    out: &mut Vec<u8>,
) -> Result<Option<u64>, LineError> {
    if !is_json(text) {
        return Ok(assemble::read::<I>(text, mode, out)?);
    }
    let start = out.len();
    let one_pass = match mode {
        Mode::Bundles => record::read::<I::Bundles>(text, false).and_then(|r| append(r, out)),
        Mode::Words => record::read::<I::Words>(text, true).and_then(|r| append(r, out)),
    };
    if let Some(offset) = one_pass {
        return Ok(offset);
    }
    out.truncate(start);
    let written = read_object::<I>(text, mode)?;
    out.extend_from_slice(&written.bytes);
    Ok(written.offset)
}

/// Appends the bytes of a record read in one pass to `out`; its `offset`, or `None` when it does
/// not encode.
fn append<F: Family>(
    (offset, body): (Option<u64>, record::Body<F>),
    out: &mut Vec<u8>,
) -> Option<Option<u64>> {
    match body {
        record::Body::Member(member) => {
            let start = out.len();
            out.resize(start + F::WIDTH, 0);
            member.encode_into(out.get_mut(start..)?).ok()?;
        }
        record::Body::Raw(bytes) => out.extend_from_slice(&bytes),
        record::Body::Block(block) => out.extend(word_bytes(&block.encode().ok()?)),
    }
    Some(offset)
}

/// [`read_line`] of a JSON object, read whole into its members first: the reading that names
/// what is wrong with a line.
pub fn read_object<I: Isa>(text: &str, mode: Mode) -> Result<Written, LineError> {
    let (offset, members) = json_object(text, mode.what())?;
    object_bytes::<I>(offset, members, mode)
}

/// The bytes of a record given as a JSON value (an object as `isa decode --json` writes it), and
/// its `offset`: what [`read_object`] reads from a line, from a value a caller already holds.
pub fn value_bytes<I: Isa>(value: Value, mode: Mode) -> Result<Written, LineError> {
    let (offset, members) = object_members(value, mode.what())?;
    object_bytes::<I>(offset, members, mode)
}

/// The bytes of a record's members (without its `offset`): a raw record, a bundle, or in
/// `mode` [`Mode::Words`] a block or a word.
fn object_bytes<I: Isa>(
    offset: Option<u64>,
    members: Map<String, Value>,
    mode: Mode,
) -> Result<Written, LineError> {
    let bytes = if members.contains_key(raw::MEMBER) {
        raw::read(&members)?
    } else {
        match mode {
            Mode::Bundles => bundle_bytes::<I::Bundles>(members)?,
            Mode::Words => word_bytes(&word_stream::encode_record::<I::Words>(members)?),
        }
    };
    Ok(Written { offset, bytes })
}

/// The members of a bundle's record to its 64 bytes.
fn bundle_bytes<B: Members>(members: Map<String, Value>) -> Result<Vec<u8>, LineError> {
    let op = B::deserialize(Value::Object(members.clone()))
        .map_err(|e| naming_the_member::<B>(&members, &e.to_string()))?;
    Ok(op.to_bytes().map_err(|e| e.to_string())?.to_vec())
}

/// `message`, the error of an object whose members do not make an op, with the member at fault
/// named, and its byte when the op's field table has it. serde reads the members in order and
/// reports the first that does not deserialize (missing ones last), without its name; the member
/// at fault is the first whose removal changes the error.
fn naming_the_member<B: Members>(members: &Map<String, Value>, message: &str) -> String {
    // These name their member already, or are about one that is not there.
    if ["missing field", "unknown field", "unknown variant"]
        .iter()
        .any(|m| message.starts_with(m))
    {
        return message.to_string();
    }
    let error_without = |member: &str| {
        let mut rest = members.clone();
        rest.remove(member);
        B::deserialize(Value::Object(rest))
            .err()
            .map(|e| e.to_string())
    };
    let Some(member) = members
        .keys()
        .filter(|k| k.as_str() != B::TAG)
        .find(|k| error_without(k).as_deref() != Some(message))
    else {
        return message.to_string();
    };
    let byte = members
        .get(B::TAG)
        .and_then(Value::as_str)
        .and_then(|tag| B::TAGS.iter().position(|t| *t == tag))
        .and_then(|i| B::DECLARATIONS.get(i))
        .and_then(|d| isa_core::FieldInfo::offset_of(d.fields, member));
    match byte {
        Some(at) => format!("field `{member}` (byte {at:#04x}): {message}"),
        None => format!("field `{member}`: {message}"),
    }
}

/// Words to their bytes, little-endian.
fn word_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The `offset` and the other members of the JSON object on `text`; `what` says what a line
/// holds, for the message when it is not an object.
fn json_object(
    text: &str,
    what: &'static str,
) -> Result<(Option<u64>, Map<String, Value>), LineError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg
            .rsplit_once(" at line ")
            .map_or(msg.as_str(), |(m, _)| m);
        LineError::Malformed {
            column: e.column(),
            message: msg.to_string(),
        }
    })?;
    object_members(value, what)
}

/// The `offset` and the other members of `value`, a JSON object; `what` says what a record
/// holds, for the message when it is not an object.
fn object_members(
    value: Value,
    what: &'static str,
) -> Result<(Option<u64>, Map<String, Value>), LineError> {
    match value {
        Value::Object(mut members) => {
            let offset = members.remove("offset").map(byte_offset).transpose()?;
            Ok((offset, members))
        }
        other => Err(LineError::NotObject {
            what,
            found: raw::kind(&other),
        }),
    }
}

/// The value of an `offset` member as a byte offset.
fn byte_offset(value: Value) -> Result<u64, LineError> {
    value.as_u64().ok_or_else(|| LineError::BadOffset {
        found: match &value {
            Value::Number(n) => n.to_string(),
            other => raw::kind(other).to_string(),
        },
    })
}

/// The stream `values` stand for, records as [`value_bytes`] reads them, in `mode`; or every
/// record that does not encode, with its 0-based index as its `line`, in order.
pub fn encode_values<I: Isa>(
    values: impl IntoIterator<Item = Result<Value, LineError>>,
    mode: Mode,
) -> Result<Vec<u8>, Vec<LineProblem>> {
    let written = values
        .into_iter()
        .map(|value| value.and_then(|v| value_bytes::<I>(v, mode)))
        .enumerate();
    place_all(written)
}

/// The stream the lines of `text` stand for, each read as [`read_line`] reads it, in `mode`
/// (blank lines and comment lines skipped); or every line that does not encode, with its 1-based
/// number, in order.
pub fn encode_text<I: Isa>(text: &str, mode: Mode) -> Result<Vec<u8>, Vec<LineProblem>> {
    let written = text
        .split('\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line.strip_suffix('\r').unwrap_or(line)))
        .filter(|(_, line)| !mode.skips(line.as_bytes()))
        .map(|(number, line)| (number, read_line::<I>(line, mode)));
    place_all(written)
}

/// The records `written` read, numbered, each placed where the ones before it end
/// ([`Tally`]): the stream, or every record that does not read or is misplaced.
fn place_all(
    written: impl Iterator<Item = (usize, Result<Written, LineError>)>,
) -> Result<Vec<u8>, Vec<LineProblem>> {
    let mut tally = Tally::new();
    let mut stream = Vec::new();
    let mut problems = Vec::new();
    for (line, written) in written {
        let placed = match &written {
            Ok(w) => Ok(Placed {
                offset: w.offset,
                len: w.bytes.len(),
            }),
            Err(e) => Err(e.clone()),
        };
        match (tally.place(placed), written) {
            (Ok(()), Ok(w)) => stream.extend_from_slice(&w.bytes),
            (Err(error), _) => problems.push(LineProblem { line, error }),
            // `place` refuses every record that does not read.
            (Ok(()), Err(_)) => {}
        }
    }
    if problems.is_empty() {
        Ok(stream)
    } else {
        Err(problems)
    }
}
