//! Any bytes as one JSON Lines record, as `isa encode` reads it: serde_json into `Op`, then
//! encode. No panic; a record that encodes decodes back to a value that encodes to the same
//! bytes (equal to the record up to the canonical preimage of a shared table code).
#![no_main]

use isa_ops::{Op, decode_any};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(op) = serde_json::from_slice::<Op>(data) else {
        return;
    };
    let Ok(bytes) = op.to_bytes() else {
        return;
    };
    let back = decode_any(&bytes).expect("an encoded bundle decodes");
    assert_eq!(back.to_bytes(), Ok(bytes), "{} is stable after one round", op.name());
    let _ = serde_json::to_string(&back).expect("a decoded bundle serializes");
});
