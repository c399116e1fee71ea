//! A stream as tables, from the outside: each op's rows are those of its bundles that decode, in
//! stream order, whatever the number of threads and segments the stream is written in.

use isa_core::{Bundle, Family, PerMember};
use isa_host::table::rows;
use isa_ops::Op;

/// `copies` copies of the stream of one bundle of each op, every seventh bundle with three bits
/// flipped (some of those no longer decode, some decode to other values).
fn stream(copies: usize) -> Vec<u8> {
    let every_op = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/every_op.bin"
    ))
    .unwrap();
    let mut stream = every_op.repeat(copies);
    for (i, bundle) in stream.chunks_exact_mut(Op::WIDTH).enumerate().step_by(7) {
        for k in 0..3 {
            let at = 4 + (i * 13 + k * 17) % (Op::WIDTH - 4);
            bundle[at] ^= 1 << ((i + k) % 8);
        }
    }
    stream
}

/// Each op's rows of `stream` written on `threads` threads: `(tag, itemsize, bytes)`.
fn tables(stream: &[u8], threads: usize) -> Vec<(&'static str, usize, Vec<u8>)> {
    let mut plan = rows::plan::<Op>(stream, threads).unwrap();
    let mut out = vec![0u8; plan.bytes()];
    let taken = rows::write::<Op>(&mut plan, stream, &mut out).unwrap();
    let layouts = plan.layouts().iter().zip(taken);
    layouts
        .filter_map(|(layout, rows)| {
            let layout = layout.as_ref()?;
            Some((layout.tag, layout.itemsize, out[rows].to_vec()))
        })
        .collect()
}

#[test]
fn each_ops_rows_are_its_bundles_that_decode_in_stream_order() {
    // More than one segment of 65,536 bundles, with parts for two and three threads.
    let stream = stream(600);
    let bundles = stream.len() / Op::WIDTH;
    assert!(bundles > rows::SEGMENT);
    let one = tables(&stream, 1);
    for (tag, itemsize, rows) in &one {
        let m = Op::TAGS.iter().position(|t| t == tag).unwrap();
        let offsets: Vec<u64> = rows
            .chunks_exact(*itemsize)
            .map(|row| u64::from_le_bytes(row[..8].try_into().unwrap()))
            .collect();
        let decoding: Vec<u64> = (0..bundles)
            .map(|i| i * Op::WIDTH)
            .filter(|&at| {
                let bundle = &stream[at..at + Op::WIDTH];
                Op::member_index(bundle) == Some(m) && Op::decode(bundle).is_ok()
            })
            .map(|at| at as u64)
            .collect();
        assert_eq!(offsets, decoding, "{tag}");
    }
    // Both ways a claimed bundle does not decode are in the stream: its fixed bits, or a field
    // while its fixed bits are right (which only the walk of its row finds).
    let (mut fixed_wrong, mut field_wrong) = (0, 0);
    for bundle in stream.chunks_exact(Op::WIDTH) {
        let Some(m) = Op::member_index(bundle) else {
            continue;
        };
        if Op::decode(bundle).is_err() {
            match Op::for_member(m, FixedOk(bundle)).unwrap() {
                false => fixed_wrong += 1,
                true => field_wrong += 1,
            }
        }
    }
    assert!(
        fixed_wrong > 2000 && field_wrong > 400,
        "{fixed_wrong} bundles with wrong fixed bits, {field_wrong} with a field that does not decode"
    );
    for threads in [2, 3] {
        assert!(tables(&stream, threads) == one, "{threads} threads");
    }
}

/// Whether the fixed bits of a member's bundle are right.
struct FixedOk<'a>(&'a [u8]);

impl PerMember for FixedOk<'_> {
    type Output = bool;
    fn call<B: Bundle>(self) -> bool {
        B::view_prefix(self.0).is_ok_and(B::fixed_ok)
    }
}

#[test]
fn a_row_is_the_same_in_a_long_stream_as_alone() {
    let stream = stream(3);
    let long = tables(&stream, 1);
    let mut next = vec![0usize; long.len()];
    for (i, bundle) in stream.chunks_exact(Op::WIDTH).enumerate() {
        let alone = tables(bundle, 1);
        let Some((tag, itemsize, row)) = alone.first() else {
            continue;
        };
        let t = long.iter().position(|(t, _, _)| t == tag).unwrap();
        let (_, _, rows) = &long[t];
        let in_long = &rows[next[t] * itemsize..][..*itemsize];
        // The offset column differs: the bundle is at byte 0 alone.
        assert_eq!(in_long[..8], ((i * Op::WIDTH) as u64).to_le_bytes());
        assert_eq!(in_long[8..], row[8..], "{tag} at bundle {i}");
        next[t] += 1;
    }
}

