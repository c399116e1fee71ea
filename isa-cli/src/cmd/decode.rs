//! `isa decode [FILE|-] [--json]`: one line per bundle — byte offset, opcode, op name and every
//! field — or one JSON object per bundle, the serde form `isa encode` reads back.
//!
//! A bundle that does not decode (unknown opcode, reserved bits set, a code not in its table)
//! and trailing bytes that do not make a bundle are reported on standard error with their byte
//! offset, and every other bundle is still decoded. The exit status is 1 when anything was
//! reported. Neither form leaves them out: the listing shows them as objdump shows `(bad)`,
//! with every byte and the reason, and the JSON Lines carry them as raw records,
//! `{"offset":N,"raw":"<hex>","reason":"…"}` (see [`isa_host::raw`]), so that `isa decode --json
//! S | isa encode - -o T` writes T byte for byte equal to S, whatever S holds. A bundle that
//! decodes is written as its serde form only when that encodes back to the very same bytes;
//! otherwise as a raw record too.
//!
//! With `--word32` the input is a stream of 32-bit PTO block words instead (see
//! `word_stream.rs`): each TSHUF block is listed with its byte offset and its assembly
//! text, then each of its words with its fields; stray and unknown words and trailing bytes are
//! reported the same way, and in the JSON Lines every byte is in a block, word or raw record.
//! The two kinds of stream are told apart only by the flag: a word stream is a valid length for
//! either, and nothing in its bytes says which it is. Either is read as it comes, in memory
//! bounded however long it is (a word stream: see `word_walk.rs`).
//!
//! An empty stream is a stream of nothing: it prints nothing, in either form, and exits 0 (so
//! `isa decode --json S | isa encode - -o T` gives T equal to S for the empty S too).

use std::io::{BufWriter, StdoutLock};
use std::path::PathBuf;
use std::sync::Mutex;

use isa_core::Family;
use isa_core::family::Located;
use isa_core::render::RenderError;

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::Input;
use crate::report;
use crate::walk::{self, Item, walk};
use crate::word_walk::{WordSink, walk_words};
use isa_host::decode::{decoded, round_trip};
use isa_host::word_stream::{WordItem, WordProblem};
use isa_host::{Isa, Members, listing, raw};

/// Arguments of `isa decode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The stream of 64-byte bundles; `-` or nothing reads standard input. An empty stream
    /// prints nothing and exits 0.
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
    decode_piece::<I>(stream, 0, name, form, String::new())
}

/// `piece`, the bytes of a stream from its byte `start` on (whole bundles, and trailing bytes
/// only at the stream's end), as `isa decode` writes it in `form`, appended to `text` (which
/// a caller reuses from one piece to the next, as the command does), with the problems it
/// reports for the input called `name`.
pub fn decode_piece<I: Isa>(
    piece: &[u8],
    start: usize,
    name: &str,
    form: Form,
    text: String,
) -> Chunk {
    decode_chunk(
        &mut walk::items::<I::Bundles>(piece, start),
        name,
        form,
        text,
    )
}

/// `stream`, a whole stream of 32-bit PTO block words, as `isa decode --word32` writes it in
/// `form`, with the problems it reports for the input called `name`.
pub fn decode_words<I: Isa>(stream: &[u8], name: &str, form: Form) -> Chunk {
    let mut chunk = Chunk::default();
    for item in I::word_decoder().decode(stream) {
        chunk.word_item(item, name, form);
    }
    chunk
}

impl Chunk {
    /// Adds one item of a word stream: its line in `form`, or its problem.
    fn word_item(&mut self, item: Result<WordItem, WordProblem>, name: &str, form: Form) {
        match item {
            Ok(w) => match (form, &w.json) {
                (Form::Json, Some(json)) => self.line(&listing::with_offset(w.offset, json)),
                (Form::Json, None) => {}
                (Form::Text, _) => self.line(&isa_host::word_stream::line(&w)),
            },
            Err(p) => self
                .problems
                .push(format!("{name}:{:#x}: {}", p.offset, p.message)),
        }
    }
}

