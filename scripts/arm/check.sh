#!/usr/bin/env bash
# Does the portable code still vectorise for ARM? Builds the library for aarch64 (Graviton, Ampere; Apple
# silicon's Linux target alike) and counts, in each hot loop's enclosing function, the packed f64 NEON
# arithmetic and compare instructions (`fadd v….2d`: two lanes, as SSE2) that LLVM's vectoriser wrote;
# fails when one has none — as when a loop stops vectorising. featrank has no ARM-specific code: `simd::wide!` runs the portable loops there.
#
# Needs: a cross C compiler and binutils (Debian: apt-get install gcc-aarch64-linux-gnu), the Rust toolchain's
# rust-src component (rustup component add rust-src) to build the standard library for the target
# (RUSTC_BOOTSTRAP lets a stable toolchain do it). About 6 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=aarch64-unknown-linux-gnu
out="$(realpath "${CARGO_TARGET_DIR:-target}")"
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
RUSTC_BOOTSTRAP=1 cargo build --target-dir "$out" --release --lib -Zbuild-std=std,panic_abort --target "$target"
objects="$(mktemp -d)"
trap 'rm -rf "$objects"' EXIT
(cd "$objects" && ar x "$out/$target/release/libfeatrank.rlib")
for o in "$objects"/*.o; do aarch64-linux-gnu-objdump -d --no-show-raw-insn -C "$o"; done > "$objects/all.dis"
python3 - "$objects/all.dis" <<'PY'
import re, sys
# the function each `simd::wide!` site is inlined into on ARM, as the disassembly names it
sites = {
    "knn_chain": "<featrank::learners::knn::Knn>::chain::<featrank::learners::knn::Vote>",
    "knn_cosine": "<featrank::learners::knn::Knn>::cosine_chain",
    "svm_kernel_rows": "<featrank::learners::svm::Svm>::grow::{closure#1}",
    "smo_solve": "featrank::learners::smo::solve",
    "relief_tile": "<featrank::rankers::relief::Space>::each_distances::<<featrank::rankers::relief::ReliefF",
    "surf_tile": "<featrank::rankers::surf::SurfSpace>::each_distances",
}
packed, current = {}, None
for line in open(sys.argv[1]):
    m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
    if m:
        current = m.group(1)
    elif current and re.search(r"\t(fadd|fsub|fmul|fdiv|fsqrt|fmax\w*|fmin\w*|fcm\w+|fabs|fneg)\s+v\d+\.2d", line):
        packed[current] = packed.get(current, 0) + 1
failed = False
for site, function in sites.items():
    n = max((v for name, v in packed.items() if function in name), default=0)
    print(f"{site:>16}: {n:4} packed f64 NEON arithmetic/compares in {function}")
    failed |= n == 0
sys.exit(1 if failed else 0)
PY
