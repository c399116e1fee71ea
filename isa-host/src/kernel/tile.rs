//! A tile: a block of partitions of SBUF or PSUM and the elements each walks, the operand a
//! kernel's calls read and write (nki.isa's tiles \[I1\]).
//!
//! A front-end writes it as the sequence `(space, address, start_partition, partitions,
//! pattern, dtype)` or as a dict with those keys: the memory (`"sbuf"` or `"psum"`), the byte
//! address in each partition, the first partition, how many partitions, the free axes, and the
//! element type by name (`"float32"`, `"bfloat16"`, `"uint8"`, …). The free axes are either
//! `[[step, num], …]`, outermost first, steps in elements, or a shape `[n0, n1, …]` walked row
//! by row. The partition axis comes first in the operand's pattern, step 1.

use isa_core::{AccessPattern, Addr4, ApPair, Dtype};
use isa_ops::Operand;
use isa_sim::machine::{PSUM_PARTITION_BYTES, sbuf_partition_bytes};
use isa_sim::{Core, PARTITIONS, Space};

use super::Problem;
use super::value::{Value, integer, integer_in};
use crate::place;

/// The keys of a tile, in the order of its sequence form.
pub const KEYS: [&str; 6] = [
    "space",
    "address",
    "start_partition",
    "partitions",
    "pattern",
    "dtype",
];

/// A tile, checked to lie inside its memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    space: Space,
    operand: Operand,
}

impl Tile {
    /// The tile of `partitions` partitions from `start_partition`, each walking the free axes
    /// `free` from byte `address`. Refused: no partition or one past the last, no free axis, an
    /// axis of no element, and elements outside the memory's partition (SBUF is taken at its
    /// largest, NeuronCore-v4's 256 KiB, the most an ADDR4 word reaches; a smaller core's
    /// machine refuses the rest when it runs).
    pub fn new(
        space: Space,
        address: u32,
        start_partition: u32,
        partitions: u32,
        free: &[ApPair],
        dtype: Dtype,
    ) -> Result<Self, Problem> {
        let last = start_partition as usize + partitions as usize;
        if partitions == 0 || last > PARTITIONS {
            return Err(Problem::value(format!(
                "partitions {start_partition}..{last} are not within 0..{PARTITIONS}, or none"
            )));
        }
        if free.is_empty() {
            return Err(Problem::value(
                "a tile needs a free axis ([[1, 1]] for one element per partition)".into(),
            ));
        }
        if let Some(axis) = free.iter().position(|pair| pair.num == 0) {
            return Err(Problem::value(format!("free axis {axis} has no element")));
        }
        let (low, high) = byte_span(address, free, dtype);
        let size = partition_bytes(space);
        if low < 0 || high > size as i128 {
            return Err(Problem::value(format!(
                "its elements span bytes {low}..{high} of each partition, outside {}'s \
                 0..{size:#x}",
                space.name()
            )));
        }
        let start = match space {
            Space::Sbuf => Addr4::sbuf(start_partition, address),
            Space::Psum => Addr4::psum(start_partition, address),
        }
        .map_err(|e| Problem::value(format!("its start does not fit an ADDR4 word: {e}")))?;
        let mut pattern = vec![ApPair {
            step: 1,
            num: u64::from(partitions),
        }];
        pattern.extend_from_slice(free);
        let ap = AccessPattern {
            start,
            pattern,
            indirect: false,
        };
        Ok(Self {
            space,
            operand: Operand { ap, dtype },
        })
    }

    /// A tile from its sequence or dict form.
    pub fn read(value: &Value) -> Result<Self, Problem> {
        let parts = parts(value)?;
        let [space, address, start, partitions, pattern, dtype] = parts;
        let space = match space {
            Value::Str(name) => place::space(name).map_err(|e| Problem::value(e.to_string())),
            other => Err(Problem::kind("a memory name", other)),
        }
        .map_err(|p| p.of("space"))?;
        let address = integer_in(address, 0, u32::MAX.into()).map_err(|p| p.of("address"))?;
        let start = integer_in(start, 0, u32::MAX.into()).map_err(|p| p.of("start_partition"))?;
        let partitions =
            integer_in(partitions, 0, u32::MAX.into()).map_err(|p| p.of("partitions"))?;
        let free = free_axes(pattern).map_err(|p| p.of("pattern"))?;
        let dtype = match dtype {
            Value::Str(name) => name
                .parse::<Dtype>()
                .map_err(|e| Problem::value(e.to_string())),
            other => Err(Problem::kind("a dtype name", other)),
        }
        .map_err(|p| p.of("dtype"))?;
        Self::new(
            space,
            address as u32,
            start as u32,
            partitions as u32,
            &free,
            dtype,
        )
    }

