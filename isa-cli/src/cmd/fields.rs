//! `isa fields [OP] [--wavedrom]`: the field table of one op, or of every op — offset, width or
//! bit range, name, type and lookup table, confidence and note, with every run of reserved bits
//! — or, with `--wavedrom`, the op's WaveDrom register description.

use isa_ops::DECLARATIONS;
use isa_ops::dispatch::Declaration;

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::{layout, render, wavedrom};

/// Arguments of `isa fields`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The op: its name (any case), its wire-struct name, or one of its opcodes (`0x41`).
    /// Every op when left out.
    pub op: Option<String>,
    /// Print the op's WaveDrom register description (JSON, 32-bit lanes) instead of the table.
    #[arg(long, requires = "op")]
    pub wavedrom: bool,
}

/// Runs `isa fields`.
pub fn run(args: Args) -> Result<Status, CliError> {
    let decls: Vec<&Declaration> = match &args.op {
        Some(name) => vec![find(name)?],
        None => DECLARATIONS.iter().collect(),
    };
    let mut text = String::new();
    for (i, decl) in decls.iter().enumerate() {
        if args.wavedrom {
            text.push_str(&wavedrom::to_json(decl.fields, layout::size_of(decl)));
            text.push('\n');
        } else {
            if i > 0 {
                text.push('\n');
            }
            text.push_str(&render::field_table_text(decl));
        }
    }
    let mut out = stdout();
    emit(&mut out, &text)?;
    flush(&mut out)?;
    Ok(Status::Clean)
}

/// The declaration `name` names: op name (case-insensitive), wire-struct name, or opcode.
pub fn find(name: &str) -> Result<&'static Declaration, CliError> {
    let opcode = name
        .strip_prefix("0x")
        .or_else(|| name.strip_prefix("0X"))
        .and_then(|hex| u8::from_str_radix(hex, 16).ok());
    DECLARATIONS
        .iter()
        .find(|d| {
            d.name.eq_ignore_ascii_case(name)
                || (!d.wire_name.is_empty() && d.wire_name.eq_ignore_ascii_case(name))
                || opcode.is_some_and(|op| d.opcodes.contains(&op))
        })
        .ok_or_else(|| CliError::UnknownOp {
            name: name.to_string(),
            known: DECLARATIONS
                .iter()
                .map(|d| d.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}
