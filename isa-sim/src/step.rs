//! One bundle's execution: the helpers an op's [`Execute`](crate::Execute) reads and writes
//! through, with every effect staged until the whole bundle has succeeded.
//!
//! An op reads the machine as it was before the bundle; its writes, accumulator and register
//! updates and drain land together when [`Effects::apply`] commits them, which cannot fail. An error anywhere
//! drops the step and leaves the machine untouched (atomic bundles).

use isa_core::{AccumulateCmd, Addr4, AluOp, Dtype, Tensor};
use isa_ops::tensor_scalar::ScalarSource;
use zerocopy::FromBytes;

use crate::alu::{self, AluError, WithF32};
use crate::drain::{DrainBinding, DrainEvent};
use crate::error::{Fault, Problem};
use crate::machine::{Accumulators, Machine, Memory, PARTITIONS, REGISTERS};
use crate::numeric::slice::{encode_bits, encode_f32, extend_bits, extend_f32, extend_nonzero};
use crate::numeric::{Format, format_of};
use crate::operand::Operand;
use crate::staging::Staging;

/// What an accumulate command folds with ([`Step::accumulate`]).
#[derive(Debug, Clone, Copy)]
pub struct Accumulate<'a> {
    /// The command (the bundle's accumulate byte).
    pub cmd: AccumulateCmd,
    /// The fold's ALU op.
    pub op: AluOp,
    /// The field naming the op, for errors.
    pub op_name: &'static str,
    /// Whether the register comes first (`op(acc, x)`).
    pub reverse: bool,
    /// What a reset loads: the op's identity ([`alu::identity`]).
    pub reset: f32,
    /// What `load_accumulate` loads, one value per partition (empty: the op has none).
    pub load: &'a [f32],
    /// Whether each value becomes the register after it.
    pub running: bool,
}

impl<'a> Accumulate<'a> {
    /// A running sum `acc += v` from 0 (Exponential's and ScalarTensorTensor's accumulator
    /// \[I1, K1\]), loading `load` on `load_accumulate`.
    pub fn sum(cmd: AccumulateCmd, load: &'a [f32]) -> Self {
        Self {
            cmd,
            op: AluOp::Add,
            op_name: "accumulator_cmd",
            reverse: false,
            reset: 0.0,
            load,
            running: false,
        }
    }
}

/// A write waiting for the bundle to succeed: the operand, what it writes, and for a
/// predicated write the lanes it reaches (`None`: every element).
#[derive(Debug, Clone)]
struct PendingWrite {
    operand: Operand,
    data: Data,
    lanes: Option<Vec<bool>>,
}

/// What a staged write writes.
#[derive(Debug, Clone)]
#[expect(
    clippy::large_enum_variant,
    reason = "a bundle stages one or two writes: two operands inline cost less than a box"
)]
enum Data {
    /// Elements, each written as it is staged ([`scatter`]).
    Elements(Elements),
    /// `out[i] = x[i] op y[i]` in fp32, computed at commit straight into memory from inputs
    /// the bundle's first write cannot have changed ([`Step::zip_alu`]).
    Alu {
        /// The op, which has an fp32 meaning.
        op: AluOp,
        /// The first input.
        x: Operand,
        /// The second input.
        y: Operand,
    },
}

/// The elements of a staged write, in walk order, in the form the op computed them: each is
/// encoded straight into memory at commit, with no staged copy of the encoded bytes.
#[derive(Debug, Clone)]
enum Elements {
    /// The elements' bytes, in a buffer of the machine's [`Staging`].
    Bytes(Vec<u8>),
    /// fp32 values, encoded to the operand's format ([`encode_f32`]).
    Values(Vec<f32>),
    /// One element's code, in every element.
    Fill(u64),
}

impl Elements {
    /// Writes elements `from..` of `format`, as many as `dst` holds, into `dst`.
    fn put(&self, format: Format, from: usize, dst: &mut [u8]) {
        match self {
            Self::Bytes(bytes) => {
                let at = from * format.bytes();
                if let Some(src) = bytes.get(at..at + dst.len()) {
                    dst.copy_from_slice(src);
                }
            }
            Self::Values(values) => encode_f32(format, values.get(from..).unwrap_or(&[]), dst),
            Self::Fill(code) => encode_bits(format, dst, std::iter::repeat(*code)),
        }
    }
}

/// One run of an operand as memory holds it: adjacent elements, or one element a zero stride
/// repeats.
enum Run<'a> {
    /// Whole elements, in walk order.
    Slice(&'a [u8]),
    /// One element, walked this many times.
    Repeat(&'a [u8], usize),
}

/// One bundle in flight: the machine before it, and everything the bundle will change.
#[derive(Debug)]
pub struct Step<'m> {
    machine: &'m Machine,
    offset: usize,
    binding: Option<&'m DrainBinding>,
    writes: Vec<PendingWrite>,
    accumulators: Accumulators,
    registers: [Option<u32>; REGISTERS],
    drain: Option<DrainEvent>,
    read_log: Vec<Operand>,
    staging: Staging,
}

impl<'m> Step<'m> {
    /// A step over `machine` for the bundle at byte `offset`, with the drain binding for that
    /// offset, if any.
    pub fn new(machine: &'m Machine, offset: usize, binding: Option<&'m DrainBinding>) -> Self {
        Self::staged(machine, offset, binding, Staging::default())
    }

