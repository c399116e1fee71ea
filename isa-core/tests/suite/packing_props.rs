//! Access-pattern packing, `num_active_partitions`, the descriptor validators and the ADDR4
//! constructors on extreme values: i16/u16 edges, i64::MIN/MAX steps, u64 counts, empty and
//! five-dimensional patterns, negative partition steps. Every value either lands on the wire
//! exactly or is refused with the error seed 002's rule names; nothing wraps, nothing panics.
//!
//! The expected outcome of a pack is stated independently of the packer, from seed 002's
//! `assignStaticPattern_ND` (see `expected_pack`).

use isa_core::{
    AccessPattern, Addr4, ApPair, DescriptorFault, FieldError, PackError, Tensor, first_pair_num,
};
use proptest::prelude::*;

/// Steps at and around every edge the packer has: i16, zero, the sign, i64.
fn step() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(i64::MIN),
        Just(i64::MAX),
        Just(i64::from(i16::MIN)),
        Just(i64::from(i16::MAX)),
        Just(i64::from(i16::MIN) - 1),
        Just(i64::from(i16::MAX) + 1),
        Just(0),
        Just(-1),
        Just(1),
        -70_000i64..70_000,
        any::<i64>(),
    ]
}

/// Counts at and around every edge: zero, the degenerate 1, u8 and u16, u64.
fn num() -> impl Strategy<Value = u64> {
    prop_oneof![
        4 => Just(1u64),
        1 => Just(0u64),
        1 => Just(255u64),
        1 => Just(256u64),
        1 => Just(u64::from(u16::MAX)),
        1 => Just(u64::from(u16::MAX) + 1),
        1 => Just(u64::MAX),
        2 => 0u64..70_000,
        1 => any::<u64>(),
    ]
}

/// Patterns of 0 to 6 axes (empty, and more than any descriptor holds), mostly static.
fn pattern() -> impl Strategy<Value = AccessPattern> {
    (
        any::<u32>(),
        prop::collection::vec((step(), num()), 0..=6),
        prop::bool::weighted(0.05),
    )
        .prop_map(|(start, axes, indirect)| AccessPattern {
            start: Addr4::from_raw(start),
            pattern: axes
                .into_iter()
                .map(|(step, num)| ApPair { step, num })
                .collect(),
            indirect,
        })
}

/// Seed 002's packer, stated as the rules: indirect, empty and negative-partition patterns are
/// refused; the free axes `Pattern[num_dims-1] .. Pattern[1]` with `num != 1` fill slots from
/// 0; more than N of them is the seed's dimension error; a step outside i16 or a count outside
/// u16 is refused at its slot (step first), never narrowed; spare slots are {1, 1}.
fn expected_pack<const N: usize>(ap: &AccessPattern) -> Result<([i16; N], [u16; N]), PackError> {
    if ap.indirect {
        return Err(PackError::Indirect);
    }
    let Some(partition) = ap.pattern.first() else {
        return Err(PackError::EmptyPattern);
    };
    if partition.step < 0 {
        return Err(PackError::NegativePartitionStep {
            step: partition.step,
        });
    }
    let kept: Vec<(usize, ApPair)> = (1..ap.pattern.len())
        .rev()
        .map(|d| (d, ap.pattern[d]))
        .filter(|(_, p)| p.num != 1)
        .collect();
    if kept.len() > N {
        return Err(PackError::Dimension {
            active: 1 + kept.len(),
            max: N,
        });
    }
    let (mut strides, mut nums) = ([1i16; N], [1u16; N]);
    for (slot, &(dim, p)) in kept.iter().enumerate() {
        if !(-32768..=32767).contains(&p.step) {
            let at = 4 + 2 * slot;
            return Err(PackError::StrideOutOfRange {
                step: p.step,
                dim,
                slot,
                at,
            });
        }
        if p.num > 65535 {
            let at = 4 + 2 * N + 2 * slot;
            return Err(PackError::CountOutOfRange {
                num: p.num,
                dim,
                slot,
                at,
            });
        }
        strides[slot] = p.step as i16;
        nums[slot] = p.num as u16;
    }
    Ok((strides, nums))
}

