//! Kernel calls against the lowerings they run: each call's bytes are those of the instruction
//! built by hand and lowered by `isa-ops` (`Lowering::bundles`), the masked softmax written as
//! calls is `examples/kernel.bin` byte for byte, and every kind of bad argument is refused with
//! its message.

use isa_core::{AccessPattern, AccumulateCmd, Addr4, AluOp, ApPair, Dtype, Engine, SyncBand};
use isa_host::kernel::{self, CallError, Emitted, Notes, Problem, Value};
use isa_host::{BuiltIn, Isa};
use isa_ops::copy_predicated::{CopyPredicatedInst, SelectInst, Source};
use isa_ops::exponential::ExponentialInst;
use isa_ops::memset::MemsetInst;
use isa_ops::tensor_copy::TensorCopyInst;
use isa_ops::tensor_scalar::{Arg, TensorScalarPtrInst};
use isa_ops::tensor_scalar_cache::TensorScalarCacheInst;
use isa_ops::tensor_tensor::TensorTensorInst;
use isa_ops::{Core, EncoderBody, Lowering, ModuleAttribute, Op, Operand};

fn s(text: &str) -> Value {
    Value::Str(text.into())
}

/// A tile in its sequence form: `partitions` partitions of SBUF from 0, `cols` elements.
fn tile(address: i64, cols: i64, dtype: &str) -> Value {
    Value::List(vec![
        s("sbuf"),
        Value::Int(address),
        Value::Int(0),
        Value::Int(128),
        Value::List(vec![Value::Int(cols)]),
        s(dtype),
    ])
}

/// The same tile as the lowerings read it.
fn operand(address: u32, cols: u64, dtype: Dtype) -> Operand {
    Operand {
        ap: AccessPattern {
            start: Addr4::sbuf(0, address).unwrap(),
            pattern: vec![ApPair { step: 1, num: 128 }, ApPair { step: 1, num: cols }],
            indirect: false,
        },
        dtype,
    }
}

/// Runs the call `name` of the built-in ISA: its bundles.
fn call(
    name: &str,
    positional: Vec<Value>,
    keywords: Vec<(&str, Value)>,
) -> Result<Vec<u8>, CallError> {
    noted(name, positional, keywords).map(|l| l.bytes)
}

/// Runs the call `name` of the built-in ISA: its bundles and its lowering's notes.
fn noted(
    name: &str,
    positional: Vec<Value>,
    keywords: Vec<(&str, Value)>,
) -> Result<Emitted, CallError> {
    let calls = BuiltIn::calls();
    let call = calls.iter().find(|c| c.name == name).unwrap();
    let positional = positional.into_iter().map(Some).collect();
    let keywords = keywords
        .into_iter()
        .map(|(k, v)| (k.to_string(), Some(v)))
        .collect();
    kernel::run::<isa_ops::Op>(call, positional, keywords)
}

/// The bytes a lowering gives.
fn lowered(inst: &dyn EncoderBody<Op>) -> Vec<u8> {
    let mut bytes = Vec::new();
    for op in inst.bundles().unwrap() {
        bytes.extend(op.to_bytes().unwrap());
    }
    bytes
}

const WAIT_LOAD: SyncBand = SyncBand {
    wait_mode: 1,
    wait_index: 0,
    update_mode: 0,
    update_index: 0,
    value: 1,
};

fn wait_load() -> Value {
    Value::Map(vec![
        ("wait_mode".into(), Value::Int(1)),
        ("value".into(), Value::Int(1)),
    ])
}

