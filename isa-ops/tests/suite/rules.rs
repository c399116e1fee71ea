//! Every validator rule carries its basis like a field carries its tag: stated by the seeds
//! (CONFIRMED / STRONG, with the seed line) or a reading (INFERRED / SPECULATIVE, read from a
//! check's name or the encoder).

use isa_core::{Confidence, Rule};
use isa_ops::tensor_tensor as tt;
use isa_ops::{copy_predicated as cp, exponential as exp, memset, move_shape};
use isa_ops::{scalar_tensor_tensor as stt, tensor_scalar as ts, tensor_scalar_addr as addr};

// Seed 000's ledger lists these checks by name only ("the check names s3d3_tt_dtype/
// s3d3_tt_valid_op/s3d3_tt_src_element_cnt_check/… s3d3_copy_cast_pred_src1_dst_dty/
// s_valid_select_reduce_dtypes/s_zero_accum_cmd/memset_opcode/move_opcode are all present in the
// .so string table", STRONG by name); seed 001 recovers only fragments of the `_addr_*` family.
// Their rules are readings.
#[test]
fn rules_read_from_a_check_name_alone_are_readings() {
    let readings: [&Rule; 16] = [
        &tt::S3D3_TT_DTYPE,
        &tt::S3D3_TT_VALID_OP,
        &tt::S3D3_TT_SRC_ELEMENT_CNT_CHECK,
        &cp::S_VALID_SELECT_REDUCE_DTYPES,
        &cp::S_ZERO_ACCUM_CMD,
        &cp::S3D3_COPY_PRED_SRC0_DTYPE,
        &cp::S3D3_COPY_CAST_PRED_SRC1_DST_DTY,
        &cp::SELECT_REDUCE_TENSOR_SRC,
        &memset::MEMSET_OPCODE,
        &move_shape::MOVE_OPCODE,
        &addr::S2D2_TS_AS_VALID_ELEM_COUNT,
        &addr::S2D2_TS_AS_ADDR_RESERVED_ZERO,
        &addr::S2D2_TS_AS_ADDR_IMMEDIATE_UNUSED,
        &addr::S2D2_TS_AS_ADDR_SAME_START_PARTITION_IN_SR,
        &addr::S2D2_TS_AS_ADDR_VALID_OPS,
        &addr::ADDR_SINGLE_OUTPUT,
    ];
    for rule in readings {
        assert_eq!(rule.confidence, Confidence::Inferred, "{}", rule.name);
        assert!(!rule.is_stated(), "{}", rule.name);
        assert!(
            rule.source.contains("seed 00"),
            "{}: {}",
            rule.name,
            rule.source
        );
    }
    assert_eq!(
        addr::S2D2_TS_AS_ADDR_REVERSE_CHECK.confidence,
        Confidence::Inferred
    );
    assert_eq!(
        exp::HAS_VALID_EXPONENTIAL_NUM_ELEMENTS.confidence,
        Confidence::Inferred
    );
    assert_eq!(
        exp::HAS_VALID_EXPONENTIAL_ACCUM_CMD.confidence,
        Confidence::Inferred
    );
    assert_eq!(
        cp::D3_CP_PRED_SCALAR_RESERVED_ZERO.confidence,
        Confidence::Inferred
    );
}

// Rules the seeds state in so many words: seed 001's Exponential validators ("op0 and op1 must
// be Bypass, reverse_operands must be None", and "require imm1 == 0 … LoadAccumulate lets imm1
// carry the reduce-init"), TensorScalarCache's error text, STT's "no transpose" assert, seed
// 000 §3.2's "There is no +0x0E ALU byte" and its guard "src is a TENSOR".
#[test]
fn rules_the_seeds_state_are_tagged_with_their_seed_line() {
    let stated: [&Rule; 7] = [
        &exp::OP0_OP1_BYPASS,
        &exp::REVERSE_OPERANDS_NONE,
        &exp::IMMEDIATE_VALIDITY,
        &ts::CACHE_IMM1,
        &stt::STT_NO_TRANSPOSE,
        &cp::S3D3_TT_IS_ZERO_S_COPY_CAST_PREDICATED_OPCODE,
        &cp::COPY_CAST_TENSOR_SRC,
    ];
    for rule in stated {
        assert!(rule.is_stated(), "{}", rule.name);
        assert!(
            rule.source.starts_with("seed 00"),
            "{}: {}",
            rule.name,
            rule.source
        );
    }
}

// A finding carries its rule, and its text is unchanged: "CHECK failed on `FIELD` at byte …".
#[test]
fn a_finding_carries_its_rule_and_prints_as_before() {
    use isa_core::Bundle;
    use isa_ops::Validate;
    let mut bytes = [0u8; 64];
    bytes[0] = 0xB2;
    bytes[1] = 0x10;
    bytes[0x0C..0x0F].copy_from_slice(&[0x00, 0x01, 0x01]);
    let shape = move_shape::MoveShape::decode_bytes(&bytes).unwrap();
    let found = shape.validate();
    assert_eq!(found.len(), 4);
    assert_eq!(found[0].rule, &move_shape::MOVE_OPCODE);
    assert_eq!(found[0].check(), "move_opcode");
    assert_eq!(
        found[0].to_string(),
        "move_opcode failed on `num0` at byte 0x24: a shape-register count is 0; a padded slot \
         has num 1"
    );
}
