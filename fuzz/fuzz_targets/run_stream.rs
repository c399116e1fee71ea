//! Any bytes as a bundle stream run on a machine with some defined memory: the simulator never
//! panics (the body is `src/run_stream.rs`, which isa-sim's tests also run).
#![no_main]

#[path = "../src/run_stream.rs"]
mod run_stream;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| run_stream::run_stream(data));
