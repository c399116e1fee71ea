//! This crate's kernel call, `tensor_max(dst, data, imm, op=None)`, beside the built-in ones:
//! an instruction with an encoder body, as `isa-ops` writes its own, lowered and read through
//! `isa::host::kernel` alone. [`crate::CustomIsa`] gives the front-ends [`calls`], so the
//! Python module has `tensor_max` with every built-in call.

use isa::core::{AluOp, Bundle as _, Identity, SyncBand, Tensor3d, first_pair_num};
use isa::host::kernel::{self, Arguments, Call, CallError};
use isa::ops::{EncoderBody, LowerError, Operand, Sink};

use crate::{CustomOp, TensorMax};

/// TensorMax's opcode.
const OPCODE: u8 = 0x60;
const _: () = assert!(matches!(TensorMax::IDENTITY, Identity::Opcodes(&[OPCODE])));

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
        let pack = |operand: &'static str, o: &Operand| {
            Tensor3d::pack(&o.ap).map_err(|error| LowerError::Pack { operand, error })
        };
        Ok(TensorMax {
            sync: self.sync,
            in_dtype: self.input.dtype,
            out_dtype: self.out.dtype,
            alu: self.alu,
            num_active_partitions: first_pair_num(&self.input.ap).map_err(|error| {
                LowerError::Pack {
                    operand: "input",
                    error,
                }
            })?,
            input: pack("input", &self.input)?,
            output: pack("output", &self.out)?,
            imm: self.imm,
        })
    }
}

impl<F: From<TensorMax>> EncoderBody<F> for TensorMaxInst {
    fn emit(&self, sink: &mut dyn Sink<F>) -> Result<(), LowerError> {
        sink.bundle(OPCODE, &mut || Ok(self.build()?.into()))
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

/// The custom ISA's calls: the built-in ones and `tensor_max`.
pub fn calls() -> Vec<Call> {
    let mut calls = kernel::builtin::calls();
    calls.push(Call {
        name: "tensor_max",
        params: &["dst", "data", "imm", "op", "sync"],
        required: 3,
        doc: "dst = max(data, imm), then op (bypass by default): TensorMax 0x60.",
        lower: tensor_max,
    });
    calls
}
