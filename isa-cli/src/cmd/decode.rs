//! `isa decode [FILE|-] [--json]`: one line per bundle — byte offset, opcode, op name and every
//! field — or one JSON object per bundle, the serde form `isa encode` reads back.
//!
//! A bundle that does not decode (unknown opcode, reserved bits set, a code not in its table)
//! and trailing bytes that do not make a bundle are reported on standard error with their byte
//! offset, and every other bundle is still decoded. The exit status is 1 when anything was
//! reported. Neither form leaves them out: the listing shows them as objdump shows `(bad)`,
//! with every byte and the reason, and the JSON Lines carry them as raw records,
//! `{"offset":N,"raw":"<hex>","reason":"…"}` (see [`crate::raw`]), so that `isa decode --json
//! S | isa encode - -o T` writes T byte for byte equal to S, whatever S holds. A bundle that
//! decodes is written as its serde form only when that encodes back to the very same bytes;
//! otherwise as a raw record too.
//!
//! With `--word32` the input is a stream of 32-bit PTO block words instead (see
//! `word32.rs`): each TSHUF block is listed with its byte offset and its assembly
//! text, then each of its words with its fields; stray and unknown words and trailing bytes are
//! reported the same way, and in the JSON Lines every byte is in a block, word or raw record.
//! The two kinds of stream are told apart only by the flag: a word stream is a valid length for
//! either, and nothing in its bytes says which it is.

use std::path::PathBuf;

use isa_core::Family;
use isa_core::family::Located;

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::Input;
use crate::isa::{Isa, Members};
use crate::walk::{self, Item, walk};
use crate::{raw, render, report};

/// Arguments of `isa decode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The stream of 64-byte bundles; `-` or nothing reads standard input.
    pub input: Option<PathBuf>,
    /// Print JSON Lines: the serde form of each bundle (or block, or word) with its byte offset,
    /// and a raw record (`{"offset":N,"raw":"<hex>","reason":"…"}`) for bytes with no typed
    /// form (`isa encode`, with the same `--word32`, reads them back byte for byte).
    #[arg(long)]
    pub json: bool,
    /// Read a stream of 32-bit little-endian PTO block words (TSHUF blocks) instead of 64-byte
    /// bundles.
    #[arg(long)]
    pub word32: bool,
}

/// The form `isa decode` writes a stream in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The listing: one line per bundle (or block, or word).
    Text,
    /// JSON Lines: one record per bundle (or block, or word, or run of raw bytes).
    Json,
}

impl Form {
    fn of(args: &Args) -> Self {
        if args.json { Form::Json } else { Form::Text }
    }
}

/// What decoding (a chunk of) a stream printed and reported.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chunk {
    /// The lines for standard output, each ended by a newline.
    pub text: String,
    /// The problems for standard error, one line each, led by `FILE:OFFSET:`.
    pub problems: Vec<String>,
}

impl Chunk {
    fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
    }
}

/// `stream`, a whole stream of 64-byte bundles, as `isa decode` writes it in `form`, with the
/// problems it reports for the input called `name`.
pub fn decode_bundles<I: Isa>(stream: &[u8], name: &str, form: Form) -> Chunk {
    decode_chunk(&mut walk::items::<I::Bundles>(stream, 0), name, form)
}

/// `stream`, a whole stream of 32-bit PTO block words, as `isa decode --word32` writes it in
/// `form`, with the problems it reports for the input called `name`.
pub fn decode_words<I: Isa>(stream: &[u8], name: &str, form: Form) -> Chunk {
    let mut chunk = Chunk::default();
    for item in I::word_decoder().decode(stream) {
        match item {
            Ok(w) => match (form, &w.json) {
                (Form::Json, Some(json)) => chunk.line(&render::with_offset(w.offset, json)),
                (Form::Json, None) => {}
                (Form::Text, _) => chunk.line(&format!("{:#010x}  {}", w.offset, w.text)),
            },
            Err(p) => chunk
                .problems
                .push(format!("{name}:{:#x}: {}", p.offset, p.message)),
        }
    }
    chunk
}

