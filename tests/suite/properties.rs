//! Properties over every declared op, driven by the declarations themselves (a new op is covered
//! without a new test):
//! - no input panics: `decode_any`, every validator and every error message, on arbitrary bytes
//!   and on bytes shaped by the field table;
//! - every bundle that decodes encodes back to the same bytes, also in place over a buffer that
//!   held other bytes;
//! - a logical value encodes and decodes back to itself up to the canonical preimage of a
//!   many-to-one table (DESIGN: "decode(encode(x)) is x up to the documented canonical LUT
//!   preimages"): any preimage of a shared code encodes to that code, decodes to the canonical
//!   one, and the bytes are stable from then on;
//! - every decode error and every validator finding sits inside the field it names.
//!
//! Case counts are set per property; the whole file runs in a few seconds in a debug build.

use crate::common::{byte_extent, claimant, declaration, located, raw};
use isa::core::FieldKind;
use isa::core::LutRef;
use isa::ops::dispatch::Declaration;
use isa::ops::sample::{SplitMix64, shaped, valid};
use isa::ops::{DECLARATIONS, Op, decode_any, view_any};
use proptest::prelude::*;
use serde::Deserialize;
use serde_json::Value;

/// 64 arbitrary bytes.
fn bytes64() -> impl Strategy<Value = [u8; 64]> {
    (
        proptest::array::uniform32(any::<u8>()),
        proptest::array::uniform32(any::<u8>()),
    )
        .prop_map(|(a, b)| {
            let mut out = [0u8; 64];
            out[..32].copy_from_slice(&a);
            out[32..].copy_from_slice(&b);
            out
        })
}

/// Decodes `b` and, whatever the outcome, exercises everything a tool would do with it: the
/// message, the validators, the re-encoding. Returns the op when `b` decodes.
fn exercise(b: &[u8; 64]) -> Result<Option<Op>, TestCaseError> {
    match decode_any(b) {
        Ok(op) => {
            prop_assert_eq!(op.to_bytes().ok(), Some(*b), "{} re-encodes", op.name());
            for f in op.validate() {
                prop_assert!(!f.to_string().is_empty());
            }
            Ok(Some(op))
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            // An error after the opcode was recognised names a field of that op, inside it.
            if let Some(decl) = claimant(b[0])
                && view_any(b).is_ok()
            {
                prop_assert_eq!(located(decl, &e), Ok(()));
            }
            Ok(None)
        }
    }
}

/// Every finding of `op` names a field of its table and an offset inside that field.
fn findings_located(op: &Op) -> Result<(), TestCaseError> {
    let decl = declaration(op.name()).ok_or_else(|| TestCaseError::fail("undeclared op"))?;
    for f in op.validate() {
        let row = decl.fields.iter().find(|r| r.name == f.field);
        prop_assert!(
            row.is_some_and(|r| byte_extent(r).contains(&f.offset)),
            "{}: {f} is not inside field `{}` ({:?})",
            op.name(),
            f.field,
            row.map(byte_extent)
        );
    }
    Ok(())
}

/// Rewrites every many-to-one table field of `json` (the serde form of a bundle decoded from
/// `bytes`) to a preimage of its code other than the canonical one, chosen by `rng`. Returns how
/// many fields were rewritten.
fn non_canonical(
    decl: &Declaration,
    bytes: &[u8],
    json: &mut Value,
    rng: &mut SplitMix64,
) -> usize {
    let mut rewritten = 0;
    for f in decl.fields.iter().filter(|f| f.kind == FieldKind::Value) {
        let Some(lut) = f.lut else { continue };
        let pre = lut.preimages(raw(bytes, f));
        let others = pre.get(1..).unwrap_or_default();
        if others.is_empty() {
            continue;
        }
        let pick = others[(rng.next_u64() % others.len() as u64) as usize];
        if let Some(member) = json.get_mut(f.name) {
            *member = Value::from(pick);
            rewritten += 1;
        }
    }
    rewritten
}

