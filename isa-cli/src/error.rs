//! What can stop a command, and the exit status each one maps to.
//!
//! Problems found *in* the input (a bundle that does not decode, a failed check, a malformed
//! JSON line) are reported where they are found, with their byte offset or line, and the command
//! goes on; it then ends with [`Status::Problems`]. A [`CliError`] is what prevents a command from
//! running at all: an input that cannot be read, an output that cannot be written, an unknown op
//! name.

use std::io;
use std::process::ExitCode;

/// How a command that ran to the end went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every bundle (or line) was read and every check passed.
    Clean,
    /// This many problems were reported; the exit status is 1.
    Problems(usize),
}

impl Status {
    /// `Clean` when `problems` is zero.
    pub fn from_count(problems: usize) -> Self {
        match problems {
            0 => Status::Clean,
            n => Status::Problems(n),
        }
    }

    /// 0 when clean, 1 when problems were reported.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Status::Clean => ExitCode::SUCCESS,
            Status::Problems(_) => ExitCode::from(1),
        }
    }
}

/// Why a command could not run (exit status 2), or could not finish writing.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input could not be opened or read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The input as named on the command line.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// The input is a directory.
    #[error("{path} is a directory; give a file of bundles (or - for standard input)")]
    Directory {
        /// The input as named on the command line.
        path: String,
    },
    /// An output could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The output path (or "standard output").
        path: String,
        /// Why.
        source: io::Error,
    },
    /// No declaration has that name, wire name, opcode or word identity.
    #[error("no op is named `{name}`; the ops are: {known}")]
    UnknownOp {
        /// The name asked for.
        name: String,
        /// Every op name, then every block word name.
        known: String,
    },
    /// A `.npy` file that cannot be used.
    #[error("{path}: {why}")]
    Npy {
        /// The file.
        path: String,
        /// Why not.
        why: String,
    },
    /// Arguments that cannot be used together or as given.
    #[error("{why}")]
    Usage {
        /// Why not.
        why: String,
    },
    /// A layout the export cannot describe.
    #[error("cannot export {what}")]
    Export {
        /// The member and what about it.
        what: String,
    },
}

impl CliError {
    /// A write error on standard output.
    pub fn stdout(source: io::Error) -> Self {
        CliError::Write {
            path: "standard output".into(),
            source,
        }
    }

    /// Whether the error is a closed pipe on standard output (`isa decode big.bin | head`):
    /// the reader has what it wanted, so the command ends quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Write { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
    }

    /// Exit status 2: the command could not run.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(2)
    }
}
