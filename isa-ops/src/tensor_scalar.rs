//! TensorScalar (seed 001 "TensorScalar (OrPtr)"): `out = op1(op0(in, s0), s1)` on the DVE
//! engine, opcodes 0x43 (arith), 0x53 (bit-vector), 0x93 (transposed arith) and 0x9A (fused
//! reduce), on the S3D3_TS layout.
//!
//! Seed 001: "S3D3_TS_STRUCT is the shared 64-byte layout for three distinct KLR operations …
//! build one, switch on opcode + mode fields." The field list is written once, in
//! `s3d3_ts!` (this module), and stamped twice, because the dtype table of the
//! shared layout depends on the emitter: the CoreV2 bodies (TensorScalar, TensorScalarCache) take
//! [`dtype_v2`], the CoreV4 Exponential emitter takes [`dtype_v4`](isa_core::dtype_v4) (the two
//! differ only at float4_e2m1fn_x4: 0x05 vs 0x10). [`TensorScalar`] carries every CoreV2 opcode
//! of the layout, TensorScalarCache's 0x9A/0xE6 included: 0x9A has two producers (fused-reduce
//! TensorScalar and TensorScalarCache Reduce) and is declared once (SPEC-NOTES §2.9).
//! [`Exponential`](crate::exponential::Exponential) is the CoreV4 stamp.
//!
//! This module also holds the family's instruction, [`TensorScalarPtrInst`], with the choice of
//! `visitInstTensorScalarPtr` ([`TensorScalarPtrInst::path`]: TensorScalarAddr (0x74),
//! ScalarTensorTensor (0x9D/0x9E/0xE5) or TensorScalar; the fan-out itself sits above the three
//! bodies, in `tensor_scalar_ptr`), and the pieces the family's bodies share: the scalar slot
//! ([`Arg`], [`ScalarSource`]), the fused-reduce guard and the trailing DveReadAccumulator.
//!
//! Public reverse-engineering notes of the vendor's shipped ISA headers (`S3D3_TS` in
//! aws_neuron_isa_tpb_*.h) agree with every position of the layout: accumulator_cmd 0x0C, input
//! 0x10, in/out dtype 0x20/0x21, num_active_channels 0x22, imm0 source 0x23, op0/op1 0x24/0x25,
//! reverse 0x26, imm1 source 0x27, imm0/imm1 0x28/0x2C, output 0x30, the INFERRED readings of
//! SPEC-NOTES §2.2 included. Each row carries `corroborated = "…"`; nothing is disputed.

use isa_core::{
    AccumulateCmd, AluOp, Confidence, Dtype, ReverseOps, Rule, SyncBand, Tensor, Tensor3d, alu_v2,
    dtype_v2, enumeration,
};

use crate::lower::{LowerError, ModuleAttribute, Sink, Validate};
use crate::opaque::DveReadAccumulator;
use crate::operand::Operand;
use crate::support::{At, at, descriptors, elements, finding};
use isa_core::{Findings, ReasonArg, reason};

enumeration! {
    /// The CoreV2 opcodes of the S3D3_TS layout (seed 001: "{0x43 TensorScalarArithOp, 0x53
    /// TensorScalarBitvecOp, 0x93 TransposeTensorScalarArithOp, 0x9A TensorScalarCacheReduce}",
    /// plus TensorScalarCache's 0xE6 TensorScalarCacheCumulative).
    pub enum TsOpcode: "TensorScalar opcode" {
        /// Plain arith (`apply_transpose == 0`).
        Arith = 0x43 => "tensor_scalar_arith",
        /// The bit-vector form (`bir::isBitVecInstruction`, `mov $0x53 @0x1265823`).
        Bitvec = 0x53 => "tensor_scalar_bitvec",
        /// Transposed arith (`add $0x93 @0x126559f`).
        TransposeArith = 0x93 => "transpose_tensor_scalar_arith",
        /// Fused reduce (two outputs or a non-zero accumulate, `mov $0x9a @0x126560b`), and
        /// TensorScalarCache Reduce (`mov $0x9a @0x125dd49`): one wire op, two producers.
        CacheReduce = 0x9A => "tensor_scalar_cache_reduce",
        /// TensorScalarCache Cumulative and TensorScan (`mov $0xe6 @0x125dbdb`).
        CacheCumulative = 0xE6 => "tensor_scalar_cache_cumulative",
    }
}

