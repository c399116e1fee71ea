//! TensorTensor against seed 000 §2: the pseudocode's stores written out by hand, each opcode
//! branch, the PSUM guard, the reserved bytes, the validators and the three CodeGenMode arms.

use crate::common::ap;
use isa_core::{Addr4, AluOp, Bundle, Dtype, Engine, PackError, Problem, SyncBand};
use isa_ops::tensor_tensor::{Int32Band, TensorTensor, TensorTensorInst, TtAlu, TtOpcode};
use isa_ops::{Codegen, Core, LowerError, Lowering, Op, Operand, decode_any};

/// out[64 partitions][4][128] = in0 + in1, fp32 = fp32 + bf16, in SBUF.
fn add() -> TensorTensorInst {
    TensorTensorInst {
        out: Operand {
            ap: ap(0x0004_0100, &[(1, 64), (512, 4), (1, 128)]),
            dtype: Dtype::Float32,
        },
        in0: Operand {
            ap: ap(0x0008_0000, &[(1, 64), (512, 4), (1, 128)]),
            dtype: Dtype::Float32,
        },
        in1: Operand {
            ap: ap(0x000C_0000, &[(1, 64), (-1, 512)]),
            dtype: Dtype::Bfloat16,
        },
        alu: AluOp::Add,
        engine: Engine::DVE,
        bitvec: false,
        gpsimd_int32_gate: false,
        core: Core::V2,
        sync: SyncBand::default(),
    }
}

/// The bundle of `add()`, byte by byte from seed 000's pseudocode and seed 002's packer.
#[rustfmt::skip]
const ADD_BYTES: [u8; 64] = [
    0x41, 0x10, 0x00, 0x00,                         // setupHeader: opcode, inst_word_len, 0
    0, 0, 0, 0, 0, 0, 0, 0,                         // sync band, all zero
    0x6A,                                           // in0 fp32 0x0A | in1 bf16 0x06 << 4
    0x0A,                                           // out fp32
    0x04,                                           // alu add (ordinal 4 -> 0x04)
    0x40,                                           // num_active_partitions = in0 Pattern[0].num = 64
    // out TENSOR3D: ADDR4, strides {1, 512, 1}, nums {128, 4, 1} (innermost first, unit fill)
    0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    // in0 TENSOR3D
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    // in1 TENSOR3D: one free dim, stride -1 -> FF FF, 512 -> 00 02, then {1,1} twice
    0x00, 0x00, 0x0C, 0x00,  0xFF, 0xFF, 0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00, 0x01, 0x00,
];

#[test]
fn the_seed_pseudocode_stores_byte_for_byte() {
    let bundle = add().build().unwrap();
    let bytes = bundle.to_bytes().unwrap();
    assert_eq!(bytes, ADD_BYTES);
    assert_eq!(TensorTensor::decode_bytes(&ADD_BYTES).unwrap(), bundle);
}

#[test]
fn the_wire_view_reads_each_field_in_place() {
    let view = TensorTensor::view(&ADD_BYTES).unwrap();
    assert_eq!(view.opcode(), Ok(TtOpcode::Plain));
    assert_eq!(view.in0_dtype(), Ok(Dtype::Float32));
    assert_eq!(view.in1_dtype_raw(), 0x06);
    assert_eq!(view.alu(), Ok(TtAlu::Op(AluOp::Add)));
    assert_eq!(view.num_active_partitions(), Ok(64));
    assert_eq!(view.in1().unwrap().strides, [-1, 1, 1]);
}

#[test]
fn bitvec_selects_0x51() {
    let mut i = add();
    i.bitvec = true;
    assert_eq!(i.select_opcode(), Ok(TtOpcode::Bitvec));
    assert_eq!(i.build().unwrap().to_bytes().unwrap()[0], 0x51);
}

