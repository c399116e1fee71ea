//! `isa run` driven as a user drives it: `.npy` inputs written here with npyz, a stream of
//! bundles encoded from their JSON form, and the dumps read back with npyz.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use half::bf16;
use npyz::WriterBuilder;
use predicates::str::contains;

fn isa() -> Command {
    Command::cargo_bin("isa").expect("the isa binary is built")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("run-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Writes `values` as a float32 `.npy` of `shape`.
fn save_f32(path: &Path, shape: &[u64], values: &[f32]) {
    save(path, shape, values);
}

/// Writes `values` as a `.npy` of their NumPy dtype (`<f4`, `|u1`).
fn save<T: npyz::AutoSerialize + Copy>(path: &Path, shape: &[u64], values: &[T]) {
    let mut out = Vec::new();
    let mut w = npyz::WriteOptions::new()
        .default_dtype()
        .shape(shape)
        .writer(&mut out)
        .begin_nd()
        .unwrap();
    w.extend(values.iter().copied()).unwrap();
    w.finish().unwrap();
    fs::write(path, out).unwrap();
}

/// Writes `values` as an ml_dtypes bfloat16 `.npy` (descr `<V2`, as `np.save` writes it).
fn save_bf16(path: &Path, shape: &[u64], values: &[f32]) {
    let mut out = Vec::new();
    let mut w = npyz::WriteOptions::new()
        .dtype(npyz::DType::Plain("<V2".parse().unwrap()))
        .shape(shape)
        .writer(&mut out)
        .begin_nd()
        .unwrap();
    for &v in values {
        w.push(&npyz::FixedSizeBytes(bf16::from_f32(v).to_le_bytes()))
            .unwrap();
    }
    w.finish().unwrap();
    fs::write(path, out).unwrap();
}

/// The shape, the descr and the element bytes of a `.npy` file.
fn load(path: &Path) -> (Vec<u64>, String, Vec<u8>) {
    let bytes = fs::read(path).unwrap();
    let file = npyz::NpyFile::new(bytes.as_slice()).unwrap();
    let shape = file.shape().to_vec();
    let descr = file.dtype().descr();
    (shape, descr, file.into_inner().to_vec())
}

fn f32s(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A contiguous 3-D walk of `n` elements at SBUF partition 0, byte `addr`.
fn row(addr: u32, n: u32) -> serde_json::Value {
    serde_json::json!({"addr": addr, "strides": [1, 1, 1], "nums": [n, 1, 1]})
}

/// A TensorTensor add over `partitions` × `n` fp32 elements, out of dtype `out`.
fn add(partitions: u8, n: u32, out_dtype: &str, [out, a, b]: [u32; 3]) -> serde_json::Value {
    serde_json::json!({
        "op": "TensorTensor", "opcode": "tensor_tensor",
        "sync": {"wait_mode": 0, "wait_index": 0, "update_mode": 0, "update_index": 0, "value": 0},
        "in0_dtype": "float32", "in1_dtype": "float32", "out_dtype": out_dtype, "alu": "add",
        "num_active_partitions": partitions,
        "out": row(out, n), "in0": row(a, n), "in1": row(b, n)
    })
}

/// The bundle stream of `ops`, written to `dir/stream.bin`.
fn stream(dir: &Path, ops: &[serde_json::Value]) -> PathBuf {
    let mut bytes = Vec::new();
    for op in ops {
        let op: isa_ops::Op = serde_json::from_value(op.clone()).unwrap();
        bytes.extend(op.to_bytes().unwrap());
    }
    let path = dir.join("stream.bin");
    fs::write(&path, bytes).unwrap();
    path
}

/// Two 4 × 8 fp32 inputs.
fn inputs(dir: &Path) -> (Vec<f32>, Vec<f32>) {
    let a: Vec<f32> = (0..32).map(|i| i as f32 * 0.37 - 3.0).collect();
    let b: Vec<f32> = (0..32).map(|i| 1.0 / (i as f32 + 1.0)).collect();
    save_f32(&dir.join("a.npy"), &[4, 8], &a);
    save_f32(&dir.join("b.npy"), &[4, 8], &b);
    (a, b)
}

#[test]
fn loads_run_and_dump_fp32_and_bf16_as_numpy_reads_them() {
    let dir = scratch("dump");
    let (a, b) = inputs(&dir);
    let s = stream(
        &dir,
        &[
            add(4, 8, "float32", [0x200, 0x0, 0x100]),
            add(4, 8, "bfloat16", [0x300, 0x0, 0x100]),
        ],
    );
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!("--load=sbuf@0x0={}", dir.join("a.npy").display()))
        .arg(format!("--load=sbuf@0x100={}", dir.join("b.npy").display()))
        .arg(format!(
            "--dump=sbuf@0x200={}:float32:4,8",
            dir.join("sum.npy").display()
        ))
        .arg(format!(
            "--dump=sbuf@0x300={}:bfloat16:4,8",
            dir.join("sum16.npy").display()
        ))
        .assert()
        .success();
    let (shape, descr, data) = load(&dir.join("sum.npy"));
    assert_eq!((shape, descr.as_str()), (vec![4, 8], "'<f4'"));
    let want: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(f32s(&data), want);
    let (shape, descr, data) = load(&dir.join("sum16.npy"));
    assert_eq!((shape, descr.as_str()), (vec![4, 8], "'<V2'"));
    let want16: Vec<u8> = want
        .iter()
        .flat_map(|&v| bf16::from_f32(v).to_le_bytes())
        .collect();
    assert_eq!(data, want16);
}

#[test]
fn a_load_from_a_partition_and_a_bf16_load_land_where_named() {
    let dir = scratch("partition");
    let values = [1.0f32, -2.5, 3.25, 0.5];
    save_bf16(&dir.join("x.npy"), &[2, 2], &values);
    // Nothing runs but a copy-free stream: a lone add on partitions 5..7 of the loaded rows.
    save_f32(&dir.join("z.npy"), &[2, 2], &[0.0; 4]);
    let s = stream(&dir, &[add(1, 1, "float32", [0x40, 0x20, 0x20])]);
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!(
            "--load=sbuf[5]@0x10={}",
            dir.join("x.npy").display()
        ))
        .arg(format!("--load=sbuf@0x20={}", dir.join("z.npy").display()))
        .arg(format!(
            "--dump=sbuf[5]@0x10={}:bfloat16:2,2",
            dir.join("back.npy").display()
        ))
        .assert()
        .success();
    let (shape, _, data) = load(&dir.join("back.npy"));
    assert_eq!(shape, [2, 2]);
    let want: Vec<u8> = values
        .iter()
        .flat_map(|&v| bf16::from_f32(v).to_le_bytes())
        .collect();
    assert_eq!(data, want);
}

#[test]
fn a_failing_run_names_the_bundle_op_and_operand_and_writes_no_dump() {
    let dir = scratch("fails");
    inputs(&dir);
    // The second add reads in1 at 0x500, which nothing wrote.
    let s = stream(
        &dir,
        &[
            add(4, 8, "float32", [0x200, 0x0, 0x100]),
            add(4, 8, "float32", [0x200, 0x0, 0x500]),
        ],
    );
    let out = dir.join("sum.npy");
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!("--load=sbuf@0x0={}", dir.join("a.npy").display()))
        .arg(format!("--load=sbuf@0x100={}", dir.join("b.npy").display()))
        .arg(format!("--dump=sbuf@0x200={}:float32:4,8", out.display()))
        .assert()
        .code(1)
        .stderr(contains("bundle at byte 0x40 (TensorTensor): operand in1"))
        .stderr(contains("reads unwritten SBUF byte 0x500"));
    assert!(!out.exists(), "a failed run writes no dump");
}

