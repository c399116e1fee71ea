//! The `isa` binary, driven as a user drives it: the checked-in example stream, its JSON Lines
//! source, corrupted copies of it, and the generated reference.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use isa_cli::BuiltIn;
use isa_cli::cmd::decode::{Form, decode_words};
use predicates::prelude::*;
use predicates::str::contains;

/// The repository root (the example and the reference live there).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn example_bin() -> PathBuf {
    root().join("examples/kernel.bin")
}

fn example_jsonl() -> PathBuf {
    root().join("examples/kernel.jsonl")
}

fn isa() -> Command {
    Command::cargo_bin("isa").expect("the isa binary is built")
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A copy of the example with `edit` applied, written to `dir/name`.
fn corrupted(dir: &Path, name: &str, edit: impl FnOnce(&mut Vec<u8>)) -> PathBuf {
    edited_copy(&example_bin(), dir, name, edit)
}

/// A copy of `source` with `edit` applied, written to `dir/name`.
fn edited_copy(source: &Path, dir: &Path, name: &str, edit: impl FnOnce(&mut Vec<u8>)) -> PathBuf {
    let mut bytes = fs::read(source).expect("the example stream");
    edit(&mut bytes);
    let path = dir.join(name);
    fs::write(&path, bytes).expect("corrupted copy");
    path
}

/// Runs `isa encode FLAGS - -o OUT` with `stdin` and returns the bytes it wrote.
fn encoded(flags: &[&str], stdin: Vec<u8>, out: &Path) -> Vec<u8> {
    isa()
        .arg("encode")
        .args(flags)
        .args(["-", "-o"])
        .arg(out)
        .write_stdin(stdin)
        .assert()
        .success();
    fs::read(out).unwrap_or_default()
}

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().expect("isa runs").stdout).expect("UTF-8 output")
}

fn no_panic() -> impl Predicate<str> {
    contains("panicked").not()
}

/// The example is a masked softmax of nine bundles (examples/kernel.jsonl, built by
/// isa-cli/examples/make_kernel.rs).
const BUNDLES: usize = 9;

/// The example's opcodes, in stream order.
const OPCODES: [u8; BUNDLES] = [0x49, 0x46, 0xE8, 0xEA, 0x30, 0x9B, 0x43, 0x43, 0x99];

#[path = "../../examples/make_kernel.rs"]
#[allow(dead_code)]
mod make_kernel;

#[test]
fn the_example_source_is_what_the_generator_lowers() {
    let generated = make_kernel::json_lines().expect("the kernel lowers");
    let checked_in = fs::read_to_string(example_jsonl()).unwrap();
    assert_eq!(
        checked_in, generated,
        "examples/kernel.jsonl is stale; regenerate it with \
         `cargo run -q -p isa-cli --example make_kernel > examples/kernel.jsonl`"
    );
}

#[test]
fn the_example_bundles_carry_the_seed_bytes() {
    let bytes = fs::read(example_bin()).unwrap();
    assert_eq!(bytes.len(), BUNDLES * 64);
    let bundle = |k: usize| &bytes[k * 64..(k + 1) * 64];
    for (k, &opcode) in OPCODES.iter().enumerate() {
        // Seed 000, setupHeader: opcode, inst_word_len 0x10, two zero bytes.
        assert_eq!(&bundle(k)[..4], &[opcode, 0x10, 0x00, 0x00], "bundle {k}");
    }
    // Seed 001: the 16-bit header words 0x1030 (Exp) and 0x1043 (plain TS), little-endian.
    assert_eq!(&bundle(4)[..2], &[0x30, 0x10]);
    assert_eq!(&bundle(6)[..2], &[0x43, 0x10]);
    // Memset (seed 000 §5): dtype bfloat16 -> 0x06 at +0x20, num_active_partitions 128 at +0x22.
    assert_eq!((bundle(0)[0x20], bundle(0)[0x22]), (0x06, 128));
    // CopyPredicatedScalar (seed 000 §3.3): the uint8 causal mask's tag 0x03 at +0x20, the fp32
    // output's 0x0A at +0x21.
    assert_eq!(&bundle(2)[0x20..0x22], &[0x03, 0x0A]);
    // SelectReduce (seed 000 §3.1): the ALU bytes at +0x24/+0x25, bypass then max (8 -> 0x08).
    assert_eq!(&bundle(3)[0x24..0x26], &[0x00, 0x08]);
    // Exponential (seed 001): accumulator_cmd ZeroAccumulate (3 -> 3) at +0x0C; op0|op1 = 0 and
    // reverse none; fp32 tags 0x0A at +0x20/+0x21; imm0, max_value [I1], is the rowmax AP: a
    // physical AP (source byte 1 at +0x23) whose ADDR4 word is SBUF partition 0, byte 0x2800.
    assert_eq!(bundle(4)[0x0C], 0x03);
    assert_eq!(&bundle(4)[0x20..0x24], &[0x0A, 0x0A, 0x80, 0x01]);
    assert_eq!(&bundle(4)[0x24..0x27], &[0x00, 0x00, 0x00]);
    assert_eq!(&bundle(4)[0x28..0x2C], &[0x00, 0x28, 0x00, 0x00]);
    // The trailing DveReadAccumulator: header only, the body as zero-filled as every bundle
    // starts (seed 001).
    assert!(bundle(5)[4..].iter().all(|&b| b == 0));
    // TensorScalar 1.0 / rowsum (seed 001): divide (7 -> 0x07) at +0x24, the reverse pack
    // reverse0 | reverse1 << 1 = 1 at +0x26.
    assert_eq!((bundle(6)[0x24], bundle(6)[0x26]), (0x07, 0x01));
    // CastPredicated (seed 000 §3.2): the s3d3_tt band, src float32 in the low nibble and the
    // uint8 mask in the high nibble of +0x0C, the bfloat16 output at +0x0D, no ALU byte.
    assert_eq!(&bundle(8)[0x0C..0x10], &[0x3A, 0x06, 0x00, 128]);
}

/// The listing of examples/kernel.bin, one line per bundle.
const LISTING: [&str; BUNDLES] = [
    "0x00000000  0x49  Memset  opcode=memset_const \
     sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=0} mode=0 \
     dtype=bfloat16 num_active_partitions=128 fill=0 \
     dst={addr=0x00002400,strides=[1,1,1,1],nums=[512,1,1,1]}",
    "0x00000040  0x46  TensorCopy  opcode=tensor_copy \
     sync={wait_mode=1,wait_index=0,update_mode=0,update_index=0,value=1} \
     src={addr=0x00000000,strides=[1,1,1,1],nums=[512,1,1,1]} src_dtype=float32 \
     dst_dtype=float32 num_active_partitions=128 \
     dst={addr=0x00001400,strides=[1,1,1,1],nums=[512,1,1,1]}",
    "0x00000080  0xe8  CopyPredicatedScalar  \
     sync={wait_mode=1,wait_index=0,update_mode=0,update_index=0,value=1} \
     out={addr=0x00001400,strides=[1,1,1],nums=[512,1,1]} mask_dtype=uint8|float8_e8m0fnu \
     out_dtype=float32 num_active_partitions=128 byte_0x29=0 mask_num_active_partitions=128 \
     scalar=4286578688 \
     mask={addr=0x00000800,strides=[1,1,1],nums=[512,1,1]}",
    "0x000000c0  0xea  SelectReduce  \
     sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=0} \
     src={addr=0x00001400,strides=[1,1],nums=[512,1]} \
     out={addr=0x00002800,strides=[1,1],nums=[1,1]} op0=bypass reduce_op=max byte_0x26=0 \
     false_fill=0 mask_dtype=uint8|float8_e8m0fnu src_dtype=float32 out_dtype=float32 \
     fill_dtype=float32 accumulate=zero_accumulate \
     mask={addr=0x00001000,strides=[1,1],nums=[512,1]}",
    "0x00000100  0x30  Exponential  opcode=exponential \
     sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=0} \
     accumulator_cmd=zero_accumulate input={addr=0x00001400,strides=[1,1,1],nums=[512,1,1]} \
     in_dtype=float32 out_dtype=float32 num_active_channels=128 imm0_src=physical_ap \
     op0=bypass op1=bypass reverse=none imm1_src=immediate imm0=10240 imm1=0 \
     out={addr=0x00001c00,strides=[1,1,1],nums=[512,1,1]}",
    "0x00000140  0x9b  DveReadAccumulator  \
     body=000000000000000000000000000000000000000000000000000000000000\
     000000000000000000000000000000000000000000000000000000000000",
    "0x00000180  0x43  TensorScalar  opcode=tensor_scalar_arith \
     sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=0} \
     accumulator_cmd=idle input={addr=0x00002804,strides=[1,1,1],nums=[1,1,1]} \
     in_dtype=float32 out_dtype=float32 num_active_channels=128 imm0_src=immediate \
     op0=divide op1=bypass reverse=first imm1_src=immediate imm0=1065353216 imm1=0 \
     out={addr=0x00002808,strides=[1,1,1],nums=[1,1,1]}",
    "0x000001c0  0x43  TensorScalar  opcode=tensor_scalar_arith \
     sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=0} \
     accumulator_cmd=idle input={addr=0x00001c00,strides=[1,1,1],nums=[512,1,1]} \
     in_dtype=float32 out_dtype=float32 num_active_channels=128 imm0_src=physical_ap \
     op0=mult op1=bypass reverse=none imm1_src=immediate imm0=10248 imm1=0 \
     out={addr=0x00001c00,strides=[1,1,1],nums=[512,1,1]}",
    "0x00000200  0x99  CopyPredicated  opcode=cast_predicated \
     sync={wait_mode=0,wait_index=0,update_mode=1,update_index=1,value=1} \
     src_dtype=float32 mask_dtype=uint8|float8_e8m0fnu out_dtype=bfloat16 alu=0 \
     num_active_partitions=128 out={addr=0x00002400,strides=[1,1,1],nums=[512,1,1]} \
     src={addr=0x00001c00,strides=[1,1,1],nums=[512,1,1]} \
     mask={addr=0x00001000,strides=[1,1,1],nums=[512,1,1]}",
];

