//! Any bytes through the 64-byte dispatch: `decode_any` never panics; a bundle that decodes
//! passes through every validator, every message prints, and it encodes back to the same bytes
//! and decodes to the same value.
#![no_main]

use isa_ops::{bundles, decode_any};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match decode_any(data) {
        Ok(op) => {
            for finding in op.validate() {
                let _ = finding.to_string();
            }
            let bytes = op.to_bytes().expect("a decoded bundle encodes");
            assert_eq!(&bytes[..], &data[..64], "{} re-encodes to its bytes", op.name());
            assert_eq!(decode_any(&bytes).as_ref(), Ok(&op), "and decodes to itself");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    // The stream walker over the same bytes: every bundle, then the trailing report.
    let mut seen = 0;
    for item in bundles(data) {
        match item {
            Ok(located) => {
                seen += 64;
                if let Ok(view) = located.view {
                    let _ = view.decode();
                }
            }
            Err(trailing) => seen += trailing.len,
        }
    }
    assert_eq!(seen, data.len(), "the walker drops nothing");
});