#[test]
fn a_dump_of_unwritten_memory_writes_no_file_at_all() {
    let dir = scratch("unwritten-dump");
    inputs(&dir);
    let s = stream(&dir, &[add(4, 8, "float32", [0x200, 0x0, 0x100])]);
    let (good, bad) = (dir.join("good.npy"), dir.join("bad.npy"));
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!("--load=sbuf@0x0={}", dir.join("a.npy").display()))
        .arg(format!("--load=sbuf@0x100={}", dir.join("b.npy").display()))
        .arg(format!("--dump=sbuf@0x200={}:float32:4,8", good.display()))
        .arg(format!("--dump=sbuf@0x200={}:float32:5,8", bad.display()))
        .assert()
        .code(1)
        .stderr(contains(
            "bad.npy: reads unwritten SBUF byte 0x200 of partition 4",
        ));
    assert!(!good.exists() && !bad.exists());
}

#[test]
fn a_bound_drain_runs_the_bundle_and_an_unset_register_stops_it() {
    let dir = scratch("drain");
    let drain = serde_json::json!({"op": "DveReadAccumulator", "body": "00".repeat(60)});
    let s = stream(&dir, &[drain]);
    // Unbound: the drain is an event only, and the run is clean.
    isa().arg("run").arg(&s).assert().success();
    // Bound: the registers nothing set stop the run at the drain, naming it.
    isa()
        .arg("run")
        .arg(&s)
        .arg("--drain=0x0=sbuf@0x2804")
        .assert()
        .code(1)
        .stderr(contains("bundle at byte 0x0 (DveReadAccumulator)"))
        .stderr(contains("accumulator of partition 0 is unset"));
}

