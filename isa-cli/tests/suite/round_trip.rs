//! Every byte stream comes back whole: what `isa decode --json` writes, and the listing `isa
//! decode` prints, `isa encode` turns back into the very bytes it came from, for bundles and for 32-bit PTO words, whatever the bytes
//! are (bundles that do not decode, words no identity matches, a tail too short for a bundle or
//! a word). And `isa encode` refuses a record that is not where the records before it end.
//!
//! These run the library functions behind the two commands (no process per case), so that
//! thousands of streams take seconds.

use std::fs;
use std::path::{Path, PathBuf};

use isa_cli::BuiltIn;
use isa_cli::cmd::decode::{Form, decode_bundles, decode_words};
use isa_cli::cmd::encode::{LineError, LineProblem, Misplaced, Mode, encode_lines};
use isa_cli::raw::RawError;
use proptest::prelude::*;
use proptest::sample::Index;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// examples/kernel.bin: ten bundles of a masked softmax.
fn kernel() -> Vec<u8> {
    fs::read(root().join("examples/kernel.bin")).expect("the example stream")
}

/// examples/tshuf.words: three TSHUF blocks.
fn tshuf() -> Vec<u8> {
    fs::read(root().join("examples/tshuf.words")).expect("the example words")
}

/// `stream` through `decode --json` and back through `encode`, in bundle mode.
fn bundles_again(stream: &[u8]) -> Result<Vec<u8>, Vec<LineProblem>> {
    let json = decode_bundles::<BuiltIn>(stream, "s.bin", Form::Json).text;
    encode_lines::<BuiltIn>(json.as_bytes(), Mode::Bundles)
}

/// `stream` through `decode --word32 --json` and back through `encode --word32`.
fn words_again(stream: &[u8]) -> Result<Vec<u8>, Vec<LineProblem>> {
    let json = decode_words::<BuiltIn>(stream, "s.words", Form::Json).text;
    encode_lines::<BuiltIn>(json.as_bytes(), Mode::Words)
}

/// `stream` through `decode` (the listing) and back through `encode`, in `mode`: the command's
/// functions, and the library's `assemble(disassemble(stream))`, which must agree.
fn listing_again(stream: &[u8], mode: Mode) -> Result<Vec<u8>, Vec<LineProblem>> {
    let (text, library) = match mode {
        Mode::Bundles => (
            decode_bundles::<BuiltIn>(stream, "s.bin", Form::Text).text,
            isa_host::disassemble::<BuiltIn>(stream),
        ),
        Mode::Words => (
            decode_words::<BuiltIn>(stream, "s.words", Form::Text).text,
            isa_host::disassemble_words::<BuiltIn>(stream),
        ),
    };
    assert_eq!(
        text, library,
        "the command's listing and the library's differ"
    );
    let assembled = match mode {
        Mode::Bundles => isa_host::assemble::<BuiltIn>(&library),
        Mode::Words => isa_host::assemble_words::<BuiltIn>(&library),
    };
    let command = encode_lines::<BuiltIn>(text.as_bytes(), mode);
    assert_eq!(command, assembled.map_err(|e| e.0), "{text}");
    command
}

/// Asserts that `stream` comes back byte for byte in both modes, through JSON Lines and
/// through the listing.
fn assert_round_trip(stream: &[u8]) {
    assert_eq!(
        bundles_again(stream).as_deref(),
        Ok(stream),
        "bundles: {stream:02x?}"
    );
    assert_eq!(
        words_again(stream).as_deref(),
        Ok(stream),
        "words: {stream:02x?}"
    );
    for mode in [Mode::Bundles, Mode::Words] {
        assert_eq!(
            listing_again(stream, mode).as_deref(),
            Ok(stream),
            "{mode:?} listing: {stream:02x?}"
        );
    }
}

