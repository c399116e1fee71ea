//! Seed 002: the TENSOR1D..4D descriptors, their ADDR4 word, packing from an access pattern and
//! the validators. Every expected byte is written out from the seed, never computed.

use isa_core::{
    AccessPattern, Addr4, ApPair, DescriptorFault, Field, FieldError, MemPattern2d, MemPattern3d,
    PackError, Problem, Tensor, Tensor1d, Tensor2d, Tensor3d, Tensor4d, TensorWire, first_pair_num,
    tensor2d_valid, tensor3d_valid,
};
use zerocopy::{FromBytes, IntoBytes};

/// The descriptor's wire bytes.
fn bytes<const N: usize>(t: &Tensor<N>) -> Vec<u8> {
    match t.to_wire() {
        Ok(w) => w.as_bytes().to_vec(),
        Err(e) => panic!("a descriptor always encodes: {e:?}"),
    }
}

/// The bytes after the ADDR4 word.
fn free_part<const N: usize>(t: &Tensor<N>) -> Vec<u8> {
    bytes(t)[4..].to_vec()
}

fn pair(step: i64, num: u64) -> ApPair {
    ApPair { step, num }
}

/// A static pattern at `start` with the partition axis {1, 128} followed by `free`.
fn ap(start: u32, free: &[ApPair]) -> AccessPattern {
    let mut pattern = vec![pair(1, 128)];
    pattern.extend_from_slice(free);
    AccessPattern {
        start: Addr4::from_raw(start),
        pattern,
        indirect: false,
    }
}

fn pack<const N: usize>(ap: &AccessPattern) -> Tensor<N> {
    match Tensor::<N>::pack(ap) {
        Ok(t) => t,
        Err(e) => panic!("pattern should pack: {e}"),
    }
}

fn sbuf() -> Addr4 {
    Addr4::from_raw(0x0000_0000)
}

fn psum() -> Addr4 {
    Addr4::from_raw(0x2000_0000)
}

// ---- the 4+4N rule -------------------------------------------------------------------------

#[test]
fn seed_002_sizes_are_8_12_16_20() {
    assert_eq!(size_of::<TensorWire<1>>(), 8);
    assert_eq!(size_of::<TensorWire<2>>(), 12);
    assert_eq!(size_of::<TensorWire<3>>(), 16);
    assert_eq!(size_of::<TensorWire<4>>(), 20);
    assert_eq!(
        (
            Tensor1d::SIZE,
            Tensor2d::SIZE,
            Tensor3d::SIZE,
            Tensor4d::SIZE
        ),
        (8, 12, 16, 20)
    );
    assert_eq!(bytes(&Tensor4d::unit(sbuf())).len(), 20);
}

#[test]
fn seed_002_descriptor_dims_is_n() {
    assert_eq!(<Tensor1d as Field>::DESCRIPTOR_DIMS, 1);
    assert_eq!(<Tensor2d as Field>::DESCRIPTOR_DIMS, 2);
    assert_eq!(<Tensor3d as Field>::DESCRIPTOR_DIMS, 3);
    assert_eq!(<Tensor4d as Field>::DESCRIPTOR_DIMS, 4);
}

#[test]
fn seed_002_mem_pattern_is_the_same_bytes_as_tensor() {
    assert_eq!(size_of::<<MemPattern2d as Field>::Wire>(), 12);
    assert_eq!(size_of::<<MemPattern3d as Field>::Wire>(), 16);
    let dst = MemPattern2d {
        addr: sbuf(),
        strides: [64, 1],
        nums: [16, 32],
    };
    let src = Tensor2d {
        addr: sbuf(),
        strides: [64, 1],
        nums: [16, 32],
    };
    assert_eq!(bytes(&dst), bytes(&src));
}

#[test]
fn seed_002_count_array_starts_at_4_plus_2n() {
    assert_eq!(Tensor1d::NUMS_OFFSET, 0x6);
    assert_eq!(Tensor2d::NUMS_OFFSET, 0x8);
    assert_eq!(Tensor3d::NUMS_OFFSET, 0xA);
    assert_eq!(Tensor4d::NUMS_OFFSET, 0xC);
    assert_eq!(Tensor3d::stride_offset(2), 0x8);
    assert_eq!(Tensor3d::num_offset(2), 0xE);
}

#[test]
fn seed_002_1d_layout_stride0_at_4_num0_at_6() {
    let t = Tensor1d {
        addr: Addr4::from_raw(0x1122_3344),
        strides: [0x0102],
        nums: [0x0A0B],
    };
    assert_eq!(bytes(&t), [0x44, 0x33, 0x22, 0x11, 0x02, 0x01, 0x0B, 0x0A]);
}