fn int32(engine: u8, core: Core, alu: AluOp) -> TensorTensorInst {
    let mut i = add();
    i.gpsimd_int32_gate = true;
    i.in0.dtype = Dtype::Int32;
    i.in1.dtype = Dtype::Int32;
    i.out.dtype = Dtype::Int32;
    i.engine = Engine(engine);
    i.core = core;
    i.alu = alu;
    i
}

#[test]
fn the_gpsimd_int32_band_forces_opcode_and_alu_byte() {
    // (engine, core, alu) -> (opcode byte, ALU byte at 0x0E); seed 000 §2 and the CoreV3 band.
    let cases = [
        (4, Core::V2, AluOp::Add, 0x8A, 0xC4),
        (6, Core::V2, AluOp::Add, 0x8E, 0xC5),
        (5, Core::V2, AluOp::Add, 0x8E, 0xC4),
        (4, Core::V3, AluOp::Add, 0x8A, 0xC4),
        (5, Core::V3, AluOp::Add, 0x8E, 0xC6),
        (6, Core::V3, AluOp::Add, 0x8E, 0xC5),
        (7, Core::V3, AluOp::Add, 0x8E, 0xC7),
        (7, Core::V3, AluOp::ModInt, 0x8E, 0xC8),
    ];
    for (engine, core, alu, opcode, byte) in cases {
        let bytes = int32(engine, core, alu)
            .build()
            .unwrap()
            .to_bytes()
            .unwrap();
        assert_eq!(
            (bytes[0], bytes[0x0E]),
            (opcode, byte),
            "engine {engine} {core:?} {alu}"
        );
        assert_eq!(bytes[0x0C], 0x88, "int32 tags 0x08 in both nibbles");
    }
}

#[test]
fn the_int32_override_needs_the_gate_and_int32_inputs() {
    let mut closed = int32(4, Core::V2, AluOp::Add);
    closed.gpsimd_int32_gate = false;
    assert_eq!(closed.select_opcode(), Ok(TtOpcode::Plain));
    // bfloat16 is ordinal 12, the seed's literal "dtype == 12": it does not open the band.
    let mut bf16 = int32(4, Core::V2, AluOp::Add);
    bf16.in1.dtype = Dtype::Bfloat16;
    assert_eq!(bf16.select_opcode(), Ok(TtOpcode::Plain));
    assert_eq!(bf16.alu_byte(), TtAlu::Op(AluOp::Add));
}

// Seed 000 §2 pseudocode: `if (gpsimd_int32_gate(this) && all_int32(in0,in1,out))`. The
// prose's "both inputs" is the looser statement; with an fp32 output the override does not
// fire, so int32 + int32 -> float32 is the plain 0x41 with its ALU op (SPEC-NOTES §2.14), and the
// bundle passes its own validators.
#[test]
fn the_int32_gate_needs_an_int32_output_too() {
    let mut to_f32 = int32(4, Core::V2, AluOp::Add);
    to_f32.out.dtype = Dtype::Float32;
    assert!(!to_f32.int32_override());
    assert_eq!(to_f32.select_opcode(), Ok(TtOpcode::Plain));
    let bundle = to_f32.build().unwrap();
    let bytes = bundle.to_bytes().unwrap();
    assert_eq!(
        (bytes[0], bytes[0x0E]),
        (0x41, 0x04),
        "0x41 with add's wire byte"
    );
    assert_eq!(isa_ops::Validate::validate(&bundle), vec![]);
    for engine in [4, 6] {
        let mut i = int32(engine, Core::V3, AluOp::Add);
        i.out.dtype = Dtype::Float32;
        assert_eq!(
            i.build().unwrap().to_bytes().unwrap()[0],
            0x41,
            "engine {engine}"
        );
    }
}

