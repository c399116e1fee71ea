//! Seed 002's own narrowing of a step and a count to their 16-bit words, as the explicit mode
//! `Narrowing::Compiler` of the packer, beside the default that refuses every out-of-range value.
//!
//! The seed (CONFIRMED), on the stride writer `sub_116ca30`: "it sign-extends the low 16 bits
//! (movswq %ax,%rcx @ 0x116ca4c) and compares the sign of the full 64-bit AP step against the
//! sign of the truncated i16 (setg/setg), raising an error only if truncation flipped the sign".
//! On the count writer `sub_116d620`: "the classic unsigned narrowing check (and $0xffff,esi @
//! 0x116d63f, then a setne/setne comparing 'full value nonzero' against 'low-16 nonzero' — no
//! sign extension)". Every expected word below is worked out by hand from those statements.

use isa_core::{
    AccessPattern, Addr4, ApPair, Field, Narrowing, PackError, Tensor, Tensor2d, Tensor3d,
};
use proptest::prelude::*;
use zerocopy::IntoBytes;

/// A static pattern with the partition axis {1, 128} followed by `free` ({step, num}, outermost
/// first).
fn ap(free: &[(i64, u64)]) -> AccessPattern {
    let mut pattern = vec![ApPair { step: 1, num: 128 }];
    pattern.extend(free.iter().map(|&(step, num)| ApPair { step, num }));
    AccessPattern {
        start: Addr4::from_raw(0),
        pattern,
        indirect: false,
    }
}

/// The descriptor's bytes after the ADDR4 word.
fn free_part<const N: usize>(t: &Tensor<N>) -> Vec<u8> {
    t.to_wire().unwrap().as_bytes()[4..].to_vec()
}

#[test]
fn seed_002_the_compiler_packs_70000_as_4464() {
    // 70000 = 0x1_1170: the low 16 bits are 0x1170 = 4464, positive, nonzero.
    let t = Tensor2d::pack_with(&ap(&[(70000, 70000)]), Narrowing::Compiler).unwrap();
    assert_eq!((t.strides, t.nums), ([4464, 1], [4464, 1]));
    assert_eq!(
        free_part(&t),
        [0x70, 0x11, 0x01, 0x00, 0x70, 0x11, 0x01, 0x00]
    );
    // A negative step keeps its sign: -70000 = ...FFFE_EE90, low 16 bits 0xEE90 = -4464.
    let t = Tensor2d::pack_with(&ap(&[(-70000, 3)]), Narrowing::Compiler).unwrap();
    assert_eq!(free_part(&t)[..2], [0x90, 0xEE]);
}

#[test]
fn seed_002_by_default_70000_is_refused_not_narrowed() {
    let err = Tensor2d::pack(&ap(&[(70000, 2)]));
    let expected = PackError::StrideOutOfRange {
        step: 70000,
        dim: 1,
        slot: 0,
        at: 0x4,
    };
    assert_eq!(err, Err(expected));
    assert_eq!(
        Tensor2d::pack_with(&ap(&[(70000, 2)]), Narrowing::Refuse),
        Err(expected)
    );
    assert_eq!(
        Tensor2d::pack(&ap(&[(1, 70000)])),
        Err(PackError::CountOutOfRange {
            num: 70000,
            dim: 1,
            slot: 0,
            at: 0x8
        })
    );
    assert_eq!(Narrowing::default(), Narrowing::Refuse);
}

#[test]
fn seed_002_a_stride_whose_truncation_flips_the_sign_is_refused() {
    // (step, its low 16 bits as i16): positive to negative, negative to positive, positive to 0.
    for (step, word) in [(32768, -32768), (-32769, 32767), (65536, 0)] {
        let err = Tensor3d::pack_with(&ap(&[(step, 2), (1, 3)]), Narrowing::Compiler);
        assert_eq!(
            err,
            Err(PackError::StrideSignFlipped {
                step,
                word,
                dim: 1,
                slot: 1,
                at: 0x6
            }),
            "{step}"
        );
    }
    let text = Tensor3d::pack_with(&ap(&[(32768, 2)]), Narrowing::Compiler)
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("32768") && text.contains("-32768") && text.contains("0x04"),
        "{text}"
    );
}

#[test]
fn seed_002_a_stride_that_keeps_its_sign_is_written_truncated() {
    // -65536 truncates to 0: neither is positive, so the setg/setg guard passes.
    for (step, bytes) in [
        (-65536, [0x00, 0x00]),
        (65537, [0x01, 0x00]),
        (-1, [0xFF, 0xFF]),
    ] {
        let t = Tensor2d::pack_with(&ap(&[(step, 2)]), Narrowing::Compiler).unwrap();
        assert_eq!(free_part(&t)[..2], bytes, "{step}");
    }
}

#[test]
fn seed_002_a_count_whose_low_16_bits_are_zero_is_refused() {
    for num in [65536, 131072, 1 << 40] {
        let err = Tensor3d::pack_with(&ap(&[(1, num)]), Narrowing::Compiler);
        assert_eq!(
            err,
            Err(PackError::CountNarrowedToZero {
                num,
                dim: 1,
                slot: 0,
                at: 0xA
            }),
            "{num}"
        );
    }
    let text = Tensor3d::pack_with(&ap(&[(1, 65536)]), Narrowing::Compiler)
        .unwrap_err()
        .to_string();
    assert!(text.contains("65536") && text.contains("0x0a"), "{text}");
    // 65537 narrows to 1; a count of 0 stays 0 (full and low both zero): the validator's rule.
    let t = Tensor3d::pack_with(&ap(&[(1, 65537), (1, 0)]), Narrowing::Compiler).unwrap();
    assert_eq!(t.nums, [0, 1, 1]);
    let t = Tensor3d::pack_with(&ap(&[(1, 65537)]), Narrowing::Compiler).unwrap();
    assert_eq!(t.nums, [1, 1, 1]);
}

proptest! {
    /// Both modes agree wherever the values fit their words; the compiler's mode writes the low
    /// 16 bits (Rust's `as` narrowing) unless seed 002's guards fire.
    #[test]
    fn the_compiler_mode_is_the_low_16_bits_under_the_seeds_guards(
        step in any::<i64>(),
        num in 2u64..,
    ) {
        let pattern = ap(&[(step, num)]);
        let word = step as i16;
        let count = num as u16;
        let got = Tensor2d::pack_with(&pattern, Narrowing::Compiler);
        if (step > 0) != (word > 0) {
            prop_assert!(matches!(got, Err(PackError::StrideSignFlipped { .. })), "{:?}", got);
        } else if count == 0 {
            prop_assert!(matches!(got, Err(PackError::CountNarrowedToZero { .. })), "{:?}", got);
        } else {
            let t = got.unwrap();
            prop_assert_eq!((t.strides[0], t.nums[0]), (word, count));
        }
        if i16::try_from(step).is_ok() && u16::try_from(num).is_ok() {
            prop_assert_eq!(Tensor2d::pack(&pattern), Tensor2d::pack_with(&pattern, Narrowing::Compiler));
        }
    }
}
