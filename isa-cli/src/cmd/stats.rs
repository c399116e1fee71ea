//! `isa stats FILE`: the opcode census of a stream — how many bundles carry each opcode, under
//! which op — as the `COLLECT_OPCODES` arm of seed 000's lifecycle records it, plus every
//! opcode no declaration claims and any trailing bytes. Only opcodes are read; no field is
//! decoded. With `--word32` the input is a stream of 32-bit PTO block words: the census is of
//! word types (by their mask/match identity) and of blocks, composed or not. The exit status is 1
//! when there are unknown opcodes (words no identity matches) or trailing bytes. An empty stream
//! is counted as it is: 0 bundles (or words), 0 bytes, the empty tables, exit 0.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::marker::PhantomData;
use std::path::PathBuf;

use isa_core::DecodeError;

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::io::{Input, Source};
use crate::report;
use crate::walk::{Item, walk};
use crate::word_walk::{WordSink, walk_words};
use isa_core::Family;
use isa_host::word_stream::{ItemKind, WORD_BYTES, WordItem, WordProblem};
use isa_host::{Isa, Members};

/// Arguments of `isa stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The stream of 64-byte bundles (`-`: standard input). An empty stream is counted as it
    /// is: 0 bundles (with `--word32`, 0 words and 0 blocks), 0 bytes, exit 0.
    pub input: PathBuf,
    /// The input is a stream of 32-bit PTO block words (TSHUF blocks).
    #[arg(long)]
    pub word32: bool,
}

/// The census of one chunk, merged into the whole stream's.
#[derive(Default)]
struct Census {
    /// Opcode → (op name, bundles).
    known: BTreeMap<u8, (&'static str, usize)>,
    /// Opcode → (bundles, offset and error of the first).
    unknown: BTreeMap<u8, (usize, usize, DecodeError)>,
    trailing: Option<isa_core::family::Trailing>,
}

impl Census {
    fn merge(&mut self, other: Census) {
        for (op, (name, n)) in other.known {
            self.known.entry(op).or_insert((name, 0)).1 += n;
        }
        for (op, (n, first, err)) in other.unknown {
            match self.unknown.get_mut(&op) {
                Some(e) => {
                    e.0 += n;
                    if first < e.1 {
                        (e.1, e.2) = (first, err);
                    }
                }
                None => {
                    self.unknown.insert(op, (n, first, err));
                }
            }
        }
        self.trailing = self.trailing.or(other.trailing);
    }
}

/// Runs `isa stats`.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError> {
    let input = Input::from_arg(Some(&args.input));
    let name = input.name();
    if args.word32 {
        return run_word32::<I>(input.open()?, &name);
    }
    let source = input.open()?;
    let mut census = Census::default();
    let bytes = walk(source, count_chunk::<I::Bundles>, |c: Census, _| {
        census.merge(c);
        Ok(())
    })?;

    let known: usize = census.known.values().map(|(_, n)| n).sum();
    let unknown: usize = census.unknown.values().map(|(n, ..)| n).sum();
    let mut text = format!(
        "{name}: {}, {}\n",
        report::count(known + unknown, "bundle"),
        report::count(bytes, "byte")
    );
    let _ = writeln!(text, "opcode  op                        bundles");
    for (op, (op_name, n)) in &census.known {
        let _ = writeln!(text, "{op:#04x}    {op_name:<24} {n:>8}");
    }
    for (op, (n, ..)) in &census.unknown {
        let _ = writeln!(text, "{op:#04x}    {:<24} {n:>8}", "(unknown)");
    }
    let mut by_op: BTreeMap<&str, usize> = BTreeMap::new();
    for (op_name, n) in census.known.values() {
        *by_op.entry(op_name).or_default() += n;
    }
    let _ = writeln!(text, "\nop                                bundles");
    for (op_name, n) in &by_op {
        let _ = writeln!(text, "{op_name:<32} {n:>8}");
    }
    if unknown > 0 {
        let _ = writeln!(text, "{:<32} {unknown:>8}", "(unknown)");
    }
    if let Some(t) = &census.trailing {
        let _ = writeln!(text, "\ntrailing bytes: {} at {:#x}", t.len, t.offset);
    }
    let mut out = stdout();
    emit(&mut out, &text)?;
    flush(&mut out)?;

