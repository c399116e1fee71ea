//! Benchmarks of the declarative bundle codecs.
//!
//! The criterion suite (`cargo bench -p isa-bench`, `benches/codecs.rs`) measures, in one run,
//! the generated TensorTensor codec against [`hand`] (the same layout written by hand), deku and
//! binrw; a zero-copy field scan and [`isa_ops::decode_any`] / validate over a 64 MB stream of
//! every declared op; and a raw read of the same buffer as the bandwidth ceiling. The kernels it
//! times live in [`kernels`], outside the harness, so their machine code can be read on its own
//! (`cargo rustc -p isa-bench --release --lib -- --emit asm`). The figures are in BENCHMARKS.md.
//!
//! `benches/compare.rs`, run under both release profiles by `isa-bench/run.sh`, times the same
//! codecs (against the table-driven [`hand`] codec) in alternating rounds over an L2-, an L3- and
//! a DRAM-resident working set, each beside a raw read of its buffer, and `decode_any` against
//! the batch decoder [`isa_core::Family::decode_batch`], and prints one table of medians and
//! spreads.
//!
//! `benches/render.rs` (`cargo bench -p isa-bench --bench render`) times the listing and the JSON
//! Lines written from the field visitor against decode and `serde_json` over the example kernel
//! repeated to 100,000 bundles.
#![forbid(unsafe_code)]

pub mod hand;
pub mod kernels;
pub mod machine;
pub mod streams;
