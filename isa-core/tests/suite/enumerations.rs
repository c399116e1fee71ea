//! The enumerations against SPEC-NOTES §1 and seeds 000/001: ordinals, wire names, element
//! sizes, the reverse pack, and the codecs every enumeration shares. Expected values are typed
//! from the spec text.

use isa_core::{
    AccumulateCmd, AluOp, BitValue, CodeGenMode, Dtype, Engine, Field, FieldError, MemsetMode,
    Problem, ReverseOps, TscMode, UnknownName,
};

/// SPEC-NOTES §1: `bir::Dtype` ordinal, name, container bytes (seed 000 `qword_1DF59E0`).
const DTYPES: [(u8, &str, u32); 20] = [
    (0, "uint8", 1),
    (1, "int8", 1),
    (2, "float4_e2m1fn_x4", 2),
    (3, "float8e3", 1),
    (4, "float8e4", 1),
    (5, "float8_e4m3fn", 1),
    (6, "float8_e8m0fnu", 1),
    (7, "float8e5", 1),
    (8, "float8_e4m3fn_x4", 4),
    (9, "float8_e5m2_x4", 4),
    (10, "uint16", 2),
    (11, "int16", 2),
    (12, "bfloat16", 2),
    (13, "float16", 2),
    (14, "uint32", 4),
    (15, "int32", 4),
    (16, "float32", 4),
    (17, "float32r", 4),
    (18, "uint64", 8),
    (19, "int64", 8),
];

/// SPEC-NOTES §1: `bir::AluOpType` names by ordinal.
const ALU_NAMES: [&str; 33] = [
    "bypass",
    "bitwise_not",
    "arith_shift_left",
    "arith_shift_right",
    "add",
    "subtract",
    "mult",
    "divide",
    "max",
    "min",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "logical_and",
    "logical_or",
    "logical_xor",
    "logical_shift_left",
    "logical_shift_right",
    "is_equal",
    "not_equal",
    "is_gt",
    "is_ge",
    "is_lt",
    "is_le",
    "average",
    "elemwise_mul",
    "pow",
    "mod",
    "rsqrt",
    "abs",
    "abs_max",
    "abs_min",
    "mod_int",
];

#[test]
fn dtype_ordinals_names_and_sizes() {
    assert_eq!(Dtype::ALL.len(), 20);
    for (ordinal, name, bytes) in DTYPES {
        let dtype: Dtype = name.parse().expect("a bir::Dtype name");
        assert_eq!(dtype.code(), ordinal, "{name}");
        assert_eq!(Dtype::from_code(ordinal), Some(dtype));
        assert_eq!(dtype.to_string(), name);
        assert_eq!(dtype.size_bytes(), bytes, "{name}");
        assert_eq!(dtype.bits(), bytes * 8, "{name}");
    }
    assert_eq!(Dtype::from_code(20), None);
}

#[test]
fn named_dtype_variants_have_their_ordinals() {
    assert_eq!(Dtype::Uint8.code(), 0);
    assert_eq!(Dtype::Float4E2m1fnX4.code(), 2);
    assert_eq!(Dtype::Float8e4.code(), 4);
    assert_eq!(Dtype::Float8e5.code(), 7);
    assert_eq!(Dtype::Uint16.code(), 10);
    assert_eq!(Dtype::Bfloat16.code(), 12);
    assert_eq!(Dtype::Int32.code(), 15);
    assert_eq!(Dtype::Int64.code(), 19);
}

#[test]
fn alu_op_ordinals_and_names() {
    assert_eq!(AluOp::ALL.len(), 33);
    for (ordinal, name) in (0u8..).zip(ALU_NAMES) {
        let op: AluOp = name.parse().expect("an AluOpType name");
        assert_eq!(op.code(), ordinal, "{name}");
        assert_eq!(op.to_string(), name);
    }
    assert_eq!(AluOp::Rsqrt.code(), 28);
    assert_eq!(AluOp::ModInt.code(), 32);
    assert_eq!(AluOp::from_code(33), None);
}

#[test]
fn accumulate_cmd_ordinals_and_names() {
    let expected = [
        (0, "idle"),
        (1, "zero"),
        (2, "accumulate"),
        (3, "zero_accumulate"),
        (4, "add_accumulate"),
        (5, "load_accumulate"),
    ];
    assert_eq!(AccumulateCmd::ALL.len(), 6);
    for (ordinal, name) in expected {
        let cmd: AccumulateCmd = name.parse().expect("an EngineAccumulationType name");
        assert_eq!(cmd.code(), ordinal, "{name}");
        assert_eq!(cmd.to_string(), name);
    }
    assert_eq!(AccumulateCmd::LoadAccumulate.code(), 5);
}

#[test]
fn reverse_ops_are_the_two_bit_pack() {
    // Seed 001: b[0x26] = reverse0 | reverse1 << 1; {none, first, second, both} -> {0, 1, 2, 3}.
    assert_eq!(ReverseOps::from_flags(false, false).code(), 0);
    assert_eq!(ReverseOps::from_flags(true, false).code(), 1);
    assert_eq!(ReverseOps::from_flags(false, true).code(), 2);
    assert_eq!(ReverseOps::from_flags(true, true).code(), 3);
    assert_eq!(ReverseOps::None.flags(), (false, false));
    assert_eq!(ReverseOps::First.flags(), (true, false));
    assert_eq!(ReverseOps::Second.flags(), (false, true));
    assert_eq!(ReverseOps::Both.flags(), (true, true));
    assert_eq!(ReverseOps::from_code(2), Some(ReverseOps::Second));
    assert_eq!(ReverseOps::Both.to_string(), "both");
}

