//! One bundle's execution: the helpers an op's [`Execute`](crate::Execute) reads and writes
//! through, with every effect staged until the whole bundle has succeeded.
//!
//! An op reads the machine as it was before the bundle; its writes, accumulator and register
//! updates and drain land together when [`Effects::apply`] commits them, which cannot fail. An error anywhere
//! drops the step and leaves the machine untouched (atomic bundles).

use isa_core::{AccumulateCmd, Addr4, AluOp, Dtype, Tensor};
use isa_ops::tensor_scalar::ScalarSource;
use zerocopy::byteorder::little_endian::F32;
use zerocopy::{FromBytes, IntoBytes};

use crate::alu::{self, AluError, WithF32};
use crate::error::{Fault, Problem};
use crate::machine::{Accumulators, Machine, PARTITIONS, REGISTERS};
use crate::numeric::{Format, format_of};
use crate::operand::Operand;
use crate::run::{DrainBinding, DrainEvent};

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

/// A write waiting for the bundle to succeed: the operand, its elements in walk order, and for
/// a predicated write the lanes it reaches (`None`: every element).
#[derive(Debug, Clone)]
struct PendingWrite {
    operand: Operand,
    data: Staged,
    lanes: Option<Vec<bool>>,
}

/// Staged elements: fp32 words are kept as written, so staging costs no second copy.
#[derive(Debug, Clone)]
enum Staged {
    Bytes(Vec<u8>),
    Float32(Vec<F32>),
}

impl Staged {
    fn bytes(&self) -> &[u8] {
        match self {
            Staged::Bytes(bytes) => bytes,
            Staged::Float32(words) => words.as_bytes(),
        }
    }
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
}

impl<'m> Step<'m> {
    /// A step over `machine` for the bundle at byte `offset`, with the drain binding for that
    /// offset, if any.
    pub fn new(machine: &'m Machine, offset: usize, binding: Option<&'m DrainBinding>) -> Self {
        Self {
            machine,
            offset,
            binding,
            writes: Vec::new(),
            accumulators: machine.accumulators,
            registers: machine.registers,
            drain: None,
            read_log: Vec::new(),
        }
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
        let mut out = Vec::with_capacity(op.len());
        self.read_with(op, |bytes, format| {
            out.extend(bytes.chunks_exact(format.bytes()).map(bits_of));
        })?;
        Ok(out)
    }

    /// Every element of `op` as fp32 ([`Format::to_f32`]).
    pub fn read_f32(&mut self, op: &Operand) -> Result<Vec<f32>, Fault> {
        let mut out = Vec::with_capacity(op.len());
        self.read_with(op, |bytes, format| {
            if format == Format::Float32 {
                out.extend(
                    bytes
                        .chunks_exact(4)
                        .map(|c| f32::from_le_bytes(c.try_into().unwrap_or_default())),
                );
            } else {
                let to = |c: &[u8]| format.to_f32(bits_of(c));
                out.extend(bytes.chunks_exact(format.bytes()).map(to));
            }
        })?;
        Ok(out)
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
        let values = self.read_int(op)?;
        Ok(values.into_iter().map(|v| v != 0).collect())
    }

    /// Calls `take` with the bytes of every run of `op` (one slice a contiguous run, one a
    /// element otherwise), checking each was written.
    fn read_with(
        &mut self,
        op: &Operand,
        mut take: impl FnMut(&[u8], Format),
    ) -> Result<(), Fault> {
        self.read_log.push(*op);
        let memory = self.machine.memory(op.space);
        let size = op.format.bytes();
        let at = |p| Fault::at(op.name, p);
        op.for_each_run(|p, start| {
            if op.run_is_contiguous() {
                take(
                    memory.read(p, start, op.run_len() * size).map_err(at)?,
                    op.format,
                );
            } else {
                for i in 0..op.run_len() {
                    take(
                        memory.read(p, op.run_byte(start, i), size).map_err(at)?,
                        op.format,
                    );
                }
            }
            Ok(())
        })
    }

    /// Stages `bits` (one element each, partition by partition in walk order) into `op`.
    pub fn write_bits(&mut self, op: &Operand, bits: &[u64]) -> Result<(), Fault> {
        check_len(op, bits.len())?;
        let size = op.format.bytes();
        let mut bytes = Vec::with_capacity(bits.len() * size);
        for b in bits {
            bytes.extend_from_slice(&b.to_le_bytes()[..size]);
        }
        self.stage(op, Staged::Bytes(bytes));
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
        check_len(op, lanes.len())?;
        self.write_bits(op, bits)?;
        if let Some(last) = self.writes.last_mut() {
            last.lanes = Some(lanes.to_vec());
        }
        Ok(())
    }

    /// Stages fp32 `values` into `op`, converted to its format ([`Format::from_f32`], round to
    /// nearest even).
    pub fn write_f32(&mut self, op: &Operand, values: &[f32]) -> Result<(), Fault> {
        check_len(op, values.len())?;
        if op.format == Format::Float32 {
            let words = values.iter().map(|&v| F32::new(v)).collect();
            self.stage(op, Staged::Float32(words));
            Ok(())
        } else {
            let bits: Vec<u64> = values.iter().map(|&v| op.format.from_f32(v)).collect();
            self.write_bits(op, &bits)
        }
    }

