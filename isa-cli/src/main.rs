//! `isa`: decode, encode, validate, census and document streams of accelerator instruction
//! bundles (and of the PTO tile ISA's 32-bit block words), from the declarations in `isa-ops`.
//! An op declared there appears in every command without a change here. The commands live in
//! the library ([`isa_cli::cmd`]); this is their command line.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use isa_cli::cmd;

/// Decode, encode, validate and document accelerator instruction bundles.
#[derive(Debug, Parser)]
#[command(
    name = "isa",
    version,
    after_help = "Exit status: 0 when clean, 1 when the input has problems (each reported with \
                  its byte offset or line), 2 when the command could not run."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// One line per 64-byte bundle: offset, opcode, op, every field (or JSON Lines); with
    /// `--word32`, each TSHUF block of a 32-bit PTO word stream and each of its words.
    Decode(cmd::decode::Args),
    /// JSON Lines (as `decode --json` writes them) back to a bundle stream, or with `--word32`
    /// to a word stream.
    Encode(cmd::encode::Args),
    /// Every decode check and every validator of every bundle; with `--word32`, every problem
    /// of a 32-bit PTO word stream.
    Validate(cmd::validate::Args),
    /// The opcode census of a stream; with `--word32`, the census of word types and blocks.
    Stats(cmd::stats::Args),
    /// The field table of one op or block word, or of all (or a WaveDrom register description).
    Fields(cmd::fields::Args),
    /// The instruction reference: a markdown page and an SVG diagram per op and block word.
    Doc(cmd::doc::Args),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Decode(args) => cmd::decode::run(args),
        Command::Encode(args) => cmd::encode::run(args),
        Command::Validate(args) => cmd::validate::run(args),
        Command::Stats(args) => cmd::stats::run(args),
        Command::Fields(args) => cmd::fields::run(args),
        Command::Doc(args) => cmd::doc::run(args),
    };
    match result {
        Ok(status) => status.exit_code(),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("isa: {e}");
            e.exit_code()
        }
    }
}