#[test]
fn seed_002_2d_layout_is_two_arrays_not_interleaved() {
    // The CORRECTION: stride0 @+4, stride1 @+6, num0 @+8, num1 @+0xA.
    let t = Tensor2d {
        addr: sbuf(),
        strides: [0x0102, 0x0304],
        nums: [0x0A0B, 0x0C0D],
    };
    assert_eq!(
        bytes(&t),
        [
            0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x04, 0x03, 0x0B, 0x0A, 0x0D, 0x0C
        ]
    );
}

#[test]
fn seed_002_3d_layout_strides_at_4_counts_at_0xa() {
    let t = Tensor3d {
        addr: sbuf(),
        strides: [0x0102, 0x0304, 0x0506],
        nums: [0x0A0B, 0x0C0D, 0x0E0F],
    };
    assert_eq!(
        bytes(&t),
        [
            0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x04, 0x03, 0x06, 0x05, 0x0B, 0x0A, 0x0D, 0x0C,
            0x0F, 0x0E
        ]
    );
}

#[test]
fn seed_002_4d_layout_counts_at_0xc() {
    let t = Tensor4d {
        addr: sbuf(),
        strides: [1, 2, 3, 4],
        nums: [5, 6, 7, 8],
    };
    assert_eq!(
        bytes(&t),
        [
            0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x04, 0x00, 0x05, 0x00,
            0x06, 0x00, 0x07, 0x00, 0x08, 0x00
        ]
    );
}

// ---- the worked example and the packing loop -----------------------------------------------

#[test]
fn seed_002_worked_2d_example_bytes() {
    // Outer stride 64 × 16 counts, inner stride 1 × 32 counts, slot 0 = {64, 16} as the seed
    // lists it (a descriptor-level byte example).
    let t = Tensor2d {
        addr: sbuf(),
        strides: [64, 1],
        nums: [16, 32],
    };
    assert_eq!(
        free_part(&t),
        [0x40, 0x00, 0x01, 0x00, 0x10, 0x00, 0x20, 0x00]
    );
    assert_eq!(tensor2d_valid(&t), Ok(()));
}

#[test]
fn seed_002_packing_puts_the_innermost_axis_in_slot_0() {
    // [partition, {64, 16}, {1, 32}]: the loop walks Pattern[2] then Pattern[1], so slot 0 is
    // {1, 32} and slot 1 is {64, 16}.
    let t: Tensor2d = pack(&ap(0x0000_0000, &[pair(64, 16), pair(1, 32)]));
    assert_eq!(t.strides, [1, 64]);
    assert_eq!(t.nums, [32, 16]);
    assert_eq!(
        free_part(&t),
        [0x01, 0x00, 0x40, 0x00, 0x20, 0x00, 0x10, 0x00]
    );
}

#[test]
fn seed_002_packing_writes_ap_start_as_addr4() {
    let t: Tensor3d = pack(&ap(0x000C_0100, &[pair(2, 5)]));
    assert_eq!(bytes(&t)[..4], [0x00, 0x01, 0x0C, 0x00]);
}

#[test]
fn seed_002_negative_stride_is_twos_complement() {
    // A reverse inner walk: stride1 = -1 -> FF FF.
    let t = Tensor2d {
        addr: sbuf(),
        strides: [64, -1],
        nums: [16, 32],
    };
    assert_eq!(
        free_part(&t),
        [0x40, 0x00, 0xFF, 0xFF, 0x10, 0x00, 0x20, 0x00]
    );
    let packed: Tensor1d = pack(&ap(0, &[pair(-1, 32)]));
    assert_eq!(free_part(&packed), [0xFF, 0xFF, 0x20, 0x00]);
}

// ---- unit fill and the degenerate-axis drop ------------------------------------------------

#[test]
fn seed_002_unit_is_every_slot_one_one() {
    assert_eq!(free_part(&Tensor1d::unit(sbuf())), [0x01, 0x00, 0x01, 0x00]);
    assert_eq!(
        free_part(&Tensor3d::unit(sbuf())),
        [
            0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00
        ]
    );
}

#[test]
fn seed_002_1d_fast_path_is_the_0x00010001_immediate() {
    // A pattern with no non-degenerate free axis into TENSOR1D: stride0 = 1 @+4, num0 = 1 @+6,
    // the little-endian word 0x00010001.
    let partition_only: Tensor1d = pack(&ap(0, &[]));
    assert_eq!(free_part(&partition_only), [0x01, 0x00, 0x01, 0x00]);
    let degenerate_only: Tensor1d = pack(&ap(0, &[pair(7, 1), pair(3, 1)]));
    assert_eq!(free_part(&degenerate_only), [0x01, 0x00, 0x01, 0x00]);
}