    /// Stages integer `values` into an integer `op`, wrapped to its width
    /// ([`Format::from_i64`]); a float dtype is refused.
    pub fn write_int(&mut self, op: &Operand, values: &[i64]) -> Result<(), Fault> {
        require_integer(op)?;
        let bits: Vec<u64> = values.iter().map(|&v| op.format.from_i64(v)).collect();
        self.write_bits(op, &bits)
    }

    fn stage(&mut self, op: &Operand, data: Staged) {
        self.writes.push(PendingWrite {
            operand: *op,
            data,
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
        let values: Vec<f32> = self.read_f32(x)?.into_iter().map(f).collect();
        self.write_f32(out, &values)
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
        if let Some(values) = self.zip_contiguous_f32(out, x, y, &f)? {
            self.stage(out, Staged::Float32(values));
            return Ok(());
        }
        let (xs, ys) = (self.read_f32(x)?, self.read_f32(y)?);
        let values: Vec<f32> = xs.into_iter().zip(ys).map(|(a, b)| f(a, b)).collect();
        self.write_f32(out, &values)
    }

    /// [`Step::zip_f32`]'s fast path, when the three operands are fp32 in runs of one length
    /// whose elements are adjacent: each pair of input runs is read in place and computed
    /// straight into the staged output, with no intermediate stream. `None` otherwise.
    fn zip_contiguous_f32(
        &mut self,
        out: &Operand,
        x: &Operand,
        y: &Operand,
        f: &impl Fn(f32, f32) -> f32,
    ) -> Result<Option<Vec<F32>>, Fault> {
        let operands = [out, x, y];
        let fast = operands.iter().all(|o| {
            o.format == Format::Float32 && o.run_is_contiguous() && o.run_len() == out.run_len()
        });
        if !fast {
            return Ok(None);
        }
        self.read_log.extend([*x, *y]);
        let run_bytes = 4 * out.run_len();
        let words = |op: &Operand, (p, start): (usize, usize)| -> Result<&[F32], Fault> {
            let bytes = self.machine.memory(op.space).read(p, start, run_bytes);
            let bytes = bytes.map_err(|e| Fault::at(op.name, e))?;
            Ok(<[F32]>::ref_from_bytes(bytes).unwrap_or(&[]))
        };
        let mut values = Vec::with_capacity(out.len());
        for (rx, ry) in x.runs().zip(y.runs()) {
            let (xs, ys) = (words(x, rx)?, words(y, ry)?);
            values.extend(
                xs.iter()
                    .zip(ys)
                    .map(|(a, b)| F32::new(f(a.get(), b.get()))),
            );
        }
        Ok(Some(values))
    }

    /// `out[i] = x[i] op y[i]` in fp32 through the ALU table ([`alu::dispatch_f32`]): one
    /// tight loop per op. An op with no fp32 meaning is refused before any element is read.
    pub fn zip_alu(
        &mut self,
        out: &Operand,
        x: &Operand,
        y: &Operand,
        op: AluOp,
    ) -> Result<(), Fault> {
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
            let end = alu::fold_f32(acc.op, acc.reverse, start, chunk, acc.running);
            self.set_accumulator(p, end.map_err(|e| Fault::at(acc.op_name, e))?);
        }
        Ok(())
    }

    /// Stages each partition's register, as staged, into that partition's one element of
    /// `out` (a read-out does not move data across lanes); an unset register is an error.
    pub fn write_accumulators(&mut self, out: &Operand) -> Result<(), Fault> {
        let lanes = out.partition..out.partition + out.partitions;
        let registers: Result<Vec<f32>, Fault> = lanes.map(|p| self.accumulator(p)).collect();
        self.write_f32(out, &registers?)
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
    /// drain, if any.
    pub fn apply(self, machine: &mut Machine) -> Option<DrainEvent> {
        for w in &self.writes {
            scatter(machine, &w.operand, w.data.bytes(), w.lanes.as_deref());
        }
        machine.accumulators = self.accumulators;
        machine.registers = self.registers;
        self.drain
    }
}

/// The bits of a little-endian element of 1 to 8 bytes.
fn bits_of(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    for (w, b) in word.iter_mut().zip(bytes) {
        *w = *b;
    }
    u64::from_le_bytes(word)
}

/// Writes `bytes` (walk order) through `op`, only the elements whose lane is true when `lanes`
/// is given. Writes to a range-checked operand cannot fail; a failure would be a bug in
/// [`Operand::new`]'s check, and is skipped rather than panicking.
fn scatter(machine: &mut Machine, op: &Operand, bytes: &[u8], lanes: Option<&[bool]>) {
    let memory = machine.memory_mut(op.space);
    let size = op.format.bytes();
    let run_bytes = op.run_len() * size;
    let mut chunks = bytes.chunks(run_bytes);
    let mut lanes = lanes.map(|l| l.chunks(op.run_len()));
    let _ = op.for_each_run(|p, start| {
        let Some(run) = chunks.next() else {
            return Err(());
        };
        let run_lanes = lanes.as_mut().and_then(Iterator::next);
        if op.run_is_contiguous() && run_lanes.is_none() {
            return memory.write(p, start, run).map_err(drop);
        }
        for (i, element) in run.chunks(size).enumerate() {
            if run_lanes.is_none_or(|l| l.get(i) == Some(&true)) {
                memory
                    .write(p, op.run_byte(start, i), element)
                    .map_err(drop)?;
            }
        }
        Ok(())
    });
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

/// Every input walks as many elements a partition, and as many partitions, as `out`
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