#[test]
fn decode_prints_one_line_per_bundle_with_every_field() {
    let out = stdout_of(isa().arg("decode").arg(example_bin()));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, LISTING);
    isa()
        .arg("decode")
        .arg(example_bin())
        .assert()
        .success()
        .stderr("");
}

#[test]
fn a_shared_table_code_prints_every_value_it_stands_for() {
    // Seed 000's dtype table writes uint8 and float8_e8m0fnu both as 0x03: TensorCopy's
    // src_dtype byte (+0x20 of bundle 1) set to 0x03 prints both.
    let dir = scratch("shared-code");
    let path = corrupted(&dir, "shared.bin", |b| b[0x40 + 0x20] = 0x03);
    let out = stdout_of(isa().arg("decode").arg(&path));
    let line = out.lines().nth(1).unwrap_or_default();
    assert!(
        line.contains(" src_dtype=uint8|float8_e8m0fnu dst_dtype=float32 "),
        "{line}"
    );
    // JSON carries the canonical preimage only.
    let json = stdout_of(isa().args(["decode", "--json"]).arg(&path));
    let v: serde_json::Value = serde_json::from_str(json.lines().nth(1).unwrap()).unwrap();
    assert_eq!(v["src_dtype"], "uint8");
}

#[test]
fn decode_reads_standard_input() {
    let bytes = fs::read(example_bin()).unwrap();
    let out = stdout_of(isa().args(["decode", "-"]).write_stdin(bytes));
    assert_eq!(out.lines().collect::<Vec<_>>(), LISTING);
}

#[test]
fn a_long_stream_decodes_in_order_across_workers() {
    // 2700 bundles: several chunks of work, decoded on every core, printed in stream order.
    let dir = scratch("long");
    let one = fs::read(example_bin()).unwrap();
    let mut bytes: Vec<u8> = one.iter().copied().cycle().take(300 * one.len()).collect();
    bytes[2502 * 64] = 0xFF;
    let path = dir.join("long.bin");
    fs::write(&path, &bytes).unwrap();
    let run = isa().arg("decode").arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let offsets: Vec<usize> = out
        .lines()
        .map(|l| usize::from_str_radix(&l[2..10], 16).unwrap())
        .collect();
    assert_eq!(offsets, (0..2700).map(|k| k * 64).collect::<Vec<_>>());
    run.stderr(contains(
        "long.bin:0x27180: cannot decode bundle: field `opcode`",
    ))
    .stderr(contains("isa: 1 problem in"));
    isa()
        .arg("stats")
        .arg(&path)
        .assert()
        .code(1)
        // Bundle 2502 is bundle 0 of its copy of the example (2502 = 9·278): the Memset.
        .stdout(contains("0x49    Memset                        299\n"))
        .stdout(contains("0x30    Exponential                   300\n"))
        .stdout(contains("0x43    TensorScalar                  600\n"))
        .stdout(contains("0xff    (unknown)                       1\n"));
}

#[test]
fn decode_json_is_the_serde_form_with_the_offset() {
    let out = stdout_of(isa().args(["decode", "--json"]).arg(example_bin()));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), BUNDLES);
    assert_eq!(
        lines[0],
        r#"{"offset":0,"op":"Memset","opcode":"memset_const","sync":{"wait_mode":0,"wait_index":0,"update_mode":0,"update_index":0,"value":0},"mode":0,"dtype":"bfloat16","num_active_partitions":128,"fill":0,"dst":{"addr":9216,"strides":[1,1,1,1],"nums":[512,1,1,1]}}"#
    );
    let ops: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["offset"], k * 64);
            v["op"].as_str().unwrap_or_default().to_string()
        })
        .collect();
    assert_eq!(
        ops,
        [
            "Memset",
            "TensorCopy",
            "CopyPredicatedScalar",
            "SelectReduce",
            "Exponential",
            "DveReadAccumulator",
            "TensorScalar",
            "TensorScalar",
            "CopyPredicated"
        ]
    );
    // Exponential's imm0, max_value [I1], is the physical AP of rowmax: SBUF byte 0x2800.
    let v: serde_json::Value = serde_json::from_str(lines[4]).unwrap();
    assert_eq!(v["imm0_src"], "physical_ap");
    assert_eq!(v["imm0"], 0x2800u32);
    assert_eq!(v["accumulator_cmd"], "zero_accumulate");
    // An unrecovered op carries its 60-byte body as 120 hex digits.
    let v: serde_json::Value = serde_json::from_str(lines[5]).unwrap();
    assert_eq!(v["body"].as_str().map(str::len), Some(120));
}

#[test]
fn decode_then_encode_is_byte_identical() {
    let dir = scratch("round-trip");
    let json = isa()
        .args(["decode", "--json"])
        .arg(example_bin())
        .output()
        .unwrap()
        .stdout;
    let again = encoded(&[], json, &dir.join("again.bin"));
    assert_eq!(again, fs::read(example_bin()).unwrap());
}

/// `isa decode FLAGS --json PATH` (exit status 1: the stream has problems) piped into `isa
/// encode FLAGS - -o OUT`: the bytes written.
fn decoded_and_encoded(flags: &[&str], path: &Path, out: &Path) -> Vec<u8> {
    let run = isa()
        .arg("decode")
        .args(flags)
        .arg("--json")
        .arg(path)
        .assert()
        .code(1)
        .stderr(no_panic());
    encoded(flags, run.get_output().stdout.clone(), out)
}

/// `isa encode FLAGS LINES -o OUT`, where LINES is `isa decode FLAGS --json SOURCE` with its
/// line `deleted` (1-based) taken out: refused with `message`, and nothing written.
fn refused_without_line(flags: &[&str], source: &Path, deleted: usize, message: &str) {
    let dir = scratch(&format!("deleted-line{}", flags.concat()));
    let json = stdout_of(isa().arg("decode").args(flags).arg("--json").arg(source));
    let mut lines: Vec<&str> = json.lines().collect();
    lines.remove(deleted - 1);
    let input = dir.join("cut.jsonl");
    fs::write(&input, lines.join("\n")).unwrap();
    encode_refused(
        flags,
        &input,
        &[
            format!("cut.jsonl:{deleted}: {message}"),
            "isa: 1 line of".into(),
        ],
    );
}

/// `isa encode FLAGS INPUT -o OUT` beside the input: exit status 1, every one of `messages` on
/// standard error, and nothing written (no output, no temporary file: only the input is left).
fn encode_refused(flags: &[&str], input: &Path, messages: &[String]) {
    let dir = input.parent().expect("the input is in a scratch directory");
    let out = dir.join("out.bin");
    let mut run = isa()
        .arg("encode")
        .args(flags)
        .arg(input)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(no_panic());
    for message in messages {
        run = run.stderr(contains(message.as_str()));
    }
    assert!(!out.exists());
    assert_eq!(
        fs::read_dir(dir).unwrap().count(),
        1,
        "only the input is there"
    );
}

#[test]
fn decode_json_then_encode_gives_back_bundles_that_do_not_decode_and_the_tail() {
    let dir = scratch("round-trip-bad");
    // Bundle 4 gets an opcode no op has, and 23 bytes follow the last bundle.
    let path = corrupted(&dir, "bad.bin", |b| {
        b[0x100] = 0x60;
        b.extend_from_slice(&[0x41; 23]);
    });
    let again = decoded_and_encoded(&[], &path, &dir.join("again.bin"));
    assert_eq!(again, fs::read(&path).unwrap());
}

#[test]
fn encode_refuses_the_example_json_lines_with_a_line_deleted() {
    refused_without_line(
        &[],
        &example_bin(),
        4,
        "record at offset 256 (0x100) leaves a gap of 64 bytes after the records before it, \
         which end at 192 (0xc0): expected offset 192, found 256",
    );
}

#[test]
fn encode_writes_a_fifo_in_place_and_never_renames_over_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("encode-fifo");
    let fifo = dir.join("out.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    // A reader drains the FIFO while encode writes it; a child process, so that it can be
    // stopped if encode never writes the FIFO.
    let drained = dir.join("drained.bin");
    let mut reader = std::process::Command::new("cp")
        .arg(&fifo)
        .arg(&drained)
        .spawn()
        .expect("cp runs");
    isa()
        .arg("encode")
        .arg(example_jsonl())
        .arg("-o")
        .arg(&fifo)
        .assert()
        .success();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while reader.try_wait().ok().flatten().is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let finished = reader.try_wait().ok().flatten().is_some();
    let _ = reader.kill();
    assert!(finished, "the FIFO was written and closed");
    assert_eq!(
        fs::read(&drained).unwrap(),
        fs::read(example_bin()).unwrap()
    );
    let kind = fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(
        kind.is_fifo(),
        "the FIFO is still a FIFO, not a file renamed over it"
    );
    let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert_eq!(
        left.len(),
        2,
        "nothing is created beside it (the FIFO and the copy)"
    );
}

#[test]
fn the_checked_in_stream_is_the_encoded_source() {
    let dir = scratch("source");
    let out = dir.join("kernel.bin");
    isa()
        .arg("encode")
        .arg(example_jsonl())
        .arg("-o")
        .arg(&out)
        .assert()
        .success()
        .stderr("");
    assert_eq!(fs::read(&out).unwrap(), fs::read(example_bin()).unwrap());
    let listing: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(listing, ["kernel.bin"], "no temporary file is left");
}

#[test]
fn validate_passes_the_example() {
    isa()
        .arg("validate")
        .arg(example_bin())
        .assert()
        .code(0)
        .stdout("")
        .stderr(contains("9 bundles, every check passed"));
}

#[test]
fn validate_lists_a_zero_count_with_its_absolute_offset_check_and_field() {
    let dir = scratch("zero-count");
    // Bundle 8 (0x200, CastPredicated, the s3d3_tt band): `out` count0 at +0x10 + (4 + 2·3) =
    // +0x1A (seed 002: counts after the strides, at 4 + 2N).
    let path = corrupted(&dir, "zero.bin", |b| {
        b[0x200 + 0x1A] = 0;
        b[0x200 + 0x1B] = 0;
    });
    let out = isa().arg("validate").arg(&path).assert().code(1);
    let out = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains(":0x21a: CopyPredicated: tensor3d_valid failed on `out` at byte 0x1a: count0"),
        "{out}"
    );
    // The inputs still walk 512 elements; the output now walks none.
    for (at, field) in [
        ("0x220", "src` at byte 0x20"),
        ("0x230", "mask` at byte 0x30"),
    ] {
        assert!(
            out.contains(&format!(
                ":{at}: CopyPredicated: s3d3_tt_src_element_cnt_check failed on `{field}"
            )),
            "{out}"
        );
    }
    assert_eq!(out.lines().count(), 3, "{out}");
    // Decoding does not run the validators: the bundle decodes.
    isa().arg("decode").arg(&path).assert().success();
}

