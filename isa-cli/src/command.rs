//! The command line: one subcommand per module of [`crate::cmd`], for any [`Isa`].

use std::process::ExitCode;

use crate::cmd;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use isa_host::Isa;

/// Decode, encode, validate and document accelerator instruction bundles.
#[derive(Debug, Parser)]
#[command(
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
    /// Every layout and lookup table of the ISA for other languages: a JSON catalog, a C header or a Python module.
    Export(cmd::export::Args),
    /// Runs a bundle stream on a simulated core, with NumPy arrays loaded before and dumped
    /// after.
    Run(cmd::run::Args),
}

/// The whole command for ISA `I`: parses the process's arguments, runs the command, reports an
/// error on standard error, and returns the exit status (0 clean, 1 problems in the input, 2
/// the command could not run). A user's binary is `fn main() -> ExitCode {
/// isa_cli::main::<MyIsa>() }`. The command runs streams (`run`) and documents what each op
/// computes (`doc`), so every bundle has a meaning: [`isa_sim::Execute`], which
/// [`isa_sim::execute_family!`] gives a family (an op may declare its meaning unexecuted).
pub fn main<I: Isa>() -> ExitCode
where
    I::Bundles: isa_sim::Execute,
{
    // The one name of the command, in its help, usage and errors, whatever the binary's file
    // is called.
    let matches = Cli::command()
        .name(I::COMMAND)
        .bin_name(I::COMMAND)
        .get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Decode(args) => cmd::decode::run::<I>(args),
        Command::Encode(args) => cmd::encode::run::<I>(args),
        Command::Validate(args) => cmd::validate::run::<I>(args),
        Command::Stats(args) => cmd::stats::run::<I>(args),
        Command::Fields(args) => cmd::fields::run::<I>(args),
        Command::Doc(args) => cmd::doc::run::<I>(args),
        Command::Export(args) => cmd::export::run::<I>(args),
        Command::Run(args) => cmd::run::run::<I>(args),
    };
    match result {
        Ok(status) => status.exit_code(),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", I::COMMAND);
            e.exit_code()
        }
    }
}
