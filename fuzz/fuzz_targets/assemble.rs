//! Any bytes as a listing, as `isa encode` reads it, in both modes: no panic on any text. What
//! assembles is a stream whose listing assembles back to it again (a line's fields are read by
//! type, so the second round must agree with the first byte for byte).
#![no_main]

use isa_host::{BuiltIn, assemble, assemble_words, disassemble, disassemble_words};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(stream) = assemble::<BuiltIn>(text) {
        let again = assemble::<BuiltIn>(&disassemble::<BuiltIn>(&stream));
        assert_eq!(again.as_ref(), Ok(&stream), "the listing of an assembled stream reads back");
    }
    if let Ok(stream) = assemble_words::<BuiltIn>(text) {
        let again = assemble_words::<BuiltIn>(&disassemble_words::<BuiltIn>(&stream));
        assert_eq!(again.as_ref(), Ok(&stream), "the listing of assembled words reads back");
    }
});
