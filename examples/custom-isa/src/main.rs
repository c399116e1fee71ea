//! The whole `isa` command — decode, encode, validate, stats, fields, doc — for the custom ISA.
#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    isa_cli::main::<custom_isa::CustomIsa>()
}
