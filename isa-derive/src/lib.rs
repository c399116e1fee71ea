//! `#[derive(Bundle)]`: one annotated struct becomes a byte-exact instruction layout.
//!
//! The derive reads `#[bundle(...)]` on the struct and `#[field(...)]` on each field and emits:
//! the `#[repr(C)]` zerocopy wire struct (`<Name>Wire`, exactly `size` bytes, unclaimed bytes
//! reserved), typed getters and setters on it, the [`Bundle`] implementation (encode, checked
//! decode, the static field table) and compile-time layout checks. See the `isa-core` crate docs
//! for the attribute reference.
//!
//! The pipeline is one stage per file: `attr` (attribute grammar) → `ast` (typed nodes that keep
//! their spans) → `valid` (the rules, one `check_*` each) → `plan` (the code-generation plan,
//! built once) → `expand/*` (one generated piece per file, each reading the plan).
//!
//! [`Bundle`]: https://docs.rs/isa-core
#![forbid(unsafe_code)]

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

/// Derives `isa_core::Bundle` (and, for layouts without identity, `isa_core::Field`).
///
/// # `#[bundle(...)]` on the struct
///
/// | key | meaning |
/// | --- | --- |
/// | `size = N` | size in bytes |
/// | `opcodes = [0x41, ..]` | a 64-byte-family bundle: byte 0 is one of these, byte 1 `inst_word_len` = `size / 4`, bytes 2..=3 zero (written and checked for you) |
/// | `mask = M, match = V` | a 32-bit word layout: `word & M == V` (instead of `opcodes`) |
/// | `name = "..."`, `wire = "..."` | the op's name (default: the struct's) and the specification's wire-struct name |
/// | `constant(offset, len = 1, value, name, confidence, note)` | a fixed little-endian byte range |
/// | `reserved(offset, len = 1, name, confidence, note)` | a documented reserved range (every unclaimed bit is reserved anyway); without `confidence` the tables show it "not stated" |
/// | `unrecovered = "..."` | the field map is not known: the op is recognised by its identity and its bytes are carried whole in `[u8; N]` fields |
/// | `crate = "path"` | the path of the runtime (`isa-core`) when it is neither a dependency of the crate nor reached through the `isa` facade it depends on, e.g. `crate = "my_facade::isa_core"`; a path not starting with `::`, `crate`, `self` or `super` names an external crate |
///
/// The generated code names the runtime by one path, found in the crate's `Cargo.toml`:
/// `::isa_core` when the crate depends on `isa-core` (under its own or a renamed name),
/// `::isa::core` when it depends on the `isa` facade only, or the `crate = "…"` given. zerocopy
/// is reached through the runtime, so the crate needs no zerocopy dependency of its own.
///
/// With neither `opcodes` nor `mask`/`match`, the layout is nested: it also implements
/// `isa_core::Field` and can be a field of another layout (the sync band is one).
///
/// # `#[field(...)]` on each field
///
/// | key | meaning |
/// | --- | --- |
/// | `opcode` | this field is the opcode byte (its type: `u8` or an enumeration of the opcodes) |
/// | `offset = N` | the field's first byte (defaults to 0 in `mask`/`match` words) |
/// | `nibble = lo \| hi` | bits 0..=3 or 4..=7 of the byte |
/// | `bits = A..=B` | bits of the little-endian word at `offset`, any width up to 64, crossing bytes |
/// | `bits = [A..=B, C..=D]` | one value split across ranges, low part first |
/// | `lut = TABLE` | the value goes through a lookup table (`isa_core::Lut`); alone it takes one byte |
/// | `confidence = confirmed \| strong \| inferred \| speculative`, `note = "..."` | carried into the field table; without `confidence` the row says `Confidence::NotStated` |
///
/// A field without `nibble`/`bits`/`lut` is stored whole in its `isa_core::Field` wire type
/// (integers little-endian, descriptors, enumerations, nested layouts, byte arrays); a field with
/// them holds an `isa_core::BitValue` code.
///
/// # What it generates
///
/// - `<Name>Wire`: `#[repr(C)]`, alignment 1, exactly `size` bytes, zerocopy `FromBytes`,
///   `IntoBytes`, `KnownLayout`, `Immutable`, `Unaligned`; unclaimed bytes are reserved arrays.
///   Accessors per field: `NAME()` (checked value), `NAME_raw()` (bytes or code as stored),
///   `set_NAME(&value)`, and `NAME_preimages()` for table fields; `opcode_byte()` or `word()`.
/// - `impl Bundle`: `encode_in_place` (every byte written once, straight into the caller's
///   buffer: runs of header, constant, reserved and bit-field bytes as one store each, whole
///   fields through their setters; a value that does not fit is an error naming field and
///   offset), `decode_map` (identity, header, constants, reserved bits, every field and table
///   code, the value handed to a constructor), `visit` (every field shown once to an
///   `isa_core::visit::Visitor`, read in place from the wire struct, in declaration or table
///   order), `FIELDS`, `IDENTITY`, `LAYOUT`; `encode`, `encode_into`, `decode` and
///   `decode_bytes` come with the trait.
/// - Checks, all reported at once, at the offending entry: attribute errors; bit-precise
///   overlaps of nibbles, bit ranges, header, constants and identity bits; the width of whole
///   fields against whatever starts next and of bit ranges against their type, decided by the
///   macro for the integers and `bool`, and by `const` evaluation (with the same message) for
///   types whose size only the compiler knows; table code widths and descriptor slots (`4 + 4N`)
///   by `const` evaluation.
#[proc_macro_derive(Bundle, attributes(bundle, field))]
pub fn derive_bundle(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    isa_derive_internals::derive(&input, isa_derive_internals::runtime::from_manifest).into()
}

#[cfg(test)]
mod tests;
