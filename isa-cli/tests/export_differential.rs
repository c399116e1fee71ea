//! The exported C header and Python module against `isa decode --json`, on the example streams
//! and on random valid bundles of every op and words of every word layout.
//!
//! The header compiles as strict C11 (and under the undefined-behaviour sanitizer), and a C
//! program that reads streams through it alone (`tests/c/decode.c`) prints the member and every
//! value — scalars, table and enumeration names, and each member of a nested value by its
//! flattened path — exactly as `isa decode --json` does. The Python module (`tests/py/decode.py`)
//! gives the same objects, nested values as objects and arrays, and encodes each back to the
//! bytes it came from. Each is skipped, saying so, when `cc` or `python3` is not installed.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use isa_cli::cmd::decode::{Form, decode_bundles, decode_words};
use isa_cli::{BuiltIn, Isa};
use isa_core::{Family, Identity};
use isa_ops::sample::{SplitMix64, valid};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The built-in ISA with every word listed on its own (no TSHUF blocks).
struct EachWord;

impl Isa for EachWord {
    type Bundles = isa_ops::Op;
    type Words = isa_ops::pto::Word;
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The header written to `dir/isa_export.h` and the decoder compiled with `flags`.
fn build(dir: &Path, flags: &[&str]) -> PathBuf {
    let header = isa_cli::cmd::export::export::<BuiltIn>(isa_cli::cmd::export::Format::C)
        .expect("the built-in ISA exports");
    fs::write(dir.join("isa_export.h"), header).expect("header written");
    let exe = dir.join("decode");
    let out = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .args(flags)
        .arg("-I")
        .arg(dir)
        .arg(root().join("isa-cli/tests/c/decode.c"))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("cc runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A JSON object's members with nested objects and arrays flattened to `a.b`, `a.0`.
fn flatten(value: &Value, prefix: &str, out: &mut BTreeMap<String, Value>) {
    let join = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    match value {
        Value::Object(map) => map.iter().for_each(|(k, v)| flatten(v, &join(k), out)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, v)| flatten(v, &join(&i.to_string()), out)),
        v => {
            out.insert(prefix.to_string(), v.clone());
        }
    }
}

/// Each JSON line of `text` flattened, by offset.
fn by_offset(text: &str) -> BTreeMap<u64, BTreeMap<String, Value>> {
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let mut flat = BTreeMap::new();
            flatten(&v, "", &mut flat);
            let offset = flat
                .get("offset")
                .and_then(Value::as_u64)
                .expect("an offset");
            (offset, flat)
        })
        .collect()
}

/// Runs the C decoder on `bytes` and compares it, line by line and value by value, with the
/// JSON Lines `isa decode --json` writes for them; returns how many members were compared.
fn compare(exe: &Path, dir: &Path, name: &str, bytes: &[u8], words: bool) -> usize {
    compare_with(Command::new(exe), dir, name, bytes, words)
}

