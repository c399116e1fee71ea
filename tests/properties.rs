//! Properties over every declared op, driven by the declarations themselves (a new op is covered
//! without a new test): no input panics, and every bundle that decodes encodes back to the same
//! bytes.

use isa::ops::sample::{SplitMix64, shaped, valid};
use isa::ops::{DECLARATIONS, decode_any};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn any_64_bytes_decode_or_fail_cleanly_and_round_trip(bytes in proptest::array::uniform32(any::<u8>()), rest in proptest::array::uniform32(any::<u8>())) {
        let mut b = [0u8; 64];
        b[..32].copy_from_slice(&bytes);
        b[32..].copy_from_slice(&rest);
        if let Ok(op) = decode_any(&b) {
            prop_assert_eq!(op.to_bytes().unwrap(), b);
        }
    }

    #[test]
    fn any_short_buffer_is_refused_not_read(len in 0usize..64, fill in any::<u8>()) {
        let b = vec![fill; len];
        prop_assert!(decode_any(&b).is_err());
    }

    #[test]
    fn shaped_bundles_of_every_op_round_trip(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for decl in DECLARATIONS {
            let b = shaped(decl, &mut rng);
            if let Ok(op) = decode_any(&b) {
                prop_assert_eq!(op.name(), decl.name);
                let again = op.to_bytes().unwrap();
                prop_assert_eq!(again, b);
                // Decoding the re-encoded bytes gives the same logical value (canonical preimages).
                prop_assert_eq!(decode_any(&again).unwrap(), op);
            }
        }
    }
}

#[test]
fn every_op_has_shaped_bundles_that_decode() {
    // The round-trip property above is only worth something if decoding succeeds often.
    let mut rng = SplitMix64::new(7);
    for decl in DECLARATIONS {
        let found = valid(decl, 32, &mut rng);
        assert_eq!(
            found.len(),
            32,
            "{}: only {} of 32 shaped bundles decode",
            decl.name,
            found.len()
        );
    }
}
