//! The machine a benchmark ran on, in one line.

/// The CPU's model name, its vector level and its cache, as the kernel reports them: what every benchmark prints
/// beside its times.
pub fn cpu() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines().find(|l| l.starts_with(key)).and_then(|l| l.split(':').nth(1)).unwrap_or("?").trim().to_string()
    };
    let level = if info.contains(" avx512f") {
        "AVX-512"
    } else if info.contains(" avx2") {
        "AVX2"
    } else {
        "baseline"
    };
    format!("{} ({level}; cache {})", field("model name"), field("cache size"))
}
