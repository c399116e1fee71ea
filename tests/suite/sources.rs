//! Every citation resolves in the repository: each bracketed source key (`[I1]`, `[I1, P2]`,
//! `[I1; K3]`, `[L1 `equal`]`, `\[I1\]` in rustdoc), each section of the notes
//! (`SEMANTICS-NOTES §1`, `SPEC-NOTES 2.3`) and each seed (`seed 000 §3.2`, `seeds 000 and
//! 001`) named in a source or doc file of the repository is defined by a heading of
//! docs/sources.md, which says what it is and where the repository records it.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The page that defines every citation.
const SOURCES: &str = "docs/sources.md";
/// This file, left out of the scan: its cases cite what is not defined on purpose.
const SCANNER: &str = "tests/suite/sources.rs";
/// The files scanned, by extension.
const EXTENSIONS: [&str; 5] = ["rs", "md", "py", "toml", "sh"];
/// The two notes cited by section.
const NOTES: [&str; 2] = ["SEMANTICS-NOTES", "SPEC-NOTES"];

/// The names docs/sources.md defines: the text of each `###` and `####` heading ("I1",
/// "SPEC-NOTES §2.3", "seed 000 §3.2").
fn defined(sources: &str) -> BTreeSet<String> {
    sources
        .lines()
        .filter_map(|l| l.strip_prefix("#### ").or_else(|| l.strip_prefix("### ")))
        .map(|h| h.trim().to_string())
        .collect()
}

/// A key at the start of `s`: one to three capital letters, a number, and at most one small
/// letter; returns the key and what follows it.
fn key(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let caps = b.iter().take_while(|c| c.is_ascii_uppercase()).count();
    let digits = b[caps..].iter().take_while(|c| c.is_ascii_digit()).count();
    if !(1..=3).contains(&caps) || digits == 0 {
        return None;
    }
    let mut end = caps + digits;
    if b.get(end).is_some_and(u8::is_ascii_lowercase) {
        end += 1;
    }
    Some(s.split_at(end))
}

/// The keys of the brackets opened at `line[open]`, or `None` when they are no citation: a
/// citation's `[` follows the line's start, a space or an opening mark (so `sbuf[P0]`,
/// `&[F32]` and `<[F32]>` are not citations), and holds keys separated by `,` or `;`, then
/// `]` or a space and a detail (`[L1 `equal`]`); `[I16; N]`, whose `N` is no key, is an
/// array type. A list cut at the line's end (`[A1, A2,`) gives the keys before the cut.
fn bracket_keys(line: &str, open: usize) -> Option<Vec<&str>> {
    let before = &line[..open];
    let before = before.strip_suffix('\\').unwrap_or(before);
    let opens = |c: char| c.is_whitespace() || "(\"'`*".contains(c);
    if !before.chars().next_back().is_none_or(opens) {
        return None;
    }
    let mut rest = &line[open + 1..];
    let mut keys = Vec::new();
    loop {
        let (found, after) = key(rest)?;
        keys.push(found);
        rest = after;
        match rest.chars().next() {
            None | Some(']' | '\\' | ' ') => return Some(keys),
            Some(',' | ';') => {
                rest = rest[1..].trim_start();
                if rest.is_empty() {
                    return Some(keys);
                }
            }
            Some(_) => return None,
        }
    }
}

/// The section number at the start of `s` ("2.10" of "2.10)"), empty when there is none.
fn section(s: &str) -> &str {
    let b = s.as_bytes();
    let mut end = 0;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
        if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
    }
    &s[..end]
}

/// The notes sections a line names ("SPEC-NOTES §2.3" for "SPEC-NOTES 2.3"); a mention with
/// no section gives the bare name, which docs/sources.md does not define.
fn notes_sections(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for notes in NOTES {
        for (at, _) in line.match_indices(notes) {
            let rest = line[at + notes.len()..].trim_start();
            let rest = rest.strip_prefix('§').unwrap_or(rest).trim_start();
            match section(rest) {
                "" => out.push(notes.to_string()),
                s => out.push(format!("{notes} §{s}")),
            }
        }
    }
    out
}