#[test]
fn seed_002_degenerate_pattern_into_3d_is_all_one_one() {
    // The 1D-into-3D fast path: 0x00010001 at +4 and at +0xA, slot 2 unit-filled.
    let t: Tensor3d = pack(&ap(0, &[pair(9, 1)]));
    assert_eq!(
        free_part(&t),
        [
            0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00
        ]
    );
    assert_eq!(tensor3d_valid(&t), Ok(()));
}

#[test]
fn seed_002_one_free_axis_into_3d_unit_fills_slots_1_and_2() {
    let t: Tensor3d = pack(&ap(0, &[pair(2, 10)]));
    assert_eq!(
        free_part(&t),
        [
            0x02, 0x00, 0x01, 0x00, 0x01, 0x00, 0x0A, 0x00, 0x01, 0x00, 0x01, 0x00
        ]
    );
}

#[test]
fn seed_002_one_free_axis_into_2d_unit_fills_the_spare_pair() {
    // "A 1D pattern dropped into this 2D slot would unit-fill the spare pair."
    let t: Tensor2d = pack(&ap(0, &[pair(1, 32)]));
    assert_eq!(
        free_part(&t),
        [0x01, 0x00, 0x01, 0x00, 0x20, 0x00, 0x01, 0x00]
    );
}

#[test]
fn seed_002_num_one_axes_are_dropped_and_the_rest_compacted() {
    // [partition, {100, 4}, {7, 1}, {1, 8}]: {7, 1} is dropped; innermost first: {1, 8}, {100, 4}.
    let t: Tensor2d = pack(&ap(0, &[pair(100, 4), pair(7, 1), pair(1, 8)]));
    assert_eq!(
        free_part(&t),
        [0x01, 0x00, 0x64, 0x00, 0x08, 0x00, 0x04, 0x00]
    );
    // Into 3D the dropped axis reappears only as the unit-filled tail slot.
    let t: Tensor3d = pack(&ap(0, &[pair(100, 4), pair(7, 1), pair(1, 8)]));
    assert_eq!(
        free_part(&t),
        [
            0x01, 0x00, 0x64, 0x00, 0x01, 0x00, 0x08, 0x00, 0x04, 0x00, 0x01, 0x00
        ]
    );
}

#[test]
fn seed_002_packing_adds_no_dim_count() {
    // Three free axes fill a 3D descriptor exactly; no byte beyond the 16 carries a count.
    let t: Tensor3d = pack(&ap(0, &[pair(3, 2), pair(2, 3), pair(1, 4)]));
    assert_eq!(
        free_part(&t),
        [
            0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x04, 0x00, 0x03, 0x00, 0x02, 0x00
        ]
    );
}

// ---- packing errors --------------------------------------------------------------------------

#[test]
fn seed_002_too_many_dimensions_message() {
    let four_free = ap(0, &[pair(4, 2), pair(3, 2), pair(2, 2), pair(1, 2)]);
    let err = Tensor3d::pack(&four_free);
    assert_eq!(err, Err(PackError::Dimension { active: 5, max: 3 }));
    assert_eq!(
        err.map_err(|e| e.to_string()),
        Err(
            "Illegal ISA memory access dimension 5, which must be in range of [1, 3]D tensor \
             for ISA mem pattern"
                .to_owned()
        )
    );
    let three_free = ap(0, &[pair(3, 2), pair(2, 2), pair(1, 2)]);
    assert_eq!(
        Tensor2d::pack(&three_free).map_err(|e| e.to_string()),
        Err(
            "Illegal ISA memory access dimension 4, which must be in range of [1, 2]D tensor \
             for ISA mem pattern"
                .to_owned()
        )
    );
}

#[test]
fn seed_002_degenerate_axes_do_not_count_as_dimensions() {
    let t: Tensor1d = pack(&ap(0, &[pair(9, 1), pair(1, 5), pair(8, 1)]));
    assert_eq!(free_part(&t), [0x01, 0x00, 0x05, 0x00]);
}

#[test]
fn seed_002_stride_is_i16_edges_accepted() {
    let t: Tensor2d = pack(&ap(0, &[pair(-32768, 2), pair(32767, 3)]));
    assert_eq!(
        free_part(&t),
        [0xFF, 0x7F, 0x00, 0x80, 0x03, 0x00, 0x02, 0x00]
    );
}

