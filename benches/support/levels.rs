//! A benchmark run once per vector level the CPU has (`FEATRANK_SIMD`: portable, avx2, avx512), each level in a
//! process of its own, since featrank reads the level once: a machine with AVX-512 measures what a CPU with
//! only AVX2 (AMD Zen 2/3, Intel client CPUs) or only the baseline gets. The plain loops the benchmarks compare
//! with are compiled for the same level ([`current`]).

use std::process::Command;

/// The level this process runs at: `FEATRANK_SIMD`'s, or the best the CPU has.
pub fn current() -> &'static str {
    featrank::simd::check().expect("FEATRANK_SIMD names a level this CPU runs")
}

/// The levels this CPU runs, lowest first.
pub fn available() -> Vec<&'static str> {
    let mut levels = vec!["portable"];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            levels.push("avx2");
        }
        if std::arch::is_x86_feature_detected!("avx512f") {
            levels.push("avx512");
        }
    }
    levels
}

/// Unless `FEATRANK_SIMD` is set: runs this benchmark again with `args` once per level the CPU has (the output
/// goes to this one's) and returns `true`, the caller then stops. With it set, `false`: run the work here.
pub fn run_each(args: &[String]) -> bool {
    if std::env::var_os(featrank::simd::ENV).is_some() {
        return false;
    }
    let me = std::env::current_exe().expect("the benchmark's own path");
    for level in available() {
        println!("\n== FEATRANK_SIMD={level}");
        let status = Command::new(&me).args(args).env(featrank::simd::ENV, level).status().expect("benchmark run");
        assert!(status.success(), "the run at level {level} failed");
    }
    true
}
