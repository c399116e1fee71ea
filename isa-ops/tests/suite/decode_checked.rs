//! `Op::decode_checked` is `decode_any` then `check` with one dispatch: the same result and the
//! same findings for every bundle, decodable or not.

use isa_core::Findings;
use isa_ops::sample::{SplitMix64, valid};
use isa_ops::{DECLARATIONS, Op, decode_any};

/// Both ways on `bytes`; returns how many findings.
fn same_both_ways(bytes: &[u8]) -> usize {
    let mut apart = Findings::new();
    let decoded = decode_any(bytes);
    if let Ok(op) = &decoded {
        op.check(&mut apart);
    }
    // The buffer keeps what is already in it, as `check` does.
    let mut fused: Findings = apart.iter().take(1).copied().collect();
    let kept = fused.len();
    assert_eq!(Op::decode_checked(bytes, &mut fused), decoded);
    assert_eq!(&fused[kept..], &apart[..]);
    apart.len()
}

#[test]
fn every_op_decodes_and_finds_the_same_in_one_dispatch_as_in_two() {
    let mut rng = SplitMix64::new(0x5EED_00D1);
    let (mut bundles, mut findings, mut refused) = (0, 0, 0);
    for decl in DECLARATIONS {
        for sample in valid(decl, 64, &mut rng) {
            findings += same_both_ways(&sample);
            bundles += 1;
            // The same bundle with one bit flipped: most still decode, some are refused.
            let mut flipped = sample;
            let bit = (rng.next_u64() % 512) as usize;
            flipped[bit / 8] ^= 1 << (bit % 8);
            findings += same_both_ways(&flipped);
            refused += usize::from(decode_any(&flipped).is_err());
            // Cut short: refused as truncated, nothing found.
            assert_eq!(same_both_ways(&sample[..63]), 0);
        }
    }
    assert!(bundles > 500, "{bundles} samples");
    assert!(findings > bundles, "{findings} findings");
    assert!(refused > 0, "no flipped bundle was refused");
}
