//! Where the runtime is. The generated code names `isa-core` by one path, found here from the
//! manifest of the crate being compiled, so a crate may depend on `isa-core` (with `isa-derive`)
//! or on the `isa` facade alone. `#[bundle(crate = "…")]` overrides it (`attr.rs`).

use proc_macro_crate::{FoundCrate, crate_name};
use syn::{Ident, Path, parse_quote};

/// The runtime's path for the crate being compiled, from its `Cargo.toml`:
///
/// - it depends on `isa-core`, or is `isa-core` (whose `extern crate self as isa_core` makes the
///   name valid inside it): `::isa_core`, or `::name` when the dependency is renamed;
/// - else it depends on the `isa` facade: `::isa::core` (`::name::core` when renamed);
/// - else `::isa_core`, so the compiler's error names the crate to add.
pub fn from_manifest() -> Path {
    match crate_name("isa-core") {
        Ok(FoundCrate::Itself) => return default(),
        Ok(FoundCrate::Name(name)) => {
            return ident(&name).map_or_else(default, |krate| parse_quote!(::#krate));
        }
        Err(_) => {}
    }
    match crate_name("isa") {
        Ok(FoundCrate::Name(name)) => {
            ident(&name).map_or_else(default, |krate| parse_quote!(::#krate::core))
        }
        Ok(FoundCrate::Itself) => parse_quote!(crate::core),
        Err(_) => default(),
    }
}

/// `::isa_core`: the runtime under its own name.
pub fn default() -> Path {
    parse_quote!(::isa_core)
}

/// A crate name from the manifest as an identifier (cargo has turned `-` into `_`).
fn ident(name: &str) -> Option<Ident> {
    syn::parse_str(name).ok()
}
