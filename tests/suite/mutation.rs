//! Single-bit mutations: every bit of every bundle of the example stream (`examples/kernel.bin`)
//! and of valid bundles of every declared op is flipped, one at a time. Each flip must either
//! decode to another valid bundle (which encodes back to the flipped bytes) or be refused by an
//! error that points at the flipped bit: the bit lies inside the field the error names (by the
//! field table), and a reserved-bits error names exactly the flipped byte and a mask holding the
//! flipped bit. A flip of the opcode byte may land on another op's opcode; the error is then
//! that op's, and must sit inside one of that op's fields.
//!
//! The same for the 32-bit PTO block words of TSHUF's example block (seed 004).

use std::path::Path;

use crate::common::{claimant, declaration, located};
use isa::core::render::text_fields;
use isa::core::{Bundle, DecodeError, Family, LayoutStatus, PerMember, Problem};
use isa::ops::dispatch::{BUNDLE_SIZE, Declaration};
use isa::ops::pto::{WordError, decode_word};
use isa::ops::sample::{SplitMix64, valid};
use isa::ops::{DECLARATIONS, Op, decode_any};

/// Why the error `e` for a flip of absolute bit `bit` of a `decl` bundle does not point at it.
fn points_at(
    decl: &Declaration,
    flipped: &[u8],
    bit: usize,
    e: &DecodeError,
) -> Result<(), String> {
    let byte = bit / 8;
    if e.at.op == "bundle" {
        // The dispatch: no op has the opcode.
        return match (e.problem, byte) {
            (Problem::UnknownOpcode { .. }, 0) if claimant(flipped[0]).is_none() => Ok(()),
            _ => Err(format!("{e}")),
        };
    }
    if e.at.op != decl.name {
        // The opcode now names another op: the error is that op's, at one of its fields.
        let other = declaration(e.at.op).ok_or(format!("{e}: undeclared op"))?;
        return match byte {
            0 if other.opcodes().contains(&flipped[0]) => located(other, e),
            _ => Err(format!("{e}: a flip of byte {byte:#04x} changed the op")),
        };
    }
    located(decl, e)?;
    if let Problem::ReservedNonZero { mask, .. } = e.problem {
        return match e.at.offset == byte && mask >> (bit % 8) & 1 == 1 {
            true => Ok(()),
            false => Err(format!(
                "{e}: the flipped bit is bit {} of byte {byte:#04x}",
                bit % 8
            )),
        };
    }
    let row = decl.fields.iter().find(|f| f.name == e.at.field);
    match row {
        Some(f) if (f.first_bit()..=f.last_bit()).contains(&bit) => Ok(()),
        _ => Err(format!(
            "{e}: the flipped bit {} of byte {byte:#04x} is not in field `{}`",
            bit % 8,
            e.at.field
        )),
    }
}

/// Flips every bit of `bundle` (a valid bundle of `decl`), returning every flip whose outcome is
/// wrong, and how many flips decoded and how many were refused.
fn flip_every_bit(decl: &Declaration, bundle: &[u8; BUNDLE_SIZE]) -> (Vec<String>, usize, usize) {
    let mut wrong = Vec::new();
    let (mut decoded, mut refused) = (0, 0);
    for bit in 0..BUNDLE_SIZE * 8 {
        let mut flipped = *bundle;
        flipped[bit / 8] ^= 1 << (bit % 8);
        match decode_any(&flipped) {
            Ok(op) => {
                decoded += 1;
                if op.to_bytes().ok() != Some(flipped) {
                    wrong.push(format!("bit {bit}: {} does not re-encode", op.name()));
                }
            }
            Err(e) => {
                refused += 1;
                if let Err(why) = points_at(decl, &flipped, bit, &e) {
                    wrong.push(format!("bit {bit}: {why}"));
                }
            }
        }
    }
    (wrong, decoded, refused)
}

#[test]
fn every_flip_of_the_example_stream_decodes_or_is_refused_at_the_flipped_field() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kernel.bin");
    let stream = std::fs::read(path).expect("the example stream");
    assert!(!stream.is_empty() && stream.len().is_multiple_of(BUNDLE_SIZE));
    for (k, chunk) in stream.chunks_exact(BUNDLE_SIZE).enumerate() {
        let bundle: [u8; BUNDLE_SIZE] = chunk.try_into().unwrap();
        let op = decode_any(&bundle).expect("the example decodes");
        let decl = declaration(op.name()).unwrap();
        let (wrong, decoded, refused) = flip_every_bit(decl, &bundle);
        assert!(
            wrong.is_empty(),
            "bundle {k} ({}):\n{}",
            op.name(),
            wrong.join("\n")
        );
        assert_eq!(decoded + refused, 512);
        // The header alone refuses flips: the reserved bytes 2..=3 and inst_word_len.
        assert!(
            refused >= 16 + 7,
            "bundle {k}: only {refused} flips refused"
        );
    }
}

