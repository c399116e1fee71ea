//! JSON strings as the renderer writes them: every control character 0x00..=0x1F, the quote and
//! the backslash escaped as RFC 8259 section 7 requires, the rest written as it is; each output
//! read back by serde_json and compared with what serde_json writes.

use isa_core::render::json::write_string;

/// `s` as the renderer writes it.
fn written(s: &str) -> String {
    let mut out = String::new();
    write_string(&mut out, s).unwrap();
    out
}

/// RFC 8259 section 7's escape of one character that must be escaped: the two-character
/// escapes `\" \\ \b \f \n \r \t`, otherwise `\u` and four hexadecimal digits.
fn spec_escape(c: char) -> String {
    match c {
        '"' => r#"\""#.into(),
        '\\' => r"\\".into(),
        '\u{08}' => r"\b".into(),
        '\u{0C}' => r"\f".into(),
        '\n' => r"\n".into(),
        '\r' => r"\r".into(),
        '\t' => r"\t".into(),
        _ => format!(r"\u{:04x}", u32::from(c)),
    }
}

#[test]
fn every_control_character_the_quote_and_the_backslash_are_escaped() {
    let special = (0u8..0x20).map(char::from).chain(['"', '\\']);
    for c in special {
        let alone = c.to_string();
        let out = written(&alone);
        assert_eq!(
            out,
            format!("\"{}\"", spec_escape(c)),
            "{:#04x}",
            u32::from(c)
        );
        assert_eq!(out, serde_json::to_string(&alone).unwrap());
        assert_eq!(serde_json::from_str::<String>(&out).unwrap(), alone);
        // Between plain characters, the neighbours are kept.
        let framed = format!("a{c}b");
        let out = written(&framed);
        assert_eq!(out, format!("\"a{}b\"", spec_escape(c)));
        assert_eq!(serde_json::from_str::<String>(&out).unwrap(), framed);
    }
}

#[test]
fn a_string_of_every_escape_at_once_reads_back_whole() {
    let all: String = (0u8..0x20)
        .map(char::from)
        .chain("\"\\ plain é ∑ \u{7F} 😀 end".chars())
        .collect();
    let out = written(&all);
    assert_eq!(out, serde_json::to_string(&all).unwrap());
    assert_eq!(serde_json::from_str::<String>(&out).unwrap(), all);
}

#[test]
fn plain_text_is_written_as_it_is() {
    for s in ["", "TensorTensor", "B.DIM LB0", "é∑😀", "\u{7F}", "a/b'c"] {
        assert_eq!(written(s), format!("\"{s}\""));
        assert_eq!(written(s), serde_json::to_string(s).unwrap());
    }
}
