//! Provenance beyond the seeds: every placement that the public notes on the vendor's ISA headers
//! (`aws_neuron_isa_tpb_*.h`) corroborate or dispute, pinned row by row against the field tables.
//! The table below is the whole list: a tag added or dropped on a declaration fails here.

use isa_ops::DECLARATIONS;

/// What the public notes say of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Says {
    /// They agree with the position.
    Agrees,
    /// They place it differently.
    Disputes,
    /// They agree on the byte and dispute what it holds.
    Both,
}

use Says::{Agrees, Both, Disputes};

/// `(op, field, offset, what the notes say, the struct they name)`.
#[rustfmt::skip]
const TAGS: &[(&str, &str, usize, Says, &str)] = &[
    // S3D3_TS: every control and operand position (TensorScalar and Exponential share it).
    ("TensorScalar", "accumulator_cmd", 0x0C, Agrees, "S3D3_TS"),
    ("TensorScalar", "input", 0x10, Agrees, "S3D3_TS"),
    ("TensorScalar", "in_dtype", 0x20, Agrees, "S3D3_TS"),
    ("TensorScalar", "out_dtype", 0x21, Agrees, "S3D3_TS"),
    ("TensorScalar", "num_active_channels", 0x22, Agrees, "S3D3_TS"),
    ("TensorScalar", "imm0_src", 0x23, Agrees, "S3D3_TS"),
    ("TensorScalar", "op0", 0x24, Agrees, "S3D3_TS"),
    ("TensorScalar", "op1", 0x25, Agrees, "S3D3_TS"),
    ("TensorScalar", "reverse", 0x26, Agrees, "S3D3_TS"),
    ("TensorScalar", "imm1_src", 0x27, Agrees, "S3D3_TS"),
    ("TensorScalar", "imm0", 0x28, Agrees, "S3D3_TS"),
    ("TensorScalar", "imm1", 0x2C, Agrees, "S3D3_TS"),
    ("TensorScalar", "out", 0x30, Agrees, "S3D3_TS"),
    ("Exponential", "accumulator_cmd", 0x0C, Agrees, "S3D3_TS"),
    ("Exponential", "input", 0x10, Agrees, "S3D3_TS"),
    ("Exponential", "in_dtype", 0x20, Agrees, "S3D3_TS"),
    ("Exponential", "out_dtype", 0x21, Agrees, "S3D3_TS"),
    ("Exponential", "num_active_channels", 0x22, Agrees, "S3D3_TS"),
    ("Exponential", "imm0_src", 0x23, Agrees, "S3D3_TS"),
    ("Exponential", "op0", 0x24, Agrees, "S3D3_TS"),
    ("Exponential", "op1", 0x25, Agrees, "S3D3_TS"),
    ("Exponential", "reverse", 0x26, Agrees, "S3D3_TS"),
    ("Exponential", "imm1_src", 0x27, Agrees, "S3D3_TS"),
    ("Exponential", "imm0", 0x28, Agrees, "S3D3_TS"),
    ("Exponential", "imm1", 0x2C, Agrees, "S3D3_TS"),
    ("Exponential", "out", 0x30, Agrees, "S3D3_TS"),
    // S4D4_TR: TensorCopy.
    ("TensorCopy", "src", 0x0C, Agrees, "S4D4_TR"),
    ("TensorCopy", "src_dtype", 0x20, Agrees, "S4D4_TR"),
    ("TensorCopy", "dst_dtype", 0x21, Agrees, "S4D4_TR"),
    ("TensorCopy", "num_active_partitions", 0x22, Agrees, "S4D4_TR"),
    ("TensorCopy", "reserved_0x23", 0x23, Agrees, "S4D4_TR"),
    ("TensorCopy", "dst", 0x2C, Agrees, "S4D4_TR"),
    // S2S2D2_STT: the control band agrees; which nibble types which tensor is disputed (item 4).
    ("ScalarTensorTensor", "op0", 0x24, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "op1", 0x25, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "reverse", 0x26, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "scalar_src", 0x27, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "tensor0_dtype", 0x28, Both, "S2S2D2_STT"),
    ("ScalarTensorTensor", "tensor1_dtype", 0x28, Both, "S2S2D2_STT"),
    ("ScalarTensorTensor", "out_dtype", 0x29, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "num_active_channels", 0x2A, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "scalar_dtype", 0x2B, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "accumulator_cmd", 0x2C, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "out", 0x30, Agrees, "S2S2D2_STT"),
    ("ScalarTensorTensor", "scalar", 0x3C, Agrees, "S2S2D2_STT"),
    // Item 1: S3S3D3_TT operand order. Item 7: opcode 0x8E. Item 8: ALU code 0x17.
    ("TensorTensor", "opcode", 0x00, Disputes, "BATCH_NORM_PARAM_LOAD2"),
    ("TensorTensor", "alu", 0x0E, Disputes, "NEURON_ISA_TPB_ALU_OP"),
    ("TensorTensor", "out", 0x10, Disputes, "S3S3D3_TT"),
    ("TensorTensor", "in0", 0x20, Disputes, "S3S3D3_TT"),
    ("TensorTensor", "in1", 0x30, Disputes, "S3S3D3_TT"),
    // Item 2: CopyPredicated / CastPredicated on the same struct.
    ("CopyPredicated", "src_dtype", 0x0C, Disputes, "S3S3D3_TT"),
    ("CopyPredicated", "mask_dtype", 0x0C, Disputes, "S3S3D3_TT"),
    ("CopyPredicated", "out", 0x10, Disputes, "S3S3D3_TT"),
    ("CopyPredicated", "src", 0x20, Agrees, "S3S3D3_TT"),
    ("CopyPredicated", "mask", 0x30, Disputes, "S3S3D3_TT"),
    // Item 3: CopyPredicatedScalar.
    ("CopyPredicatedScalar", "out", 0x10, Disputes, "S3D3_CP_PRED_SCALAR"),
    ("CopyPredicatedScalar", "mask_dtype", 0x20, Agrees, "S3D3_CP_PRED_SCALAR"),
    ("CopyPredicatedScalar", "out_dtype", 0x21, Disputes, "S3D3_CP_PRED_SCALAR"),
    ("CopyPredicatedScalar", "num_active_partitions", 0x22, Agrees, "S3D3_CP_PRED_SCALAR"),
    ("CopyPredicatedScalar", "byte_0x29", 0x29, Disputes, "S3D3_CP_PRED_SCALAR"),
    ("CopyPredicatedScalar", "mask_num_active_partitions", 0x2A, Disputes, "S3D3_CP_PRED_SCALAR"),
    ("CopyPredicatedScalar", "scalar", 0x2B, Disputes, "S3D3_CP_PRED_SCALAR"),
    ("CopyPredicatedScalar", "mask", 0x30, Disputes, "S3D3_CP_PRED_SCALAR"),
    // Item 5: SelectReduce rides S2S2D2_STT.
    ("SelectReduce", "out", 0x18, Disputes, "S2S2D2_STT"),
    ("SelectReduce", "mask", 0x30, Disputes, "S2S2D2_STT"),
    ("SelectReduce", "reserved_0x3c", 0x3C, Disputes, "S2S2D2_STT"),
    // Item 6: MoveShape, CTRL_MS.
    ("MoveShape", "step0", 0x14, Disputes, "CTRL_MS"),
    ("MoveShape", "step1", 0x18, Disputes, "CTRL_MS"),
    ("MoveShape", "step2", 0x1C, Disputes, "CTRL_MS"),
];

