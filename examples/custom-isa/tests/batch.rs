//! The batch decoder every family gets ([`Family::decode_batch`]) on the custom ISA: every
//! bundle of a stream reaches the visitor once, with its offset, decoded exactly as
//! [`Family::decode`] decodes it alone; undecodable bundles and trailing bytes are reported, not
//! dropped.

use std::path::Path;

use custom_isa::{BScale, CustomOp, CustomWord};
use isa::core::{DecodeError, Family, Problem, family::CHUNK};
use isa::ops::Op;
use isa::ops::pto::Gpr;

fn mixed() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("mixed.bin"))
        .expect("mixed.bin is checked in")
}

/// What the visitor was shown: every offset and result, in the order shown.
type Seen<F> = Vec<(usize, Result<F, DecodeError>)>;

/// Every `(offset, result)` `decode_batch` hands over, in the order it hands them, and its
/// trailing report.
fn batch<F: Family>(stream: &[u8]) -> (Seen<F>, Option<usize>) {
    let mut seen = Vec::new();
    let trailing = F::decode_batch(stream, |offset, r| seen.push((offset, r.clone())));
    (seen, trailing.map(|t| t.offset))
}

/// The batch's results in stream order equal `F::decode` of each member alone, and every offset
/// comes exactly once.
fn matches_one_by_one<F: Family + PartialEq>(stream: &[u8], mut seen: Seen<F>) {
    seen.sort_by_key(|(offset, _)| *offset);
    let offsets: Vec<usize> = seen.iter().map(|(o, _)| *o).collect();
    let expected: Vec<usize> = (0..stream.len() / F::WIDTH).map(|i| i * F::WIDTH).collect();
    assert_eq!(offsets, expected);
    for (offset, r) in seen {
        assert_eq!(r, F::decode(&stream[offset..]), "at {offset:#x}");
    }
}

#[test]
fn the_checked_in_stream_decodes_whole_grouped_by_member() {
    let stream = mixed();
    let (seen, trailing) = batch::<CustomOp>(&stream);
    assert_eq!(trailing, None);
    assert_eq!(seen.len(), 12);
    // Grouped by member in declaration order: the built-in ops (Memset at 0x000, TensorTensor
    // at 0x140, ...) come before the custom TensorMax (0x0C0) and TensorClamp (0x200).
    let names: Vec<(usize, &str)> = seen
        .iter()
        .map(|(o, r)| (*o, r.as_ref().expect("every bundle decodes").name()))
        .collect();
    let at = |offset| names.iter().position(|(o, _)| *o == offset).unwrap();
    assert_eq!(names[at(0x000)].1, "Memset");
    assert_eq!(names[at(0x0C0)].1, "TensorMax");
    assert_eq!(names[at(0x140)].1, "TensorTensor");
    assert_eq!(names[at(0x200)].1, "TensorClamp");
    assert!(at(0x140) < at(0x0C0) && at(0x0C0) < at(0x200));
    assert!(matches!(
        seen[at(0x140)].1,
        Ok(CustomOp::Builtin(Op::TensorTensor(_)))
    ));
    matches_one_by_one(&stream, seen);
}

#[test]
fn undecodable_bundles_and_trailing_bytes_are_reported_at_their_offsets() {
    let mut stream = mixed();
    // Opcode 0x00 is no op's; a TensorMax with a reserved byte set fails its own check.
    stream[0x40] = 0x00;
    stream[0xC0 + 0x02] = 0x01;
    stream.extend_from_slice(&[0x60, 0x10, 0x00]);
    let (seen, trailing) = batch::<CustomOp>(&stream);
    assert_eq!(trailing, Some(0x300));
    let error = |offset| {
        seen.iter()
            .find(|(o, _)| *o == offset)
            .and_then(|(_, r)| r.as_ref().err())
            .map(|e| (e.at.field, e.problem))
    };
    assert!(matches!(
        error(0x40),
        Some(("opcode", Problem::UnknownOpcode { opcode: 0, .. }))
    ));
    assert!(matches!(
        error(0xC0),
        Some((_, Problem::ReservedNonZero { .. }))
    ));
    assert_eq!(seen.iter().filter(|(_, r)| r.is_err()).count(), 2);
    matches_one_by_one(&stream[..0x300], seen);
}