// `--strict-only`: only findings of rules the seeds state. Seed 002 states tensor3d_valid
// ("return num0(+0xA) != 0 && num1(+0xC) != 0 && num2(+0xE) != 0; // setne chain", tagged
// STRONG); s3d3_tt_src_element_cnt_check is a name in seed 000's ledger whose rule is a reading
// (INFERRED), so it is left out.
#[test]
fn validate_strict_only_reports_only_rules_the_seeds_state() {
    let dir = scratch("strict-only");
    let path = corrupted(&dir, "zero.bin", |b| {
        b[0x200 + 0x1A] = 0;
        b[0x200 + 0x1B] = 0;
    });
    let out = isa()
        .args(["validate", "--strict-only"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains("9 bundles, 1 finding"));
    let out = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.contains(":0x21a: CopyPredicated: tensor3d_valid failed on `out` at byte 0x1a: count0"),
        "{out}"
    );
    assert!(!out.contains("s3d3_tt_src_element_cnt_check"), "{out}");

    // Decode failures are not validator findings: reported with or without the flag.
    let bad = corrupted(&dir, "lut.bin", |b| b[0x100 + 0x20] = 0x00);
    isa()
        .args(["validate", "--strict-only"])
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(contains("Exponential: decode failed on `in_dtype`"));
    // A clean stream stays clean.
    isa()
        .args(["validate", "--strict-only"])
        .arg(example_bin())
        .assert()
        .code(0)
        .stdout("");
}

#[test]
fn validate_reports_decode_failures_as_the_decode_check() {
    let dir = scratch("validate-decode");
    // Bundle 4 (0x100, Exponential): in_dtype at +0x20 set to 0x00, no dtype's code in the
    // CoreV4 table (seed 001: byte_1DFBAD0 starts at 0x01, uint64).
    let path = corrupted(&dir, "lut.bin", |b| b[0x100 + 0x20] = 0x00);
    isa()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(format!(
            "{}:0x120: Exponential: decode failed on `in_dtype` at byte 0x20: code 0x0 is not \
             in table `dtype_v4`\n",
            path.display()
        ))
        .stderr(contains("9 bundles, 1 finding"));
}

#[test]
fn stats_counts_bundles_per_opcode_and_op() {
    let out = stdout_of(isa().arg("stats").arg(example_bin()));
    let expected = "\
opcode  op                        bundles
0x30    Exponential                     1
0x43    TensorScalar                    2
0x46    TensorCopy                      1
0x49    Memset                          1
0x99    CopyPredicated                  1
0x9b    DveReadAccumulator              1
0xe8    CopyPredicatedScalar            1
0xea    SelectReduce                    1

op                                bundles
CopyPredicated                          1
CopyPredicatedScalar                    1
DveReadAccumulator                      1
Exponential                             1
Memset                                  1
SelectReduce                            1
TensorCopy                              1
TensorScalar                            2
";
    let (head, table) = out.split_once('\n').unwrap_or_default();
    assert!(head.ends_with(": 9 bundles, 576 bytes"), "{head}");
    assert_eq!(table, expected);
    isa()
        .arg("stats")
        .arg(example_bin())
        .assert()
        .success()
        .stderr("");
}

#[test]
fn stats_counts_unknown_opcodes_and_trailing_bytes() {
    let dir = scratch("stats-bad");
    let path = corrupted(&dir, "bad.bin", |b| {
        b[0x80] = 0xFF;
        b.extend_from_slice(&[0x41, 0x10, 0, 0]);
    });
    isa()
        .arg("stats")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(contains("0xe8    CopyPredicatedScalar").not())
        .stdout(contains("0x43    TensorScalar                    2\n"))
        .stdout(contains("0xff    (unknown)                       1\n"))
        .stdout(contains("trailing bytes: 4 at 0x240"))
        .stderr(contains(":0x80: cannot decode bundle: field `opcode`"))
        .stderr(contains(":0x240: 4 trailing bytes"));
}

#[test]
fn fields_prints_the_table_of_an_op_by_name_wire_name_or_opcode() {
    let by_name = stdout_of(isa().args(["fields", "TENSORtensor"]));
    assert!(
        by_name.starts_with("TensorTensor (s3d3_tt), opcodes 0x41 0x51 0x8a 0x8e\n"),
        "{by_name}"
    );
    let rows: Vec<Vec<&str>> = by_name
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    // Seed 000 §2: in0 dtype is the low nibble of 0x0C through the dtype table.
    assert!(
        rows.iter().any(|r| r[..]
            == [
                "0x0c",
                "bits",
                "3:0",
                "in0_dtype",
                "Dtype",
                "via",
                "dtype_v2",
                "(many-to-one)",
                "not",
                "stated"
            ]),
        "{by_name}"
    );
    assert!(rows.iter().any(
        |r| r[..4] == ["0x01", "1", "byte", "inst_word_len"] && r[4..6] == ["constant", "0x10"]
    ));
    assert!(
        rows.iter()
            .any(|r| r[..4] == ["0x10", "16", "bytes", "out"])
    );
    assert_eq!(stdout_of(isa().args(["fields", "s3d3_tt"])), by_name);
    assert_eq!(stdout_of(isa().args(["fields", "0x8E"])), by_name);
    // Every layout: the ops first (TensorTensor leads the dispatch list), then the block words.
    let all = stdout_of(isa().arg("fields"));
    assert!(all.starts_with(&by_name), "{all}");
    let titles: Vec<&str> = all
        .split("\n\n")
        .map(|t| t.split_once(',').map_or(t, |(name, _)| name))
        .collect();
    assert_eq!(
        titles,
        [
            "TensorTensor (s3d3_tt)",
            "SelectReduce",
            "CopyPredicated (s3d3_tt)",
            "CopyPredicatedScalar (d3_cp)",
            "TensorCopy (s3d3_copy)",
            "Memset (d3_memset)",
            "MoveShape (s_move)",
            "TensorScalar (s3d3_ts)",
            "Exponential (s3d3_ts)",
            "ScalarTensorTensor (s2s2d2_stt)",
            "TensorScalarAddr (s2d2_ts_as)",
            "TensorScalarAffineSelect",
            "DveReadAccumulator",
            "TensorDequantize",
            "TensorReduceRangeCheck",
            "BSTART.TEPL (32-bit block word)",
            "B.DATR (32-bit block word)",
            "B.DIM LB0 (32-bit block word)",
            "B.DIM LB1 (32-bit block word)",
            "B.DIM LB2 (32-bit block word)",
            "B.IOT (32-bit block word)",
            "B.IOR (32-bit block word)",
            "BSTOP (32-bit block word)",
        ]
    );
}

#[test]
fn fields_prints_a_block_word_by_name_or_by_a_word_it_recognises() {
    let iot = stdout_of(isa().args(["fields", "b.iot"]));
    // SPEC-NOTES §3: B.IOT mask 0x0000707F match 0x00004013, SrcTile1[31:26] SrcTile0[25:20]
    // L[19] SizeCode[18:15] PEMode[11:9] DstTile[8:7].
    let rows: Vec<Vec<&str>> = iot
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows[0],
        [
            "B.IOT",
            "(32-bit",
            "block",
            "word),",
            "word",
            "&",
            "0x0000707f",
            "==",
            "0x00004013"
        ]
    );
    // The identity covers bits 14:12 and 6:0 of the word; the fields fill the rest.
    assert_eq!(rows[2][..5], ["0x00", "bits", "14:12,", "6:0", "identity"]);
    let placed: Vec<(&str, &str)> = rows[3..].iter().map(|r| (r[2], r[3])).collect();
    assert_eq!(
        placed,
        [
            ("8:7", "dst_tile"),
            ("11:9", "pe_mode"),
            ("18:15", "size"),
            ("19", "last"),
            ("25:20", "src_tile0"),
            ("31:26", "src_tile1"),
        ]
    );
    // Seed 004's example B.IOT word (t1, t2, pe=1, last, ->t0<4KB>) names its type.
    assert_eq!(stdout_of(isa().args(["fields", "0x081b4213"])), iot);
    // B.DIM's 17-bit immediate: its low 12 bits in [31:20], its high 5 bits in [11:7].
    let dim = stdout_of(isa().args(["fields", "B.DIM_LB1"]));
    assert_eq!(dim, stdout_of(isa().args(["fields", "b.dim lb1"])));
    let rows: Vec<String> = dim
        .lines()
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
        .collect();
    assert!(
        rows.contains(&"0x00 bits 31:20 imm[11:0]".to_string()),
        "{dim}"
    );
    assert!(
        rows.contains(&"0x00 bits 11:7 imm[16:12]".to_string()),
        "{dim}"
    );
}

#[test]
fn fields_refuses_an_unknown_op_naming_the_known_ones() {
    isa()
        .args(["fields", "Frobnicate"])
        .assert()
        .code(2)
        .stderr(contains(
            "no op is named `Frobnicate`; the ops are: TensorTensor, SelectReduce, ",
        ))
        .stderr(contains(
            "; the block words are: BSTART.TEPL, B.DATR, B.DIM LB0, B.DIM LB1, B.DIM LB2, B.IOT, \
             B.IOR, BSTOP\n",
        ));
}