/// [`compare`] for any decoder command, given `[--word32] FILE`.
fn compare_with(mut cmd: Command, dir: &Path, name: &str, bytes: &[u8], words: bool) -> usize {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("stream written");
    if words {
        cmd.arg("--word32");
    }
    let out = cmd.arg(&path).output().expect("the C decoder runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let c = by_offset(&String::from_utf8(out.stdout).expect("UTF-8"));
    let json = if words {
        decode_words::<EachWord>(bytes, name, Form::Json).text
    } else {
        decode_bundles::<BuiltIn>(bytes, name, Form::Json).text
    };
    let rust = by_offset(&json);
    let mut compared = 0;
    for (offset, want) in &rust {
        if want.contains_key("raw") {
            continue;
        }
        let got = c
            .get(offset)
            .unwrap_or_else(|| panic!("{name}@{offset}: no C line"));
        assert_eq!(
            got, want,
            "{name}@{offset}: the exported decoder and isa decode --json differ"
        );
        compared += 1;
    }
    compared
}

/// Valid bundles of every op, `n` each, back to back (667 each: 10,005 over the 15 ops).
fn random_bundles(n: usize) -> Vec<u8> {
    let mut rng = SplitMix64::new(0x1C0DE);
    isa_ops::Op::DECLARATIONS
        .iter()
        .flat_map(|decl| valid(decl, n, &mut rng))
        .flatten()
        .collect()
}

/// Words of every word layout with random bits outside the identity, `n` that decode each.
fn random_words(n: usize) -> Vec<u8> {
    let mut rng = SplitMix64::new(0xB10C);
    let mut out = Vec::new();
    for decl in isa_ops::pto::Word::DECLARATIONS {
        let Identity::MaskMatch { mask, value } = decl.identity else {
            continue;
        };
        let mut found = 0;
        for _ in 0..n * 512 {
            if found == n {
                break;
            }
            let word = (rng.next_u64() as u32 & !mask) | value;
            if isa_ops::pto::Word::decode(&word.to_le_bytes()).is_ok() {
                out.extend(word.to_le_bytes());
                found += 1;
            }
        }
    }
    out
}

#[test]
fn the_c_decoder_agrees_with_decode_json() {
    if !have("cc") {
        eprintln!("skipped: cc not found");
        return;
    }
    let dir = scratch("export-c");
    let exe = build(&dir, &[]);
    let kernel = fs::read(root().join("examples/kernel.bin")).expect("the example stream");
    let tshuf = fs::read(root().join("examples/tshuf.words")).expect("the example words");
    assert_eq!(
        compare(&exe, &dir, "kernel.bin", &kernel, false),
        kernel.len() / 64
    );
    let bundles = random_bundles(667);
    let n = compare(&exe, &dir, "random.bin", &bundles, false);
    assert_eq!(n, bundles.len() / 64, "every sampled bundle decodes");
    assert!(n >= isa_ops::Op::DECLARATIONS.len());
    assert_eq!(
        compare(&exe, &dir, "tshuf.words", &tshuf, true),
        tshuf.len() / 4
    );
    let words = random_words(16);
    assert_eq!(
        compare(&exe, &dir, "random.words", &words, true),
        words.len() / 4
    );
}

#[test]
fn the_c_header_is_clean_under_the_undefined_behaviour_sanitizer() {
    if !have("cc") {
        eprintln!("skipped: cc not found");
        return;
    }
    let dir = scratch("export-c-ubsan");
    let exe = build(&dir, &["-fsanitize=undefined", "-fno-sanitize-recover=all"]);
    let bundles = random_bundles(4);
    compare(&exe, &dir, "random.bin", &bundles, false);
    let words = random_words(4);
    compare(&exe, &dir, "random.words", &words, true);
}

#[test]
fn the_python_module_agrees_with_decode_json_and_encodes_back() {
    if !have("python3") {
        eprintln!("skipped: python3 not found");
        return;
    }
    let dir = scratch("export-python");
    let module = isa_cli::cmd::export::export::<BuiltIn>(isa_cli::cmd::export::Format::Python)
        .expect("the built-in ISA exports");
    fs::write(dir.join("isa_export.py"), module).expect("module written");
    let python = || {
        let mut cmd = Command::new("python3");
        cmd.env("PYTHONPATH", &dir)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .arg(root().join("isa-cli/tests/py/decode.py"));
        cmd
    };
    let kernel = fs::read(root().join("examples/kernel.bin")).expect("the example stream");
    let tshuf = fs::read(root().join("examples/tshuf.words")).expect("the example words");
    assert_eq!(
        compare_with(python(), &dir, "kernel.bin", &kernel, false),
        kernel.len() / 64
    );
    let bundles = random_bundles(667);
    assert_eq!(
        compare_with(python(), &dir, "random.bin", &bundles, false),
        bundles.len() / 64
    );
    assert_eq!(
        compare_with(python(), &dir, "tshuf.words", &tshuf, true),
        tshuf.len() / 4
    );
    let words = random_words(16);
    assert_eq!(
        compare_with(python(), &dir, "random.words", &words, true),
        words.len() / 4
    );
}
