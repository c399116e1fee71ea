//! The machine's state: SBUF, PSUM, the VectorE accumulators and the 64 address registers, for
//! one core version, and its checkpoints. Nothing here grows with the stream's length; a
//! checkpoint's undo log grows with what is written while it is open.

mod defined;
mod journal;

use isa_ops::Core;

use self::defined::Defined;
use self::journal::Journal;
use crate::error::Problem;
pub use crate::space::Space;
use crate::staging::Staging;

/// The number of partitions of SBUF and PSUM (SEMANTICS-NOTES §3).
pub const PARTITIONS: usize = 128;

/// The number of registers a register-form ADDR4 can name (seed 002: RegId < 0x40).
pub const REGISTERS: usize = isa_core::Addr4::REG_ID_LIMIT as usize;

/// PSUM bytes per partition: 2 MiB = 128 × 16 KiB on every core (SEMANTICS-NOTES §3
/// [A1, A2, A3]).
pub const PSUM_PARTITION_BYTES: usize = 16 * 1024;

/// SBUF bytes per partition on `core` (SEMANTICS-NOTES §3): 192 KiB on NC-v2 \[A1\], 224 KiB on
/// NC-v3 \[A2\], 256 KiB on NC-v4 (32 MiB / 128 \[A3\]). The 16 KiB NC-v2 reserves \[C1\] is
/// addressable, so it is part of the partition.
pub const fn sbuf_partition_bytes(core: Core) -> usize {
    match core {
        Core::V2 => 192 * 1024,
        Core::V3 => 224 * 1024,
        Core::V4 => 256 * 1024,
    }
}

/// One memory: [`PARTITIONS`] partitions of bytes, with which bytes have been written.
///
/// Defined-ness is a bitmap, one bit a byte, with one bit a 64-byte block above it set when the
/// whole block is written: a contiguous run of n bytes is checked in about n/4096 word
/// operations, and marked in about n/64. While a checkpoint of the
/// machine is open ([`Machine::checkpoint`]), every write first saves what it overwrites.
#[derive(Debug, Clone)]
pub struct Memory {
    space: Space,
    partition_bytes: usize,
    bytes: Vec<u8>,
    written: Defined,
    journal: Journal,
}

/// Two memories are equal when they hold the same bytes with the same defined-ness; their
/// undo logs are not part of the state.
impl PartialEq for Memory {
    fn eq(&self, other: &Self) -> bool {
        self.space == other.space
            && self.partition_bytes == other.partition_bytes
            && self.written == other.written
            && self.bytes == other.bytes
    }
}

impl Memory {
    /// An unwritten memory of `partition_bytes` per partition.
    pub fn new(space: Space, partition_bytes: usize) -> Self {
        Self {
            space,
            partition_bytes,
            bytes: vec![0; PARTITIONS * partition_bytes],
            written: Defined::new(PARTITIONS * partition_bytes),
            journal: Journal::default(),
        }
    }

    /// Which memory this is.
    pub const fn space(&self) -> Space {
        self.space
    }

    /// Bytes per partition.
    pub const fn partition_bytes(&self) -> usize {
        self.partition_bytes
    }

    /// The flat index of `partition`'s byte `offset`, with `len` bytes in range.
    fn index(&self, partition: usize, offset: usize, len: usize) -> Result<usize, Problem> {
        let end = offset.checked_add(len);
        if partition >= PARTITIONS || end.is_none_or(|e| e > self.partition_bytes) {
            return Err(Problem::OutOfRange {
                space: self.space,
                partition,
                byte: offset as i64,
                len,
                limit: self.partition_bytes,
            });
        }
        Ok(partition * self.partition_bytes + offset)
    }

    /// The `len` bytes of `partition` at `offset`; every one must have been written.
    pub fn read(&self, partition: usize, offset: usize, len: usize) -> Result<&[u8], Problem> {
        let start = self.index(partition, offset, len)?;
        if let Some(first) = self.written.first_unwritten(start, start + len) {
            return Err(Problem::Unwritten {
                space: self.space,
                partition,
                byte: first - partition * self.partition_bytes,
            });
        }
        Ok(&self.bytes[start..start + len])
    }

    /// Writes `data` to `partition` at `offset` and marks it written (saving what it
    /// overwrites while a checkpoint is open).
    pub fn write(&mut self, partition: usize, offset: usize, data: &[u8]) -> Result<(), Problem> {
        self.write_by(partition, offset, data.len(), |dst| {
            dst.copy_from_slice(data)
        })
    }