enumeration! {
    /// What a scalar slot's source byte (S3D3_TS +0x23 / +0x27) says the 32-bit value is. Seed
    /// 001: `sub_12051E0` "materialises the scalar operand into the +0x23/+0x27 AP slot either as
    /// an ImmediateValue … or as a pointer/runtime AP"; seed 000 names the same packer's three
    /// variants {PhysicalAP / RegisterAP / ImmediateValue}.
    ///
    /// INFERRED codes: the seeds give the variants, not their bytes. Immediate is 0 because seed
    /// 001 reads an absent imm1 as "imm1 == 0 (imm1_src = InstructionImmediate)", which is also
    /// what a zero-filled bundle holds; the two AP forms follow in the seed's order.
    pub enum ScalarSource: "scalar source" {
        /// An instruction immediate: the value word is the raw 32-bit pattern.
        Immediate = 0 => "immediate",
        /// A static AP: the value word is the ADDR4 start word of the scalar's pattern.
        PhysicalAp = 1 => "physical_ap",
        /// A runtime (register) AP: the value word is the register-form ADDR4 word.
        RegisterAp = 2 => "register_ap",
    }
}

/// The scalar slot of an absent operand: an immediate 0 (seed 001, "imm1 == 0 (imm1_src =
/// InstructionImmediate)").
pub const NO_SCALAR: (ScalarSource, u32) = (ScalarSource::Immediate, 0);

/// One entry of a tensor-scalar instruction's operand list after `arg[0]` (seed 001:
/// `sub_123DF20` / `sub_1240360`): an immediate or an access pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// An `ImmediateValue`: its raw 32-bit pattern (`f32::to_bits` for fp32) and its dtype.
    Immediate {
        /// The value's bits.
        bits: u32,
        /// The value's dtype.
        dtype: Dtype,
    },
    /// A pointer or runtime access pattern (a per-partition scalar read from memory, or STT's
    /// second tensor).
    Ap(Operand),
}

impl Arg {
    /// An fp32 immediate.
    pub fn fp32(value: f32) -> Self {
        Arg::Immediate {
            bits: value.to_bits(),
            dtype: Dtype::Float32,
        }
    }

    /// The operand's dtype.
    pub fn dtype(&self) -> Dtype {
        match self {
            Arg::Immediate { dtype, .. } => *dtype,
            Arg::Ap(operand) => operand.dtype,
        }
    }

    /// The `(source byte, value word)` pair the packer writes: an immediate's bits, or the ADDR4
    /// start word of an AP (register form → [`ScalarSource::RegisterAp`]). INFERRED: the seeds
    /// pin the slot, not the AP encoding in it.
    pub fn slot(&self) -> (ScalarSource, u32) {
        match self {
            Arg::Immediate { bits, .. } => (ScalarSource::Immediate, *bits),
            Arg::Ap(operand) if operand.ap.start.is_register() => {
                (ScalarSource::RegisterAp, operand.ap.start.raw())
            }
            Arg::Ap(operand) => (ScalarSource::PhysicalAp, operand.ap.start.raw()),
        }
    }
}

/// The slot of an optional operand: [`NO_SCALAR`] when absent.
pub fn slot_of(arg: Option<&Arg>) -> (ScalarSource, u32) {
    arg.map_or(NO_SCALAR, Arg::slot)
}