    /// [`Step::new`] staging its writes in `staging`'s buffers (the machine's, taken out for the
    /// bundle and given back by [`Effects::apply`] or [`Step::recycle`]).
    pub(crate) fn staged(
        machine: &'m Machine,
        offset: usize,
        binding: Option<&'m DrainBinding>,
        staging: Staging,
    ) -> Self {
        Self {
            machine,
            offset,
            binding,
            writes: Vec::new(),
            accumulators: machine.accumulators,
            registers: machine.registers,
            drain: None,
            read_log: Vec::new(),
            staging,
        }
    }

    /// Drops the step of a failed bundle, giving back its staging buffers.
    pub(crate) fn recycle(self) -> Staging {
        let mut staging = self.staging;
        for write in self.writes {
            if let Data::Elements(Elements::Bytes(bytes)) = write.data {
                staging.keep(bytes);
            }
        }
        staging
    }

    /// The machine as it was before the bundle.
    pub fn machine(&self) -> &Machine {
        self.machine
    }

    /// The bundle's byte offset in the stream.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The operand `name`: descriptor `desc` of `dtype` over `partitions` partitions (seed 002
    /// addressing, see [`Operand`]). A register-form ADDR4 reads the register's value as the
    /// static word (a reading: seed 002 states the register form, not what the register holds).
    pub fn operand<const N: usize>(
        &self,
        name: &'static str,
        desc: &Tensor<N>,
        dtype: Dtype,
        partitions: u8,
    ) -> Result<Operand, Fault> {
        let at = |p: Problem| Fault::at(name, p);
        let addr = match desc.addr.reg_id() {
            Some(id) => Addr4::from_raw(self.register(id).map_err(at)?),
            None => desc.addr,
        };
        let format = format_of(dtype, self.machine.core()).map_err(|e| at(e.into()))?;
        let (space, ..) = crate::operand::locate(addr).map_err(at)?;
        let bytes = self.machine.memory(space).partition_bytes();
        Operand::new(
            name,
            addr,
            desc,
            dtype,
            format,
            usize::from(partitions),
            bytes,
        )
        .map_err(at)
    }

    /// The operand `name` over every partition from its base partition up: for a bundle whose
    /// bytes hold no partition count (a reading the op names where it calls this).
    pub fn operand_to_last<const N: usize>(
        &self,
        name: &'static str,
        desc: &Tensor<N>,
        dtype: Dtype,
    ) -> Result<Operand, Fault> {
        let first = self.operand(name, desc, dtype, 1)?;
        let count = u8::try_from(PARTITIONS - first.partition).unwrap_or(u8::MAX);
        self.operand(name, desc, dtype, count)
    }

    /// Register `id` as staged (an earlier write in the bundle is seen).
    pub fn register(&self, id: u8) -> Result<u32, Problem> {
        match self.registers.get(usize::from(id)) {
            Some(Some(v)) => Ok(*v),
            Some(None) => Err(Problem::UnsetRegister { id }),
            None => Err(Problem::NoRegister { id }),
        }
    }

    /// Stages register `id` := `value`.
    pub fn set_register(&mut self, id: u8, value: u32) -> Result<(), Problem> {
        match self.registers.get_mut(usize::from(id)) {
            Some(r) => {
                *r = Some(value);
                Ok(())
            }
            None => Err(Problem::NoRegister { id }),
        }
    }

    /// Partition `p`'s accumulator as staged; unset is an error.
    pub fn accumulator(&self, p: usize) -> Result<f32, Fault> {
        self.accumulators
            .get(p)
            .ok_or(Fault::op(Problem::UnsetAccumulator { partition: p }))
    }

    /// Stages partition `p`'s accumulator := `value`.
    pub fn set_accumulator(&mut self, p: usize, value: f32) {
        self.accumulators.set(p, value);
    }

    /// Stages partition `p`'s accumulator as undefined.
    pub fn unset_accumulator(&mut self, p: usize) {
        self.accumulators.unset(p);
    }

    /// An idle accumulate command of a VectorE instruction: "even when `reduce_cmd` is set to
    /// `idle`, the accumulator state may still be modified. Always use `reset_reduce` after any
    /// operations that ran with `idle` mode" (nki.isa.select_reduce, nki.isa.exponential
    /// \[I1\]). The registers are shared by every VectorE accumulating instruction \[I1\] and
    /// the page bounds the change to no lane, so every register is staged undefined: a read
    /// before the next reset or load is refused as a read of unwritten memory is.
    pub fn idle_accumulators(&mut self) {
        self.accumulators = Accumulators::default();
    }

    /// The raw bits of every element of `op`, partition by partition in walk order. Every byte
    /// must have been written.
    pub fn read_bits(&mut self, op: &Operand) -> Result<Vec<u64>, Fault> {
        let size = op.format.bytes();
        self.read_as(op, |bytes, out| extend_bits(size, bytes, out))
    }

    /// Every element of `op` as fp32 ([`Format::to_f32`]).
    pub fn read_f32(&mut self, op: &Operand) -> Result<Vec<f32>, Fault> {
        let format = op.format;
        self.read_as(op, |bytes, out| extend_f32(format, bytes, out))
    }

    /// Every element of an integer operand as its value ([`Format::to_i64`]); a float dtype is
    /// refused.
    pub fn read_int(&mut self, op: &Operand) -> Result<Vec<i64>, Fault> {
        require_integer(op)?;
        let format = op.format;
        Ok(self
            .read_bits(op)?
            .into_iter()
            .map(|b| format.to_i64(b))
            .collect())
    }

