//! The built-in ISA's calls: one per instruction of `isa-ops` with a lowering, named and
//! ordered after nki.isa's signatures where one exists \[I1\], each building the instruction
//! its encoder body reads and lowering it with [`lower`].
//!
//! Common to every call: a tile argument is a [`Tile`]; an ALU op, an accumulate command or a
//! dtype is named as the field tables name it (`add`, `mult`, `zero_accumulate`, `float32`);
//! `sync` is the sync band, a dict of its parts (none by default).

use isa_core::{AccumulateCmd, AluOp, Dtype, Engine, MemsetMode, TscMode};
use isa_ops::copy_predicated::{CopyPredicatedInst, FalseFill, FillArg, SelectInst, Source};
use isa_ops::exponential::ExponentialInst;
use isa_ops::memset::MemsetInst;
use isa_ops::move_shape::MoveShapeInst;
use isa_ops::tensor_copy::TensorCopyInst;
use isa_ops::tensor_scalar::{Arg, TensorScalarPtrInst};
use isa_ops::tensor_scalar_cache::TensorScalarCacheInst;
use isa_ops::tensor_tensor::TensorTensorInst;
use isa_ops::{Core, Op};

use super::args::{Arguments, Value, immediate, integer_in, scalar};
use super::{Call, CallError, Problem, Tile, lower, same_shape};
use crate::place;

/// Every call of the built-in ISA.
pub fn calls() -> Vec<Call> {
    CALLS.to_vec()
}

