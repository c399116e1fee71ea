//! The exported C header and Python module against `isa decode --json`, on the example streams,
//! on random valid bundles of every op and words of every word layout, and on a few hundred
//! streams of bad input made from them (bit flips, cuts, unknown opcodes, reserved bits and
//! codes set, random bytes: `isa_ops::sample::damaged`).
//!
//! The header compiles as strict C11 (and under the undefined-behaviour sanitizer), and a C
//! program that reads streams through it alone (`tests/c/decode.c`) refuses exactly the bundles
//! and words the Rust decoder refuses, for the same reason at the same byte, and prints every
//! other member and every value — scalars, table and enumeration names, and each member of a
//! nested value by its flattened path — exactly as `isa decode --json` does; a bundle built with
//! a member's init and setters decodes. The Python module (`tests/py/decode.py`) gives the very
//! records `isa decode --json` writes, raw records included, and encodes each back to the bytes
//! it came from, and the records together to the whole stream. Each is skipped, saying so, when
//! `cc` or `python3` is not installed.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use isa_cli::cmd::decode::{Form, decode_bundles, decode_words};
use isa_cli::{BuiltIn, Isa};
use isa_core::{Family, Identity};
use isa_ops::sample::{SplitMix64, damaged, valid};
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

/// What `isa decode --json` writes for `bytes` (with `words`, each 32-bit word on its own), one
/// JSON value a record.
fn decoded(bytes: &[u8], words: bool) -> Vec<Value> {
    let json = if words {
        decode_words::<EachWord>(bytes, "stream", Form::Json).text
    } else {
        decode_bundles::<BuiltIn>(bytes, "stream", Form::Json).text
    };
    json.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// `cmd [--word32] DIR/NAME` on `bytes` written there: its standard output, which must succeed.
fn run_on(mut cmd: Command, dir: &Path, name: &str, bytes: &[u8], words: bool) -> String {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("stream written");
    if words {
        cmd.arg("--word32");
    }
    let out = cmd.arg(&path).output().expect("the decoder runs");
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The refusal a raw record's reason names, as the C check reports it: the byte (from the
/// record's first) and the `isa_refusal`; `None` for bytes that decode but do not come back the
/// same, which the check accepts.
fn refusal(reason: &str) -> Option<(u64, u64)> {
    let why = [
        ("trailing bytes", 5),
        ("is not one of [", 1),
        ("is not a declared word", 1),
        ("constant is", 2),
        ("reserved bits are set", 3),
        ("is not in table", 4),
    ]
    .iter()
    .find(|(text, _)| reason.contains(text))
    .map(|&(_, why)| why)?;
    let byte = reason.split_once("at byte 0x").map_or(0, |(_, rest)| {
        let digits: String = rest.chars().take_while(char::is_ascii_hexdigit).collect();
        u64::from_str_radix(&digits, 16).expect("a byte offset")
    });
    Some((byte, why))
}

/// Runs the C decoder on `bytes` and compares it, record by record, with what `isa decode
/// --json` writes: the same refusals at the same bytes, and every other member value by value.
/// Returns how many members and how many refusals were compared.
fn compare(exe: &Path, dir: &Path, name: &str, bytes: &[u8], words: bool) -> (usize, usize) {
    let c = by_offset(&run_on(Command::new(exe), dir, name, bytes, words));
    let rust = decoded(bytes, words);
    assert_eq!(c.len(), rust.len(), "{name}: one C line per record");
    let (mut members, mut refused) = (0, 0);
    for record in &rust {
        let mut want = BTreeMap::new();
        flatten(record, "", &mut want);
        let offset = record["offset"].as_u64().expect("an offset");
        let got = c
            .get(&offset)
            .unwrap_or_else(|| panic!("{name}@{offset}: no C line"));
        let expected = match record["reason"].as_str().map(refusal) {
            Some(Some((byte, why))) => {
                refused += 1;
                BTreeMap::from([
                    ("offset".to_string(), Value::from(offset)),
                    ("refused".to_string(), Value::from(offset + byte)),
                    ("why".to_string(), Value::from(why)),
                ])
            }
            Some(None) => continue,
            None => {
                members += 1;
                want
            }
        };
        assert_eq!(
            got, &expected,
            "{name}@{offset}: the exported decoder and isa decode --json differ ({record})"
        );
    }
    (members, refused)
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

/// Named streams: the examples and random valid members, then `damage` streams of bad input
/// made from the bundle examples and a quarter as many from the word examples (a sample of
/// the random members stands for them there, four of each op or word layout).
fn streams(damage: usize) -> Vec<(String, Vec<u8>, bool)> {
    let kernel = fs::read(root().join("examples/kernel.bin")).expect("the example stream");
    let tshuf = fs::read(root().join("examples/tshuf.words")).expect("the example words");
    let mut out = vec![
        ("kernel.bin".to_string(), kernel.clone(), false),
        ("random.bin".to_string(), random_bundles(667), false),
        ("tshuf.words".to_string(), tshuf.clone(), true),
        ("random.words".to_string(), random_words(16), true),
    ];
    let mut rng = SplitMix64::new(0xBAD_5EED);
    for (name, clean, words) in [
        ("kernel.bin", kernel, false),
        ("sample.bin", random_bundles(4), false),
        ("tshuf.words", tshuf, true),
        ("sample.words", random_words(4), true),
    ] {
        let (unit, n) = if words {
            (4, damage / 8)
        } else {
            (64, damage / 2)
        };
        out.extend(
            damaged(&clean, unit, n, &mut rng)
                .into_iter()
                .enumerate()
                .map(|(k, s)| (format!("{name}.bad{k}"), s, words)),
        );
    }
    out
}

/// [`streams`] with 300 streams of bad input, made once for the tests that share them.
fn many_streams() -> &'static [(String, Vec<u8>, bool)] {
    static STREAMS: OnceLock<Vec<(String, Vec<u8>, bool)>> = OnceLock::new();
    STREAMS.get_or_init(|| streams(300))
}

#[test]
fn the_c_decoder_refuses_and_prints_what_decode_json_does() {
    if !have("cc") {
        eprintln!("skipped: cc not found");
        return;
    }
    let dir = scratch("export-c");
    let exe = build(&dir, &[]);
    let (mut members, mut refused) = (0, 0);
    for (name, bytes, words) in many_streams() {
        let (m, r) = compare(&exe, &dir, name, bytes, *words);
        let width = if *words { 4 } else { 64 };
        if !name.contains(".bad") {
            assert_eq!(
                (m, r),
                (bytes.len() / width, 0),
                "{name}: every member decodes"
            );
        }
        members += m;
        refused += r;
    }
    assert!(
        members > 15_000 && refused > 300,
        "{members} members, {refused} refusals"
    );
}

#[test]
fn a_bundle_built_with_init_and_setters_decodes() {
    if !have("cc") {
        eprintln!("skipped: cc not found");
        return;
    }
    let dir = scratch("export-c-init");
    let exe = build(&dir, &[]);
    let path = dir.join("built.bin");
    let out = Command::new(&exe)
        .arg("--init")
        .arg(&path)
        .output()
        .expect("the C program runs");
    assert!(out.status.success());
    let built = fs::read(&path).expect("the bundles written");
    let records = decoded(&built, false);
    let ops: Vec<&str> = records.iter().filter_map(|r| r["op"].as_str()).collect();
    let mut expected: Vec<&str> = isa_ops::Op::TAGS.to_vec();
    expected.push("Memset");
    assert_eq!(ops, expected, "{records:?}");
    // The Memset the setters filled: float32 (code 10), 128 partitions, 1.0f, 0x2400, 512 x 1.
    let memset = records.last().expect("the Memset");
    assert_eq!(memset["dtype"], "float32");
    assert_eq!(memset["num_active_partitions"], 128);
    assert_eq!(memset["fill"], 0x3f80_0000);
    assert_eq!(memset["dst"]["addr"], 0x2400);
    assert_eq!(memset["dst"]["strides"][0], 1);
    assert_eq!(memset["dst"]["nums"][0], 512);
}

#[test]
fn the_c_header_is_clean_under_the_undefined_behaviour_sanitizer() {
    if !have("cc") {
        eprintln!("skipped: cc not found");
        return;
    }
    let dir = scratch("export-c-ubsan");
    let exe = build(&dir, &["-fsanitize=undefined", "-fno-sanitize-recover=all"]);
    for (name, bytes, words) in streams(10) {
        compare(&exe, &dir, &name, &bytes, words);
    }
}

#[test]
fn the_python_module_gives_the_records_of_decode_json_and_encodes_them_back() {
    if !have("python3") {
        eprintln!("skipped: python3 not found");
        return;
    }
    let dir = scratch("export-python");
    let module = isa_cli::cmd::export::export::<BuiltIn>(isa_cli::cmd::export::Format::Python)
        .expect("the built-in ISA exports");
    fs::write(dir.join("isa_export.py"), module).expect("module written");
    let (mut raw, mut compared) = (0, 0);
    for words in [false, true] {
        // One run of the module over every stream of the kind, each after its `# FILE` line.
        let mut cmd = Command::new("python3");
        cmd.env("PYTHONPATH", &dir)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .arg(root().join("isa-cli/tests/py/decode.py"));
        if words {
            cmd.arg("--word32");
        }
        let mut want = Vec::new();
        for (name, bytes, _) in many_streams().iter().filter(|s| s.2 == words) {
            let path = dir.join(name);
            fs::write(&path, bytes).expect("stream written");
            cmd.arg(&path);
            want.push((path.display().to_string(), decoded(bytes, words)));
        }
        let out = cmd.output().expect("python3 runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let mut got = text.split("# ").skip(1);
        for (path, records) in &want {
            let stream = got.next().unwrap_or_else(|| panic!("{path}: no output"));
            let (head, lines) = stream.split_once('\n').unwrap_or((stream, ""));
            assert_eq!(head, path);
            let mine: Vec<Value> = lines
                .lines()
                .map(|l| serde_json::from_str(l).expect("a JSON line"))
                .collect();
            assert_eq!(mine.len(), records.len(), "{path}: one record each");
            for (m, r) in mine.iter().zip(records) {
                assert_eq!(m, r, "{path}: the module and isa decode --json differ");
            }
            raw += records.iter().filter(|r| r.get("raw").is_some()).count();
            compared += 1;
        }
        assert!(got.next().is_none());
    }
    assert!(
        compared > 200 && raw > 300,
        "{compared} streams, {raw} raw records"
    );
}

/// `isa decode [--word32] S | isa encode [--word32] - -o T`, through the command itself: T.
fn listing_through_the_command(dir: &Path, name: &str, bytes: &[u8], words: bool) -> Vec<u8> {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("stream written");
    let flags: &[&str] = if words { &["--word32"] } else { &[] };
    let listing = Command::new(env!("CARGO_BIN_EXE_isa"))
        .arg("decode")
        .args(flags)
        .arg(&path)
        .output()
        .expect("isa decode runs");
    let listed = dir.join(format!("{name}.s"));
    fs::write(&listed, &listing.stdout).expect("listing written");
    let again = dir.join(format!("{name}.again"));
    let encode = Command::new(env!("CARGO_BIN_EXE_isa"))
        .arg("encode")
        .args(flags)
        .arg("-")
        .arg("-o")
        .arg(&again)
        .stdin(fs::File::open(&listed).expect("listing read"))
        .output()
        .expect("isa encode runs");
    assert!(
        encode.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&encode.stderr)
    );
    fs::read(&again).expect("the stream written")
}

#[test]
fn the_listing_of_every_stream_reads_back_through_the_command() {
    let dir = scratch("listing");
    let empty = [
        ("empty.bin".to_string(), Vec::new(), false),
        ("empty.words".to_string(), Vec::new(), true),
    ];
    for (name, bytes, words) in many_streams().iter().chain(&empty) {
        assert_eq!(
            &listing_through_the_command(&dir, name, bytes, *words),
            bytes,
            "{name}: decode | encode"
        );
    }
}
