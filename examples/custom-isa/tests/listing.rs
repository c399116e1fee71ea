//! The custom ISA's listing is its assembly language, with no code of this crate's own: what
//! `custom-isa decode` prints, `custom-isa encode` reads back byte for byte (bundles and
//! `--word32` words, damaged streams included: bit flips, cuts, unknown opcodes, reserved bits
//! and codes set, random bytes), and a line written by hand assembles through the declarations
//! alone.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use custom_isa::{BScale, CustomIsa, CustomWord};
use isa::core::Family;
use isa::host::{assemble, assemble_words, disassemble, disassemble_words};
use isa::ops::pto::Gpr;
use isa::ops::sample::{SplitMix64, damaged};

fn here(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(file)
}

/// `custom-isa ARGS` with `input` on standard input: its standard output and whether it
/// succeeded.
fn run(args: &[&str], input: &[u8]) -> (Vec<u8>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_custom-isa"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("custom-isa runs");
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input).expect("input written");
    }
    let out = child.wait_with_output().expect("custom-isa ends");
    (out.stdout, out.status.success())
}

/// `custom-isa decode S | custom-isa encode - -o -`, with `flags`.
fn through_the_command(stream: &[u8], flags: &[&str]) -> Vec<u8> {
    let decode: Vec<&str> = ["decode"]
        .iter()
        .chain(flags)
        .chain(&["-"])
        .copied()
        .collect();
    let (text, _) = run(&decode, stream);
    let encode: Vec<&str> = ["encode"]
        .iter()
        .chain(flags)
        .chain(&["-", "-o", "-"])
        .copied()
        .collect();
    let (bytes, ok) = run(&encode, &text);
    assert!(ok, "{}", String::from_utf8_lossy(&text));
    bytes
}

/// A stream of this crate's words: two B.SCALE words around a word no identity matches, and a
/// tail.
fn words() -> Vec<u8> {
    let scale = |imm, reg| {
        let word = CustomWord::Scale(BScale { imm, reg });
        Family::to_bytes(&word).expect("encodes")
    };
    let mut stream = scale(0x1_2345, Gpr::A1);
    stream.extend_from_slice(&0xDEAD_BEEFu32.to_le_bytes());
    stream.extend(scale(7, Gpr::A0));
    stream.extend_from_slice(&[0xAB, 0xCD]);
    stream
}

#[test]
fn the_command_reads_back_its_listing() {
    let mixed = std::fs::read(here("mixed.bin")).expect("mixed.bin is checked in");
    assert_eq!(through_the_command(&mixed, &[]), mixed);
    let mut broken = mixed.clone();
    broken[0xC0 + 0x34] = 1; // a reserved byte of TensorMax
    broken.extend_from_slice(&[1, 2, 3]);
    assert_eq!(through_the_command(&broken, &[]), broken);
    assert_eq!(through_the_command(&words(), &["--word32"]), words());
    assert_eq!(through_the_command(&[], &[]), Vec::<u8>::new());
}

#[test]
fn damaged_streams_read_back_through_the_command() {
    let mixed = std::fs::read(here("mixed.bin")).expect("mixed.bin is checked in");
    let mut rng = SplitMix64::new(0x11_57);
    for stream in damaged(&mixed, 64, 40, &mut rng) {
        assert_eq!(through_the_command(&stream, &[]), stream, "{stream:02x?}");
    }
    for stream in damaged(&words(), 4, 15, &mut rng) {
        assert_eq!(
            through_the_command(&stream, &["--word32"]),
            stream,
            "{stream:02x?}"
        );
    }
}

#[test]
fn every_single_byte_change_reads_back_through_the_library() {
    let mixed = std::fs::read(here("mixed.bin")).expect("mixed.bin is checked in");
    for at in 0..mixed.len() {
        let mut stream = mixed.clone();
        stream[at] ^= 0xFF;
        let text = disassemble::<CustomIsa>(&stream);
        assert_eq!(assemble::<CustomIsa>(&text), Ok(stream), "byte {at:#x}");
    }
    let text = disassemble_words::<CustomIsa>(&words());
    assert!(text.contains("B.SCALE"), "{text}");
    assert_eq!(assemble_words::<CustomIsa>(&text), Ok(words()));
}

#[test]
fn a_hand_written_line_of_this_crate_s_op_assembles() {
    // README's line: the sync band left out (zero), the immediate negative.
    let line = "TensorMax  in_dtype=float32 out_dtype=float32 alu=bypass num_active_partitions=128 \
                input={addr=0x1400,strides=[1,1,1],nums=[512,1,1]} \
                output={addr=0x2400,strides=[1,1,1],nums=[512,1,1]} imm=-3  ; max(x, -3)";
    let mut expected = [0u8; 64];
    expected[..4].copy_from_slice(&[0x60, 0x10, 0, 0]); // opcode, inst_word_len
    expected[0x0C..0x0F].copy_from_slice(&[0xAA, 0x00, 0x80]); // float32 twice, bypass, 128
    let input = [0x00, 0x14, 0, 0, 1, 0, 1, 0, 1, 0, 0x00, 0x02, 1, 0, 1, 0];
    expected[0x10..0x20].copy_from_slice(&input);
    expected[0x20..0x30].copy_from_slice(&input);
    expected[0x21] = 0x24; // the output's address, 0x2400
    expected[0x30..0x34].copy_from_slice(&(-3i32).to_le_bytes());
    assert_eq!(assemble::<CustomIsa>(line), Ok(expected.to_vec()));
    let (bytes, ok) = run(&["encode", "-", "-o", "-"], line.as_bytes());
    assert!(ok);
    assert_eq!(bytes, expected);
    // And a mistake is named at its token, with the fields the declaration has.
    let wrong = line.replace("imm=-3", "imn=-3");
    let errors = assemble::<CustomIsa>(&wrong).expect_err("an unknown field");
    assert!(
        errors
            .to_string()
            .contains("unknown field `imn` of TensorMax; did you mean `imm`?"),
        "{errors}"
    );
}