#[test]
fn fields_wavedrom_is_a_register_of_32_bit_lanes() {
    let out = stdout_of(isa().args(["fields", "tensortensor", "--wavedrom"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["config"]["bits"], 512);
    assert_eq!(v["config"]["lanes"], 16);
    let reg = v["reg"].as_array().unwrap();
    let mut at = 0;
    for e in reg {
        let bits = e["bits"].as_u64().unwrap();
        assert!(
            at / 32 == (at + bits - 1) / 32,
            "{e} crosses a lane boundary at bit {at}"
        );
        at += bits;
    }
    assert_eq!(at, 512, "the fields cover the bundle");
    // A public source disputes opcode 0x8E (the public notes on aws_neuron_isa_tpb_*.h in
    // docs/sources.md; isa-ops' tensor_tensor module docs say which).
    assert_eq!(
        reg[0],
        serde_json::json!({"bits": 8, "name": "opcode", "attr": "DISPUTED"})
    );
    assert_eq!(
        reg[1],
        serde_json::json!({"bits": 8, "name": "8'b00010000", "attr": "inst_word_len"})
    );
    assert_eq!(reg[2], serde_json::json!({"bits": 16, "type": 1}));
    let in0_dtype = reg.iter().find(|e| e["name"] == "in0_dtype").unwrap();
    assert_eq!(in0_dtype["bits"], 4);
    assert_eq!(in0_dtype["attr"], "dtype_v2");
    // A 16-byte descriptor is four whole lanes.
    assert_eq!(reg.iter().filter(|e| e["name"] == "out").count(), 4);
}

/// The eight placements the public notes on `aws_neuron_isa_tpb_*.h` dispute, each with the
/// struct (or enum) the notes name: (member, field, offset, source, what it says).
const DISPUTED: [(&str, &str, &str, &str, &str); 8] = [
    ("TensorTensor", "out", "0x10", "S3S3D3_TT", "src0 at 0x10"),
    (
        "CopyPredicated",
        "out",
        "0x10",
        "S3S3D3_TT",
        "the predicate, src0, at 0x10",
    ),
    (
        "CopyPredicatedScalar",
        "out",
        "0x10",
        "S3D3_CP_PRED_SCALAR",
        "pred at 0x10",
    ),
    (
        "ScalarTensorTensor",
        "tensor0_dtype",
        "0x28",
        "S2S2D2_STT",
        "the low nibble of 0x28 types the tensor at 0x0C",
    ),
    ("SelectReduce", "mask", "0x30", "S2S2D2_STT", "dst at 0x30"),
    (
        "MoveShape",
        "step0",
        "0x14",
        "CTRL_MS",
        "0x14..0x1F are reserved",
    ),
    (
        "TensorTensor",
        "opcode",
        "0x00",
        "the opcode enum",
        "0x8E is BATCH_NORM_PARAM_LOAD2",
    ),
    (
        "TensorTensor",
        "alu",
        "0x0e",
        "NEURON_ISA_TPB_ALU_OP",
        "0x17 is ABSOLUTE_DIFF",
    ),
];

#[test]
fn fields_disputed_lists_the_eight_disputed_placements_with_their_sources() {
    let out = stdout_of(isa().args(["fields", "--disputed"]));
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].ends_with("placements disputed by a public source (the bytes follow the seeds)"),
        "{out}"
    );
    for (member, field, offset, source, says) in DISPUTED {
        let words = [member, field, offset];
        let found = lines.iter().any(|l| {
            let mut cols = l.split_whitespace();
            words.iter().all(|w| cols.next() == Some(*w))
                && l.contains(source)
                && l.contains("aws_neuron_isa_tpb_*.h (public notes)")
                && l.contains(says)
        });
        assert!(
            found,
            "{member}.{field} at {offset} ({source}: {says}) missing:\n{out}"
        );
    }
    // Every member with a disputed row, and only disputed rows: no corroborated-only layout.
    assert!(!out.contains("TensorScalar "), "{out}");
    assert!(!out.contains("TensorCopy "), "{out}");
    // One layout: only its rows.
    let tt = stdout_of(isa().args(["fields", "0x41", "--disputed"]));
    assert!(tt.starts_with("5 placements disputed"), "{tt}");
    assert!(
        tt.lines()
            .skip(2)
            .all(|l| l.trim_start().starts_with("TensorTensor")),
        "{tt}"
    );
}

#[test]
fn fields_shows_what_agrees_and_what_is_disputed_in_the_note_column() {
    let ts = stdout_of(isa().args(["fields", "TensorScalar"]));
    let line = ts.lines().find(|l| l.contains(" op0 ")).unwrap_or_default();
    assert!(
        line.ends_with("agrees: S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): op0 at 0x24"),
        "{ts}"
    );
    let tt = stdout_of(isa().args(["fields", "TensorTensor"]));
    let line = tt.lines().find(|l| l.contains(" in1 ")).unwrap_or_default();
    assert!(
        line.ends_with(
            "DISPUTED: S3S3D3_TT in aws_neuron_isa_tpb_*.h (public notes): dst at 0x30 (seed 000 stores in1 here)"
        ),
        "{tt}"
    );
}

#[test]
fn the_tensor_tensor_diagram_outlines_its_three_disputed_descriptor_slots() {
    let svg = fs::read_to_string(root().join("docs/TensorTensor.svg")).unwrap();
    // Each box is one `<g>`: its tooltip, then its rectangles.
    let group = |title_start: &str| {
        let from = svg.find(&format!("<g><title>{title_start}")).unwrap_or(0);
        let to = svg[from..].find("</g>").map_or(svg.len(), |n| from + n);
        svg[from..to].to_string()
    };
    for (slot, says) in [
        ("out (byte 0x10, 16 bytes)", "src0 at 0x10"),
        ("in0 (byte 0x20, 16 bytes)", "src1 at 0x20"),
        ("in1 (byte 0x30, 16 bytes)", "dst at 0x30"),
    ] {
        let g = group(slot);
        assert!(g.contains("DISPUTED: S3S3D3_TT"), "{g}");
        assert!(g.contains(says), "{g}");
        assert!(
            g.contains(r##"stroke="#c0392b" stroke-width="3" class="disputed""##),
            "{g}"
        );
    }
    // A field nobody disputes keeps the plain border.
    assert!(!group("in0_dtype (byte 0x0c").contains("class=\"disputed\""));
    // The legend says what the outline means.
    assert!(svg.contains(">disputed by a public source (bytes per the seeds)</text>"));
    // Five disputed boxes (opcode, alu, out, in0, in1) and the legend key.
    assert_eq!(svg.matches("class=\"disputed\"").count(), 5 + 1, "{svg}");
}

#[test]
fn the_wavedrom_of_bstart_tepl_is_seed_004s_wavejson() {
    // Seed 004, the WaveJSON of `BSTART.TEPL Mode, Function, DataType`, verbatim.
    let seed: serde_json::Value = serde_json::from_str(
        r#"{
"reg": [
{ "bits": 20, "name": "20'b00011001000110000001" },
{ "bits": 5, "name": "Function" },
{ "bits": 2, "name": "Mode" },
{ "bits": 5, "name": "DataType" }
],
"config": { "bits": 32, "fontsize": 13, "hspace": 900, "lanes": 1, "offset": 0 }
}"#,
    )
    .unwrap();
    let out = stdout_of(isa().args(["fields", "BSTART.TEPL", "--wavedrom"]));
    let ours: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(ours, seed);
    // B.DIM: the immediate's two parts are named by the value bits they hold.
    let out = stdout_of(isa().args(["fields", "B.DIM LB0", "--wavedrom"]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let names: Vec<(u64, &str)> = v["reg"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["bits"].as_u64().unwrap(),
                e["name"].as_str().unwrap_or(""),
            )
        })
        .collect();
    // Match 0x43: bits 6:0 are 1000011, bits 14:12 are 000.
    assert_eq!(
        names,
        [
            (7, "7'b1000011"),
            (5, "Imm[16:12]"),
            (3, "3'b000"),
            (5, "RegSrc"),
            (12, "Imm[11:0]")
        ]
    );
}

#[test]
fn the_checked_in_reference_is_what_isa_doc_generates() {
    let dir = scratch("doc");
    isa().arg("doc").arg("-o").arg(&dir).assert().success();
    let docs = root().join("docs");
    let names = |d: &Path| {
        let mut n: Vec<String> = fs::read_dir(d)
            .map(|r| {
                r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    // docs/export/ is the exported layouts, checked by tests/suite/export.rs;
                    // docs/sources.md is written by hand, checked by tests/suite/sources.rs.
                    .filter(|n| n != "export" && n != "sources.md")
                    .collect()
            })
            .unwrap_or_default();
        n.sort();
        n
    };
    let stale = "docs/ is stale; regenerate it with `cargo run -q -p isa-cli -- doc -o docs`";
    assert_eq!(names(&docs), names(&dir), "{stale}");
    for name in names(&dir) {
        assert!(
            fs::read(docs.join(&name)).ok() == fs::read(dir.join(&name)).ok(),
            "{name}: {stale}"
        );
    }
    let page = fs::read_to_string(dir.join("TensorTensor.md")).unwrap();
    assert!(page.contains(
        "| 0x0c | bits 3:0 | `in0_dtype` | Dtype via dtype_v2 (many-to-one) | not stated |  |"
    ));
    let index = fs::read_to_string(dir.join("index.md")).unwrap();
    assert!(
        index.contains("| 0x03 | `uint8`, `float8_e8m0fnu` |"),
        "{index}"
    );
    let svg = fs::read_to_string(dir.join("TensorTensor.svg")).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains(">in0_dtype</text>"));
    // The block words have their pages, in their own list of the index.
    assert!(
        index.contains("| [BSTART.TEPL](BSTART.TEPL.md) | `0x000fffff` | `0x00019181` | 3 |\n"),
        "{index}"
    );
    assert!(index.contains("| [B.DIM LB1](B.DIM_LB1.md) | `0x0000707f` | `0x00001043` | 2 |\n"));
    let page = fs::read_to_string(dir.join("B.DIM_LB1.md")).unwrap();
    assert!(
        page.contains("| 0x00 | bits 31:20 | `imm[11:0]` | u32 | not stated |  |"),
        "{page}"
    );
    let svg = fs::read_to_string(dir.join("BSTART.TEPL.svg")).unwrap();
    assert!(svg.contains(">20&apos;b00011001000110000001</text>"));
    // An op whose map is not recovered is drawn as such.
    let svg = fs::read_to_string(dir.join("TensorScalarAffineSelect.svg")).unwrap();
    assert!(svg.contains(">field map not recovered: 60 bytes carried byte-exact</text>"));
}

// Bad input: every problem is reported with its offset or line, everything else is still
// processed, the exit status is not zero, and nothing panics.

