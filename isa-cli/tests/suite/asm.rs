//! The assembler in the style of an assembler's test suite: a folder of listing files, one per
//! op (`tests/asm/<op>.s`) and one per block word (`tests/asm/words/<word>.s`), each line
//! followed by the bytes it stands for as `; CHECK: 41 10 00 00 …` comments (16 bytes a line).
//! Every line must assemble to its CHECK bytes, and each file as a whole to all of them in
//! order. Together the files write every field of every declared op and word.
//!
//! The lines of each file are samples drawn from the declaration's field table
//! (`isa_ops::sample`, random field bits) as `isa decode` lists them, then the first of them
//! written as a person would: no columns, the fields in another order, the sync band left out
//! (its CHECK bytes those of the sample with bytes 0x04..0x0C zero). `ASM_GENERATE=1 cargo test
//! -p isa-cli --test suite asm::` writes the files again; they are checked in and reviewed.
//!
//! The errors (`tests/asm/errors/<mistake>.s`, and `errors/words/` with `--word32`) are golden
//! files like trybuild's: each holds one mistake, and `isa encode` must print exactly its
//! `.stderr`. `ASM_BLESS=overwrite` writes the `.stderr` files again, to be reviewed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use isa_cli::BuiltIn;
use isa_cli::cmd::encode::{Mode, encode_lines};
use isa_core::family::Declaration;
use isa_core::{Family, FieldKind};
use isa_host::encode::read_line;
use isa_ops::sample::{SplitMix64, valid};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/asm")
}

/// A line of a listing file and the bytes its CHECK comments say it stands for (none, for a
/// header line, with a bare `; CHECK:`).
struct Case {
    number: usize,
    line: String,
    expected: Vec<u8>,
    checked: bool,
}

/// The cases of a listing file: each line that is not a comment, with the CHECK bytes after it.
fn cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(hex) = trimmed.strip_prefix("; CHECK:") {
            let bytes = hex
                .split_whitespace()
                .map(|b| u8::from_str_radix(b, 16).expect("hex"));
            let case = cases.last_mut().expect("a CHECK follows a line");
            case.expected.extend(bytes);
            case.checked = true;
        } else if !trimmed.is_empty() && !trimmed.starts_with([';', '#']) {
            cases.push(Case {
                number: i + 1,
                line: line.to_string(),
                expected: Vec::new(),
                checked: false,
            });
        }
    }
    cases
}

/// The listing files of `sub` (`""` or `"words"`), by name.
fn files(sub: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir().join(sub))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "s"));
    files.sort();
    files
}

/// The file name of a member: its name in kebab case (`TensorTensor` `tensor-tensor.s`, `B.DIM
/// LB0` `b-dim-lb0.s`).
fn file_name(name: &str) -> String {
    let mut out = String::new();
    let mut lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() && lower {
            out.push('-');
        }
        lower = c.is_ascii_lowercase();
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    format!("{}.s", out.trim_end_matches('-'))
}

fn check_file(path: &Path, mode: Mode) {
    let text = fs::read_to_string(path).expect("a listing file");
    let cases = cases(&text);
    assert!(!cases.is_empty(), "{}: no lines", path.display());
    let mut whole = Vec::new();
    for case in &cases {
        assert!(case.checked, "{}:{}: no CHECK", path.display(), case.number);
        let read = read_line::<BuiltIn>(&case.line, mode).map(|w| w.bytes);
        assert_eq!(
            read.as_ref(),
            Ok(&case.expected),
            "{}:{}: {}",
            path.display(),
            case.number,
            case.line
        );
        whole.extend_from_slice(&case.expected);
    }
    assert_eq!(
        encode_lines::<BuiltIn>(text.as_bytes(), mode),
        Ok(whole),
        "{}",
        path.display()
    );
}

#[test]
fn every_line_assembles_to_its_check_bytes() {
    if std::env::var_os("ASM_GENERATE").is_some() {
        generate();
    }
    for path in files("") {
        check_file(&path, Mode::Bundles);
    }
    for path in files("words") {
        check_file(&path, Mode::Words);
    }
}

/// Asserts that every member of `decls` has its file in `sub`, and that its lines write every
/// field of its serde form.
fn assert_covered(decls: &[Declaration], sub: &str) {
    for decl in decls {
        let path = dir().join(sub).join(file_name(decl.name));
        let text = fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{} has no {}", decl.name, path.display()));
        let lines: Vec<String> = cases(&text).into_iter().map(|c| c.line).collect();
        for row in decl.fields.iter().filter(|r| r.kind == FieldKind::Value) {
            let key = format!(" {}=", row.name);
            assert!(
                lines.iter().any(|l| l.contains(&key)),
                "{}: no line writes field `{}` of {}",
                path.display(),
                row.name,
                decl.name
            );
        }
    }
}

