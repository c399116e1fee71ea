//! One module per command. Each has its clap `Args` and a `run` that returns how the command
//! went ([`Status`](crate::error::Status)) or why it could not run.

pub mod decode;
pub mod doc;
pub mod encode;
pub mod export;
pub mod fields;
pub mod run;
pub mod stats;
pub mod validate;

use std::io::{self, BufWriter, Write};

use crate::error::CliError;

/// Buffered standard output.
pub(crate) fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Writes `text` to `out`, mapping a failure to a [`CliError`].
pub(crate) fn emit(out: &mut impl Write, text: &str) -> Result<(), CliError> {
    emit_bytes(out, text.as_bytes())
}

/// Writes `bytes` to `out`.
pub(crate) fn emit_bytes(out: &mut impl Write, bytes: &[u8]) -> Result<(), CliError> {
    out.write_all(bytes).map_err(CliError::stdout)
}

/// Flushes `out`.
pub(crate) fn flush(out: &mut impl Write) -> Result<(), CliError> {
    out.flush().map_err(CliError::stdout)
}