#[test]
fn mode_enumerations() {
    assert_eq!(
        [
            TscMode::Reduce.code(),
            TscMode::Cumulative.code(),
            TscMode::TensorScan.code()
        ],
        [0, 1, 2]
    );
    assert_eq!("tensor_scan".parse(), Ok(TscMode::TensorScan));
    assert_eq!(
        [MemsetMode::Const.code(), MemsetMode::Random.code()],
        [0, 1]
    );
    assert_eq!(MemsetMode::from_code(2), None);
    assert_eq!(CodeGenMode::CollectOpcodes.code(), 0);
    assert_eq!(CodeGenMode::GenerateIsacode.code(), 1);
    assert_eq!(CodeGenMode::RunIsaChecks.code(), 2);
    assert_eq!("run_isa_checks".parse(), Ok(CodeGenMode::RunIsaChecks));
    assert_eq!(CodeGenMode::GenerateIsacode.to_string(), "generate_isacode");
}

#[test]
fn engine_numbers() {
    assert_eq!(Engine::GPSIMD, Engine(1));
    assert_eq!(Engine::DVE, Engine(5));
    assert_eq!(Engine::DVE.number(), 5);
    assert_eq!(
        Engine::NAMED,
        [Engine(1), Engine(4), Engine(5), Engine(6), Engine(7)]
    );
    assert_eq!(Engine(4).to_string(), "engine 4");
    assert_eq!(Engine::DVE.to_string(), "DVE (engine 5)");
}

#[test]
fn an_unknown_name_is_refused_with_the_enumeration_and_the_name() {
    let err = "float8e6".parse::<Dtype>().unwrap_err();
    assert_eq!(
        err,
        UnknownName {
            enumeration: "bir::Dtype",
            known: isa_core::Dtype::CODES,
            name: "float8e6".into()
        }
    );
    assert_eq!(err.to_string(), "`float8e6` is not a name of `bir::Dtype`");
    // A short enumeration lists its names (SPEC-NOTES §1: TSCMode 0 Reduce, 1 Cumulative,
    // 2 TensorScan).
    assert_eq!(
        "scan".parse::<TscMode>().unwrap_err().to_string(),
        "`scan` is not a name of `TSCMode`; the names are reduce, cumulative, tensor_scan"
    );
    // Names are the wire names, not the Rust variant names.
    assert!("Uint8".parse::<Dtype>().is_err());
    assert!("IsEqual".parse::<AluOp>().is_err());
}

#[test]
fn an_enumeration_in_a_bit_range() {
    assert_eq!(ReverseOps::Both.to_bits(2), Ok(3));
    assert_eq!(ReverseOps::from_bits(2, 2), Ok(ReverseOps::Second));
    assert_eq!(Dtype::Int64.to_bits(5), Ok(19));
    assert_eq!(Dtype::from_bits(19, 5), Ok(Dtype::Int64));
    assert_eq!(<Dtype as BitValue>::BITS, 8);
}

#[test]
fn a_code_wider_than_the_range_is_refused() {
    assert_eq!(
        Dtype::Int64.to_bits(4),
        Err(Problem::TooWide { value: 19, bits: 4 })
    );
    assert_eq!(
        ReverseOps::Both.to_bits(1),
        Err(Problem::TooWide { value: 3, bits: 1 })
    );
    assert_eq!(
        Dtype::from_bits(0x13, 4),
        Err(Problem::TooWide {
            value: 0x13,
            bits: 4
        })
    );
}

#[test]
fn an_unknown_code_is_refused_naming_the_enumeration() {
    assert_eq!(
        Dtype::from_bits(20, 5),
        Err(Problem::UnknownCode {
            code: 20,
            table: "bir::Dtype",
            known: &isa_core::Dtype::CODES,
        })
    );
    assert_eq!(
        AccumulateCmd::from_bits(6, 3),
        Err(Problem::UnknownCode {
            code: 6,
            table: "bir::EngineAccumulationType",
            known: &isa_core::AccumulateCmd::CODES,
        })
    );
    assert_eq!(
        TscMode::from_bits(0x1FF, 9),
        Err(Problem::UnknownCode {
            code: 0x1FF,
            table: "TSCMode",
            known: &isa_core::TscMode::CODES,
        })
    );
}

#[test]
fn an_enumeration_as_a_whole_byte() {
    assert_eq!(AluOp::ModInt.to_wire(), Ok(32));
    assert_eq!(AluOp::from_wire(&28), Ok(AluOp::Rsqrt));
    assert_eq!(ReverseOps::from_wire(&3), Ok(ReverseOps::Both));
    assert_eq!(
        AluOp::from_wire(&33),
        Err(FieldError::new(Problem::UnknownCode {
            code: 33,
            table: "bir::AluOpType",
            known: &isa_core::AluOp::CODES,
        }))
    );
    assert_eq!(
        CodeGenMode::from_wire(&3),
        Err(FieldError::new(Problem::UnknownCode {
            code: 3,
            table: "CodeGenMode",
            known: &isa_core::CodeGenMode::CODES,
        }))
    );
}

#[test]
fn every_code_round_trips() {
    for &dtype in Dtype::ALL {
        assert_eq!(Dtype::from_code(dtype.code()), Some(dtype));
        assert_eq!(Dtype::from_wire(&dtype.to_wire().unwrap()), Ok(dtype));
        assert_eq!(dtype.name().parse(), Ok(dtype));
    }
    for &op in AluOp::ALL {
        assert_eq!(AluOp::from_bits(op.to_bits(8).unwrap(), 8), Ok(op));
        assert_eq!(op.name().parse(), Ok(op));
    }
}