#[test]
fn a_truncated_stream_reports_the_trailing_bytes_and_decodes_the_rest() {
    let dir = scratch("truncated");
    let path = corrupted(&dir, "short.bin", |b| b.truncate(BUNDLES * 64 - 10));
    let run = isa().arg("decode").arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..BUNDLES - 1],
        LISTING[..BUNDLES - 1],
        "eight bundles and the trailing bytes: {out}"
    );
    // The last bundle's first bytes: opcode 0x99, inst_word_len 0x10, two zero bytes, then the
    // sync band (wait 0, 0; update mode 1, index 1; value 1).
    assert!(
        lines[BUNDLES - 1].starts_with("0x00000200  (trailing)  bytes=991000000000010101000000"),
        "{}",
        lines[BUNDLES - 1]
    );
    run.stderr(contains(
        "short.bin:0x200: 54 trailing bytes at offset 0x200 do not make a 64-byte bundle",
    ))
    .stderr(no_panic());
}

#[test]
fn an_unknown_opcode_is_reported_at_its_bundle_and_the_others_decode() {
    let dir = scratch("unknown-opcode");
    let path = corrupted(&dir, "unknown.bin", |b| b[2 * 64] = 0xFF);
    let run = isa().arg("decode").arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), BUNDLES);
    assert!(
        lines[2].starts_with("0x00000080  0xff  (bad)  bytes=ff10000001000000"),
        "{}",
        lines[2]
    );
    for k in (0..BUNDLES).filter(|&k| k != 2) {
        assert_eq!(lines[k], LISTING[k]);
    }
    let reason = "cannot decode bundle: field `opcode` at byte 0x00: opcode 0xff is not one of \
                  [0x30, 0x41, 0x43, 0x46, 0x47, 0x49, 0x4d, 0x51, 0x53, 0x72, 0x74, 0x7b, 0x8a, \
                  0x8e, 0x92, 0x93, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0xb2, 0xe5, 0xe6, 0xe8, \
                  0xea]";
    // Every byte, then the reason.
    let bytes = fs::read(&path).unwrap();
    let hex: String = bytes[0x80..0xC0]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        lines[2],
        format!("0x00000080  0xff  (bad)  bytes={hex}  ; {reason}")
    );
    run.stderr(contains(format!("unknown.bin:0x80: {reason}")))
        .stderr(no_panic());
    // JSON Lines carry the bad bundle as a raw record, and still report it.
    let run = isa().args(["decode", "--json"]).arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), BUNDLES);
    assert_eq!(
        lines[2],
        format!(r#"{{"offset":128,"raw":"{hex}","reason":"{reason}"}}"#)
    );
    run.stderr(contains("unknown.bin:0x80: "));
}

#[test]
fn reserved_bits_set_in_a_tensor_scalar_are_reported_at_their_absolute_offset() {
    let dir = scratch("reserved");
    // Bundle 7 (0x1c0, TensorScalar): S3D3_TS claims only 0x0C of the 0x0C..0x0F band, and only
    // bits 1:0 of 0x26 (the reverse pack; "bits 2..=7 are never set", seed 001).
    for (name, at, value) in [
        ("band.bin", 0x0E, 0x40),
        ("reverse.bin", 0x26, 0x80),
        ("header.bin", 0x02, 0x01),
    ] {
        let path = corrupted(&dir, name, |b| b[0x1C0 + at] |= value);
        let run = isa().arg("decode").arg(&path).assert().code(1);
        let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[7].starts_with("0x000001c0  0x43  (bad)  bytes=4310"),
            "{}",
            lines[7]
        );
        for k in (0..BUNDLES).filter(|&k| k != 7) {
            assert_eq!(lines[k], LISTING[k], "{name}");
        }
        run.stderr(contains(format!(
            "{name}:{:#x}: cannot decode TensorScalar: field `reserved` at byte {at:#04x}: \
             reserved bits are set",
            0x1C0 + at
        )))
        .stderr(contains("(bundle at 0x1c0)"))
        .stderr(contains("isa: 1 problem in"))
        .stderr(no_panic());
    }
}

#[test]
fn a_bad_dtype_code_in_exponential_is_reported_with_field_and_offset() {
    let dir = scratch("bad-lut");
    // Exponential takes the CoreV4 table (seed 001), whose codes start at 0x01: 0x00 is none.
    let path = corrupted(&dir, "lut.bin", |b| b[0x100 + 0x20] = 0x00);
    let run = isa().arg("decode").arg(&path).assert().code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    assert_eq!(out.lines().filter(|l| l.contains("  (bad)  ")).count(), 1);
    assert_eq!(out.lines().nth(6), Some(LISTING[6]));
    run.stderr(contains(
        "lut.bin:0x120: cannot decode Exponential: field `in_dtype` at byte 0x20: code 0x0 is \
         not in table `dtype_v4` (bundle at 0x100)",
    ))
    .stderr(contains("isa: 1 problem in"))
    .stderr(no_panic());
}

#[test]
fn malformed_json_is_reported_by_line_and_no_output_is_written() {
    let dir = scratch("malformed");
    let source = fs::read_to_string(example_jsonl()).unwrap();
    let mut lines: Vec<String> = source.lines().map(str::to_string).collect();
    lines[3].truncate(40);
    // Line 9 is the CastPredicated.
    lines[8] = lines[8].replace(
        "\"num_active_partitions\":128",
        "\"num_active_partitions\":300",
    );
    let input = dir.join("bad.jsonl");
    fs::write(&input, lines.join("\n")).unwrap();
    let out = dir.join("out.bin");
    isa()
        .arg("encode")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains(
            "bad.jsonl:4:40: malformed JSON: EOF while parsing an object",
        ))
        .stderr(contains(
            "bad.jsonl:9: field `num_active_partitions` (byte 0x0f): invalid value: integer `300`",
        ))
        .stderr(contains("2 lines of"))
        .stderr(no_panic());
    assert!(!out.exists());
    let listing: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert_eq!(listing.len(), 1, "only the input is there");
}

