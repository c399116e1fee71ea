//! What the benchmarks print about the machine they ran on.

/// The CPU model, core count and memory of this machine.
pub fn describe() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name")?.split(':').nth(1))
        .unwrap_or("unknown CPU")
        .trim()
        .to_string();
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let mem_kib: u64 = meminfo
        .lines()
        .find_map(|l| {
            l.strip_prefix("MemTotal:")?
                .trim()
                .strip_suffix("kB")?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or(0);
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "{model}, {cores} cores, {:.1} GiB",
        mem_kib as f64 / (1024.0 * 1024.0)
    )
}

/// The load averages over 1, 5 and 15 minutes, as `/proc/loadavg` gives them.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}
