//! Bytes with no typed form — a bundle that does not decode, bytes after the last whole bundle
//! or word, a block word no identity matches — in their one text form and their one JSON
//! record, and that record read back. Nothing of a stream is left out of either form.
//!
//! The listing shows them as objdump shows `(bad)` and `.byte`: where, what, every byte in
//! stream order, and why:
//!
//! ```text
//! 0x00000080  0xff  (bad)  bytes=ff100000…  ; cannot decode bundle: field `opcode` at byte 0x00: …
//! ```
//!
//! The JSON Lines record carries the same:
//!
//! ```text
//! {"offset":128,"raw":"ff100000…","reason":"cannot decode bundle: field `opcode` at byte 0x00: …"}
//! ```
//!
//! `raw` is every byte as two hex digits, in stream order (written lowercase, read in either
//! case); `reason` is for the reader, and `isa encode` ignores it. A raw record is written back
//! byte for byte, whatever the bytes are.

use serde_json::{Map, Value};

/// The member that makes a JSON object a raw record.
pub const MEMBER: &str = "raw";

/// The member that says why the bytes have no typed form; informative only.
pub const REASON: &str = "reason";

/// `0102…`: every byte as two lowercase hex digits, in order.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

/// `what  bytes=0102…  ; reason`: the text form of bytes that are not a bundle or a word, every
/// one of them.
pub fn text(what: &str, bytes: &[u8], reason: &str) -> String {
    format!("{what}  bytes={}  ; {reason}", hex(bytes))
}

/// [`text`] led by the byte offset, as the listing of a bundle stream has it.
pub fn line(offset: usize, what: &str, bytes: &[u8], reason: &str) -> String {
    format!("{offset:#010x}  {}", text(what, bytes, reason))
}

/// `{"raw":"0102…","reason":"…"}`: the JSON object of bytes that are not a bundle or a word,
/// without its offset (see [`record`]).
pub fn json(bytes: &[u8], reason: &str) -> String {
    format!(
        "{{\"{MEMBER}\":\"{}\",\"{REASON}\":{}}}",
        hex(bytes),
        Value::from(reason)
    )
}

/// `{"offset":N,"raw":"0102…","reason":"…"}`: the JSON Lines record of bytes at `offset`.
pub fn record(offset: usize, bytes: &[u8], reason: &str) -> String {
    format!(
        "{{\"offset\":{offset},\"{MEMBER}\":\"{}\",\"{REASON}\":{}}}",
        hex(bytes),
        Value::from(reason)
    )
}

/// `0x00000080  0xff  (bad)  bytes=…  ; reason`: the listing line of a whole bundle with no
/// typed form, led by its opcode byte.
pub fn bad_line(offset: usize, bytes: &[u8], reason: &str) -> String {
    let opcode = bytes.first().copied().unwrap_or_default();
    line(offset, &format!("{opcode:#04x}  (bad)"), bytes, reason)
}

/// `0x00000280  (trailing)  bytes=…  ; reason`: the listing line of the bytes after the last
/// whole bundle or word.
pub fn trailing_line(offset: usize, bytes: &[u8], reason: &str) -> String {
    line(offset, "(trailing)", bytes, reason)
}

/// Why a raw record does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RawError {
    /// `raw` is not a string.
    #[error("`raw` is {found}; it holds the bytes as a string of hex digits")]
    NotString {
        /// What it is instead (`a number`, `an array`, …).
        found: &'static str,
    },
    /// `raw` holds no byte.
    #[error("`raw` is empty; a raw record carries at least one byte")]
    Empty,
    /// `raw` holds an odd number of hex digits.
    #[error("`raw` holds {digits} hex digits; two make a byte, so the count must be even")]
    OddLength {
        /// How many digits there are.
        digits: usize,
    },
    /// `raw` holds something other than a hex digit.
    #[error("`raw` has `{found}` at digit {at}; only 0-9, a-f and A-F make bytes")]
    NotHex {
        /// The 1-based position of the character among the digits.
        at: usize,
        /// The character.
        found: char,
    },
    /// A member other than `offset`, `raw` and `reason`.
    #[error(
        "unknown member `{member}` beside `raw`; a raw record has `offset`, `raw` and `reason`"
    )]
    UnknownMember {
        /// The member's name.
        member: String,
    },
}