#[test]
fn a_failed_encode_leaves_an_existing_output_untouched() {
    let dir = scratch("keep-output");
    let out = dir.join("out.bin");
    fs::write(&out, b"previous").unwrap();
    isa()
        .args(["encode", "-", "-o"])
        .arg(&out)
        .write_stdin("{\"op\":\"TensorTensor\"}\n[1,2]\n")
        .assert()
        .code(1)
        .stderr(contains("<stdin>:1: missing field `opcode`"))
        .stderr(contains(
            "<stdin>:2: expected a JSON object (one bundle per line), found an array",
        ));
    assert_eq!(fs::read(&out).unwrap(), b"previous");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn an_op_that_does_not_exist_is_refused_by_encode() {
    isa()
        .args(["encode", "-", "-o", "-"])
        .write_stdin("{\"op\":\"Nonsense\"}\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("<stdin>:1: unknown variant `Nonsense`"));
}

/// Runs `isa ARGS… INPUT` with `stdin`, expects exit status 0 and returns standard output and
/// standard error.
fn clean_run(args: &[&str], input: &Path, stdin: &[u8]) -> (String, String) {
    let out = isa()
        .args(args)
        .arg(input)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("isa runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    let (stdout, stderr) = (text(out.stdout), text(out.stderr));
    assert_eq!(out.status.code(), Some(0), "{args:?} {input:?}: {stderr}");
    (stdout, stderr)
}

#[test]
fn an_empty_stream_is_a_stream_of_nothing_to_every_command() {
    let dir = scratch("empty");
    let path = dir.join("empty.bin");
    fs::write(&path, b"").unwrap();
    let stdin = Path::new("-");
    for input in [&path, stdin] {
        for flags in [&[][..], &["--json"], &["--word32"], &["--word32", "--json"]] {
            let args: Vec<&str> = ["decode"].iter().chain(flags).copied().collect();
            assert_eq!(clean_run(&args, input, b""), (String::new(), String::new()));
        }
    }
    // Validate has nothing to fail; stats counts nothing.
    let (out, err) = clean_run(&["validate"], &path, b"");
    assert!(
        out.is_empty() && err.ends_with("empty.bin: 0 bundles, every check passed\n"),
        "{err}"
    );
    let (out, err) = clean_run(&["validate", "--word32"], &path, b"");
    assert!(
        out.is_empty() && err.ends_with("empty.bin: 0 blocks, every check passed\n"),
        "{err}"
    );
    let (out, err) = clean_run(&["stats"], stdin, b"");
    assert!(out.starts_with("<stdin>: 0 bundles, 0 bytes\n"), "{out}");
    assert!(
        !out.contains("(unknown)") && !out.contains("trailing"),
        "{out}"
    );
    assert_eq!(err, "");
    let (out, err) = clean_run(&["stats", "--word32"], &path, b"");
    assert!(out.contains("empty.bin: 0 words, 0 bytes\nword "), "{out}");
    assert!(
        out.contains("blocks that compose: 0\nblocks that do not:  0\n"),
        "{out}"
    );
    assert_eq!(err, "");
    // Encode writes the empty stream, from an empty input or blank lines, in either mode, over
    // a file that was there.
    let blank = dir.join("blank.jsonl");
    fs::write(&blank, "\n \n\r\n").unwrap();
    for (input, flags) in [(&path, &[][..]), (&blank, &["--word32"][..])] {
        let out = dir.join("out.bin");
        fs::write(&out, b"previous").unwrap();
        isa()
            .arg("encode")
            .args(flags)
            .arg(input)
            .arg("-o")
            .arg(&out)
            .assert()
            .success()
            .stdout("")
            .stderr("");
        assert_eq!(fs::read(&out).unwrap(), b"", "{input:?}");
    }
    isa()
        .args(["encode", "-", "-o", "-"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("")
        .stderr("");
}

#[test]
fn a_directory_is_refused_clearly() {
    let dir = scratch("directory");
    for cmd in ["decode", "validate", "stats"] {
        isa()
            .arg(cmd)
            .arg(&dir)
            .assert()
            .code(2)
            .stderr(contains("is a directory; give a file of bundles"))
            .stderr(no_panic());
    }
}

#[test]
fn a_missing_file_is_refused_clearly() {
    let dir = scratch("missing");
    let path = dir.join("nowhere.bin");
    isa()
        .arg("decode")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("cannot read "))
        .stderr(contains("nowhere.bin: No such file or directory"))
        .stderr(no_panic());
}

// 32-bit PTO block words (seed 004): examples/tshuf.words, encoded from examples/tshuf.s.

fn tshuf_words() -> PathBuf {
    root().join("examples/tshuf.words")
}

/// The listing of examples/tshuf.words: each block with its assembly text, then its words.
const TSHUF_LISTING: &str = "\
0x00000000  block  BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP
0x00000000    0xcf619181  BSTART.TEPL  data_type=U32 mode=3 function=22
0x00000004    0x00001fa3  B.DATR       cmode=0 pad_value_or_byte_id=0 sat=false canonicalize=false data_type=FP64 rmode=0 layout=CUBE_M16
0x00000008    0x081b4213  B.IOT        src_tile1=2 src_tile0=1 last=true size=4KB pe_mode=1 dst_tile=0
0x0000000c    0x00010013  B.IOR        reg_src2=zero reg_src1=zero reg_src0=a0 reg_dst=zero
0x00000010    0x00000001  BSTOP
0x00000014  block  BSTART.SFU TSHUF, FP32; B.DATR CUBE_M32; B.DIM zero, 64, ->LB0; B.IOT t4, t5, pe=1, last, ->t3<8KB>; B.IOR a1; BSTOP
0x00000014    0x0f619181  BSTART.TEPL  data_type=FP32 mode=3 function=22
0x00000018    0x00001ea3  B.DATR       cmode=0 pad_value_or_byte_id=0 sat=false canonicalize=false data_type=FP64 rmode=0 layout=CUBE_M32
0x0000001c    0x04000043  B.DIM LB0    imm=64 reg=zero
0x00000020    0x144bc393  B.IOT        src_tile1=5 src_tile0=4 last=true size=8KB pe_mode=1 dst_tile=3
0x00000024    0x00018013  B.IOR        reg_src2=zero reg_src1=zero reg_src0=a1 reg_dst=zero
0x00000028    0x00000001  BSTOP
0x0000002c  block  BSTART.SFU TSHUF, BF16; B.IOT t6, t5, pe=1, last, ->t2<2KB>; B.IOR a2; BSTOP
0x0000002c    0x2f619181  BSTART.TEPL  data_type=BF16 mode=3 function=22
0x00000030    0x146ac313  B.IOT        src_tile1=5 src_tile0=6 last=true size=2KB pe_mode=1 dst_tile=2
0x00000034    0x00020013  B.IOR        reg_src2=zero reg_src1=zero reg_src0=a2 reg_dst=zero
0x00000038    0x00000001  BSTOP
";

#[test]
fn the_tshuf_example_holds_the_spec_words() {
    let bytes = fs::read(tshuf_words()).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(bytes.len(), 4 * words.len());
    assert_eq!(
        words,
        [
            // BSTART.TEPL: DataType[31:27] | Mode 3 [26:25] | Function 22 [24:20] | 0x19181
            // (seed 004): U32 is code 25, FP32 code 1, BF16 code 5 (SPEC-NOTES §3).
            (25 << 27) | (3 << 25) | (22 << 20) | 0x19181,
            // B.DATR match 0x1023, Layout[11:7] = CUBE_M16 (31).
            0x1023 | (31 << 7),
            // B.IOT match 0x4013: SrcTile1 2, SrcTile0 1, L, SizeCode 6 (4 KiB), PEMode 1, DstTile 0.
            0x4013 | (2 << 26) | (1 << 20) | (1 << 19) | (6 << 15) | (1 << 9),
            // B.IOR match 0x13, RegSrc0[19:15] = a0 (code 2 in the Gpr table).
            0x13 | (2 << 15),
            // BSTOP.
            0x0000_0001,
            (1 << 27) | (3 << 25) | (22 << 20) | 0x19181,
            0x1023 | (29 << 7),
            // B.DIM LB0 match 0x43: the immediate 64 in bits 31:20, register zero.
            0x43 | (64 << 20),
            0x4013 | (5 << 26) | (4 << 20) | (1 << 19) | (7 << 15) | (1 << 9) | (3 << 7),
            0x13 | (3 << 15),
            0x0000_0001,
            (5 << 27) | (3 << 25) | (22 << 20) | 0x19181,
            0x4013 | (5 << 26) | (6 << 20) | (1 << 19) | (5 << 15) | (1 << 9) | (2 << 7),
            0x13 | (4 << 15),
            0x0000_0001,
        ]
    );
    // Seed 004's own example block, as isa_ops encodes it: BSTART.SFU TSHUF, U32 is 0xCF619181.
    assert_eq!(words[0], 0xCF61_9181);
}

#[test]
fn decode_word32_lists_each_block_and_its_words() {
    let out = stdout_of(isa().args(["decode", "--word32"]).arg(tshuf_words()));
    assert_eq!(out, TSHUF_LISTING);
    isa()
        .args(["decode", "--word32"])
        .arg(tshuf_words())
        .assert()
        .success()
        .stderr("");
}

#[test]
fn the_checked_in_words_are_the_encoded_assembly_source() {
    let dir = scratch("tshuf-source");
    let out = dir.join("tshuf.words");
    isa()
        .args(["encode", "--word32"])
        .arg(root().join("examples/tshuf.s"))
        .arg("-o")
        .arg(&out)
        .assert()
        .success()
        .stderr("");
    assert_eq!(fs::read(&out).unwrap(), fs::read(tshuf_words()).unwrap());
}

#[test]
fn decode_word32_json_encodes_back_byte_identical() {
    let dir = scratch("tshuf-round-trip");
    let json = stdout_of(
        isa()
            .args(["decode", "--word32", "--json"])
            .arg(tshuf_words()),
    );
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 3, "one line per block: {json}");
    assert_eq!(
        lines[0],
        r#"{"offset":0,"block":{"data_type":"U32","layout":"CUBE_M16","lb0":null,"lb1":null,"lb2":null,"tiles":{"src_tile1":2,"src_tile0":1,"last":true,"size":"4KB","pe_mode":1,"dst_tile":0},"control":"a0"}}"#
    );
    let again = encoded(&["--word32"], json.into_bytes(), &dir.join("again.words"));
    assert_eq!(again, fs::read(tshuf_words()).unwrap());
}

#[test]
fn decode_word32_json_then_encode_gives_back_bad_words_and_the_tail() {
    let dir = scratch("tshuf-round-trip-bad");
    // The second block's B.DATR (0x18) no identity matches; then a stray word no identity
    // matches, a stray BSTOP and three trailing bytes.
    let path = edited_copy(&tshuf_words(), &dir, "bad.words", |b| {
        b[0x18..0x1C].copy_from_slice(&0xDEAD_BEEFu32.to_le_bytes());
        b.extend_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
        b.extend_from_slice(&1u32.to_le_bytes());
        b.extend_from_slice(&[7, 7, 7]);
    });
    let again = decoded_and_encoded(&["--word32"], &path, &dir.join("again.words"));
    assert_eq!(again, fs::read(&path).unwrap());
}

#[test]
fn encode_word32_refuses_the_example_json_lines_with_a_line_deleted() {
    // The second of three block records: the third block, at 0x2c, follows the first, which
    // ends at 0x14.
    refused_without_line(
        &["--word32"],
        &tshuf_words(),
        2,
        "record at offset 44 (0x2c) leaves a gap of 24 bytes after the records before it, which \
         end at 20 (0x14): expected offset 20, found 44",
    );
}

#[test]
fn a_truncated_block_and_a_partial_word_are_reported_and_the_other_blocks_decode() {
    let dir = scratch("tshuf-truncated");
    // Cut inside the last block's BSTOP: the block ends after three words, and two bytes of a
    // word are left.
    let path = edited_copy(&tshuf_words(), &dir, "short.words", |b| b.truncate(0x3A));
    let run = isa()
        .args(["decode", "--word32"])
        .arg(&path)
        .assert()
        .code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let expected: Vec<&str> = TSHUF_LISTING.lines().take(13).collect();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..13], expected[..], "{out}");
    assert_eq!(
        lines[13..],
        [
            "0x0000002c  (bad block)  3 words",
            "0x0000002c    0x2f619181  BSTART.TEPL  data_type=BF16 mode=3 function=22",
            "0x00000030    0x146ac313  B.IOT        src_tile1=5 src_tile0=6 last=true size=2KB pe_mode=1 dst_tile=2",
            "0x00000034    0x00020013  B.IOR        reg_src2=zero reg_src1=zero reg_src0=a2 reg_dst=zero",
            "0x00000038  (trailing)  bytes=0100  ; 2 trailing bytes at offset 0x38 do not make a \
             32-bit word",
        ]
    );
    run.stderr(contains(
        "short.words:0x38: the block is truncated after 3 words; it needs BSTOP next (block at 0x2c)",
    ))
    .stderr(contains(
        "short.words:0x38: 2 trailing bytes at offset 0x38 do not make a 32-bit word",
    ))
    .stderr(contains("isa: 2 problems in"))
    .stderr(no_panic());
    // The JSON form keeps the two blocks, the words of the third, and the trailing bytes.
    let json = stdout_of(isa().args(["decode", "--word32", "--json"]).arg(&path));
    let kinds: Vec<String> = json
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            match (&v["block"], &v["word"], &v["raw"]) {
                (serde_json::Value::Null, serde_json::Value::Null, raw) => {
                    format!("raw {}@{}", raw.as_str().unwrap_or(""), v["offset"])
                }
                (serde_json::Value::Null, w, _) => {
                    format!("{}@{}", w.as_str().unwrap_or(""), v["offset"])
                }
                _ => format!("block@{}", v["offset"]),
            }
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "block@0",
            "block@20",
            "Bstart@44",
            "Iot@48",
            "Ior@52",
            "raw 0100@56"
        ]
    );
}