/// Whether two serde forms of `decl` bundles are equal, a many-to-one table field being equal
/// when its two values have the same code.
fn same_up_to_preimage(decl: &Declaration, a: &Value, b: &Value) -> bool {
    let table = |name: &str| -> Option<LutRef> {
        decl.fields
            .iter()
            .find(|f| f.name == name)
            .and_then(|f| f.lut)
            .filter(|l| !l.one_to_one)
    };
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return false;
    };
    a.len() == b.len()
        && a.iter().all(|(k, va)| match (b.get(k), table(k)) {
            (Some(vb), Some(lut)) => {
                let code = |v: &Value| v.as_str().and_then(|n| lut.code_of(n));
                code(va).is_some() && code(va) == code(vb)
            }
            (Some(vb), None) => va == vb,
            (None, _) => false,
        })
}

/// Every table field of `json`, with probability 1/4, set to a value name drawn from every
/// table of every op whose field has the same type: often a value that the field's own table
/// cannot encode (an `alu_v4`-only op in an `alu_v2` field).
fn scramble_table_values(decl: &Declaration, json: &mut Value, rng: &mut SplitMix64) {
    for f in decl.fields.iter().filter(|f| f.lut.is_some()) {
        let names: Vec<&str> = DECLARATIONS
            .iter()
            .flat_map(|d| d.fields)
            .filter(|g| g.ty == f.ty)
            .filter_map(|g| g.lut)
            .flat_map(|lut| lut.entries())
            .map(|(name, _)| name)
            .collect();
        if rng.next_u64().is_multiple_of(4)
            && let Some(member) = json.get_mut(f.name)
            && let Some(pick) = names.get((rng.next_u64() % names.len() as u64) as usize)
        {
            *member = Value::from(*pick);
        }
    }
}