#[test]
fn seed_002_stride_outside_i16_is_refused_not_truncated() {
    for step in [32768, -32769, 40000, -40000, 70000] {
        let err = Tensor2d::pack(&ap(0, &[pair(step, 2), pair(1, 3)]));
        assert_eq!(
            err,
            Err(PackError::StrideOutOfRange {
                step,
                dim: 1,
                slot: 1,
                at: 0x6
            })
        );
        let text = err.map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(
            text.contains(&step.to_string()) && text.contains("slot 1"),
            "{text}"
        );
    }
}

#[test]
fn seed_002_count_is_u16_edge_accepted() {
    let t: Tensor1d = pack(&ap(0, &[pair(1, 65535)]));
    assert_eq!(free_part(&t), [0x01, 0x00, 0xFF, 0xFF]);
}

#[test]
fn seed_002_count_outside_u16_is_refused_not_truncated() {
    for num in [65536, 70000] {
        let err = Tensor3d::pack(&ap(0, &[pair(1, num)]));
        assert_eq!(
            err,
            Err(PackError::CountOutOfRange {
                num,
                dim: 1,
                slot: 0,
                at: 0xA
            })
        );
        let text = err.map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(
            text.contains(&num.to_string()) && text.contains("slot 0"),
            "{text}"
        );
    }
}

#[test]
fn seed_002_negative_partition_step_is_refused() {
    let pattern = AccessPattern {
        start: sbuf(),
        pattern: vec![pair(-1, 128), pair(1, 32)],
        indirect: false,
    };
    let err = Tensor2d::pack(&pattern);
    assert_eq!(err, Err(PackError::NegativePartitionStep { step: -1 }));
    let text = err.map_err(|e| e.to_string()).err().unwrap_or_default();
    assert!(
        text.contains("Negative step in Pattern[0] not supported"),
        "{text}"
    );
    // Only the partition axis: a negative free step is fine.
    assert!(Tensor2d::pack(&ap(0, &[pair(-1, 32)])).is_ok());
}

#[test]
fn an_empty_pattern_has_no_partition_axis() {
    let empty = AccessPattern {
        start: sbuf(),
        pattern: vec![],
        indirect: false,
    };
    assert_eq!(Tensor3d::pack(&empty), Err(PackError::EmptyPattern));
    assert_eq!(first_pair_num(&empty), Err(PackError::EmptyPattern));
}

#[test]
fn seed_002_indirect_patterns_are_not_static_descriptors() {
    let mut gather = ap(0, &[pair(1, 32)]);
    gather.indirect = true;
    assert_eq!(Tensor3d::pack(&gather), Err(PackError::Indirect));
}

#[test]
fn num_active_partitions_is_the_first_pair_num() {
    assert_eq!(first_pair_num(&ap(0, &[pair(1, 32)])), Ok(128));
    let mut wide = ap(0, &[]);
    wide.pattern = vec![pair(1, 255)];
    assert_eq!(first_pair_num(&wide), Ok(255));
    wide.pattern = vec![pair(1, 256)];
    assert_eq!(
        first_pair_num(&wide),
        Err(PackError::PartitionsOutOfRange { num: 256 })
    );
}

// ---- the validators ----------------------------------------------------------------------------

#[test]
fn seed_002_sbuf_zero_count_is_refused_with_its_offset() {
    let t = Tensor3d {
        addr: sbuf(),
        strides: [1, 1, 1],
        nums: [4, 0, 2],
    };
    let err = tensor3d_valid(&t);
    assert_eq!(err, Err(DescriptorFault::ZeroCount { slot: 1, at: 0xC }));
    assert_eq!(err.map_err(|e| e.offset()), Err(0xC));
    let t = Tensor2d {
        addr: sbuf(),
        strides: [1, 1],
        nums: [0, 1],
    };
    assert_eq!(
        tensor2d_valid(&t),
        Err(DescriptorFault::ZeroCount { slot: 0, at: 0x8 })
    );
    let t = Tensor3d {
        addr: sbuf(),
        strides: [1, 1, 1],
        nums: [4, 3, 0],
    };
    assert_eq!(
        tensor3d_valid(&t),
        Err(DescriptorFault::ZeroCount { slot: 2, at: 0xE })
    );
}

