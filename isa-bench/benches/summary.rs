//! The ratios of one run against the targets, read back from criterion's estimates (only those
//! this run wrote, so a filtered run never mixes in an older figure).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use isa_bench::streams::Stream;

/// Where criterion writes: `<target>/criterion`, as by default.
pub fn output_directory() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).join("criterion")
}

/// Criterion's `file` (under `new/`) of `group/function`, if this run wrote it.
fn fresh_json(
    group: &str,
    function: &str,
    file: &str,
    since: SystemTime,
) -> Option<serde_json::Value> {
    let path = output_directory()
        .join(group)
        .join(function)
        .join("new")
        .join(file);
    let fresh = std::fs::metadata(&path).ok()?.modified().ok()? >= since;
    if !fresh {
        return None;
    }
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Nanoseconds per iteration of `group/function`: the median of criterion's samples (on a
/// machine shared with other work, the median is the figure a preempted sample moves least), if
/// this run measured it.
fn nanos(group: &str, function: &str, since: SystemTime) -> Option<f64> {
    let json = fresh_json(group, function, "estimates.json", since)?;
    json.get("median")?.get("point_estimate")?.as_f64()
}

/// The generated-vs-hand-written ratios from alternating rounds (`paired::ratio`).
pub struct Paired {
    pub decode: f64,
    pub encode: f64,
    pub hot_decode: f64,
    pub hot_encode: f64,
}

/// Nanoseconds per iteration of the fastest sample of `group/function` (what the machine does
/// when nothing else runs), if this run measured it.
fn fastest(group: &str, function: &str, since: SystemTime) -> Option<f64> {
    let json = fresh_json(group, function, "sample.json", since)?;
    let iters = json.get("iters")?.as_array()?;
    let times = json.get("times")?.as_array()?;
    iters
        .iter()
        .zip(times)
        .filter_map(|(i, t)| Some(t.as_f64()? / i.as_f64()?))
        .min_by(f64::total_cmp)
}

/// Prints every ratio with its target and whether it is met.
pub fn print(
    since: SystemTime,
    working_set: usize,
    mixed: &Stream,
    findings: usize,
    paired: &Paired,
) {
    let per =
        |group: &str, function: &str, n: usize| nanos(group, function, since).map(|t| t / n as f64);
    let ws = working_set;
    let sn = mixed.len();
    println!();
    println!("isa-bench summary ({})", isa_bench::machine::describe());
    let census: Vec<String> = mixed
        .census
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    println!("mixed stream: {sn} bundles ({})", census.join(", "));
    println!(
        "validators on the mixed stream: {:.2} findings per bundle",
        findings as f64 / sn.max(1) as f64
    );
    println!();
    println!(
        "{:<50} {:>10} {:>10} {:>8}  verdict",
        "figure", "value", "target", ""
    );
    let row = |what: &str, value: Option<f64>, unit: &str, target: Option<f64>| {
        let Some(v) = value else {
            println!("{what:<50} {:>10}", "not run");
            return;
        };
        let (t, verdict) = match target {
            Some(t) => (format!(">= {t}"), if v >= t { "met" } else { "MISSED" }),
            None => (String::new(), ""),
        };
        println!("{what:<50} {v:>10.2} {t:>10} {unit:>8}  {verdict}");
    };
    for (group, label) in [("tt_decode", "decode"), ("tt_encode", "encode")] {
        for f in ["generated", "hand", "deku", "binrw"] {
            row(
                &format!("TensorTensor {label}, {f} (ns/bundle)"),
                per(group, f, ws),
                "ns",
                None,
            );
        }
    }
    let ratio =
        |group: &str, peer: &str| Some(per(group, peer, ws)? / per(group, "generated", ws)?);
    // The target is judged on the alternating rounds: the two criterion figures are measured
    // seconds apart, and on a shared machine their ratio moves with the neighbours.
    row(
        "decode: generated vs hand-written (criterion)",
        ratio("tt_decode", "hand"),
        "x",
        None,
    );
    row(
        "decode vs hand-written, 31 alternating rounds",
        Some(paired.decode),
        "x",
        Some(1.0),
    );
    row(
        "decode: generated vs deku",
        ratio("tt_decode", "deku"),
        "x",
        Some(20.0),
    );
    row(
        "decode: generated vs binrw",
        ratio("tt_decode", "binrw"),
        "x",
        Some(2.0),
    );
    row(
        "encode: generated vs hand-written (criterion)",
        ratio("tt_encode", "hand"),
        "x",
        None,
    );
    row(
        "encode vs hand-written, 31 alternating rounds",
        Some(paired.encode),
        "x",
        Some(1.0),
    );
    row(
        "encode: generated vs deku",
        ratio("tt_encode", "deku"),
        "x",
        None,
    );
    row(
        "encode: generated vs binrw",
        ratio("tt_encode", "binrw"),
        "x",
        Some(3.0),
    );
    let hot = working_set.min(256);
    let hot_ratio = |what: &str| {
        Some(
            nanos("tt_hot", &format!("{what}_hand"), since)?
                / nanos("tt_hot", &format!("{what}_generated"), since)?,
        )
    };
    row(
        &format!("decode, hot set of {hot} vs hand (criterion)"),
        hot_ratio("decode"),
        "x",
        None,
    );
    row(
        &format!("decode, hot set of {hot} vs hand, alternating"),
        Some(paired.hot_decode),
        "x",
        None,
    );
    row(
        &format!("encode, hot set of {hot} vs hand (criterion)"),
        hot_ratio("encode"),
        "x",
        None,
    );
    row(
        &format!("encode, hot set of {hot} vs hand, alternating"),
        Some(paired.hot_encode),
        "x",
        None,
    );
    let bytes = (sn * 64) as f64;
    let gbs = |f: &str| Some(bytes / nanos("stream", f, since)?);
    row(
        "raw read of the 64 MB stream (GB/s)",
        gbs("raw_read"),
        "GB/s",
        None,
    );
    row(
        "zero-copy scan, two fields (GB/s)",
        gbs("scan"),
        "GB/s",
        None,
    );
    row(
        "zero-copy scan vs raw read",
        gbs("scan").zip(gbs("raw_read")).map(|(s, r)| s / r),
        "x",
        Some(0.6),
    );
    let mps = |group: &str, f: &str| Some(sn as f64 * 1e3 / nanos(group, f, since)?);
    row(
        "decode_any, mixed stream (M bundles/s)",
        mps("stream", "decode_any"),
        "M/s",
        Some(40.0),
    );
    row(
        "decode_any, mixed, fastest sample (M bundles/s)",
        fastest("stream", "decode_any", since).map(|t| sn as f64 * 1e3 / t),
        "M/s",
        None,
    );
    row(
        "decode_any + validate, mixed (M bundles/s)",
        mps("validate", "decode_validate"),
        "M/s",
        None,
    );
}
