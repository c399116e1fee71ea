//! Diagnostics, one line each, led by `FILE:OFFSET:` (absolute byte offset in hex) or
//! `FILE:LINE:` so that editors and scripts can jump to them. The text after the location is the
//! library's own message, which already names the op, the field and the value.

use isa_core::family::Trailing;
use isa_core::{DecodeError, Finding};

/// A bundle at `bundle` that does not decode (unknown opcode, reserved bits set, a code not in
/// its table, a bad constant): located at the offending byte.
pub fn decode_error(file: &str, bundle: usize, err: &DecodeError) -> String {
    format!(
        "{file}:{:#x}: {err} (bundle at {bundle:#x})",
        bundle + err.at.offset
    )
}

/// Bytes at the end of the stream that do not make a bundle.
pub fn trailing(file: &str, t: &Trailing) -> String {
    format!("{file}:{:#x}: {t}", t.offset)
}

/// A failed check of the bundle at `bundle`, as `validate` lists it.
pub fn finding<R: std::fmt::Display>(
    file: &str,
    bundle: usize,
    op: &str,
    f: &Finding<R>,
) -> String {
    format!("{file}:{:#x}: {op}: {f}", bundle + f.offset)
}

/// `1 bundle`, `6 bundles`.
pub fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}
