//! `isa export --format json|c|python [-o PATH]`: every bundle and word layout of the ISA, its field
//! table, its logical values and every lookup table, for tools in other languages. The output
//! appears whole or not at all.

use std::path::PathBuf;

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::export::Catalog;
use crate::io::write_file;
use isa_host::Isa;

/// What `isa export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The JSON catalog (its schema is `isa-cli/schema/catalog.schema.json`).
    Json,
    /// A C11 header: macros, inline getters and setters, tables, member dispatch.
    C,
    /// A Python module (standard library only): decoders, encoders, stream iterators.
    Python,
}

/// Arguments of `isa export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The form to write.
    #[arg(long, value_enum)]
    pub format: Format,
    /// Where to write it; standard output when left out or `-`.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// The export of ISA `I` in `format`.
pub fn export<I: Isa>(format: Format) -> Result<String, CliError> {
    let catalog = Catalog::of::<I>()?;
    match format {
        Format::Json => {
            let mut text =
                serde_json::to_string_pretty(&catalog).map_err(|e| CliError::Export {
                    what: format!("the catalog: {e}"),
                })?;
            text.push('\n');
            Ok(text)
        }
        Format::C => Ok(crate::export::c::header(&catalog)),
        Format::Python => crate::export::python::module(&catalog),
    }
}

/// Runs `isa export`.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError> {
    let text = export::<I>(args.format)?;
    match args.output.as_deref() {
        Some(path) if path != std::path::Path::new("-") => write_file(path, text.as_bytes())?,
        _ => {
            let mut out = stdout();
            emit(&mut out, &text)?;
            flush(&mut out)?;
        }
    }
    Ok(Status::Clean)
}