// Seed 000 §2, CoreV3 parity: the extended band "{eng4→0xC4, eng5→0xC6, eng6→0xC5, eng7→0xC7,
// mod_int(32)→0xC8}" (STRONG). The seed does not order the choices; the reading is that the op
// is the more specific key, so mod_int's 0xC8 wins over the engine byte on CoreV3, and on CoreV2
// (which has no mod_int band) the engine byte stays.
#[test]
fn core_v3_mod_int_wins_over_engines_5_and_6() {
    for engine in [5, 6] {
        let bytes = int32(engine, Core::V3, AluOp::ModInt)
            .build()
            .unwrap()
            .to_bytes()
            .unwrap();
        assert_eq!((bytes[0], bytes[0x0E]), (0x8E, 0xC8), "engine {engine}");
    }
    let v2 = int32(6, Core::V2, AluOp::ModInt);
    assert_eq!(v2.alu_byte(), TtAlu::Int32(Int32Band::Eng6));
}

#[test]
fn the_gpsimd_engine_cannot_read_psum() {
    let mut i = add();
    i.engine = Engine::GPSIMD;
    i.in1.ap.start = Addr4::from_raw(0x2000_0000); // byte3 & 0x60 == 0x20
    let e = i.select_opcode().unwrap_err();
    assert_eq!(e.to_string(), "GPSIMD engine cannot access PSUM");
    assert_eq!(
        Codegen::new().run(0, &i),
        Err(LowerError::Spec("GPSIMD engine cannot access PSUM"))
    );
    // DVE may.
    i.engine = Engine::DVE;
    assert_eq!(i.select_opcode(), Ok(TtOpcode::Plain));
}

#[test]
fn every_reserved_byte_set_to_one_is_rejected_with_its_offset() {
    for offset in [0x02, 0x03] {
        let mut b = ADD_BYTES;
        b[offset] = 1;
        let e = TensorTensor::decode_bytes(&b).unwrap_err();
        assert_eq!((e.at.field, e.at.offset), ("reserved", offset));
        assert_eq!(
            e.problem,
            Problem::ReservedNonZero {
                value: 1,
                mask: 0xFF
            }
        );
    }
    let mut b = ADD_BYTES;
    b[0x01] = 0x0F;
    let e = TensorTensor::decode_bytes(&b).unwrap_err();
    assert_eq!(
        (e.at.field, e.problem),
        (
            "inst_word_len",
            Problem::ConstantMismatch {
                expected: 0x10,
                found: 0x0F
            }
        )
    );
}

#[test]
fn a_bad_tag_or_alu_byte_names_its_field() {
    let mut b = ADD_BYTES;
    b[0x0C] = 0x60; // in0 nibble 0x0: no dtype has wire tag 0
    let e = TensorTensor::decode_bytes(&b).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("in0_dtype", 0x0C));
    let mut b = ADD_BYTES;
    b[0x0E] = 0x1C; // between mod 0x1B and rsqrt 0x1D: nothing maps to 0x1C
    let e = TensorTensor::decode_bytes(&b).unwrap_err();
    assert_eq!(
        (e.at.field, e.problem),
        (
            "alu",
            Problem::UnknownCode {
                code: 0x1C,
                table: "tt_alu",
                known: &<isa_ops::tensor_tensor::tt_alu as isa_core::Lut>::CODES,
            }
        )
    );
}

#[test]
fn an_alu_op_without_wire_form_is_refused() {
    let mut i = add();
    i.alu = AluOp::Average; // ordinal 24: no CoreV2 byte
    let e = i.build().unwrap().to_bytes().unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("alu", 0x0E));
    assert_eq!(
        e.problem,
        Problem::NoWireForm {
            value: "average",
            table: "tt_alu",
            known: &<isa_ops::tensor_tensor::tt_alu as isa_core::Lut>::CODES,
        }
    );
}