/// Stamps the S3D3_TS field list (seed 001, SPEC-NOTES §2.2) as a bundle named `$name`, with the
/// given opcodes and opcode type, dtype table, ALU table and output descriptor type. The layout is
/// written here once; only the tables differ between the CoreV2 and CoreV4 emitters.
macro_rules! s3d3_ts {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            opcodes = [$($op:tt),+ $(,)?],
            opcode = $opcode:ident,
            dtype = $dtype:ident,
            alu = $alu:ident,
            output = $output:ident $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            ::isa_derive::Bundle,
            Debug,
            Clone,
            PartialEq,
            Eq,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        #[serde(deny_unknown_fields)]
        #[bundle(size = 64, opcodes = [$($op),+], wire = "s3d3_ts")]
        pub struct $name {
            /// Which datapath of the layout.
            #[field(opcode)]
            pub opcode: $opcode,
            /// The sync band.
            #[field(offset = 0x04, confidence = inferred, note = "wait/update band order per SPEC-NOTES 2.6")]
            pub sync: ::isa_core::SyncBand,
            /// `accumulator_cmd` / `reduce_cmd`: one EngineAccumulationType byte (there is no
            /// separate reduce command on the wire).
            #[field(offset = 0x0C, lut = ::isa_core::accumulate, confidence = confirmed, note = "b[0x0C] = accum(reduce_cmd) @0x143a158; control band 0x0C CONFIRMED", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): accumulator_cmd at 0x0C")]
            pub accumulator_cmd: ::isa_core::AccumulateCmd,
            /// The input access pattern.
            #[field(offset = 0x10, confidence = inferred, note = "SPEC-NOTES 2.2: input TENSOR3D at 0x10 (the page's 0x10/0x30 sub-bands; two 16-byte descriptors do not fit 0x28..0x3F)", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): input at 0x10")]
            pub input: ::isa_core::Tensor3d,
            /// The input's dtype tag.
            #[field(offset = 0x20, lut = $dtype, confidence = confirmed, note = "b[0x20] = dtype LUT[arg0.dtype] @0x1439f2c", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): in dtype at 0x20")]
            pub in_dtype: ::isa_core::Dtype,
            /// The output's dtype tag.
            #[field(offset = 0x21, lut = $dtype, confidence = confirmed, note = "b[0x21] = dtype LUT[out0.dtype] @0x143a140", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): out dtype at 0x21")]
            pub out_dtype: ::isa_core::Dtype,
            /// `num_active_channels`: the input AP's first APPair num.
            #[field(offset = 0x22, confidence = confirmed, note = "*(*(AP+0x50)+8) @0x1439f11", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): num_active_channels at 0x22")]
            pub num_active_channels: u8,
            /// What the imm0 value word holds.
            #[field(offset = 0x23, confidence = strong, note = "imm0 AP slot, sub_12051E0 / sub_142E370 (STRONG); kind codes INFERRED, see ScalarSource", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): imm0 source at 0x23")]
            pub imm0_src: $crate::tensor_scalar::ScalarSource,
            /// The first ALU stage (Exponential: forced bypass).
            #[field(offset = 0x24, lut = $alu, confidence = confirmed, note = "op0; Exponential stores *(u16*)&b[0x24] = 0 @0x143a163", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): op0 at 0x24")]
            pub op0: ::isa_core::AluOp,
            /// The second ALU stage (Exponential: forced bypass).
            #[field(offset = 0x25, lut = $alu, confidence = confirmed, note = "op1; Exponential stores *(u16*)&b[0x24] = 0 @0x143a163", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): op1 at 0x25")]
            pub op1: ::isa_core::AluOp,
            /// The reverse pack `reverse0 | reverse1 << 1` (Exponential: forced none).
            #[field(offset = 0x26, bits = 0..=1, confidence = confirmed, note = "mov %al,0x26(%r14) @0x1265c6a; bits 2..=7 are never set", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): reverse at 0x26")]
            pub reverse: ::isa_core::ReverseOps,
            /// What the imm1 value word holds.
            #[field(offset = 0x27, confidence = strong, note = "imm1 AP slot, sub_12051E0 / sub_142E370 (STRONG); kind codes INFERRED, see ScalarSource", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): imm1 source at 0x27")]
            pub imm1_src: $crate::tensor_scalar::ScalarSource,
            /// The imm0 value word: an immediate's bits or an AP's ADDR4 word.
            #[field(offset = 0x28, confidence = inferred, note = "SPEC-NOTES 2.2: the 32-bit imm0 value at 0x28", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): imm0 at 0x28")]
            pub imm0: u32,
            /// The imm1 value word (TensorScalarCache / Exponential: the reduce-init with
            /// load_accumulate).
            #[field(offset = 0x2C, confidence = inferred, note = "SPEC-NOTES 2.2: the 32-bit imm1 value at 0x2C", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): imm1 at 0x2C")]
            pub imm1: u32,
            /// The output access pattern (MEM_PATTERN3D on Exponential: the same bytes).
            #[field(offset = 0x30, confidence = inferred, note = "SPEC-NOTES 2.2: output TENSOR3D / MEM_PATTERN3D at 0x30", corroborated = "S3D3_TS in aws_neuron_isa_tpb_*.h (public notes): output at 0x30")]
            pub out: $output,
        }

        impl $name {
            /// Fills the layout the way every S3D3_TS body stores it (seed 001: the control band,
            /// then `assignAccess` of the input and output patterns).
            pub fn fill(
                opcode: $opcode,
                f: &$crate::tensor_scalar::TsFill<'_>,
            ) -> ::core::result::Result<Self, $crate::lower::LowerError> {
                ::core::result::Result::Ok(Self {
                    opcode,
                    sync: f.sync,
                    accumulator_cmd: f.acc,
                    input: $crate::support::pack("input", &f.input.ap)?,
                    in_dtype: f.input.dtype,
                    out_dtype: f.out.dtype,
                    num_active_channels: $crate::support::partitions("input", &f.input.ap)?,
                    imm0_src: f.imm0.0,
                    op0: f.op0,
                    op1: f.op1,
                    reverse: f.reverse,
                    imm1_src: f.imm1.0,
                    imm0: f.imm0.1,
                    imm1: f.imm1.1,
                    out: $crate::support::pack("out", &f.out.ap)?,
                })
            }
        }

        /// The bundle size, checked against the declaration.
        const _: () = ::core::assert!(<$name as ::isa_core::Bundle>::SIZE == 64);
    };
}
pub(crate) use s3d3_ts;