#[test]
fn a_npy_whose_shape_or_dtype_does_not_fit_is_refused_naming_the_file() {
    let dir = scratch("bad-npy");
    let s = stream(&dir, &[add(1, 1, "float32", [0x40, 0x0, 0x0])]);
    save_f32(&dir.join("tall.npy"), &[129, 1], &[0.0; 129]);
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!(
            "--load=sbuf@0x0={}",
            dir.join("tall.npy").display()
        ))
        .assert()
        .code(2)
        .stderr(contains("tall.npy: shape [129, 1] has 129 partitions"));
    // A big-endian array.
    let mut out = Vec::new();
    let mut w = npyz::WriteOptions::<f32>::new()
        .dtype(npyz::DType::Plain(">f4".parse().unwrap()))
        .shape(&[1, 1])
        .writer(&mut out)
        .begin_nd()
        .unwrap();
    w.push(&1.0).unwrap();
    w.finish().unwrap();
    fs::write(dir.join("big.npy"), out).unwrap();
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!("--load=sbuf@0x0={}", dir.join("big.npy").display()))
        .assert()
        .code(2)
        .stderr(contains("big.npy: dtype >f4 is not little-endian"));
    // Not a .npy at all.
    fs::write(dir.join("text.npy"), "hello").unwrap();
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!(
            "--load=sbuf@0x0={}",
            dir.join("text.npy").display()
        ))
        .assert()
        .code(2)
        .stderr(contains("text.npy"));
}

#[test]
fn the_trace_lists_each_bundle_with_what_it_read_and_wrote() {
    let dir = scratch("trace");
    inputs(&dir);
    let s = stream(&dir, &[add(4, 8, "float32", [0x200, 0x0, 0x100])]);
    isa()
        .arg("run")
        .arg(&s)
        .arg(format!("--load=sbuf@0x0={}", dir.join("a.npy").display()))
        .arg(format!("--load=sbuf@0x100={}", dir.join("b.npy").display()))
        .arg("--trace")
        .assert()
        .success()
        .stdout(contains("0x00000000  TensorTensor"))
        .stdout(contains("read in0 SBUF[0..4]@0x0 float32 x8"))
        .stdout(contains("read in1 SBUF[0..4]@0x100 float32 x8"))
        .stdout(contains("wrote out SBUF[0..4]@0x200 float32 x8"));
}

/// The example kernel's layout (examples/kernel.jsonl): 128 rows of 512 columns.
const ROWS: usize = 128;
const COLUMNS: usize = 512;

/// Row `p` masks column `j` causally when `j > p + 384`; row `p` keeps (padding) its first
/// `512 - 16·(p mod 7)` columns.
fn live(p: usize, j: usize) -> (bool, bool) {
    (j > p + 384, j < COLUMNS - 16 * (p % 7))
}

/// Deterministic scores in [-4, 4) (xorshift64): test data only.
fn scores() -> Vec<f32> {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    (0..ROWS * COLUMNS)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 8.0 - 4.0
        })
        .collect()
}

