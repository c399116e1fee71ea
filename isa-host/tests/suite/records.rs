//! A stream as records and back, from the outside: every byte of any stream is in exactly one
//! record, the records of a stream encode back to it, and each record that does not encode is
//! named with why.

use isa_host::BuiltIn;
use isa_host::decode::{Record, records};
use isa_host::encode::{LineError, Misplaced, Mode, encode_values};
use isa_ops::Op;
use serde_json::{Value, json};

fn kernel() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/kernel.bin"
    ))
    .unwrap()
}

/// A record as `isa decode --json` writes it: a member's serde form after its offset, or a raw
/// record.
fn value(record: &Record<'_, Op>) -> Value {
    match record {
        Record::Member { offset, member, .. } => {
            let mut v = serde_json::to_value(member).unwrap();
            v.as_object_mut()
                .unwrap()
                .insert("offset".into(), json!(offset));
            v
        }
        Record::Raw {
            offset,
            bytes,
            reason,
        } => json!({"offset": offset, "raw": isa_host::raw::hex(bytes), "reason": reason}),
    }
}

#[test]
fn every_bundle_of_the_example_is_a_member_and_the_records_encode_back() {
    let stream = kernel();
    let recs: Vec<Record<'_, Op>> = records::<Op>(&stream).collect();
    assert_eq!(recs.len(), stream.len() / 64);
    assert!(recs.iter().all(|r| matches!(r, Record::Member { .. })));
    let back = encode_values::<BuiltIn>(recs.iter().map(|r| Ok(value(r))), Mode::Bundles);
    assert_eq!(back.unwrap(), stream);
}

#[test]
fn a_bundle_that_does_not_decode_and_trailing_bytes_are_raw_with_the_decoders_reason() {
    let mut stream = kernel()[..128].to_vec();
    stream[64] = 0xFF; // no op has opcode 0xFF
    stream.extend_from_slice(&[1, 2, 3]);
    let recs: Vec<Record<'_, Op>> = records::<Op>(&stream).collect();
    assert!(matches!(recs[0], Record::Member { offset: 0, .. }));
    let Record::Raw {
        offset,
        bytes,
        reason,
    } = &recs[1]
    else {
        panic!("{:?}", recs[1])
    };
    assert_eq!((*offset, bytes.len()), (64, 64));
    let decoder = Op::decode(&stream[64..128]).unwrap_err().to_string();
    assert_eq!(reason, &decoder);
    let Record::Raw {
        offset,
        bytes,
        reason,
    } = &recs[2]
    else {
        panic!("{:?}", recs[2])
    };
    assert_eq!((*offset, *bytes), (128, &[1u8, 2, 3][..]));
    assert_eq!(
        reason,
        "3 trailing bytes at offset 0x80 do not make a 64-byte bundle"
    );
    let back = encode_values::<BuiltIn>(recs.iter().map(|r| Ok(value(r))), Mode::Bundles);
    assert_eq!(back.unwrap(), stream);
}

#[test]
fn a_record_out_of_place_is_refused_with_where_the_stream_ends() {
    let stream = kernel();
    let mut values: Vec<Value> = records::<Op>(&stream).map(|r| value(&r)).collect();
    values.swap(1, 2);
    let problems = encode_values::<BuiltIn>(values.into_iter().map(Ok), Mode::Bundles).unwrap_err();
    // Each record follows on from where the one before it says it is: the swapped pair is two
    // misplaced records, and the record after them (at 192, where the pair ends) a third, for
    // it follows a record said to be at 64.
    let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [1, 2, 3]);
    assert_eq!(
        problems[0].error,
        LineError::Misplaced(Misplaced {
            expected: 64,
            found: 128
        })
    );
}

#[test]
fn a_record_without_an_offset_goes_where_the_one_before_it_ends() {
    let stream = kernel();
    let values = records::<Op>(&stream[..128]).map(|r| {
        let mut v = value(&r);
        v.as_object_mut().unwrap().remove("offset");
        Ok(v)
    });
    assert_eq!(
        encode_values::<BuiltIn>(values, Mode::Bundles).unwrap(),
        &stream[..128]
    );
}

#[test]
fn a_value_that_is_no_record_names_its_index_and_member() {
    let values = vec![
        Ok(json!(7)),
        Ok(json!({"op": "Memset", "dtype": "bfloat61"})),
        Err(LineError::from(String::from("not a dict"))),
    ];
    let problems = encode_values::<BuiltIn>(values, Mode::Bundles).unwrap_err();
    let text: Vec<String> = problems
        .iter()
        .map(|p| format!("{}: {}", p.line, p.error))
        .collect();
    assert_eq!(
        text[0],
        "0: expected a JSON object (one bundle per line), found a number"
    );
    assert!(text[1].starts_with("1: "), "{}", text[1]);
    assert_eq!(text[2], "2: not a dict");
}