#[test]
fn seed_002_zero_count_by_analogy_for_1d_and_4d() {
    let t = Tensor1d {
        addr: sbuf(),
        strides: [1],
        nums: [0],
    };
    assert_eq!(
        t.validate(),
        Err(DescriptorFault::ZeroCount { slot: 0, at: 0x6 })
    );
    let t = Tensor4d {
        addr: sbuf(),
        strides: [1; 4],
        nums: [1, 1, 1, 0],
    };
    assert_eq!(
        t.validate(),
        Err(DescriptorFault::ZeroCount { slot: 3, at: 0x12 })
    );
    assert_eq!(Tensor4d::unit(sbuf()).validate(), Ok(()));
}

#[test]
fn seed_002_a_never_written_count_is_what_unit_fill_prevents() {
    let zeroed = Tensor3d {
        addr: sbuf(),
        strides: [2, 0, 0],
        nums: [10, 0, 0],
    };
    assert_eq!(
        tensor3d_valid(&zeroed),
        Err(DescriptorFault::ZeroCount { slot: 1, at: 0xC })
    );
    let packed: Tensor3d = pack(&ap(0, &[pair(2, 10)]));
    assert_eq!(tensor3d_valid(&packed), Ok(()));
}

#[test]
fn seed_002_psum_3d_refuses_stride2_zero() {
    let t = Tensor3d {
        addr: psum(),
        strides: [1, 1, 0],
        nums: [1, 1, 1],
    };
    let err = tensor3d_valid(&t);
    assert_eq!(err, Err(DescriptorFault::ZeroStride { slot: 2, at: 0x8 }));
    assert_eq!(err.map_err(|e| e.offset()), Err(0x8));
    // The SBUF path has no stride rule.
    let t = Tensor3d {
        addr: sbuf(),
        strides: [1, 1, 0],
        nums: [1, 1, 1],
    };
    assert_eq!(tensor3d_valid(&t), Ok(()));
}

#[test]
fn seed_002_psum_refuses_0xe0_bits_in_byte_7() {
    for stride1 in [0x2000, 0x4000, -0x8000, -1] {
        let t = Tensor3d {
            addr: psum(),
            strides: [1, stride1, 1],
            nums: [1, 1, 1],
        };
        let byte = bytes(&t)[7];
        assert_eq!(
            tensor3d_valid(&t),
            Err(DescriptorFault::PsumStrideHigh { byte })
        );
        let t2 = Tensor2d {
            addr: psum(),
            strides: [1, stride1],
            nums: [1, 1],
        };
        assert_eq!(
            tensor2d_valid(&t2),
            Err(DescriptorFault::PsumStrideHigh { byte })
        );
    }
    let t = Tensor3d {
        addr: psum(),
        strides: [1, 0x2000, 1],
        nums: [1, 1, 1],
    };
    assert_eq!(bytes(&t)[7], 0x20);
    assert_eq!(tensor3d_valid(&t).map_err(|e| e.offset()), Err(7));
    // 0x1FFF leaves the top 3 bits of byte +7 clear.
    let t = Tensor3d {
        addr: psum(),
        strides: [-1, 0x1FFF, 1],
        nums: [1, 1, 1],
    };
    assert_eq!(tensor3d_valid(&t), Ok(()));
    // The SBUF path does not apply the mask.
    let t = Tensor3d {
        addr: sbuf(),
        strides: [1, -1, 1],
        nums: [1, 1, 1],
    };
    assert_eq!(tensor3d_valid(&t), Ok(()));
}

#[test]
fn seed_002_psum_path_does_not_check_counts() {
    let t = Tensor3d {
        addr: psum(),
        strides: [1, 1, 1],
        nums: [0, 0, 0],
    };
    assert_eq!(tensor3d_valid(&t), Ok(()));
}

#[test]
fn seed_002_psum_start_address_must_be_valid() {
    // Bit 31 and bit 29 set: byte3 & 0x60 == 0x20 routes it to the PSUM path, and a register
    // word with bits between the RegId and bit 31 is not a valid start address.
    let t = Tensor3d {
        addr: Addr4::from_raw(0xA000_0005),
        strides: [1; 3],
        nums: [1; 3],
    };
    assert_eq!(
        tensor3d_valid(&t),
        Err(DescriptorFault::StartAddr { word: 0xA000_0005 })
    );
}

#[test]
fn seed_002_rejected_sb_subregion() {
    let t = Tensor3d {
        addr: Addr4::from_raw(0x4000_0000),
        strides: [1; 3],
        nums: [1; 3],
    };
    let err = tensor3d_valid(&t);
    assert_eq!(err, Err(DescriptorFault::SbSubregion { byte3: 0x40 }));
    assert_eq!(err.map_err(|e| e.offset()), Err(3));
    let t = Tensor2d {
        addr: Addr4::from_raw(0x4812_3456),
        strides: [1; 2],
        nums: [1; 2],
    };
    assert_eq!(
        tensor2d_valid(&t),
        Err(DescriptorFault::SbSubregion { byte3: 0x48 })
    );
    // byte3 & 0x70 == 0x50 is not the rejected sub-region.
    let t = Tensor2d {
        addr: Addr4::from_raw(0x5000_0000),
        strides: [1; 2],
        nums: [1; 2],
    };
    assert_eq!(tensor2d_valid(&t), Ok(()));
}