    /// The lanes of a predicate operand: "true" means not 0 \[I1, P2\], tested on the integer
    /// value. The public predicates are integer dtypes (tensor_copy_predicated: uint8, uint16 or
    /// uint32 \[P2\]; select_reduce: int8, uint8, int16 or uint16 \[I1\]), so a float dtype is
    /// refused here and each op checks its own list.
    pub fn read_mask(&mut self, op: &Operand) -> Result<Vec<bool>, Fault> {
        require_integer(op)?;
        let format = op.format;
        self.read_as(op, |bytes, out| extend_nonzero(format, bytes, out))
    }

    /// Every element of `op`, partition by partition in walk order, as `extend` appends the
    /// elements of a slice of whole elements.
    fn read_as<T: Copy>(
        &mut self,
        op: &Operand,
        extend: impl Fn(&[u8], &mut Vec<T>),
    ) -> Result<Vec<T>, Fault> {
        let mut out = Vec::with_capacity(op.len());
        self.read_runs(op, |run| match run {
            Run::Slice(bytes) => extend(bytes, &mut out),
            Run::Repeat(bytes, times) => repeat_last(&mut out, times, |o| extend(bytes, o)),
        })?;
        Ok(out)
    }

    /// Calls `take` with every run of `op` in walk order (a contiguous run as one slice, a
    /// zero-stride run as its one element and a count, any other run one element at a time),
    /// checking each byte read was written.
    fn read_runs(&mut self, op: &Operand, mut take: impl FnMut(Run<'_>)) -> Result<(), Fault> {
        self.read_log.push(*op);
        let memory = self.machine.memory(op.space);
        let size = op.format.bytes();
        let at = |p| Fault::at(op.name, p);
        op.for_each_run(|p, start| {
            if op.run_is_contiguous() {
                take(Run::Slice(
                    memory.read(p, start, op.run_len() * size).map_err(at)?,
                ));
            } else if op.run_step() == 0 {
                take(Run::Repeat(
                    memory.read(p, start, size).map_err(at)?,
                    op.run_len(),
                ));
            } else {
                for i in 0..op.run_len() {
                    let element = memory.read(p, op.run_byte(start, i), size).map_err(at)?;
                    take(Run::Slice(element));
                }
            }
            Ok(())
        })
    }

    /// Stages `bits` (one element each, partition by partition in walk order) into `op`.
    pub fn write_bits(&mut self, op: &Operand, bits: &[u64]) -> Result<(), Fault> {
        self.write_codes(op, bits.iter().copied())
    }

    /// Stages `code` (one element's bits) into every element of `op`.
    pub fn fill(&mut self, op: &Operand, code: u64) -> Result<(), Fault> {
        self.stage(op, Elements::Fill(code));
        Ok(())
    }

    /// A predicated [`Step::fill`]: stages `code` into the elements of `op` whose lane is true,
    /// as [`Step::write_bits_where`] does.
    pub fn fill_where(&mut self, op: &Operand, code: u64, lanes: &[bool]) -> Result<(), Fault> {
        self.predicated(op, lanes, |step| step.fill(op, code))
    }

    /// `dst[i] = src[i]` bit for bit: [`Step::read_bits`] of `src` staged by
    /// [`Step::write_bits`] into `dst`. When the two store elements of one size the bytes are
    /// copied as they are, with no code between.
    pub fn copy_bits(&mut self, dst: &Operand, src: &Operand) -> Result<(), Fault> {
        let size = src.format.bytes();
        if dst.format.bytes() != size {
            let bits = self.read_bits(src)?;
            return self.write_bits(dst, &bits);
        }
        let mut data = self.staging.buffer(0);
        self.read_runs(src, |run| match run {
            Run::Slice(bytes) => data.extend_from_slice(bytes),
            Run::Repeat(bytes, times) => (0..times).for_each(|_| data.extend_from_slice(bytes)),
        })?;
        check_len(dst, data.len() / size)?;
        self.stage(dst, Elements::Bytes(data));
        Ok(())
    }

    /// Stages the codes `codes` yields (as many as `op` has elements, checked by the caller)
    /// into `op`.
    fn write_codes(
        &mut self,
        op: &Operand,
        codes: impl ExactSizeIterator<Item = u64>,
    ) -> Result<(), Fault> {
        check_len(op, codes.len())?;
        let mut data = self.staging.buffer(codes.len() * op.format.bytes());
        encode_bits(op.format, &mut data, codes);
        self.stage(op, Elements::Bytes(data));
        Ok(())
    }

    /// A predicated write: stages `bits` into the elements of `op` whose lane is true, and
    /// leaves every other element as it was, written or not (the predicated copies' "false
    /// lanes keep dst" \[I1, P2\]; a false lane over bytes nothing wrote leaves them unwritten,
    /// an error only when something reads them).
    pub fn write_bits_where(
        &mut self,
        op: &Operand,
        bits: &[u64],
        lanes: &[bool],
    ) -> Result<(), Fault> {
        self.predicated(op, lanes, |step| step.write_bits(op, bits))
    }

    /// A predicated [`Step::write_f32`]: stages `values`, converted to the format of `op`, into
    /// the elements whose lane is true, as [`Step::write_bits_where`] does.
    pub fn write_f32_where(
        &mut self,
        op: &Operand,
        values: impl Into<Vec<f32>>,
        lanes: &[bool],
    ) -> Result<(), Fault> {
        self.predicated(op, lanes, |step| step.write_f32(op, values))
    }

    /// Stages the write `write` makes to `op`, limited to the elements whose lane is true.
    fn predicated(
        &mut self,
        op: &Operand,
        lanes: &[bool],
        write: impl FnOnce(&mut Self) -> Result<(), Fault>,
    ) -> Result<(), Fault> {
        check_len(op, lanes.len())?;
        write(self)?;
        if let Some(last) = self.writes.last_mut() {
            last.lanes = Some(lanes.to_vec());
        }
        Ok(())
    }

    /// Stages fp32 `values` into `op`, converted to its format ([`Format::from_f32`], round to
    /// nearest even) at commit, straight into memory. A vector is staged as it is, with no copy.
    pub fn write_f32(&mut self, op: &Operand, values: impl Into<Vec<f32>>) -> Result<(), Fault> {
        let values = values.into();
        check_len(op, values.len())?;
        self.stage(op, Elements::Values(values));
        Ok(())
    }

    /// Stages integer `values` into an integer `op`, wrapped to its width
    /// ([`Format::from_i64`]); a float dtype is refused.
    pub fn write_int(&mut self, op: &Operand, values: &[i64]) -> Result<(), Fault> {
        require_integer(op)?;
        let format = op.format;
        self.write_codes(op, values.iter().map(|&v| format.from_i64(v)))
    }

    fn stage(&mut self, op: &Operand, elements: Elements) {
        self.writes.push(PendingWrite {
            operand: *op,
            data: Data::Elements(elements),
            lanes: None,
        });
    }

    /// `out[i] = f(x[i])` in fp32: the shape of every unary element-wise op.
    pub fn map_f32(
        &mut self,
        out: &Operand,
        x: &Operand,
        f: impl Fn(f32) -> f32,
    ) -> Result<(), Fault> {
        same_elements(out, &[x])?;
        let mut values = self.read_f32(x)?;
        values.iter_mut().for_each(|v| *v = f(*v));
        self.write_f32(out, values)
    }

    /// `out[i] = f(x[i], y[i])` in fp32 (SEMANTICS-NOTES §0: inputs to fp32, compute in fp32,
    /// round to the output dtype): the shape of every binary element-wise op.
    pub fn zip_f32(
        &mut self,
        out: &Operand,
        x: &Operand,
        y: &Operand,
        f: impl Fn(f32, f32) -> f32,
    ) -> Result<(), Fault> {
        same_elements(out, &[x, y])?;
        match self.zip_runs(out, x, y, &f) {
            Ok(Some(data)) => {
                self.stage(out, Elements::Bytes(data));
                return Ok(());
            }
            // Where the walk in runs is new, a fault is found again by the whole-stream path
            // below, which names the fault it always named (the first in x, then in y).
            Err(fault) if all_f32_runs(out, x, y) => return Err(fault),
            Ok(None) | Err(_) => {}
        }
        let (xs, ys) = (self.read_f32(x)?, self.read_f32(y)?);
        let values: Vec<f32> = xs.into_iter().zip(ys).map(|(a, b)| f(a, b)).collect();
        self.write_f32(out, values)
    }

    /// [`Step::zip_f32`] run by run, when the three operands walk runs of one length whose
    /// elements are adjacent (or, for an input, one element repeated): each pair of input runs
    /// is read in place when it is aligned fp32 (decoded into a run-sized buffer otherwise) and
    /// computed straight into the staged output, with no stream of the whole operand between.
    /// Returns the staged bytes, or `None` when the walks do not fit.
    fn zip_runs(
        &mut self,
        out: &Operand,
        x: &Operand,
        y: &Operand,
        f: &impl Fn(f32, f32) -> f32,
    ) -> Result<Option<Vec<u8>>, Fault> {
        let n = out.run_len();
        let input = |o: &Operand| o.run_len() == n && (o.run_is_contiguous() || o.run_step() == 0);
        if !(out.run_is_contiguous() && input(x) && input(y)) {
            return Ok(None);
        }
        self.read_log.extend([*x, *y]);
        let run_bytes = n * out.format.bytes();
        let mut data = self.staging.buffer(out.len() * out.format.bytes());
        let (mut xs, mut ys, mut os) = (Vec::new(), Vec::new(), Vec::new());
        let memory = |op: &Operand| self.machine.memory(op.space);
        let chunks = data.chunks_exact_mut(run_bytes.max(1));
        for ((rx, ry), chunk) in x.runs().zip(y.runs()).zip(chunks) {
            let a = run_f32(memory(x), x, rx, &mut xs)?;
            let b = run_f32(memory(y), y, ry, &mut ys)?;
            let pairs = a.iter().zip(b).map(|(&a, &b)| f(a, b));
            store_f32s(out.format, chunk, pairs, &mut os);
        }
        Ok(Some(data))
    }

    /// `out[i] = x[i] op y[i]` in fp32 through the ALU table ([`alu::dispatch_f32`]): one
    /// tight loop per op. An op with no fp32 meaning is refused before any element is read.
    ///
    /// When it is the bundle's first write, every operand is fp32 in one memory, the output
    /// walks adjacent runs and each input walks runs of the same length (adjacent, or one
    /// element repeated) that the output cannot change before they are read (no byte in
    /// common, or the very elements of a one-run-a-partition output), the inputs' bytes are
    /// checked now and the result is computed at commit straight into memory, with no staged
    /// copy: the same values, the same faults, half the memory traffic.
    pub fn zip_alu(
        &mut self,
        out: &Operand,
        x: &Operand,
        y: &Operand,
        op: AluOp,
    ) -> Result<(), Fault> {
        alu::f32(op, 0.0, 0.0).map_err(Fault::op)?;
        same_elements(out, &[x, y])?;
        if self.writes.is_empty() && in_place(out, [x, y]) {
            self.check_inputs(out, x, y)?;
            self.read_log.extend([*x, *y]);
            self.writes.push(PendingWrite {
                operand: *out,
                data: Data::Alu { op, x: *x, y: *y },
                lanes: None,
            });
            return Ok(());
        }
        struct Zip<'s, 'm, 'o> {
            step: &'s mut Step<'m>,
            operands: [&'o Operand; 3],
        }
        impl WithF32 for Zip<'_, '_, '_> {
            type Out = Result<(), Fault>;
            fn with<F: Fn(f32, f32) -> f32>(self, f: F) -> Self::Out {
                let [out, x, y] = self.operands;
                self.step.zip_f32(out, x, y, f)
            }
        }
        let zip = Zip {
            step: self,
            operands: [out, x, y],
        };
        alu::dispatch_f32(op, zip).map_err(Fault::op)?
    }