#[test]
fn an_unknown_word_and_a_stray_word_are_reported_and_the_other_blocks_decode() {
    let dir = scratch("tshuf-unknown");
    // The second block's B.DATR (0x18) becomes a word no identity matches, and a BSTOP is
    // appended outside any block.
    let path = edited_copy(&tshuf_words(), &dir, "bad.words", |b| {
        b[0x18..0x1C].copy_from_slice(&0xDEAD_BEEFu32.to_le_bytes());
        b.extend_from_slice(&1u32.to_le_bytes());
    });
    let run = isa()
        .args(["decode", "--word32"])
        .arg(&path)
        .assert()
        .code(1);
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let expected: Vec<&str> = TSHUF_LISTING.lines().collect();
    assert_eq!(lines[..6], expected[..6], "the first block: {out}");
    assert_eq!(lines[6], "0x00000014  (bad block)  6 words");
    assert_eq!(lines[7], expected[7]);
    assert_eq!(
        lines[8],
        "0x00000018    0xdeadbeef  (unknown)  bytes=efbeadde  ; word 0xdeadbeef is not a declared \
         word: no mask/match identity matches"
    );
    assert_eq!(lines[9..13], expected[9..13]);
    assert_eq!(lines[13..18], expected[13..18], "the third block");
    assert_eq!(lines[18], "0x0000003c  (stray)  0x00000001  BSTOP");
    assert_eq!(lines.len(), 19);
    run.stderr(contains(
        "bad.words:0x18: word 1: 0xdeadbeef is not a block word (no mask/match identity \
         matches) (block at 0x14)",
    ))
    .stderr(contains(
        "bad.words:0x3c: BSTOP word 0x00000001 is outside a block; a block starts with BSTART",
    ))
    .stderr(contains("isa: 2 problems in"))
    .stderr(no_panic());
}

#[test]
fn encode_word32_reports_each_bad_line_and_writes_nothing() {
    let dir = scratch("tshuf-bad-source");
    let input = dir.join("bad.s");
    fs::write(
        &input,
        "# a comment\n\
         BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP\n\
         BSTART.SFU TSHUF, U32; B.IOT t1, t2, pe=1, last, ->t0<4KB>; BSTOP\n\
         {\"word\":\"Ior\",\"reg_src2\":\"zero\",\"reg_src1\":\"zero\",\"reg_src0\":\"q9\",\"reg_dst\":\"zero\"}\n",
    )
    .unwrap();
    let out = dir.join("out.words");
    isa()
        .args(["encode", "--word32"])
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains(
            "bad.s:3:1: word 2: TSHUF's block needs B.IOR here, found BSTOP",
        ))
        .stderr(contains("bad.s:4: "))
        .stderr(contains("`q9`"))
        .stderr(contains("2 lines of"))
        .stderr(no_panic());
    assert!(!out.exists());
}

#[test]
fn validate_word32_passes_the_example_blocks_and_reports_each_problem_at_its_word() {
    isa()
        .args(["validate", "--word32"])
        .arg(tshuf_words())
        .assert()
        .success()
        .stdout("")
        .stderr(contains("tshuf.words: 3 blocks, every check passed"));
    // The first block's BSTOP (word 4, at 0x10) replaced by a second B.IOR: the block does not
    // compose, and the BSTOP-less words run on into the next block's BSTART.
    let dir = scratch("tshuf-validate");
    let path = edited_copy(&tshuf_words(), &dir, "no-bstop.words", |b| {
        b[0x10..0x14].copy_from_slice(&0x0001_0013u32.to_le_bytes());
    });
    let run = isa()
        .args(["validate", "--word32"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(contains("no-bstop.words: 3 blocks, 1 problem"))
        .stderr(no_panic());
    let out = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].starts_with(&format!("{}:0x10: ", path.display())),
        "{out}"
    );
}

