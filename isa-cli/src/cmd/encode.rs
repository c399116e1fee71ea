//! `isa encode [FILE|-] -o OUT`: the listing `isa decode` prints, or JSON Lines as `isa decode
//! --json` writes them, in any mix, one bundle per line, back to a stream of 64-byte bundles;
//! with `--word32`, lines as `isa decode --word32` or `--word32 --json` writes them (or blocks in
//! assembly text) back to a stream of 32-bit PTO block words. A listing line is read by
//! [`isa_host::assemble()`] (for any ISA, from its declarations), the same reader the Python
//! package's `assemble` uses.
//!
//! In either mode a raw record, `{"offset":N,"raw":"<hex>","reason":"…"}` (see [`isa_host::raw`]),
//! is written back byte for byte: that is how `decode --json` carries what has no typed form, so
//! decoding to JSON Lines and encoding them back gives the very same bytes, whatever they were.
//!
//! The `offset` member says where a record's bytes sit. Records are in stream order, each where
//! the one before it ends: a record whose `offset` is not the number of bytes the records before
//! it make (a line deleted, repeated or moved) leaves a gap or overlaps, and is refused with the
//! expected and the found offset. `offset` is optional, for JSON written by hand: a record
//! without one goes where the one before it ends, and so does a block in assembly text. After a
//! line that does not read, the next record with an `offset` says where the stream goes on.
//!
//! Every line is read and every problem is reported with its line number (and column, for
//! malformed JSON; and for a value that does not deserialize, the member at fault and its byte);
//! if any line fails, `OUT` is not written at all. Blank lines are skipped, and so are lines
//! starting with `#` or `;`; a line may end with `\r\n`.
//!
//! The input is read as a stream, in batches of whole lines, on a thread of its own: each batch
//! is encoded on every core while the next arrives, its problems are reported as soon as it is
//! read (a pipe's while its writer still writes), and its bytes go to a temporary file beside
//! `OUT` that is renamed over it only when every line has encoded. The memory held is about one
//! batch, however long the input. When a line fails, that temporary file is removed: `OUT` is
//! not written, and a file already there is left as it was. Written to standard output (`-o -`),
//! the bytes go out batch by batch; when a line fails, every byte of the lines before it has
//! been written and nothing of it or after it is, the message says how many bytes went out, and
//! the exit status says it failed.
//!
//! An empty input, or one of blank lines only, is the empty stream: `OUT` is written, empty.

use std::path::{Path, PathBuf};

use isa_host::Isa;
pub use isa_host::encode::{LineError, LineProblem, Misplaced, Mode, Written};
use isa_host::encode::{Placed, Tally, read_line_into};
use rayon::prelude::*;

use crate::cmd::{emit_bytes, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::{self, Input};
use crate::walk::ReadAhead;
use crate::{lines, report};

/// Arguments of `isa encode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The listing `isa decode` prints (or written by hand) or JSON Lines as `isa decode --json`
    /// writes them, in any mix, each line at the offset where the one before it ends (or
    /// without one); `-` or nothing reads standard input. An empty input (or blank lines only)
    /// is the empty stream: OUT is written, empty.
    pub input: Option<PathBuf>,
    /// The stream to write (`-`: standard output). Written only if every line encodes; a file
    /// already there is left as it was otherwise. Standard output gets every byte of the lines
    /// before the first that does not encode, and the message says how many.
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Write 32-bit PTO block words: each line is a JSON object as `isa decode --word32 --json`
    /// writes it (a block or a word), or one block in assembly text
    /// (`BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP`).
    #[arg(long)]
    pub word32: bool,
}

/// Bytes of input per batch: the lines of one batch are read on every core while the next
/// arrive, and the memory the command holds is about this much, however long the input is.
const BATCH_BYTES: usize = 4 << 20;
/// Bytes of lines per piece of a batch handed to one worker.
const PIECE_BYTES: usize = 64 << 10;

/// Runs `isa encode`: the input is read a batch of lines at a time on a thread of its own,
/// each batch encoded on every core, and its bytes written (to a temporary file beside `OUT`,
/// renamed over it only when every line has encoded) before the next.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError> {
    let input = Input::from_arg(args.input.as_deref());
    let name = input.name();
    let source = input.open()?;
    let mode = if args.word32 {
        Mode::Words
    } else {
        Mode::Bundles
    };
    let mut out = Output::create(&args.output)?;
    let mut ahead = ReadAhead::spawn(source);
    let tally = encode_stream::<I>(
        |buf| ahead.read(buf),
        mode,
        BATCH_BYTES,
        |problem| eprintln!("{}", problem.located(&name)),
        |bytes| out.write(bytes),
    )?;
    let Some(first) = tally.first_problem else {
        out.commit()?;
        return Ok(Status::Clean);
    };
    let lines = report::count(tally.problems, "line");
    let what = match out.abandon()? {
        Abandoned::File => format!(
            "{} was not written (an existing file is left as it was)",
            args.output.display()
        ),
        Abandoned::Stdout => format!(
            "standard output holds the {} encoded before line {first}",
            report::count(tally.written, "byte")
        ),
    };
    eprintln!("{}: {lines} of {name} did not encode; {what}", I::COMMAND);
    Ok(Status::Problems(tally.problems))
}

