//! The four TensorTensor codecs the benchmarks compare — generated, hand-written, deku, binrw —
//! read and write the same bytes, refuse the same bundles, and the benchmark kernels count what
//! they should. The bench runs the same checks at start-up, before any timing.

#[path = "../benches/peers/mod.rs"]
mod peers;

use isa_bench::{hand, kernels, streams};
use isa_core::{AluOp, Bundle, Dtype};
use isa_ops::DECLARATIONS;
use isa_ops::dispatch::{BUNDLE_SIZE, Declaration};
use isa_ops::tensor_tensor::{TensorTensor, TtAlu, TtOpcode};
use peers::binrw_tt::BinrwTensorTensor;
use peers::deku_tt::DekuTensorTensor;

/// Seed 000 §2's add, out fp32 = in0 fp32 + in1 bf16 over 64 partitions, byte for byte.
#[rustfmt::skip]
const ADD_BYTES: [u8; 64] = [
    0x41, 0x10, 0x00, 0x00,                         // opcode, inst_word_len, reserved
    0, 0, 0, 0, 0, 0, 0, 0,                         // sync band
    0x6A,                                           // in0 fp32 0x0A | in1 bf16 0x06 << 4
    0x0A,                                           // out fp32
    0x04,                                           // alu add
    0x40,                                           // num_active_partitions 64
    0x00, 0x01, 0x04, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x08, 0x00,  0x01, 0x00, 0x00, 0x02, 0x01, 0x00,  0x80, 0x00, 0x04, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x0C, 0x00,  0xFF, 0xFF, 0x01, 0x00, 0x01, 0x00,  0x00, 0x02, 0x01, 0x00, 0x01, 0x00,
];

#[test]
fn the_seed_bundle_reads_the_same_through_every_codec() {
    let value = peers::agree(&ADD_BYTES).unwrap();
    assert_eq!(value.opcode, TtOpcode::Plain);
    assert_eq!(
        (value.in0_dtype, value.in1_dtype, value.out_dtype),
        (Dtype::Float32, Dtype::Bfloat16, Dtype::Float32)
    );
    assert_eq!(value.alu, TtAlu::Op(AluOp::Add));
    assert_eq!(value.num_active_partitions, 64);
    assert_eq!(value.out.addr.raw(), 0x0004_0100);
    assert_eq!(value.in1.strides, [-1, 1, 1]);
    assert_eq!(value.in1.nums, [512, 1, 1]);
}

#[test]
fn every_bundle_of_the_working_set_reads_and_writes_the_same_through_every_codec() {
    let samples = streams::tensor_tensor(streams::WORKING_SET);
    assert_eq!(samples.len(), 4096);
    for b in &samples {
        peers::agree(b).unwrap();
    }
}

/// The generated decoder's field for each refusal of the hand-written one.
fn field_of(e: hand::HandError) -> &'static str {
    match e {
        hand::HandError::Opcode(_) => "opcode",
        hand::HandError::WordLen(_) => "inst_word_len",
        hand::HandError::Reserved(_) => "reserved",
        hand::HandError::Dtype(field, _) => field,
        hand::HandError::Alu(_) => "alu",
        hand::HandError::NoWireForm(_) => "alu",
    }
}

#[test]
fn the_hand_written_decoder_refuses_what_the_generated_one_does_at_the_same_check() {
    // Every value of every header byte (0x00..0x10, where all the checks sit) of three working
    // set bundles and the seed's add: the two decoders accept the same and refuse at the same
    // field, in the layout's order.
    let samples = streams::tensor_tensor(3);
    let mut refused = 0;
    for base in samples.iter().chain([&ADD_BYTES]) {
        for at in 0..0x10 {
            for value in 0..=255u8 {
                let mut b = *base;
                b[at] = value;
                let generated = TensorTensor::decode_bytes(&b);
                let hand = hand::decode(&b);
                match (&generated, &hand) {
                    (Ok(g), Ok(h)) => assert_eq!(g, h, "{b:02x?}"),
                    (Err(g), Err(h)) => {
                        refused += 1;
                        assert_eq!(g.at.field, field_of(*h), "{b:02x?}");
                    }
                    _ => panic!("{b:02x?}: generated {generated:?}, hand-written {hand:?}"),
                }
            }
        }
    }
    // 252 opcodes, 255 lengths, 2 x 255 reserved, 2 x 241 + 1 dtype bytes, 222 ALU bytes, per
    // bundle, give or take the values the bundle's own other nibble makes valid.
    assert!(refused > 4 * 1500, "{refused}");
}

#[test]
fn the_hand_written_encoder_refuses_the_alu_ops_the_generated_one_does() {
    let mut value = TensorTensor::decode_bytes(&ADD_BYTES).unwrap();
    let mut refused = Vec::new();
    for &op in AluOp::ALL {
        value.alu = TtAlu::Op(op);
        let (mut g, mut h) = ([0u8; 64], [0u8; 64]);
        let generated = value.encode_into(&mut g);
        let hand = hand::encode(&value, &mut h);
        assert_eq!(generated.is_ok(), hand.is_ok(), "{op:?}");
        match hand {
            Ok(()) => assert_eq!(g, h, "{op:?}"),
            Err(e) => {
                assert_eq!(e, hand::HandError::NoWireForm(op));
                refused.push(op);
            }
        }
    }
    // Seed 001: five ALU ops have no CoreV2 byte.
    assert_eq!(
        refused,
        [
            AluOp::Average,
            AluOp::ElemwiseMul,
            AluOp::AbsMax,
            AluOp::AbsMin,
            AluOp::ModInt
        ]
    );
}