#[test]
fn seed_002_sbuf_start_address_must_be_valid() {
    let t = Tensor2d {
        addr: Addr4::from_raw(0x8000_0040),
        strides: [1; 2],
        nums: [1; 2],
    };
    assert_eq!(
        tensor2d_valid(&t),
        Err(DescriptorFault::StartAddr { word: 0x8000_0040 })
    );
    let t = Tensor2d {
        addr: Addr4::from_raw(0x8000_003F),
        strides: [1; 2],
        nums: [1; 2],
    };
    assert_eq!(tensor2d_valid(&t), Ok(()));
}

#[test]
fn a_fault_becomes_a_field_error_at_its_offset() {
    let fault = DescriptorFault::ZeroCount { slot: 1, at: 0xC };
    let err = FieldError::from(fault);
    assert_eq!(err.at, 0xC);
    assert!(matches!(err.problem, Problem::Rule(_)));
    assert!(fault.to_string().contains("0x0c"), "{fault}");
}

// ---- ADDR4 -------------------------------------------------------------------------------------

#[test]
fn seed_002_addr4_register_form() {
    let a = Addr4::register(0x05).map_err(|e| e.to_string());
    assert_eq!(a.map(Addr4::raw), Ok(0x8000_0005));
    let a = Addr4::from_raw(0x8000_0005);
    assert!(a.is_register());
    assert_eq!(a.reg_id(), Some(0x05));
    assert!(a.tensor_start_addr_valid());
    assert_eq!(
        a.to_wire().map(|w| w.as_bytes().to_vec()),
        Ok(vec![0x05, 0x00, 0x00, 0x80])
    );
    assert_eq!(Addr4::register(0x3F).map(Addr4::raw), Ok(0x8000_003F));
}

#[test]
fn seed_002_addr4_reg_id_below_0x40() {
    assert_eq!(
        Addr4::register(0x40),
        Err(Problem::OutOfRange {
            value: 0x40,
            min: 0,
            max: 0x3F
        })
    );
    assert!(!Addr4::from_raw(0x8000_0040).tensor_start_addr_valid());
    assert!(!Addr4::from_raw(0x8000_00FF).tensor_start_addr_valid());
    // Bits between the RegId byte and bit 31.
    assert!(!Addr4::from_raw(0x8000_0105).tensor_start_addr_valid());
    assert!(!Addr4::from_raw(0xC000_0005).tensor_start_addr_valid());
}

#[test]
fn seed_002_addr4_static_form() {
    let a = Addr4::from_raw(0x000C_0100);
    assert!(!a.is_register());
    assert_eq!(a.reg_id(), None);
    assert!(a.tensor_start_addr_valid());
    assert_eq!(Addr4::from_raw(0xFFFF_FFFF).byte_address(), 0x1FFF_FFFF);
    assert_eq!(Addr4::from_raw(0x2A00_0000).byte3(), 0x2A);
}

#[test]
fn seed_002_addr4_sbuf_band() {
    // (partition << 18) + in-partition byte address: (3 << 18) + 0x100.
    assert_eq!(Addr4::sbuf(3, 0x100).map(Addr4::raw), Ok(0x000C_0100));
    assert_eq!(Addr4::sbuf(127, 0x3_FFFF).map(Addr4::raw), Ok(0x01FF_FFFF));
    assert_eq!(
        Addr4::sbuf(0x7FF, 0x3_FFFF).map(Addr4::raw),
        Ok(0x1FFF_FFFF)
    );
    assert!(Addr4::sbuf(0, 0x4_0000).is_err());
    assert!(Addr4::sbuf(0x800, 0).is_err());
    assert_eq!(Addr4::sbuf(3, 0x100).map(Addr4::is_psum), Ok(false));
}