const HEADER: &str = "aws_neuron_isa_tpb_*.h (public notes)";

#[test]
fn every_tag_is_on_its_row_and_names_its_source() {
    for &(op, field, offset, says, source) in TAGS {
        let decl = DECLARATIONS
            .iter()
            .find(|d| d.name == op)
            .unwrap_or_else(|| panic!("no op {op}"));
        let row = decl
            .fields
            .iter()
            .find(|f| f.name == field)
            .unwrap_or_else(|| panic!("{op} has no row {field}"));
        assert_eq!(row.offset, offset, "{op}.{field}");
        let (agrees, disputes) = (!row.corroborated.is_empty(), row.is_disputed());
        let expected = match says {
            Agrees => (true, false),
            Disputes => (false, true),
            Both => (true, true),
        };
        assert_eq!((agrees, disputes), expected, "{op}.{field}");
        for text in [row.corroborated, row.disputed] {
            if !text.is_empty() {
                assert!(text.contains(source), "{op}.{field}: {text}");
                assert!(text.contains(HEADER), "{op}.{field}: {text}");
            }
        }
    }
}

#[test]
fn no_row_carries_a_tag_the_table_does_not_list() {
    for decl in DECLARATIONS {
        for row in decl.fields {
            if row.corroborated.is_empty() && row.disputed.is_empty() {
                continue;
            }
            assert!(
                TAGS.iter()
                    .any(|&(op, field, ..)| op == decl.name && field == row.name),
                "{}.{} carries a tag the table does not pin",
                decl.name,
                row.name
            );
        }
    }
}

#[test]
fn the_disputed_operand_order_of_tensor_tensor_says_what_the_source_says() {
    let decl = DECLARATIONS
        .iter()
        .find(|d| d.name == "TensorTensor")
        .expect("TensorTensor");
    let says = |field: &str| {
        decl.fields
            .iter()
            .find(|f| f.name == field)
            .map_or("", |f| f.disputed)
    };
    assert!(says("out").contains("src0 at 0x10"));
    assert!(says("in0").contains("src1 at 0x20"));
    assert!(says("in1").contains("dst at 0x30"));
    assert!(says("opcode").contains("0x8E is BATCH_NORM_PARAM_LOAD2"));
    assert!(says("alu").contains("0x17 is ABSOLUTE_DIFF"));
}
