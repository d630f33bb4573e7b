//! Running a hot loop with the wider vector instructions the CPU has.
//!
//! The default x86-64 target only assumes SSE2 (two f64 per instruction). `wide!` runs a
//! closure in a function compiled with AVX-512F enabled (eight f64) or, failing that, AVX2 (four f64), chosen
//! at run time from what the CPU supports (`level`), so the same binary stays portable. Fused multiply-add
//! is not enabled: every operation rounds as in the SSE2 build, so all three give bit-identical results (the
//! loops keep their lane structure; only how many lanes one instruction holds changes). Callers mark the
//! helpers the body calls `#[inline(always)]` so they are compiled inside the wide function.
//!
//! Each call site names its functions (`wide!(knn_chain, || …)` compiles `…::knn_chain::avx2` and
//! `…::knn_chain::avx512`), so a test can read the machine code and see that the hot loop is still inside
//! them (`tests/suite/vector_code.rs`): a closure that stops being inlined silently runs on SSE2.
//!
//! AVX-512 over AVX2, measured on 2 cores of an AMD EPYC (Zen 5): the quadratic SVM's curves 11 % faster
//! (the SMO passes), kNN curves and the Relief family unchanged within run-to-run noise.

/// The widest vector instructions the CPU offers that [`wide!`](crate::simd::wide) uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    Avx512,
    Avx2,
    /// The target's baseline (SSE2 on x86-64).
    Base,
}

/// The environment variable that picks the level: `portable` (the baseline), `avx2` or `avx512`; unset, empty
/// or `auto`: the best the CPU has. It lets one machine run what another CPU would (an AVX-512 machine measures
/// the AVX2 path a Zen 3 user takes); the results are the same bytes on every level.
pub const ENV: &str = "FEATRANK_SIMD";

/// The level [`ENV`] names, or the error naming what the CPU lacks or the word that is no level; the CLI and
/// the Python module refuse to start on it.
///
/// ```
/// // whatever FEATRANK_SIMD holds, the answer is a level this CPU runs, or an error naming the variable
/// match featrank::simd::check() {
///     Ok(level) => assert!(["portable", "avx2", "avx512"].contains(&level)),
///     Err(e) => assert!(e.to_string().contains("FEATRANK_SIMD")),
/// }
/// ```
pub fn check() -> crate::error::Result<&'static str> {
    chosen(std::env::var(ENV).ok().as_deref()).map(Level::name)
}

/// The level asked for by `wanted` (the variable's value), checked against the CPU.
fn chosen(wanted: Option<&str>) -> crate::error::Result<Level> {
    let best = best();
    let level = match wanted.map(|w| w.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") | Some("auto") => return Ok(best),
        Some("portable") => Level::Base,
        Some("avx2") => Level::Avx2,
        Some("avx512") => Level::Avx512,
        Some(other) => {
            return Err(crate::error::Error::param(
                ENV,
                format!("'{other}' is no vector level; use portable, avx2, avx512 or auto"),
            ))
        }
    };
    let runs = matches!((level, best), (Level::Base, _) | (_, Level::Avx512) | (Level::Avx2, Level::Avx2));
    match runs {
        true => Ok(level),
        false => Err(crate::error::Error::param(
            ENV,
            format!(
                "this CPU has no {} (the best it has is {}); unset it or name a lower level",
                level.name(),
                best.name()
            ),
        )),
    }
}

impl Level {
    /// The level's name as [`ENV`] takes it.
    fn name(self) -> &'static str {
        match self {
            Level::Avx512 => "avx512",
            Level::Avx2 => "avx2",
            Level::Base => "portable",
        }
    }
}

/// The best level this CPU supports.
fn best() -> Level {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return Level::Avx512;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return Level::Avx2;
        }
    }
    Level::Base
}

/// The level in use: [`ENV`]'s, read once (a value the CPU cannot run falls back to the best it can; the CLI and
/// Python refuse to start on such a value first, through [`check`]).
#[inline(always)]
pub(crate) fn level() -> Level {
    static LEVEL: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
    *LEVEL.get_or_init(|| chosen(std::env::var(ENV).ok().as_deref()).unwrap_or_else(|_| best()))
}

/// `wide!(site, || body)`: the body's value, the body compiled with AVX-512F or AVX2 where the CPU has
/// them, in functions named `site::avx512` and `site::avx2` inside the calling function.
macro_rules! wide {
    ($site:ident, || $body:expr $(,)?) => {{
        #[allow(non_snake_case)]
        mod $site {
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx512f")]
            pub(super) unsafe fn avx512<R>(f: impl FnOnce() -> R) -> R {
                f()
            }
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            pub(super) unsafe fn avx2<R>(f: impl FnOnce() -> R) -> R {
                f()
            }
            #[cfg(not(target_arch = "x86_64"))]
            pub(super) unsafe fn avx512<R>(f: impl FnOnce() -> R) -> R {
                f()
            }
            #[cfg(not(target_arch = "x86_64"))]
            pub(super) unsafe fn avx2<R>(f: impl FnOnce() -> R) -> R {
                f()
            }
        }
        match $crate::simd::level() {
            // SAFETY: the CPU supports AVX-512F (`level` checked it).
            $crate::simd::Level::Avx512 => unsafe {
                $site::avx512(
                    #[inline(always)]
                    || $body,
                )
            },
            // SAFETY: the CPU supports AVX2 (`level` checked it).
            $crate::simd::Level::Avx2 => unsafe {
                $site::avx2(
                    #[inline(always)]
                    || $body,
                )
            },
            $crate::simd::Level::Base => $body,
        }
    }};
}
pub(crate) use wide;
