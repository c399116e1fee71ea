//! Views check identity: `Bundle::view` refuses another op's bytes at its opcode byte or
//! identity word, `view_slice` reads a buffer of one op's bundles in place and refuses the
//! first that is not, at its offset in the buffer. The bundles are real ones: those of the
//! example kernel (`examples/kernel.bin`, a masked softmax), of the saved stream of sampled
//! bundles of every op (`tests/data/every_op.bin`) and of the TSHUF example blocks
//! (`examples/tshuf.words`, seed 004).

use isa::core::{Bundle, Identity, Problem, SyncBand};
use isa::ops::memset::Memset;
use isa::ops::pto::words::BstartTepl;
use isa::ops::tensor_tensor::TensorTensor;

const KERNEL: &[u8] = include_bytes!("../../examples/kernel.bin");
const EVERY_OP: &[u8] = include_bytes!("../data/every_op.bin");
const TSHUF_WORDS: &[u8] = include_bytes!("../../examples/tshuf.words");

/// Bundle `index` of the example kernel.
fn kernel_bundle(index: usize) -> &'static [u8] {
    &KERNEL[index * 64..(index + 1) * 64]
}

/// The kernel's Memset (bundle 0, opcode 0x49, a const fill) and the every-op stream's
/// TensorTensor (bundle 4, opcode 0x41).
fn memset() -> &'static [u8] {
    let bytes = kernel_bundle(0);
    assert_eq!(bytes[0], 0x49);
    bytes
}

fn tensor_tensor() -> &'static [u8] {
    let bytes = &EVERY_OP[4 * 64..5 * 64];
    assert_eq!(bytes[0], 0x41);
    bytes
}

/// Word `index` of the TSHUF example stream.
fn tshuf_word(index: usize) -> &'static [u8] {
    &TSHUF_WORDS[index * 4..(index + 1) * 4]
}

#[test]
fn a_view_of_the_right_op_reads_in_place() {
    let view = TensorTensor::view(tensor_tensor()).unwrap();
    assert_eq!(view.opcode_byte(), 0x41);
    assert_eq!(Memset::view(memset()).unwrap().opcode_byte(), 0x49);
}

#[test]
fn a_memset_viewed_as_tensor_tensor_is_refused_at_its_opcode() {
    // Seed 000 §2: TensorTensor is 0x41 / 0x51 / 0x8A / 0x8E; §5: a const Memset is 0x49.
    assert_eq!(
        TensorTensor::IDENTITY,
        Identity::Opcodes(&[0x41, 0x51, 0x8A, 0x8E])
    );
    let e = TensorTensor::view(memset()).unwrap_err();
    assert_eq!(
        (e.at.op, e.at.field, e.at.offset),
        ("TensorTensor", "opcode", 0)
    );
    assert_eq!(
        e.problem,
        Problem::UnknownOpcode {
            opcode: 0x49,
            expected: &[0x41, 0x51, 0x8A, 0x8E]
        }
    );
    assert_eq!(
        e.to_string(),
        "cannot decode TensorTensor: field `opcode` at byte 0x00: opcode 0x49 is not one of \
         [0x41, 0x51, 0x8a, 0x8e]"
    );
    // Decode gives the same error.
    assert_eq!(TensorTensor::decode_bytes(memset()).unwrap_err(), e);
    // The other way round too.
    let e = Memset::view(tensor_tensor()).unwrap_err();
    assert_eq!(
        (e.at.field, e.at.offset, e.problem),
        (
            "opcode",
            0,
            Problem::UnknownOpcode {
                opcode: 0x41,
                expected: &[0x49, 0x4D]
            }
        )
    );
}

#[test]
fn the_length_is_checked_before_the_identity() {
    let e = TensorTensor::view(&memset()[..20]).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::Truncated {
            needed: 64,
            available: 20
        }
    );
}

