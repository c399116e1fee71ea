//! The derive works in crates outside this workspace, by the dependencies a user would write:
//! `tests/outside/facade-only` depends on the `isa` facade alone, `tests/outside/core-derive`
//! on `isa-core` and `isa-derive`. Each is built and tested by cargo as its own workspace, in
//! one target directory they share under this workspace's `target/`.

// Not a module of tests/suite: it runs cargo on other workspaces and links none of the library.

use std::path::Path;
use std::process::Command;

/// Runs `cargo test --offline` on the crate under `tests/outside/<name>` and fails with its
/// output if it does not pass.
fn cargo_test_outside(name: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = root.join("tests/outside").join(name).join("Cargo.toml");
    // `CARGO_TARGET_TMPDIR` is `<target>/tmp`, wherever the target directory is configured.
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let target = tmp.parent().unwrap_or(tmp).join("outside");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "--quiet", "--offline", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        // Set for this test binary; the outside crate's build must not see it.
        .env_remove("CARGO_TARGET_TMPDIR")
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo test on {} failed:\n{}\n{}",
        manifest.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_crate_that_depends_on_the_facade_alone_derives_bundles() {
    cargo_test_outside("facade-only");
}

#[test]
fn a_crate_that_depends_on_isa_core_and_isa_derive_derives_bundles() {
    cargo_test_outside("core-derive");
}
