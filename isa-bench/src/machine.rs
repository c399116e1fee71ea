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
    let kib = |level| cache_bytes(level).map_or("?".into(), |b| format!("{} KiB", b >> 10));
    format!(
        "{model}, {cores} cores, {:.1} GiB; L2 {} per core, L3 {}",
        mem_kib as f64 / (1024.0 * 1024.0),
        kib(2),
        kib(3)
    )
}

/// How many bundles of `size` bytes fill half this machine's L3, at most `most` (`most` where
/// the machine reports no L3): a working set the L3 holds once it has been read.
pub fn l3_resident(size: usize, most: usize) -> usize {
    cache_bytes(3).map_or(most, |b| (b / 2 / size.max(1)).min(most))
}

/// The size in bytes of the level-`level` unified or data cache of CPU 0, as
/// `/sys/devices/system/cpu/cpu0/cache` reports it (`None` where it does not).
pub fn cache_bytes(level: u32) -> Option<usize> {
    let dir = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    dir.filter_map(|entry| {
        let path = entry.ok()?.path();
        let read = |name: &str| std::fs::read_to_string(path.join(name)).ok();
        let this_level: u32 = read("level")?.trim().parse().ok()?;
        let kind = read("type")?;
        let size = read("size")?;
        let kib: usize = size.trim().strip_suffix('K')?.parse().ok()?;
        (this_level == level && kind.trim() != "Instruction").then_some(kib << 10)
    })
    .max()
}

/// The load averages over 1, 5 and 15 minutes, as `/proc/loadavg` gives them.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}
