//! The listing and JSON Lines of `isa decode`, over examples/kernel.bin repeated to 1,000,000
//! bundles (64 MB: resident in this machine's 260 MB L3 once read), release profile:
//! `cargo bench -p isa-bench --bench render`.
//!
//! - `listing` and `json_lines`: the command's own function
//!   ([`isa_cli::cmd::decode::decode_piece`]) on one core, 1,024 bundles a piece into one
//!   reused buffer, as the command runs it: every bundle viewed in place, decoded with every
//!   check, and its line written from the field visitor;
//! - `json_serde`: each bundle decoded to its `Op` and written by `serde_json::to_string`, the
//!   offset put in front (the JSON form without the visitor), for comparison;
//! - `encode_json_lines`: the 1,000,000 JSON Lines back to the 64 MB stream with the command's
//!   own reader ([`isa_cli::cmd::encode::encode_lines`], on every core, as `isa encode` runs it),
//!   per record;
//! - `encode_listing`: the listing of the same stream (`isa decode`'s text) back to it, with
//!   the same reader (each line read by [`isa_host::encode::read_line_into`], which assembles a listing line), per line;
//! - then, outside criterion, the listing's encode time over the JSON Lines' on the first
//!   20,000 lines of each, in alternating rounds (`paired.rs`, the median of 31 rounds' ratios,
//!   so that a neighbour coming and going moves both sides): through the command's reader on
//!   every core, and one line after another on one core ([`isa_host::encode::read_line_into`]);
//! - `xxd`: the `xxd` hex dump of the same 64 MB file to a null sink, a floor for "one line of
//!   text per few bytes" (skipped when `xxd` is not installed).
//!
//! Before timing, the visitor's JSON Lines are checked to be the serde form, line for line.

use std::hint::black_box;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::Duration;

mod paired;

use criterion::{Criterion, Throughput};
use isa_cli::BuiltIn;
use isa_cli::cmd::decode::{Form, decode_bundles, decode_piece};
use isa_cli::cmd::encode::{Mode, encode_lines};
use isa_ops::decode_any;
use isa_ops::dispatch::BUNDLE_SIZE;

/// Lines of each text form timed against each other in alternating rounds.
const PAIRED_LINES: usize = 20_000;

/// The first `n` lines of `text`.
fn first_lines(text: &str, n: usize) -> &str {
    let end = text
        .match_indices('\n')
        .nth(n.saturating_sub(1))
        .map_or(text.len(), |(at, _)| at + 1);
    &text[..end]
}

/// Every line of `text` read to its bytes on one core, one after another; the bytes written.
#[inline(never)]
fn one_core(text: &str, out: &mut Vec<u8>) -> usize {
    out.clear();
    for line in text.lines() {
        let _ = isa_host::encode::read_line_into::<BuiltIn>(line, Mode::Bundles, out);
    }
    out.len()
}

/// The example kernel: ten bundles of seven ops.
const KERNEL: &[u8] = include_bytes!("../../examples/kernel.bin");
/// Bundles timed.
const BUNDLES: usize = 1_000_000;
/// Bundles per piece, as the command hands them to one core.
const PIECE: usize = 1024;

/// The whole stream through the command's listing or JSON Lines, a piece at a time into one
/// reused text buffer, as the command writes it; the bytes written.
#[inline(never)]
fn command_form(stream: &[u8], form: Form, text: &mut String) -> usize {
    let mut written = 0;
    for (k, piece) in stream.chunks(PIECE * BUNDLE_SIZE).enumerate() {
        let mut buffer = std::mem::take(text);
        buffer.clear();
        let chunk = decode_piece::<BuiltIn>(piece, k * PIECE * BUNDLE_SIZE, "bench", form, buffer);
        written += black_box(&chunk.text).len();
        *text = chunk.text;
    }
    written
}