    /// Checks that every byte the inputs of a zip read was written, finding the fault
    /// [`Step::zip_f32`] finds: run by run, x's then y's, when all three are fp32 in adjacent
    /// runs of one length; otherwise all of x, then all of y.
    fn check_inputs(&self, out: &Operand, x: &Operand, y: &Operand) -> Result<(), Fault> {
        let check = |op: &Operand, (p, start): (usize, usize)| {
            let size = op.format.bytes();
            let len = if op.run_is_contiguous() {
                op.run_len() * size
            } else {
                size
            };
            let memory = self.machine.memory(op.space);
            memory
                .read(p, start, len)
                .map(drop)
                .map_err(|e| Fault::at(op.name, e))
        };
        if all_f32_runs(out, x, y) {
            x.runs().zip(y.runs()).try_for_each(|(rx, ry)| {
                check(x, rx)?;
                check(y, ry)
            })
        } else {
            x.runs().try_for_each(|r| check(x, r))?;
            y.runs().try_for_each(|r| check(y, r))
        }
    }

    /// `out[i] = f(x[i], y[i])` on integer values: bitvec ops on integer dtypes and the GPSIMD
    /// int32 band. Every operand must be an integer dtype.
    pub fn zip_int(
        &mut self,
        out: &Operand,
        x: &Operand,
        y: &Operand,
        f: impl Fn(i64, i64) -> Result<i64, AluError>,
    ) -> Result<(), Fault> {
        same_elements(out, &[x, y])?;
        require_integer(out)?;
        let (xs, ys) = (self.read_int(x)?, self.read_int(y)?);
        let result = xs.into_iter().zip(ys).map(|(a, b)| f(a, b));
        let values = result.collect::<Result<Vec<_>, _>>().map_err(Fault::op)?;
        self.write_int(out, &values)
    }

