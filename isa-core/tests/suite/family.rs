//! The family machinery on a family of its own: three tiny bundles, a family that extends it, and
//! a word family. Identity collisions, the opcode table, the batch decoder against one-at-a-time
//! decoding on every shape of stream, the walker, the errors for unknown and short input, and the
//! serde form (tag first or late, unknown or missing tag).

use isa_core::family::serde_form::{Buffered, BufferedDeserializer, serialize_tagged};
use isa_core::family::{
    BatchVisitor, CHUNK, Trailing, check_members, concat, identities_collide, known_opcodes,
    opcode_table,
};
use isa_core::render::{RenderError, json_member, text_member};
use isa_core::visit::FieldOrder;
use isa_core::{
    Confidence, Declaration, DecodeError, Dtype, Family, Finding, Findings, Identity, Problem,
    Rule, SyncBand, Tensor2d, Validate, dtype_v2, family, reason,
};
use isa_derive::Bundle;
use proptest::prelude::*;
use serde::de::IntoDeserializer;
use serde::de::value::{BytesDeserializer, Error as ValueError, I64Deserializer, I128Deserializer};
use serde::{Deserialize, Serialize};

/// Two opcodes, an enumeration whose byte can be undecodable, a flag, a nested band and a
/// descriptor.
#[derive(Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[bundle(size = 64, opcodes = [0x10, 0x11])]
pub struct Alpha {
    #[field(opcode)]
    opcode: u8,
    #[field(offset = 0x04)]
    sync: SyncBand,
    #[field(offset = 0x0C, lut = dtype_v2)]
    dtype: Dtype,
    #[field(offset = 0x0D)]
    flag: bool,
    #[field(offset = 0x10)]
    ap: Tensor2d,
}
impl Validate for Alpha {}

/// One opcode, a byte and opaque bytes.
#[derive(Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[bundle(size = 64, opcodes = [0x20])]
pub struct Beta {
    #[field(offset = 0x0C)]
    value: u8,
    #[field(offset = 0x10)]
    body: [u8; 4],
}
impl Validate for Beta {}

/// Two opcodes far apart, one of them below every other member's.
#[derive(Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[bundle(size = 64, opcodes = [0x05, 0x30])]
pub struct Gamma {
    #[field(opcode)]
    opcode: u8,
    #[field(offset = 0x0E)]
    count: u16,
}
/// The test family's one rule: a [`Gamma`]'s count is not zero.
const GAMMA_COUNT: Rule = Rule {
    name: "gamma_count_nonzero",
    confidence: Confidence::Confirmed,
    source: "this test's own rule",
};

impl Validate for Gamma {
    fn check(&self, out: &mut Findings) {
        if self.count == 0 {
            out.push(Finding::new(
                &GAMMA_COUNT,
                "count",
                0x0E,
                reason!("the count is 0"),
            ));
        }
    }
}

/// The member a family extending [`Tiny`] adds.
#[derive(Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[bundle(size = 64, opcodes = [0x40])]
pub struct Delta {
    #[field(offset = 0x0C)]
    value: u8,
}
impl Validate for Delta {}

/// A word of the form `…0010011`.
#[derive(Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[bundle(size = 4, mask = 0x0000_007F, match = 0x0000_0013, name = "W.A")]
pub struct WordA {
    #[field(bits = 7..=31)]
    imm: u32,
}
impl Validate for WordA {}

/// A word of the form `…001……0110011`.
#[derive(Bundle, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[bundle(size = 4, mask = 0x0000_707F, match = 0x0000_1033, name = "W.B")]
pub struct WordB {
    #[field(bits = 15..=31)]
    imm: u32,
    #[field(bits = 7..=11)]
    rd: u8,
}
impl Validate for WordB {}

family! {
    /// The tiny bundle family.
    pub enum Tiny(view TinyView, kind TinyKind, tag "op") {
        /// Two opcodes.
        Alpha(Alpha),
        /// One opcode.
        Beta(Beta),
        /// Two opcodes far apart.
        Gamma(Gamma),
    }
}

family! {
    /// [`Tiny`] and one more member.
    pub enum Wider(view WiderView, tag "op", extends Tiny as Base) {
        /// The added member.
        Delta(Delta),
    }
}

family! {
    /// The tiny word family.
    pub enum Words(view WordsView, tag "word") {
        /// `…0010011`.
        A(WordA),
        /// `…001……0110011`.
        B(WordB),
    }
}

/// An opcode no member of [`Tiny`] or [`Wider`] claims.
const UNCLAIMED: u8 = 0xEE;

/// What a test stream is made of.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Piece {
    A,
    B,
    G,
    /// Bytes whose opcode no member claims.
    Unknown,
    /// An [`Alpha`] with a reserved byte set: a member's opcode, and still no member.
    Reserved,
    /// [`Wider`]'s own member.
    D,
}

/// The bundle for `piece` at index `i` of a stream; its fields follow `i`, so no two bundles
/// of a stream are alike.
fn bundle(piece: Piece, i: usize) -> [u8; 64] {
    let small = i as u8;
    let value: Tiny = match piece {
        Piece::A | Piece::Reserved => Tiny::Alpha(Alpha {
            opcode: [0x10, 0x11][i % 2],
            sync: SyncBand {
                value: i as u32,
                ..SyncBand::default()
            },
            dtype: Dtype::Float32,
            flag: i.is_multiple_of(3),
            ap: Tensor2d::unit(Default::default()),
        }),
        Piece::B => Tiny::Beta(Beta {
            value: small,
            body: [small, 1, 2, 3],
        }),
        Piece::G => Tiny::Gamma(Gamma {
            opcode: [0x05, 0x30][i % 2],
            count: i as u16,
        }),
        Piece::Unknown => return [UNCLAIMED; 64],
        Piece::D => {
            let mut out = [0u8; 64];
            Wider::Delta(Delta { value: small })
                .encode_into(&mut out)
                .unwrap();
            return out;
        }
    };
    let mut out = value.to_bytes().unwrap();
    if piece == Piece::Reserved {
        out[0x3F] = 1;
    }
    out
}