/// Every JSON line of `stream` through decode and serde; the bytes written.
#[inline(never)]
fn json_serde(stream: &[u8], out: &mut String) -> usize {
    out.clear();
    for (i, bundle) in stream.chunks_exact(BUNDLE_SIZE).enumerate() {
        let Ok(op) = decode_any(bundle) else { continue };
        let Ok(object) = serde_json::to_string(&op) else {
            continue;
        };
        out.push_str("{\"offset\":");
        out.push_str(&(i * BUNDLE_SIZE).to_string());
        out.push(',');
        out.push_str(object.get(1..).unwrap_or_default());
        out.push('\n');
    }
    out.len()
}

/// `xxd FILE > /dev/null`, when `xxd` is installed.
fn xxd(path: &std::path::Path) -> Option<std::process::ExitStatus> {
    Command::new("xxd")
        .arg(path)
        .stdout(Stdio::null())
        .status()
        .ok()
}

fn main() {
    // `cargo bench` passes --bench; anything else (a test run of the target) gets a short stream.
    let benching = std::env::args().any(|a| a == "--bench");
    let n = if benching { BUNDLES } else { 100 };
    let stream: Vec<u8> = KERNEL
        .iter()
        .copied()
        .cycle()
        .take(n * BUNDLE_SIZE)
        .collect();

    // The visitor's JSON Lines are the serde form, line for line.
    let visitor = decode_bundles::<BuiltIn>(&stream, "bench", Form::Json);
    let mut serde = String::new();
    json_serde(&stream, &mut serde);
    assert_eq!(visitor.text, serde);
    assert!(visitor.problems.is_empty());

    let path = std::env::temp_dir().join(format!("isa-bench-listing-{}.bin", std::process::id()));
    let written = std::fs::File::create(&path).and_then(|mut f| f.write_all(&stream));
    let has_xxd = written.is_ok() && xxd(&path).is_some_and(|s| s.success());

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("render");
    g.throughput(Throughput::Elements(n as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8))
        .sample_size(10);
    let mut text = String::new();
    g.bench_function("listing", |b| {
        b.iter(|| command_form(black_box(&stream), Form::Text, &mut text))
    });
    g.bench_function("json_lines", |b| {
        b.iter(|| command_form(black_box(&stream), Form::Json, &mut text))
    });
    let lines = visitor.text.as_bytes();
    assert_eq!(
        encode_lines::<BuiltIn>(lines, Mode::Bundles).as_deref(),
        Ok(&stream[..])
    );
    g.bench_function("encode_json_lines", |b| {
        b.iter(|| encode_lines::<BuiltIn>(black_box(lines), Mode::Bundles))
    });
    let listing = decode_bundles::<BuiltIn>(&stream, "bench", Form::Text).text;
    assert_eq!(
        encode_lines::<BuiltIn>(listing.as_bytes(), Mode::Bundles).as_deref(),
        Ok(&stream[..])
    );
    g.bench_function("encode_listing", |b| {
        b.iter(|| encode_lines::<BuiltIn>(black_box(listing.as_bytes()), Mode::Bundles))
    });
    let (json, text) = (
        first_lines(&visitor.text, PAIRED_LINES),
        first_lines(&listing, PAIRED_LINES),
    );
    let mut out = Vec::new();
    assert_eq!(one_core(json, &mut out), one_core(text, &mut out));
    let command = paired::ratio(|is_json| {
        let lines = if is_json { json } else { text };
        encode_lines::<BuiltIn>(black_box(lines.as_bytes()), Mode::Bundles).map_or(0, |s| s.len())
    });
    let single =
        paired::ratio(|is_json| one_core(black_box(if is_json { json } else { text }), &mut out));
    eprintln!(
        "render/encode_listing over encode_json_lines, paired, {PAIRED_LINES} lines: every core \
         {command:.3}x, one core {single:.3}x (listing time / JSON Lines time)"
    );
    g.bench_function("json_serde", |b| {
        b.iter(|| json_serde(black_box(&stream), &mut serde))
    });
    if has_xxd {
        g.bench_function("xxd", |b| b.iter(|| xxd(&path)));
    } else {
        eprintln!("render/xxd: skipped, `xxd` is not installed");
    }
    g.finish();
    let _ = std::fs::remove_file(&path);
    c.final_summary();
}