#[test]
fn the_masked_softmax_as_calls_is_the_example_kernel() {
    let (f32, bf16, u8) = ("float32", "bfloat16", "uint8");
    let col = |address| tile(address, 1, f32);
    let signal_store = Value::Map(vec![
        ("update_mode".into(), Value::Int(1)),
        ("update_index".into(), Value::Int(1)),
        ("value".into(), Value::Int(1)),
    ]);
    let steps = [
        call(
            "memset",
            vec![tile(0x2400, 512, bf16), Value::Float(0.0)],
            vec![],
        ),
        call(
            "select",
            vec![
                tile(0x1400, 512, f32),
                tile(0x800, 512, u8),
                Value::Float(f64::NEG_INFINITY),
                tile(0x0, 512, f32),
            ],
            vec![("sync", wait_load())],
        ),
        call(
            "select_reduce",
            vec![col(0x2800), tile(0x1000, 512, u8), tile(0x1400, 512, f32)],
            vec![("reduce_op", s("max"))],
        ),
        call(
            "exponential",
            vec![tile(0x1C00, 512, f32), tile(0x1400, 512, f32)],
            vec![
                ("max_value", col(0x2800)),
                ("reduce_res", col(0x2804)),
                ("reduce_cmd", s("zero_accumulate")),
            ],
        ),
        call(
            "tensor_scalar",
            vec![col(0x2808), col(0x2804), s("divide"), Value::Float(1.0)],
            vec![("reverse0", Value::Bool(true))],
        ),
        call(
            "tensor_scalar",
            vec![
                tile(0x1C00, 512, f32),
                tile(0x1C00, 512, f32),
                s("mult"),
                col(0x2808),
            ],
            vec![],
        ),
        call(
            "tensor_copy_predicated",
            vec![
                tile(0x2400, 512, bf16),
                tile(0x1C00, 512, f32),
                tile(0x1000, 512, u8),
            ],
            vec![("sync", signal_store)],
        ),
    ];
    let mut stream = Vec::new();
    for step in steps {
        stream.extend(step.unwrap());
    }
    let kernel = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/kernel.bin"
    ));
    assert_eq!(stream, kernel.unwrap());
}

