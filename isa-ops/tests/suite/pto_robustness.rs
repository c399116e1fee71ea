//! No input makes the PTO block-word decoders or the assembly parser panic, and what they accept
//! is stable:
//! - any 32-bit word goes through [`decode_word`]: a word that decodes encodes back to itself, a
//!   word that is refused is refused at a field of its word type, inside that field's bits;
//! - any word sequence goes through [`decode_block`]: a block that decodes re-encodes to the
//!   words it took, and prints to text that parses back to it;
//! - any string goes through [`parse_block`] and [`parse_word`]: whatever parses prints to text
//!   that parses back to the same value, and printing that again gives the same text.
//!
//! Sequences and texts are drawn near the valid ones (TSHUF's composition with random fields,
//! the assembly grammar with random operands and stray tokens) as well as at random.

use isa_core::Problem;
use isa_ops::pto::{
    Gpr, IDENTITIES, Layout, TSHUF_FUNCTION, TSHUF_MODE, TileDataType, TileSize, TshufBlock,
    WordError, datr_layout, decode_block, decode_word, parse_block, parse_word,
};
use proptest::prelude::*;

/// A word carrying one block word type's identity, its other bits random.
fn shaped_word() -> impl Strategy<Value = u32> {
    (0..IDENTITIES.len(), any::<u32>()).prop_map(|(i, bits)| {
        let id = IDENTITIES[i];
        bits & !id.mask | id.value
    })
}

/// `bits` of a random value in the field-bit positions `mask` covers, mostly zero.
fn sometimes(mask: u32) -> impl Strategy<Value = u32> {
    prop_oneof![3 => Just(0u32), 1 => any::<u32>().prop_map(move |b| b & mask)]
}

/// A code from `valid` most of the time, else any code below `limit`.
fn code(valid: Vec<u32>, limit: u32) -> impl Strategy<Value = u32> {
    prop_oneof![6 => prop::sample::select(valid), 1 => 0..limit]
}

/// A word sequence in TSHUF's composition order with random fields, most of them right, then
/// disturbed: a word dropped, repeated, swapped or replaced, and words after the block.
fn near_block() -> impl Strategy<Value = Vec<u32>> {
    let dtypes = TileDataType::ALL
        .iter()
        .map(|t| u32::from(t.code()))
        .collect();
    let regs = || (1..24).collect::<Vec<u32>>();
    let bstart = (code(dtypes, 32), sometimes(0x07F0_0000)).prop_map(|(dt, noise)| {
        dt << 27 | u32::from(TSHUF_MODE) << 25 | u32::from(TSHUF_FUNCTION) << 20 | 0x1_9181 ^ noise
    });
    let layouts = Layout::ALL
        .iter()
        .filter_map(|&l| datr_layout::code_of(l).ok())
        .map(u32::from)
        .collect();
    let datr = prop::option::of(
        (code(layouts, 32), sometimes(0xFFF0_0000 | 0x38000))
            .prop_map(|(l, n)| l << 7 | 0x1023 | n),
    );
    let dim = move |m: u32| {
        prop::option::of(
            (any::<u32>(), code(regs(), 32)).prop_map(move |(b, r)| b & !0x000F_F07F | r << 15 | m),
        )
    };
    let sizes = TileSize::ALL.iter().map(|s| u32::from(s.code())).collect();
    let iot =
        (any::<u32>(), code(sizes, 16)).prop_map(|(b, s)| b & !0x0007_F07F | s << 15 | 0x4013);
    let ior = (code(regs(), 32), sometimes(0xF9F0_0F80))
        .prop_map(|(r, n)| (r << 15 | 0x13 | n) & !0x0600_0000);
    let parts = (bstart, datr, dim(0x43), dim(0x1043), dim(0x2043), iot, ior);
    let edit = prop_oneof![
        4 => Just(None),
        1 => (0usize..8, 0usize..8, 0u8..4, any::<u32>(), any::<u32>()).prop_map(Some),
    ];
    (parts, edit, prop::collection::vec(shaped_word(), 0..3)).prop_map(
        |((b, d, l0, l1, l2, t, r), edit, after)| {
            let mut words = vec![b];
            words.extend(d);
            words.extend(l0);
            words.extend(l1);
            words.extend(l2);
            words.extend([t, r, 0x0000_0001]);
            if let Some((i, j, what, word, bit)) = edit {
                let (i, j) = (i % words.len(), j % words.len());
                match what {
                    0 => drop(words.remove(i)),
                    1 => words.insert(j, words[i]),
                    2 => words.swap(i, j),
                    _ => words[i] = word ^ 1 << (bit % 32),
                }
            }
            words.extend(after);
            words
        },
    )
}