    /// A scalar slot (a source byte and its 32-bit word, `imm0_src`/`imm0` of S3D3_TS) as one
    /// fp32 value per partition of `partitions`: an immediate's word is the code of `dtype` in
    /// its low bits (arith immediates are fp32, seed 001 `sub_12051E0`, so for them the fp32
    /// bits; another dtype's code in the low bits is a reading); a physical or register AP's word is the
    /// ADDR4 word of a one-element walk of `dtype` per partition, from the word's base partition
    /// (seed 001: "a pointer/runtime AP"; one element a partition is the `(P,1)` vector of
    /// nki.isa.tensor_scalar \[I1\]).
    pub fn scalar_f32(
        &mut self,
        name: &'static str,
        (src, word): (ScalarSource, u32),
        dtype: Dtype,
        partitions: u8,
    ) -> Result<Vec<f32>, Fault> {
        match src {
            ScalarSource::Immediate => {
                let format =
                    format_of(dtype, self.machine.core()).map_err(|e| Fault::at(name, e))?;
                let value = format.to_f32(u64::from(word));
                Ok(vec![value; usize::from(partitions)])
            }
            ScalarSource::PhysicalAp | ScalarSource::RegisterAp => {
                let scalar = self.scalar_operand(name, word, dtype, partitions)?;
                self.read_f32(&scalar)
            }
        }
    }

    /// [`Step::scalar_f32`] for an integer op: an immediate's word is the code of `dtype` in
    /// its low bits ([`Format::to_i64`]), an AP's one integer element per partition.
    pub fn scalar_int(
        &mut self,
        name: &'static str,
        (src, word): (ScalarSource, u32),
        dtype: Dtype,
        partitions: u8,
    ) -> Result<Vec<i64>, Fault> {
        match src {
            ScalarSource::Immediate => {
                let format =
                    format_of(dtype, self.machine.core()).map_err(|e| Fault::at(name, e))?;
                let value = format.to_i64(u64::from(word));
                Ok(vec![value; usize::from(partitions)])
            }
            ScalarSource::PhysicalAp | ScalarSource::RegisterAp => {
                let scalar = self.scalar_operand(name, word, dtype, partitions)?;
                self.read_int(&scalar)
            }
        }
    }

    /// The one-element-a-partition walk at the ADDR4 `word` of a scalar slot.
    fn scalar_operand(
        &self,
        name: &'static str,
        word: u32,
        dtype: Dtype,
        partitions: u8,
    ) -> Result<Operand, Fault> {
        let desc = Tensor {
            addr: Addr4::from_raw(word),
            strides: [1],
            nums: [1],
        };
        self.operand(name, &desc, dtype, partitions)
    }