#[test]
fn seed_002_addr4_psum_band() {
    // Bit 29 set (byte3 & 0x60 == 0x20) plus (partition << 15) + byte address.
    assert_eq!(Addr4::psum(2, 0x40).map(Addr4::raw), Ok(0x2001_0040));
    assert_eq!(Addr4::psum(0, 0).map(Addr4::raw), Ok(0x2000_0000));
    assert_eq!(Addr4::psum(0x3FFF, 0x7FFF).map(Addr4::raw), Ok(0x3FFF_FFFF));
    assert!(Addr4::psum(0, 0x8000).is_err());
    assert!(Addr4::psum(0x4000, 0).is_err());
    assert_eq!(Addr4::psum(2, 0x40).map(Addr4::is_psum), Ok(true));
}

#[test]
fn seed_002_psum_region_is_byte3_and_0x60_eq_0x20() {
    assert!(Addr4::from_raw(0x2000_0000).is_psum());
    assert!(Addr4::from_raw(0x3F00_0000).is_psum());
    assert!(Addr4::from_raw(0xA000_0000).is_psum());
    assert!(!Addr4::from_raw(0x6000_0000).is_psum());
    assert!(!Addr4::from_raw(0x4000_0000).is_psum());
    assert!(Addr4::from_raw(0x4F00_0000).is_rejected_sb_subregion());
    assert!(!Addr4::from_raw(0x5000_0000).is_rejected_sb_subregion());
    assert!(!Addr4::from_raw(0x6000_0000).is_rejected_sb_subregion());
}

#[test]
fn addr4_decodes_every_word_losslessly() {
    for raw in [0u32, 1, 0x8000_0040, 0x4000_0000, 0xFFFF_FFFF, 0x2001_0040] {
        let wire = zerocopy::byteorder::little_endian::U32::new(raw);
        let back = Addr4::from_wire(&wire).and_then(|a| a.to_wire());
        assert_eq!(back, Ok(wire));
    }
}

// ---- Field round trip ----------------------------------------------------------------------------

#[test]
fn seed_002_tensor3d_round_trips_through_its_wire_bytes() {
    let wire_bytes: [u8; 16] = [
        0x00, 0x01, 0x0C, 0x00, // ADDR4 0x000C0100
        0x01, 0x00, 0x40, 0x00, 0xFF, 0xFF, // strides 1, 64, -1
        0x20, 0x00, 0x10, 0x00, 0x02, 0x00, // nums 32, 16, 2
    ];
    let wire = TensorWire::<3>::ref_from_bytes(&wire_bytes).map_err(|_| "16 bytes");
    let t = wire.map(Tensor3d::from_wire);
    assert_eq!(
        t,
        Ok(Ok(Tensor3d {
            addr: Addr4::from_raw(0x000C_0100),
            strides: [1, 64, -1],
            nums: [32, 16, 2],
        }))
    );
    let t = Tensor3d {
        addr: Addr4::from_raw(0x000C_0100),
        strides: [1, 64, -1],
        nums: [32, 16, 2],
    };
    assert_eq!(bytes(&t), wire_bytes);
}

#[test]
fn any_descriptor_bytes_decode_and_reencode_unchanged() {
    let garbage: [u8; 16] = [
        0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x80, 0xFF, 0x7F, 0x12, 0x34, 0x00, 0x00, 0xFF, 0xFF, 0x56,
        0x78,
    ];
    let round = TensorWire::<3>::read_from_bytes(&garbage)
        .map_err(|_| FieldError::new(Problem::Rule("16 bytes")))
        .and_then(|w| Tensor3d::from_wire(&w))
        .and_then(|t| t.to_wire())
        .map(|w| w.as_bytes().to_vec());
    assert_eq!(round, Ok(garbage.to_vec()));
}

// Seed 002, tensor3d_valid PSUM path: `if (byte_at(+7) & 0xe0) return false; return
// tensor_start_addr_valid(word @+4); // tail re-validate`. Every word @+4 the 0xe0 rule lets
// through has bits 29..=31 clear: a static-form word, which `tensor_start_addr_valid` accepts.
// So the tail re-validate can never refuse on its own, and has no fault of its own; this pins
// the implication over every value of byte +7 and a spread of the low 24 bits.
#[test]
fn seed_002_psum_tail_revalidate_is_implied_by_the_0xe0_rule() {
    for byte7 in 0u32..=0xFF {
        if byte7 & 0xE0 != 0 {
            continue;
        }
        for low in [0u32, 1, 0x3F, 0x40, 0xFF, 0xFFFF, 0x00FF_FFFF, 0x0012_3456] {
            let word = (byte7 << 24) | low;
            assert!(
                Addr4::from_raw(word).tensor_start_addr_valid(),
                "{word:#010x} passes the 0xe0 rule"
            );
        }
    }
    // And a PSUM descriptor that passes the 0xe0 rule is accepted whatever its stride word.
    let t = Tensor3d {
        addr: psum(),
        strides: [-1, 0x1FFF, 1],
        nums: [0, 0, 0],
    };
    assert_eq!(tensor3d_valid(&t), Ok(()));
}

