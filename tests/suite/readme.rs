//! The README quotes the compiler: each of its `text` blocks that shows a compile error
//! (a ` --> tests/ui/…rs` line) is the `.stderr` of the compile-fail case it names, word for
//! word, so the two cannot drift apart.

use std::fs;
use std::path::Path;

/// The contents of every fenced block of `markdown` whose info string is `lang`.
fn blocks<'a>(markdown: &'a str, lang: &str) -> Vec<&'a str> {
    let fence = format!("```{lang}\n");
    markdown
        .split(fence.as_str())
        .skip(1)
        .filter_map(|rest| rest.split_once("```\n").map(|(block, _)| block))
        .collect()
}

/// The compile-fail case a quoted error points at: `tests/ui/layout/x.rs` from
/// ` --> tests/ui/layout/x.rs:9:22`.
fn quoted_case(block: &str) -> Option<&str> {
    let at = block
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("--> "))?;
    let path = at.split(':').next()?;
    path.starts_with("tests/ui/").then_some(path)
}

#[test]
fn every_compile_error_the_readme_quotes_is_its_cases_stderr() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let mut quoted = 0;
    for block in blocks(&readme, "text") {
        let Some(case) = quoted_case(block) else {
            continue;
        };
        let stderr = root.join(case).with_extension("stderr");
        let expected = fs::read_to_string(&stderr)
            .unwrap_or_else(|e| panic!("the README quotes {case}, whose .stderr is missing: {e}"));
        assert_eq!(
            block.trim_end(),
            expected.trim_end(),
            "the README's quote of {case} is not its .stderr"
        );
        quoted += 1;
    }
    // The README's first sample error: a field overlapping another.
    assert!(quoted >= 1, "the README quotes no compile error");
}

#[test]
fn a_quote_is_found_by_its_arrow_line_only() {
    let markdown =
        "```text\nerror: x\n --> tests/ui/a/b.rs:1:2\n```\n```text\n--> src/x.rs:1:1\n```\n";
    let found: Vec<_> = blocks(markdown, "text")
        .into_iter()
        .map(quoted_case)
        .collect();
    assert_eq!(found, [Some("tests/ui/a/b.rs"), None]);
}