#[test]
fn every_flip_of_valid_bundles_of_every_op_decodes_or_is_refused_at_the_flipped_field() {
    let mut rng = SplitMix64::new(0x5EED);
    for decl in DECLARATIONS {
        let bundles = valid(decl, 8, &mut rng);
        assert_eq!(bundles.len(), 8, "{}", decl.name);
        let (mut decoded, mut refused) = (0, 0);
        for bundle in &bundles {
            let (wrong, d, r) = flip_every_bit(decl, bundle);
            assert!(
                wrong.is_empty(),
                "{} {bundle:02x?}:\n{}",
                decl.name,
                wrong.join("\n")
            );
            (decoded, refused) = (decoded + d, refused + r);
        }
        // Every op refuses some flips (its header) and, but for the opcode byte and the
        // header, an unrecovered layout accepts every one.
        assert!(
            refused > 0 && decoded > 0,
            "{}: {decoded} decoded, {refused} refused",
            decl.name
        );
        if let LayoutStatus::Unrecovered(_) = decl.layout {
            assert!(decoded >= 8 * 480, "{}: every body flip decodes", decl.name);
        }
    }
}

/// What `bytes`, a member of `Op`, are to `Bundle::decode`, to `Bundle::fixed_ok`, and to a walk
/// of their fields (`text_fields`, which stops at the first field that does not decode): whether
/// each finds them sound.
struct ThreeWays<'a>(&'a [u8]);

impl PerMember for ThreeWays<'_> {
    type Output = (bool, bool, bool);

    fn call<B: Bundle>(self) -> (bool, bool, bool) {
        let wire = B::view_prefix(self.0).expect("a whole bundle");
        let fields = text_fields::<B, _>(wire, &mut String::new()).is_ok();
        (B::decode(wire).is_ok(), B::fixed_ok(wire), fields)
    }
}

/// A bundle decodes exactly when its fixed bits are right (`Bundle::fixed_ok`) and a walk of its
/// fields finds every one decodable: what lets a walk that meets every field (the rows of
/// `tables()`) check the fixed bits instead of decoding first. Every flip of valid bundles of
/// every op, each of the three ways; a flip whose opcode no op claims has no member to ask, and
/// `decode_any` refuses it.
#[test]
fn a_bundle_decodes_exactly_when_its_fixed_bits_are_right_and_every_field_decodes() {
    let mut rng = SplitMix64::new(0xF1_0ED);
    let (mut fixed_wrong, mut field_wrong, mut sound) = (0, 0, 0);
    for decl in DECLARATIONS {
        for bundle in valid(decl, 4, &mut rng) {
            for bit in 0..BUNDLE_SIZE * 8 {
                let mut flipped = bundle;
                flipped[bit / 8] ^= 1 << (bit % 8);
                let Some(m) = Op::member_index(&flipped) else {
                    assert!(decode_any(&flipped).is_err(), "{} bit {bit}", decl.name);
                    continue;
                };
                let (decodes, fixed, fields) =
                    Op::for_member(m, ThreeWays(&flipped)).expect("a member index");
                assert_eq!(
                    decodes,
                    fixed && fields,
                    "{} bit {bit}: fixed bits right {fixed}, every field decodes {fields}",
                    decl.name
                );
                fixed_wrong += usize::from(!fixed);
                field_wrong += usize::from(fixed && !fields);
                sound += usize::from(decodes);
            }
        }
    }
    // Each side of the rule is met by many flips.
    assert!(
        fixed_wrong > 4000 && field_wrong > 500 && sound > 20_000,
        "{fixed_wrong} with wrong fixed bits, {field_wrong} with a field that does not decode, {sound} sound"
    );
}

/// TSHUF's example block (seed 004): `BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2,
/// pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP`.
const TSHUF_WORDS: [u32; 5] = [
    0xCF61_9181,
    0x0000_1FA3,
    0x081B_4213,
    0x0001_0013,
    0x0000_0001,
];

#[test]
fn every_flip_of_the_tshuf_block_words_decodes_or_is_refused_at_the_flipped_field() {
    for word in TSHUF_WORDS {
        let kind = decode_word(word).expect("the example word decodes").kind();
        for bit in 0..32 {
            let flipped = word ^ 1 << bit;
            match decode_word(flipped) {
                Ok(w) => assert_eq!(w.encode(), Ok(flipped), "{word:#010x} bit {bit}"),
                // The identity bits changed: no word type, or another one.
                Err(WordError::Unknown { .. }) => {}
                Err(WordError::Decode(e)) => {
                    // Still the same word type: the error is at the flipped bit's field. Another
                    // type: at one of that type's fields.
                    let now = isa::ops::pto::identify(flipped).unwrap();
                    let row = now.fields().iter().find(|f| f.name == e.at.field);
                    assert!(
                        row.is_some_and(|f| crate::common::byte_extent(f).contains(&e.at.offset)
                            && (now != kind || (f.first_bit()..=f.last_bit()).contains(&bit))),
                        "{kind} {word:#010x} bit {bit} -> {now}: {e}"
                    );
                }
            }
        }
    }
}