/// What every S3D3_TS body stores, gathered from its instruction: the two operands, the two
/// scalar slots, the ALU stages, the accumulate command and the sync band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TsFill<'a> {
    /// `arg[0]`: the input pattern (slot 0x10), dtype (0x20) and channel count (0x22).
    pub input: &'a Operand,
    /// `out[0]`: the output pattern (slot 0x30) and dtype (0x21).
    pub out: &'a Operand,
    /// The imm0 slot (0x23 / 0x28).
    pub imm0: (ScalarSource, u32),
    /// The imm1 slot (0x27 / 0x2C).
    pub imm1: (ScalarSource, u32),
    /// `op0` (0x24).
    pub op0: AluOp,
    /// `op1` (0x25).
    pub op1: AluOp,
    /// The reverse pack (0x26).
    pub reverse: ReverseOps,
    /// `accumulator_cmd` (0x0C).
    pub acc: AccumulateCmd,
    /// The sync band.
    pub sync: SyncBand,
}

s3d3_ts! {
    /// The S3D3_TS bundle as the CoreV2 bodies write it: TensorScalar (0x43/0x53/0x93/0x9A) and
    /// TensorScalarCache (0x9A/0xE6), dtype tags from [`dtype_v2`], ALU bytes from [`alu_v2`].
    pub struct TensorScalar {
        opcodes = [0x43, 0x53, 0x93, 0x9A, 0xE6],
        opcode = TsOpcode,
        dtype = dtype_v2,
        alu = alu_v2,
        output = Tensor3d,
    }
}

