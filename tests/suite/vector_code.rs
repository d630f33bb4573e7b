//! The vector guard: every hot loop compiled through `simd::wide!` (the kNN chain, the SVM's kernel rows, SMO's
//! passes, the Relief family's distance tiles) is still inside the functions compiled for AVX2 and AVX-512.
//! A closure that stops being inlined into them runs on SSE2 and halves the vector width, silently (it
//! happened twice); this test reads the machine code of its own binary (`nm` and `objdump` from binutils,
//! which the Rust linker needs anyway) and fails when such a function has no packed f64 arithmetic on ymm or
//! zmm registers left. Outside CI it skips, saying so, where binutils is missing.

use std::path::Path;
use std::process::Command;

use crate::common;

/// The packed f64 arithmetic that each wide function must still hold (at least this many instructions on
/// ymm/zmm registers); the loops they came from hold dozens.
const AT_LEAST: usize = 8;

/// Sites whose whole loop is smaller, and the packed instructions it holds when vectorised: the cosine
/// distances (multiply, divide, subtract, max, compare; the square root is not counted).
const SMALL: &[(&str, usize)] = &[("knn_cosine", 5)];

/// Every `wide!(site, …)` site in `src/`.
fn sites() -> Vec<String> {
    let mut files = Vec::new();
    common::rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut sites = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (at, _) in text.match_indices("simd::wide!(") {
            let rest = &text[at + "simd::wide!(".len()..];
            let name: String = rest.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            sites.push(name);
        }
    }
    sites.sort();
    sites
}

fn tool(name: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(name).args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
#[cfg(target_arch = "x86_64")]
fn hot_loops_are_compiled_for_the_wide_vector_units() {
    let sites = sites();
    assert!(sites.len() >= 5, "the wide sites in src/: {sites:?}");
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    let Some(symbols) = tool("nm", &["-C", "-S", "--defined-only", exe]) else {
        assert!(std::env::var_os("CI").is_none(), "the vector guard needs nm and objdump (binutils) in CI");
        eprintln!("vector guard skipped: nm (binutils) is not installed");
        return;
    };
    let mut failures = Vec::new();
    for site in &sites {
        for width in ["avx2", "avx512"] {
            // `<caller>::<site>::<width>`: one per instance of a generic caller
            let suffix = format!("::{site}::{width}");
            let instances: Vec<(u64, u64)> = symbols
                .lines()
                .filter(|l| l.ends_with(&suffix))
                .filter_map(|l| {
                    let mut f = l.split_whitespace();
                    let (addr, size) = (f.next()?, f.next()?);
                    Some((u64::from_str_radix(addr, 16).ok()?, u64::from_str_radix(size, 16).ok()?))
                })
                .collect();
            if instances.is_empty() {
                failures.push(format!("{site}::{width}: not in the test binary (no test runs it, or it was renamed)"));
            }
            for (addr, size) in instances {
                let (start, stop) =
                    (format!("--start-address=0x{addr:x}"), format!("--stop-address=0x{:x}", addr + size));
                let code = tool("objdump", &["-d", "--no-show-raw-insn", &start, &stop, exe])
                    .expect("objdump (binutils) beside nm");
                let packed = code
                    .lines()
                    .filter_map(|l| l.split('\t').nth(1))
                    .filter(|ins| {
                        let mnemonic = ins.split_whitespace().next().unwrap_or("");
                        let arithmetic = ["vadd", "vsub", "vmul", "vdiv", "vmax", "vmin", "vcmp"]
                            .iter()
                            .any(|m| mnemonic.starts_with(m))
                            && mnemonic.ends_with("pd");
                        arithmetic && (ins.contains("%ymm") || ins.contains("%zmm"))
                    })
                    .count();
                let at_least = SMALL.iter().find(|s| s.0 == site).map_or(AT_LEAST, |s| s.1);
                if packed < at_least {
                    failures.push(format!(
                        "{site}::{width} at 0x{addr:x}: {packed} packed f64 instructions on ymm/zmm (at least \
                         {at_least}): its loop is no longer compiled inside it — mark what it calls #[inline(always)]"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `FEATRANK_SIMD` runs each level this CPU has (`portable`, `avx2`, `avx512`), and each gives the same bytes:
/// kNN curves (the wide distance chain) and SVM curves (SMO's passes, the kernel rows) written by the CLI under
/// every level, compared file by file; a level the CPU lacks and a word that is no level are refused by name.
#[test]
fn every_vector_level_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let run = |level: &str, learner: &str, out: &Path| {
        Command::new(env!("CARGO_BIN_EXE_featrank"))
            .args(["curves", "sonar", "--method", "relieff", "--learner", learner, "--folds", "3", "--repeats", "1"])
            .args(["--expected", "2", "--out"])
            .arg(out)
            .env("FEATRANK_SIMD", level)
            .output()
            .unwrap()
    };
    let mut ran = Vec::new();
    for level in ["portable", "avx2", "avx512"] {
        let files: Vec<_> = ["knn", "svm"].iter().map(|l| dir.path().join(format!("{level}-{l}.csv"))).collect();
        let knn = run(level, "knn", &files[0]);
        if !knn.status.success() {
            let e = String::from_utf8_lossy(&knn.stderr);
            assert!(e.contains("FEATRANK_SIMD") && e.contains("this CPU has no"), "{level}: {e}");
            println!("SKIPPED {level}: {}", e.trim());
            continue;
        }
        assert!(run(level, "svm", &files[1]).status.success(), "{level}: svm");
        ran.push((level, files.iter().map(|f| std::fs::read(f).unwrap()).collect::<Vec<_>>()));
    }
    assert!(!ran.is_empty() && ran[0].0 == "portable", "the portable level runs everywhere");
    for (level, bytes) in &ran[1..] {
        assert!(bytes == &ran[0].1, "{level}: curves differ from the portable level's");
    }
    println!("levels compared: {:?}", ran.iter().map(|r| r.0).collect::<Vec<_>>());
    let bad = run("sse9", "knn", &dir.path().join("x.csv"));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("'sse9' is no vector level"));
}