#[test]
fn every_codec_refuses_each_broken_bundle() {
    let broken = peers::broken(&ADD_BYTES);
    assert_eq!(broken.len(), 11);
    for b in &broken {
        peers::all_refuse(b).unwrap();
    }
    // The generated decoder says which check failed, in the layout's order.
    let fields: Vec<&str> = broken
        .iter()
        .map(|b| TensorTensor::decode_bytes(b).unwrap_err().at.field)
        .collect();
    assert_eq!(
        fields,
        [
            "opcode",
            "opcode",
            "inst_word_len",
            "reserved",
            "reserved",
            "in0_dtype",
            "in1_dtype",
            "out_dtype",
            "out_dtype",
            "alu",
            "alu"
        ]
    );
}

#[test]
fn every_codec_refuses_an_alu_op_without_a_corev2_byte() {
    let mut value = TensorTensor::decode_bytes(&ADD_BYTES).unwrap();
    value.alu = TtAlu::Op(AluOp::Average);
    let mut out = [0u8; 64];
    let err = value.encode_into(&mut out).unwrap_err();
    assert_eq!((err.at.field, err.at.offset), ("alu", 0x0E));
    assert_eq!(
        hand::encode(&value, &mut out),
        Err(hand::HandError::NoWireForm(AluOp::Average))
    );
    assert!(DekuTensorTensor::from(&value).encode(&mut out).is_err());
    assert!(BinrwTensorTensor::from(&value).encode(&mut out).is_err());
}

#[test]
fn the_kernels_count_and_sum_what_they_read() {
    let decl = Declaration::of::<TensorTensor>();
    let bundles = streams::of(&decl, 100, 11);
    let bytes: Vec<u8> = bundles.iter().flatten().copied().collect();
    let wires = kernels::wires(&bytes);
    assert_eq!(wires.len(), 100);
    assert_eq!(kernels::decode_generated(wires), 100);
    assert_eq!(kernels::decode_hand(&bundles), 100);
    assert_eq!(kernels::decode_any_all(&bytes), 100);
    let (ok, _findings) = kernels::validate_all(&bytes);
    assert_eq!(ok, 100);
    // The scan reads bytes 0x0F (num_active_partitions) and 0x0D (out dtype) of every bundle.
    let scanned: u64 = bundles
        .iter()
        .map(|b| u64::from(b[0x0F]) + u64::from(b[0x0D]))
        .sum();
    assert_eq!(kernels::scan(&bytes), scanned);
    let words: u64 = bytes
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().unwrap()))
        .fold(0, u64::wrapping_add);
    assert_eq!(kernels::raw_read(&bytes), words);
    // A trailing partial bundle is left out of the view.
    assert_eq!(kernels::wires(&bytes[..64 * 3 + 10]).len(), 3);

    let values: Vec<TensorTensor> = bundles
        .iter()
        .map(|b| TensorTensor::decode_bytes(b).unwrap())
        .collect();
    let mut out = vec![[0u8; BUNDLE_SIZE]; 100];
    assert_eq!(kernels::encode_generated(&values, &mut out), 100);
    assert_eq!(out, bundles);
    out.fill([0; BUNDLE_SIZE]);
    assert_eq!(kernels::encode_hand(&values, &mut out), 100);
    assert_eq!(out, bundles);
}

#[test]
fn the_mixed_stream_holds_every_declared_op_and_decodes_whole() {
    let stream = streams::mixed(DECLARATIONS, 1000, 3);
    assert_eq!(stream.len(), 1000);
    assert_eq!(stream.census.len(), DECLARATIONS.len());
    assert_eq!(stream.census.iter().map(|(_, n)| n).sum::<usize>(), 1000);
    for (decl, (name, n)) in DECLARATIONS.iter().zip(&stream.census) {
        assert_eq!(decl.name, *name);
        assert!(*n >= 1000 / DECLARATIONS.len());
    }
    assert_eq!(kernels::decode_any_all(&stream.bytes), 1000);
    assert_eq!(kernels::decode_any_batch(&stream.bytes), 1000);
    let sorted = stream.sorted_by_opcode();
    assert!(sorted.bundles().windows(2).all(|w| w[0][0] <= w[1][0]));
    assert_eq!(kernels::decode_any_batch(&sorted.bytes), 1000);
    // A bundle no op claims is counted out, not lost.
    let mut broken = stream.bytes.clone();
    broken[64 * 10] = 0x00;
    assert_eq!(kernels::decode_any_batch(&broken), 999);
}

#[test]
fn the_hand_written_expansion_behaves_as_the_derive() {
    use isa_compile_derived::tt01::TensorTensor as Derived;
    use isa_compile_hand::tt01::TensorTensor as Hand;
    assert_eq!(Derived::FIELDS, Hand::FIELDS);
    assert_eq!(Derived::SIZE, Hand::SIZE);
    let decl = Declaration::of::<TensorTensor>();
    for b in streams::of(&decl, 500, 5)
        .iter()
        .chain(&peers::broken(&ADD_BYTES))
    {
        let (derived, hand) = (Derived::decode_bytes(b), Hand::decode_bytes(b));
        assert_eq!(format!("{derived:?}"), format!("{hand:?}"));
        if let (Ok(d), Ok(h)) = (derived, hand) {
            assert_eq!(d.to_bytes().unwrap(), b);
            assert_eq!(h.to_bytes().unwrap(), b);
        }
    }
}