#[test]
fn the_files_write_every_field_of_every_op_and_word() {
    assert_covered(isa_ops::Op::DECLARATIONS, "");
    assert_covered(isa_ops::pto::Word::DECLARATIONS, "words");
}

/// `; CHECK: ..` lines of `bytes`, 16 a line.
fn check_lines(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(16) {
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02x}")).collect();
        out.push_str(&format!("; CHECK: {}\n", hex.join(" ")));
    }
    out
}

/// A listing line as a person would write it: no columns or markers, the fields in reverse
/// order, the sync band left out when `drop_sync`.
fn by_hand(line: &str, name: &str, drop_sync: bool) -> String {
    let at = line.find(&format!("  {name}")).map_or(0, |at| at + 2);
    let fields = line[at + name.len()..].split_whitespace().rev();
    let kept: Vec<&str> = fields
        .filter(|f| !(drop_sync && f.starts_with("sync=")))
        .collect();
    format!("{name}  {}", kept.join(" "))
}

/// Writes the listing file of every op and word from samples of its field table.
fn generate() {
    let mut rng = SplitMix64::new(0xA55E_4B1E);
    for decl in isa_ops::Op::DECLARATIONS {
        let samples: Vec<[u8; 64]> = valid(decl, 2, &mut rng);
        let stream: Vec<u8> = samples.concat();
        let listing = isa_host::disassemble::<BuiltIn>(&stream);
        let mut text = format!(
            "; {}: samples of every field as `isa decode` lists them, then written by hand \
             (no columns, fields reversed, the sync band left out: zero).\n",
            decl.name
        );
        for (line, bytes) in listing.lines().zip(&samples) {
            text.push_str(&format!("{line}\n{}", check_lines(bytes)));
        }
        if let (Some(first), Some(bytes)) = (listing.lines().next(), samples.first()) {
            let has_sync = decl.fields.iter().any(|r| r.name == "sync");
            let mut zeroed = *bytes;
            if has_sync {
                zeroed[0x04..0x0C].fill(0);
            }
            text.push_str(&format!(
                "{}\n{}",
                by_hand(first, decl.name, has_sync),
                check_lines(&zeroed)
            ));
        }
        fs::write(dir().join(file_name(decl.name)), text).expect("write");
    }
    fs::create_dir_all(dir().join("words")).expect("mkdir");
    for decl in isa_ops::pto::Word::DECLARATIONS {
        let words = sample_words(decl, &mut rng);
        let stream: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let listing = isa_host::disassemble_words::<BuiltIn>(&stream);
        let mut text = format!(
            "; {}: samples of every field as `isa decode --word32` lists them, then written by \
             hand (no columns, fields reversed).\n",
            decl.name
        );
        for (line, word) in listing
            .lines()
            .filter(|l| l.contains(decl.name))
            .zip(&words)
        {
            text.push_str(&format!("{line}\n{}", check_lines(&word.to_le_bytes())));
        }
        if let (Some(first), Some(word)) = (
            listing.lines().find(|l| l.contains(decl.name)),
            words.first(),
        ) {
            text.push_str(&format!(
                "{}\n{}",
                by_hand(first, decl.name, false),
                check_lines(&word.to_le_bytes())
            ));
        }
        fs::write(dir().join("words").join(file_name(decl.name)), text).expect("write");
    }
}

/// Two words of `decl` with random field bits, each decoding as `decl` and encoding back.
fn sample_words(decl: &Declaration, rng: &mut SplitMix64) -> Vec<u32> {
    let isa_core::Identity::MaskMatch { mask, value } = decl.identity else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for _ in 0..4096 {
        let raw = (rng.next_u64() as u32 & !mask) | value;
        let bytes = raw.to_le_bytes();
        let back = isa_ops::pto::Word::decode(&bytes)
            .ok()
            .filter(|w| w.name() == decl.name);
        if back.is_some_and(|w| w.to_bytes() == Ok(bytes)) {
            out.push(raw);
            if out.len() == 2 {
                break;
            }
        }
    }
    out
}

/// The `.stderr` golden of each error file, against what `isa encode` prints for it.
#[test]
fn every_error_prints_its_golden_message() {
    let bless = std::env::var("ASM_BLESS").is_ok_and(|v| v == "overwrite");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for (sub, flags) in [("errors", &[][..]), ("errors/words", &["--word32"][..])] {
        for path in files(sub) {
            let relative = path.strip_prefix(root).expect("under the crate");
            let output = Command::new(env!("CARGO_BIN_EXE_isa"))
                .current_dir(root)
                .arg("encode")
                .args(flags)
                .arg(relative)
                .args(["-o", "-"])
                .output()
                .expect("isa runs");
            assert!(!output.status.success(), "{}: assembled", path.display());
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            let golden = path.with_extension("stderr");
            if bless {
                fs::write(&golden, &stderr).expect("write");
            }
            let expected = fs::read_to_string(&golden).unwrap_or_default();
            assert_eq!(stderr, expected, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} error files");
}
