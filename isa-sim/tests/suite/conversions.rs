//! Every float conversion against ml_dtypes 0.6.0: the golden tables of
//! `isa-sim/golden/tables`, written by `golden/generate.py` from ml_dtypes (an independent
//! implementation), compared entry by entry with `Format::to_f32` and `Format::from_f32`.

use std::fs;
use std::path::PathBuf;

use isa_sim::numeric::Format;

/// The float formats the tables cover: every one but fp32, which converts by identity.
fn tabled() -> impl Iterator<Item = Format> {
    Format::ALL
        .into_iter()
        .filter(|format| format.is_float() && *format != Format::Float32)
}

/// The `(left, right)` hex pairs of one table file, `#` lines skipped.
fn table(format: Format, kind: &str) -> Vec<(u64, u64)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("golden/tables")
        .join(format!("{}.{kind}", format.ml_dtypes_name()));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (left, right) = line.split_once(' ').expect("two hex fields a line");
            let hex = |s: &str| u64::from_str_radix(s, 16).expect("hex");
            (hex(left), hex(right))
        })
        .collect()
}

/// Two fp32 results agree: the same bits, or both NaN with the same sign (ml_dtypes keeps a NaN
/// code's sign; its payload is not part of the contract).
fn same_f32(actual: f32, expected: f32) -> bool {
    if expected.is_nan() {
        actual.is_nan() && actual.is_sign_negative() == expected.is_sign_negative()
    } else {
        actual.to_bits() == expected.to_bits()
    }
}

/// The report line of one format's mismatches (their count and the first few), if any.
fn report(format: Format, kind: &str, mismatches: &[String]) -> Option<String> {
    (!mismatches.is_empty()).then(|| {
        let first = mismatches
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n  ");
        format!(
            "{} {kind}: {} mismatches with ml_dtypes:\n  {first}",
            format.ml_dtypes_name(),
            mismatches.len()
        )
    })
}

/// Checks every tabled format, then fails with the report of each that has mismatches.
fn check_all(kind: &str, mismatches_of: impl Fn(Format) -> Vec<String>) {
    let reports: Vec<String> = tabled()
        .filter_map(|format| report(format, kind, &mismatches_of(format)))
        .collect();
    assert!(reports.is_empty(), "{}", reports.join("\n"));
}

#[test]
fn every_code_point_decodes_as_ml_dtypes() {
    check_all("decode", |format| {
        let rows = table(format, "decode");
        assert_eq!(
            rows.len() as u64,
            1 << format.bits(),
            "{format:?}: the sweep covers every code"
        );
        rows.iter()
            .filter_map(|&(code, bits)| {
                let (actual, expected) = (format.to_f32(code), f32::from_bits(bits as u32));
                (!same_f32(actual, expected))
                    .then(|| format!("code {code:#x}: got {actual:e} ({:#010x}), ml_dtypes {expected:e} ({bits:#010x})", actual.to_bits()))
            })
            .collect()
    });
}

#[test]
fn fp32_edges_and_random_values_round_as_ml_dtypes() {
    check_all("encode", |format| {
        // A NaN result may take any NaN code of the right sign: compare the codes' values.
        let decoded: Vec<f32> = table(format, "decode")
            .iter()
            .map(|&(_, bits)| f32::from_bits(bits as u32))
            .collect();
        let rows = table(format, "encode");
        assert!(rows.len() > 3000, "{format:?}: {} inputs", rows.len());
        rows.iter()
            .filter_map(|&(bits, code)| {
                let input = f32::from_bits(bits as u32);
                let actual = format.from_f32(input);
                let agree = actual == code
                    || (decoded[code as usize].is_nan()
                        && same_f32(decoded[actual as usize], decoded[code as usize]));
                (!agree).then(|| {
                    format!("fp32 {input:e} ({bits:#010x}): got {actual:#x}, ml_dtypes {code:#x}")
                })
            })
            .collect()
    });
}

#[test]
fn every_number_code_round_trips_through_fp32() {
    // Each format is a subset of fp32, so a code's value converts back to the same code; the
    // golden decode table says which codes are NaN (those need not keep their payload).
    check_all("round trip", |format| {
        table(format, "decode")
            .iter()
            .filter(|&&(_, bits)| !f32::from_bits(bits as u32).is_nan())
            .filter_map(|&(code, _)| {
                let back = format.from_f32(format.to_f32(code));
                (back != code).then(|| format!("code {code:#x} comes back as {back:#x}"))
            })
            .collect()
    });
}
