//! Arrays in and out of a machine's memory, a row a partition: row `i` of an array of shape
//! (partitions, elements…) lies in partition `P0 + i` from the place's byte on, its elements'
//! bytes in C order, little-endian. The `isa run` command's `.npy` files and the Python
//! `Machine`'s NumPy arrays both go through here.

use isa_sim::numeric::Format;
use isa_sim::{Machine, PARTITIONS, Problem};

use crate::place::Place;

/// An array that does not fit its place, or memory that does not hold one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RowsError {
    /// A shape without a first axis: nothing says how many partitions.
    #[error("a 0-dimensional array has no partitions: give (partitions, elements…)")]
    NoPartitions,
    /// More rows than partitions from the place's first one.
    #[error(
        "shape {shape:?} has {rows} partitions: from partition {partition} they go past partition 127 (only {fit} fit)",
        fit = PARTITIONS.saturating_sub(*partition)
    )]
    TooManyRows {
        /// The array's shape.
        shape: Vec<usize>,
        /// Its rows.
        rows: usize,
        /// The place's first partition.
        partition: usize,
    },
    /// A row that would end past its partition.
    #[error("shape {shape:?} does not fit: {problem}")]
    Unfit {
        /// The array's shape.
        shape: Vec<usize>,
        /// What the memory refused.
        problem: Problem,
    },
    /// Memory outside a partition, or that nothing wrote, read for a dump.
    #[error(transparent)]
    Memory(Problem),
}

/// The partitions an array of `shape` takes from `place` on.
fn partitions(place: Place, shape: &[usize]) -> Result<std::ops::Range<usize>, RowsError> {
    let rows = *shape.first().ok_or(RowsError::NoPartitions)?;
    match place.partition.checked_add(rows) {
        Some(end) if end <= PARTITIONS => Ok(place.partition..end),
        _ => Err(RowsError::TooManyRows {
            shape: shape.to_vec(),
            rows,
            partition: place.partition,
        }),
    }
}

/// Writes `data`, the bytes of an array of `shape`, to `machine` at `place`: row `i` to
/// partition `place.partition + i`. Nothing is written when any row does not fit.
pub fn load(
    machine: &mut Machine,
    place: Place,
    shape: &[usize],
    data: &[u8],
) -> Result<(), RowsError> {
    let rows = partitions(place, shape)?;
    let row = data.len().checked_div(rows.len()).unwrap_or(0);
    let memory = machine.memory_mut(place.space);
    // Every row has the same byte range, so the first write fails when any would, before
    // anything is written.
    for (p, bytes) in rows.zip(data.chunks(row.max(1))) {
        memory
            .write(p, place.byte, bytes)
            .map_err(|problem| RowsError::Unfit {
                shape: shape.to_vec(),
                problem,
            })?;
    }
    Ok(())
}

/// The bytes of the array of `shape` and element `format` that [`load`] would have written at
/// `place`; a byte nothing wrote, or one outside memory, is refused.
pub fn dump(
    machine: &Machine,
    place: Place,
    shape: &[usize],
    format: Format,
) -> Result<Vec<u8>, RowsError> {
    let rows = partitions(place, shape)?;
    let row = shape.iter().skip(1).product::<usize>() * format.bytes();
    let memory = machine.memory(place.space);
    let mut data = Vec::with_capacity(rows.len() * row);
    for p in rows {
        let bytes = memory.read(p, place.byte, row).map_err(RowsError::Memory)?;
        data.extend_from_slice(bytes);
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa_sim::{Core, Space};

    fn place(s: &str) -> Place {
        s.parse().unwrap()
    }

    #[test]
    fn rows_go_to_partitions_from_the_first_and_come_back_the_same() {
        let mut machine = Machine::new(Core::V2);
        let data: Vec<u8> = (0..12).collect();
        load(&mut machine, place("sbuf[5]@0x10"), &[3, 2, 2], &data).unwrap();
        // Row 1 (bytes 4..8) lies in partition 6 from byte 0x10.
        assert_eq!(
            machine.memory(Space::Sbuf).read(6, 0x10, 4),
            Ok(&[4u8, 5, 6, 7][..])
        );
        let back = dump(&machine, place("sbuf[5]@0x10"), &[3, 4], Format::UInt8).unwrap();
        assert_eq!(back, data);
    }

    #[test]
    fn an_array_past_partition_127_is_refused_before_anything_is_written() {
        let mut machine = Machine::new(Core::V2);
        let err = load(&mut machine, place("sbuf[120]@0"), &[9, 1], &[0; 9]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "shape [9, 1] has 9 partitions: from partition 120 they go past partition 127 (only 8 fit)"
        );
        assert!(machine.memory(Space::Sbuf).read(120, 0, 1).is_err());
    }

    #[test]
    fn memory_nothing_wrote_is_not_dumped() {
        let machine = Machine::new(Core::V2);
        let err = dump(&machine, place("psum@0"), &[1, 1], Format::Float32).unwrap_err();
        assert!(
            err.to_string().starts_with("reads unwritten PSUM byte 0x0"),
            "{err}"
        );
        assert_eq!(
            dump(&machine, place("psum@0"), &[], Format::Float32),
            Err(RowsError::NoPartitions)
        );
    }
}