/// Runs `isa decode`.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError> {
    if args.word32 {
        return run_word32::<I>(&args);
    }
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let source = input.open("decode")?;
    let mut out = stdout();
    let mut problems = 0;
    walk::<I::Bundles, _, _, _>(
        source,
        |items| decode_chunk(items, &name, Form::of(&args)),
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
        eprintln!(
            "{}: {} in {name}",
            I::COMMAND,
            report::count(problems, "problem")
        );
    }
    Ok(Status::from_count(problems))
}

fn decode_chunk<B: Members>(
    items: &mut dyn Iterator<Item = Item<'_, B>>,
    name: &str,
    form: Form,
) -> Chunk {
    let mut chunk = Chunk::default();
    for item in items {
        match item {
            Item::Bundle(b) => decode_bundle(&mut chunk, &b, name, form),
            Item::Trailing(t, rest) => {
                chunk.problems.push(report::trailing(name, &t));
                chunk.line(&raw_form(
                    form,
                    t.offset,
                    "(trailing)",
                    rest,
                    &t.to_string(),
                ));
            }
        }
    }
    chunk
}

/// The line of one bundle, and its problem when it does not decode or print.
fn decode_bundle<B: Members>(chunk: &mut Chunk, b: &Located<'_, B>, name: &str, form: Form) {
    let op = match b.view.and_then(B::decode_view) {
        Ok(op) => op,
        Err(e) => {
            chunk
                .problems
                .push(report::decode_error(name, b.offset, &e));
            chunk.line(&bad(form, b, &e.to_string()));
            return;
        }
    };
    let line = match form {
        Form::Text => render::bundle_line(b.offset, b.opcode(), &op).map_err(|e| e.to_string()),
        Form::Json => json_record(b, &op).map_err(|e| e.to_string()),
    };
    match line {
        Ok(line) => chunk.line(&line),
        Err(e) => {
            let reason = format!("cannot print {}: {e}", op.name());
            chunk
                .problems
                .push(format!("{name}:{:#x}: {reason}", b.offset));
            chunk.line(&bad(form, b, &reason));
        }
    }
}

/// The JSON record of a bundle that decodes to `op`: its serde form when that encodes back to
/// the bundle's very bytes, its raw record otherwise.
fn json_record<B: Members>(b: &Located<'_, B>, op: &B) -> Result<String, serde_json::Error> {
    match op.to_bytes() {
        Ok(bytes) if bytes == b.bytes => render::json_line(b.offset, op),
        Ok(_) => Ok(raw::record(
            b.offset,
            b.bytes,
            &format!(
                "decodes as {} but encodes back to other bytes; they are kept as they are",
                op.name()
            ),
        )),
        Err(e) => Ok(raw::record(
            b.offset,
            b.bytes,
            &format!("decodes as {} but does not encode back: {e}", op.name()),
        )),
    }
}

/// The line of a bundle that has no typed form, in `form`.
fn bad<B: Family>(form: Form, b: &Located<'_, B>, reason: &str) -> String {
    let what = format!("{:#04x}  (bad)", b.opcode());
    raw_form(form, b.offset, &what, b.bytes, reason)
}

/// Bytes with no typed form in `form`: the listing's `(bad)` line or the raw JSON record.
fn raw_form(form: Form, offset: usize, what: &str, bytes: &[u8], reason: &str) -> String {
    match form {
        Form::Text => raw::line(offset, what, bytes, reason),
        Form::Json => raw::record(offset, bytes, reason),
    }
}

fn run_word32<I: Isa>(args: &Args) -> Result<Status, CliError> {
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let stream = input.read("decode")?;
    let chunk = decode_words::<I>(&stream, &name, Form::of(args));
    let mut out = stdout();
    emit(&mut out, &chunk.text)?;
    flush(&mut out)?;
    for p in &chunk.problems {
        eprintln!("{p}");
    }
    if !chunk.problems.is_empty() {
        eprintln!(
            "{}: {} in {name}",
            I::COMMAND,
            report::count(chunk.problems.len(), "problem")
        );
    }
    Ok(Status::from_count(chunk.problems.len()))
}