/// The bytes of a raw record whose members (its `offset` taken out) are `members`: `raw`, and
/// `reason`, whatever that holds.
pub fn read(members: &Map<String, Value>) -> Result<Vec<u8>, RawError> {
    if let Some(member) = members.keys().find(|k| *k != MEMBER && *k != REASON) {
        return Err(RawError::UnknownMember {
            member: member.clone(),
        });
    }
    match members.get(MEMBER) {
        Some(Value::String(digits)) => unhex(digits),
        Some(other) => Err(RawError::NotString { found: kind(other) }),
        None => Err(RawError::Empty),
    }
}

/// The bytes `digits` spells, two hex digits a byte.
pub(crate) fn unhex(digits: &str) -> Result<Vec<u8>, RawError> {
    let mut nibbles = Vec::with_capacity(digits.len());
    for (k, c) in digits.chars().enumerate() {
        let nibble = c
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
            .ok_or(RawError::NotHex {
                at: k + 1,
                found: c,
            })?;
        nibbles.push(nibble);
    }
    if nibbles.is_empty() {
        return Err(RawError::Empty);
    }
    let (pairs, odd) = nibbles.as_chunks::<2>();
    if !odd.is_empty() {
        return Err(RawError::OddLength {
            digits: nibbles.len(),
        });
    }
    Ok(pairs.iter().map(|[hi, lo]| hi << 4 | lo).collect())
}

/// What a JSON value is, for a message: `null`, `a number`, `an object`, ….
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(json: &str) -> Map<String, Value> {
        match serde_json::from_str(json) {
            Ok(Value::Object(m)) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_text_form_shows_every_byte_and_the_reason() {
        assert_eq!(
            line(
                0x280,
                "0x60  (bad)",
                &[0x60, 0x10, 0, 0xff],
                "unknown opcode"
            ),
            "0x00000280  0x60  (bad)  bytes=601000ff  ; unknown opcode"
        );
    }

    #[test]
    fn a_record_reads_back_to_its_bytes() {
        let bytes: Vec<u8> = (0..=255).collect();
        let rec = record(640, &bytes, "a \"quoted\" reason\nover two lines");
        assert!(rec.starts_with("{\"offset\":640,\"raw\":\"000102"), "{rec}");
        let mut m = members(&rec);
        assert_eq!(m.remove("offset"), Some(Value::from(640)));
        assert_eq!(read(&m), Ok(bytes));
    }

    #[test]
    fn hex_reads_in_either_case_and_the_reason_is_optional() {
        assert_eq!(read(&members(r#"{"raw":"aBcD"}"#)), Ok(vec![0xab, 0xcd]));
        assert_eq!(read(&members(r#"{"raw":"00","reason":[1]}"#)), Ok(vec![0]));
    }

    #[test]
    fn a_bad_raw_record_says_what_is_wrong() {
        let err = |json: &str| read(&members(json)).err();
        assert_eq!(err(r#"{"raw":""}"#), Some(RawError::Empty));
        assert_eq!(
            err(r#"{"raw":"abc"}"#),
            Some(RawError::OddLength { digits: 3 })
        );
        assert_eq!(
            err(r#"{"raw":"0g"}"#),
            Some(RawError::NotHex { at: 2, found: 'g' })
        );
        assert_eq!(
            err(r#"{"raw":"0é"}"#),
            Some(RawError::NotHex { at: 2, found: 'é' })
        );
        assert_eq!(
            err(r#"{"raw":12}"#),
            Some(RawError::NotString { found: "a number" })
        );
        assert_eq!(
            err(r#"{"raw":"00","op":"Memset"}"#),
            Some(RawError::UnknownMember {
                member: "op".into()
            })
        );
    }
}