/// A BIR `InstTensorScalarPtr` (IR type IT29) as `visitInstTensorScalarPtr` and its three
/// bodies read it (seed 001: member offsets pinned in the encoders' disassembly).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorScalarPtrInst {
    /// `getOutput(0)`.
    pub out: Operand,
    /// `getOutput(1)`: present when `NumOutputs == 2`, the fused-reduce result drained by a
    /// trailing DveReadAccumulator.
    pub reduce_out: Option<Operand>,
    /// `getArgument<AP>(0)`: the input (STT: tensor0).
    pub input: Operand,
    /// The operand list after `arg[0]`: scalar0 (`sub_123DF20`), then scalar1 / STT's tensor1
    /// (`sub_1240360`). `NumArgs` (walked at `I+160`) is `1 + scalars.len()`.
    pub scalars: Vec<Arg>,
    /// `op0` (`+0xF0`).
    pub op0: AluOp,
    /// `op1` (`+0x120`).
    pub op1: AluOp,
    /// `reverse0` (`+0xF8`): swap op0's operands.
    pub reverse0: bool,
    /// `reverse1` (`+0x128`): swap op1's operands.
    pub reverse1: bool,
    /// `apply_transpose` (`+0x150`).
    pub apply_transpose: bool,
    /// `bir::isBitVecInstruction(I)`.
    pub bitvec: bool,
    /// `bir::isTensorScalarAddr(I)` (`+0x178`): the addressable-scalar datapath.
    pub tensor_scalar_addr: bool,
    /// `is_scalar_tensor_tensor` (`+0x1A0`): `arg2` is a tensor, not a scalar.
    pub scalar_tensor_tensor: bool,
    /// `stt_variant_tag` (`+0x1C8`): the scan-STT variant.
    pub stt_scan: bool,
    /// `acc` (`+0x1F0`).
    pub acc: AccumulateCmd,
    /// The sync band the sync writers fill.
    pub sync: SyncBand,
}

/// Which body `visitInstTensorScalarPtr` hands an instruction to (seed 001, "a pure three-way
/// fan-out").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TensorScalarPath {
    /// `bir::isTensorScalarAddr(I)` → `generateTensorScalarAddr`, opcode 0x74.
    Addr,
    /// `is_scalar_tensor_tensor || stt_variant_tag` → `generateScalarTensorTensor`.
    ScalarTensorTensor,
    /// Everything else → `generateTensorScalarOrPtr`.
    TensorScalar,
}

impl TensorScalarPtrInst {
    /// A plain instruction: `op0` then `op1` on `input` and `scalars`, into `out` alone; every
    /// flag clear, neither op reversed, the accumulator idle, the default sync band. Other
    /// members by struct update: `TensorScalarPtrInst { reverse0: true, ..TensorScalarPtrInst::new(…) }`.
    pub fn new(out: Operand, input: Operand, scalars: Vec<Arg>, op0: AluOp, op1: AluOp) -> Self {
        TensorScalarPtrInst {
            out,
            reduce_out: None,
            input,
            scalars,
            op0,
            op1,
            reverse0: false,
            reverse1: false,
            apply_transpose: false,
            bitvec: false,
            tensor_scalar_addr: false,
            scalar_tensor_tensor: false,
            stt_scan: false,
            acc: AccumulateCmd::Idle,
            sync: SyncBand::default(),
        }
    }

    /// `visitInstTensorScalarPtr` @0x1266d60: the addressable-scalar test first, then the STT
    /// flags, else plain TensorScalar.
    pub fn path(&self) -> TensorScalarPath {
        if self.tensor_scalar_addr {
            TensorScalarPath::Addr
        } else if self.scalar_tensor_tensor || self.stt_scan {
            TensorScalarPath::ScalarTensorTensor
        } else {
            TensorScalarPath::TensorScalar
        }
    }