#[test]
fn validators_accept_a_good_bundle_and_reject_bad_ones() {
    let good = add().build().unwrap();
    assert_eq!(isa_ops::Validate::validate(&good), vec![]);

    let mut bad = good.clone();
    bad.opcode = TtOpcode::Int32;
    let checks: Vec<_> = isa_ops::Validate::validate(&bad)
        .iter()
        .map(|f| (f.rule.name, f.field))
        .collect();
    assert_eq!(
        checks,
        vec![
            ("s3d3_tt_dtype", "in0_dtype"),
            ("s3d3_tt_dtype", "in1_dtype"),
            ("s3d3_tt_dtype", "out_dtype"),
            ("s3d3_tt_valid_op", "alu"),
        ]
    );

    let mut bad = good.clone();
    bad.alu = TtAlu::Int32(Int32Band::Eng4);
    assert_eq!(
        isa_ops::Validate::validate(&bad)[0].rule.name,
        "s3d3_tt_valid_op"
    );

    let mut bad = good.clone();
    bad.in1.nums = [256, 1, 1];
    let f = &isa_ops::Validate::validate(&bad)[0];
    assert_eq!(
        (f.rule.name, f.field, f.offset),
        ("s3d3_tt_src_element_cnt_check", "in1", 0x30)
    );

    let mut bad = good;
    bad.out.nums = [128, 0, 1];
    let found = isa_ops::Validate::validate(&bad);
    assert!(
        found.iter().any(|f| f.rule.name == "tensor3d_valid"
            && f.field == "out"
            && f.offset == 0x10 + 0x0C),
        "{found:?}"
    );
}

#[test]
fn the_three_codegen_modes_share_one_lowering() {
    let mut cg = Codegen::new();
    cg.run(0, &add()).unwrap(); // COLLECT_OPCODES
    let mut bv = add();
    bv.bitvec = true;
    cg.run(0, &bv).unwrap();
    cg.run(0, &add()).unwrap();
    assert_eq!(
        cg.census().into_iter().collect::<Vec<_>>(),
        vec![(0x41, 2), (0x51, 1)]
    );

    let mut cg = Codegen::new();
    cg.run(1, &add()).unwrap(); // GENERATE_ISACODE
    assert_eq!(cg.stream, ADD_BYTES.to_vec());

    let mut cg = Codegen::new();
    cg.run(2, &add()).unwrap(); // RUN_ISA_CHECKS: no output, no finding
    assert!(cg.stream.is_empty() && cg.findings.is_empty());

    for mode in [3, -1] {
        let e = Codegen::new().run(mode, &add()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Wrong CodeGenMode. It must be one of GENERATE_ISACODE, RUN_ISA_CHECKS, or COLLECT_OPCODES"
        );
    }
}

#[test]
fn collect_opcodes_packs_no_operand() {
    // A pattern with five active dims does not fit TENSOR3D, but the census never packs it.
    let mut i = add();
    i.out.ap = ap(0, &[(1, 64), (2, 2), (3, 3), (4, 4), (5, 5)]);
    assert!(Codegen::new().run(0, &i).is_ok());
    let e = Codegen::new().run(1, &i).unwrap_err();
    assert!(
        e.to_string()
            .contains("Illegal ISA memory access dimension 5"),
        "{e}"
    );
}

#[test]
fn decode_any_dispatches_on_the_opcode() {
    let op = decode_any(&ADD_BYTES).unwrap();
    assert_eq!(op.name(), "TensorTensor");
    assert_eq!(op, Op::TensorTensor(add().build().unwrap()));
    let mut b = ADD_BYTES;
    b[0] = 0x42;
    let e = decode_any(&b).unwrap_err();
    assert!(matches!(
        e.problem,
        Problem::UnknownOpcode { opcode: 0x42, .. }
    ));
}