    /// The memory the tile is in.
    pub fn space(&self) -> Space {
        self.space
    }

    /// The tile as the lowerings read it.
    pub fn operand(&self) -> Operand {
        self.operand.clone()
    }

    /// The element type.
    pub fn dtype(&self) -> Dtype {
        self.operand.dtype
    }

    /// `(partitions, elements per partition)`.
    pub fn shape(&self) -> (u64, u64) {
        let mut axes = self.operand.ap.pattern.iter().map(|pair| pair.num);
        let partitions = axes.next().unwrap_or(0);
        (partitions, axes.product())
    }
}

/// The six parts of a tile, from its sequence or dict form.
fn parts(value: &Value) -> Result<[&Value; 6], Problem> {
    let form = "a tile: (space, address, start_partition, partitions, pattern, dtype) or a dict \
                of those keys";
    match value {
        Value::List(items) if items.len() == KEYS.len() => Ok(std::array::from_fn(|i| &items[i])),
        Value::Map(entries) => {
            if let Some((key, _)) = entries.iter().find(|(k, _)| !KEYS.contains(&k.as_str())) {
                return Err(Problem::value(format!(
                    "no key `{key}` in a tile; the keys are {}",
                    KEYS.join(", ")
                )));
            }
            let found = KEYS.map(|key| entries.iter().find(|(k, _)| k == key).map(|(_, v)| v));
            if let Some(missing) = found.iter().position(Option::is_none) {
                let key = KEYS[missing];
                return Err(Problem::value(format!("a tile needs the key `{key}`")));
            }
            Ok(found.map(|v| v.unwrap_or(value)))
        }
        other => Err(Problem::kind(form, other)),
    }
}

/// The free axes: `[[step, num], …]`, or a shape walked row by row.
fn free_axes(pattern: &Value) -> Result<Vec<ApPair>, Problem> {
    let Value::List(items) = pattern else {
        return Err(Problem::kind("[[step, num], ...] or a shape", pattern));
    };
    if items.iter().all(|item| matches!(item, Value::List(_))) {
        return items.iter().map(pair).collect();
    }
    let nums = items
        .iter()
        .map(|n| integer_in(n, 0, i64::from(u32::MAX)).map(|n| n as u64))
        .collect::<Result<Vec<u64>, Problem>>()?;
    let mut step = 1i64;
    let mut pairs = Vec::with_capacity(nums.len());
    for &num in nums.iter().rev() {
        pairs.push(ApPair { step, num });
        step = step.saturating_mul(num as i64);
    }
    pairs.reverse();
    Ok(pairs)
}

/// One `[step, num]` pair.
fn pair(item: &Value) -> Result<ApPair, Problem> {
    match item {
        Value::List(two) if two.len() == 2 => Ok(ApPair {
            step: integer(&two[0])?,
            num: integer_in(&two[1], 0, i64::from(u32::MAX))? as u64,
        }),
        other => Err(Problem::kind("a [step, num] pair", other)),
    }
}

/// The bytes of a partition the free axes walk from `address`: `(first, one past the last)`.
fn byte_span(address: u32, free: &[ApPair], dtype: Dtype) -> (i128, i128) {
    let (mut low, mut high) = (0i128, 0i128);
    for pair in free {
        let reach = i128::from(pair.step) * (i128::from(pair.num) - 1);
        if reach < 0 {
            low += reach;
        } else {
            high += reach;
        }
    }
    let size = i128::from(dtype.size_bytes());
    let base = i128::from(address);
    (base + low * size, base + (high + 1) * size)
}

/// The bytes of one partition of `space`.
fn partition_bytes(space: Space) -> usize {
    match space {
        Space::Sbuf => sbuf_partition_bytes(Core::V4),
        Space::Psum => PSUM_PARTITION_BYTES,
    }
}