    /// Runs an accumulate command over the registers of partitions `first..`, one partition per
    /// `per`-element chunk of `values` (each chunk folded in order, [`alu::fold_f32`]):
    /// - `zero_accumulate` starts the register from `reset`, `load_accumulate` from the
    ///   partition's `load` value, `add_accumulate` (and `accumulate`, which has no wire form)
    ///   from the register as staged (unset is an error); the register ends at the fold;
    /// - `zero` sets the register to `reset` and folds nothing (a reading of "zero the
    ///   accumulator": reset_reduce without the reduce, the command names of \[K1\]);
    /// - `idle` is "not using the accumulator registers" (nki.isa.reduce_cmd \[I1\]), yet "the
    ///   accumulator state may still be modified" (select_reduce, exponential \[I1\]): every
    ///   register is left undefined ([`Step::idle_accumulators`]), so a later read is an error; a
    ///   running fold, whose output is the register, is refused.
    ///
    /// With `running`, each value becomes the register after it (a prefix).
    pub fn accumulate(
        &mut self,
        first: usize,
        acc: &Accumulate<'_>,
        values: &mut [f32],
        per: usize,
    ) -> Result<(), Fault> {
        self.accumulate_with(first, acc, values, per, |start, chunk| {
            alu::fold_f32(acc.op, acc.reverse, start, chunk, acc.running)
        })
    }

    /// [`Step::accumulate`] over `map(v)` for each value `v`, each value becoming `map(v)`
    /// first, mapped and folded in one pass ([`alu::fold_map_f32`]).
    pub fn accumulate_map(
        &mut self,
        first: usize,
        acc: &Accumulate<'_>,
        values: &mut [f32],
        per: usize,
        map: impl Fn(f32) -> f32,
    ) -> Result<(), Fault> {
        if matches!(acc.cmd, AccumulateCmd::Idle | AccumulateCmd::Zero) {
            values.iter_mut().for_each(|v| *v = map(*v));
        }
        self.accumulate_with(first, acc, values, per, |start, chunk| {
            alu::fold_map_f32(acc.op, acc.reverse, start, chunk, acc.running, &map)
        })
    }

    /// [`Step::accumulate`] with each chunk folded from its start by `fold`.
    fn accumulate_with(
        &mut self,
        first: usize,
        acc: &Accumulate<'_>,
        values: &mut [f32],
        per: usize,
        fold: impl Fn(f32, &mut [f32]) -> Result<f32, AluError>,
    ) -> Result<(), Fault> {
        let cmd_fault = |why| {
            Fault::at(
                "accumulator_cmd",
                Problem::Field {
                    what: "the accumulate command",
                    why,
                },
            )
        };
        if acc.cmd == AccumulateCmd::Idle {
            if acc.running {
                return Err(cmd_fault(
                    "idle leaves the register undefined, and a running output is the register",
                ));
            }
            self.idle_accumulators();
            return Ok(());
        }
        for (i, chunk) in values.chunks_mut(per.max(1)).enumerate() {
            let p = first + i;
            let start = match acc.cmd {
                AccumulateCmd::Idle => continue,
                AccumulateCmd::Zero => {
                    self.set_accumulator(p, acc.reset);
                    continue;
                }
                AccumulateCmd::ZeroAccumulate => acc.reset,
                AccumulateCmd::LoadAccumulate => match acc.load.get(i) {
                    Some(&v) => v,
                    None => {
                        return Err(cmd_fault("load_accumulate, but the op has no reduce-init"));
                    }
                },
                AccumulateCmd::AddAccumulate | AccumulateCmd::Accumulate => self.accumulator(p)?,
            };
            let end = fold(start, chunk);
            self.set_accumulator(p, end.map_err(|e| Fault::at(acc.op_name, e))?);
        }
        Ok(())
    }

    /// Stages each partition's register, as staged, into that partition's one element of
    /// `out` (a read-out does not move data across lanes); an unset register is an error.
    pub fn write_accumulators(&mut self, out: &Operand) -> Result<(), Fault> {
        let lanes = out.partition..out.partition + out.partitions;
        let registers: Result<Vec<f32>, Fault> = lanes.map(|p| self.accumulator(p)).collect();
        self.write_f32(out, registers?)
    }

    /// Drains the accumulators (DveReadAccumulator): records a [`DrainEvent`] of the 128
    /// registers as staged, and, when the caller bound a destination for this offset, stages
    /// the write of each destination partition's register there. No destination is invented.
    pub fn drain(&mut self) -> Result<(), Fault> {
        let mut values = [None; PARTITIONS];
        for (p, v) in values.iter_mut().enumerate() {
            *v = self.accumulators.get(p);
        }
        if let Some(binding) = self.binding {
            let dst = self.operand("drain", &binding.dst, binding.dtype, binding.partitions)?;
            if dst.elements() != 1 {
                let problem = Problem::ElementCount {
                    expected: 1,
                    found: dst.elements(),
                };
                return Err(Fault::at("drain", problem));
            }
            self.write_accumulators(&dst)?;
        }
        self.drain = Some(DrainEvent {
            offset: self.offset,
            values,
        });
        Ok(())
    }

    /// Ends the step: everything it staged, owned, to apply with [`Effects::apply`].
    pub fn finish(self) -> Effects {
        Effects {
            writes: self.writes,
            accumulators: self.accumulators,
            registers: self.registers,
            drain: self.drain,
            reads: self.read_log,
            staging: self.staging,
        }
    }
}

