//! What a drain of the accumulators (DveReadAccumulator) reports, and where the caller says it
//! lands: values a step produces and a run hands to its observer.

use isa_core::{Addr4, Dtype, Tensor1d};

use crate::machine::PARTITIONS;

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
/// lanes). Bound with [`Runner::bind_drain`](crate::Runner::bind_drain); never
/// inferred.
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
