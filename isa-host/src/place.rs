//! Names the front-ends give to what a simulated machine holds: a core (`v2`, `v3`, `v4`), a
//! memory (`sbuf`, `psum`), an element format (its NumPy or ml_dtypes name: `float32`,
//! `bfloat16`, `float8_e4m3fn`, …), and a place in memory, `sbuf@ADDR` or `sbuf[P0]@ADDR`: the
//! memory, the first partition (0 by default) and the byte address in each partition. Numbers
//! are decimal or `0x` hexadecimal.

use std::str::FromStr;

use isa_sim::numeric::Format;
use isa_sim::{Core, PARTITIONS, Space};

/// A name or a place that does not parse, and what would.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// No core of that name.
    #[error("no core `{0}`; the cores are v2, v3, v4")]
    Core(String),
    /// No memory of that name.
    #[error("no region `{0}`; the regions are sbuf, psum")]
    Space(String),
    /// No element format of that name.
    #[error("no element format `{0}`; the formats are {names}", names = format_names())]
    Format(String),
    /// Not a number.
    #[error("`{0}` is not a number (decimal or 0x hex)")]
    Number(String),
    /// Not of the form of a place.
    #[error("`{0}` is no place: write sbuf@ADDR or sbuf[P0]@ADDR")]
    Place(String),
    /// A partition past the last.
    #[error("partition {0} is past partition 127")]
    Partition(usize),
}

/// The core named `name`.
pub fn core(name: &str) -> Result<Core, NameError> {
    match name {
        "v2" => Ok(Core::V2),
        "v3" => Ok(Core::V3),
        "v4" => Ok(Core::V4),
        _ => Err(NameError::Core(name.into())),
    }
}

/// The memory named `name`.
pub fn space(name: &str) -> Result<Space, NameError> {
    [Space::Sbuf, Space::Psum]
        .into_iter()
        .find(|&s| space_name(s) == name)
        .ok_or_else(|| NameError::Space(name.into()))
}

/// The name a place gives `space`: the inverse of [`space`].
pub const fn space_name(space: Space) -> &'static str {
    match space {
        Space::Sbuf => "sbuf",
        Space::Psum => "psum",
    }
}

/// The element format NumPy or ml_dtypes calls `name`.
pub fn format(name: &str) -> Result<Format, NameError> {
    Format::ALL
        .into_iter()
        .find(|f| f.ml_dtypes_name() == name)
        .ok_or_else(|| NameError::Format(name.into()))
}

/// Every element format's name, for messages.
pub fn format_names() -> String {
    Format::ALL.map(Format::ml_dtypes_name).join(", ")
}

/// `s` as a number: decimal, or hexadecimal after `0x`.
pub fn number(s: &str) -> Result<usize, NameError> {
    let parsed = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => usize::from_str_radix(hex, 16),
        None => s.parse(),
    };
    parsed.map_err(|_| NameError::Number(s.into()))
}

/// A place in memory: a memory, a first partition and a byte in each partition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// SBUF or PSUM.
    pub space: Space,
    /// The first partition.
    pub partition: usize,
    /// The byte address in each partition.
    pub byte: usize,
}

impl Place {
    /// The place at `byte` of memory `space` from partition `partition` on, refused past
    /// partition 127.
    pub fn new(space: Space, partition: usize, byte: usize) -> Result<Self, NameError> {
        if partition >= PARTITIONS {
            return Err(NameError::Partition(partition));
        }
        Ok(Self {
            space,
            partition,
            byte,
        })
    }
}

impl FromStr for Place {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, NameError> {
        let (head, byte) = s
            .split_once('@')
            .ok_or_else(|| NameError::Place(s.into()))?;
        let (name, partition) = match head.split_once('[') {
            Some((name, p)) => {
                let p = p
                    .strip_suffix(']')
                    .ok_or_else(|| NameError::Place(s.into()))?;
                (name, number(p)?)
            }
            None => (head, 0),
        };
        Place::new(space(name)?, partition, number(byte)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_names_its_memory_partition_and_byte() {
        let place: Place = "psum[32]@0x200".parse().unwrap();
        assert_eq!(
            (place.space, place.partition, place.byte),
            (Space::Psum, 32, 0x200)
        );
        let place: Place = "sbuf@64".parse().unwrap();
        assert_eq!(
            (place.space, place.partition, place.byte),
            (Space::Sbuf, 0, 64)
        );
    }

    #[test]
    fn a_wrong_place_says_what_is_wrong() {
        let err = |s: &str| s.parse::<Place>().unwrap_err().to_string();
        assert_eq!(
            err("hbm@0x0"),
            "no region `hbm`; the regions are sbuf, psum"
        );
        assert_eq!(err("sbuf[128]@0"), "partition 128 is past partition 127");
        assert_eq!(
            err("sbuf[3@0"),
            "`sbuf[3@0` is no place: write sbuf@ADDR or sbuf[P0]@ADDR"
        );
        assert_eq!(err("sbuf@0xg"), "`0xg` is not a number (decimal or 0x hex)");
        assert_eq!(
            err("sbuf"),
            "`sbuf` is no place: write sbuf@ADDR or sbuf[P0]@ADDR"
        );
    }

    #[test]
    fn a_memory_goes_by_its_name_both_ways() {
        for (name, s) in [("sbuf", Space::Sbuf), ("psum", Space::Psum)] {
            assert_eq!((space(name), space_name(s)), (Ok(s), name));
        }
    }

    #[test]
    fn cores_and_formats_go_by_their_names() {
        assert_eq!(core("v4"), Ok(Core::V4));
        assert_eq!(
            core("v5").unwrap_err().to_string(),
            "no core `v5`; the cores are v2, v3, v4"
        );
        assert_eq!(format("bfloat16"), Ok(Format::BFloat16));
        assert!(
            format("float128")
                .unwrap_err()
                .to_string()
                .contains("float8_e4m3fn")
        );
    }
}
