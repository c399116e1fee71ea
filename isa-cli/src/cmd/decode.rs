//! `isa decode [FILE|-] [--json]`: one line per bundle — byte offset, opcode, op name and every
//! field — or one JSON object per bundle, the serde form `isa encode` reads back.
//!
//! A bundle that does not decode (unknown opcode, reserved bits set, a code not in its table)
//! and trailing bytes that do not make a bundle are reported on standard error with their byte
//! offset; the text listing shows their bytes in place, and every other bundle is still decoded.
//! The exit status is 1 when anything was reported.
//!
//! With `--word32` the input is a stream of 32-bit PTO block words instead (see
//! [`crate::word32`]): each TSHUF block is listed with its byte offset and its assembly
//! text, then each of its words with its fields; stray and unknown words and trailing bytes are
//! reported the same way. The two kinds of stream are told apart only by the flag: a word stream
//! is a valid length for either, and nothing in its bytes says which it is.

use std::path::PathBuf;

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::Input;
use crate::walk::{Item, walk};
use crate::{render, report, word32};

/// Arguments of `isa decode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The stream of 64-byte bundles; `-` or nothing reads standard input.
    pub input: Option<PathBuf>,
    /// Print JSON Lines: the serde form of each bundle (or block, or word) with its byte offset
    /// (`isa encode`, with the same `--word32`, reads it back).
    #[arg(long)]
    pub json: bool,
    /// Read a stream of 32-bit little-endian PTO block words (TSHUF blocks) instead of 64-byte
    /// bundles.
    #[arg(long)]
    pub word32: bool,
}

/// What one chunk of the stream printed and reported.
struct Chunk {
    text: String,
    problems: Vec<String>,
}

/// Runs `isa decode`.
pub fn run(args: Args) -> Result<Status, CliError> {
    if args.word32 {
        return run_word32(&args);
    }
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let source = input.open("decode")?;
    let mut out = stdout();
    let mut problems = 0;
    walk(
        source,
        |items| decode_chunk(items, &name, args.json),
        |chunk: Chunk, progress| {
            problems += chunk.problems.len();
            progress.suspend(|| {
                emit(&mut out, &chunk.text)?;
                flush(&mut out)?;
                for p in &chunk.problems {
                    eprintln!("{p}");
                }
                Ok(())
            })
        },
    )?;
    flush(&mut out)?;
    if problems > 0 {
        eprintln!("isa: {} in {name}", report::count(problems, "problem"));
    }
    Ok(Status::from_count(problems))
}

fn decode_chunk(items: &mut dyn Iterator<Item = Item<'_>>, name: &str, json: bool) -> Chunk {
    let mut chunk = Chunk {
        text: String::new(),
        problems: Vec::new(),
    };
    for item in items {
        let line = match item {
            Item::Bundle(b) => match b.view.and_then(|v| v.decode()) {
                Ok(op) => {
                    let line = if json {
                        render::json_line(b.offset, &op).map_err(|e| e.to_string())
                    } else {
                        render::bundle_line(b.offset, b.opcode(), &op).map_err(|e| e.to_string())
                    };
                    match line {
                        Ok(line) => Some(line),
                        Err(e) => {
                            chunk.problems.push(format!(
                                "{name}:{:#x}: cannot print {}: {e}",
                                b.offset,
                                op.name()
                            ));
                            None
                        }
                    }
                }
                Err(e) => {
                    chunk
                        .problems
                        .push(report::decode_error(name, b.offset, &e));
                    let what = format!("{:#04x}  (bad)", b.opcode());
                    (!json).then(|| render::raw_line(b.offset, &what, b.bytes))
                }
            },
            Item::Trailing(t, rest) => {
                chunk.problems.push(report::trailing(name, &t));
                (!json).then(|| render::raw_line(t.offset, "(trailing)", rest))
            }
        };
        if let Some(line) = line {
            chunk.text.push_str(&line);
            chunk.text.push('\n');
        }
    }
    chunk
}

fn run_word32(args: &Args) -> Result<Status, CliError> {
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let stream = input.read("decode")?;
    let mut out = stdout();
    let mut problems = 0;
    for item in word32::decoder().decode(&stream) {
        match item {
            Ok(w) if args.json => {
                if let Some(json) = &w.json {
                    emit(
                        &mut out,
                        &format!("{}\n", render::with_offset(w.offset, json)),
                    )?;
                }
            }
            Ok(w) => emit(&mut out, &format!("{:#010x}  {}\n", w.offset, w.text))?,
            Err(p) => {
                problems += 1;
                flush(&mut out)?;
                eprintln!("{name}:{:#x}: {}", p.offset, p.message);
            }
        }
    }
    flush(&mut out)?;
    if problems > 0 {
        eprintln!("isa: {} in {name}", report::count(problems, "problem"));
    }
    Ok(Status::from_count(problems))
}
