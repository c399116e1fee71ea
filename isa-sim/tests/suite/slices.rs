//! The run-at-a-time conversions (`numeric::slice`) give, element for element, the bits of the
//! one-element conversions `Format::to_f32` and `Format::from_f32` (which
//! `tests/suite/conversions.rs` holds to ml_dtypes' golden tables): every code of the 8- and 16-bit
//! formats, the golden tables' fp32 inputs, and a sweep of fp32 bit patterns with every rounding
//! edge of bf16. The integer bf16 rounding is also held to the `half` crate's.

use std::fs;
use std::path::PathBuf;

use isa_sim::numeric::Format;
use isa_sim::numeric::slice::{encode_bits, encode_f32, extend_bits, extend_f32, extend_nonzero};

/// The fp32 inputs of the golden encode table of `format` (none for fp32 and the integers).
fn golden_inputs(format: Format) -> Vec<f32> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("golden/tables")
        .join(format!("{}.encode", format.ml_dtypes_name()));
    let Ok(text) = fs::read_to_string(&path) else {
        return Vec::new();
    };
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .map(|(input, _)| f32::from_bits(u32::from_str_radix(input, 16).expect("hex")))
        .collect()
}

/// fp32 bit patterns: a stride over all 2^32, and around every 65536th pattern the values whose
/// low half sits at a bf16 rounding edge (just below, at and just above one half, and the
/// extremes), so every tie and every carry into the exponent is met, NaNs and infinities
/// included.
fn sweep() -> Vec<f32> {
    let strided = (0..=u32::MAX).step_by(4099);
    let edges = (0..=u16::MAX).flat_map(|high| {
        let high = u32::from(high) << 16;
        [0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF].map(|low| high | low)
    });
    strided.chain(edges).map(f32::from_bits).collect()
}

/// Every code a format of `format.bytes()` bytes can hold, for the formats of one or two
/// bytes; a sample of codes for the wider ones.
fn codes(format: Format) -> Vec<u64> {
    match format.bytes() {
        1 => (0..=0xFF).collect(),
        2 => (0..=0xFFFF).collect(),
        _ => (0..=u32::MAX)
            .step_by(65521)
            .map(|c| u64::from(c).wrapping_mul(0x9E37_79B9_7F4A_7C15) & format.mask())
            .chain([
                0,
                1,
                format.mask(),
                format.mask() >> 1,
                (format.mask() >> 1) + 1,
            ])
            .collect(),
    }
}

/// The little-endian element bytes of `codes` in `format`, built here byte by byte.
fn element_bytes(format: Format, codes: &[u64]) -> Vec<u8> {
    codes
        .iter()
        .flat_map(|c| c.to_le_bytes().into_iter().take(format.bytes()))
        .collect()
}

#[test]
fn decoding_a_run_gives_the_bits_of_each_element_decoded_alone() {
    for format in Format::ALL {
        let codes = codes(format);
        let mut values = Vec::new();
        extend_f32(format, &element_bytes(format, &codes), &mut values);
        assert_eq!(values.len(), codes.len(), "{format:?}");
        for (code, value) in codes.iter().zip(&values) {
            let alone = format.to_f32(*code);
            assert_eq!(
                value.to_bits(),
                alone.to_bits(),
                "{format:?} code {code:#x}: {value} in a run, {alone} alone"
            );
        }
    }
}

#[test]
fn encoding_a_run_gives_the_code_of_each_value_encoded_alone() {
    let sweep = sweep();
    for format in Format::ALL {
        let values: Vec<f32> = golden_inputs(format)
            .into_iter()
            .chain(sweep.iter().copied())
            .collect();
        let mut bytes = vec![0xA5; values.len() * format.bytes()];
        encode_f32(format, &values, &mut bytes);
        let mut codes = Vec::new();
        extend_bits(format.bytes(), &bytes, &mut codes);
        for (value, code) in values.iter().zip(&codes) {
            let alone = format.from_f32(*value);
            assert_eq!(
                *code,
                alone,
                "{format:?} of {value} ({:#010x}): {code:#x} in a run, {alone:#x} alone",
                value.to_bits()
            );
        }
    }
}

#[test]
fn bits_written_and_read_by_the_run_codecs_are_the_codes() {
    for format in Format::ALL {
        let codes = codes(format);
        let mut bytes = vec![0; codes.len() * format.bytes()];
        encode_bits(format, &mut bytes, codes.iter().copied());
        assert_eq!(bytes, element_bytes(format, &codes), "{format:?}");
        let mut back = Vec::new();
        extend_bits(format.bytes(), &bytes, &mut back);
        assert_eq!(back, codes, "{format:?}");
    }
}

#[test]
fn a_run_of_lanes_is_true_where_the_element_alone_is_not_zero() {
    for format in Format::ALL {
        let codes = codes(format);
        let mut lanes = Vec::new();
        extend_nonzero(format, &element_bytes(format, &codes), &mut lanes);
        assert_eq!(lanes.len(), codes.len(), "{format:?}");
        for (code, lane) in codes.iter().zip(&lanes) {
            let alone = if format.is_float() {
                format.to_f32(*code) != 0.0
            } else {
                format.to_i64(*code) != 0
            };
            assert_eq!(*lane, alone, "{format:?} code {code:#x}");
        }
    }
}

#[test]
fn bf16_rounding_by_integer_arithmetic_is_the_half_crates() {
    for x in sweep() {
        let ours = Format::BFloat16.from_f32(x);
        let theirs = u64::from(half::bf16::from_f32(x).to_bits());
        assert_eq!(ours, theirs, "{x} ({:#010x})", x.to_bits());
    }
    for code in 0..=u16::MAX {
        let ours = Format::BFloat16.to_f32(u64::from(code)).to_bits();
        let theirs = half::bf16::from_bits(code).to_f32().to_bits();
        assert_eq!(ours, theirs, "code {code:#06x}");
    }
}

#[test]
fn a_partial_element_at_the_end_of_a_run_is_ignored() {
    let mut values = Vec::new();
    extend_f32(Format::BFloat16, &[0x80, 0x3F, 0x00], &mut values);
    assert_eq!(values, [1.0]);
    let mut bytes = [0xEE; 5];
    encode_f32(Format::Float32, &[2.0, 3.0], &mut bytes);
    assert_eq!(bytes, [0x00, 0x00, 0x00, 0x40, 0xEE]);
}
