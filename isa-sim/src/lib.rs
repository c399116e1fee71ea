//! The executable semantics of the ISA: a [`Machine`] (SBUF, PSUM, the VectorE accumulators and
//! the 64 address registers of one core version) that runs a bundle stream of any family.
//!
//! # The pieces
//! - [`Machine`]: the state. Every byte of SBUF and PSUM knows whether it has been written; a
//!   read of bytes nothing wrote is an error ([`Problem::Unwritten`]), never zeros.
//!   [`Machine::checkpoint`] opens an undo log of what later writes overwrite (bytes and
//!   defined-ness) and copies the accumulators and registers; [`Machine::rollback`] puts the
//!   machine back as it was, at the cost of what was written since, not of the machine's size.
//! - [`Operand`]: seed 002 addressing from the bytes alone — the ADDR4 word gives region, base
//!   partition and byte address (INFERRED band packing, see [`operand::locate`]), the bundle's
//!   partition count how many partitions, the descriptor's stride/count arrays the free axes in
//!   elements, innermost first; stride 0 broadcasts, a negative stride walks backward. Out of
//!   range is an error naming the operand, checked once when the operand is built.
//! - [`Step`]: one bundle in flight. Ops read and write through its helpers; every write,
//!   accumulator and register update and drain is staged (a write as the op computed it: its
//!   fp32 values, a fill's one code, or bytes in buffers the machine keeps from bundle to
//!   bundle) and lands at commit, encoded straight into memory; commit cannot fail. On any
//!   error the machine is exactly as before the bundle.
//! - [`numeric`]: element formats and their fp32 conversions (round to nearest even), one
//!   element at a time ([`numeric::Format`]) or a run at a time ([`numeric::slice`]).
//! - [`alu`]: every `AluOp` on fp32 and on integers, with each reading no source makes named
//!   in [`alu::READINGS`].
//! - [`Execute`] and [`Semantics`]: an op's meaning and where it comes from (pseudocode, source
//!   key, [`isa_core::Confidence`], [`Status`]); [`table`] lists every form of a family, executed
//!   or not and why.
//! - [`Runner`]: the run loop: decode, execute, commit, report drains and a trace to an
//!   [`Observer`]; the first error stops it with an [`ExecError`] naming the bundle's offset,
//!   the op, the operand and the problem. [`Runner::run`] keeps the bundles before the error;
//!   [`Runner::run_atomic`] (and [`Machine::run_atomic`]) keeps nothing of a stream that
//!   fails.
//!
//! # Where the built-in semantics live
//! In this crate, in [`ops`], one file per isa-ops file (`ops/tensor_tensor.rs` is the meaning
//! of `isa_ops::tensor_tensor`). The codec crates stay lean: a decoder, a disassembler or the
//! derive's users do not compile an interpreter, fp16 conversions or the machine. isa-core
//! cannot depend on this crate, so a family gets its [`Execute`] from
//! [`execute_family!`]; the built-in `isa_ops::Op` uses that macro exactly as a user's family
//! does.
//!
//! # Adding an op
//! 1. In the file mirroring the op's isa-ops file, declare its [`Semantics`] as `const`s, one
//!    per form whose meaning differs: the pseudocode as the public source states it, the source
//!    key ("nki.isa.tensor_tensor \[I1\]", or "a reading"), a confidence and
//!    [`Status::Executed`].
//! 2. `impl Execute for TheOp`: `forms` lists the consts, `semantics` picks this value's,
//!    `execute` reads like the pseudocode —
//!    ```ignore
//!    let n = self.num_active_partitions;
//!    let out = step.operand("out", &self.out, self.out_dtype, n)?;   // seed 002 addressing
//!    let in0 = step.operand("in0", &self.in0, self.in0_dtype, n)?;
//!    let in1 = step.operand("in1", &self.in1, self.in1_dtype, n)?;
//!    step.zip_alu(&out, &in0, &in1, op)                               // fp32 in, rounded out
//!    ```
//!    Element streams are [`Step::read_f32`] / [`Step::read_int`] / [`Step::read_bits`] and
//!    [`Step::write_f32`] / [`Step::write_int`] / [`Step::write_bits`] (and [`Step::fill`],
//!    [`Step::copy_bits`] for a constant and a bit-exact copy); element-wise shapes are
//!    [`Step::map_f32`], [`Step::zip_f32`], [`Step::zip_alu`] and [`Step::zip_int`]; an op
//!    whose ALU function takes other arguments (a scalar, a reverse flag) gets each op's own
//!    function from [`alu::dispatch_f32`] through an [`alu::WithF32`]; a tensor-scalar stage is
//!    [`alu::apply_rows_f32`] / [`alu::apply_int`] over the scalars of a slot
//!    ([`Step::scalar_f32`] / [`Step::scalar_int`]: an immediate or one element per partition;
//!    [`alu::apply_f32`] takes any function of the index), a two-stage scan per
//!    partition [`alu::scan_f32`]; the accumulators are
//!    [`Step::accumulator`] / [`Step::set_accumulator`] / [`Step::unset_accumulator`], an
//!    accumulate command over a stream is [`Step::accumulate`] with an [`Accumulate`], and
//!    [`Step::write_accumulators`] reads them out; a predicate is [`Step::read_mask`] and a
//!    write that keeps its false lanes [`Step::write_bits_where`] (or [`Step::write_f32_where`],
//!    [`Step::fill_where`]); a 32-bit immediate's element
//!    is [`step::immediate`]. Never
//!    write a per-op loop over bytes, and name any choice no source makes as a reading where it
//!    is made (or in [`alu::READINGS`] for the ALU).
//! 3. An op that must not run (no public semantics, or not executed yet) uses
//!    [`unexecuted!`] with a [`Status`] saying why; it stops the run with that reason.
//! 4. Replace the op's `unexecuted!` line, if any; [`ops`]' `execute_family!` list already names
//!    every member of `isa_ops::Op`.
//!
//! A user's family (`extends isa_ops::Op as Builtin`) does the same for its own members, then
//! calls `execute_family! { MyOp { Builtin(isa_ops::Op), Mine(Mine) } }`. A member without
//! [`Execute`] does not compile (the error names the member and the trait): chosen over a
//! run-time stop because the mistake is in the user's code, not in a stream, and a compile error
//! finds it before any stream runs.
#![forbid(unsafe_code)]

pub mod alu;
mod drain;
pub mod error;
mod family;
pub mod machine;
pub mod numeric;
pub mod operand;
pub mod ops;
pub mod run;
pub mod semantics;
mod space;
mod staging;
pub mod step;

pub use drain::{DrainBinding, DrainEvent};
pub use error::{ExecError, Fault, Problem};
pub use machine::{Accumulators, Machine, Memory, PARTITIONS};
pub use operand::Operand;
pub use run::{Observer, Record, Runner};
pub use semantics::{Execute, Semantics, Status, refuse, table};
pub use space::Space;
pub use step::{Accumulate, Step};

pub use isa_ops::Core;
