//! Time and peak resident memory of one step of a benchmark (Linux).

use std::time::Instant;

/// Run `f`, returning its value, seconds and the process's peak resident memory during it (bytes).
pub fn step<T>(f: impl FnOnce() -> T) -> (T, f64, u64) {
    // Writing 5 to clear_refs resets the high-water mark to the current resident size (Linux ≥ 4.0).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let start = Instant::now();
    let out = f();
    let t = start.elapsed().as_secs_f64();
    (out, t, high_water_mark())
}

fn high_water_mark() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<u64>().ok())
        .map_or(0, |kib| kib << 10)
}
