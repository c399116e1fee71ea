//! This crate's kernel calls, `tensor_max(dst, data, imm, op=None)` and
//! `tensor_tensor_v4(dst, data1, data2, op)`, beside the built-in ones: instructions with an
//! encoder body, as `isa-ops` writes its own, lowered and read through `isa::host::kernel`
//! alone. [`crate::CustomIsa`] gives the front-ends [`calls`], so the Python module has them
//! with every built-in call.

use isa::core::{AluOp, Bundle as _, Identity, SyncBand};
use isa::host::kernel::{self, Arguments, Call, CallError};
use isa::ops::{EncoderBody, LowerError, Operand, Sink, pack, partitions};

use crate::{CustomOp, TensorMax, TensorTensorV4};

/// TensorMax's opcode.
const OPCODE: u8 = 0x60;
const _: () = assert!(matches!(TensorMax::IDENTITY, Identity::Opcodes(&[OPCODE])));
/// TensorTensorV4's opcode.
const OPCODE_TT_V4: u8 = 0x62;
const _: () = assert!(matches!(
    TensorTensorV4::IDENTITY,
    Identity::Opcodes(&[OPCODE_TT_V4])
));

/// `out = max(in, imm)`, then `alu`, as this crate's compiler would hand it over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorMaxInst {
    /// The output.
    pub out: Operand,
    /// The input.
    pub input: Operand,
    /// The immediate the input is compared with.
    pub imm: i32,
    /// The ALU op applied to the maximum.
    pub alu: AluOp,
    /// The sync band.
    pub sync: SyncBand,
}

impl TensorMaxInst {
    /// The bundle: both descriptors packed, the partition count from the input.
    pub fn build(&self) -> Result<TensorMax, LowerError> {
        Ok(TensorMax {
            sync: self.sync,
            in_dtype: self.input.dtype,
            out_dtype: self.out.dtype,
            alu: self.alu,
            num_active_partitions: partitions("input", &self.input.ap)?,
            input: pack("input", &self.input.ap)?,
            output: pack("output", &self.out.ap)?,
            imm: self.imm,
        })
    }
}

impl<F: From<TensorMax>> EncoderBody<F> for TensorMaxInst {
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        sink.bundle(OPCODE, &mut || Ok(self.build()?.into()))
    }
}

/// `out = in0 alu in1` over CoreV4's ALU table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorTensorV4Inst {
    /// The output.
    pub out: Operand,
    /// The first input.
    pub in0: Operand,
    /// The second input.
    pub in1: Operand,
    /// The ALU op.
    pub alu: AluOp,
    /// The sync band.
    pub sync: SyncBand,
}

impl TensorTensorV4Inst {
    /// The bundle: the three descriptors packed, the partition count from the output.
    pub fn build(&self) -> Result<TensorTensorV4, LowerError> {
        Ok(TensorTensorV4 {
            sync: self.sync,
            in0_dtype: self.in0.dtype,
            in1_dtype: self.in1.dtype,
            out_dtype: self.out.dtype,
            alu: self.alu,
            num_active_partitions: partitions("out", &self.out.ap)?,
            in0: pack("in0", &self.in0.ap)?,
            in1: pack("in1", &self.in1.ap)?,
            out: pack("out", &self.out.ap)?,
        })
    }
}

impl<F: From<TensorTensorV4>> EncoderBody<F> for TensorTensorV4Inst {
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        sink.bundle(OPCODE_TT_V4, &mut || Ok(self.build()?.into()))
    }
}

/// `tensor_max(dst, data, imm, op=None, sync=None)`.
fn tensor_max(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, data) = (args.tile("dst")?, args.tile("data")?);
    kernel::same_shape(args, ("dst", &dst), &[("data", &data)])?;
    let imm = args.required("imm", |v| {
        kernel::integer_in(v, i32::MIN.into(), i32::MAX.into())
    })?;
    let inst = TensorMaxInst {
        out: dst.operand(),
        input: data.operand(),
        imm: imm as i32,
        alu: args.named("op", AluOp::Bypass)?,
        sync: args.sync()?,
    };
    kernel::lower::<CustomOp>(args, &inst)
}

/// `tensor_tensor_v4(dst, data1, data2, op, sync=None)`.
fn tensor_tensor_v4(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, data1, data2) = (args.tile("dst")?, args.tile("data1")?, args.tile("data2")?);
    kernel::same_shape(args, ("dst", &dst), &[("data1", &data1), ("data2", &data2)])?;
    let inst = TensorTensorV4Inst {
        out: dst.operand(),
        in0: data1.operand(),
        in1: data2.operand(),
        alu: args.alu("op")?,
        sync: args.sync()?,
    };
    kernel::lower::<CustomOp>(args, &inst)
}

/// The custom ISA's calls: the built-in ones, `tensor_max` and `tensor_tensor_v4`.
pub fn calls() -> Vec<Call> {
    let mut calls = kernel::builtin::calls();
    calls.extend([
        Call {
            name: "tensor_max",
            params: &["dst", "data", "imm", "op", "sync"],
            required: 3,
            doc: "dst = max(data, imm), then op (bypass by default): TensorMax 0x60.",
            lower: tensor_max,
        },
        Call {
            name: "tensor_tensor_v4",
            params: &["dst", "data1", "data2", "op", "sync"],
            required: 4,
            doc: "dst = data1 op data2, op from CoreV4's ALU table (abs_max, abs_min beside the CoreV2 ops): TensorTensorV4 0x62.",
            lower: tensor_tensor_v4,
        },
    ]);
    calls
}