/// The seeds a line names: "seed 000", "seed 000 §3.2", and each of "seeds 000 and 001" or
/// "seeds 000, 001".
fn seeds(line: &str) -> Vec<String> {
    let lower = line.to_ascii_lowercase();
    let mut out = Vec::new();
    for (at, _) in lower.match_indices("seed") {
        if lower[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let after = &lower[at + "seed".len()..];
        let mut rest = after.strip_prefix('s').unwrap_or(after);
        let mut separators: &[&str] = &[" "];
        while let Some(next) = separators.iter().find_map(|s| rest.strip_prefix(s)) {
            let digits = next.bytes().take_while(u8::is_ascii_digit).count();
            if digits != 3 {
                break;
            }
            let (number, tail) = next.split_at(3);
            rest = tail;
            let s = section(rest.strip_prefix(" §").unwrap_or("").trim_start());
            out.push(match s {
                "" => format!("seed {number}"),
                s => format!("seed {number} §{s}"),
            });
            separators = &[", ", " and "];
        }
    }
    out
}

/// Every citation of `line` by the name docs/sources.md must define. The page itself is
/// scanned for keys only: its prose names the notes and the seeds to define them.
fn citations(line: &str, is_sources: bool) -> Vec<String> {
    let mut out: Vec<String> = line
        .match_indices('[')
        .filter_map(|(open, _)| bracket_keys(line, open))
        .flatten()
        .map(str::to_string)
        .collect();
    if !is_sources {
        out.extend(notes_sections(line));
        out.extend(seeds(line));
    }
    out
}

/// Every file under `dir` with one of [`EXTENSIONS`], leaving out build output (`target/`,
/// `mutants.out*`) and hidden folders.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            let skipped =
                name == "target" || name.starts_with('.') || name.starts_with("mutants.out");
            if !skipped {
                files(&path, out);
            }
        } else if path
            .extension()
            .is_some_and(|e| EXTENSIONS.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

/// `file:line: name` for every citation of `text` that `defined` lacks.
fn unresolved(file: &str, text: &str, defined: &BTreeSet<String>) -> Vec<String> {
    let is_sources = file == SOURCES;
    text.lines()
        .enumerate()
        .flat_map(|(n, line)| {
            citations(line, is_sources)
                .into_iter()
                .filter(|c| !defined.contains(c))
                .map(move |c| format!("{file}:{}: {c}", n + 1))
        })
        .collect()
}

#[test]
fn every_citation_in_the_repository_is_defined_in_docs_sources_md() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = fs::read_to_string(root.join(SOURCES)).expect("docs/sources.md is readable");
    let defined = defined(&sources);
    let mut paths = Vec::new();
    files(root, &mut paths);
    paths.sort();
    let mut missing = Vec::new();
    let mut cited = 0;
    for path in &paths {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let file = path.strip_prefix(root).unwrap_or(path).to_string_lossy();
        let file = file.replace('\\', "/");
        if file == SCANNER {
            continue;
        }
        cited += text
            .lines()
            .map(|l| citations(l, file == SOURCES).len())
            .sum::<usize>();
        missing.extend(unresolved(&file, &text, &defined));
    }
    assert!(
        missing.is_empty(),
        "citations docs/sources.md does not define (add a heading for each there):\n{}",
        missing.join("\n")
    );
    // The repository cites hundreds of keys, notes sections and seeds: a scan that finds
    // none has stopped reading the files.
    assert!(cited > 500, "only {cited} citations found");
}

#[test]
fn a_key_a_list_an_escaped_list_and_a_detail_are_citations() {
    let keys = |l: &str| citations(l, false);
    assert_eq!(keys("as stated [I1]."), ["I1"]);
    assert_eq!(
        keys("(tensor_copy_predicated [I1, P2, K1])"),
        ["I1", "P2", "K1"]
    );
    assert_eq!(keys("/// reverse \\[I1; K3\\]: scalar first"), ["I1", "K3"]);
    assert_eq!(keys("// [L1 `equal`]: 1 where true"), ["L1"]);
    assert_eq!(keys("([R1], [M1])"), ["R1", "M1"]);
    assert_eq!(
        keys("/// PSUM (SEMANTICS-NOTES §3 [A1, A2,"),
        ["A1", "A2", "SEMANTICS-NOTES §3"]
    );
}

#[test]
fn indexing_slices_and_array_types_are_not_citations() {
    for line in [
        "`sbuf[P0]@ADDR` from partition `P0`",
        "Ok(<[F32]>::ref_from_bytes(bytes))",
        "-> Result<&[F32], Fault>",
        "pub strides: [I16; N],",
        "let x = a[i] + b[T1];",
        "#[derive(Bundle)] [u8; 60]",
        "[AB]",
        "[ABCD1]",
    ] {
        assert_eq!(citations(line, false), Vec::<String>::new(), "{line}");
    }
}

#[test]
fn notes_and_seeds_are_named_with_their_sections() {
    let cited = |l: &str| citations(l, false);
    assert_eq!(cited("position per SPEC-NOTES 3; names"), ["SPEC-NOTES §3"]);
    assert_eq!(cited("(SPEC-NOTES §2.10)."), ["SPEC-NOTES §2.10"]);
    assert_eq!(cited("SEMANTICS-NOTES §7 item 7"), ["SEMANTICS-NOTES §7"]);
    assert_eq!(cited("as SEMANTICS-NOTES records it"), ["SEMANTICS-NOTES"]);
    assert_eq!(cited("seed 000 §3.2: CopyPredicated"), ["seed 000 §3.2"]);
    assert_eq!(cited("Seed 002's rule"), ["seed 002"]);
    assert_eq!(
        cited("seeds 000 and 001, seeds 000, 004"),
        ["seed 000", "seed 001", "seed 000", "seed 004"]
    );
    assert_eq!(
        cited("the seed corpus, seed 42, reseed 001"),
        Vec::<String>::new()
    );
}

#[test]
fn an_undefined_key_notes_section_or_seed_is_reported_at_its_file_and_line() {
    let defined: BTreeSet<String> = ["I1", "SPEC-NOTES §3", "seed 000"]
        .into_iter()
        .map(str::to_string)
        .collect();
    let text = "[I1] holds\n// [Q9] does not\nSPEC-NOTES §4 nor seed 003\n";
    assert_eq!(
        unresolved("src/x.rs", text, &defined),
        [
            "src/x.rs:2: Q9",
            "src/x.rs:3: SPEC-NOTES §4",
            "src/x.rs:3: seed 003"
        ]
    );
}
