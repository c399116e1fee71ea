//! `isa validate FILE`: decodes every bundle with every check, then runs every validator of its
//! op (the `RUN_ISA_CHECKS` arm of seed 000's lifecycle, on bundles read from a stream).
//!
//! Each finding is one line on standard output: absolute byte offset, op, check name, field and
//! message. A bundle that does not decode is the failed check `decode`; trailing bytes are
//! reported too. With `--word32` the input is a stream of 32-bit PTO block words: each block
//! that does not compose, each word that does not decode, each stray word and trailing bytes are
//! one line each, with the byte offset of the word they are about. The exit status is 1 when
//! anything failed. An empty stream has nothing to fail: it passes with 0 bundles (or 0
//! blocks).
//!
//! With `--strict-only`, a validator finding is reported only when its rule is stated by the
//! seeds (tagged CONFIRMED or STRONG, `isa_core::Rule::is_stated`); findings of rules that are
//! readings (INFERRED, SPECULATIVE) are left out. Decode failures and trailing bytes are always
//! reported: they are not validator findings, and a bundle that does not decode has no
//! validator to run.

use std::io::{BufWriter, StdoutLock};
use std::path::PathBuf;

use isa_host::validate::{Reported, check_items};
use isa_host::word_stream::{ItemKind, WordItem, WordProblem};
use isa_host::{Isa, Members};

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::{Input, Source};
use crate::report;
use crate::walk::{Item, walk};
use crate::word_walk::{WordSink, walk_words};

/// Arguments of `isa validate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The stream of 64-byte bundles (`-`: standard input). An empty stream has nothing to
    /// fail: "0 bundles, every check passed" (with `--word32`, "0 blocks"), exit 0.
    pub input: PathBuf,
    /// The input is a stream of 32-bit PTO block words (TSHUF blocks).
    #[arg(long)]
    pub word32: bool,
    /// Report only validator findings whose rule the seeds state (CONFIRMED or STRONG), not
    /// those of rules read from a check's name or the encoder (INFERRED, SPECULATIVE).
    #[arg(long)]
    pub strict_only: bool,
}

#[derive(Default)]
struct Chunk {
    bundles: usize,
    findings: Vec<String>,
}

/// Runs `isa validate`.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError> {
    let input = Input::from_arg(Some(&args.input));
    let name = input.name();
    if args.word32 {
        return run_word32::<I>(input.open()?, &name);
    }
    let source = input.open()?;
    let mut out = stdout();
    let (mut bundles, mut findings) = (0, 0);
    let strict_only = args.strict_only;
    walk::<I::Bundles, _, _, _>(
        source,
        |items| check_chunk(items, &name, strict_only),
        |chunk: Chunk, progress| {
            bundles += chunk.bundles;
            findings += chunk.findings.len();
            progress.suspend(|| {
                for line in &chunk.findings {
                    emit(&mut out, line)?;
                    emit(&mut out, "\n")?;
                }
                flush(&mut out)
            })
        },
    )?;
    flush(&mut out)?;
    let bundles = report::count(bundles, "bundle");
    match findings {
        0 => eprintln!("{}: {name}: {bundles}, every check passed", I::COMMAND),
        n => eprintln!(
            "{}: {name}: {bundles}, {}",
            I::COMMAND,
            report::count(n, "finding")
        ),
    }
    Ok(Status::from_count(findings))
}

fn check_chunk<B: Members>(
    items: &mut dyn Iterator<Item = Item<'_, B>>,
    name: &str,
    strict_only: bool,
) -> Chunk {
    let mut chunk = Chunk::default();
    check_items(items, strict_only, |reported| match reported {
        Reported::Bundle(_) => chunk.bundles += 1,
        Reported::Finding {
            bundle,
            op,
            finding,
        } => chunk
            .findings
            .push(report::finding(name, bundle, op, &finding)),
        Reported::Trailing(t) => chunk.findings.push(report::trailing(name, t)),
    });
    chunk
}

/// `--word32`: every problem the block decoder reports, one line each, as the stream is read.
fn run_word32<I: Isa>(source: Source, name: &str) -> Result<Status, CliError> {
    let mut sink = WordProblems {
        out: stdout(),
        name,
        blocks: 0,
        problems: 0,
    };
    walk_words(source, &*I::word_decoder(), &mut sink)?;
    flush(&mut sink.out)?;
    let blocks = report::count(sink.blocks, "block");
    match sink.problems {
        0 => eprintln!("{}: {name}: {blocks}, every check passed", I::COMMAND),
        n => eprintln!(
            "{}: {name}: {blocks}, {}",
            I::COMMAND,
            report::count(n, "problem")
        ),
    }
    Ok(Status::from_count(sink.problems))
}

/// The problems of a word stream, written as they arrive, and the blocks counted.
struct WordProblems<'a> {
    out: BufWriter<StdoutLock<'static>>,
    name: &'a str,
    /// Blocks, composed or not.
    blocks: usize,
    problems: usize,
}

impl WordSink for WordProblems<'_> {
    fn lines(&self) -> bool {
        false
    }

    fn item(&mut self, item: Result<WordItem, WordProblem>) -> Result<(), CliError> {
        match item {
            Ok(w) => {
                self.blocks += usize::from(matches!(w.kind, ItemKind::Block | ItemKind::BadBlock));
                Ok(())
            }
            Err(p) => {
                self.problems += 1;
                let line = format!("{}:{:#x}: {}\n", self.name, p.offset, p.message);
                emit(&mut self.out, &line)
            }
        }
    }
}
