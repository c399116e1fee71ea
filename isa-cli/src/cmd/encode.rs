//! `isa encode [FILE|-] -o OUT`: JSON Lines, one bundle per line as `isa decode --json` writes
//! them (the `offset` member is optional and ignored), back to a stream of 64-byte bundles.
//!
//! Every line is read and every problem is reported with its line number (and column, for
//! malformed JSON); if any line fails, `OUT` is not written at all. Blank lines are skipped.

use std::path::{Path, PathBuf};

use isa_ops::Op;
use rayon::prelude::*;
use serde::Deserialize;

use crate::cmd::{emit_bytes, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::{self, Input};
use crate::report;

/// Arguments of `isa encode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// JSON Lines as `isa decode --json` writes them; `-` or nothing reads standard input.
    pub input: Option<PathBuf>,
    /// The bundle stream to write (`-`: standard output). Written only if every line encodes.
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
}

/// Runs `isa encode`.
pub fn run(args: Args) -> Result<Status, CliError> {
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let text = input.read("encode")?;
    let lines: Vec<(usize, &[u8])> = text
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line.strip_suffix(b"\r").unwrap_or(line)))
        .filter(|(_, line)| !line.trim_ascii().is_empty())
        .collect();
    if lines.is_empty() {
        return Err(CliError::Empty {
            path: name,
            what: "encode",
        });
    }
    let encoded: Vec<Result<[u8; 64], String>> = lines
        .par_iter()
        .map(|&(n, line)| encode_line(&name, n, line))
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

/// One line to one bundle, or the message naming the line (and column) and what is wrong.
fn encode_line(name: &str, n: usize, line: &[u8]) -> Result<[u8; 64], String> {
    let text = std::str::from_utf8(line)
        .map_err(|e| format!("{name}:{n}: not UTF-8 text (byte {})", e.valid_up_to() + 1))?;
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = msg
            .rsplit_once(" at line ")
            .map_or(msg.as_str(), |(m, _)| m);
        format!("{name}:{n}:{}: malformed JSON: {msg}", e.column())
    })?;
    match value.as_object_mut() {
        Some(members) => members.remove("offset"),
        None => {
            return Err(format!(
                "{name}:{n}: expected a JSON object (one bundle per line), found {}",
                kind(&value)
            ));
        }
    };
    let op = Op::deserialize(value).map_err(|e| format!("{name}:{n}: {e}"))?;
    op.to_bytes().map_err(|e| format!("{name}:{n}: {e}"))
}

fn kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}
