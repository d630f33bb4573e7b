//! Memory: what a piece of work will hold, estimated and checked against a limit **before** it starts.
//!
//! Learners and rankers estimate the bytes their work holds ([`crate::learners::Learner::memory`],
//! [`crate::rankers::Ranker::memory`]); their one checking path refuses work whose estimate exceeds the
//! limit with [`Error::Memory`], which states the estimate. The limit is, in order of precedence: what
//! [`set_limit`] set, the environment variable `FEATRANK_MEMORY_LIMIT` (e.g. `4G`, `512M`, `1.5GiB`, a
//! byte count), or the memory the operating system reports available (`MemAvailable` on Linux; 8 GiB
//! where it reports none). Curves check the folds they run at once, per-fold rankers the splits.
//!
//! The working memory ([`set_working_memory`], 4 MiB by default, as scikit-learn's `working_memory`
//! setting) sizes the buffers of quadratic work (kNN's cache of scaled training columns, the GPU's host
//! copies); the blocks in which kNN's test × train distances are updated feature after feature are sized to
//! stay in one core's L2 cache ([`block_memory`]: half of it, read from the system at run time). Results
//! depend on neither, only speed and peak memory do.
//!
//! ```
//! use featrank::memory;
//! assert_eq!(memory::parse_bytes("4G").unwrap(), 4 << 30);
//! assert_eq!(memory::parse_bytes("1.5 MiB").unwrap(), 3 << 19);
//! assert!(memory::parse_bytes("lots").is_err());
//! assert!(memory::check(1 << 10, || "a small table".into()).is_ok());
//! let err = memory::check(u64::MAX, || "svm curves on 10⁹ rows".into()).unwrap_err();
//! assert!(err.to_string().starts_with("svm curves on 10⁹ rows would hold about 16384.0 PiB"));
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, Result};

/// Bytes in one f64 (estimates count f64 cells).
pub const F64: u64 = 8;

static LIMIT: AtomicU64 = AtomicU64::new(0);
static WORKING: AtomicU64 = AtomicU64::new(0);
const DEFAULT_WORKING: u64 = 4 << 20;
const FALLBACK_LIMIT: u64 = 8 << 30;

/// The memory limit in bytes (see the module docs for where it comes from); an error when
/// `FEATRANK_MEMORY_LIMIT` is set but is not a size.
pub fn limit() -> Result<u64> {
    Ok(match LIMIT.load(Ordering::Relaxed) {
        0 => match std::env::var("FEATRANK_MEMORY_LIMIT") {
            Ok(v) => parse_bytes(&v).map_err(|_| {
                Error::param(
                    "FEATRANK_MEMORY_LIMIT",
                    format!("'{}' is not a size; write e.g. 4G, 512M or 1073741824", crate::error::quote(&v)),
                )
            })?,
            Err(_) => available().unwrap_or(FALLBACK_LIMIT),
        },
        set => set,
    })
}

/// Set the process-wide memory limit in bytes; `None` returns to `FEATRANK_MEMORY_LIMIT` or the memory
/// available. A limit of 0 bytes is refused (it would refuse every piece of work; `None` is "no limit
/// of mine").
///
/// ```
/// use featrank::memory;
/// assert!(memory::set_limit(Some(0)).is_err());
/// memory::set_limit(Some(64 << 30)).unwrap();
/// assert_eq!(memory::limit().unwrap(), 64 << 30);
/// memory::set_limit(None).unwrap();
/// ```
pub fn set_limit(bytes: Option<u64>) -> Result<()> {
    if bytes == Some(0) {
        return Err(Error::param(
            "memory limit",
            "0 bytes would refuse all work; give a size such as 4G, or None for the default (the memory available)",
        ));
    }
    LIMIT.store(bytes.unwrap_or(0), Ordering::Relaxed);
    Ok(())
}

/// The working memory in bytes: the size of the blocks quadratic structures are computed in.
pub fn working_memory() -> u64 {
    match WORKING.load(Ordering::Relaxed) {
        0 => DEFAULT_WORKING,
        set => set,
    }
}

