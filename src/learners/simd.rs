//! Running a hot loop with the wider vector instructions the CPU has.
//!
//! The default x86-64 target only assumes SSE2 (two f64 per instruction). `wide` runs a closure in a
//! function compiled with AVX2 enabled (four f64) when the CPU supports it, chosen at run time, so the
//! same binary stays portable. Fused multiply-add is not enabled: every operation rounds as in the
//! SSE2 build, so both give bit-identical results. Callers mark the helpers their closure calls
//! `#[inline(always)]` so they are compiled inside the AVX2 function.

/// `f()`, compiled with AVX2 where available.
#[inline(always)]
pub(crate) fn wide<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        #[target_feature(enable = "avx2")]
        unsafe fn run<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { run(f) };
    }
    f()
}
