//! The run loop: decode each bundle of a stream, execute it atomically, report drains and an
//! optional trace. Memory is the machine's and one bundle's staging, whatever the stream's
//! length.

use std::collections::BTreeMap;

use isa_core::{Addr4, Dtype, Family, Tensor1d};

use crate::error::{ExecError, Fault, Problem};
use crate::machine::{Machine, PARTITIONS};
use crate::operand::Operand;
use crate::semantics::Execute;
use crate::step::Step;

/// What DveReadAccumulator (0x9B) produced: its field map is not recovered (seed 001), so where
/// the drain lands is not in the bytes; the event carries the bundle's offset and the 128
/// accumulator registers as they were (`None`: unset).
#[derive(Debug, Clone, PartialEq)]
pub struct DrainEvent {
    /// The drain bundle's byte offset in the stream.
    pub offset: usize,
    /// Each partition's accumulator register.
    pub values: [Option<f32>; PARTITIONS],
}

/// Where the caller says a drain at a given offset lands: one element per partition, partition
/// `p` receiving partition `p`'s register (a reading: the read-out does not move data across
/// lanes). Bound with [`Runner::bind_drain`]; never inferred.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrainBinding {
    /// The destination: an ADDR4 word with a one-element walk.
    pub dst: Tensor1d,
    /// The destination's dtype (the register's fp32 is rounded to it).
    pub dtype: Dtype,
    /// How many partitions, from the destination's base partition.
    pub partitions: u8,
}

impl DrainBinding {
    /// A drain into the one element at `addr` of each of `partitions` partitions, in `dtype`.
    pub const fn at(addr: Addr4, dtype: Dtype, partitions: u8) -> Self {
        DrainBinding {
            dst: Tensor1d {
                addr,
                strides: [1],
                nums: [1],
            },
            dtype,
            partitions,
        }
    }
}

/// One executed bundle, for a trace: where it is, which op, and the operands it read and wrote.
#[derive(Debug, Clone, Copy)]
pub struct Record<'a> {
    /// The bundle's byte offset.
    pub offset: usize,
    /// The op's name.
    pub op: &'static str,
    /// The operands read, in order.
    pub reads: &'a [Operand],
    /// The operands written, in order.
    pub writes: &'a [Operand],
}

/// What a run reports as it goes. Both methods default to doing nothing.
pub trait Observer {
    /// Called after each bundle commits.
    fn bundle(&mut self, record: &Record<'_>) {
        let _ = record;
    }

    /// Called for each drain, after its bundle commits.
    fn drain(&mut self, event: &DrainEvent) {
        let _ = event;
    }
}

/// Ignores everything.
impl Observer for () {}

/// Keeps every drain event.
impl Observer for Vec<DrainEvent> {
    fn drain(&mut self, event: &DrainEvent) {
        self.push(event.clone());
    }
}

/// Runs streams of any family whose value implements [`Execute`], with the caller's drain
/// bindings.
#[derive(Debug, Clone, Default)]
pub struct Runner {
    bindings: BTreeMap<usize, DrainBinding>,
}

impl Runner {
    /// A runner with no drain bound.
    pub fn new() -> Self {
        Self::default()
    }

    /// Binds where the drain of the DveReadAccumulator bundle at byte `offset` lands.
    pub fn bind_drain(&mut self, offset: usize, binding: DrainBinding) -> &mut Self {
        self.bindings.insert(offset, binding);
        self
    }

    /// Decodes and executes every bundle of `stream` in order. Stops at the first error, which
    /// names the bundle's offset, the op, the operand and the problem; the machine then holds
    /// every bundle before it and nothing of it. Returns how many bundles ran.
    pub fn run<F: Family + Execute>(
        &self,
        machine: &mut Machine,
        stream: &[u8],
        observer: &mut impl Observer,
    ) -> Result<usize, ExecError> {
        let mut count = 0;
        for (i, bytes) in stream.chunks(F::WIDTH).enumerate() {
            let offset = i * F::WIDTH;
            let stop = |fault| ExecError {
                offset,
                op: "?",
                fault,
            };
            if bytes.len() < F::WIDTH {
                let problem = Problem::Trailing {
                    len: bytes.len(),
                    width: F::WIDTH,
                };
                return Err(stop(Fault::op(problem)));
            }
            let bundle = F::decode(bytes).map_err(|e| stop(Fault::op(Problem::Decode(e))))?;
            self.step(machine, &bundle, offset, observer)?;
            count += 1;
        }
        Ok(count)
    }

    /// Executes one decoded bundle at byte `offset`, atomically: on error the machine is
    /// unchanged.
    pub fn step<F: Family + Execute>(
        &self,
        machine: &mut Machine,
        bundle: &F,
        offset: usize,
        observer: &mut impl Observer,
    ) -> Result<(), ExecError> {
        let mut step = Step::new(machine, offset, self.bindings.get(&offset));
        bundle.execute(&mut step).map_err(|fault| ExecError {
            offset,
            op: bundle.name(),
            fault,
        })?;
        let effects = step.finish();
        let writes: Vec<Operand> = effects.writes().copied().collect();
        let reads = effects.reads().to_vec();
        let drain = effects.apply(machine);
        observer.bundle(&Record {
            offset,
            op: bundle.name(),
            reads: &reads,
            writes: &writes,
        });
        if let Some(event) = drain {
            observer.drain(&event);
        }
        Ok(())
    }
}

impl Machine {
    /// Runs `stream` as bundles of family `F` with no drain bound, returning every drain event
    /// ([`Runner::run`]).
    pub fn run<F: Family + Execute>(
        &mut self,
        stream: &[u8],
    ) -> Result<Vec<DrainEvent>, ExecError> {
        let mut drains = Vec::new();
        Runner::new().run::<F>(self, stream, &mut drains)?;
        Ok(drains)
    }
}
