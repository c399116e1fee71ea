//! Benchmarks of the declarative bundle codecs.
//!
//! The criterion suite (`cargo bench -p isa-bench`, `benches/codecs.rs`) measures, in one run,
//! the generated TensorTensor codec against [`hand`] (the same layout written by hand), deku and
//! binrw; a zero-copy field scan and [`isa_ops::decode_any`] / validate over a 64 MB stream of
//! every declared op; and a raw read of the same buffer as the bandwidth ceiling. The kernels it
//! times live in [`kernels`], outside the harness, so their machine code can be read on its own
//! (`cargo rustc -p isa-bench --release --lib -- --emit asm`). The figures are in BENCHMARKS.md.
//!
//! `benches/render.rs` (`cargo bench -p isa-bench --bench render`) times the listing and the JSON
//! Lines written from the field visitor against decode and `serde_json` over the example kernel
//! repeated to 100,000 bundles.
#![forbid(unsafe_code)]

pub mod hand;
pub mod kernels;
pub mod streams;
