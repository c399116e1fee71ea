//! The custom ISA used as its users would: a stream mixing built-in and custom ops decodes,
//! validates and round-trips through JSON Lines byte for byte, through the library and through
//! the crate's own `custom-isa` command.

use std::path::{Path, PathBuf};
use std::process::Command;

use custom_isa::{BScale, CustomIsa, CustomOp, CustomWord, TensorClamp, TensorMax, TensorTensorV4};
use isa::core::{AluOp, Dtype, Family, Findings, Problem, SyncBand, Tensor3d};
use isa::ops::Op;
use isa::ops::pto::{Gpr, Word};
use isa_cli::cmd::decode::{Form, decode_bundles};
use isa_cli::cmd::encode::{Mode, encode_lines};

fn here(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(file)
}

fn mixed() -> Vec<u8> {
    std::fs::read(here("mixed.bin")).expect("mixed.bin is checked in")
}

#[test]
fn the_checked_in_stream_is_its_json_lines_encoded() {
    let jsonl = std::fs::read(here("mixed.jsonl")).expect("mixed.jsonl is checked in");
    assert_eq!(
        encode_lines::<CustomIsa>(&jsonl, Mode::Bundles),
        Ok(mixed())
    );
}

#[test]
fn a_mixed_stream_decodes_built_in_and_custom_ops_in_place() {
    let stream = mixed();
    let names: Vec<(usize, &str)> = CustomOp::walk(&stream)
        .map(|item| {
            let b = item.expect("whole bundles");
            let view = b.view.expect("every opcode is claimed");
            (b.offset, CustomOp::view_declaration(&view).name)
        })
        .collect();
    assert_eq!(names.len(), 12);
    assert_eq!(names[0], (0x000, "Memset"));
    assert_eq!(names[3], (0x0C0, "TensorMax"));
    assert_eq!(names[5], (0x140, "TensorTensor"));
    assert_eq!(names[8], (0x200, "TensorClamp"));
    // The built-in ops decode as the built-in ISA's own values.
    assert!(matches!(
        CustomOp::decode(&stream[0x140..]),
        Ok(CustomOp::Builtin(Op::TensorTensor(_)))
    ));
}

#[test]
fn custom_bundles_carry_their_bytes_where_their_attributes_put_them() {
    let stream = mixed();
    let max = &stream[0xC0..0x100];
    // Header: opcode, inst_word_len = 64 / 4, two zero bytes (seed 000, setupHeader).
    assert_eq!(&max[..4], &[0x60, 0x10, 0x00, 0x00]);
    // float32 is 0x0A in dtype_v2 (seed 000 byte_1DF5760): both nibbles of 0x0C.
    assert_eq!(max[0x0C], 0xAA);
    // bypass is ALU byte 0x00 in alu_v2 (seed 001's byte string starts with bypass).
    assert_eq!(max[0x0D], 0x00);
    assert_eq!(max[0x0E], 128);
    assert!(max[0x34..].iter().all(|&b| b == 0), "the reserved gap");
    let clamp = &stream[0x200..0x240];
    assert_eq!(clamp[0], 0x61);
    // bfloat16 (0x06) high, float32 (0x0A) low.
    assert_eq!(clamp[0x0C], 0x6A);
    assert_eq!(&clamp[0x10..0x14], &[0xF8, 0xFF, 0x08, 0x00]); // lo = -8, hi = 8
}

#[test]
fn tensor_tensor_v4_writes_the_core_v4_alu_bytes() {
    let op = |alu| {
        CustomOp::TensorTensorV4(TensorTensorV4 {
            sync: SyncBand::default(),
            in0_dtype: Dtype::Int8,
            in1_dtype: Dtype::Float32,
            out_dtype: Dtype::Bfloat16,
            alu,
            num_active_partitions: 2,
            in0: Tensor3d::unit(Default::default()),
            in1: Tensor3d::unit(Default::default()),
            out: Tensor3d::unit(Default::default()),
        })
    };
    // seed 001's sub_142E030 (CoreV4): abs_max 0x20, abs_min 0x21, and max CoreV2's 0x08 (the
    // two tables agree on ordinals 0..29, correction D-J04).
    for (alu, byte) in [
        (AluOp::AbsMax, 0x20),
        (AluOp::AbsMin, 0x21),
        (AluOp::Max, 0x08),
    ] {
        let bytes = op(alu).to_bytes().unwrap();
        assert_eq!(&bytes[..4], &[0x62, 0x10, 0x00, 0x00]);
        // int8 0x02 low, float32 0x0A high (dtype_v2); bfloat16 0x06 in 0x0D's low nibble.
        assert_eq!((bytes[0x0C], bytes[0x0D]), (0xA2, 0x06));
        assert_eq!((bytes[0x0E], bytes[0x0F]), (byte, 2), "{alu:?}");
        assert_eq!(CustomOp::decode(&bytes), Ok(op(alu)));
    }
    // average has no byte in CoreV4's table either (seed 001: the mapper's error default).
    let refused = op(AluOp::Average).to_bytes().unwrap_err();
    assert!(refused.to_string().contains("average"), "{refused}");
}

