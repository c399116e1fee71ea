//! The crate's own command exports its ISA: the built-in ops and words with its own. The C
//! header and the Python module read the mixed stream, and a hundred streams of bad input made
//! from it (bit flips, cuts, unknown opcodes, reserved bits and codes set, random bytes), as
//! `custom-isa decode --json` does: the header refuses exactly the bundles the command's decoder
//! refuses, at the same byte, and the module gives the very records the command writes, raw
//! records included, and encodes them back to the stream.

use std::process::Command;

use isa::ops::sample::{SplitMix64, damaged};

#[test]
fn the_json_export_lists_the_custom_members() {
    let out = Command::new(env!("CARGO_BIN_EXE_custom-isa"))
        .args(["export", "--format", "json"])
        .output()
        .expect("custom-isa runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let catalog: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(catalog["isa"], "custom-isa");
    let names = |family: &str| -> Vec<String> {
        catalog[family]["members"]
            .as_array()
            .map(|m| {
                m.iter()
                    .filter_map(|m| m["name"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(
        names("bundles").iter().any(|n| n == "TensorMax"),
        "{:?}",
        names("bundles")
    );
    assert!(names("bundles").iter().any(|n| n == "TensorTensor"));
    assert!(
        names("words").iter().any(|n| n == "B.SCALE"),
        "{:?}",
        names("words")
    );
}

fn here(file: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file)
}

/// A fresh folder of its own for each call, so that tests running at once never share one.
fn scratch(what: &str) -> std::path::PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "custom-isa-export-{what}-{}-{call}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `custom-isa ARGS`, its standard output.
fn run(args: &[&std::ffi::OsStr]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_custom-isa"))
        .args(args)
        .output()
        .expect("custom-isa runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Every record `custom-isa decode --json` writes for the stream at `path` (the command exits
/// with status 1 when it reports a bundle that does not decode).
fn decoded(path: &std::path::Path) -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_custom-isa"))
        .arg("decode")
        .arg("--json")
        .arg(path)
        .output()
        .expect("custom-isa runs");
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The mixed stream and a hundred streams of bad input made from it, each written into `dir`.
fn streams(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mixed = std::fs::read(here("mixed.bin")).unwrap();
    let mut rng = SplitMix64::new(0xC0_5707);
    std::iter::once(mixed.clone())
        .chain(damaged(&mixed, 64, 100, &mut rng))
        .enumerate()
        .map(|(k, bytes)| {
            let path = dir.join(format!("stream{k}.bin"));
            std::fs::write(&path, bytes).unwrap();
            path
        })
        .collect()
}

/// The byte a raw record's reason names (from the record's first), or `None` for bytes that
/// decode but do not come back the same, which the C check accepts.
fn refused_at(reason: &str) -> Option<u64> {
    if reason.starts_with("decodes as") {
        return None;
    }
    Some(reason.split_once("at byte 0x").map_or(0, |(_, rest)| {
        let digits: String = rest.chars().take_while(char::is_ascii_hexdigit).collect();
        u64::from_str_radix(&digits, 16).unwrap()
    }))
}

/// `custom-isa export --format FORMAT -o DIR/FILE` in a fresh scratch folder, or `None` (with a
/// message) when `tool`, which reads that format, is not installed.
fn exported(tool: &str, format: &str, file: &str) -> Option<std::path::PathBuf> {
    if !have(tool) {
        eprintln!("skipped: {tool} not found");
        return None;
    }
    let dir = scratch(format);
    let path = dir.join(file);
    run(&[
        "export".as_ref(),
        "--format".as_ref(),
        format.as_ref(),
        "-o".as_ref(),
        path.as_os_str(),
    ]);
    Some(dir)
}

/// `tests/c/mixed.c` built against the exported header (under the undefined-behaviour
/// sanitizer) in a fresh scratch folder: the folder and the program, or `None` without `cc`.
fn mixed_c() -> Option<(std::path::PathBuf, std::path::PathBuf)> {
    let dir = exported("cc", "c", "custom_isa.h")?;
    let exe = dir.join("mixed");
    let built = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .args(["-fsanitize=undefined", "-fno-sanitize-recover=all"])
        .arg("-I")
        .arg(&dir)
        .arg(here("tests/c/mixed.c"))
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    Some((dir, exe))
}

#[test]
fn the_exported_c_header_reads_the_mixed_stream_as_the_command_does() {
    let Some((dir, exe)) = mixed_c() else {
        return;
    };
    let mut refused = 0;
    for path in streams(&dir) {
        let out = Command::new(&exe).arg(&path).output().unwrap();
        assert!(out.status.success());
        let lines = String::from_utf8(out.stdout).unwrap();
        let expected: Vec<String> = decoded(&path)
            .iter()
            .filter_map(|r| {
                if let Some(reason) = r["reason"].as_str() {
                    refused += 1;
                    let at = refused_at(reason)?;
                    return Some(format!(
                        "{} refused {}",
                        r["offset"],
                        r["offset"].as_u64()? + at
                    ));
                }
                let mut line = format!("{} {}", r["offset"], r["op"].as_str()?);
                match r["op"].as_str() {
                    Some("TensorMax") => line += &format!(" imm={}", r["imm"]),
                    Some("TensorClamp") => line += &format!(" lo={} hi={}", r["lo"], r["hi"]),
                    _ => {}
                }
                Some(line)
            })
            .collect();
        let got: Vec<&str> = lines
            .lines()
            .filter(|l| {
                expected
                    .iter()
                    .any(|e| e.split(' ').next() == l.split(' ').next())
            })
            .collect();
        assert_eq!(got, expected, "{}", path.display());
    }
    assert!(refused > 50, "{refused} refusals");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tensor_max_built_with_init_and_setters_decodes() {
    let Some((dir, exe)) = mixed_c() else {
        return;
    };
    let path = dir.join("built.bin");
    assert!(
        Command::new(&exe)
            .arg("--init")
            .arg(&path)
            .status()
            .unwrap()
            .success()
    );
    let records = decoded(&path);
    let [max] = records.as_slice() else {
        panic!("{records:?}");
    };
    // The values the C program set: float32 in and out, max, 128 partitions, 512, -5.
    assert_eq!(max["op"], "TensorMax", "{max}");
    assert_eq!(max["in_dtype"], "float32");
    assert_eq!(max["out_dtype"], "float32");
    assert_eq!(max["alu"], "max");
    assert_eq!(max["num_active_partitions"], 128);
    assert_eq!(max["input"]["nums"][0], 512);
    assert_eq!(max["output"]["nums"][0], 512);
    assert_eq!(max["imm"], -5);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_exported_python_module_decodes_the_mixed_stream_as_the_command_does() {
    let Some(dir) = exported("python3", "python", "isa_export.py") else {
        return;
    };
    // The repository's reader: one JSON line per record, each and all encoded back.
    let mut raw = 0;
    for path in streams(&dir) {
        let out = Command::new("python3")
            .env("PYTHONPATH", &dir)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .arg(here("../../isa-cli/tests/py/decode.py"))
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // After the reader's `# FILE` line, one record a line.
        let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let want = decoded(&path);
        raw += want.iter().filter(|r| r.get("raw").is_some()).count();
        assert_eq!(records, want, "{}", path.display());
    }
    assert!(raw > 50, "{raw} raw records");
    let _ = std::fs::remove_dir_all(&dir);
}