/// The stream of `pieces`, in order.
fn stream(pieces: &[Piece]) -> Vec<u8> {
    pieces
        .iter()
        .enumerate()
        .flat_map(|(i, &p)| bundle(p, i))
        .collect()
}

/// What [`Family::decode_batch`] hands its visitor, in the order it does.
type Visits<F> = Vec<(usize, Result<F, DecodeError>)>;

/// Runs [`Family::decode_batch`] on `bytes` and checks it against decoding one member at a
/// time: every whole member visited exactly once, at its offset, with what `F::decode` gives
/// for its bytes, and the bytes past the last whole member reported as trailing.
fn batch<F: Family + PartialEq>(bytes: &[u8]) -> Visits<F> {
    let width = F::WIDTH;
    let mut visits = Vec::new();
    let trailing = F::decode_batch(bytes, |offset, result| {
        visits.push((offset, result.clone()));
    });
    let whole = bytes.len() / width;
    let mut offsets: Vec<usize> = visits.iter().map(|(offset, _)| *offset).collect();
    offsets.sort_unstable();
    let every: Vec<usize> = (0..whole).map(|i| i * width).collect();
    assert_eq!(offsets, every, "every member exactly once");
    for (offset, result) in &visits {
        assert_eq!(
            result,
            &F::decode(&bytes[*offset..*offset + width]),
            "at {offset:#x}"
        );
    }
    let rest = bytes.len() % width;
    let what = if F::WORDS { "word" } else { "bundle" };
    let expected = (rest != 0).then_some(Trailing {
        offset: whole * width,
        len: rest,
        width,
        what,
    });
    assert_eq!(trailing, expected);
    visits
}

/// The index of the member of `F` whose identity `bytes` carry, found by the declarations'
/// own `matches` (not the dispatch table); one past the last member for none.
fn member_of<F: Family>(bytes: &[u8]) -> usize {
    F::DECLARATIONS
        .iter()
        .position(|d| d.matches(bytes))
        .unwrap_or(F::DECLARATIONS.len())
}

/// The offsets in the order `decode_batch` documents, chunk by chunk: in a bundle family, a
/// chunk's members in stream order up to the end of its first short run (fewer than 16 members
/// of one member, neither the chunk's first run nor its last; to its end if there is none), the
/// rest grouped by member in declaration order (unclaimed last), each group in stream order;
/// in a word family, every chunk grouped.
fn documented<F: Family>(bytes: &[u8]) -> Vec<usize> {
    let width = F::WIDTH;
    let whole = bytes.len() / width;
    let mut out = Vec::new();
    for start in (0..whole).step_by(CHUNK) {
        let chunk: Vec<usize> = (start..whole.min(start + CHUNK)).collect();
        let member = |i: usize| member_of::<F>(&bytes[i * width..]);
        let mut starts: Vec<usize> = (1..chunk.len())
            .filter(|&k| member(chunk[k - 1]) != member(chunk[k]))
            .collect();
        starts.insert(0, 0);
        let ends = starts.iter().skip(1).copied().chain([chunk.len()]);
        let short = starts
            .iter()
            .zip(ends)
            .find(|&(&from, end)| end - from < 16 && from > 0 && end < chunk.len());
        let in_runs = match short {
            _ if F::WORDS => 0,
            Some((_, end)) => end,
            None => chunk.len(),
        };
        let (runs, rest) = chunk.split_at(in_runs);
        let mut rest = rest.to_vec();
        rest.sort_by_key(|&i| member(i));
        out.extend(runs.iter().chain(&rest).map(|&i| i * width));
    }
    out
}

/// The offsets of `visits`, in visiting order.
fn order<F>(visits: &Visits<F>) -> Vec<usize> {
    visits.iter().map(|(offset, _)| *offset).collect()
}

/// Asserts that `visits` of the 64-byte members of `bytes` came in the order of the member
/// indices `expected`, written out, which is also the order [`documented`] gives.
fn assert_visited_in(visits: &Visits<Tiny>, bytes: &[u8], expected: impl Iterator<Item = usize>) {
    let expected: Vec<usize> = expected.map(|i| i * 64).collect();
    assert_eq!(order(visits), expected);
    assert_eq!(order(visits), documented::<Tiny>(bytes));
}

/// The offsets of a stream of `n` members of width `width`, in stream order.
fn in_stream_order(n: usize, width: usize) -> Vec<usize> {
    (0..n).map(|i| i * width).collect()
}