/// A number as the assembly may spell it: decimal or `0x` hexadecimal, of random magnitude.
fn number() -> impl Strategy<Value = String> {
    (0u32..=64, any::<u64>(), any::<bool>()).prop_map(|(bits, v, hex)| {
        let v = if bits == 64 {
            v
        } else {
            v & ((1u64 << bits) - 1)
        };
        if hex {
            format!("0x{v:x}")
        } else {
            v.to_string()
        }
    })
}

/// One of `names`, or (rarely) a stray token.
fn name(names: Vec<&'static str>) -> impl Strategy<Value = String> {
    prop_oneof![
        8 => prop::sample::select(names).prop_map(str::to_owned),
        1 => "[A-Za-z0-9_<>=.-]{0,6}",
    ]
}

fn gpr() -> impl Strategy<Value = String> {
    name(Gpr::ALL.iter().map(|g| g.name()).collect())
}

fn tile() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u32..4).prop_map(|t| format!("t{t}")),
        2 => (0u32..80).prop_map(|t| format!("t{t}")),
        1 => "t?[0-9a-z]{0,4}",
    ]
}

/// One block word's text, drawn from the assembly grammar with random operands, or any text.
fn word_text() -> impl Strategy<Value = String> {
    let dtype = || name(TileDataType::ALL.iter().map(|t| t.name()).collect());
    let layout = name(Layout::ALL.iter().map(|l| l.name()).collect());
    let size = name(TileSize::ALL.iter().map(|s| s.name()).collect());
    let datr_option = prop_oneof![
        (dtype(), any::<bool>()).prop_map(|(d, none)| format!(
            "dtype={}",
            if none { "DTYPE_NONE".to_owned() } else { d }
        )),
        (
            prop::sample::select(vec!["cmode", "pad", "rmode"]),
            number()
        )
            .prop_map(|(k, n)| format!("{k}={n}")),
        prop::sample::select(vec!["sat", "canonicalize", "sat=1", "bogus"]).prop_map(str::to_owned),
    ];
    prop_oneof![
        dtype().prop_map(|d| format!("BSTART.SFU TSHUF, {d}")),
        (number(), number(), dtype()).prop_map(|(m, f, d)| format!("BSTART.TEPL {m}, {f}, {d}")),
        (layout, prop::collection::vec(datr_option, 0..3))
            .prop_map(|(l, o)| [vec![l], o].concat().join(", "))
            .prop_map(|ops| format!("B.DATR {ops}")),
        (gpr(), number(), 0u8..4).prop_map(|(r, n, lb)| format!("B.DIM {r}, {n}, ->LB{lb}")),
        (tile(), tile(), number(), any::<bool>(), tile(), size).prop_map(
            |(s0, s1, pe, last, d, size)| format!(
                "B.IOT {s0}, {s1}, pe={pe}{}, ->{d}<{size}>",
                if last { ", last" } else { "" }
            )
        ),
        (prop::collection::vec(gpr(), 0..4), prop::option::of(gpr())).prop_map(|(srcs, dst)| {
            let mut ops = srcs;
            ops.extend(dst.map(|d| format!("->{d}")));
            format!("B.IOR {}", ops.join(", "))
        }),
        Just("BSTOP".to_owned()),
        "\\PC{0,24}",
    ]
}

/// A block's text: words from the grammar, joined as the assembly allows.
fn block_text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(word_text(), 0..9),
        prop::sample::select(vec!["; ", ";", "\n", " ;\n "]),
    )
        .prop_map(|(words, sep)| words.join(sep))
}

/// TSHUF's composition with every part present and every operand drawn from the grammar.
fn full_block_text() -> impl Strategy<Value = String> {
    let dtype = name(TileDataType::ALL.iter().map(|t| t.name()).collect());
    let layout = name(Layout::ALL.iter().map(|l| l.name()).collect());
    let size = name(TileSize::ALL.iter().map(|s| s.name()).collect());
    (dtype, layout, tile(), tile(), 0u8..8, tile(), size, gpr()).prop_map(
        |(d, l, s0, s1, pe, dst, size, r)| {
            format!("BSTART.SFU TSHUF, {d}; B.DATR {l}; B.IOT {s0}, {s1}, pe={pe}, ->{dst}<{size}>; B.IOR {r}; BSTOP")
        },
    )
}