#[test]
fn stats_word32_counts_each_word_type_and_the_blocks() {
    // examples/tshuf.s: three blocks, each with BSTART, B.IOT, B.IOR and BSTOP; B.DATR in the
    // first two, B.DIM (LB0) in the second.
    let out = stdout_of(isa().args(["stats", "--word32"]).arg(tshuf_words()));
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(2)
        .take_while(|l| !l.is_empty())
        .map(|l| l.rsplitn(2, ' ').collect())
        .collect();
    let rows: Vec<(&str, &str)> = rows.iter().map(|r| (r[1].trim(), r[0])).collect();
    assert_eq!(
        rows,
        [
            ("BSTART.TEPL", "3"),
            ("B.DATR", "2"),
            ("B.DIM LB0", "1"),
            ("B.IOT", "3"),
            ("B.IOR", "3"),
            ("BSTOP", "3"),
        ],
        "{out}"
    );
    assert!(out.contains("tshuf.words: 15 words, 60 bytes"), "{out}");
    assert!(out.contains("blocks that compose: 3"), "{out}");
    assert!(out.contains("blocks that do not:  0"), "{out}");
    // A word no identity matches and two trailing bytes: both counted, exit status 1.
    let dir = scratch("tshuf-stats");
    let path = edited_copy(&tshuf_words(), &dir, "extra.words", |b| {
        b.extend([0, 0, 0, 0, 7, 7]);
    });
    isa()
        .args(["stats", "--word32"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(contains("(unknown)                     1"))
        .stdout(contains("trailing bytes: 2 at 0x40"))
        .stderr(contains("1 word no block word identity matches"))
        .stderr(no_panic());
}

#[test]
fn encode_names_the_member_at_fault_and_its_byte() {
    // The first line of the example is a Memset: dtype at 0x20, num_active_partitions at 0x22
    // (seed 000's Memset stores), the sync band at 0x04, the TENSOR4D destination at 0x2C.
    let first = fs::read_to_string(example_jsonl())
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(first.starts_with("{\"op\":\"Memset\""), "{first}");
    let lines = [
        first.replace("\"bfloat16\"", "\"bfloat61\""),
        first.replace(
            "\"num_active_partitions\":128",
            "\"num_active_partitions\":300",
        ),
        first.replace("\"strides\":[1,1,1,1]", "\"strides\":[1,1,1]"),
        first.replace("\"wait_mode\":0", "\"wait_mode\":\"x\""),
        first.replace("\"mode\":0,", ""),
    ];
    assert!(lines.iter().all(|l| *l != first));
    let path = scratch("encode-named").join("bad.jsonl");
    fs::write(&path, lines.join("\n")).unwrap();
    let run = isa()
        .arg("encode")
        .arg(&path)
        .args(["-o", "-"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(no_panic());
    let err = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    let messages: Vec<&str> = err
        .lines()
        .filter_map(|l| l.split_once("bad.jsonl:").map(|(_, m)| m))
        .collect();
    assert_eq!(
        messages,
        [
            "1: field `dtype` (byte 0x20): `bfloat61` is not a name of `bir::Dtype`",
            "2: field `num_active_partitions` (byte 0x22): invalid value: integer `300`, expected u8",
            "3: field `dst` (byte 0x2c): a 4-D descriptor has 4 strides, not 3",
            "4: field `sync` (byte 0x04): invalid type: string \"x\", expected u8",
            "5: missing field `mode`",
        ],
        "{err}"
    );
}

#[test]
fn decode_reports_a_pipes_bundles_while_its_writer_still_writes() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::time::Duration;

    let bundles = fs::read(example_bin()).unwrap();
    let whole = stdout_of(isa().arg("decode").arg(example_bin()));
    let bin = assert_cmd::cargo::cargo_bin("isa");
    let mut child = std::process::Command::new(bin)
        .args(["decode", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines_tx, lines_rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines_tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // Three bundles and half of the fourth, and the pipe left open: the three are listed.
    stdin.write_all(&bundles[..3 * 64 + 32]).unwrap();
    stdin.flush().unwrap();
    let expected: Vec<&str> = whole.lines().collect();
    for want in &expected[..3] {
        let got = lines_rx
            .recv_timeout(Duration::from_secs(30))
            .expect("a line of the open pipe's bundles");
        assert_eq!(&got, want);
    }
    // The rest, then the end of the input: the cut bundle is whole again, and nothing else.
    stdin.write_all(&bundles[3 * 64 + 32..]).unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let rest: Vec<String> = lines_rx.try_iter().collect();
    assert_eq!(rest, expected[3..]);
    assert!(status.success());
}

/// `isa encode FLAGS - -o OUT` as a child whose standard input the test writes.
fn encode_child(flags: &[&str], out: &Path) -> std::process::Child {
    use std::process::Stdio;
    std::process::Command::new(assert_cmd::cargo::cargo_bin("isa"))
        .arg("encode")
        .args(flags)
        .args(["-", "-o"])
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the isa binary runs")
}

#[test]
fn encode_reads_a_pipe_that_delivers_lines_slowly_and_cut_anywhere() {
    use std::io::Write;
    use std::time::Duration;

    let dir = scratch("encode-slow-pipe");
    let out = dir.join("out.bin");
    let json = fs::read(example_jsonl()).unwrap();
    let mut child = encode_child(&[], &out);
    let mut stdin = child.stdin.take().unwrap();
    // Pieces of 37 bytes, so lines are cut across writes, with pauses between them.
    for piece in json.chunks(37) {
        stdin.write_all(piece).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(stdin);
    let run = child.wait_with_output().unwrap();
    assert!(run.status.success(), "{run:?}");
    assert_eq!(fs::read(&out).unwrap(), fs::read(example_bin()).unwrap());
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        1,
        "only the output is there"
    );
}

#[test]
fn encode_reports_a_pipes_bad_line_while_its_writer_still_writes() {
    use std::io::{BufRead, BufReader, Write};
    use std::sync::mpsc;
    use std::time::Duration;

    let dir = scratch("encode-pipe-report");
    let out = dir.join("out.bin");
    let mut child = encode_child(&[], &out);
    let mut stdin = child.stdin.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let json = fs::read_to_string(example_jsonl()).unwrap();
    let first = json.lines().next().unwrap();
    // A good line, a bad one, and the pipe left open: the bad one is reported now.
    writeln!(stdin, "{first}\n{{\"op\":\"Nonsense\"}}").unwrap();
    stdin.flush().unwrap();
    let got = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the bad line, reported while the pipe is open");
    assert!(
        got.starts_with("<stdin>:2: unknown variant `Nonsense`"),
        "{got}"
    );
    writeln!(stdin, "{first}").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let rest: Vec<String> = rx.try_iter().collect();
    assert_eq!(status.code(), Some(1));
    assert!(
        rest.iter().any(|l| l.contains("1 line of <stdin>")),
        "{rest:?}"
    );
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        0,
        "no output, no temporary file"
    );
}

#[test]
fn an_error_on_the_last_line_of_a_large_input_leaves_no_output_and_names_the_line() {
    // 200,000 records (the example's, without offsets, over and over), the last one wrong.
    const RECORDS: usize = 200_000;
    let dir = scratch("encode-large-last-line");
    let json = fs::read_to_string(example_jsonl()).unwrap();
    let lines: Vec<&str> = json.lines().collect();
    let mut big = String::new();
    for k in 0..RECORDS - 1 {
        big.push_str(lines[k % lines.len()]);
        big.push('\n');
    }
    big.push_str("{\"op\":\"Memset\",\"opcode\":\"memset_const\",\"sync\":7}\n");
    let input = dir.join("big.jsonl");
    fs::write(&input, big).unwrap();
    encode_refused(
        &[],
        &input,
        &[
            format!("big.jsonl:{RECORDS}: field `sync`"),
            "1 line of".into(),
        ],
    );
}

#[test]
fn encode_reads_crlf_lines() {
    let dir = scratch("encode-crlf");
    let json = fs::read_to_string(example_jsonl()).unwrap();
    let crlf = json.replace('\n', "\r\n");
    let again = encoded(&[], crlf.into_bytes(), &dir.join("again.bin"));
    assert_eq!(again, fs::read(example_bin()).unwrap());
    let source = fs::read_to_string(root().join("examples/tshuf.s")).unwrap();
    let crlf = source.replace('\n', "\r\n");
    let words = encoded(&["--word32"], crlf.into_bytes(), &dir.join("again.words"));
    assert_eq!(
        words,
        fs::read(root().join("examples/tshuf.words")).unwrap()
    );
}

/// `isa decode --json` of `stream`, one record a line.
fn json_lines_of(stream: &[u8]) -> Vec<String> {
    let out = isa()
        .args(["decode", "--json", "-"])
        .write_stdin(stream.to_vec())
        .output()
        .expect("isa runs");
    let json = String::from_utf8(out.stdout).expect("UTF-8 output");
    json.lines().map(str::to_string).collect()
}

#[test]
fn encode_to_standard_output_stops_exactly_before_the_first_bad_line() {
    // The example repeated 2,000 times: 18,000 lines, more than one batch of lines. The bad
    // line is 12,345 (in the middle of a batch), then line 7 (in the first piece); and line
    // 100 deleted, so that the record on line 100 is misplaced, stops the bytes the same way.
    let stream = fs::read(example_bin()).unwrap().repeat(2000);
    let lines = json_lines_of(&stream);
    assert_eq!(lines.len(), 18_000);
    for (bad, text) in [(12_345, Some("garbage")), (7, Some("{}")), (100, None)] {
        let mut edited = lines.clone();
        match text {
            Some(text) => edited[bad - 1] = text.to_string(),
            None => drop(edited.remove(bad - 1)),
        }
        let out = isa()
            .args(["encode", "-", "-o", "-"])
            .write_stdin(edited.join("\n"))
            .output()
            .expect("isa runs");
        let before = (bad - 1) * 64;
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(out.stdout.len(), before, "bad line {bad}");
        assert!(out.stdout == stream[..before], "bad line {bad}");
        let err = String::from_utf8(out.stderr).unwrap();
        let said = format!(
            "isa: 1 line of <stdin> did not encode; standard output holds the {before} bytes \
             encoded before line {bad}\n"
        );
        assert!(err.starts_with(&format!("<stdin>:{bad}")), "{err}");
        assert!(err.ends_with(&said), "{err}");
        assert!(!err.contains("was not written"), "{err}");
    }
}

#[test]
fn encode_to_a_file_that_stops_at_a_bad_line_leaves_the_file_there_as_it_was() {
    // The bad line comes after more than one batch has gone to the temporary file: that file
    // is removed, and the file already at OUT is kept.
    let dir = scratch("encode-partial-file");
    let out = dir.join("out.bin");
    fs::write(&out, b"previous").unwrap();
    let stream = fs::read(example_bin()).unwrap().repeat(2000);
    let mut lines = json_lines_of(&stream);
    lines[17_990] = "garbage".into();
    isa()
        .args(["encode", "-", "-o"])
        .arg(&out)
        .write_stdin(lines.join("\n"))
        .assert()
        .code(1)
        .stderr(contains("<stdin>:17991:1: unknown op `garbage`"))
        .stderr(contains(
            "out.bin was not written (an existing file is left as it was)",
        ));
    assert_eq!(fs::read(&out).unwrap(), b"previous");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
}

/// examples/tshuf.words repeated `copies` times.
fn tshuf_copies(copies: usize) -> Vec<u8> {
    fs::read(tshuf_words()).unwrap().repeat(copies)
}

#[test]
fn a_long_word_stream_is_listed_as_its_copies_are_across_every_read() {
    // 4,000 copies of the example (240 KB; 60 bytes a copy, so blocks straddle the 64 KiB
    // reads of a pipe): the listing is the example's listing at each copy's offset, through
    // a pipe and from a file, and the census counts each copy's words and blocks.
    let copies = 4_000;
    let stream = tshuf_copies(copies);
    let mut expected = String::with_capacity(TSHUF_LISTING.len() * copies * 11 / 10);
    for k in 0..copies {
        for line in TSHUF_LISTING.lines() {
            let (offset, rest) = line.split_once("  ").unwrap();
            let offset = usize::from_str_radix(&offset[2..], 16).unwrap() + 60 * k;
            expected.push_str(&format!("{offset:#010x}  {rest}\n"));
        }
    }
    let dir = scratch("tshuf-long");
    let path = dir.join("long.words");
    fs::write(&path, &stream).unwrap();
    let piped = isa()
        .args(["decode", "--word32", "-"])
        .write_stdin(stream.clone())
        .output()
        .unwrap();
    assert!(piped.status.success() && piped.stderr.is_empty());
    assert!(String::from_utf8(piped.stdout).unwrap() == expected);
    let listed = stdout_of(isa().args(["decode", "--word32"]).arg(&path));
    assert!(listed == expected);
    let stats = stdout_of(isa().args(["stats", "--word32"]).arg(&path));
    assert!(
        stats.contains("long.words: 60000 words, 240000 bytes\n"),
        "{stats}"
    );
    assert!(
        stats.contains("\nBSTART.TEPL               12000\n"),
        "{stats}"
    );
    assert!(
        stats.contains("\nB.DIM LB0                  4000\n"),
        "{stats}"
    );
    assert!(stats.contains("blocks that compose: 12000\n"), "{stats}");
    isa()
        .args(["validate", "--word32"])
        .arg(&path)
        .assert()
        .success()
        .stdout("")
        .stderr(contains("long.words: 12000 blocks, every check passed\n"));
    // JSON Lines, one line per block, and back to the same bytes.
    let json = stdout_of(isa().args(["decode", "--word32", "--json"]).arg(&path));
    assert_eq!(json.lines().count(), 3 * copies);
    let again = encoded(&["--word32"], json.into_bytes(), &dir.join("again.words"));
    assert!(again == stream);
}

#[test]
fn a_long_word_stream_with_bad_words_reads_the_same_through_a_pipe_as_whole() {
    // Copies of the example with words made bad at random (a block cut short, an unknown
    // word, a stray word), 300 KB: the command, reading a pipe as it comes, writes what the
    // library writes for the whole stream, reports the same problems, and its JSON Lines
    // encode back to the very bytes.
    let mut stream = tshuf_copies(5_000);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..400 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let at = (state as usize % (stream.len() / 4)) * 4;
        stream[at..at + 4].copy_from_slice(&((state >> 32) as u32).to_le_bytes());
    }
    stream.extend_from_slice(&[1, 2, 3]);
    for form in [Form::Text, Form::Json] {
        let whole = decode_words::<BuiltIn>(&stream, "<stdin>", form);
        let flags: &[&str] = match form {
            Form::Text => &["decode", "--word32", "-"],
            Form::Json => &["decode", "--word32", "--json", "-"],
        };
        let out = isa()
            .args(flags)
            .write_stdin(stream.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8(out.stdout).unwrap() == whole.text);
        let err = String::from_utf8(out.stderr).unwrap();
        let reported: Vec<&str> = err.lines().collect();
        assert_eq!(reported[..reported.len() - 1], whole.problems[..]);
        if form == Form::Json {
            let dir = scratch("tshuf-long-bad");
            let again = encoded(&["--word32"], whole.text.into_bytes(), &dir.join("again"));
            assert!(again == stream);
        }
    }
}

#[test]
fn isa_doc_replaces_the_reference_whole_and_keeps_what_else_the_folder_holds() {
    // A stale page and a folder of something else (as docs/export/ sits beside the reference):
    // the page is written anew, the folder kept, and nothing is left beside the reference.
    let parent = scratch("doc-replace");
    let dir = parent.join("reference");
    fs::create_dir_all(dir.join("export")).unwrap();
    fs::write(dir.join("index.md"), "stale").unwrap();
    fs::write(dir.join("export/isa.h"), "kept").unwrap();
    isa().arg("doc").arg("-o").arg(&dir).assert().success();
    let index = fs::read_to_string(dir.join("index.md")).unwrap();
    assert_eq!(
        index,
        fs::read_to_string(root().join("docs/index.md")).unwrap()
    );
    assert_eq!(
        fs::read_to_string(dir.join("export/isa.h")).unwrap(),
        "kept"
    );
    assert_eq!(fs::read_dir(&parent).unwrap().count(), 1);
}

#[test]
fn isa_doc_that_cannot_write_its_folder_leaves_nothing_behind() {
    // DIR is a file, and DIR's parent is a file: each refused, the file as it was, nothing
    // written beside it.
    let parent = scratch("doc-refused");
    let file = parent.join("file");
    fs::write(&file, "a file").unwrap();
    for dir in [file.clone(), file.join("reference")] {
        isa()
            .arg("doc")
            .arg("-o")
            .arg(&dir)
            .assert()
            .code(2)
            .stderr(contains("cannot write"))
            .stderr(no_panic());
        assert_eq!(fs::read_to_string(&file).unwrap(), "a file");
        assert_eq!(fs::read_dir(&parent).unwrap().count(), 1);
    }
}