/// Set the working memory in bytes (`None`: the default 4 MiB); set, it also sizes the blocks of
/// [`block_memory`]. Results do not depend on it.
pub fn set_working_memory(bytes: Option<u64>) {
    WORKING.store(bytes.unwrap_or(0), Ordering::Relaxed);
}

/// The bytes of one block of a quadratic structure that is updated many times over, such as kNN's distances
/// of a block of test rows to every training row, updated once per feature along a curve: the working memory
/// where [`set_working_memory`] set it, else half of one core's L2 cache ([`l2_cache`]) within [256 KiB, 4 MiB],
/// else (no cache size reported) 4 MiB. A block that stays in L2 is not streamed from L3 or memory at every
/// feature: on a 2-core Zen 5 (1 MiB L2) kNN curves at 10,000 rows take 1.06 s with 512 KiB blocks against
/// 1.18 s with 4 MiB (`benches/floor.rs`). Results do not depend on it.
///
/// ```
/// use featrank::memory;
/// let block = memory::block_memory();
/// assert!((256 << 10..=4 << 20).contains(&block));
/// memory::set_working_memory(Some(1 << 20));
/// assert_eq!(memory::block_memory(), 1 << 20);
/// memory::set_working_memory(None);
/// ```
pub fn block_memory() -> u64 {
    match WORKING.load(Ordering::Relaxed) {
        0 => l2_cache().map_or(DEFAULT_WORKING, |l2| (l2 / 2).clamp(256 << 10, DEFAULT_WORKING)),
        set => set,
    }
}

/// One core's L2 cache in bytes, as Linux reports it (`/sys/devices/system/cpu/cpu0/cache/index*/`: the level-2
/// data or unified cache), read once; None elsewhere or when it is not reported.
pub fn l2_cache() -> Option<u64> {
    static L2: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *L2.get_or_init(|| {
        let caches = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
        caches.flatten().find_map(|entry| {
            let read = |name: &str| std::fs::read_to_string(entry.path().join(name)).ok();
            let level2 = read("level")?.trim() == "2";
            let data = matches!(read("type")?.trim(), "Unified" | "Data");
            (level2 && data).then(|| parse_bytes(read("size")?.trim()).ok()).flatten()
        })
    })
}

/// Refuse work that would hold `needed` bytes when that exceeds [`limit`]; `what` names the work
/// (method and the data's shape) in the message.
pub fn check(needed: u64, what: impl FnOnce() -> String) -> Result<()> {
    let limit = limit()?;
    if needed <= limit {
        return Ok(());
    }
    Err(Error::Memory { what: what(), needed, limit })
}

/// Parse a size: a byte count, or a number with a unit K, M, G, T (powers of 1024; `KB`, `KiB` … alike).
pub fn parse_bytes(text: &str) -> Result<u64> {
    let t = text.trim();
    if let Ok(bytes) = t.parse::<u64>() {
        return match bytes {
            0 => Err(Error::param(
                "memory limit",
                "'0' is not a size for a limit (0 bytes would refuse all work); write e.g. 4G, 512M or 1073741824",
            )),
            b => Ok(b),
        };
    }
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (number, unit) = (t[..split].trim(), t[split..].trim().to_ascii_lowercase());
    let bad = || {
        Error::param(
            "memory limit",
            format!("'{}' is not a size; write e.g. 4G, 512M or 1073741824", crate::error::quote(text)),
        )
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    let shift = match unit.trim_end_matches('b').trim_end_matches('i') {
        "" => 0,
        "k" => 10,
        "m" => 20,
        "g" => 30,
        "t" => 40,
        _ => return Err(bad()),
    };
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes >= u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// A byte count for people: `512 B`, `3.2 MiB`, `65.2 GiB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// The memory the operating system reports available (Linux: `MemAvailable` of /proc/meminfo).
fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib << 10)
}
