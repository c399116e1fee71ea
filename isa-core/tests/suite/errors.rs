//! The located errors: one pointer each, so a codec's `Result` stays the size of its value, and
//! every way of reading one gives the location and problem it was built with.

use isa_core::{Codes, DecodeError, EncodeError, Fault, FieldError, Location, Problem};

/// A table that lists no codes.
const UNLISTED: Codes = &[];

fn fault() -> Fault {
    Fault {
        at: Location {
            op: "TensorTensor",
            field: "out_dtype",
            inner: None,
            offset: 0x0D,
        },
        problem: Problem::UnknownCode {
            code: 0x1F,
            table: "dtype_v2",
            known: &UNLISTED,
        },
    }
}

#[test]
fn a_located_error_is_one_pointer() {
    assert_eq!(size_of::<DecodeError>(), size_of::<usize>());
    assert_eq!(size_of::<EncodeError>(), size_of::<usize>());
    assert_eq!(size_of::<Result<(), EncodeError>>(), size_of::<usize>());
    // A value's `Result` is no bigger than the value and a word.
    assert!(size_of::<Result<[u64; 8], DecodeError>>() <= 64 + size_of::<usize>());
}

#[test]
fn the_fault_reads_back_through_every_accessor() {
    let e = DecodeError::new(fault().at, fault().problem);
    assert_eq!(*e, fault());
    let from_field = FieldError::new(fault().problem);
    assert_eq!(
        DecodeError::field("TensorTensor", "out_dtype", 0x0D, from_field),
        e
    );
    assert_eq!((e.at.field, e.at.offset), ("out_dtype", 0x0D));
    assert!(matches!(e.problem, Problem::UnknownCode { code: 0x1F, .. }));
    assert_eq!(
        e.to_string(),
        "cannot decode TensorTensor: field `out_dtype` at byte 0x0d: code 0x1f is not in table \
         `dtype_v2`"
    );
    let moved = e.clone().in_buffer(0x40);
    assert_eq!(moved.at.offset, 0x4D);
    assert_eq!(
        e.into_inner(),
        FieldError {
            at: 0x0D,
            inner: Some("out_dtype"),
            problem: fault().problem
        }
    );
    let encode = EncodeError::new(fault().at, fault().problem);
    assert!(
        encode
            .to_string()
            .starts_with("cannot encode TensorTensor: field `out_dtype`")
    );
}
