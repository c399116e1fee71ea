//! Writes the crates that `isa-bench/curves/compile.sh` builds to measure how compile time grows
//! with the number of declarations:
//!
//! ```text
//! isa-compile-generate OUT N...
//! ```
//!
//! writes a workspace in `OUT` with, for each `N`, `derive-N` (N bundle declarations with
//! `#[derive(Bundle)]`) and `hand-N` (the same declarations, each followed by exactly what the
//! derive expands it to, printed with prettyplease, as the derive's golden test prints it). Each
//! declaration is a module `src/dNNNN.rs`; `edit/d0000.rs` is the first one after an edit (its
//! fields moved), for the incremental rebuild. A file whose content is unchanged is not
//! rewritten, so generating again does not make cargo rebuild.
//!
//! ```text
//! isa-compile-generate --expand FILE
//! ```
//!
//! prints what the derive expands the first `#[derive(Bundle)]` struct of `FILE` to, as above:
//! `isa-bench/compile/hand/tt.rs` is `isa-bench/compile/derived/tt.rs`'s struct followed by it.
#![forbid(unsafe_code)]

mod decl;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use decl::Declaration;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(out) = args.next().map(PathBuf::from) else {
        eprintln!("usage: isa-compile-generate OUT N... | --expand FILE");
        return ExitCode::from(2);
    };
    let done = if out.as_os_str() == "--expand" {
        args.next()
            .ok_or_else(|| "--expand needs a file".to_string())
            .and_then(|file| expand_first(Path::new(&file)))
            .map(|text| print!("{text}"))
    } else {
        let counts: Result<Vec<usize>, _> = args.map(|a| a.parse::<usize>()).collect();
        counts
            .map_err(|e| e.to_string())
            .and_then(|c| generate(&out, &c))
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("isa-compile-generate: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the workspace and its two crates per count.
fn generate(out: &Path, counts: &[usize]) -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let mut members = Vec::new();
    for &n in counts {
        for side in [Side::Derive, Side::Hand] {
            let name = format!("{}-{n}", side.name());
            write_crate(&out.join(&name), &name, side, n, &root)?;
            members.push(format!("\"{name}\""));
        }
    }
    write(
        &out.join("Cargo.toml"),
        &format!(
            "[workspace]\nmembers = [{}]\nresolver = \"3\"\n",
            members.join(", ")
        ),
    )
}

#[derive(Clone, Copy)]
enum Side {
    /// `#[derive(Bundle)]` on each declaration.
    Derive,
    /// Each declaration written out as the derive expands it.
    Hand,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Derive => "derive",
            Side::Hand => "hand",
        }
    }

    /// The module of one declaration.
    fn module(self, decl: &Declaration) -> Result<String, String> {
        match self {
            Side::Derive => Ok(format!("use isa_derive::Bundle;\n\n{}", decl.source(true))),
            Side::Hand => Ok(format!("{}\n{}", decl.source(false), expansion(decl)?)),
        }
    }
}

/// What `#[derive(Bundle)]` generates for `decl`, printed as the golden test prints it. An
/// expansion that holds an error is refused: the crate would not build.
fn expansion(decl: &Declaration) -> Result<String, String> {
    let input: syn::DeriveInput =
        syn::parse_str(&decl.source(true)).map_err(|e| format!("{}: {e}", decl.name))?;
    expand(&input, &decl.name)
}

/// [`expansion`] of `input`, whose name in messages is `name`.
fn expand(input: &syn::DeriveInput, name: &str) -> Result<String, String> {
    let tokens = isa_derive_internals::derive(input, isa_derive_internals::runtime::default);
    if tokens.to_string().contains("compile_error") {
        return Err(format!("{name}: the derive refuses it: {tokens}"));
    }
    let file: syn::File = syn::parse2(tokens).map_err(|e| format!("{name}: {e}"))?;
    Ok(prettyplease::unparse(&file))
}

/// The expansion of the first struct of `path` that derives `Bundle`.
fn expand_first(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = syn::parse_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let derives_bundle = |item: &syn::ItemStruct| {
        item.attrs.iter().any(|a| {
            a.path().is_ident("derive")
                && a.parse_args_with(
                    syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
                )
                .is_ok_and(|paths| paths.iter().any(|p| p.is_ident("Bundle")))
        })
    };
    let item = file
        .items
        .into_iter()
        .find_map(|item| match item {
            syn::Item::Struct(s) if derives_bundle(&s) => Some(s),
            _ => None,
        })
        .ok_or_else(|| format!("{}: no struct derives Bundle", path.display()))?;
    let name = item.ident.to_string();
    expand(&syn::DeriveInput::from(item), &name)
}

/// Writes crate `name` with `n` declarations; `root` is the repository (for the path
/// dependencies).
fn write_crate(dir: &Path, name: &str, side: Side, n: usize, root: &Path) -> Result<(), String> {
    let derive_dep = match side {
        Side::Derive => format!(
            "isa-derive = {{ path = \"{}\" }}\n",
            root.join("isa-derive").display()
        ),
        Side::Hand => String::new(),
    };
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"curve-{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [dependencies]\nisa-core = {{ path = \"{}\" }}\n{derive_dep}",
            root.join("isa-core").display()
        ),
    )?;
    let mut lib = format!("//! {n} generated declarations ({}).\n", side.name());
    for k in 0..n {
        let decl = Declaration::new(k, false);
        write(&dir.join(format!("src/d{k:04}.rs")), &side.module(&decl)?)?;
        lib.push_str(&format!("pub mod d{k:04};\n"));
    }
    write(&dir.join("src/lib.rs"), &lib)?;
    let edited = side.module(&Declaration::new(0, true))?;
    write(&dir.join("edit/d0000.rs"), &edited)
}

/// Writes `text` to `path` unless it already holds it.
fn write(path: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::path::Path;
    use std::process::{Command, Stdio};

    /// `text` as `cargo fmt` writes it (the workspace has no rustfmt configuration).
    fn rustfmt(text: &str) -> String {
        let mut child = Command::new("rustfmt")
            .args(["--edition", "2024", "--emit", "stdout"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("rustfmt runs (`rustup component add rustfmt`)");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "rustfmt refused the expansion");
        String::from_utf8(out.stdout).unwrap()
    }

    /// `hand/tt.rs` is `derived/tt.rs`'s struct followed by the derive's current expansion of
    /// it, formatted; after a change to the derive, regenerate it with `isa-compile-generate
    /// --expand isa-bench/compile/derived/tt.rs` (then `cargo fmt`).
    #[test]
    fn the_written_out_bundle_is_the_derives_current_expansion() {
        let compile = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let expansion = super::expand_first(&compile.join("derived/tt.rs")).unwrap();
        let hand = std::fs::read_to_string(compile.join("hand/tt.rs")).unwrap();
        assert!(
            hand.ends_with(&rustfmt(&expansion)),
            "hand/tt.rs does not end with the derive's current expansion: regenerate it"
        );
    }
}