#[test]
fn a_reserved_byte_of_a_custom_op_is_refused_at_its_offset() {
    let mut stream = mixed();
    stream[0xC0 + 0x38] = 1;
    let e = CustomOp::decode(&stream[0xC0..]).unwrap_err();
    assert_eq!((e.at.op, e.at.offset), ("TensorMax", 0x38));
    assert!(matches!(e.problem, Problem::ReservedNonZero { .. }));
}

#[test]
fn any_byte_stream_round_trips_through_json_lines() {
    let mut stream = mixed();
    stream[0x200 + 0x14] = 1; // a reserved byte of TensorClamp: it does not decode
    stream[0x100] = 0x62; // an opcode nobody claims
    stream.extend_from_slice(&[0x60, 0x10, 0xAB]); // a trailing partial bundle
    let out = decode_bundles::<CustomIsa>(&stream, "s.bin", Form::Json);
    assert_eq!(out.problems.len(), 3, "{:?}", out.problems);
    assert_eq!(
        encode_lines::<CustomIsa>(out.text.as_bytes(), Mode::Bundles),
        Ok(stream)
    );
}

#[test]
fn the_custom_validators_run_beside_the_built_in_ones() {
    let clamp = CustomOp::TensorClamp(TensorClamp {
        sync: SyncBand::default(),
        in_dtype: Dtype::Float32,
        out_dtype: Dtype::Float32,
        num_active_partitions: 1,
        lo: 9,
        hi: 8,
        input: Tensor3d::unit(Default::default()),
        output: Tensor3d::unit(Default::default()),
    });
    let findings = clamp.validate();
    assert_eq!(findings.len(), 1);
    assert_eq!(
        (findings[0].rule.name, findings[0].field, findings[0].offset),
        ("tensor_clamp_bounds", "lo", 0x10)
    );
    assert_eq!(
        findings[0].to_string(),
        "tensor_clamp_bounds failed on `lo` at byte 0x10: lo 9 is above hi 8"
    );
    let max = CustomOp::TensorMax(TensorMax {
        sync: SyncBand::default(),
        in_dtype: Dtype::Uint8,
        out_dtype: Dtype::Uint8,
        alu: AluOp::Bypass,
        num_active_partitions: 1,
        input: Tensor3d::unit(Default::default()),
        output: Tensor3d::unit(Default::default()),
        imm: -1,
    });
    // The buffer a stream's loop reuses: each check appends.
    let mut found = Findings::new();
    clamp.check(&mut found);
    max.check(&mut found);
    assert_eq!(found.len(), 2);
    assert_eq!(found[1].rule.name, "tensor_max_int_imm");
    assert_eq!(
        found[1].to_string(),
        "tensor_max_int_imm failed on `imm` at byte 0x30: -1 is negative, and the input is uint8"
    );
    // Decoding and checking in one dispatch finds the same, for a custom member and a
    // built-in one alike.
    let mut fused = Findings::new();
    let bytes = max.to_bytes().unwrap();
    assert_eq!(CustomOp::decode_checked(&bytes, &mut fused), Ok(max));
    assert_eq!(fused, found[1..]);
    let stream = mixed();
    for bundle in stream.chunks_exact(64) {
        let (mut apart, mut fused) = (Findings::new(), Findings::new());
        let decoded = CustomOp::decode(bundle);
        if let Ok(op) = &decoded {
            op.check(&mut apart);
        }
        assert_eq!(CustomOp::decode_checked(bundle, &mut fused), decoded);
        assert_eq!(fused, apart);
    }
}