/// Where the encoded bytes go: a file that appears only when complete, or standard output.
enum Output {
    File(io::AtomicFile),
    Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>),
}

impl Output {
    /// The output `path` names (`-`: standard output).
    fn create(path: &Path) -> Result<Self, CliError> {
        if path == Path::new("-") {
            Ok(Output::Stdout(stdout()))
        } else {
            io::AtomicFile::create(path).map(Output::File)
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        match self {
            Output::File(f) => f.write_all(bytes),
            Output::Stdout(out) => emit_bytes(out, bytes),
        }
    }

    /// Puts the file in place, or flushes standard output.
    fn commit(self) -> Result<(), CliError> {
        match self {
            Output::File(f) => f.commit(),
            Output::Stdout(mut out) => flush(&mut out),
        }
    }

    /// Gives up after a line that did not encode: the part of the file written is removed (the
    /// target is left as it was), the bytes handed to standard output are flushed.
    fn abandon(self) -> Result<Abandoned, CliError> {
        match self {
            Output::File(f) => {
                drop(f);
                Ok(Abandoned::File)
            }
            Output::Stdout(mut out) => flush(&mut out).map(|()| Abandoned::Stdout),
        }
    }
}

/// What an abandoned output holds.
enum Abandoned {
    /// Nothing was put in place.
    File,
    /// The bytes of the lines before the first that did not encode.
    Stdout,
}

/// The stream the JSON Lines `text` stand for, in `mode`, or every line that does not encode
/// (a line that does not read, a record that is not where the records before it end), in line
/// order. The same code as `isa encode`'s: batches of lines, each line read on any core, the
/// offsets checked in order.
pub fn encode_lines<I: Isa>(text: &[u8], mode: Mode) -> Result<Vec<u8>, Vec<LineProblem>> {
    let mut stream = Vec::with_capacity(text.len() / 4);
    let mut problems = Vec::new();
    let done = encode_stream::<I>(
        lines::reads_of(text, usize::MAX),
        mode,
        BATCH_BYTES,
        |problem| problems.push(problem),
        |bytes| {
            stream.extend_from_slice(bytes);
            Ok(())
        },
    );
    match done {
        Ok(_) if problems.is_empty() => Ok(stream),
        Ok(_) | Err(_) => Err(problems),
    }
}

/// The lines of a piece read: their bytes one after the other, each line's outcome with its
/// 0-based index in the piece, and how many newlines the piece holds.
struct Chunk {
    bytes: Vec<u8>,
    lines: Vec<(usize, Result<Placed, LineError>)>,
    newlines: usize,
}

/// Encodes the lines `read` delivers (`Ok(0)` at the end), in `mode`, a batch of about
/// `batch_bytes` at a time: `report` takes each line that does not encode, in line order, as
/// soon as its batch is read; `write` takes the bytes, in order, up to the first line that does
/// not encode: every byte of the lines before it, nothing of it or after it.
fn encode_stream<I: Isa>(
    read: impl FnMut(&mut [u8]) -> Result<usize, CliError>,
    mode: Mode,
    batch_bytes: usize,
    mut report: impl FnMut(LineProblem),
    mut write: impl FnMut(&[u8]) -> Result<(), CliError>,
) -> Result<Tally, CliError> {
    let mut tally = Tally::new();
    // The number of the first line of the next piece.
    let mut first_line = 1;
    lines::batches(read, batch_bytes, |batch| {
        let chunks: Vec<Chunk> = lines::pieces(batch, PIECE_BYTES)
            .par_iter()
            .map(|piece| encode_piece::<I>(piece, mode))
            .collect();
        for chunk in chunks {
            // The bytes of the piece's lines before the one at hand.
            let mut before = 0;
            for (index, read) in chunk.lines {
                let len = read.as_ref().map_or(0, |placed| placed.len);
                if let Err(error) = tally.place(read) {
                    let line = first_line + index;
                    if tally.first_problem.is_none() {
                        tally.first_problem = Some(line);
                        tally.written += before;
                        write(chunk.bytes.get(..before).unwrap_or_default())?;
                    }
                    tally.problems += 1;
                    report(LineProblem { line, error });
                }
                before += len;
            }
            first_line += chunk.newlines;
            if tally.first_problem.is_none() {
                tally.written += chunk.bytes.len();
                write(&chunk.bytes)?;
            }
        }
        Ok(())
    })?;
    Ok(tally)
}

/// Reads each line of `piece` that holds a record, its bytes after the ones before it.
fn encode_piece<I: Isa>(piece: &[u8], mode: Mode) -> Chunk {
    let mut bytes = Vec::with_capacity(piece.len() / 4);
    let mut lines = Vec::new();
    let mut newlines = 0;
    for (index, line) in lines::split(piece) {
        newlines = index;
        if mode.skips(line) {
            continue;
        }
        let start = bytes.len();
        let read = std::str::from_utf8(line)
            .map_err(|e| LineError::NotUtf8 {
                byte: e.valid_up_to() + 1,
            })
            .and_then(|text| read_line_into::<I>(text, mode, &mut bytes));
        let placed = read.map(|offset| Placed {
            offset,
            len: bytes.len() - start,
        });
        lines.push((index, placed));
    }
    Chunk {
        bytes,
        lines,
        newlines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{BLOCK, bytes};
    use isa_host::BuiltIn;
    use isa_host::encode::{read_line, read_object};
    use isa_host::word_stream::{WordDecoder, WordItem, WordReader};

    /// The stream and the problems of `text`, read `piece` bytes a read in batches of `batch`.
    fn streamed(text: &str, mode: Mode, piece: usize, batch: usize) -> (Vec<u8>, Vec<LineProblem>) {
        let (mut stream, mut problems) = (Vec::new(), Vec::new());
        let tally = encode_stream::<BuiltIn>(
            lines::reads_of(text.as_bytes(), piece),
            mode,
            batch,
            |p| problems.push(p),
            |bytes| {
                stream.extend_from_slice(bytes);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(tally.problems, problems.len());
        (stream, problems)
    }

    fn example(name: &str) -> String {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        std::fs::read_to_string(root.join(name)).unwrap()
    }

    #[test]
    fn lines_cut_by_reads_and_batches_encode_as_read_whole() {
        let json = example("examples/kernel.jsonl").replace('\n', "\r\n");
        let assembly = example("examples/tshuf.s");
        for (text, mode) in [(&json, Mode::Bundles), (&assembly, Mode::Words)] {
            let whole = encode_lines::<BuiltIn>(text.as_bytes(), mode).unwrap();
            assert!(!whole.is_empty());
            for piece in [1, 3, 17, 200] {
                for batch in [1, 8, 100, 1 << 20] {
                    let (stream, problems) = streamed(text, mode, piece, batch);
                    assert_eq!(
                        problems,
                        [],
                        "{mode:?}, reads of {piece}, batches of {batch}"
                    );
                    assert_eq!(
                        stream, whole,
                        "{mode:?}, reads of {piece}, batches of {batch}"
                    );
                }
            }
        }
    }

    #[test]
    fn problems_keep_their_line_numbers_across_batches() {
        let good = example("examples/kernel.jsonl");
        let text = format!("{good}{{\"op\":\"Nonsense\"}}\n\n{good}[1]");
        // The kernel's n records, the nonsense at line n + 1, a blank line, the kernel again,
        // and the array at line 2n + 3.
        let n = good.lines().count();
        assert_eq!(n, 9);
        for batch in [1, 64, 1 << 20] {
            let (stream, problems) = streamed(&text, Mode::Bundles, 5, batch);
            let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
            assert_eq!(lines, [n + 1, 2 * n + 3], "batches of {batch}");
            // Nothing is written after the first line that fails.
            assert_eq!(stream.len(), 64 * n, "batches of {batch}");
        }
    }

    /// The bytes and offset of `line` as the whole-object reading has them.
    fn whole(line: &str, mode: Mode) -> Result<Written, LineError> {
        read_object::<BuiltIn>(line, mode)
    }

    #[test]
    fn the_one_pass_reading_agrees_with_the_whole_object_reading() {
        let first = example("examples/kernel.jsonl");
        let first = first.lines().next().unwrap();
        // The members, without the braces.
        let fields = first.strip_prefix('{').unwrap().strip_suffix('}').unwrap();
        let (tag, rest) = fields.split_once(',').unwrap();
        let lines = [
            // As decode writes it, and as hand-written records may be: the offset last, the tag
            // after other members, the offset twice, a raw record with a reason before it.
            format!("{{\"offset\":64,{fields}}}"),
            format!("{{{fields},\"offset\":64}}"),
            format!("{{{rest},{tag}}}"),
            format!("{{\"offset\":0,\"offset\":64,{fields}}}"),
            r#"{"reason":"x","raw":"00ff","offset":3}"#.to_string(),
            r#"{"offset":3,"raw":"00FF","reason":{"any":[1]}}"#.to_string(),
            // Ones that fail, each for the reason the whole-object reading gives.
            format!("{{\"offset\":64,{fields},\"raw\":\"00\"}}"),
            r#"{"offset":-1,"raw":"00"}"#.to_string(),
            r#"{"raw":"0g"}"#.to_string(),
            r#"{"raw":"00","extra":1}"#.to_string(),
            r#"{"op":"Nonsense"}"#.to_string(),
            r#"{"op":"Memset"} x"#.to_string(),
            "[1]".to_string(),
        ];
        for line in &lines {
            let one = read_line::<BuiltIn>(line, Mode::Bundles);
            assert_eq!(one, whole(line, Mode::Bundles), "{line}");
        }
        let words = [
            r#"{"offset":4,"word":"Bstop"}"#,
            r#"{"word":"Bstop","offset":4}"#,
            r#"{"offset":4,"word":"Bstop","block":{}}"#,
            r#"{"offset":0,"block":{},"extra":1}"#,
            r#"{"offset":8,"raw":"01000000"}"#,
        ];
        for line in words {
            let one = read_line::<BuiltIn>(line, Mode::Words);
            assert_eq!(one, whole(line, Mode::Words), "{line}");
        }
        assert_eq!(
            read_line::<BuiltIn>(&lines[1], Mode::Bundles).map(|w| w.offset),
            Ok(Some(64))
        );
        // Records as decode writes them take the one pass.
        for line in &lines[..3] {
            assert!(
                isa_host::record::read::<isa_ops::Op>(line, false).is_some(),
                "{line}"
            );
        }
        assert!(isa_host::record::read::<isa_ops::Op>(&lines[4], false).is_none());
        assert!(isa_host::record::read::<isa_ops::pto::Word>(words[0], true).is_some());
    }

    #[test]
    fn the_json_of_a_block_and_of_a_word_encode_back() {
        let read =
            |text: &str| read_line::<BuiltIn>(text, Mode::Words).map(|w| (w.offset, w.bytes));
        let items = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&bytes(&BLOCK));
        let Some(Ok(WordItem {
            json: Some(json), ..
        })) = items.first()
        else {
            panic!("{items:?}")
        };
        assert_eq!(read(json), Ok((None, bytes(&BLOCK))));
        assert_eq!(
            read(r#"{"offset":0,"block":{},"extra":1}"#).map_err(|e| e.to_string()),
            Err(
                "unknown member `extra` beside `block`; a block line has `block` (and `offset`)"
                    .into()
            )
        );
        assert_eq!(
            read(r#"{"offset":4,"word":"Bstop"}"#),
            Ok((Some(4), vec![1, 0, 0, 0]))
        );
        assert_eq!(
            read(
                "BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; \
                 B.IOR a0; BSTOP"
            ),
            Ok((None, bytes(&BLOCK)))
        );
    }

    #[test]
    fn every_byte_is_in_one_record_and_the_records_encode_back() {
        // A B.DATR with a reserved code, a word no identity matches, a stray BSTOP and two
        // trailing bytes, around the example block.
        let mut words = BLOCK.to_vec();
        words[1] |= 15 << 20;
        words.extend_from_slice(&[0xDEAD_BEEF, 0x0000_0001]);
        words.extend_from_slice(&BLOCK);
        let mut stream = bytes(&words);
        stream.extend_from_slice(&[0xAB, 0xCD]);
        let items = WordReader::<isa_ops::pto::Word>::tshuf_blocks().decode(&stream);
        let mut again = Vec::new();
        for item in items.iter().flatten() {
            if let Some(json) = &item.json {
                let line = isa_host::listing::with_offset(item.offset, json);
                let read = read_line::<BuiltIn>(&line, Mode::Words);
                let Ok(w) = read else {
                    panic!("{line}: {read:?}")
                };
                assert_eq!(w.offset, Some(again.len() as u64), "{line}");
                again.extend(w.bytes);
            }
        }
        assert_eq!(again, stream);
        assert!(items.iter().flatten().any(|i| i.json.as_deref()
            == Some(r#"{"raw":"efbeadde","reason":"word 0xdeadbeef is not a declared word: no mask/match identity matches"}"#)), "{items:?}");
    }
}
