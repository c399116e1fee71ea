//! The benchmarks' streams for tools outside Rust (the Python module's tests and benchmark):
//!
//! - `bench-stream mixed OUT N [SEED]`: N bundles spread evenly over every op and shuffled
//!   ([`streams::mixed`], the benchmarks' mixed stream; N = 1,048,576 is its 64 MB), to OUT;
//! - `bench-stream batch FILE RUNS`: times [`Family::decode_batch`](isa_core::Family::decode_batch)
//!   over FILE RUNS times and prints each run's seconds, one per line, so a caller compares
//!   with it on the same buffer in the same run.
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use isa_bench::{kernels, streams};
use isa_ops::DECLARATIONS;

/// The seed of the benchmarks' mixed stream.
const SEED: u64 = 0x5EED_0002;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-stream: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let number = |s: &str| s.parse::<u64>().map_err(|e| format!("{s:?}: {e}"));
    match args {
        [what, out, n, rest @ ..] if what == "mixed" && rest.len() <= 1 => {
            let seed = rest.first().map(|s| number(s)).transpose()?.unwrap_or(SEED);
            let n = usize::try_from(number(n)?).map_err(|e| e.to_string())?;
            let stream = streams::mixed(DECLARATIONS, n, seed);
            std::fs::write(out, &stream.bytes).map_err(|e| format!("cannot write {out}: {e}"))
        }
        [what, file, runs] if what == "batch" => {
            let stream = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
            for _ in 0..number(runs)? {
                let start = Instant::now();
                let decoded = kernels::decode_any_batch(&stream);
                let seconds = start.elapsed().as_secs_f64();
                println!("{seconds:.6} {decoded}");
            }
            Ok(())
        }
        _ => Err("usage: bench-stream mixed OUT N [SEED] | bench-stream batch FILE RUNS".into()),
    }
}