/// Everything that holds of one text: no panic; a parsed block prints to text that parses back
/// to it, and prints the same again; each word that parses on its own does the same.
fn text_is_stable(text: &str) -> Result<bool, TestCaseError> {
    for part in text.split([';', '\n']) {
        if let Ok(word) = parse_word(part) {
            let printed = word.to_string();
            prop_assert_eq!(
                parse_word(&printed),
                Ok(word),
                "{:?} printed {:?}",
                part,
                printed
            );
        }
    }
    match parse_block(text) {
        Ok(block) => {
            let printed = block.to_string();
            prop_assert_eq!(
                parse_block(&printed),
                Ok(block),
                "{:?} printed {:?}",
                text,
                printed
            );
            prop_assert_eq!(parse_block(&printed).map(|b| b.to_string()), Ok(printed));
            prop_assert_eq!(
                decode_block(&block.encode().unwrap()).map(|(b, _)| b),
                Ok(block)
            );
            Ok(true)
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            Ok(false)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16384))]

    /// 16384 cases of any word, 16384 of words carrying an identity.
    #[test]
    fn any_word_decodes_and_encodes_back_or_is_refused_at_a_field(
        word in any::<u32>(),
        shaped in shaped_word(),
    ) {
        for w in [word, shaped] {
            match decode_word(w) {
                Ok(decoded) => prop_assert_eq!(decoded.encode(), Ok(w)),
                Err(WordError::Unknown { word }) => prop_assert_eq!(word, w),
                Err(WordError::Decode(e)) => {
                    prop_assert!(!e.to_string().is_empty());
                    let kind = isa_ops::pto::identify(w).unwrap();
                    let row = kind.fields().iter().find(|f| f.name == e.at.field);
                    prop_assert!(row.is_some(), "{}", e);
                    let f = row.unwrap();
                    prop_assert!((f.first_bit() / 8..=f.last_bit() / 8).contains(&e.at.offset), "{}", e);
                    // The field's own bits are what is wrong with the word.
                    prop_assert!(matches!(
                        e.problem,
                        Problem::UnknownCode { .. } | Problem::TooWide { .. }
                    ), "{}", e);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// 4096 cases of any word sequence, 4096 of sequences near TSHUF's composition.
    #[test]
    fn any_word_sequence_decodes_to_a_block_that_re_encodes_or_is_refused(
        any_words in prop::collection::vec(prop_oneof![any::<u32>(), shaped_word()], 0..10),
        near in near_block(),
    ) {
        for words in [any_words, near] {
            match decode_block(&words) {
                Ok((block, took)) => {
                    prop_assert!(took <= words.len());
                    prop_assert_eq!(block.encode(), Ok(words[..took].to_vec()));
                    prop_assert_eq!(parse_block(&block.to_string()), Ok(block));
                }
                Err(e) => {
                    prop_assert!(e.index() <= words.len(), "{}", e);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }

    /// 4096 cases of any text, 4096 of texts from the assembly grammar, 4096 of whole blocks.
    #[test]
    fn any_text_parses_to_a_stable_block_or_is_refused(
        junk in "\\PC{0,64}",
        text in block_text(),
        full in full_block_text(),
    ) {
        text_is_stable(&junk)?;
        text_is_stable(&text)?;
        text_is_stable(&full)?;
    }
}

#[test]
fn the_drawn_sequences_and_texts_decode_often_enough_to_test_the_round_trips() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut decoded = 0;
    for _ in 0..512 {
        let words = near_block().new_tree(&mut runner).unwrap().current();
        decoded += usize::from(decode_block(&words).is_ok());
    }
    assert!(decoded > 64, "{decoded} of 512 sequences decode");
    let mut parsed = 0;
    for _ in 0..512 {
        let text = full_block_text().new_tree(&mut runner).unwrap().current();
        parsed += usize::from(text_is_stable(&text).unwrap_or(false));
    }
    assert!(parsed > 64, "{parsed} of 512 texts parse");
}

#[test]
fn the_seed_block_text_is_stable() {
    // Seed 004's example block, as the assembly writes it.
    let text = "BSTART.SFU TSHUF, U32; B.DATR CUBE_M16; B.IOT t1, t2, pe=1, last, ->t0<4KB>; B.IOR a0; BSTOP";
    assert_eq!(text_is_stable(text).ok(), Some(true));
    let block: TshufBlock = text.parse().unwrap();
    assert_eq!(block.to_string(), text);
}