#[test]
fn a_stream_of_many_chunks_decodes_whole_shuffled_or_in_runs() {
    let one = mixed();
    let bundles: Vec<&[u8]> = one.chunks_exact(64).collect();
    // Past two chunks: the bundles interleaved (a member change at every bundle), then the same
    // bundles in long runs of one opcode each.
    let n = 2 * CHUNK + 100;
    let shuffled: Vec<u8> = (0..n)
        .flat_map(|i| bundles[(i * 7) % bundles.len()].to_vec())
        .collect();
    let mut runs: Vec<&[u8]> = shuffled.chunks_exact(64).collect();
    runs.sort_by_key(|b| b[0]);
    let runs: Vec<u8> = runs.concat();
    for stream in [&shuffled, &runs] {
        let (seen, trailing) = batch::<CustomOp>(stream);
        assert_eq!(trailing, None);
        assert_eq!(seen.len(), n);
        assert!(seen.iter().all(|(_, r)| r.is_ok()));
        matches_one_by_one(stream, seen);
    }
    // In runs, the visitor sees the stream in its own order.
    let (seen, _) = batch::<CustomOp>(&runs);
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0));
}

#[test]
fn a_word_family_gets_the_batch_decoder_too() {
    // SPEC-NOTES §3: B.STOP is the word 0x00000001; the custom B.SCALE of 0x1ABCD is 0xBCD05D43.
    let scale = CustomWord::Scale(BScale {
        imm: 0x1_ABCD,
        reg: Gpr::Zero,
    });
    let mut stream = Vec::new();
    for w in [1u32, 0xBCD0_5D43, 1, 0xFFFF_FFFF] {
        stream.extend_from_slice(&w.to_le_bytes());
    }
    stream.push(0xAA);
    let (seen, trailing) = batch::<CustomWord>(&stream);
    assert_eq!(trailing, Some(16));
    assert_eq!(seen.len(), 4);
    let scale_at = seen.iter().find(|(o, _)| *o == 4).map(|(_, r)| r.clone());
    assert_eq!(scale_at, Some(Ok(scale)));
    matches_one_by_one(&stream[..16], seen);
}

