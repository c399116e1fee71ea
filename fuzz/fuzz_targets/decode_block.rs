//! Any bytes, read as little-endian 32-bit words, through the PTO block decoder: no panic; a
//! block that decodes encodes back to the words it took and prints to assembly text that
//! parses back to it. The same bytes as text go through the assembly parser.
#![no_main]

use isa_ops::pto::{decode_block, decode_word, parse_block};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let words: Vec<u32> = data
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    for &w in &words {
        if let Ok(word) = decode_word(w) {
            assert_eq!(word.encode(), Ok(w), "{word} re-encodes");
        }
    }
    match decode_block(&words) {
        Ok((block, took)) => {
            assert_eq!(block.encode().as_deref(), Ok(&words[..took]));
            let text = block.to_string();
            assert_eq!(parse_block(&text), Ok(block), "{text}");
        }
        Err(e) => assert!(e.index() <= words.len(), "{e}"),
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(block) = parse_block(text) {
            let printed = block.to_string();
            assert_eq!(parse_block(&printed), Ok(block), "{text:?} printed {printed:?}");
        }
    }
});
