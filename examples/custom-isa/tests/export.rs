//! The crate's own command exports its ISA: the built-in ops and words with its own.

use std::process::Command;

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

fn scratch(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("custom-isa-export-{what}-{}", std::process::id()));
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

/// Every record `custom-isa decode --json` writes for the mixed stream.
fn decoded() -> Vec<serde_json::Value> {
    let json = run(&[
        "decode".as_ref(),
        "--json".as_ref(),
        here("mixed.bin").as_os_str(),
    ]);
    String::from_utf8(json)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
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

#[test]
fn the_exported_c_header_reads_the_mixed_stream_as_the_command_does() {
    let Some(dir) = exported("cc", "c", "custom_isa.h") else {
        return;
    };
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
    let out = Command::new(&exe).arg(here("mixed.bin")).output().unwrap();
    assert!(out.status.success());
    let lines = String::from_utf8(out.stdout).unwrap();
    let expected: Vec<String> = decoded()
        .iter()
        .map(|r| {
            let mut line = format!("{} {}", r["offset"], r["op"].as_str().unwrap());
            match r["op"].as_str() {
                Some("TensorMax") => line += &format!(" imm={}", r["imm"]),
                Some("TensorClamp") => line += &format!(" lo={} hi={}", r["lo"], r["hi"]),
                _ => {}
            }
            line
        })
        .collect();
    assert_eq!(lines.lines().collect::<Vec<_>>(), expected);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_exported_python_module_decodes_the_mixed_stream_as_the_command_does() {
    let Some(dir) = exported("python3", "python", "isa_export.py") else {
        return;
    };
    // The repository's reader: one JSON line per member, and every member encoded back.
    let out = Command::new("python3")
        .env("PYTHONPATH", &dir)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .arg(here("../../isa-cli/tests/py/decode.py"))
        .arg(here("mixed.bin"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records, decoded());
    let _ = std::fs::remove_dir_all(&dir);
}