#[test]
fn each_call_gives_the_bytes_of_its_lowering() {
    let (x, y, z) = (
        tile(0, 64, "float32"),
        tile(0x100, 64, "float32"),
        tile(0x200, 64, "float32"),
    );
    let (ox, oy, oz) = (
        operand(0, 64, Dtype::Float32),
        operand(0x100, 64, Dtype::Float32),
        operand(0x200, 64, Dtype::Float32),
    );
    let column = tile(0x300, 1, "float32");
    let ocolumn = operand(0x300, 1, Dtype::Float32);

    let got = call(
        "tensor_tensor",
        vec![z.clone(), x.clone(), y.clone(), s("subtract")],
        vec![],
    );
    let want = TensorTensorInst {
        out: oz.clone(),
        in0: ox.clone(),
        in1: oy.clone(),
        alu: AluOp::Subtract,
        engine: Engine::DVE,
        bitvec: false,
        gpsimd_int32_gate: false,
        core: Core::V2,
        sync: SyncBand::default(),
    };
    assert_eq!(got.unwrap(), lowered(&want));

    // Two stages, the second reversed, a scalar read per partition; the reduce drains.
    let got = call(
        "tensor_scalar",
        vec![z.clone(), x.clone(), s("add"), Value::Float(2.5)],
        vec![
            ("op1", s("subtract")),
            ("operand1", column.clone()),
            ("reverse1", Value::Bool(true)),
            ("reduce_res", column.clone()),
            ("reduce_cmd", s("zero_accumulate")),
        ],
    );
    let want = TensorScalarPtrInst {
        reverse1: true,
        reduce_out: Some(ocolumn.clone()),
        acc: AccumulateCmd::ZeroAccumulate,
        ..TensorScalarPtrInst::new(
            oz.clone(),
            ox.clone(),
            vec![Arg::fp32(2.5), Arg::Ap(ocolumn.clone())],
            AluOp::Add,
            AluOp::Subtract,
        )
    };
    let got = got.unwrap();
    assert_eq!((got.len(), got[0], got[64]), (128, 0x9A, 0x9B));
    assert_eq!(got, lowered(&want));

    let got = call(
        "scalar_tensor_tensor",
        vec![
            z.clone(),
            x.clone(),
            s("mult"),
            Value::Float(0.5),
            s("add"),
            y.clone(),
        ],
        vec![("reverse0", Value::Bool(true))],
    );
    let want = TensorScalarPtrInst {
        reverse0: true,
        scalar_tensor_tensor: true,
        ..TensorScalarPtrInst::new(
            oz.clone(),
            ox.clone(),
            vec![Arg::fp32(0.5), Arg::Ap(oy.clone())],
            AluOp::Mult,
            AluOp::Add,
        )
    };
    assert_eq!(got.unwrap(), lowered(&want));

    let got = call(
        "tensor_scalar_addr",
        vec![z.clone(), x.clone(), s("max"), column.clone()],
        vec![],
    );
    let want = TensorScalarPtrInst {
        tensor_scalar_addr: true,
        ..TensorScalarPtrInst::new(
            oz.clone(),
            ox.clone(),
            vec![Arg::Ap(ocolumn.clone())],
            AluOp::Max,
            AluOp::Bypass,
        )
    };
    let got = got.unwrap();
    assert_eq!(got[0], 0x74);
    assert_eq!(got, lowered(&want));

    let got = call(
        "tensor_scalar_cache",
        vec![
            z.clone(),
            x.clone(),
            s("add"),
            Value::Float(1.0),
            s("cumulative"),
        ],
        vec![
            ("reduce_cmd", s("load_accumulate")),
            ("reduce_init", Value::Float(3.0)),
        ],
    );
    let want = TensorScalarCacheInst {
        out: oz.clone(),
        reduce_out: None,
        input: ox.clone(),
        imm0: Arg::fp32(1.0),
        imm1: Some(Arg::fp32(3.0)),
        op0: AluOp::Add,
        op1: AluOp::Bypass,
        reverse0: false,
        reverse1: false,
        mode: 1,
        acc: AccumulateCmd::LoadAccumulate,
        engine: Engine::DVE,
        sync: SyncBand::default(),
    };
    let got = got.unwrap();
    assert_eq!(got[0], 0xE6);
    assert_eq!(got, lowered(&want));

    let got = call(
        "exponential",
        vec![z.clone(), x.clone()],
        vec![("max_value", Value::Float(1.5)), ("sync", wait_load())],
    );
    let want = ExponentialInst {
        out: oz.clone(),
        reduce_out: None,
        input: ox.clone(),
        imm0: Arg::fp32(1.5),
        imm1: Arg::fp32(0.0),
        reduce_cmd: AccumulateCmd::Idle,
        sync: WAIT_LOAD,
    };
    assert_eq!(got.unwrap(), lowered(&want));

    // A cast (the dtypes differ) is 0x47.
    let half = tile(0x400, 64, "bfloat16");
    let got = call("tensor_copy", vec![half, x.clone()], vec![]).unwrap();
    let want = TensorCopyInst {
        src: ox.clone(),
        dst: operand(0x400, 64, Dtype::Bfloat16),
        copy_dtype: None,
        sync: SyncBand::default(),
    };
    assert_eq!(got[0], 0x47);
    assert_eq!(got, lowered(&want));

    // An int32 fill is the value's low 32 bits.
    let ints = tile(0x500, 64, "int32");
    let got = call("memset", vec![ints, Value::Int(-2)], vec![]).unwrap();
    let want = MemsetInst {
        out: operand(0x500, 64, Dtype::Int32),
        mode: 0,
        fill: 0xFFFF_FFFE,
        sync: SyncBand::default(),
    };
    assert_eq!(got, lowered(&want));

    let mask = tile(0x600, 64, "uint8");
    let omask = operand(0x600, 64, Dtype::Uint8);
    let got = call(
        "select",
        vec![z.clone(), mask.clone(), x.clone(), y.clone()],
        vec![],
    );
    let want = SelectInst {
        out: oz.clone(),
        preds: omask.clone(),
        on_true: Source::Tensor(ox.clone()),
        on_false: oy.clone(),
        sync: SyncBand::default(),
    };
    let got = got.unwrap();
    assert_eq!((got[0], got[64]), (0x46, 0x72));
    assert_eq!(got, lowered(&want));

    let got = call(
        "tensor_copy_predicated",
        vec![z, Value::Float(-1.0), mask],
        vec![],
    );
    let want = CopyPredicatedInst {
        out: oz,
        mask: omask,
        src: Source::Scalar((-1.0f32).to_bits()),
        fill: None,
        reduce_op: AluOp::Bypass,
        sync: SyncBand::default(),
    };
    let got = got.unwrap();
    assert_eq!(got[0], 0xE8);
    assert_eq!(got, lowered(&want));
}

