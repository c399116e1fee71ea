//! `isa`: decode, encode, validate, census and document streams of accelerator instruction
//! bundles (and of the PTO tile ISA's 32-bit block words) of the built-in ISA. The command is
//! the library's ([`isa_cli::main`]) on [`isa_cli::isa::BuiltIn`]; a user's ISA gets the same
//! command from the same call on its own [`isa_cli::isa::Isa`].
#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    isa_cli::main::<isa_cli::isa::BuiltIn>()
}