#[test]
fn a_buffer_of_three_tensor_tensor_bundles_views_as_three_wires() {
    let buffer = [tensor_tensor(), tensor_tensor(), tensor_tensor()].concat();
    let wires = TensorTensor::view_slice(&buffer).unwrap();
    assert_eq!(wires.len(), 3);
    for wire in wires {
        assert_eq!(wire.opcode_byte(), 0x41);
        assert!(TensorTensor::decode(wire).is_ok());
    }
    assert_eq!(TensorTensor::view_slice(&[]).unwrap().len(), 0);
}

#[test]
fn a_buffer_whose_second_bundle_is_a_memset_is_refused_at_byte_0x40() {
    let buffer = [tensor_tensor(), memset(), tensor_tensor()].concat();
    let e = TensorTensor::view_slice(&buffer).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("opcode", 0x40));
    assert_eq!(e.at.offset / TensorTensor::SIZE, 1); // the bundle's index
    assert!(matches!(
        e.problem,
        Problem::UnknownOpcode { opcode: 0x49, .. }
    ));

    // One view at a time: every bundle's view or error.
    let each: Vec<_> = TensorTensor::view_each(&buffer).collect();
    assert_eq!(each.len(), 3);
    assert!(each[0].is_ok() && each[2].is_ok());
    assert_eq!(each[1], Err(e));
}

#[test]
fn trailing_bytes_are_refused_where_they_start() {
    let mut buffer = [tensor_tensor(), tensor_tensor()].concat();
    buffer.extend_from_slice(&[0x41; 5]);
    let e = TensorTensor::view_slice(&buffer).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("bundle", 0x80));
    assert_eq!(
        e.problem,
        Problem::Truncated {
            needed: 64,
            available: 5
        }
    );
    let each: Vec<_> = TensorTensor::view_each(&buffer).collect();
    assert_eq!(each.len(), 3);
    assert_eq!(each[2], Err(e));
}

#[test]
fn a_pto_word_whose_identity_bits_differ_is_refused() {
    // Seed 004: BSTART.TEPL is word & 0x000FFFFF == 0x00019181.
    assert_eq!(
        BstartTepl::IDENTITY,
        Identity::MaskMatch {
            mask: 0x000F_FFFF,
            value: 0x0001_9181
        }
    );
    let bstart = tshuf_word(0);
    assert!(BstartTepl::view(bstart).is_ok());

    let other = tshuf_word(1); // B.DATR
    let e = BstartTepl::view(other).unwrap_err();
    let word = u32::from_le_bytes(other.try_into().unwrap());
    assert_eq!((e.at.field, e.at.offset), ("identity", 0));
    assert_eq!(
        e.problem,
        Problem::IdentityMismatch {
            word,
            mask: 0x000F_FFFF,
            expected: 0x0001_9181
        }
    );
    // A single bit of the identity off.
    let e = BstartTepl::view(&0x0001_9180u32.to_le_bytes()).unwrap_err();
    assert!(matches!(
        e.problem,
        Problem::IdentityMismatch {
            word: 0x0001_9180,
            ..
        }
    ));
}

#[test]
fn a_stream_of_pto_words_views_as_one_word_type_up_to_the_first_other() {
    // The three TSHUF blocks of the example each start with a BSTART word: 0, 5 and 11.
    let starts = [tshuf_word(0), tshuf_word(5), tshuf_word(11)].concat();
    assert_eq!(BstartTepl::view_slice(&starts).unwrap().len(), 3);
    // The whole stream: the second word is a B.DATR, at byte 4.
    let e = BstartTepl::view_slice(TSHUF_WORDS).unwrap_err();
    assert_eq!((e.at.field, e.at.offset), ("identity", 4));
    let refused = BstartTepl::view_each(TSHUF_WORDS)
        .filter(Result::is_err)
        .count();
    assert_eq!(refused, TSHUF_WORDS.len() / 4 - 3);
}

#[test]
fn a_nested_layout_has_no_identity_to_check() {
    let bytes = [0xFFu8; 16];
    assert!(SyncBand::view(&bytes).is_ok());
    assert_eq!(SyncBand::view_slice(&bytes).unwrap().len(), 2);
}