    /// `NumArgs ∈ {2, 3}`, else the NeuronAssertion "NumArgs == 2 || NumArgs == 3" (seed 001).
    pub fn check_num_args(&self) -> Result<(), LowerError> {
        match self.scalars.len() {
            1 | 2 => Ok(()),
            _ => Err(LowerError::Spec("NumArgs == 2 || NumArgs == 3")),
        }
    }

    /// The opcode fork of `generateTensorScalarOrPtr` (seed 001): bit-vector 0x53 (a transposed
    /// bit-vector is an error), transposed 0x93, plain 0x43; two outputs or a non-zero
    /// accumulate make it 0x9A.
    pub fn select_opcode(&self) -> Result<TsOpcode, LowerError> {
        self.check_num_args()?;
        let base = match (self.bitvec, self.apply_transpose) {
            (true, true) => {
                return Err(LowerError::Spec(
                    "TensorScalarPtr bitvec does not support transpose",
                ));
            }
            (true, false) => TsOpcode::Bitvec,
            (false, false) => TsOpcode::Arith,
            (false, true) => TsOpcode::TransposeArith,
        };
        if self.reduce_out.is_some() || self.acc != AccumulateCmd::Idle {
            return Ok(TsOpcode::CacheReduce);
        }
        Ok(base)
    }

    /// The immediate rules of `sub_12051E0` (seed 001): an arith immediate must be fp32; a
    /// bit-vector immediate must be at least as wide as the input dtype. AP scalars pass.
    pub fn check_immediates(&self) -> Result<(), LowerError> {
        for arg in &self.scalars {
            let Arg::Immediate { dtype, .. } = arg else {
                continue;
            };
            if self.bitvec {
                if dtype.size_bytes() < self.input.dtype.size_bytes() {
                    return Err(LowerError::Spec(
                        "bitvec immediate dtype size must be >= input dtype",
                    ));
                }
            } else if *dtype != Dtype::Float32 {
                return Err(LowerError::Spec(
                    "TensorScalarPtr arith immediate dtype must be fp32",
                ));
            }
        }
        Ok(())
    }

    /// `op1` as the bundle carries it. Seed 001: "With NumArgs==2, op1 is the bypass identity
    /// and only s0 participates": with one scalar, op1 is written bypass, and an instruction that
    /// asks for another op1 without a second scalar is refused (there is no s1 for it to apply).
    pub fn op1_for_num_args(&self) -> Result<AluOp, LowerError> {
        match (self.scalars.len(), self.op1) {
            (1, AluOp::Bypass) => Ok(AluOp::Bypass),
            (1, _) => Err(LowerError::Operand {
                operand: "op1",
                message: "with NumArgs == 2, op1 is the bypass identity (seed 001); a second ALU stage needs a second scalar",
            }),
            (_, op1) => Ok(op1),
        }
    }