/// Everything a successful bundle changes, staged: applied at once by [`Effects::apply`], which
/// cannot fail (every operand was range-checked when built).
#[derive(Debug)]
pub struct Effects {
    writes: Vec<PendingWrite>,
    accumulators: Accumulators,
    registers: [Option<u32>; REGISTERS],
    drain: Option<DrainEvent>,
    reads: Vec<Operand>,
    staging: Staging,
}

impl Effects {
    /// The operands the bundle read, in order (for a trace).
    pub fn reads(&self) -> &[Operand] {
        &self.reads
    }

    /// The operands the bundle writes, in order (for a trace).
    pub fn writes(&self) -> impl Iterator<Item = &Operand> {
        self.writes.iter().map(|w| &w.operand)
    }

    /// Applies every staged effect to `machine` (the machine the step read) and returns the
    /// drain, if any. The staging buffers go back to the machine for its next bundle.
    pub fn apply(self, machine: &mut Machine) -> Option<DrainEvent> {
        machine.staging = self.staging;
        for w in self.writes {
            let memory = machine.memory_mut(w.operand.space);
            match w.data {
                Data::Elements(elements) => {
                    scatter(memory, &w.operand, &elements, w.lanes.as_deref());
                    if let Elements::Bytes(bytes) = elements {
                        machine.staging.keep(bytes);
                    }
                }
                Data::Alu { op, x, y } => zip_in_place(memory, op, [&w.operand, &x, &y]),
            }
        }
        machine.accumulators = self.accumulators;
        machine.registers = self.registers;
        self.drain
    }
}

/// Run `(p, start)` of `op` (adjacent elements, or one element a zero stride repeats) as fp32
/// values ([`f32s`]), every byte it reads checked written.
fn run_f32<'a>(
    memory: &'a Memory,
    op: &Operand,
    (p, start): (usize, usize),
    scratch: &'a mut Vec<f32>,
) -> Result<&'a [f32], Fault> {
    let size = op.format.bytes();
    let len = if op.run_is_contiguous() {
        op.run_len() * size
    } else {
        size
    };
    let bytes = memory
        .read(p, start, len)
        .map_err(|e| Fault::at(op.name, e))?;
    Ok(f32s(op.format, bytes, op.run_len(), scratch))
}

/// `n` elements of `format` as fp32 ([`Format::to_f32`], as [`Step::read_f32`] gives them):
/// `bytes` holds `n` adjacent elements, or one element repeated `n` times. In place when they
/// are fp32 aligned for `f32` on a little-endian host, else decoded into `scratch`.
fn f32s<'a>(format: Format, bytes: &'a [u8], n: usize, scratch: &'a mut Vec<f32>) -> &'a [f32] {
    scratch.clear();
    if bytes.len() == n * format.bytes() {
        if format == Format::Float32
            && cfg!(target_endian = "little")
            && let Ok(words) = <[f32]>::ref_from_bytes(bytes)
        {
            return words;
        }
        extend_f32(format, bytes, scratch);
    } else {
        repeat_last(scratch, n, |o| extend_f32(format, bytes, o));
    }
    scratch
}

/// Writes `values` as elements of `format` into `out` ([`Format::from_f32`]): in place when
/// `out` is fp32 aligned for `f32` on a little-endian host, else through `scratch`.
fn store_f32s(
    format: Format,
    out: &mut [u8],
    values: impl Iterator<Item = f32>,
    scratch: &mut Vec<f32>,
) {
    if format == Format::Float32
        && cfg!(target_endian = "little")
        && let Ok(words) = <[f32]>::mut_from_bytes(out)
    {
        words.iter_mut().zip(values).for_each(|(o, v)| *o = v);
    } else {
        scratch.clear();
        scratch.extend(values);
        encode_f32(format, scratch, out);
    }
}

/// Whether [`Step::zip_alu`] may compute `out` at commit straight into memory: every operand
/// fp32 in one memory, `out` in adjacent runs, each input in runs of the same length
/// (adjacent, or one element repeated) that writing `out` in walk order cannot change before
/// they are read: no byte in common with `out`, or `out`'s very elements when `out` is one run
/// a partition (each element is then read just before it is written).
fn in_place(out: &Operand, inputs: [&Operand; 2]) -> bool {
    let n = out.run_len();
    out.format == Format::Float32
        && out.run_is_contiguous()
        && inputs.iter().all(|x| {
            x.format == Format::Float32
                && x.space == out.space
                && x.run_len() == n
                && (x.run_is_contiguous() || x.run_step() == 0)
                && (!x.overlaps(out) || (x.walks_as(out) && out.elements() == n))
        })
}

/// Computes `out = x op y` in fp32 straight into `memory`, run by run ([`Memory::write_with`]:
/// each run's inputs are read before its output is written). `op` has an fp32 meaning and
/// [`in_place`] holds, both checked when the write was staged.
fn zip_in_place(memory: &mut Memory, op: AluOp, operands: [&Operand; 3]) {
    struct InPlace<'a> {
        memory: &'a mut Memory,
        operands: [&'a Operand; 3],
    }
    impl WithF32 for InPlace<'_> {
        type Out = ();
        fn with<F: Fn(f32, f32) -> f32>(self, f: F) {
            let [out, x, y] = self.operands;
            let n = out.run_len();
            let reach = |op: &Operand, (p, start): (usize, usize)| {
                (p, start, if op.run_is_contiguous() { 4 * n } else { 4 })
            };
            let mut copies = [Vec::new(), Vec::new()];
            let (mut xs, mut ys, mut os) = (Vec::new(), Vec::new(), Vec::new());
            for ((ro, rx), ry) in out.runs().zip(x.runs()).zip(y.runs()) {
                let sources = [reach(x, rx), reach(y, ry)];
                let _ =
                    self.memory
                        .write_with(reach(out, ro), sources, &mut copies, |dst, [a, b]| {
                            let a = f32s(Format::Float32, a, n, &mut xs);
                            let b = f32s(Format::Float32, b, n, &mut ys);
                            let values = a.iter().zip(b).map(|(&a, &b)| f(a, b));
                            store_f32s(Format::Float32, dst, values, &mut os);
                        });
            }
        }
    }
    let _ = alu::dispatch_f32(op, InPlace { memory, operands });
}