/// The message of a refused call, and whether it is a type error.
fn refusal(name: &str, positional: Vec<Value>, keywords: Vec<(&str, Value)>) -> (String, bool) {
    let e = call(name, positional, keywords).unwrap_err();
    (e.to_string(), e.is_type_error())
}

/// A refused call: its name, arguments, a part of its message, and whether it is a type error.
type Case = (
    &'static str,
    Vec<Value>,
    Vec<(&'static str, Value)>,
    &'static str,
    bool,
);

/// Seed 001: a fused reduce with two outputs and the accumulate idle reports "Reduce Accum result
/// is not outputed" and forces `zero_accumulate`; rsqrt as op0 sets the rsqrt-in-use module
/// attribute. Neither is in the bytes, so the call gives both beside them.
#[test]
fn a_call_gives_its_lowerings_reports_and_module_attributes() {
    let x = || tile(0, 8, "float32");
    let column = tile(0x100, 1, "float32");
    let reduced = noted(
        "tensor_scalar",
        vec![x(), x(), s("add"), Value::Float(1.0)],
        vec![("reduce_res", column)],
    )
    .unwrap();
    assert_eq!(
        reduced.notes.reports,
        ["Reduce Accum result is not outputed"]
    );
    assert!(reduced.notes.attributes.is_empty());
    // The forced command: zero_accumulate (code 1) in the fused bundle's accumulate byte.
    let Ok(Op::TensorScalar(fused)) = isa_ops::decode_any(&reduced.bytes) else {
        panic!("the call's first bundle is not TensorScalar");
    };
    assert_eq!(fused.accumulator_cmd, AccumulateCmd::ZeroAccumulate);
    let rsqrt = noted(
        "tensor_scalar",
        vec![x(), x(), s("rsqrt"), Value::Float(0.0)],
        vec![],
    )
    .unwrap();
    assert_eq!(
        rsqrt.notes,
        Notes {
            reports: vec![],
            attributes: vec![ModuleAttribute::RsqrtInUse]
        }
    );
    let plain = noted(
        "tensor_scalar",
        vec![x(), x(), s("add"), Value::Float(1.0)],
        vec![],
    );
    assert_eq!(plain.unwrap().notes, Notes::default());
}

#[test]
fn bad_arguments_are_refused_naming_the_call_and_the_argument() {
    let x = tile(0, 64, "float32");
    let add = || s("add");
    let cases: Vec<Case> = vec![
        (
            "tensor_tensor",
            vec![x.clone(), x.clone()],
            vec![],
            "tensor_tensor(): missing argument `data2`",
            true,
        ),
        (
            "tensor_tensor",
            vec![x.clone(), x.clone(), x.clone(), add()],
            vec![("opp", add())],
            "no argument `opp`",
            true,
        ),
        (
            "tensor_tensor",
            vec![x.clone(), x.clone(), x.clone(), add()],
            vec![("op", add())],
            "argument `op` given twice",
            true,
        ),
        (
            "memset",
            vec![x.clone(); 5],
            vec![],
            "takes at most 4 arguments, 5 given",
            true,
        ),
        (
            "tensor_tensor",
            vec![x.clone(), x.clone(), x.clone(), s("plus")],
            vec![],
            "argument `op`: `plus` is not a name of",
            false,
        ),
        (
            "tensor_tensor",
            vec![Value::Float(1.0), x.clone(), x.clone(), add()],
            vec![],
            "argument `dst`: expected a tile",
            true,
        ),
        (
            "tensor_tensor",
            vec![tile(0x3FFF0, 64, "float32"), x.clone(), x.clone(), add()],
            vec![],
            "outside SBUF's 0..0x40000",
            false,
        ),
        (
            "tensor_tensor",
            vec![tile(0, 32, "float32"), x.clone(), x.clone(), add()],
            vec![],
            "argument `data1`: 128 partitions of 64 elements, where dst has 128 partitions of 32",
            false,
        ),
        (
            "tensor_tensor",
            vec![tile(0, 64, "float33"), x.clone(), x.clone(), add()],
            vec![],
            "argument `dst`, dtype: `float33` is not a name",
            false,
        ),
        (
            "memset",
            vec![tile(0, 64, "int32"), Value::Float(f64::NAN)],
            vec![],
            "argument `value`: nan is no int32 value",
            false,
        ),
        (
            "tensor_scalar",
            vec![x.clone(), x.clone(), add(), Value::Float(1.0)],
            vec![("op1", s("mult"))],
            "op1: with NumArgs == 2, op1 is the bypass identity",
            false,
        ),
        (
            "tensor_copy_predicated",
            vec![x.clone(), x.clone(), x.clone()],
            vec![],
            "the mask of a predicated copy must be uint8, uint16 or uint32",
            false,
        ),
        (
            "memset",
            vec![x.clone(), Value::Float(0.0)],
            vec![("mode", Value::Int(2))],
            "has unimplemented Memset Mode",
            false,
        ),
        (
            "exponential",
            vec![x.clone(), x.clone()],
            vec![("sync", Value::Map(vec![("wait".into(), Value::Int(1))]))],
            "argument `sync`: no part `wait`",
            false,
        ),
    ];
    for (name, positional, keywords, message, type_error) in cases {
        let (got, is_type) = refusal(name, positional, keywords);
        assert!(
            got.contains(message),
            "{got:?} does not contain {message:?}"
        );
        assert_eq!(is_type, type_error, "{got}");
    }
}

#[test]
fn a_tile_reads_from_a_dict_and_refuses_what_is_not_one() {
    let dict = Value::Map(
        [
            ("space", s("psum")),
            ("address", Value::Int(0x40)),
            ("start_partition", Value::Int(4)),
            ("partitions", Value::Int(2)),
            (
                "pattern",
                Value::List(vec![Value::List(vec![Value::Int(2), Value::Int(3)])]),
            ),
            ("dtype", s("int16")),
        ]
        .map(|(k, v)| (k.to_string(), v))
        .to_vec(),
    );
    let t = kernel::Tile::read(&dict).unwrap();
    let ap = t.operand().ap;
    assert_eq!(ap.start, Addr4::psum(4, 0x40).unwrap());
    assert_eq!(
        ap.pattern,
        [ApPair { step: 1, num: 2 }, ApPair { step: 2, num: 3 }]
    );
    assert_eq!(t.shape(), (2, 3));
    let refused = |v: Value| kernel::Tile::read(&v).unwrap_err().to_string();
    let with = |i: usize, part: Value| {
        let Value::List(mut parts) = tile(0, 4, "float32") else {
            unreachable!()
        };
        parts[i] = part;
        Value::List(parts)
    };
    assert!(refused(with(0, s("hbm"))).contains("`space`: no region `hbm`"));
    assert!(
        refused(with(1, Value::Float(f64::NAN)))
            .contains("`address`: expected an integer, found nan")
    );
    assert!(refused(with(1, Value::Int(-1))).contains("`address`: -1 is outside 0..="));
    assert!(
        refused(with(2, Value::Int(127))).contains("partitions 127..255 are not within 0..128")
    );
    assert!(refused(with(4, Value::List(vec![]))).contains("needs a free axis"));
    assert!(
        refused(with(4, Value::List(vec![Value::Int(0)]))).contains("free axis 0 has no element")
    );
    let backward = Value::List(vec![Value::List(vec![Value::Int(-1), Value::Int(4)])]);
    assert!(refused(with(4, backward)).contains("span bytes -12..4"));
    assert!(refused(Value::List(vec![Value::Int(1)])).contains("expected a tile"));
    let Problem::Value { .. } = kernel::Tile::read(&with(0, s("hbm"))).unwrap_err() else {
        panic!("a bad name is a value error")
    };
}