/// Runs `isa decode`.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError> {
    if args.word32 {
        return run_word32::<I>(&args);
    }
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let source = input.open()?;
    let mut out = stdout();
    let mut problems = 0;
    // Text buffers written out go back to be filled again: a fresh one per chunk would be
    // fresh pages, faulted in one by one.
    let spare: Mutex<Vec<String>> = Mutex::new(Vec::new());
    walk::<I::Bundles, _, _, _>(
        source,
        |items| {
            let text = spare
                .lock()
                .ok()
                .and_then(|mut s| s.pop())
                .unwrap_or_default();
            decode_chunk(items, &name, Form::of(&args), text)
        },
        |chunk: Chunk, progress| {
            problems += chunk.problems.len();
            progress.suspend(|| {
                emit(&mut out, &chunk.text)?;
                flush(&mut out)?;
                for p in &chunk.problems {
                    eprintln!("{p}");
                }
                Ok(())
            })?;
            let mut text = chunk.text;
            text.clear();
            if let Ok(mut s) = spare.lock() {
                s.push(text);
            }
            Ok(())
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
    mut text: String,
) -> Chunk {
    // Room for every line at once: a listing line is about 350 bytes, a JSON line 400.
    text.reserve(items.size_hint().0.saturating_mul(448));
    let mut chunk = Chunk {
        text,
        problems: Vec::new(),
    };
    for item in items {
        match item {
            Item::Bundle(b) => decode_bundle(&mut chunk, &b, name, form),
            Item::Trailing(t, rest) => {
                chunk.problems.push(report::trailing(name, &t));
                let reason = t.to_string();
                chunk.line(&match form {
                    Form::Text => raw::trailing_line(t.offset, rest, &reason),
                    Form::Json => raw::record(t.offset, rest, &reason),
                });
            }
        }
    }
    chunk
}

/// The line of one bundle, and its problem when it does not decode or print. A bundle prints
/// only when it decodes with every check; its line is written from its wire bytes in place.
fn decode_bundle<B: Members>(chunk: &mut Chunk, b: &Located<'_, B>, name: &str, form: Form) {
    let (view, op) = match decoded(b) {
        Ok(decoded) => decoded,
        Err(e) => {
            chunk
                .problems
                .push(report::decode_error(name, b.offset, &e));
            chunk.line(&bad(form, b, &e.to_string()));
            return;
        }
    };
    // Written straight into the chunk's text; taken back if it fails half-way.
    let start = chunk.text.len();
    let written = typed_line(form, &mut chunk.text, b, &view, &op);
    match written {
        Ok(()) => chunk.text.push('\n'),
        Err(e) => {
            chunk.text.truncate(start);
            let reason = format!("cannot print {}: {e}", op.name());
            chunk
                .problems
                .push(format!("{name}:{:#x}: {reason}", b.offset));
            chunk.line(&bad(form, b, &reason));
        }
    }
}

/// The line of a bundle that decodes to `op`, in `form`: its fields when that encodes back to
/// the bundle's very bytes, the line of its bytes otherwise ([`round_trip`]), so that either
/// form reads back to the stream.
fn typed_line<B: Members>(
    form: Form,
    out: &mut String,
    b: &Located<'_, B>,
    view: &B::View<'_>,
    op: &B,
) -> Result<(), RenderError> {
    match (round_trip(op, b.bytes), form) {
        (Ok(()), Form::Text) => listing::bundle_line::<B>(out, b.offset, b.opcode(), view),
        (Ok(()), Form::Json) => listing::json_line::<B>(out, b.offset, op.tag(), view),
        (Err(reason), _) => {
            out.push_str(&bad(form, b, &reason));
            Ok(())
        }
    }
}

/// The line of a bundle that has no typed form, in `form`: the listing's `(bad)` line or the
/// raw JSON record.
fn bad<B: Family>(form: Form, b: &Located<'_, B>, reason: &str) -> String {
    match form {
        Form::Text => raw::bad_line(b.offset, b.bytes, reason),
        Form::Json => raw::record(b.offset, b.bytes, reason),
    }
}

fn run_word32<I: Isa>(args: &Args) -> Result<Status, CliError> {
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let mut sink = WordLines {
        out: stdout(),
        chunk: Chunk::default(),
        name: &name,
        form: Form::of(args),
        problems: 0,
    };
    walk_words(input.open()?, &*I::word_decoder(), &mut sink)?;
    sink.write_out()?;
    flush(&mut sink.out)?;
    if sink.problems > 0 {
        eprintln!(
            "{}: {} in {name}",
            I::COMMAND,
            report::count(sink.problems, "problem")
        );
    }
    Ok(Status::from_count(sink.problems))
}

/// Bytes of listing or JSON Lines gathered before they are written.
const WORD_TEXT_BYTES: usize = 1 << 16;

/// The lines of a word stream, written as its items arrive, and its problems reported.
struct WordLines<'a> {
    out: BufWriter<StdoutLock<'static>>,
    /// The lines not written yet, and the problems not reported yet.
    chunk: Chunk,
    name: &'a str,
    form: Form,
    problems: usize,
}

impl WordLines<'_> {
    /// Hands the lines gathered to standard output and reports the problems.
    fn write_out(&mut self) -> Result<(), CliError> {
        emit(&mut self.out, &self.chunk.text)?;
        self.chunk.text.clear();
        for p in self.chunk.problems.drain(..) {
            eprintln!("{p}");
        }
        Ok(())
    }
}

impl WordSink for WordLines<'_> {
    fn item(&mut self, item: Result<WordItem, WordProblem>) -> Result<(), CliError> {
        self.problems += usize::from(item.is_err());
        self.chunk.word_item(item, self.name, self.form);
        if self.chunk.text.len() >= WORD_TEXT_BYTES || !self.chunk.problems.is_empty() {
            self.write_out()?;
        }
        Ok(())
    }
}