/// A member as `visit_batch` showed it: its member index, its type's name, and whether that
/// type's own decoder takes its bytes.
type Member = (usize, &'static str, bool, bool);

/// What `visit_batch` showed: each offset, with the member there or `None` for unclaimed bytes.
#[derive(Default)]
struct Shown(Vec<(usize, Option<Member>)>);

impl isa::core::BatchVisitor for Shown {
    fn member<B: isa::core::Bundle>(&mut self, member: usize, offset: usize, bytes: &[u8]) {
        let decodes = B::view_prefix(bytes).and_then(B::decode).is_ok();
        let fixed = B::view_prefix(bytes).is_ok_and(B::fixed_ok);
        self.0
            .push((offset, Some((member, B::NAME, decodes, fixed))));
    }

    fn unclaimed(&mut self, offset: usize) {
        self.0.push((offset, None));
    }
}

/// `visit_batch` shows each member where `decode_batch` shows it, in the same order, with the
/// type its identity names (the declaration at its member index) and that type's decoder
/// deciding as the family's does.
fn visits_as_it_decodes<F: Family>(stream: &[u8]) -> Shown {
    let mut shown = Shown::default();
    let trailing = F::visit_batch(stream, &mut shown);
    let (decoded, decoded_trailing) = batch::<F>(stream);
    assert_eq!(trailing.map(|t| t.offset), decoded_trailing);
    let shown_at: Vec<usize> = shown.0.iter().map(|(o, _)| *o).collect();
    let decoded_at: Vec<usize> = decoded.iter().map(|(o, _)| *o).collect();
    assert_eq!(shown_at, decoded_at);
    for ((offset, shown), (_, decoded)) in shown.0.iter().zip(&decoded) {
        let bytes = &stream[*offset..];
        match (shown, F::member_index(bytes)) {
            (Some((member, name, decodes, fixed)), Some(m)) => {
                assert_eq!(
                    (*member, *name),
                    (m, F::DECLARATIONS[m].name),
                    "at {offset:#x}"
                );
                assert_eq!(*decodes, decoded.is_ok(), "at {offset:#x}");
                assert!(*fixed || !*decodes, "at {offset:#x}");
            }
            (None, None) => assert!(decoded.is_err()),
            (shown, m) => panic!("at {offset:#x}: shown {shown:?}, member {m:?}"),
        }
    }
    let mut grouped = Grouped::default();
    F::visit_batch(stream, &mut grouped);
    let claimed: Vec<(usize, &str)> = (shown.0.iter())
        .filter_map(|(offset, s)| Some((*offset, s.as_ref()?.1)))
        .collect();
    assert_eq!(grouped.0, claimed);
    shown
}

/// What `visit_batch` hands a visitor that takes each group whole: each claimed member's offset
/// and type name.
#[derive(Default)]
struct Grouped(Vec<(usize, &'static str)>);

impl isa::core::BatchVisitor for Grouped {
    fn member<B: isa::core::Bundle>(&mut self, _: usize, _: usize, _: &[u8]) {
        unreachable!("every group is taken whole");
    }

    fn group<'a, B: isa::core::Bundle>(
        &mut self,
        _: usize,
        bundles: impl Iterator<Item = (usize, &'a [u8])>,
    ) {
        self.0.extend(bundles.map(|(offset, _)| (offset, B::NAME)));
    }

    fn unclaimed(&mut self, _: usize) {}
}

#[test]
fn visit_batch_shows_each_member_with_its_type_where_decode_batch_decodes_it() {
    let one = mixed();
    let bundles: Vec<&[u8]> = one.chunks_exact(64).collect();
    let mut shuffled: Vec<u8> = (0..2 * CHUNK + 100)
        .flat_map(|i| bundles[(i * 7) % bundles.len()].to_vec())
        .collect();
    // An unclaimed opcode, every TensorMax failing its own check, and trailing bytes.
    shuffled[0x40] = 0x00;
    for bundle in shuffled.chunks_exact_mut(64) {
        if CustomOp::decode(bundle).is_ok_and(|op| op.name() == "TensorMax") {
            bundle[0x02] = 0x01;
        }
    }
    shuffled.extend_from_slice(&[0x60, 0x10, 0x00]);
    let mut runs: Vec<&[u8]> = shuffled.chunks_exact(64).collect();
    runs.sort_by_key(|b| b[0]);
    let shown = visits_as_it_decodes::<CustomOp>(&shuffled);
    assert_eq!(shown.0.iter().filter(|(_, s)| s.is_none()).count(), 1);
    let refused = shown
        .0
        .iter()
        .filter(|(_, s)| matches!(s, Some((_, _, false, false))));
    assert!(
        refused.count() > 1,
        "every TensorMax fails its reserved-byte check"
    );
    visits_as_it_decodes::<CustomOp>(&runs.concat());
    let mut words = Vec::new();
    for w in [1u32, 0xBCD0_5D43, 1, 0xFFFF_FFFF] {
        words.extend_from_slice(&w.to_le_bytes());
    }
    words.push(0xAA);
    let shown = visits_as_it_decodes::<CustomWord>(&words);
    assert_eq!(shown.0.iter().filter(|(_, s)| s.is_none()).count(), 1);
}
