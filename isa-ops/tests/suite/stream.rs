//! The stream walker over a buffer of Family-B bundles: every bundle with its offset, opcode
//! and view, an unknown opcode reported in place, then the trailing partial bundle.

use crate::common::{ap, operand};
use isa_core::{AluOp, Dtype, Problem, SyncBand};
use isa_ops::copy_predicated::{CopyPredicatedInst, Source};
use isa_ops::dispatch::{LocatedOp, Trailing};
use isa_ops::memset::MemsetInst;
use isa_ops::move_shape::MoveShapeInst;
use isa_ops::{Codegen, OpView, bundles};

/// Memset 0x49, MoveShape 0xB2, CopyPredicatedScalar 0xE8, encoded in that order.
fn stream() -> Vec<u8> {
    let memset = MemsetInst {
        out: operand(0, &[(1, 128), (1, 64)], Dtype::Float32),
        mode: 0,
        fill: 0,
        sync: SyncBand::default(),
    };
    let shape = MoveShapeInst {
        ap: ap(0, &[(1, 128), (1, 64)]),
        ap_mode: 0,
        dtype: Dtype::Float32,
        sync: SyncBand::default(),
    };
    let predicated = CopyPredicatedInst {
        out: operand(0, &[(1, 128), (1, 64)], Dtype::Float32),
        mask: operand(0x0001_0000, &[(1, 128), (1, 64)], Dtype::Uint8),
        src: Source::Scalar(0),
        fill: None,
        reduce_op: AluOp::Bypass,
        sync: SyncBand::default(),
    };
    let mut cg = Codegen::new();
    cg.run(1, &memset).unwrap();
    cg.run(1, &shape).unwrap();
    cg.run(1, &predicated).unwrap();
    cg.stream
}

#[test]
fn the_walker_yields_each_bundle_then_the_trailing_bytes() {
    let mut buf = stream();
    assert_eq!(buf.len(), 3 * 64);
    buf.extend_from_slice(&[0xFF, 0x10, 0, 0]); // an opcode no declaration claims...
    buf.resize(4 * 64, 0); // ...as a whole bundle
    buf.extend_from_slice(&[0x49; 10]); // and a partial one

    let items: Vec<Result<LocatedOp<'_>, Trailing>> = bundles(&buf).collect();
    assert_eq!(items.len(), 5);

    let seen: Vec<(usize, u8, Option<&str>)> = items
        .iter()
        .filter_map(|item| item.as_ref().ok())
        .map(|b| (b.offset, b.opcode(), b.view.as_ref().ok().map(OpView::name)))
        .collect();
    assert_eq!(
        seen,
        vec![
            (0, 0x49, Some("Memset")),
            (64, 0xB2, Some("MoveShape")),
            (128, 0xE8, Some("CopyPredicatedScalar")),
            (192, 0xFF, None),
        ]
    );
    assert!(matches!(
        items[1].as_ref().map(|b| &b.view),
        Ok(&Ok(OpView::MoveShape(_)))
    ));
    let unknown = items[3].as_ref().unwrap().view.as_ref().unwrap_err();
    assert!(matches!(
        unknown.problem,
        Problem::UnknownOpcode { opcode: 0xFF, .. }
    ));
    assert_eq!(
        items[4].as_ref().err(),
        Some(&Trailing {
            offset: 256,
            len: 10,
            width: 64,
            what: "bundle",
        })
    );
    assert_eq!(
        items[4].as_ref().unwrap_err().to_string(),
        "10 trailing bytes at offset 0x100 do not make a 64-byte bundle"
    );

    // Every bundle decodes on demand from its view, in place.
    for item in &items[..3] {
        let located = item.as_ref().unwrap();
        let op = located.view.as_ref().unwrap().decode().unwrap();
        assert_eq!(&op.to_bytes().unwrap(), located.bytes);
    }
}

#[test]
fn a_whole_stream_has_no_trailing_report() {
    let buf = stream();
    let items: Vec<_> = bundles(&buf).collect();
    assert_eq!(items.len(), 3);
    assert!(items.iter().all(Result::is_ok));
}