#[test]
fn a_descriptor_is_stored_at_its_wire_widths() {
    use isa_host::table::{Column, Store};
    // Seed 002: TENSOR3D is ADDR4 @+0, three signed 16-bit strides @+4, three unsigned 16-bit
    // counts @+0xA. Seed 000 §2 puts TensorTensor's out/in0/in1 descriptors at 0x10/0x20/0x30.
    let every_op = stream(1);
    let bundle = every_op
        .chunks_exact(Op::WIDTH)
        .find(|b| {
            tables(b, 1)
                .first()
                .is_some_and(|(tag, ..)| *tag == "TensorTensor")
        })
        .unwrap();
    let plan = rows::plan::<Op>(bundle, 1).unwrap();
    let layout = plan.layouts().iter().flatten().next().unwrap();
    let descriptor = |name: &str| {
        layout.columns.iter().find_map(|c| match c {
            Column::Record { name: n, members } if n == name => Some(members.clone()),
            _ => None,
        })
    };
    for name in ["out", "in0", "in1"] {
        let members = descriptor(name).unwrap();
        assert_eq!(
            members[1..],
            [
                Column::Array {
                    name: "strides".into(),
                    store: Store::Signed(2),
                    len: 3
                },
                Column::Array {
                    name: "nums".into(),
                    store: Store::Unsigned(2),
                    len: 3
                },
            ],
            "{name}"
        );
    }
    // So the three descriptors are the row's last 48 bytes, the wire's bytes 0x10..0x40 as they are.
    let (_, itemsize, row) = tables(bundle, 1).remove(0);
    assert_eq!(row.len(), itemsize);
    assert_eq!(row[itemsize - 48..], bundle[0x10..0x40]);
}

/// A bundle with fields shown by their name alone (PTO data types): category columns, numbered
/// by the names a stream shows, in stream order.
#[derive(isa_derive::Bundle, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[bundle(size = 64, opcodes = [0x70])]
struct Tagged {
    #[field(offset = 0x04, bits = 0..=4)]
    data: isa_ops::pto::TileDataType,
    #[field(offset = 0x05)]
    level: u8,
    #[field(offset = 0x06, bits = 0..=4)]
    other: isa_ops::pto::TileDataType,
}

impl isa_core::Validate for Tagged {}

isa_core::family! {
    /// A family of one bundle with two category columns.
    enum Named(view NamedView, tag "op") {
        /// The one member.
        Tagged(Tagged),
    }
}

/// A stream of [`Tagged`] bundles (`(data, other)` codes): names first seen in a later part of
/// the stream; every thousandth bundle with a `data` code no name has; and one bundle whose
/// `data` is a name no other bundle shows and whose `other` has no name, so the bundle does not
/// decode after its walk met the new name.
fn tagged_stream() -> (Vec<u8>, Vec<(u8, u8)>) {
    let codes: Vec<(u8, u8)> = (0..3 * 4096 * 3)
        .map(|i: usize| match i {
            5000 => (2, 0x1F),
            i if i % 1000 == 999 => (0x1F, 3),
            i if i < 4096 * 4 => ([1, 5][i % 2], 3),
            i => ([5, 1, 0, 7][i % 4], 3),
        })
        .collect();
    let mut stream = Vec::new();
    for (i, &(data, other)) in codes.iter().enumerate() {
        let mut bundle = [0u8; 64];
        bundle[..2].copy_from_slice(&[0x70, 0x10]);
        bundle[4..7].copy_from_slice(&[data, i as u8, other]);
        stream.extend_from_slice(&bundle);
    }
    (stream, codes)
}

#[test]
fn category_values_are_numbered_in_stream_order_by_the_bundles_that_decode() {
    use isa_host::table::Names;
    use isa_ops::pto::TileDataType;
    let name = |code: u8| TileDataType::from_code(code).ok().map(|t| t.name());
    let (stream, codes) = tagged_stream();
    let kept: Vec<(usize, &str, &str)> = (codes.iter().enumerate())
        .filter_map(|(i, &(d, o))| Some((i, name(d)?, name(o)?)))
        .collect();
    let mut first_seen: Vec<&str> = Vec::new();
    for &(_, data, _) in &kept {
        if !first_seen.contains(&data) {
            first_seen.push(data);
        }
    }
    assert_eq!(
        first_seen,
        [name(1), name(5), name(0), name(7)].map(Option::unwrap)
    );
    for threads in [1, 2, 3] {
        let mut plan = rows::plan::<Named>(&stream, threads).unwrap();
        let mut out = vec![0u8; plan.bytes()];
        let taken = rows::write::<Named>(&mut plan, &stream, &mut out).unwrap();
        let layout = plan.layouts()[0].as_ref().unwrap();
        let seen: Vec<&Vec<&str>> = (layout.names.iter())
            .filter_map(|(_, names)| match names {
                Names::Seen(seen) => Some(seen),
                _ => None,
            })
            .collect();
        assert_eq!(
            seen,
            [&first_seen, &vec![name(3).unwrap()]],
            "{threads} threads"
        );
        let rows: Vec<&[u8]> = out[taken[0].clone()]
            .chunks_exact(layout.itemsize)
            .collect();
        assert_eq!(rows.len(), kept.len(), "{threads} threads");
        for (row, &(i, data, other)) in rows.iter().zip(&kept) {
            let number = |at: usize| usize::from(u16::from_le_bytes([row[at], row[at + 1]]));
            assert_eq!(row[..8], ((i * 64) as u64).to_le_bytes());
            assert_eq!(
                (seen[0][number(8)], row[10], seen[1][number(11)]),
                (data, i as u8, other),
                "{threads} threads, bundle {i}"
            );
        }
    }
}
