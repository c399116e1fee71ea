//! The run loop: decode each bundle of a stream, execute it atomically, report drains and an
//! optional trace. Memory is the machine's and one bundle's staging, whatever the stream's
//! length.

use std::collections::BTreeMap;

use isa_core::Family;

pub use crate::drain::{DrainBinding, DrainEvent};
use crate::error::{ExecError, Fault, Problem};
use crate::machine::Machine;
use crate::operand::Operand;
use crate::semantics::Execute;
use crate::step::Step;

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
    /// every bundle before it and nothing of it ([`Runner::run_atomic`] holds nothing of the
    /// stream). Returns how many bundles ran.
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

    /// [`Runner::run`] with the whole stream atomic: on error the machine is exactly as before
    /// the run (SBUF and PSUM bytes and defined-ness, accumulators, registers), not only as
    /// before the failing bundle. It runs inside a [`Machine::checkpoint`], so it costs what the
    /// stream writes (each overwritten byte is saved once more), not the machine's size: an
    /// empty stream costs a copy of the registers. The observer has seen the bundles before
    /// the failing one, which the rollback undoes.
    pub fn run_atomic<F: Family + Execute>(
        &self,
        machine: &mut Machine,
        stream: &[u8],
        observer: &mut impl Observer,
    ) -> Result<usize, ExecError> {
        machine.checkpoint();
        let result = self.run::<F>(machine, stream, observer);
        if result.is_ok() {
            machine.commit();
        } else {
            machine.rollback();
        }
        result
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
        let staging = std::mem::take(&mut machine.staging);
        let mut step = Step::staged(machine, offset, self.bindings.get(&offset), staging);
        if let Err(fault) = bundle.execute(&mut step) {
            machine.staging = step.recycle();
            return Err(ExecError {
                offset,
                op: bundle.name(),
                fault,
            });
        }
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

    /// [`Machine::run`] with the whole stream atomic ([`Runner::run_atomic`]): on error the
    /// machine is exactly as before the call.
    pub fn run_atomic<F: Family + Execute>(
        &mut self,
        stream: &[u8],
    ) -> Result<Vec<DrainEvent>, ExecError> {
        let mut drains = Vec::new();
        Runner::new().run_atomic::<F>(self, stream, &mut drains)?;
        Ok(drains)
    }
}