/// The calls, in the order of `isa-ops`'s modules.
const CALLS: &[Call] = &[
    Call {
        name: "tensor_tensor",
        params: &[
            "dst",
            "data1",
            "data2",
            "op",
            "engine",
            "bitvec",
            "gpsimd_int32",
            "core",
            "sync",
        ],
        required: 4,
        doc: "dst = data1 (op) data2, element by element: TensorTensor 0x41 (0x51 with bitvec; \
              the GPSIMD int32 band 0x8A/0x8E when gpsimd_int32 is set and every operand is \
              int32). engine is the engine number (5, DVE, by default), core 'v2' or 'v3' picks \
              the int32 band.",
        lower: tensor_tensor,
    },
    Call {
        name: "tensor_scalar",
        params: &[
            "dst",
            "data",
            "op0",
            "operand0",
            "reverse0",
            "op1",
            "operand1",
            "reverse1",
            "reduce_res",
            "reduce_cmd",
            "bitvec",
            "transpose",
            "sync",
        ],
        required: 4,
        doc: "dst = (data (op0) operand0) (op1) operand1; reverse0/reverse1 swap an op's \
              operands. An operand is a number (an fp32 immediate, int32 with bitvec) or a tile \
              of one element per partition. TensorScalar 0x43 (0x53 bitvec, 0x93 transpose). \
              With reduce_res or a reduce_cmd, nki.isa.tensor_scalar_reduce as the simulator \
              reads 0x9A (INFERRED): dst = data (op0) operand0, each partition's results \
              reduced with op1 (add, mult, max or min) into its register, operand1 the \
              reduce_init of load_accumulate; a trailing DveReadAccumulator 0x9B reads the \
              registers out to reduce_res.",
        lower: tensor_scalar,
    },
    Call {
        name: "scalar_tensor_tensor",
        params: &[
            "dst",
            "data",
            "op0",
            "operand0",
            "op1",
            "operand1",
            "reverse0",
            "reverse1",
            "reduce_res",
            "reduce_cmd",
            "scan",
            "bitvec",
            "sync",
        ],
        required: 6,
        doc: "dst = (data (op0) operand0) (op1) operand1, operand1 a tile of data's shape: \
              ScalarTensorTensor 0x9D (0x9E bitvec, 0xE5 scan).",
        lower: scalar_tensor_tensor,
    },
    Call {
        name: "tensor_scalar_addr",
        params: &[
            "dst", "data", "op0", "operand0", "reverse0", "op1", "operand1", "reverse1", "sync",
        ],
        required: 4,
        doc: "tensor_scalar with the scalars read from addressable tiles: TensorScalarAddr 0x74.",
        lower: tensor_scalar_addr,
    },
    Call {
        name: "tensor_scalar_cache",
        params: &[
            "dst",
            "data",
            "op0",
            "operand0",
            "mode",
            "reverse0",
            "op1",
            "reduce_init",
            "reverse1",
            "reduce_res",
            "reduce_cmd",
            "engine",
            "sync",
        ],
        required: 5,
        doc: "The per-partition running accumulator: mode 'reduce' (0x9A), 'cumulative' or \
              'tensor_scan' (0xE6), or a raw TSCMode code; reduce_init only with reduce_cmd \
              'load_accumulate'.",
        lower: tensor_scalar_cache,
    },
    Call {
        name: "exponential",
        params: &[
            "dst",
            "src",
            "max_value",
            "reduce_res",
            "reduce_cmd",
            "reduce_init",
            "sync",
        ],
        required: 2,
        doc: "dst = exp(src - max_value), max_value a number or a tile of one element per \
              partition: Exponential 0x30 (CoreV4), with reduce_cmd as accumulate command; with \
              reduce_res, a trailing DveReadAccumulator 0x9B drains the row sums.",
        lower: exponential,
    },
    Call {
        name: "tensor_copy",
        params: &["dst", "src", "copy_dtype", "sync"],
        required: 2,
        doc: "dst = src: TensorCopy 0x46, or the cast 0x47 when the dtypes differ; copy_dtype \
              writes one dtype for both (a reinterpreted copy).",
        lower: tensor_copy,
    },
    Call {
        name: "memset",
        params: &["dst", "value", "mode", "sync"],
        required: 2,
        doc: "dst = value: Memset 0x49 (mode 'const'; 'random' is 0x4D). value is stored as \
              fp32 bits for a float dst, as its low 32 bits for an integer one.",
        lower: memset,
    },
    Call {
        name: "select",
        params: &["dst", "predicate", "on_true", "on_false", "sync"],
        required: 4,
        doc: "dst = predicate ? on_true : on_false (on_true a tile or a number): a TensorCopy \
              of on_false, then a CopyPredicated of on_true (0x72, 0x99 casting, 0xE8 scalar).",
        lower: select,
    },
    Call {
        name: "tensor_copy_predicated",
        params: &["dst", "src", "predicate", "sync"],
        required: 3,
        doc: "dst = src where predicate is nonzero, else dst unchanged: CopyPredicated 0x72 \
              (0x99 when the dtypes differ, 0xE8 when src is a number); the predicate is uint8, \
              uint16 or uint32.",
        lower: tensor_copy_predicated,
    },
    Call {
        name: "select_reduce",
        params: &[
            "dst",
            "predicate",
            "on_true",
            "on_false",
            "reduce_op",
            "sync",
        ],
        required: 3,
        doc: "reduce_op (max by default) over predicate ? on_true : on_false: SelectReduce \
              0xEA. A dst of one element per partition receives the reduction; on_false is \
              left out (the fill 0.0) or 0.0.",
        lower: select_reduce,
    },
    Call {
        name: "move_shape",
        params: &["src", "ap_mode", "sync"],
        required: 1,
        doc: "Loads the shape registers with src's free axes (byte steps): MoveShape 0xB2.",
        lower: move_shape,
    },
];

/// The engine number (DVE when not given).
fn engine(args: &Arguments) -> Result<Engine, CallError> {
    let number = args.read("engine", |v| integer_in(v, 0, 0xFF))?;
    Ok(number.map_or(Engine::DVE, |n| Engine(n as u8)))
}