fn packs_as_the_rules_say<const N: usize>(ap: &AccessPattern) -> Result<(), TestCaseError> {
    let got = Tensor::<N>::pack(ap);
    match expected_pack::<N>(ap) {
        Ok((strides, nums)) => {
            let t = got.map_err(|e| TestCaseError::fail(format!("{N}D: {e}")))?;
            prop_assert_eq!(t.addr, ap.start);
            prop_assert_eq!(t.strides, strides);
            prop_assert_eq!(t.nums, nums);
        }
        Err(e) => {
            prop_assert_eq!(got, Err(e));
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

/// Why `t` fails seed 002's rules, stated independently of the validator, as the byte offset
/// the first failing rule reads (PSUM path: stride2 of a 3D, the start address, byte 7, the
/// word at +4; SBUF path: the start address, byte 3, the first zero count).
fn expected_fault_offset<const N: usize>(t: &Tensor<N>) -> Option<usize> {
    let start_ok = t.addr.tensor_start_addr_valid();
    let byte7 = (t.strides.get(1).copied().unwrap_or(0) as u16 >> 8) as u8;
    if t.addr.byte3() & 0x60 == 0x20 {
        if N == 3 && t.strides[2] == 0 {
            return Some(8);
        }
        if !start_ok {
            return Some(0);
        }
        if N >= 2 && byte7 & 0xE0 != 0 {
            return Some(7);
        }
        let tail =
            t.strides[0] as u16 as u32 | (t.strides.get(1).map_or(0, |&s| s as u16 as u32)) << 16;
        if N >= 2 && !Addr4::from_raw(tail).tensor_start_addr_valid() {
            return Some(4);
        }
        return None;
    }
    if !start_ok {
        return Some(0);
    }
    if t.addr.byte3() & 0x70 == 0x40 {
        return Some(3);
    }
    t.nums
        .iter()
        .position(|&n| n == 0)
        .map(|slot| 4 + 2 * N + 2 * slot)
}

fn validates_as_the_rules_say<const N: usize>(
    addr: u32,
    strides: &[i16],
    nums: &[u16],
) -> Result<(), TestCaseError> {
    let t = Tensor::<N> {
        addr: Addr4::from_raw(addr),
        strides: core::array::from_fn(|i| strides[i]),
        nums: core::array::from_fn(|i| nums[i]),
    };
    let got = t.validate();
    prop_assert_eq!(got.err().map(|f| f.offset()), expected_fault_offset(&t));
    // The branch-free report says the same: failed or not, and the fault's byte and reason.
    let check = t.check();
    let (at, why) = t.report(check);
    prop_assert_eq!(!check.passed(), got.is_err());
    if let Err(fault) = got {
        prop_assert_eq!(at, fault.offset());
        prop_assert_eq!(why, fault.reason());
    }
    if let Err(fault) = got {
        prop_assert!(fault.offset() < Tensor::<N>::SIZE);
        prop_assert_eq!(FieldError::from(fault).at, fault.offset());
        prop_assert!(!fault.to_string().is_empty());
        if let DescriptorFault::ZeroCount { slot, .. } = fault {
            prop_assert_eq!(t.nums[slot], 0);
        }
    }
    Ok(())
}

/// A 32-bit word with its top byte (the region, the register flag) drawn from the interesting
/// values.
fn addr_word() -> impl Strategy<Value = u32> {
    (
        prop::sample::select(vec![
            0x00u32, 0x20, 0x40, 0x60, 0x80, 0xA0, 0xC0, 0xE0, 0x10, 0x30,
        ]),
        any::<u32>(),
    )
        .prop_map(|(top, low)| top << 24 | low & 0x00FF_FFFF)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// 4096 cases, each packed into 1D, 2D, 3D and 4D.
    #[test]
    fn any_pattern_packs_exactly_or_is_refused_by_the_rule_it_breaks(ap in pattern()) {
        packs_as_the_rules_say::<1>(&ap)?;
        packs_as_the_rules_say::<2>(&ap)?;
        packs_as_the_rules_say::<3>(&ap)?;
        packs_as_the_rules_say::<4>(&ap)?;
    }

    /// 4096 cases.
    #[test]
    fn num_active_partitions_is_the_first_count_or_refused(ap in pattern()) {
        let expected = match ap.pattern.first() {
            None => Err(PackError::EmptyPattern),
            Some(p) if p.num > 255 => Err(PackError::PartitionsOutOfRange { num: p.num }),
            Some(p) => Ok(p.num as u8),
        };
        prop_assert_eq!(first_pair_num(&ap), expected);
    }

    /// 4096 cases, each validated as 1D, 2D, 3D and 4D.
    #[test]
    fn any_descriptor_validates_or_fails_at_the_byte_its_rule_reads(
        addr in addr_word(),
        strides in prop::array::uniform4(prop_oneof![Just(0i16), Just(-1), Just(i16::MIN), any::<i16>()]),
        nums in prop::array::uniform4(prop_oneof![Just(0u16), Just(1), any::<u16>()]),
    ) {
        validates_as_the_rules_say::<1>(addr, &strides, &nums)?;
        validates_as_the_rules_say::<2>(addr, &strides, &nums)?;
        validates_as_the_rules_say::<3>(addr, &strides, &nums)?;
        validates_as_the_rules_say::<4>(addr, &strides, &nums)?;
    }

    /// 4096 cases: the banded ADDR4 constructors take any u32 and either place it exactly or
    /// refuse it; a register id is below 0x40 or refused.
    #[test]
    fn addr4_constructors_place_exactly_or_refuse(
        partition in prop_oneof![0u32..4096, Just(u32::MAX), any::<u32>()],
        address in prop_oneof![0u32..0x4_0000, Just(u32::MAX), any::<u32>()],
        reg in any::<u8>(),
    ) {
        match Addr4::sbuf(partition, address) {
            Ok(a) => {
                prop_assert!(partition < 1 << 11 && address < 1 << 18);
                prop_assert_eq!(a.raw(), (partition << 18) + address);
                prop_assert!(!a.is_psum() && !a.is_register() && !a.is_rejected_sb_subregion());
            }
            Err(_) => prop_assert!(partition >= 1 << 11 || address >= 1 << 18),
        }
        match Addr4::psum(partition, address) {
            Ok(a) => {
                prop_assert!(partition < 1 << 14 && address < 1 << 15);
                prop_assert_eq!(a.raw(), 0x2000_0000 | ((partition << 15) + address));
                prop_assert!(a.is_psum() && !a.is_register());
            }
            Err(_) => prop_assert!(partition >= 1 << 14 || address >= 1 << 15),
        }
        match Addr4::register(reg) {
            Ok(a) => prop_assert_eq!((reg < 0x40, a.raw()), (true, 0x8000_0000 | u32::from(reg))),
            Err(_) => prop_assert!(reg >= 0x40),
        }
    }
}

#[test]
fn the_extreme_values_are_refused_by_name() {
    // Written out, so the edges are certainly met: i64::MIN as a free step, u64::MAX as a free
    // count, a five-axis pattern into a 3D descriptor, a negative partition step.
    let ap = |pattern: &[(i64, u64)]| AccessPattern {
        start: Addr4::from_raw(0),
        pattern: pattern
            .iter()
            .map(|&(step, num)| ApPair { step, num })
            .collect(),
        indirect: false,
    };
    assert_eq!(
        Tensor::<3>::pack(&ap(&[(1, 128), (i64::MIN, 4)])),
        Err(PackError::StrideOutOfRange {
            step: i64::MIN,
            dim: 1,
            slot: 0,
            at: 0x04
        })
    );
    assert_eq!(
        Tensor::<3>::pack(&ap(&[(1, 128), (1, 4), (i64::MAX, 2)])),
        Err(PackError::StrideOutOfRange {
            step: i64::MAX,
            dim: 2,
            slot: 0,
            at: 0x04
        })
    );
    assert_eq!(
        Tensor::<2>::pack(&ap(&[(1, 128), (1, u64::MAX)])),
        Err(PackError::CountOutOfRange {
            num: u64::MAX,
            dim: 1,
            slot: 0,
            at: 0x08
        })
    );
    assert_eq!(
        Tensor::<3>::pack(&ap(&[(1, 128), (1, 2), (1, 2), (1, 2), (1, 2)])),
        Err(PackError::Dimension { active: 5, max: 3 })
    );
    assert_eq!(
        Tensor::<3>::pack(&ap(&[(i64::MIN, 128), (1, 2)])),
        Err(PackError::NegativePartitionStep { step: i64::MIN })
    );
    assert_eq!(
        first_pair_num(&ap(&[(1, u64::MAX)])),
        Err(PackError::PartitionsOutOfRange { num: u64::MAX })
    );
    assert_eq!(Tensor::<4>::pack(&ap(&[])), Err(PackError::EmptyPattern));
}