#[test]
fn the_serde_form_names_custom_and_built_in_members_alike() {
    let stream = mixed();
    let max = CustomOp::decode(&stream[0xC0..]).unwrap();
    let json = serde_json::to_string(&max).unwrap();
    assert!(json.starts_with(r#"{"op":"TensorMax","sync":"#), "{json}");
    assert_eq!(serde_json::from_str::<CustomOp>(&json).unwrap(), max);
    let tt = CustomOp::decode(&stream[0x140..]).unwrap();
    let json = serde_json::to_string(&tt).unwrap();
    assert!(json.starts_with(r#"{"op":"TensorTensor","#), "{json}");
    assert_eq!(serde_json::from_str::<CustomOp>(&json).unwrap(), tt);
    let e = serde_json::from_str::<CustomOp>(r#"{"op":"TensorMean"}"#).unwrap_err();
    assert!(e.to_string().contains("TensorMax"), "{e}");
}

#[test]
fn the_custom_word_splits_its_immediate_like_b_dim() {
    // SPEC-NOTES §3's B.DIM split: imm[11:0] at [31:20], imm[16:12] at [11:7]; 0x1ABCD with
    // match 0x5043 is 0xBCD00000 | 0x1A << 7 | 0x5043.
    let word = CustomWord::Scale(BScale {
        imm: 0x1_ABCD,
        reg: Gpr::Zero,
    });
    let bytes = word.to_bytes().unwrap();
    assert_eq!(u32::from_le_bytes(bytes), 0xBCD0_5D43);
    assert_eq!(CustomWord::decode(&bytes).unwrap(), word);
    // A built-in word still decodes as the built-in ISA's.
    let bstop = 1u32.to_le_bytes();
    assert!(matches!(
        CustomWord::decode(&bstop),
        Ok(CustomWord::Pto(Word::Bstop(_)))
    ));
}

fn command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_custom-isa"))
}

#[test]
fn the_custom_command_lists_built_in_and_custom_ops() {
    let out = command()
        .arg("decode")
        .arg(here("mixed.bin"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12);
    assert!(
        lines[3].starts_with("0x000000c0  0x60  TensorMax  "),
        "{}",
        lines[3]
    );
    assert!(lines[3].contains(" imm=0"), "{}", lines[3]);
    assert!(
        lines[5].starts_with("0x00000140  0x41  TensorTensor  "),
        "{}",
        lines[5]
    );
    let fields = command().args(["fields", "TensorClamp"]).output().unwrap();
    let table = String::from_utf8(fields.stdout).unwrap();
    assert!(
        table.starts_with("TensorClamp (s3d3_clamp), opcodes 0x61"),
        "{table}"
    );
}

/// A scratch folder of this test process.
fn scratch(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("custom-isa-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `custom-isa decode --json [mode] input > j; custom-isa encode [mode] j -o back`: the bytes
/// that come back, and the exit code of the decode.
fn through_json_lines(dir: &Path, input: &Path, mode: &[&str]) -> (Vec<u8>, Option<i32>) {
    let json = command()
        .arg("decode")
        .args(mode)
        .arg("--json")
        .arg(input)
        .output()
        .unwrap();
    let jsonl = dir.join("in.jsonl");
    std::fs::write(&jsonl, &json.stdout).unwrap();
    let back = dir.join("back");
    let encoded = command()
        .arg("encode")
        .args(mode)
        .arg(&jsonl)
        .arg("-o")
        .arg(&back)
        .status();
    assert!(encoded.unwrap().success());
    (std::fs::read(&back).unwrap(), json.status.code())
}

#[test]
fn the_custom_command_round_trips_a_stream_through_its_json_lines() {
    let dir = scratch("bundles");
    let mut stream = mixed();
    stream[0x100] = 0x62;
    let input = dir.join("in.bin");
    std::fs::write(&input, &stream).unwrap();
    let (back, decoded) = through_json_lines(&dir, &input, &[]);
    assert_eq!(decoded, Some(1), "the unknown opcode is reported");
    assert_eq!(back, stream);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_custom_command_reads_a_word_stream_with_the_custom_word() {
    let dir = scratch("words");
    // The TSHUF blocks of the repository's example, then one B.SCALE word outside any block.
    let mut stream = std::fs::read(here("../tshuf.words")).unwrap();
    stream.extend_from_slice(&0xBCD0_5D43u32.to_le_bytes());
    let input = dir.join("in.words");
    std::fs::write(&input, &stream).unwrap();
    let listing = command()
        .args(["decode", "--word32"])
        .arg(&input)
        .output()
        .unwrap();
    let text = String::from_utf8(listing.stdout).unwrap();
    let last = text.lines().last().unwrap_or_default();
    assert!(last.contains("0xbcd05d43  B.SCALE"), "{last}");
    assert!(last.contains("imm=109517"), "0x1ABCD: {last}");
    let (back, _) = through_json_lines(&dir, &input, &["--word32"]);
    assert_eq!(back, stream);
    let _ = std::fs::remove_dir_all(&dir);
}