    /// Writes the `len` bytes of `partition` at `offset` with what `fill` puts in them, as
    /// [`Memory::write`] writes its data: what is overwritten is saved first while a checkpoint
    /// is open, and the range is marked written. `fill` is handed the range's bytes as they are
    /// and must set every one; a range outside the memory is refused before anything changes.
    pub(crate) fn write_by(
        &mut self,
        partition: usize,
        offset: usize,
        len: usize,
        fill: impl FnOnce(&mut [u8]),
    ) -> Result<(), Problem> {
        let start = self.index(partition, offset, len)?;
        let end = start + len;
        self.journal.save(&self.bytes, &self.written, start, end);
        if let Some(dst) = self.bytes.get_mut(start..end) {
            fill(dst);
        }
        self.written.mark(start, end);
        Ok(())
    }

    /// Writes the `len` bytes of `partition` at `offset` with what `fill` computes from the
    /// bytes of `sources` (each `(partition, offset, len)`), as [`Memory::write`] would write
    /// them: every source is read before the destination changes (one that overlaps it is
    /// handed to `fill` as a copy, made in `copies`), what is overwritten is saved while a
    /// checkpoint is open, and the destination is marked written. The sources' defined-ness is
    /// the caller's to check; a range outside the memory is refused before anything changes.
    pub(crate) fn write_with<const N: usize>(
        &mut self,
        (partition, offset, len): (usize, usize, usize),
        sources: [(usize, usize, usize); N],
        copies: &mut [Vec<u8>; N],
        fill: impl FnOnce(&mut [u8], [&[u8]; N]),
    ) -> Result<(), Problem> {
        let start = self.index(partition, offset, len)?;
        let end = start + len;
        let mut ranges = [(0, 0); N];
        for (range, (p, o, l)) in ranges.iter_mut().zip(sources) {
            let s = self.index(p, o, l)?;
            *range = (s, s + l);
        }
        for (copy, &(s, e)) in copies.iter_mut().zip(&ranges) {
            copy.clear();
            if s < end && start < e {
                copy.extend_from_slice(self.bytes.get(s..e).unwrap_or(&[]));
            }
        }
        self.journal.save(&self.bytes, &self.written, start, end);
        let at = start.min(self.bytes.len());
        let (below, rest) = self.bytes.split_at_mut(at);
        let (dst, above) = rest.split_at_mut(len.min(rest.len()));
        let source = |i: usize| -> &[u8] {
            let (Some(&(s, e)), Some(copy)) = (ranges.get(i), copies.get(i)) else {
                return &[];
            };
            if s < end && start < e {
                copy
            } else if e <= start {
                below.get(s..e).unwrap_or(&[])
            } else {
                above.get(s - end..e - end).unwrap_or(&[])
            }
        };
        fill(dst, std::array::from_fn(source));
        self.written.mark(start, end);
        Ok(())
    }

    /// Restores what the writes since the innermost open checkpoint overwrote.
    fn roll_back(&mut self) {
        self.journal.roll_back(&mut self.bytes, &mut self.written);
    }

    /// Whether every byte of the range has been written (false when out of range).
    pub fn is_written(&self, partition: usize, offset: usize, len: usize) -> bool {
        self.read(partition, offset, len).is_ok()
    }
}

/// The VectorE accumulator registers: one fp32 per partition, shared by Exponential,
/// SelectReduce, the fused TensorScalar reduce and TensorScalarCache (SEMANTICS-NOTES §1,
/// "Accumulator sharing" \[I1\]). A register nothing has set is unset, and reading it is an error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Accumulators {
    values: [f32; PARTITIONS],
    set: u128,
}

impl Default for Accumulators {
    fn default() -> Self {
        Self {
            values: [0.0; PARTITIONS],
            set: 0,
        }
    }
}

impl Accumulators {
    /// Partition `p`'s register, `None` when unset or past the last partition.
    pub fn get(&self, p: usize) -> Option<f32> {
        (p < PARTITIONS && self.set >> p & 1 == 1).then(|| self.values[p])
    }

    /// Sets partition `p`'s register (ignored past the last partition).
    pub fn set(&mut self, p: usize, value: f32) {
        if p < PARTITIONS {
            self.values[p] = value;
            self.set |= 1 << p;
        }
    }

    /// Forgets partition `p`'s register: its state is undefined (SEMANTICS-NOTES §1, Exponential
    /// idle "may still modify acc").
    pub fn unset(&mut self, p: usize) {
        if p < PARTITIONS {
            self.set &= !(1 << p);
        }
    }
}