    for (n, first, err) in census.unknown.values() {
        eprintln!(
            "{} ({} with this opcode)",
            report::decode_error(&name, *first, err),
            report::count(*n, "bundle")
        );
    }
    if let Some(t) = &census.trailing {
        eprintln!("{}", report::trailing(&name, t));
    }
    Ok(Status::from_count(
        census.unknown.len() + usize::from(census.trailing.is_some()),
    ))
}

fn count_chunk<B: Members>(items: &mut dyn Iterator<Item = Item<'_, B>>) -> Census {
    let mut c = Census::default();
    for item in items {
        match item {
            Item::Bundle(b) => match &b.view {
                Ok(view) => {
                    let name = B::view_declaration(view).name;
                    c.known.entry(b.opcode()).or_insert((name, 0)).1 += 1
                }
                Err(err) => {
                    let first = || (0, b.offset, err.clone());
                    c.unknown.entry(b.opcode()).or_insert_with(first).0 += 1
                }
            },
            Item::Trailing(t, _) => c.trailing = Some(t),
        }
    }
    c
}

/// `--word32`: how many words of each type, how many no identity matches, how many blocks.
fn run_word32<I: Isa>(source: Source, name: &str) -> Result<Status, CliError> {
    let mut census = WordCensus::<I::Words>::default();
    let len = walk_words(source, &*I::word_decoder(), &mut census)?;
    let WordCensus {
        kinds,
        unknown,
        blocks,
        bad_blocks,
        ..
    } = census;
    let rest = len % WORD_BYTES;
    let words = len / WORD_BYTES;
    let mut text = format!(
        "{name}: {}, {}\n",
        report::count(words, "word"),
        report::count(len, "byte")
    );
    let _ = writeln!(text, "word                      words");
    for (&kind, n) in &kinds {
        let kind = I::Words::DECLARATIONS.get(kind).map_or("", |d| d.name);
        let _ = writeln!(text, "{kind:<24} {n:>6}");
    }
    if unknown > 0 {
        let _ = writeln!(text, "{:<24} {unknown:>6}", "(unknown)");
    }
    let _ = writeln!(text, "\nblocks that compose: {blocks}");
    let _ = writeln!(text, "blocks that do not:  {bad_blocks}");
    if rest > 0 {
        let _ = writeln!(
            text,
            "\ntrailing bytes: {rest} at {:#x}",
            words * WORD_BYTES
        );
    }
    let mut out = stdout();
    emit(&mut out, &text)?;
    flush(&mut out)?;
    if unknown > 0 {
        eprintln!(
            "{}: {name}: {} no block word identity matches",
            I::COMMAND,
            report::count(unknown, "word")
        );
    }
    if rest > 0 {
        eprintln!(
            "{}: {name}: {rest} trailing bytes at {:#x} do not make a 32-bit word",
            I::COMMAND,
            words * WORD_BYTES
        );
    }
    Ok(Status::from_count(unknown + usize::from(rest > 0)))
}

/// The census of a word stream, taken as it is read.
struct WordCensus<W> {
    /// Member index → words, so listed in declaration order.
    kinds: BTreeMap<usize, usize>,
    /// Words no identity matches.
    unknown: usize,
    /// Blocks that compose, and blocks that do not.
    blocks: usize,
    bad_blocks: usize,
    family: PhantomData<W>,
}

impl<W> Default for WordCensus<W> {
    fn default() -> Self {
        Self {
            kinds: BTreeMap::new(),
            unknown: 0,
            blocks: 0,
            bad_blocks: 0,
            family: PhantomData,
        }
    }
}

impl<W: Members> WordSink for WordCensus<W> {
    fn lines(&self) -> bool {
        false
    }

    fn item(&mut self, item: Result<WordItem, WordProblem>) -> Result<(), CliError> {
        match item.map(|w| w.kind) {
            Ok(ItemKind::Block) => self.blocks += 1,
            Ok(ItemKind::BadBlock) => self.bad_blocks += 1,
            Ok(ItemKind::Word | ItemKind::Stray | ItemKind::Trailing) | Err(_) => {}
        }
        Ok(())
    }

    fn bytes(&mut self, taken: &[u8]) {
        for word in taken.chunks_exact(WORD_BYTES) {
            match W::member_index(word) {
                Some(kind) => *self.kinds.entry(kind).or_default() += 1,
                None => self.unknown += 1,
            }
        }
    }
}