/// Whether the three operands of a zip are fp32 in adjacent runs of one length: the walk
/// [`Step::zip_f32`] has always made run by run, so its faults are found in that order.
fn all_f32_runs(out: &Operand, x: &Operand, y: &Operand) -> bool {
    [out, x, y].iter().all(|o| {
        o.format == Format::Float32 && o.run_is_contiguous() && o.run_len() == out.run_len()
    })
}

/// Appends what `one` appends (one element), repeated to `times` elements.
fn repeat_last<T: Copy>(out: &mut Vec<T>, times: usize, one: impl FnOnce(&mut Vec<T>)) {
    let at = out.len();
    one(out);
    if let Some(&v) = out.get(at) {
        out.resize(at + times, v);
    }
}

/// Writes `elements` (walk order) through `op`, only the elements whose lane is true when
/// `lanes` is given: an adjacent run as one write, or one write a stretch of true lanes, each
/// encoded straight into memory ([`Elements::put`]). Writes to a range-checked operand cannot
/// fail; a failure would be a bug in [`Operand::new`]'s check, and is skipped rather than
/// panicking.
fn scatter(memory: &mut Memory, op: &Operand, elements: &Elements, lanes: Option<&[bool]>) {
    let (size, n) = (op.format.bytes(), op.run_len());
    let mut first = 0;
    let _ = op.for_each_run(|p, start| {
        let run = first;
        first += n;
        let run_lanes = lanes.map(|l| l.get(run..run + n).unwrap_or(&[]));
        let mut put = |at: usize, k: usize, count: usize| {
            let fill = |dst: &mut [u8]| elements.put(op.format, run + k, dst);
            memory.write_by(p, at, count * size, fill).map_err(drop)
        };
        if !op.run_is_contiguous() {
            let live = |i: &usize| run_lanes.is_none_or(|l| l.get(*i) == Some(&true));
            return (0..n)
                .filter(live)
                .try_for_each(|i| put(op.run_byte(start, i), i, 1));
        }
        match run_lanes {
            None => put(start, 0, n),
            Some(l) => true_stretches(l).try_for_each(|(a, b)| put(start + a * size, a, b - a)),
        }
    });
}

/// The `first..end` index ranges of the stretches of true lanes, in order.
fn true_stretches(lanes: &[bool]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let first = next_lane(lanes, i, true);
        i = next_lane(lanes, first, false);
        (first < lanes.len()).then_some((first, i))
    })
}

/// The index of the first lane from `from` on that is `value` (the lanes' length when none
/// is), looked for eight lanes at a time: a `bool` is the byte 0 or 1, so eight lanes read as
/// one little-endian word hold `value` where their byte differs from the other value's.
fn next_lane(lanes: &[bool], from: usize, value: bool) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let other = if value { 0 } else { ONES };
    let mut at = from;
    while let Some(eight) = lanes.get(at..).and_then(<[bool]>::first_chunk::<8>) {
        let found = u64::from_le_bytes(eight.map(u8::from)) ^ other;
        if found != 0 {
            return at + found.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    let rest = lanes.get(at..).unwrap_or(&[]);
    at + rest.iter().position(|&l| l == value).unwrap_or(rest.len())
}

/// The element a 32-bit immediate stands for in `format` (the reading Memset's fill and the
/// predicated scalar share; seed 000 names a resolved 32-bit immediate, not its encoding): a
/// float format reads it as fp32 bits, rounded to the format; an integer one as its value,
/// wrapped to the width.
pub fn immediate(format: Format, raw: u32) -> u64 {
    if format.is_float() {
        format.from_f32(f32::from_bits(raw))
    } else {
        format.from_i64(i64::from(raw))
    }
}

/// Every input walks as many elements as `out`, over all its partitions
/// (`s3d3_tt_src_element_cnt_check`, seed 000, by name).
pub fn same_elements(out: &Operand, inputs: &[&Operand]) -> Result<(), Fault> {
    for input in inputs {
        if input.len() != out.len() {
            let problem = Problem::ElementCount {
                expected: out.len(),
                found: input.len(),
            };
            return Err(Fault::at(input.name, problem));
        }
    }
    Ok(())
}

fn check_len(op: &Operand, len: usize) -> Result<(), Fault> {
    if len == op.len() {
        Ok(())
    } else {
        let problem = Problem::ElementCount {
            expected: len,
            found: op.len(),
        };
        Err(Fault::at(op.name, problem))
    }
}

/// Integer values need an integer dtype.
pub fn require_integer(op: &Operand) -> Result<(), Fault> {
    if !op.format.is_float() {
        Ok(())
    } else {
        let problem = Problem::Dtype {
            dtype: op.dtype,
            why: "integer operation on a float dtype",
        };
        Err(Fault::at(op.name, problem))
    }
}