fn tensor_tensor(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, data1, data2) = (args.tile("dst")?, args.tile("data1")?, args.tile("data2")?);
    same_shape(args, ("dst", &dst), &[("data1", &data1), ("data2", &data2)])?;
    let core = args.read("core", |v| match v {
        Value::Str(name) => place::core(name).map_err(|e| Problem::value(e.to_string())),
        other => Err(Problem::kind("a core name", other)),
    })?;
    let inst = TensorTensorInst {
        out: dst.operand(),
        in0: data1.operand(),
        in1: data2.operand(),
        alu: args.alu("op")?,
        engine: engine(args)?,
        bitvec: args.flag("bitvec")?,
        gpsimd_int32_gate: args.flag("gpsimd_int32")?,
        core: core.unwrap_or(Core::V2),
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

/// The instruction of tensor_scalar and its two siblings: `dst`, `data`, `op0` and
/// `operand0`, the optional `op1` and `operand1`, the reverse flags, and the sync band.
/// A numeric operand is an fp32 immediate, or int32 with `bitvec`.
fn tensor_scalar_ptr(args: &Arguments, bitvec: bool) -> Result<TensorScalarPtrInst, CallError> {
    let (dst, data) = (args.tile("dst")?, args.tile("data")?);
    same_shape(args, ("dst", &dst), &[("data", &data)])?;
    let number = if bitvec { Dtype::Int32 } else { Dtype::Float32 };
    let mut scalars = vec![args.required("operand0", |v| scalar(v, number))?];
    scalars.extend(args.scalar("operand1", number)?);
    let inst = TensorScalarPtrInst::new(
        dst.operand(),
        data.operand(),
        scalars,
        args.alu("op0")?,
        args.named("op1", AluOp::Bypass)?,
    );
    Ok(TensorScalarPtrInst {
        reverse0: args.flag("reverse0")?,
        reverse1: args.flag("reverse1")?,
        bitvec,
        sync: args.sync()?,
        ..inst
    })
}

/// `reduce_res` and `reduce_cmd`, on an instruction that takes them.
fn reduce(args: &Arguments, inst: TensorScalarPtrInst) -> Result<TensorScalarPtrInst, CallError> {
    Ok(TensorScalarPtrInst {
        reduce_out: args.optional_tile("reduce_res")?.map(|t| t.operand()),
        acc: args.named("reduce_cmd", AccumulateCmd::Idle)?,
        ..inst
    })
}

fn tensor_scalar(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let inst = reduce(args, tensor_scalar_ptr(args, args.flag("bitvec")?)?)?;
    let inst = TensorScalarPtrInst {
        apply_transpose: args.flag("transpose")?,
        ..inst
    };
    lower::<Op>(args, &inst)
}

fn scalar_tensor_tensor(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let inst = reduce(args, tensor_scalar_ptr(args, args.flag("bitvec")?)?)?;
    same_shape_sources(args, &args.tile("dst")?, &["operand1"])?;
    let inst = TensorScalarPtrInst {
        scalar_tensor_tensor: true,
        stt_scan: args.flag("scan")?,
        ..inst
    };
    lower::<Op>(args, &inst)
}

fn tensor_scalar_addr(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let inst = TensorScalarPtrInst {
        tensor_scalar_addr: true,
        ..tensor_scalar_ptr(args, false)?
    };
    lower::<Op>(args, &inst)
}

fn tensor_scalar_cache(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, data) = (args.tile("dst")?, args.tile("data")?);
    let inst = TensorScalarCacheInst {
        out: dst.operand(),
        reduce_out: args.optional_tile("reduce_res")?.map(|t| t.operand()),
        input: data.operand(),
        imm0: args.required("operand0", |v| scalar(v, Dtype::Float32))?,
        imm1: args.scalar("reduce_init", Dtype::Float32)?,
        op0: args.alu("op0")?,
        op1: args.named("op1", AluOp::Bypass)?,
        reverse0: args.flag("reverse0")?,
        reverse1: args.flag("reverse1")?,
        mode: args.mode::<TscMode>("mode", TscMode::code, 0)?,
        acc: args.named("reduce_cmd", AccumulateCmd::Idle)?,
        engine: engine(args)?,
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

fn exponential(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, src) = (args.tile("dst")?, args.tile("src")?);
    same_shape(args, ("dst", &dst), &[("src", &src)])?;
    let inst = ExponentialInst {
        out: dst.operand(),
        reduce_out: args.optional_tile("reduce_res")?.map(|t| t.operand()),
        input: src.operand(),
        imm0: args
            .scalar("max_value", Dtype::Float32)?
            .unwrap_or(Arg::fp32(0.0)),
        imm1: args
            .scalar("reduce_init", Dtype::Float32)?
            .unwrap_or(Arg::fp32(0.0)),
        reduce_cmd: args.named("reduce_cmd", AccumulateCmd::Idle)?,
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

fn tensor_copy(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, src) = (args.tile("dst")?, args.tile("src")?);
    same_shape(args, ("dst", &dst), &[("src", &src)])?;
    let copy_dtype = args.read("copy_dtype", |v| match v {
        Value::Str(name) => name
            .parse::<Dtype>()
            .map_err(|e| Problem::value(e.to_string())),
        other => Err(Problem::kind("a dtype name", other)),
    })?;
    let inst = TensorCopyInst {
        src: src.operand(),
        dst: dst.operand(),
        copy_dtype,
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

fn memset(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let dst = args.tile("dst")?;
    let inst = MemsetInst {
        out: dst.operand(),
        mode: args.mode::<MemsetMode>("mode", MemsetMode::code, 0)?,
        fill: args.required("value", |v| immediate(v, dst.dtype()))?,
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

/// A predicated copy's true-lane data: a tile, or a number stored as an immediate of `dst`'s
/// dtype.
fn source(args: &Arguments, name: &'static str, dst: &Tile) -> Result<Source, CallError> {
    args.required(name, |v| match v {
        Value::Int(_) | Value::Float(_) => immediate(v, dst.dtype()).map(Source::Scalar),
        other => {
            let tile = Tile::read(other)?;
            Ok(Source::Tensor(tile.operand()))
        }
    })
}

/// `tiles` that are tensors must have `dst`'s shape.
fn same_shape_sources(
    args: &Arguments,
    dst: &Tile,
    names: &[&'static str],
) -> Result<(), CallError> {
    for name in names {
        if let Some(value @ (Value::List(_) | Value::Map(_))) = args.value(name) {
            let tile = Tile::read(value).map_err(|p| args.error(name, p))?;
            same_shape(args, ("dst", dst), &[(name, &tile)])?;
        }
    }
    Ok(())
}

fn select(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, predicate) = (args.tile("dst")?, args.tile("predicate")?);
    let on_false = args.tile("on_false")?;
    same_shape(
        args,
        ("dst", &dst),
        &[("predicate", &predicate), ("on_false", &on_false)],
    )?;
    same_shape_sources(args, &dst, &["on_true"])?;
    let inst = SelectInst {
        out: dst.operand(),
        preds: predicate.operand(),
        on_true: source(args, "on_true", &dst)?,
        on_false: on_false.operand(),
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

fn tensor_copy_predicated(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, predicate) = (args.tile("dst")?, args.tile("predicate")?);
    same_shape(args, ("dst", &dst), &[("predicate", &predicate)])?;
    same_shape_sources(args, &dst, &["src"])?;
    let inst = CopyPredicatedInst {
        out: dst.operand(),
        mask: predicate.operand(),
        src: source(args, "src", &dst)?,
        fill: None,
        reduce_op: AluOp::Bypass,
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

fn select_reduce(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let (dst, predicate) = (args.tile("dst")?, args.tile("predicate")?);
    let on_true = args.tile("on_true")?;
    same_shape(args, ("on_true", &on_true), &[("predicate", &predicate)])?;
    if dst.shape() != on_true.shape() && dst.shape() != (on_true.shape().0, 1) {
        let message = "dst must have on_true's shape, or one element per partition of \
                       on_true's (the reduction)";
        return Err(args.error("dst", Problem::value(message.into())));
    }
    // What the three +0x27 writers store is not recovered (seed 000 §3.1) except the byte 0,
    // the fill 0.0 (the simulator's reading), so only 0.0 has a byte to write.
    let fill = args.read("on_false", |v| match v {
        Value::Int(0) => Ok(()),
        Value::Float(x) if *x == 0.0 => Ok(()),
        other => Err(Problem::value(format!(
            "{other}: only the fill 0.0 has a known byte (seed 000 §3.1 does not recover what \
             the fill writers store)"
        ))),
    })?;
    let inst = CopyPredicatedInst {
        out: dst.operand(),
        mask: predicate.operand(),
        src: Source::Tensor(on_true.operand()),
        fill: fill.map(|()| FalseFill {
            arg: FillArg::ImmediateValue(0),
            dtype: Dtype::Float32,
        }),
        reduce_op: args.named("reduce_op", AluOp::Max)?,
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}

fn move_shape(args: &Arguments) -> Result<Vec<u8>, CallError> {
    let src = args.tile("src")?.operand();
    let inst = MoveShapeInst {
        ap: src.ap,
        ap_mode: args
            .read("ap_mode", |v| integer_in(v, 0, 0xFF))?
            .unwrap_or(0) as u8,
        dtype: src.dtype,
        sync: args.sync()?,
    };
    lower::<Op>(args, &inst)
}