/// The registers a checkpoint restores: small enough to copy whole.
type Registers = (Accumulators, [Option<u32>; REGISTERS]);

/// The machine: SBUF, PSUM, accumulators and registers of one core version.
///
/// It also keeps the open checkpoints ([`Machine::checkpoint`]) and the buffers its bundles
/// stage writes in; neither is part of its state, and `==` compares the state alone.
#[derive(Debug, Clone)]
pub struct Machine {
    core: Core,
    pub(crate) sbuf: Memory,
    pub(crate) psum: Memory,
    pub(crate) accumulators: Accumulators,
    pub(crate) registers: [Option<u32>; REGISTERS],
    /// The registers as each open checkpoint found them, outermost first.
    checkpoints: Vec<Registers>,
    pub(crate) staging: Staging,
}

impl PartialEq for Machine {
    fn eq(&self, other: &Self) -> bool {
        self.core == other.core
            && self.accumulators == other.accumulators
            && self.registers == other.registers
            && self.sbuf == other.sbuf
            && self.psum == other.psum
    }
}

impl Machine {
    /// A machine for `core` with nothing written.
    pub fn new(core: Core) -> Self {
        Self {
            core,
            sbuf: Memory::new(Space::Sbuf, sbuf_partition_bytes(core)),
            psum: Memory::new(Space::Psum, PSUM_PARTITION_BYTES),
            accumulators: Accumulators::default(),
            registers: [None; REGISTERS],
            checkpoints: Vec::new(),
            staging: Staging::default(),
        }
    }

    /// Opens a checkpoint: from now on every write to SBUF or PSUM (a bundle's, or a load
    /// through [`Machine::memory_mut`]) first saves the bytes and defined-ness it overwrites,
    /// and the accumulators and registers are copied (a few hundred bytes). Costs nothing that
    /// grows with the memories. Checkpoints nest: [`Machine::rollback`] and
    /// [`Machine::commit`] close the innermost.
    pub fn checkpoint(&mut self) {
        self.sbuf.journal.open();
        self.psum.journal.open();
        self.checkpoints.push((self.accumulators, self.registers));
    }

    /// Puts the machine back exactly as it was when the innermost open checkpoint was taken
    /// (bytes, defined-ness, accumulators, registers), in time proportional to what was
    /// written since, and closes it. Does nothing when no checkpoint is open.
    pub fn rollback(&mut self) {
        let Some((accumulators, registers)) = self.checkpoints.pop() else {
            return;
        };
        self.sbuf.roll_back();
        self.psum.roll_back();
        self.accumulators = accumulators;
        self.registers = registers;
    }

    /// Keeps everything written since the innermost open checkpoint and closes it (a checkpoint
    /// outside it can still roll it back). Does nothing when no checkpoint is open.
    pub fn commit(&mut self) {
        if self.checkpoints.pop().is_some() {
            self.sbuf.journal.commit();
            self.psum.journal.commit();
        }
    }

    /// How many checkpoints are open.
    pub fn checkpoints(&self) -> usize {
        self.checkpoints.len()
    }

    /// The core version the machine models.
    pub const fn core(&self) -> Core {
        self.core
    }

    /// The memory of `space`.
    pub const fn memory(&self, space: Space) -> &Memory {
        match space {
            Space::Sbuf => &self.sbuf,
            Space::Psum => &self.psum,
        }
    }

    /// The memory of `space`, to load state into.
    pub fn memory_mut(&mut self, space: Space) -> &mut Memory {
        match space {
            Space::Sbuf => &mut self.sbuf,
            Space::Psum => &mut self.psum,
        }
    }

    /// The accumulator registers.
    pub const fn accumulators(&self) -> &Accumulators {
        &self.accumulators
    }

    /// The accumulator registers, to load state into.
    pub fn accumulators_mut(&mut self) -> &mut Accumulators {
        &mut self.accumulators
    }

    /// Register `id`, `None` when unset or not a register.
    pub fn register(&self, id: u8) -> Option<u32> {
        self.registers.get(usize::from(id)).copied().flatten()
    }

    /// Sets register `id` (a RegId below 0x40, seed 002); an id past the registers is
    /// refused.
    pub fn set_register(&mut self, id: u8, value: u32) -> Result<(), Problem> {
        match self.registers.get_mut(usize::from(id)) {
            Some(r) => {
                *r = Some(value);
                Ok(())
            }
            None => Err(Problem::NoRegister { id }),
        }
    }
}
