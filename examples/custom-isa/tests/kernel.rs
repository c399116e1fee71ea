//! This crate's kernel call beside the built-in ones: `tensor_max` lowers to its TensorMax,
//! runs on the simulator, and its validator refuses what it finds.

use custom_isa::{CustomIsa, CustomOp, TensorMax};
use isa::core::AluOp;
use isa::host::Isa;
use isa::host::kernel::{self, Value};

fn tile(address: i64, dtype: &str) -> Option<Value> {
    Some(Value::List(vec![
        Value::Str("sbuf".into()),
        Value::Int(address),
        Value::Int(0),
        Value::Int(2),
        Value::List(vec![Value::Int(4)]),
        Value::Str(dtype.into()),
    ]))
}

fn tensor_max(dst: &str, data: &str, imm: i64) -> Result<Vec<u8>, kernel::CallError> {
    let calls = CustomIsa::calls();
    let call = calls.iter().find(|c| c.name == "tensor_max").unwrap();
    let args = vec![tile(0x100, dst), tile(0, data), Some(Value::Int(imm))];
    kernel::run::<<CustomIsa as Isa>::Bundles>(call, args, Vec::new())
        .map(|lowering| lowering.bytes)
}

#[test]
fn tensor_max_lowers_to_its_bundle_beside_every_built_in_call() {
    let names: Vec<&str> = CustomIsa::calls().iter().map(|c| c.name).collect();
    assert!(names.contains(&"tensor_tensor") && names.contains(&"tensor_max"));
    let bytes = tensor_max("float32", "int32", -3).unwrap();
    let CustomOp::TensorMax(op) = CustomOp::decode(&bytes).unwrap() else {
        panic!("not a TensorMax")
    };
    let TensorMax {
        imm,
        alu,
        num_active_partitions,
        input,
        output,
        ..
    } = op;
    assert_eq!((imm, alu, num_active_partitions), (-3, AluOp::Bypass, 2));
    assert_eq!(
        (input.addr.raw(), output.addr.raw(), input.nums[0]),
        (0, 0x100, 4)
    );
}

#[test]
fn tensor_max_is_refused_by_its_own_validator() {
    let e = tensor_max("uint8", "uint8", -1).unwrap_err().to_string();
    assert!(
        e.contains(
            "tensor_max(): bundle at byte 0x0 (TensorMax): tensor_max_int_imm failed on `imm`"
        ),
        "{e}"
    );
    let e = tensor_max("uint8", "uint8", 1 << 40)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("argument `imm`: 1099511627776 is outside"),
        "{e}"
    );
}