    /// `generateTensorScalarOrPtr` @0x12651c0: the opcode, the fused-reduce guard, the rsqrt
    /// module flag, then the field fill (the immediate rules, op1's bypass with two arguments,
    /// the stores), and the trailing drain.
    pub fn emit_tensor_scalar<F>(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError>
    where
        F: From<TensorScalar> + From<DveReadAccumulator>,
    {
        let opcode = self.select_opcode()?;
        let acc = fused_accumulate(self.reduce_out.is_some(), self.acc, sink);
        // Seed 001 QUIRK: the flag is set from op0's raw ordinal before the wire conversion.
        if self.op0 == AluOp::Rsqrt {
            sink.attribute(ModuleAttribute::RsqrtInUse);
        }
        sink.bundle(opcode.code(), &mut || {
            self.check_immediates()?;
            let op1 = self.op1_for_num_args()?;
            let fields = TsFill {
                input: &self.input,
                out: &self.out,
                imm0: slot_of(self.scalars.first()),
                imm1: slot_of(self.scalars.get(1)),
                op0: self.op0,
                op1,
                reverse: ReverseOps::from_flags(self.reverse0, self.reverse1),
                acc,
                sync: self.sync,
            };
            Ok(TensorScalar::fill(opcode, &fields)?.into())
        })?;
        emit_drain(self.reduce_out.is_some(), sink)
    }
}

/// The fused-reduce guard (seed 001 GOTCHA): two outputs with accumulate `idle` reports "Reduce
/// Accum result is not outputed" and forces `zero_accumulate`; otherwise `acc` is kept.
pub fn fused_accumulate<F>(
    two_outputs: bool,
    acc: AccumulateCmd,
    sink: &mut dyn Sink<F>,
) -> AccumulateCmd {
    if two_outputs && acc == AccumulateCmd::Idle {
        sink.report("Reduce Accum result is not outputed");
        return AccumulateCmd::ZeroAccumulate;
    }
    acc
}

/// Emits the trailing DveReadAccumulator (0x9B) of a two-output form (seed 001: "every encoder
/// appends a trailing DveReadAccumulator (opcode 0x9B) to drain the per-partition accumulator").
pub fn emit_drain<F: From<DveReadAccumulator>>(
    two_outputs: bool,
    sink: &mut dyn Sink<F>,
) -> Result<(), LowerError> {
    if !two_outputs {
        return Ok(());
    }
    sink.bundle(DveReadAccumulator::OPCODE, &mut || {
        Ok(DveReadAccumulator::drain().into())
    })
}

/// A finding of `rule` on the input slot when the input and the output walk different element
/// counts, or none (the element-count rule of Exponential and TensorScalarAddr).
pub(crate) fn element_count_finding<const N: usize>(
    rule: &'static Rule,
    (at, input): (At, &Tensor<N>),
    out_pattern: &Tensor<N>,
    out: &mut Findings,
) {
    let (n_in, n_out) = (elements(input), elements(out_pattern));
    if n_in != n_out || n_in == 0 {
        let why = reason!("the input walks {} elements, the output {}", n_in, n_out);
        out.push(finding(rule, at, why));
    }
}

/// TensorScalarCache's imm1 rule; the seed gives it as the RUN arm's error text, which is its
/// name here (seed 001: "TensorScalarCache can only have imm1 if accumulation mode is
/// LoadAccumulate" — acc @+0x154 == 5).
pub const CACHE_IMM1: Rule = Rule {
    name: "TensorScalarCache can only have imm1 if accumulation mode is LoadAccumulate",
    confidence: Confidence::Strong,
    source: "seed 001 TensorScalarCache, immediate rules (RUN arm): the error text, acc @+0x154 == 5",
};

impl Validate for TensorScalar {
    /// - `tensor3d_valid` (seed 002) on the input and output descriptors;
    /// - on 0xE6, which only TensorScalarCache emits, its imm1 rule (seed 001: "TensorScalarCache
    ///   can only have imm1 if accumulation mode is LoadAccumulate"): the imm1 slot is the empty
    ///   immediate 0 unless `accumulator_cmd` is `load_accumulate`. 0x9A is not checked: the
    ///   fused-reduce TensorScalar writes a real scalar1 there.
    fn check(&self, out: &mut Findings) {
        if self.opcode == TsOpcode::CacheCumulative
            && self.accumulator_cmd != AccumulateCmd::LoadAccumulate
            && (self.imm1_src, self.imm1) != NO_SCALAR
        {
            let why = reason!(
                "imm1 is {} {} with accumulator_cmd {}",
                self.imm1_src,
                ReasonArg::hex(u64::from(self.imm1)),
                self.accumulator_cmd
            );
            out.push(finding(&CACHE_IMM1, at!(Self, "imm1"), why));
        }
        descriptors(
            [
                (at!(Self, "input"), &self.input),
                (at!(Self, "out"), &self.out),
            ],
            out,
        );
    }
}
