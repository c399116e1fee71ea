//! `isa fields [OP] [--wavedrom | --disputed]`: the field table of one layout, or of every
//! layout — offset, width or bit range, name, type and lookup table, confidence and note (with
//! the public source that agrees or disputes, where a declaration cites one), with every run of
//! reserved bits — or, with `--wavedrom`, the layout's WaveDrom register description, or, with
//! `--disputed`, every placement a public source outside the seeds disputes.
//!
//! The layouts are every op of the 64-byte bundle family, then every 32-bit block word of the PTO
//! tile ISA (seed 004).

use isa_core::Family;

use crate::cmd::{emit, flush, stdout};
use crate::error::{CliError, Status};
use crate::layout::DrawnLayout;
use crate::{render, wavedrom};
use isa_host::Isa;

/// Arguments of `isa fields`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The op or block word: its name (any case; `B.DIM LB0` or `B.DIM_LB0`), its wire-struct
    /// name, one of its opcodes (`0x41`), or a whole 32-bit word (`0x081b4213`: the block word
    /// type it is). Every layout when left out.
    pub op: Option<String>,
    /// Print the layout's WaveDrom register description (JSON, 32-bit lanes) instead of the
    /// table.
    #[arg(long, requires = "op")]
    pub wavedrom: bool,
    /// List every placement a public source outside the seeds disputes — member, field,
    /// offset, what the source says — over the given layout or every layout.
    #[arg(long, conflicts_with = "wavedrom")]
    pub disputed: bool,
}

/// Runs `isa fields`.
pub fn run<I: Isa>(args: Args) -> Result<Status, CliError> {
    let layouts: Vec<DrawnLayout> = match &args.op {
        Some(name) => vec![find::<I>(name)?],
        None => DrawnLayout::all::<I>().collect(),
    };
    let text = if args.disputed {
        render::disputed_text(&render::disputed(&layouts))
    } else {
        let mut text = String::new();
        for (i, layout) in layouts.iter().enumerate() {
            if args.wavedrom {
                text.push_str(&wavedrom::to_json(layout));
                text.push('\n');
            } else {
                if i > 0 {
                    text.push('\n');
                }
                text.push_str(&render::field_table_text(layout));
            }
        }
        text
    };
    let mut out = stdout();
    emit(&mut out, &text)?;
    flush(&mut out)?;
    Ok(Status::Clean)
}

/// The layout `name` names: an op or word name (case-insensitive, a space or an underscore
/// between `B.DIM` and its bound), a wire-struct name, an opcode (`0x41`, at most two hex
/// digits), or a 32-bit word (more than two hex digits), which names the block word type whose
/// mask/match identity it carries.
pub fn find<I: Isa>(name: &str) -> Result<DrawnLayout, CliError> {
    let hex = name
        .strip_prefix("0x")
        .or_else(|| name.strip_prefix("0X"))
        .filter(|h| !h.is_empty());
    let found = match hex {
        Some(h) if h.len() <= 2 => u8::from_str_radix(h, 16)
            .ok()
            .and_then(|op| DrawnLayout::ops::<I>().find(|l| l.opcodes().contains(&op))),
        Some(h) => u32::from_str_radix(h, 16)
            .ok()
            .and_then(|word| I::Words::member_index(&word.to_le_bytes()))
            .and_then(|i| I::Words::DECLARATIONS.get(i))
            .map(DrawnLayout::of),
        None => DrawnLayout::all::<I>().find(|l| {
            l.name.eq_ignore_ascii_case(name)
                || l.file_stem().eq_ignore_ascii_case(name)
                || (!l.wire_name.is_empty() && l.wire_name.eq_ignore_ascii_case(name))
        }),
    };
    found.ok_or_else(|| {
        let names = |layouts: &mut dyn Iterator<Item = DrawnLayout>| {
            layouts.map(|l| l.name).collect::<Vec<_>>().join(", ")
        };
        CliError::UnknownOp {
            name: name.to_string(),
            known: format!(
                "{}; the block words are: {}",
                names(&mut DrawnLayout::ops::<I>()),
                names(&mut DrawnLayout::words::<I>())
            ),
        }
    })
}