/// Bundles picked from `source` in any order, then `edits` (a byte at a position replaced by
/// itself xor a value), then `cut` bytes off the end: real bundles, some broken.
fn mangled(source: &[u8], unit: usize) -> impl Strategy<Value = Vec<u8>> + use<> {
    let units: Vec<Vec<u8>> = source.chunks(unit).map(<[u8]>::to_vec).collect();
    (
        prop::collection::vec(any::<Index>(), 0..12),
        prop::collection::vec((any::<Index>(), 1..=255u8), 0..6),
        0..unit,
    )
        .prop_map(move |(picks, edits, cut)| {
            let mut s: Vec<u8> = picks
                .iter()
                .flat_map(|i| i.get(&units).iter().copied())
                .collect();
            if !s.is_empty() {
                for (at, x) in &edits {
                    let at = at.index(s.len());
                    s[at] ^= x;
                }
            }
            s.truncate(s.len().saturating_sub(cut));
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// 2048 cases of arbitrary bytes, 0 to 700 of them: mostly bundles with unknown opcodes,
    /// words no identity matches, and a tail.
    #[test]
    fn arbitrary_bytes_come_back_whole(stream in prop::collection::vec(any::<u8>(), 0..=700)) {
        assert_round_trip(&stream);
    }

    /// 2048 cases of the example's bundles in any order, some bytes changed, the end cut: most
    /// bundles decode, some fail at a field, the tail is anything from 0 to 63 bytes.
    #[test]
    fn corrupted_example_bundles_come_back_whole(stream in mangled(&kernel(), 64)) {
        assert_round_trip(&stream);
    }

    /// 2048 cases of the example's words in any order, some bytes changed, the end cut: blocks
    /// that compose, blocks that do not, stray and unknown words, 0 to 3 trailing bytes.
    #[test]
    fn corrupted_example_words_come_back_whole(stream in mangled(&tshuf(), 4)) {
        assert_round_trip(&stream);
    }
}

#[test]
fn every_single_byte_corruption_of_the_example_comes_back_whole() {
    for source in [kernel(), tshuf()] {
        for at in 0..source.len() {
            for change in [|b: u8| b ^ 0xFF, |b: u8| b.wrapping_add(1)] {
                let mut stream = source.clone();
                stream[at] = change(stream[at]);
                assert_round_trip(&stream);
            }
        }
    }
}

#[test]
fn a_bundle_that_does_not_decode_is_a_raw_record_with_its_reason() {
    let mut stream = kernel();
    stream[0x80] = 0x60;
    stream.extend_from_slice(&[0x41, 0x10, 0x00]);
    let out = decode_bundles::<BuiltIn>(&stream, "s.bin", Form::Json);
    let lines: Vec<&str> = out.text.lines().collect();
    assert_eq!(lines.len(), 10);
    let hex: String = stream[0x80..0xC0]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert!(
        lines[2].starts_with(&format!(
            r#"{{"offset":128,"raw":"{hex}","reason":"cannot decode bundle: field `opcode` at byte 0x00: opcode 0x60 is not one of"#
        )),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[9],
        r#"{"offset":576,"raw":"411000","reason":"3 trailing bytes at offset 0x240 do not make a 64-byte bundle"}"#
    );
    // The records that decode are as they were.
    assert!(lines[3].starts_with(r#"{"offset":192,"op":"SelectReduce","#));
    // Both are reported.
    assert_eq!(out.problems.len(), 2, "{:?}", out.problems);
    assert!(out.problems[0].starts_with("s.bin:0x80: cannot decode bundle"));
    assert!(out.problems[1].starts_with("s.bin:0x240: 3 trailing bytes"));
}

#[test]
fn the_listing_shows_a_bad_bundle_and_the_tail_with_every_byte_and_the_reason() {
    let mut stream = kernel();
    stream[0x1C0 + 0x0E] |= 0x40;
    stream.extend_from_slice(&[0xAA; 5]);
    let out = decode_bundles::<BuiltIn>(&stream, "s.bin", Form::Text);
    let lines: Vec<&str> = out.text.lines().collect();
    let hex: String = stream[0x1C0..0x200]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        lines[7],
        format!(
            "0x000001c0  0x43  (bad)  bytes={hex}  ; cannot decode TensorScalar: field `reserved` \
             at byte 0x0e: reserved bits are set: bit 6 (the byte reads 0x40; its reserved bits, \
             mask 0xff, belong to no field and must be zero)"
        )
    );
    assert_eq!(
        lines[9],
        "0x00000240  (trailing)  bytes=aaaaaaaaaa  ; 5 trailing bytes at offset 0x240 do not make \
         a 64-byte bundle"
    );
}

/// The JSON Lines of the example stream, one record a line.
fn kernel_records() -> Vec<String> {
    decode_bundles::<BuiltIn>(&kernel(), "kernel.bin", Form::Json)
        .text
        .lines()
        .map(str::to_string)
        .collect()
}

fn encode(lines: &[String], mode: Mode) -> Result<Vec<u8>, Vec<LineProblem>> {
    encode_lines::<BuiltIn>(lines.join("\n").as_bytes(), mode)
}

#[test]
fn a_deleted_record_leaves_a_gap_named_at_its_line() {
    let mut lines = kernel_records();
    lines.remove(3);
    let problems = encode(&lines, Mode::Bundles).unwrap_err();
    // One problem: the record after the gap. The records after it follow on from it.
    assert_eq!(
        problems,
        [LineProblem {
            line: 4,
            error: LineError::Misplaced(Misplaced {
                expected: 192,
                found: 256
            })
        }]
    );
    assert_eq!(
        problems[0].located("k.jsonl"),
        "k.jsonl:4: record at offset 256 (0x100) leaves a gap of 64 bytes after the records \
         before it, which end at 192 (0xc0): expected offset 192, found 256; each record starts \
         where the one before it ends"
    );
}

#[test]
fn a_repeated_record_overlaps_the_one_before() {
    let mut lines = kernel_records();
    lines.insert(5, lines[4].clone());
    let problems = encode(&lines, Mode::Bundles).unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].line, 6);
    assert_eq!(
        problems[0].error.to_string(),
        "record at offset 256 (0x100) overlaps the last 64 bytes of the records before it, which \
         end at 320 (0x140): expected offset 320, found 256; each record starts where the one \
         before it ends"
    );
}

#[test]
fn a_record_without_an_offset_goes_where_the_one_before_ends() {
    // The example source has no offsets at all.
    let source = fs::read(root().join("examples/kernel.jsonl")).unwrap();
    assert_eq!(
        encode_lines::<BuiltIn>(&source, Mode::Bundles),
        Ok(kernel())
    );
    // Offsets on some records only: each is checked against the running count.
    let mut lines = kernel_records();
    for k in [1, 2, 5] {
        lines[k] = lines[k].replacen(&format!("{{\"offset\":{},", 64 * k), "{", 1);
    }
    assert_eq!(encode(&lines, Mode::Bundles), Ok(kernel()));
    // A raw record written by hand, without an offset or a reason.
    lines.push(r#"{"raw":"0102"}"#.into());
    let mut expected = kernel();
    expected.extend_from_slice(&[1, 2]);
    assert_eq!(encode(&lines, Mode::Bundles), Ok(expected));
}

#[test]
fn after_a_line_that_does_not_read_the_next_offset_says_where_the_stream_goes_on() {
    let mut lines = kernel_records();
    lines[2] = r#"{"offset":128,"raw":"xyz"}"#.into();
    lines[3] = lines[3].replacen("{\"offset\":192,", "{", 1);
    let problems = encode(&lines, Mode::Bundles).unwrap_err();
    assert_eq!(
        problems,
        [LineProblem {
            line: 3,
            error: LineError::Raw(RawError::NotHex { at: 1, found: 'x' })
        }]
    );
}

#[test]
fn an_offset_that_is_not_a_byte_offset_is_refused() {
    let first = kernel_records().swap_remove(0);
    for (offset, found) in [
        ("-64", "-64"),
        ("1.5", "1.5"),
        ("\"0\"", "a string"),
        ("null", "null"),
    ] {
        let line = first.replacen("\"offset\":0", &format!("\"offset\":{offset}"), 1);
        let problems = encode_lines::<BuiltIn>(line.as_bytes(), Mode::Bundles).unwrap_err();
        assert_eq!(
            problems,
            [LineProblem {
                line: 1,
                error: LineError::BadOffset {
                    found: found.into()
                }
            }]
        );
    }
}

#[test]
fn word_streams_check_offsets_too() {
    let mut stream = tshuf();
    // The second block's B.DATR no identity matches; a stray BSTOP; two trailing bytes.
    stream[0x18..0x1C].copy_from_slice(&0xDEAD_BEEFu32.to_le_bytes());
    stream.extend_from_slice(&[1, 0, 0, 0, 0xAB, 0xCD]);
    let json = decode_words::<BuiltIn>(&stream, "s.words", Form::Json).text;
    let mut lines: Vec<String> = json.lines().map(str::to_string).collect();
    assert!(
        lines.contains(
            &r#"{"offset":24,"raw":"efbeadde","reason":"word 0xdeadbeef is not a declared word: no mask/match identity matches"}"#
                .to_string()
        ),
        "{json}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            r#"{"offset":64,"raw":"abcd","reason":"2 trailing bytes at offset 0x40 do not make a 32-bit word"}"#
        )
    );
    assert_eq!(encode(&lines, Mode::Words).as_deref(), Ok(&stream[..]));
    // The first block's record deleted: the second block's first word is at 20, not 0.
    lines.remove(0);
    let problems = encode(&lines, Mode::Words).unwrap_err();
    assert_eq!(
        problems,
        [LineProblem {
            line: 1,
            error: LineError::Misplaced(Misplaced {
                expected: 0,
                found: 20
            })
        }]
    );
}

#[test]
fn a_block_word_with_a_field_tshuf_requires_zero_comes_back_whole() {
    // Bit 28 of the first block's B.DATR set: a field other than Layout, which TSHUF requires to
    // be zero (seed 004). The block does not compose; its words are records of their own.
    let mut stream = tshuf();
    stream[0x07] |= 0x10;
    let out = decode_words::<BuiltIn>(&stream, "s.words", Form::Json);
    assert_eq!(out.problems.len(), 1, "{:?}", out.problems);
    assert!(
        out.text.starts_with(r#"{"offset":0,"word":"Bstart","#),
        "{}",
        out.text
    );
    assert_round_trip(&stream);
}
