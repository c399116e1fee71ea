//! The listing and JSON Lines of `isa decode`, written from the field visitor
//! (`isa_core::render`), over examples/kernel.bin repeated to 100,000 bundles:
//! `cargo bench -p isa-bench --bench render`.
//!
//! - `text_visitor`: each bundle viewed in place and its fields written as `name=value` pairs;
//! - `json_visitor`: each bundle viewed in place and written as a JSON object with its offset;
//! - `json_serde`: each bundle decoded to its `Op` and written by `serde_json::to_string`, the
//!   offset put in front (what the command does without the visitor).
//!
//! Every line is appended to one reused buffer, cleared per bundle. Before timing, the two JSON
//! forms are checked to be the same bytes for every bundle.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use isa_core::Bundle;
use isa_core::render::{self, RenderError};
use isa_ops::dispatch::BUNDLE_SIZE;
use isa_ops::{OpView, decode_any, view_any};

/// The example kernel: ten bundles of seven ops.
const KERNEL: &[u8] = include_bytes!("../../examples/kernel.bin");
/// Bundles timed: the kernel ten thousand times over.
const BUNDLES: usize = 100_000;

/// Calls `$f::<B>(wire, $out)` with `B` the op of `$view`.
macro_rules! per_op {
    ($view:expr, $f:ident, $out:expr) => {{
        use isa_ops::{
            copy_predicated as cp, exponential, memset, move_shape, opaque, scalar_tensor_tensor,
            tensor_copy, tensor_scalar, tensor_scalar_addr, tensor_tensor,
        };
        match $view {
            OpView::TensorTensor(w) => $f::<tensor_tensor::TensorTensor>(w, $out),
            OpView::SelectReduce(w) => $f::<cp::SelectReduce>(w, $out),
            OpView::CopyPredicated(w) => $f::<cp::CopyPredicated>(w, $out),
            OpView::CopyPredicatedScalar(w) => $f::<cp::CopyPredicatedScalar>(w, $out),
            OpView::TensorCopy(w) => $f::<tensor_copy::TensorCopy>(w, $out),
            OpView::Memset(w) => $f::<memset::Memset>(w, $out),
            OpView::MoveShape(w) => $f::<move_shape::MoveShape>(w, $out),
            OpView::TensorScalar(w) => $f::<tensor_scalar::TensorScalar>(w, $out),
            OpView::Exponential(w) => $f::<exponential::Exponential>(w, $out),
            OpView::ScalarTensorTensor(w) => {
                $f::<scalar_tensor_tensor::ScalarTensorTensor>(w, $out)
            }
            OpView::TensorScalarAddr(w) => $f::<tensor_scalar_addr::TensorScalarAddr>(w, $out),
            OpView::TensorScalarAffineSelect(w) => $f::<opaque::TensorScalarAffineSelect>(w, $out),
            OpView::DveReadAccumulator(w) => $f::<opaque::DveReadAccumulator>(w, $out),
            OpView::TensorDequantize(w) => $f::<opaque::TensorDequantize>(w, $out),
            OpView::TensorReduceRangeCheck(w) => $f::<opaque::TensorReduceRangeCheck>(w, $out),
        }
    }};
}

/// The fields of a bundle as the listing writes them.
fn text<B: Bundle>(wire: &B::Wire, out: &mut String) -> Result<(), RenderError> {
    render::text_fields::<B, _>(wire, out)
}

/// The op's name member and fields of a bundle, closing the JSON object.
fn json<B: Bundle>(wire: &B::Wire, out: &mut String) -> Result<(), RenderError> {
    out.push_str(",\"op\":");
    render::json::write_string(out, B::NAME)?;
    render::json_fields::<B, _>(wire, out)
}

/// Every listing line of `stream` through the visitor; the bytes written.
#[inline(never)]
fn text_visitor(stream: &[u8], line: &mut String) -> usize {
    let mut written = 0;
    for (i, bundle) in stream.chunks_exact(BUNDLE_SIZE).enumerate() {
        line.clear();
        let Ok(view) = view_any(bundle) else { continue };
        let _ = write!(
            line,
            "{:#010x}  {:#04x}  {}  ",
            i * BUNDLE_SIZE,
            view.opcode(),
            view.name()
        );
        if per_op!(view, text, line).is_ok() {
            written += black_box(&*line).len();
        }
    }
    written
}

/// Every JSON line of `stream` through the visitor; the bytes written.
#[inline(never)]
fn json_visitor(stream: &[u8], line: &mut String) -> usize {
    let mut written = 0;
    for (i, bundle) in stream.chunks_exact(BUNDLE_SIZE).enumerate() {
        line.clear();
        let Ok(view) = view_any(bundle) else { continue };
        let _ = write!(line, "{{\"offset\":{}", i * BUNDLE_SIZE);
        if per_op!(view, json, line).is_ok() {
            written += black_box(&*line).len();
        }
    }
    written
}

/// Every JSON line of `stream` through decode and serde; the bytes written.
#[inline(never)]
fn json_serde(stream: &[u8], line: &mut String) -> usize {
    let mut written = 0;
    for (i, bundle) in stream.chunks_exact(BUNDLE_SIZE).enumerate() {
        line.clear();
        let Ok(op) = decode_any(bundle) else { continue };
        let Ok(object) = serde_json::to_string(&op) else {
            continue;
        };
        let _ = write!(line, "{{\"offset\":{},", i * BUNDLE_SIZE);
        line.push_str(object.get(1..).unwrap_or_default());
        written += black_box(&*line).len();
    }
    written
}

fn main() {
    // `cargo bench` passes --bench; anything else (a test run of the target) gets a short stream.
    let benching = std::env::args().any(|a| a == "--bench");
    let n = if benching { BUNDLES } else { 100 };
    let stream: Vec<u8> = KERNEL
        .iter()
        .copied()
        .cycle()
        .take(n * BUNDLE_SIZE)
        .collect();

    // The two JSON forms agree on every bundle of the kernel.
    let (mut a, mut b) = (String::new(), String::new());
    for k in 0..KERNEL.len() / BUNDLE_SIZE {
        let one = &KERNEL[k * BUNDLE_SIZE..(k + 1) * BUNDLE_SIZE];
        json_visitor(one, &mut a);
        json_serde(one, &mut b);
        assert_eq!(a, b, "bundle {k}");
    }
    let mut line = String::new();
    assert_eq!(
        json_visitor(&stream, &mut line),
        json_serde(&stream, &mut line)
    );
    assert!(text_visitor(&stream, &mut line) > 0);

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("render");
    g.throughput(Throughput::Elements(n as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    g.bench_function("text_visitor", |b| {
        b.iter(|| text_visitor(black_box(&stream), &mut line))
    });
    g.bench_function("json_visitor", |b| {
        b.iter(|| json_visitor(black_box(&stream), &mut line))
    });
    g.bench_function("json_serde", |b| {
        b.iter(|| json_serde(black_box(&stream), &mut line))
    });
    g.finish();
    c.final_summary();
}