/// A reproducible shuffle of `pieces` (xorshift, Fisher-Yates).
fn shuffled(mut pieces: Vec<Piece>, mut seed: u64) -> Vec<Piece> {
    for i in (1..pieces.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        pieces.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    pieces
}

#[test]
fn a_stream_of_one_member_is_visited_in_stream_order() {
    let pieces = vec![Piece::A; 100];
    let bytes = stream(&pieces);
    let visits = batch::<Tiny>(&bytes);
    assert_eq!(order(&visits), in_stream_order(100, 64));
    assert!(visits.iter().all(|(_, r)| matches!(r, Ok(Tiny::Alpha(_)))));
}

#[test]
fn an_alternating_stream_is_visited_grouped_by_member_after_its_first_short_run() {
    let pieces: Vec<Piece> = (0..100).map(|i| [Piece::A, Piece::B][i % 2]).collect();
    let bytes = stream(&pieces);
    let visits = batch::<Tiny>(&bytes);
    // The first run, member 0, may go on from the chunk before; the second, member 1, is
    // short: the rest is grouped.
    let expected = (0..2).chain((2..100).step_by(2)).chain((3..100).step_by(2));
    assert_visited_in(&visits, &bytes, expected);
}

#[test]
fn a_shuffled_stream_over_several_chunks_loses_no_group() {
    let mut pieces = Vec::new();
    for (piece, n) in [
        (Piece::A, 3000),
        (Piece::B, 2500),
        (Piece::G, 2000),
        (Piece::Unknown, 700),
        (Piece::Reserved, 500),
    ] {
        pieces.extend(std::iter::repeat_n(piece, n));
    }
    let pieces = shuffled(pieces, 0x9E37_79B9_7F4A_7C15);
    let bytes = stream(&pieces);
    let visits = batch::<Tiny>(&bytes);
    assert_eq!(order(&visits), documented::<Tiny>(&bytes));
    let refused = visits.iter().filter(|(_, r)| r.is_err()).count();
    assert_eq!(refused, 1200);
}

#[test]
fn a_sorted_stream_of_long_runs_is_visited_in_stream_order() {
    let mut pieces = vec![Piece::A; 2000];
    pieces.extend([Piece::B; 1500]);
    pieces.extend([Piece::G; 500]);
    pieces.extend([Piece::A; 96]);
    let bytes = stream(&pieces);
    let visits = batch::<Tiny>(&bytes);
    assert_eq!(order(&visits), in_stream_order(pieces.len(), 64));
}

#[test]
fn a_chunk_of_runs_of_16_is_in_stream_order_and_a_run_of_15_ends_it() {
    let runs = |lengths: &[usize]| -> Vec<Piece> {
        let pieces = lengths.iter().enumerate();
        pieces
            .flat_map(|(k, &n)| std::iter::repeat_n([Piece::A, Piece::B, Piece::G][k % 3], n))
            .collect()
    };
    // Short runs at either end of the chunk may go on beside it: only inner runs count.
    let sixteens = stream(&runs(&[5, 16, 16, 16, 3]));
    assert_eq!(order(&batch::<Tiny>(&sixteens)), in_stream_order(56, 64));
    let fifteen = runs(&[5, 16, 15, 16, 3, 1, 2]);
    let bytes = stream(&fifteen);
    let visits = batch::<Tiny>(&bytes);
    // In runs to the end of the run of 15 (member 36), then the As, the Bs, the Gs.
    let expected = (0..36)
        .chain(36..52)
        .chain(56..58)
        .chain(52..55)
        .chain([55]);
    assert_visited_in(&visits, &bytes, expected);
}

#[test]
fn chunk_boundaries_lose_and_repeat_nothing() {
    for n in [1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 3] {
        let mixed: Vec<Piece> = (0..n)
            .map(|i| [Piece::A, Piece::G, Piece::B][i % 3])
            .collect();
        let bytes = stream(&mixed);
        assert_eq!(
            order(&batch::<Tiny>(&bytes)),
            documented::<Tiny>(&bytes),
            "{n}"
        );
        // One chunk in runs, the next mixed, the next in runs again.
        let mut phases = vec![Piece::G; CHUNK];
        phases.extend(mixed);
        phases.extend(vec![Piece::B; CHUNK]);
        let bytes = stream(&phases);
        let visits = batch::<Tiny>(&bytes);
        assert_eq!(order(&visits)[..CHUNK], in_stream_order(CHUNK, 64)[..]);
    }
}

#[test]
fn undecodable_bundles_in_the_middle_are_visited_as_errors_in_place() {
    let mut pieces = vec![Piece::A; 40];
    pieces[10] = Piece::Unknown;
    pieces[11] = Piece::Reserved;
    pieces[30] = Piece::Unknown;
    let bytes = stream(&pieces);
    let visits = batch::<Tiny>(&bytes);
    // In runs to the end of the first short run inside the chunk (the unknown bytes at 10),
    // the rest grouped with the unclaimed bytes last.
    let expected = (0..11).chain(11..30).chain(31..40).chain([30]);
    assert_visited_in(&visits, &bytes, expected);
    let unknown = [&visits[10], &visits[39]];
    assert_eq!(unknown.map(|(offset, _)| *offset), [10 * 64, 30 * 64]);
    for (_, result) in unknown {
        let e = result.clone().unwrap_err();
        assert_eq!((e.at.op, e.at.field, e.at.offset), ("bundle", "opcode", 0));
        assert_eq!(
            e.problem,
            Problem::UnknownOpcode {
                opcode: UNCLAIMED,
                expected: &[0x05, 0x10, 0x11, 0x20, 0x30],
            }
        );
    }
    let reserved = visits
        .iter()
        .find(|(offset, _)| *offset == 11 * 64)
        .unwrap();
    let e = reserved.1.clone().unwrap_err();
    assert_eq!((e.at.op, e.at.offset), ("Alpha", 0x3F));
    // In a stream of long runs, in stream order.
    let mut runs = vec![Piece::B; 200];
    runs[100] = Piece::Unknown;
    let bytes = stream(&runs);
    let visits = batch::<Tiny>(&bytes);
    assert_eq!(order(&visits), in_stream_order(200, 64));
    assert!(visits[100].1.is_err());
}

/// Streams of runs of 1 to 39 members of each piece over up to 18 chunks, so that chunks go
/// from runs to groups and back in every way: a short run first, last, inside, or none.
fn streams_of_runs(pieces: &'static [Piece]) -> impl Strategy<Value = Vec<Piece>> {
    prop::collection::vec((0..pieces.len(), 1usize..40), 1..120).prop_map(move |runs| {
        let runs = runs.into_iter();
        runs.flat_map(|(p, n)| std::iter::repeat_n(pieces[p], n))
            .collect()
    })
}

/// The offsets [`Family::visit_batch`] shows, in the order it shows them.
struct Shown(Vec<usize>);

impl BatchVisitor for Shown {
    fn member<B: isa_core::Bundle>(&mut self, _: usize, offset: usize, _: &[u8]) {
        self.0.push(offset);
    }

    fn unclaimed(&mut self, offset: usize) {
        self.0.push(offset);
    }
}

/// `decode_batch` on `pieces` checked against one-at-a-time decoding and the documented order,
/// and `visit_batch` against `decode_batch`'s order.
fn batched_as_documented<F: Family + PartialEq>(pieces: &[Piece]) -> Result<(), TestCaseError> {
    let bytes = stream(pieces);
    let visits = batch::<F>(&bytes);
    prop_assert_eq!(order(&visits), documented::<F>(&bytes));
    let mut shown = Shown(Vec::new());
    F::visit_batch(&bytes, &mut shown);
    prop_assert_eq!(shown.0, order(&visits));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_stream_of_runs_is_batched_whole_in_the_documented_order(
        pieces in streams_of_runs(&[Piece::A, Piece::B, Piece::G, Piece::Unknown, Piece::Reserved]),
    ) {
        batched_as_documented::<Tiny>(&pieces)?;
    }

    #[test]
    fn an_extended_family_is_batched_whole_in_the_documented_order(
        pieces in streams_of_runs(&[Piece::D, Piece::A, Piece::B, Piece::Unknown]),
    ) {
        batched_as_documented::<Wider>(&pieces)?;
    }
}

#[test]
fn a_trailing_partial_member_is_reported_after_the_whole_ones() {
    for pieces in [vec![Piece::A; 10], vec![Piece::A, Piece::B, Piece::G]] {
        let mut bytes = stream(&pieces);
        bytes.extend([0x10; 37]);
        assert_eq!(batch::<Tiny>(&bytes).len(), pieces.len());
    }
    assert!(batch::<Tiny>(&[0x10; 63]).is_empty());
    assert!(batch::<Tiny>(&[]).is_empty());
}

#[test]
fn an_extended_family_decodes_its_base_members_in_batches() {
    let mixed: Vec<Piece> = (0..300)
        .map(|i| [Piece::D, Piece::A, Piece::B, Piece::Unknown, Piece::G][i % 5])
        .collect();
    let bytes = stream(&mixed);
    let visits = batch::<Wider>(&bytes);
    assert_eq!(order(&visits), documented::<Wider>(&bytes));
    // In runs to the end of the first short run inside the chunk (member 1, an Alpha), then
    // Alpha first among the groups (the base's members come first), the unclaimed bytes last.
    assert!(matches!(visits[0].1, Ok(Wider::Delta(_))));
    assert!(matches!(visits[2].1, Ok(Wider::Base(Tiny::Alpha(_)))));
    assert!(visits.last().unwrap().1.is_err());
    let runs = stream(&[vec![Piece::D; 100], vec![Piece::B; 100]].concat());
    let visits = batch::<Wider>(&runs);
    assert_eq!(order(&visits), in_stream_order(200, 64));
    assert!(matches!(visits[0].1, Ok(Wider::Delta(Delta { value: 0 }))));
    assert!(matches!(visits[150].1, Ok(Wider::Base(Tiny::Beta(_)))));
}

/// The word `w` as little-endian bytes.
fn word(w: u32) -> [u8; 4] {
    w.to_le_bytes()
}

#[test]
fn a_word_stream_is_visited_grouped_by_member() {
    let a = WordA { imm: 0x1FF_FFFF };
    let b = WordB { imm: 5, rd: 31 };
    let unknown = 0x0000_007F_u32;
    let mut bytes = Vec::new();
    for i in 0..50u32 {
        bytes.extend(match i % 3 {
            0 => Words::A(WordA { imm: i }).to_bytes().unwrap(),
            1 => Words::B(WordB { imm: i, rd: 1 }).to_bytes().unwrap(),
            _ => word(unknown),
        });
    }
    bytes.extend(Words::A(a.clone()).to_bytes().unwrap());
    bytes.extend(Words::B(b.clone()).to_bytes().unwrap());
    bytes.extend([0x13, 0, 0]);
    let visits = batch::<Words>(&bytes);
    assert_eq!(order(&visits), documented::<Words>(&bytes));
    assert_eq!(visits.len(), 52);
    let last_a = visits.iter().find(|(o, _)| *o == 50 * 4).unwrap();
    assert_eq!(last_a.1, Ok(Words::A(a)));
    let last_b = visits.iter().find(|(o, _)| *o == 51 * 4).unwrap();
    assert_eq!(last_b.1, Ok(Words::B(b)));
    let e = Words::decode(&word(unknown)).unwrap_err();
    assert_eq!((e.at.op, e.at.field, e.at.offset), ("word", "identity", 0));
    assert_eq!(e.problem, Problem::UnknownWord { word: unknown });
}

#[test]
fn short_input_is_refused_as_truncated_with_the_family_width() {
    for (err, needed, available) in [
        (Tiny::decode(&[0x10; 10]).unwrap_err(), 64, 10),
        (Tiny::view(&[0x20; 63]).unwrap_err(), 64, 63),
        (Words::decode(&[0x13, 0, 0]).unwrap_err(), 4, 3),
        (Words::view(&[]).unwrap_err(), 4, 0),
    ] {
        assert_eq!(err.problem, Problem::Truncated { needed, available });
        assert_eq!(err.at.offset, 0);
    }
    let e = Tiny::decode(&[0x10; 10]).unwrap_err();
    assert_eq!((e.at.op, e.at.field), ("bundle", "bundle"));
    let e = Words::decode(&[0x13]).unwrap_err();
    assert_eq!((e.at.op, e.at.field), ("word", "word"));
}

#[test]
fn the_walker_shows_every_member_in_place_then_the_trailing_bytes() {
    let mut bytes = stream(&[Piece::G, Piece::Unknown, Piece::B]);
    bytes.extend([1, 2, 3]);
    let items: Vec<_> = Tiny::walk(&bytes).collect();
    assert_eq!(items.len(), 4);
    let located: Vec<_> = items[..3].iter().map(|i| i.clone().unwrap()).collect();
    assert_eq!(
        located.iter().map(|l| l.offset).collect::<Vec<_>>(),
        [0, 64, 128]
    );
    assert_eq!(
        located.iter().map(|l| l.opcode()).collect::<Vec<_>>(),
        [0x05, UNCLAIMED, 0x20]
    );
    assert_eq!(located[0].view.as_ref().unwrap().name(), "Gamma");
    assert!(located[1].view.is_err());
    assert_eq!(located[2].bytes, &bytes[128..192]);
    let trailing = items[3].clone().unwrap_err();
    assert_eq!(
        trailing.to_string(),
        "3 trailing bytes at offset 0xc0 do not make a 64-byte bundle"
    );
    assert!(Tiny::walk(&bytes[..128]).all(|i| i.is_ok()));
}

#[test]
fn shared_opcodes_collide_and_report_the_shared_one() {
    let opcodes = |ops: &'static [u8]| Identity::Opcodes(ops);
    for (a, b, shared) in [
        (&[1, 2, 3][..], &[4, 3][..], Some(3)),
        (&[7], &[7], Some(7)),
        (&[9, 1], &[1, 8], Some(1)),
        (&[1, 2], &[3, 4], None),
        (&[], &[1], None),
        (&[0x00, 0xFF], &[0xFE, 0x01], None),
    ] {
        assert_eq!(
            identities_collide(&opcodes(a), &opcodes(b)),
            shared,
            "{a:?} {b:?}"
        );
        assert_eq!(
            identities_collide(&opcodes(b), &opcodes(a)),
            shared,
            "{b:?} {a:?}"
        );
    }
}

#[test]
fn mask_match_pairs_collide_exactly_when_one_word_matches_both() {
    let pairs = [
        (0x7F, 0x13),
        (0x7F, 0x33),
        (0x0F, 0x03),
        (0x0F, 0x05),
        (0xF0, 0x10),
        (0x03, 0x03),
        (0xFF, 0x13),
        (0x00, 0x00),
    ];
    for &(ma, va) in &pairs {
        for &(mb, vb) in &pairs {
            let a = Identity::MaskMatch {
                mask: ma,
                value: va,
            };
            let b = Identity::MaskMatch {
                mask: mb,
                value: vb,
            };
            // Only the low byte is constrained: some byte matching both is some word that does.
            let both = (0..=0xFFu32).any(|w| w & ma == va && w & mb == vb);
            let expected = both.then_some(0);
            assert_eq!(
                identities_collide(&a, &b),
                expected,
                "{ma:#x}/{va:#x} {mb:#x}/{vb:#x}"
            );
        }
    }
}

#[test]
fn identities_of_different_kinds_never_collide() {
    let ops = Identity::Opcodes(&[0x13]);
    let word = Identity::MaskMatch {
        mask: 0xFF,
        value: 0x13,
    };
    for (a, b) in [
        (ops, word),
        (word, ops),
        (Identity::Nested, Identity::Nested),
        (Identity::Nested, ops),
        (word, Identity::Nested),
    ] {
        assert_eq!(identities_collide(&a, &b), None, "{a:?} {b:?}");
    }
}

/// The panic message of `f`, if it panics.
fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> Option<String> {
    let payload = std::panic::catch_unwind(f).err()?;
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
}

/// `decl` under another name and identity.
const fn renamed(decl: Declaration, name: &'static str, identity: Identity) -> Declaration {
    Declaration {
        name,
        identity,
        ..decl
    }
}

#[test]
fn member_rules_name_the_members_that_break_them() {
    let a = Declaration::of::<Alpha>();
    let g = Declaration::of::<Gamma>();
    let w = Declaration::of::<WordA>();
    assert_eq!(
        panic_message(|| check_members(Tiny::DECLARATIONS, 64, false, "Tiny")),
        None
    );
    assert_eq!(
        panic_message(|| check_members(Words::DECLARATIONS, 4, true, "Words")),
        None
    );
    let clash = renamed(g, "Clash", Identity::Opcodes(&[0x30, 0x11]));
    let msg = panic_message(|| check_members(&[a, g, clash], 64, false, "Tiny")).unwrap();
    assert!(msg.contains("Alpha") && msg.contains("Clash"), "{msg}");
    let overlap = renamed(
        w,
        "W.C",
        Identity::MaskMatch {
            mask: 0x3,
            value: 0x3,
        },
    );
    let msg = panic_message(|| check_members(&[w, overlap], 4, true, "Words")).unwrap();
    assert!(msg.contains("W.A") && msg.contains("W.C"), "{msg}");
    let msg = panic_message(|| check_members(&[a, w], 64, false, "Tiny")).unwrap();
    assert!(msg.contains("W.A"), "{msg}");
    let nested = renamed(g, "Inner", Identity::Nested);
    let msg = panic_message(|| check_members(&[a, nested], 64, false, "Tiny")).unwrap();
    assert!(msg.contains("Inner"), "{msg}");
    let msg = panic_message(|| check_members(&[a, g], 64, true, "Words")).unwrap();
    assert!(msg.contains("Alpha"), "{msg}");
    let wide = Declaration { size: 32, ..g };
    let msg = panic_message(|| check_members(&[a, wide], 64, false, "Tiny")).unwrap();
    assert_eq!(msg, "Gamma is 32 bytes; the members of Tiny are 64");
}

#[test]
fn the_opcode_table_and_known_opcodes_list_every_claimed_opcode() {
    let table = opcode_table(Tiny::DECLARATIONS);
    for (opcode, member) in [(0x10, 1), (0x11, 1), (0x20, 2), (0x05, 3), (0x30, 3)] {
        assert_eq!(table[opcode], member, "{opcode:#x}");
    }
    assert_eq!(table.iter().filter(|&&m| m != 0).count(), 5);
    assert_eq!(Tiny::KNOWN_OPCODES, [0x05, 0x10, 0x11, 0x20, 0x30]);
    assert_eq!(Wider::KNOWN_OPCODES, [0x05, 0x10, 0x11, 0x20, 0x30, 0x40]);
    assert_eq!(opcode_table(Wider::DECLARATIONS)[0x40], 4);
    assert!(Words::KNOWN_OPCODES.is_empty());
    let mut edges = [0u16; 256];
    edges[0x00] = 2;
    edges[0xFF] = 1;
    let (list, n) = known_opcodes(&edges);
    assert_eq!(&list[..n], [0x00, 0xFF]);
    assert_eq!(known_opcodes(&[0; 256]).1, 0);
}

#[test]
fn an_extending_family_lists_the_base_members_first() {
    let names: Vec<_> = Wider::DECLARATIONS.iter().map(|d| d.name).collect();
    assert_eq!(names, ["Alpha", "Beta", "Gamma", "Delta"]);
    assert_eq!(Wider::TAGS, ["Alpha", "Beta", "Gamma", "Delta"]);
    assert_eq!(concat::<u8, 3>(&[1, 2], &[3], 0), [1, 2, 3]);
    assert_eq!(concat::<u8, 2>(&[], &[4, 5], 0), [4, 5]);
    assert_eq!(TinyKind::ALL.len(), 3);
    assert_eq!(TinyKind::Gamma.name(), "Gamma");
    let bytes = bundle(Piece::G, 1);
    assert_eq!(
        TinyKind::Gamma.decode_bytes(&bytes),
        Ok(Tiny::Gamma(Gamma {
            opcode: 0x30,
            count: 1
        }))
    );
}

#[test]
fn the_serde_form_reads_the_tag_first_or_late() {
    let alpha = Tiny::decode(&bundle(Piece::A, 3)).unwrap();
    let json = serde_json::to_string(&alpha).unwrap();
    assert!(
        json.starts_with(r#"{"op":"Alpha","opcode":17,"sync":{"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Tiny>(&json).unwrap(), alpha);
    // The tag last: every member before it is kept and replayed, whatever its kind.
    let late = r#"{"opcode":16,"sync":{"wait_mode":1,"wait_index":0,"update_mode":2,
        "update_index":3,"value":7},"dtype":"float32","flag":true,
        "ap":{"addr":0,"strides":[-2,1],"nums":[4,1]},"op":"Alpha"}"#;
    let read: Result<Tiny, _> = serde_json::from_str(late);
    let Ok(Tiny::Alpha(a)) = read else {
        panic!("{read:?}");
    };
    assert_eq!((a.opcode, a.sync.value, a.flag), (16, 7, true));
    assert_eq!((a.ap.strides, a.ap.nums), ([-2, 1], [4, 1]));
    let beta = r#"{"body":[9,8,7,6],"value":5,"op":"Beta"}"#;
    assert_eq!(
        serde_json::from_str::<Tiny>(beta).unwrap(),
        Tiny::Beta(Beta {
            value: 5,
            body: [9, 8, 7, 6]
        })
    );
    let wider: Wider = serde_json::from_str(beta).unwrap();
    assert!(matches!(wider, Wider::Base(Tiny::Beta(_))));
    let tag_first = r#"{"op":"Beta","value":5,"body":[9,8,7,6]}"#;
    assert_eq!(serde_json::to_string(&wider).unwrap(), tag_first);
}

#[test]
fn an_unknown_or_missing_tag_is_refused_naming_the_members() {
    let e = serde_json::from_str::<Tiny>(r#"{"value":1,"op":"Zeta"}"#).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("Zeta"), "{msg}");
    for name in ["Alpha", "Beta", "Gamma"] {
        assert!(msg.contains(name), "{msg}");
    }
    let e = serde_json::from_str::<Wider>(r#"{"op":"Zeta"}"#).unwrap_err();
    assert!(e.to_string().contains("Delta"), "{e}");
    let e = serde_json::from_str::<Tiny>(r#"{"value":1}"#).unwrap_err();
    assert!(e.to_string().contains("missing field `op`"), "{e}");
    let e = serde_json::from_str::<Words>(r#"{"imm":1}"#).unwrap_err();
    assert!(e.to_string().contains("missing field `word`"), "{e}");
    let e = serde_json::from_str::<Tiny>("[1]").unwrap_err();
    assert!(
        e.to_string()
            .contains("a map with the member's name under `op`"),
        "{e}"
    );
}

#[test]
fn a_member_renders_in_place_as_its_serde_form_and_its_listing() {
    let bytes = bundle(Piece::A, 0);
    let view = Tiny::view(&bytes).unwrap();
    let mut json = String::from(r#"{"op":"Alpha""#);
    json_member::<Tiny, _>(&view, &mut json).unwrap();
    assert_eq!(
        json,
        serde_json::to_string(&view.decode().unwrap()).unwrap()
    );
    let mut text = String::new();
    text_member::<Tiny, _>(&view, FieldOrder::Offset, &mut text).unwrap();
    assert_eq!(
        text,
        "opcode=16 sync={wait_mode=0,wait_index=0,update_mode=0,update_index=0,value=0} \
         dtype=float32 flag=true ap={addr=0x00000000,strides=[1,1],nums=[1,1]}"
    );
    let delta = bundle(Piece::D, 9);
    let view = Wider::view(&delta).unwrap();
    let mut json = String::from(r#"{"op":"Delta""#);
    json_member::<Wider, _>(&view, &mut json).unwrap();
    assert_eq!(json, r#"{"op":"Delta","value":9}"#);
    let beta = bundle(Piece::B, 2);
    let view = Wider::view(&beta).unwrap();
    let mut text = String::new();
    text_member::<Wider, _>(&view, FieldOrder::Offset, &mut text).unwrap();
    assert_eq!(text, "value=2 body=02010203");
}

#[test]
fn an_undecodable_field_stops_rendering_with_the_decode_error() {
    let mut bytes = bundle(Piece::A, 0);
    bytes[0x0C] = 0xFF;
    let decoded = Tiny::decode(&bytes).unwrap_err();
    assert_eq!((decoded.at.field, decoded.at.offset), ("dtype", 0x0C));
    let view = Tiny::view(&bytes).unwrap();
    let mut json = String::from("{");
    let err = json_member::<Tiny, _>(&view, &mut json).unwrap_err();
    assert_eq!(err, RenderError::Decode(Box::new(decoded.clone())));
    assert!(
        json.contains("\"sync\"") && !json.contains("dtype"),
        "{json}"
    );
    let mut text = String::new();
    let err = text_member::<Tiny, _>(&view, FieldOrder::Offset, &mut text).unwrap_err();
    assert_eq!(err, RenderError::Decode(Box::new(decoded)));
    assert!(text.contains("sync=") && !text.contains("dtype"), "{text}");
}

/// A deserializer reading `b` again, with errors of type `E`.
fn again<E: serde::de::Error>(b: Buffered) -> BufferedDeserializer<E> {
    b.into_deserializer()
}

/// `text` read into a [`Buffered`] value, then read again from it as a JSON value.
fn replayed(text: &str) -> serde_json::Value {
    let buffered: Buffered = serde_json::from_str(text).unwrap();
    serde_json::Value::deserialize(again::<serde_json::Error>(buffered)).unwrap()
}

#[test]
fn a_buffered_member_reads_back_as_it_was_written() {
    for text in [
        "null",
        "true",
        "7",
        "-7",
        "1.5",
        r#""float32""#,
        "[1,-2,[3]]",
        r#"{"a":{"b":[null,false]},"c":"d"}"#,
    ] {
        let original: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(replayed(text), original, "{text}");
    }
    let read = |d| Buffered::deserialize(d).unwrap();
    assert_eq!(
        read(I64Deserializer::<ValueError>::new(5)),
        Buffered::U64(5)
    );
    assert_eq!(
        read(I64Deserializer::<ValueError>::new(-5)),
        Buffered::I64(-5)
    );
    let bytes = Buffered::deserialize(BytesDeserializer::<ValueError>::new(b"ab")).unwrap();
    assert_eq!(bytes, Buffered::Bytes(b"ab".to_vec()));
    let e = Buffered::deserialize(I128Deserializer::<ValueError>::new(1)).unwrap_err();
    assert!(e.to_string().contains("expected any value"), "{e}");
}

#[test]
fn a_buffered_option_and_enum_read_back_as_serde_reads_them() {
    let option = |b: Buffered| Option::<u8>::deserialize(again::<ValueError>(b));
    assert_eq!(option(Buffered::Unit), Ok(None));
    assert_eq!(option(Buffered::U64(3)), Ok(Some(3)));
    assert_eq!(
        option(Buffered::Some(Box::new(Buffered::U64(4)))),
        Ok(Some(4))
    );
    let dtype = |b: Buffered| Dtype::deserialize(again::<ValueError>(b));
    assert_eq!(dtype(Buffered::Str("bfloat16".into())), Ok(Dtype::Bfloat16));
    assert!(dtype(Buffered::U64(6)).is_err());
}

/// `value` written by `serialize_tagged` under `"op": "X"` through serde_json.
fn tagged<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::new(&mut out);
    serialize_tagged(&mut ser, "op", "X", value).map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out).unwrap())
}

/// A member with no field.
#[derive(Serialize)]
struct Nothing {}

/// A unit struct.
#[derive(Serialize)]
struct Unit;

/// A newtype around a struct.
#[derive(Serialize)]
struct Wrapped(Nothing);

#[test]
fn the_tag_goes_first_and_a_value_that_is_no_struct_is_refused() {
    let map = std::collections::BTreeMap::from([("a", 1), ("b", 2)]);
    assert_eq!(tagged(&map).as_deref(), Ok(r#"{"op":"X","a":1,"b":2}"#));
    assert_eq!(tagged(&Nothing {}).as_deref(), Ok(r#"{"op":"X"}"#));
    assert_eq!(tagged(&Unit).as_deref(), Ok(r#"{"op":"X"}"#));
    assert_eq!(tagged(&Wrapped(Nothing {})).as_deref(), Ok(r#"{"op":"X"}"#));
    let delta = Wider::Delta(Delta { value: 9 });
    let json = serde_json::to_string(&delta).unwrap();
    assert_eq!(json, r#"{"op":"Delta","value":9}"#);
    assert_eq!(serde_json::from_str::<Wider>(&json).unwrap(), delta);
    let refused = "a family member serializes as a struct";
    assert_eq!(tagged(&5u8), Err(format!("{refused}, and `X` did not")));
    assert_eq!(tagged("s"), Err(format!("{refused}, and `X` did not")));
    for err in [
        tagged(&Some(1)),
        tagged(&[1, 2][..]),
        tagged(&(1, 2)),
        tagged(&Dtype::Float32),
    ] {
        assert!(
            err.as_ref().is_err_and(|e| e.starts_with(refused)),
            "{err:?}"
        );
    }
}

#[test]
fn the_family_trait_encodes_names_and_validates_whichever_member_it_is() {
    let beta = Tiny::Beta(Beta {
        value: 5,
        body: [1, 2, 3, 4],
    });
    let bytes = Family::to_bytes(&beta).unwrap();
    assert_eq!(bytes.len(), 64);
    assert_eq!(&bytes[..4], [0x20, 0x10, 0, 0]);
    assert_eq!((bytes[0x0C], &bytes[0x10..0x14]), (5, &[1, 2, 3, 4][..]));
    assert_eq!(bytes, beta.to_bytes().unwrap());
    assert_eq!(
        (Family::name(&beta), beta.name(), beta.tag()),
        ("Beta", "Beta", "Beta")
    );
    let zero = Wider::Base(Tiny::Gamma(Gamma {
        opcode: 0x05,
        count: 0,
    }));
    assert_eq!(Family::name(&zero), "Gamma");
    let findings = Family::validate(&zero);
    assert_eq!(findings.len(), 1);
    assert_eq!(
        (findings[0].rule.name, findings[0].field, findings[0].offset),
        ("gamma_count_nonzero", "count", 0x0E)
    );
    assert_eq!(zero.validate(), findings);
    let mut out = Vec::new();
    zero.check(&mut out);
    zero.check(&mut out);
    assert_eq!(out.len(), 2);
    assert!(Family::validate(&beta).is_empty());
}

#[test]
fn a_word_renders_in_declaration_order_as_json_and_in_either_order_as_text() {
    let b = Words::B(WordB { imm: 5, rd: 31 });
    let bytes = b.to_bytes().unwrap();
    let view = Words::view(&bytes).unwrap();
    let mut json = String::from(r#"{"word":"B""#);
    json_member::<Words, _>(&view, &mut json).unwrap();
    assert_eq!(json, r#"{"word":"B","imm":5,"rd":31}"#);
    assert_eq!(json, serde_json::to_string(&b).unwrap());
    let text = |order| {
        let mut out = String::new();
        text_member::<Words, _>(&view, order, &mut out).unwrap();
        out
    };
    assert_eq!(text(FieldOrder::Declaration), "imm=5 rd=31");
    assert_eq!(text(FieldOrder::Offset), "rd=31 imm=5");
}

/// `decode_checked` against `decode` then `check`, for every piece of a family `F`'s stream;
/// returns how many findings there were in all.
fn decode_checked_is_decode_then_check<F: Family + PartialEq + std::fmt::Debug>(
    bytes: &[u8],
) -> usize {
    let mut total = 0;
    let mut fused = Findings::new();
    let mut apart = Findings::new();
    for chunk in bytes.chunks(F::WIDTH) {
        fused.clear();
        apart.clear();
        let decoded = F::decode(chunk);
        if let Ok(member) = &decoded {
            member.check(&mut apart);
        }
        assert_eq!(F::decode_checked(chunk, &mut fused), decoded);
        assert_eq!(fused, apart);
        total += fused.len();
    }
    total
}

#[test]
fn decode_checked_decodes_and_finds_what_decode_and_check_do_in_one_dispatch() {
    use Piece::*;
    // The Gamma at index 0 has count 0: each stream has one finding.
    let tiny = stream(&[G, A, G, B, Unknown, G, Reserved, A]);
    assert_eq!(decode_checked_is_decode_then_check::<Tiny>(&tiny), 1);
    let wider = stream(&[G, D, A, Unknown, D, G]);
    assert_eq!(decode_checked_is_decode_then_check::<Wider>(&wider), 1);
    // A Gamma whose count is 0 (every even index): one finding, and the bundle decodes.
    let zero = bundle(G, 0);
    let mut out = Findings::new();
    let decoded = Wider::decode_checked(&zero, &mut out).unwrap();
    assert!(matches!(decoded, Wider::Base(Tiny::Gamma(_))));
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].rule.name, "gamma_count_nonzero");
    // Refused bundles append nothing; a short input is refused as truncated.
    out.clear();
    assert!(Tiny::decode_checked(&bundle(Unknown, 1), &mut out).is_err());
    assert!(Tiny::decode_checked(&zero[..63], &mut out).is_err());
    assert!(out.is_empty());
    let words: Vec<u8> = [0x0000_0013u32, 0x0000_1033, 0xFFFF_FFFF]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    assert_eq!(decode_checked_is_decode_then_check::<Words>(&words), 0);
}