/// Every integer leaf of `json` replaced, with probability 1/16, by a random integer of random
/// magnitude (it may not fit its field; then encoding must refuse it, naming the field).
fn scramble_numbers(json: &mut Value, rng: &mut SplitMix64) {
    match json {
        Value::Number(n) if rng.next_u64().is_multiple_of(16) => {
            let bits = rng.next_u64() % 65;
            let v = if bits == 64 {
                rng.next_u64()
            } else {
                rng.next_u64() & ((1 << bits) - 1)
            };
            *n = if n.is_i64() && n.as_i64().is_some_and(|x| x < 0)
                || rng.next_u64().is_multiple_of(8)
            {
                serde_json::Number::from(v as i64)
            } else {
                serde_json::Number::from(v)
            };
        }
        Value::Array(items) => items.iter_mut().for_each(|v| scramble_numbers(v, rng)),
        Value::Object(members) => members.values_mut().for_each(|v| scramble_numbers(v, rng)),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// 4096 cases.
    #[test]
    fn any_64_bytes_decode_or_fail_cleanly_and_round_trip(b in bytes64()) {
        exercise(&b)?;
    }

    /// 4096 cases: arbitrary bytes behind a known opcode and a right header, so that the field
    /// decoders (not only the opcode dispatch) see garbage.
    #[test]
    fn garbage_behind_every_opcode_decodes_or_fails_at_a_field(
        b in bytes64(),
        pick in any::<prop::sample::Index>(),
    ) {
        let mut b = b;
        let known = isa::ops::dispatch::KNOWN_OPCODES;
        b[0] = known[pick.index(known.len())];
        b[1..4].copy_from_slice(&[0x10, 0, 0]);
        if let Some(op) = exercise(&b)? {
            findings_located(&op)?;
        }
    }

    /// 4096 cases.
    #[test]
    fn any_short_buffer_is_refused_not_read(len in 0usize..64, fill in any::<u8>()) {
        let b = vec![fill; len];
        prop_assert!(decode_any(&b).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// 1024 cases of 1..=8 single-bit flips on shaped bundles of every op: near-valid input,
    /// where decoders and validators are most likely to meet a case they did not expect.
    #[test]
    fn shaped_bundles_with_flipped_bits_decode_or_fail_cleanly(
        seed in any::<u64>(),
        flips in proptest::collection::vec(0usize..512, 1..=8),
    ) {
        let mut rng = SplitMix64::new(seed);
        for decl in DECLARATIONS {
            let mut b = shaped(decl, &mut rng);
            for &bit in &flips {
                b[bit / 8] ^= 1 << (bit % 8);
            }
            if let Some(op) = exercise(&b)? {
                findings_located(&op)?;
            }
        }
    }

    /// 1024 cases, each one shaped bundle of every op.
    #[test]
    fn shaped_bundles_of_every_op_round_trip_and_validate(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for decl in DECLARATIONS {
            let b = shaped(decl, &mut rng);
            if let Some(op) = exercise(&b)? {
                prop_assert_eq!(op.name(), decl.name);
                // Decoding the re-encoded bytes gives the same logical value.
                prop_assert_eq!(decode_any(&op.to_bytes().unwrap()).ok(), Some(op.clone()));
                // Encoding in place over a buffer that held other bytes writes every byte.
                let mut used = [0u8; 64];
                used.iter_mut().for_each(|x| *x = rng.next_u64() as u8);
                prop_assert_eq!(op.encode_into(&mut used), Ok(()));
                prop_assert_eq!(used, b, "{} encoded in place", op.name());
                findings_located(&op)?;
            }
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// 512 cases, each one valid bundle of every op: every shared table code is rewritten to
    /// another of its preimages. The bytes are the same; decoding gives the canonical value
    /// back; from there encoding is stable.
    #[test]
    fn any_preimage_of_a_shared_code_encodes_to_that_code_and_decodes_canonical(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for decl in DECLARATIONS {
            let Some(b) = valid(decl, 1, &mut rng).pop() else { continue };
            let canonical = decode_any(&b).unwrap();
            let mut json = serde_json::to_value(&canonical).unwrap();
            let rewritten = non_canonical(decl, &b, &mut json, &mut rng);
            let x = Op::deserialize(&json).map_err(|e| TestCaseError::fail(format!("{}: {e}", decl.name)))?;
            prop_assert_eq!(rewritten > 0, x != canonical, "{}: {}", decl.name, json);
            let encoded = x.to_bytes().unwrap();
            prop_assert_eq!(encoded, b, "{}: a preimage encodes to its code", decl.name);
            let back = decode_any(&encoded).unwrap();
            prop_assert_eq!(&back, &canonical, "{}: decodes to the canonical preimage", decl.name);
            prop_assert_eq!(back.to_bytes().unwrap(), encoded);
        }
    }

    /// 512 cases, each one valid bundle of every op with its integers scrambled: a logical value
    /// either encodes, decodes to itself (up to canonical preimages) and re-encodes to the same
    /// bytes, or is refused with the name of a field of the op.
    #[test]
    fn random_logical_values_round_trip_or_are_refused_by_field(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for decl in DECLARATIONS {
            let Some(b) = valid(decl, 1, &mut rng).pop() else { continue };
            let mut json = serde_json::to_value(decode_any(&b).unwrap()).unwrap();
            non_canonical(decl, &b, &mut json, &mut rng);
            scramble_table_values(decl, &mut json, &mut rng);
            scramble_numbers(&mut json, &mut rng);
            // A number that does not fit its Rust type is refused by serde, which is fine.
            let Ok(x) = Op::deserialize(&json) else { continue };
            match x.to_bytes() {
                Ok(encoded) => {
                    let back = decode_any(&encoded)
                        .map_err(|e| TestCaseError::fail(format!("{}: encoded bytes do not decode: {e}", decl.name)))?;
                    prop_assert_eq!(back.to_bytes().unwrap(), encoded);
                    let (x, back) = (serde_json::to_value(&x).unwrap(), serde_json::to_value(&back).unwrap());
                    prop_assert!(same_up_to_preimage(decl, &x, &back), "{x}\n{back}");
                }
                Err(e) => {
                    prop_assert_eq!(e.at.op, decl.name);
                    let row = decl.fields.iter().find(|f| f.name == e.at.field);
                    prop_assert!(row.is_some_and(|f| byte_extent(f).contains(&e.at.offset)), "{e}");
                }
            }
        }
    }
}

#[test]
fn every_op_has_shaped_bundles_that_decode() {
    // The round-trip properties are only worth something if decoding succeeds often.
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

#[test]
fn every_op_with_a_shared_table_code_gets_non_canonical_preimages() {
    // The preimage property must rewrite something for every op that has a many-to-one table
    // field (the dtype tags of seed 000's table: 0x03, 0x05, 0x0E, 0x0F are shared).
    let mut rng = SplitMix64::new(11);
    for decl in DECLARATIONS {
        let shared = decl
            .fields
            .iter()
            .any(|f| f.lut.is_some_and(|l| !l.one_to_one));
        let rewritten: usize = valid(decl, 64, &mut rng)
            .iter()
            .map(|b| {
                let mut json = serde_json::to_value(decode_any(b).unwrap()).unwrap();
                non_canonical(decl, b, &mut json, &mut rng)
            })
            .sum();
        assert_eq!(rewritten > 0, shared, "{}: {rewritten} rewrites", decl.name);
    }
}

/// The descriptor slots of a field table: `(field, N)` for every TENSOR1D..4D / MEM_PATTERN
/// field (seed 002: a slot of `4 + 4N` bytes).
fn descriptor_slots(decl: &Declaration) -> Vec<(&'static isa::core::FieldInfo, usize)> {
    decl.fields
        .iter()
        .filter(|f| f.kind == FieldKind::Value)
        .filter(|f| {
            f.ty.starts_with("Tensor") && f.ty.ends_with('d') || f.ty.starts_with("MemPattern")
        })
        .filter_map(|f| match f.placement {
            isa::core::Placement::Bytes { len } if len >= 8 && (len - 4) % 4 == 0 => {
                Some((f, (len - 4) / 4))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn every_descriptor_slot_of_every_op_reports_a_zero_count_at_its_byte() {
    // Seed 002's SBUF rule: every count nonzero, a zero count refused at its own byte,
    // `(4 + 2N) + 2·slot` into the descriptor. Each slot of each op, each count in turn: start
    // address 0 (a valid SBUF start), every count 1, then one count 0.
    let mut rng = SplitMix64::new(3);
    let mut checked = 0;
    for decl in DECLARATIONS {
        let slots = descriptor_slots(decl);
        if slots.is_empty() {
            continue;
        }
        let base = valid(decl, 1, &mut rng).pop().expect("a valid bundle");
        for &(f, n) in &slots {
            for slot in 0..n {
                let mut b = base;
                for &(g, m) in &slots {
                    b[g.offset..g.offset + 4].fill(0);
                    for k in 0..m {
                        let at = g.offset + 4 + 2 * m + 2 * k;
                        b[at..at + 2].copy_from_slice(&1u16.to_le_bytes());
                    }
                }
                let at = f.offset + 4 + 2 * n + 2 * slot;
                b[at..at + 2].fill(0);
                let op = decode_any(&b).unwrap();
                let found = op.validate();
                assert!(
                    found.iter().any(|x| x.field == f.name && x.offset == at),
                    "{}: count{slot} of `{}` zeroed at byte {at:#04x}; findings: {found:#?}",
                    decl.name,
                    f.name
                );
                checked += 1;
            }
        }
    }
    // TensorTensor alone has three TENSOR3D slots; every tensor op has two or three.
    assert!(checked >= 60, "{checked} counts checked");
}