#[test]
fn an_op_round_trips_through_json_by_name() {
    let op = Op::from(add().build().unwrap());
    let json = serde_json::to_string(&op).unwrap();
    assert!(
        json.starts_with(r#"{"op":"TensorTensor","opcode":"tensor_tensor","#),
        "{json}"
    );
    assert!(
        json.contains(r#""in1_dtype":"bfloat16""#) && json.contains(r#""alu":"add""#),
        "{json}"
    );
    let back: Op = serde_json::from_str(&json).unwrap();
    assert_eq!(back, op);
    let bad = json.replace(r#""alu":"add""#, r#""alu":"addd""#);
    let e = serde_json::from_str::<Op>(&bad).unwrap_err();
    assert!(
        e.to_string()
            .contains("`addd` is not a name of `TensorTensor ALU byte`"),
        "{e}"
    );
}

#[test]
fn the_alu_byte_table_gives_every_op_its_corev2_byte_and_every_band_its_byte() {
    use isa_core::Lut;
    use isa_ops::tensor_tensor::tt_alu;
    // Seed 000 §2 and its CoreV3 band: eng4 0xC4, eng6 0xC5, eng5 0xC6, eng7 0xC7, mod_int 0xC8.
    let bands = [
        (Int32Band::Eng4, 0xC4),
        (Int32Band::Eng6, 0xC5),
        (Int32Band::Eng5, 0xC6),
        (Int32Band::Eng7, 0xC7),
        (Int32Band::ModInt, 0xC8),
    ];
    for (band, byte) in bands {
        assert_eq!(tt_alu::encode(&TtAlu::Int32(band)), Some(byte), "{band:?}");
        assert_eq!(tt_alu::decode(u64::from(byte)), Some(TtAlu::Int32(band)));
    }
    // Every ALU op goes through alu_v2 (seed 001's byte string); the five without a CoreV2
    // byte have none here either.
    let mut without = Vec::new();
    for &op in AluOp::ALL {
        let code = tt_alu::encode(&TtAlu::Op(op));
        assert_eq!(code, isa_core::alu_v2::encode(&op), "{op:?}");
        match code {
            Some(c) => assert_eq!(tt_alu::decode(u64::from(c)), Some(TtAlu::Op(op))),
            None => without.push(op),
        }
    }
    assert_eq!(
        without,
        [
            AluOp::Average,
            AluOp::ElemwiseMul,
            AluOp::AbsMax,
            AluOp::AbsMin,
            AluOp::ModInt
        ]
    );
    assert_eq!(tt_alu::encode(&TtAlu::Op(AluOp::Add)), Some(0x04));
    assert_eq!(tt_alu::encode(&TtAlu::Op(AluOp::NotEqual)), Some(0x18));
    assert_eq!(tt_alu::encode(&TtAlu::Op(AluOp::Rsqrt)), Some(0x1D));
}

/// ALU byte 0x17 is `ABSOLUTE_DIFF` in `NEURON_ISA_TPB_ALU_OP` (aws_neuron_isa_tpb_*.h, public
/// notes), legal in 0x41; no seed ordinal maps to it. It decodes, prints by name and encodes back.
#[test]
fn the_decode_only_absolute_diff_code_reads_prints_and_writes_back() {
    let mut b = ADD_BYTES;
    b[0x0E] = 0x17;
    let bundle = TensorTensor::decode_bytes(&b).unwrap();
    assert_eq!(bundle.alu, TtAlu::AbsoluteDiff);
    assert!(bundle.alu.is_decode_only());
    assert_eq!(
        bundle.to_bytes().unwrap(),
        b,
        "encode of the decoded bundle gives 0x17 back"
    );
    // The listing (the text form the command prints) names it.
    let mut line = String::new();
    isa_core::render::text_fields::<TensorTensor, _>(TensorTensor::view(&b).unwrap(), &mut line)
        .unwrap();
    assert!(line.contains("alu=absolute_diff"), "{line}");
    assert!(matches!(decode_any(&b), Ok(Op::TensorTensor(t)) if t.alu == TtAlu::AbsoluteDiff));
    // Its JSON form names it too, and reads back.
    let json = serde_json::to_string(&bundle).unwrap();
    assert!(json.contains(r#""alu":"absolute_diff""#), "{json}");
    assert_eq!(serde_json::from_str::<TensorTensor>(&json).unwrap(), bundle);
    // Legal in 0x41: the validator has nothing to say about the ALU byte.
    assert!(isa_ops::Validate::validate(&bundle).is_empty());
}

#[test]
fn lowering_never_selects_the_decode_only_code() {
    for op in AluOp::ALL {
        for &engine in Engine::NAMED {
            for gate in [false, true] {
                for core in [Core::V2, Core::V3] {
                    let mut i = add();
                    (i.alu, i.engine, i.gpsimd_int32_gate, i.core) = (*op, engine, gate, core);
                    assert!(!i.alu_byte().is_decode_only(), "{op} on {engine:?}");
                    if let Ok(t) = i.build() {
                        assert_ne!(t.alu, TtAlu::AbsoluteDiff);
                    }
                }
            }
        }
    }
    // On an int32 band opcode the code is refused by s3d3_tt_valid_op.
    let mut b = ADD_BYTES;
    (b[0], b[0x0E]) = (0x8E, 0x17);
    let bundle = TensorTensor::decode_bytes(&b).unwrap();
    let findings = isa_ops::Validate::validate(&bundle);
    assert!(
        findings.iter().any(|f| f.rule.name == "s3d3_tt_valid_op"),
        "{findings:?}"
    );
}

/// A kernel's stream is often long runs of one op whose bundles use several of its opcodes (the
/// plain and the bitvec TensorTensor here). The batch decoder takes such a chunk as runs of one
/// member and hands every bundle to the visitor in stream order, the run of memsets before the
/// run of TensorTensors although TensorTensor is declared first.
#[test]
fn a_chunk_in_runs_of_one_op_with_two_opcodes_is_visited_in_stream_order() {
    use isa_core::Family;
    use isa_ops::memset::MemsetInst;
    let memset = MemsetInst {
        out: crate::common::operand(0, &[(1, 128), (1, 64)], Dtype::Float32),
        mode: 0,
        fill: 0,
        sync: SyncBand::default(),
    };
    let mut cg = Codegen::new();
    cg.run(1, &memset).unwrap();
    let mut stream = cg.stream.repeat(2048);
    for k in 0..2048 {
        let mut bundle = ADD_BYTES;
        bundle[0] = if k % 2 == 0 { 0x41 } else { 0x51 };
        stream.extend_from_slice(&bundle);
    }
    let mut seen = Vec::new();
    let trailing = Op::decode_batch(&stream, |offset, op| {
        seen.push((offset, op.as_ref().map(|op| op.name()).unwrap_or("error")));
    });
    assert_eq!(trailing, None);
    assert_eq!(seen.len(), 4096);
    for (k, &(offset, name)) in seen.iter().enumerate() {
        assert_eq!(offset, 64 * k, "bundle {k} out of stream order");
        assert_eq!(name, if k < 2048 { "Memset" } else { "TensorTensor" });
    }
}

// Seed 000 §2: "ASSERT: in0+88 == 0 (no APPairs) → __assert_fail "idx<size()"
// SmallVector.h:0x128". The body reads in0's first APPair for num_active_partitions, so an in0
// without one stops the lowering, named in0; with every operand empty, in0 is still the one named.
#[test]
fn an_in0_without_app_pairs_stops_the_lowering_naming_in0() {
    let empty_in0 = LowerError::Pack {
        operand: "in0",
        error: PackError::EmptyPattern,
    };
    let mut i = add();
    i.in0.ap.pattern.clear();
    assert_eq!(i.bundles(), Err(empty_in0.clone()));
    for operand in [&mut i.out, &mut i.in1] {
        operand.ap.pattern.clear();
    }
    assert_eq!(i.bundles(), Err(empty_in0.clone()));
    let e = Codegen::new().run(1, &i).unwrap_err();
    assert_eq!(e, empty_in0);
    assert!(e.to_string().starts_with("in0: "), "{e}");
}