/// The kernel's masked softmax of row `p` in f64: the causal mask removes a column from the
/// row (exp of -inf), the padding mask only from what is written (the kernel's last bundle);
/// 0 where either removes it.
fn softmax(p: usize, row: &[f32]) -> Vec<f64> {
    let on = |j: usize| !live(p, j).0;
    let max = (0..COLUMNS)
        .filter(|&j| on(j))
        .map(|j| f64::from(row[j]))
        .fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = (0..COLUMNS)
        .map(|j| {
            if on(j) {
                (f64::from(row[j]) - max).exp()
            } else {
                0.0
            }
        })
        .collect();
    let sum: f64 = exps.iter().sum();
    let written = |j: usize| matches!(live(p, j), (false, true));
    (0..COLUMNS)
        .map(|j| if written(j) { exps[j] / sum } else { 0.0 })
        .collect()
}

#[test]
fn the_example_softmax_from_the_command_is_within_one_bf16_ulp_of_f64() {
    let dir = scratch("softmax");
    let scores = scores();
    // The masks are uint8 1 / 0, the predicates' dtype (tensor_copy_predicated [P2]).
    let mask = |pick: fn((bool, bool)) -> bool| -> Vec<u8> {
        (0..ROWS * COLUMNS)
            .map(|i| u8::from(pick(live(i / COLUMNS, i % COLUMNS))))
            .collect()
    };
    let shape = [ROWS as u64, COLUMNS as u64];
    save_f32(&dir.join("scores.npy"), &shape, &scores);
    save(&dir.join("causal.npy"), &shape, &mask(|(c, _)| c));
    save(&dir.join("padding.npy"), &shape, &mask(|(_, k)| k));
    let kernel = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/kernel.bin");
    let probs = dir.join("probs.npy");
    let at = |name: &str| dir.join(name).display().to_string();
    isa()
        .args(["run", "--core", "v4"])
        .arg(&kernel)
        .arg(format!("--load=sbuf@0x0={}", at("scores.npy")))
        .arg(format!("--load=sbuf@0x800={}", at("causal.npy")))
        .arg(format!("--load=sbuf@0x1000={}", at("padding.npy")))
        .arg("--drain=0x140=sbuf@0x2804")
        .arg(format!(
            "--dump=sbuf@0x2400={}:bfloat16:128,512",
            probs.display()
        ))
        .assert()
        .success();
    let (shape, descr, data) = load(&probs);
    assert_eq!((shape, descr.as_str()), (vec![128, 512], "'<V2'"));
    for (p, row) in scores.chunks(COLUMNS).enumerate() {
        let want = softmax(p, row);
        let got = &data[p * 2 * COLUMNS..(p + 1) * 2 * COLUMNS];
        for (j, (c, &r)) in got.chunks_exact(2).zip(&want).enumerate() {
            let got = f64::from(bf16::from_le_bytes([c[0], c[1]]).to_f32());
            // One bf16 ulp at r: 2^(e - 7) for r in [2^e, 2^(e+1)); a masked column is +0.0.
            let ulp = if r == 0.0 {
                0.0
            } else {
                2f64.powi(r.log2().floor() as i32 - 7)
            };
            assert!((got - r).abs() <= ulp, "row {p} column {j}: {got} vs {r}");
        }
    }
}

#[test]
fn isa_doc_gives_each_op_its_semantics_and_the_index_every_form() {
    let dir = scratch("doc");
    isa().arg("doc").arg("-o").arg(&dir).assert().success();
    let page = fs::read_to_string(dir.join("TensorTensor.md")).unwrap();
    let section = page
        .split("## Semantics")
        .nth(1)
        .expect("a Semantics section");
    assert!(section.contains("### TensorTensor 0x41"), "{section}");
    assert!(section.contains("- Source: nki.isa.tensor_tensor [I1]"));
    assert!(section.contains("- Status: executed"));
    // CastPredicated 0x99 is a form of the CopyPredicated layout, found by its opcode.
    let page = fs::read_to_string(dir.join("CopyPredicated.md")).unwrap();
    assert!(page.contains("### CastPredicated 0x99"));
    // The index lists a form that does not run, with why (seed 000 §5: no generator state).
    let index = fs::read_to_string(dir.join("index.md")).unwrap();
    let row = index
        .lines()
        .find(|l| l.starts_with("| Memset 0x4D (random) |"))
        .expect("the random Memset's row");
    assert!(row.contains("not executed: the random fill's generator state is not in the bytes"));
}