#[test]
fn seed_002_decoding_reads_addr4_then_the_strides_then_the_counts_of_every_width() {
    // Seed 002's 4+4N layout read back: ADDR4 little-endian at +0, the signed strides from +4,
    // the counts from +(4+2N). Each width is decoded from its own written-out bytes.
    let one = [0x78, 0x56, 0x34, 0x12, 0xFE, 0xFF, 0x07, 0x00];
    let t = Tensor1d::from_wire(&TensorWire::<1>::read_from_bytes(&one).unwrap()).unwrap();
    assert_eq!((t.addr.raw(), t.strides, t.nums), (0x1234_5678, [-2], [7]));

    let three = [
        0x00, 0x10, 0x00, 0x20, 0x01, 0x00, 0x00, 0x80, 0xFF, 0x7F, 0x0B, 0x0A, 0x0D, 0x0C, 0x0F,
        0x0E,
    ];
    let t = Tensor3d::from_wire(&TensorWire::<3>::read_from_bytes(&three).unwrap()).unwrap();
    assert_eq!(t.addr.raw(), 0x2000_1000);
    assert_eq!(t.strides, [1, i16::MIN, i16::MAX]);
    assert_eq!(t.nums, [0x0A0B, 0x0C0D, 0x0E0F]);

    let four: Vec<u8> = (1..=20).collect();
    let t = Tensor4d::from_wire(&TensorWire::<4>::read_from_bytes(&four).unwrap()).unwrap();
    assert_eq!(t.addr.raw(), 0x0403_0201);
    assert_eq!(t.strides, [0x0605, 0x0807, 0x0A09, 0x0C0B]);
    assert_eq!(t.nums, [0x0E0D, 0x100F, 0x1211, 0x1413]);
}

// ---- decoding: every size, every bit pattern -----------------------------------------------

/// The descriptor of `raw` as seed 002 lays it out, read byte by byte: ADDR4 at +0, stride `i`
/// at +4+2i, count `i` at +(4+2N)+2i, each little-endian.
fn read_by_the_seed<const N: usize>(raw: &[u8]) -> Tensor<N> {
    let word = |at: usize| [raw[at], raw[at + 1]];
    Tensor {
        addr: Addr4::from_raw(u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]])),
        strides: std::array::from_fn(|i| i16::from_le_bytes(word(4 + 2 * i))),
        nums: std::array::from_fn(|i| u16::from_le_bytes(word(4 + 2 * N + 2 * i))),
    }
}

/// `raw` decoded through the wire view, and checked against the seed's reading and the bytes
/// it encodes back to.
fn decodes_as_the_seed_reads<const N: usize>(raw: &[u8]) -> Result<(), String> {
    let wire = TensorWire::<N>::ref_from_bytes(raw).map_err(|e| format!("{e:?}"))?;
    let decoded = Tensor::<N>::from_wire(wire).map_err(|e| format!("{e:?}"))?;
    if decoded != read_by_the_seed::<N>(raw) {
        return Err(format!("{N}D {raw:02x?} decoded as {decoded:?}"));
    }
    if bytes(&decoded) != raw {
        return Err(format!(
            "{N}D {raw:02x?} encoded back as {:02x?}",
            bytes(&decoded)
        ));
    }
    Ok(())
}

#[test]
fn seed_002_2d_bytes_decode_to_their_fields() {
    // The 2D width, which the written-out reads above leave out: 12 bytes, counts at +8.
    let two = [
        0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x40, 0x00, 0x20, 0x00, 0x02, 0x00,
    ];
    let t = Tensor2d::from_wire(TensorWire::<2>::ref_from_bytes(&two[..]).unwrap()).unwrap();
    assert_eq!(
        (t.addr, t.strides, t.nums),
        (Addr4::from_raw(0x10), [1, 64], [32, 2])
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

    #[test]
    fn every_descriptor_of_every_size_decodes_as_the_seed_lays_it_out(
        raw in proptest::collection::vec(proptest::prelude::any::<u8>(), 20),
    ) {
        for result in [
            decodes_as_the_seed_reads::<1>(&raw[..8]),
            decodes_as_the_seed_reads::<2>(&raw[..12]),
            decodes_as_the_seed_reads::<3>(&raw[..16]),
            decodes_as_the_seed_reads::<4>(&raw[..20]),
        ] {
            proptest::prop_assert_eq!(result, Ok(()));
        }
    }
}
