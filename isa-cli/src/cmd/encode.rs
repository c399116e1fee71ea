//! `isa encode [FILE|-] -o OUT`: JSON Lines, one bundle per line as `isa decode --json` writes
//! them (the `offset` member is optional and ignored), back to a stream of 64-byte bundles; with
//! `--word32`, lines as `isa decode --word32 --json` writes them (or blocks in assembly text)
//! back to a stream of 32-bit PTO block words.
//!
//! Every line is read and every problem is reported with its line number (and column, for
//! malformed JSON; and for a value that does not deserialize, the member at fault and its byte);
//! if any line fails, `OUT` is not written at all. Blank lines are skipped, and
//! with `--word32` so are lines starting with `#`.

use std::path::{Path, PathBuf};

use isa_ops::Op;
use rayon::prelude::*;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::cmd::{emit_bytes, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::{self, Input};
use crate::{report, word32};

/// Arguments of `isa encode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// JSON Lines as `isa decode --json` writes them; `-` or nothing reads standard input.
    pub input: Option<PathBuf>,
    /// The stream to write (`-`: standard output). Written only if every line encodes.
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Write 32-bit PTO block words: each line is a JSON object as `isa decode --word32 --json`
    /// writes it (a block or a word), or one block in assembly text
    /// (`BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP`).
    #[arg(long)]
    pub word32: bool,
}

/// Why one line did not encode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// The column, when the line is malformed JSON.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl From<String> for LineError {
    fn from(message: String) -> Self {
        Self {
            column: None,
            message,
        }
    }
}

impl LineError {
    /// `FILE:LINE: message`, or `FILE:LINE:COLUMN: message`.
    fn located(&self, file: &str, line: usize) -> String {
        match self.column {
            Some(c) => format!("{file}:{line}:{c}: {}", self.message),
            None => format!("{file}:{line}: {}", self.message),
        }
    }
}

/// Runs `isa encode`.
pub fn run(args: Args) -> Result<Status, CliError> {
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let text = input.read("encode")?;
    let skip = |line: &[u8]| {
        let line = line.trim_ascii();
        line.is_empty() || (args.word32 && line.starts_with(b"#"))
    };
    let lines: Vec<(usize, &[u8])> = text
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line.strip_suffix(b"\r").unwrap_or(line)))
        .filter(|(_, line)| !skip(line))
        .collect();
    if lines.is_empty() {
        return Err(CliError::Empty {
            path: name,
            what: "encode",
        });
    }
    let encode: fn(&str) -> Result<Vec<u8>, LineError> =
        if args.word32 { word_line } else { bundle_line };
    let encoded: Vec<Result<Vec<u8>, String>> = lines
        .par_iter()
        .map(|&(n, line)| {
            let text = std::str::from_utf8(line).map_err(|e| {
                format!("{name}:{n}: not UTF-8 text (byte {})", e.valid_up_to() + 1)
            })?;
            encode(text).map_err(|e| e.located(&name, n))
        })
        .collect();
    let mut stream = Vec::with_capacity(encoded.len() * 64);
    let mut problems = 0;
    for result in encoded {
        match result {
            Ok(bytes) => stream.extend_from_slice(&bytes),
            Err(message) => {
                problems += 1;
                eprintln!("{message}");
            }
        }
    }
    if problems > 0 {
        eprintln!(
            "isa: {} of {name} did not encode; {} was not written",
            report::count(problems, "line"),
            args.output.display()
        );
        return Ok(Status::Problems(problems));
    }
    if args.output == Path::new("-") {
        let mut out = stdout();
        emit_bytes(&mut out, &stream)?;
        flush(&mut out)?;
    } else {
        io::write_file(&args.output, &stream)?;
    }
    Ok(Status::Clean)
}

/// One line to one 64-byte bundle.
fn bundle_line(text: &str) -> Result<Vec<u8>, LineError> {
    let members = json_object(text, "one bundle per line")?;
    let op = Op::deserialize(Value::Object(members.clone()))
        .map_err(|e| naming_the_member(&members, &e.to_string()))?;
    Ok(op.to_bytes().map_err(|e| e.to_string())?.to_vec())
}

/// `message`, the error of an object whose members do not make an op, with the member at fault
/// named, and its byte when the op's field table has it. serde reads the members in order and
/// reports the first that does not deserialize (missing ones last), without its name; the member
/// at fault is the first whose removal changes the error.
fn naming_the_member(members: &Map<String, Value>, message: &str) -> String {
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
        Op::deserialize(Value::Object(rest))
            .err()
            .map(|e| e.to_string())
    };
    let Some(member) = members
        .keys()
        .filter(|k| k.as_str() != "op")
        .find(|k| error_without(k).as_deref() != Some(message))
    else {
        return message.to_string();
    };
    let byte = members
        .get("op")
        .and_then(Value::as_str)
        .and_then(|op| isa_ops::DECLARATIONS.iter().find(|d| d.name == op))
        .and_then(|d| isa_core::FieldInfo::offset_of(d.fields, member));
    match byte {
        Some(at) => format!("field `{member}` (byte {at:#04x}): {message}"),
        None => format!("field `{member}`: {message}"),
    }
}

/// One line to its 32-bit words, little-endian.
fn word_line(text: &str) -> Result<Vec<u8>, LineError> {
    let words = word32::encode_line(text)?;
    Ok(words.iter().flat_map(|w| w.to_le_bytes()).collect())
}

/// The members of the JSON object on `text`, without its `offset`; `what` says what a line
/// holds, for the message when it is not an object.
pub fn json_object(text: &str, what: &str) -> Result<Map<String, Value>, LineError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg
            .rsplit_once(" at line ")
            .map_or(msg.as_str(), |(m, _)| m);
        LineError {
            column: Some(e.column()),
            message: format!("malformed JSON: {msg}"),
        }
    })?;
    match value {
        Value::Object(mut members) => {
            members.remove("offset");
            Ok(members)
        }
        other => Err(format!("expected a JSON object ({what}), found {}", kind(&other)).into()),
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
