#!/usr/bin/env bash
# The GPU check: on a machine with an NVIDIA GPU and its driver, featrank's kNN curves on the GPU against the same
# curves on the CPU, compared byte for byte.
#   1. the suite's device tests: CPU and GPU curves on data that reaches every path of the kernel (continuous,
#      binary with ties beyond what the kernel writes, nominal and missing values, both tie rules, regression);
#   2. the GPU bench: 100,000 × 20 isotropic Gaussian rows, FFA + RFA at every size, 10-fold CV, on the CPU and on
#      the GPU; both times printed, the curves compared byte for byte (it fails if they differ).
# It builds with cargo (feature `gpu`; no CUDA toolkit needed), or runs binaries built elsewhere:
#   bash scripts/gpu/check.sh                   build here, then run (ROWS=30000 for a shorter bench)
#   bash scripts/gpu/check.sh --build-only      build the two binaries into target/gpu-check/ and stop
#   FEATRANK_GPU_BINARIES=target/gpu-check bash scripts/gpu/check.sh     run binaries built before
# NVRTC is loaded at run time: the CUDA toolkit's libnvrtc.so, or pip's nvidia-cuda-nvrtc-cu12, found below.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${FEATRANK_GPU_BINARIES:-target/gpu-check}

if [ -z "${FEATRANK_GPU_BINARIES:-}" ]; then
  mkdir -p "$dir"
  built() { grep -o "target/release/deps/$1-[0-9a-f]*" | tail -1; }
  suite=$(cargo test --release --locked --features gpu --test suite --no-run 2>&1 | tee /dev/stderr | built suite)
  bench=$(cargo bench --locked --features gpu --bench gpu --no-run 2>&1 | tee /dev/stderr | built gpu)
  cp "$suite" "$dir/suite" && cp "$bench" "$dir/gpu-bench"
  strip "$dir/suite" "$dir/gpu-bench" 2> /dev/null || true # small enough to carry to another machine
  echo "built: $dir/suite, $dir/gpu-bench"
  [ "${1:-}" = "--build-only" ] && exit 0
fi

# NVRTC: featrank (cudarc) loads it by the names libnvrtc.so or libnvrtc.so.12. Already loadable so, else the CUDA
# toolkit's or pip's copy; CUDA 13's copies (pip's nvidia/cu13/lib) name it libnvrtc.so.13 only: linked as
# libnvrtc.so in a folder of the check's own.
if ! ldconfig -p 2>/dev/null | grep -q 'libnvrtc\.so\(\.12\)\? '; then
  found=""
  for lib in /usr/local/cuda/lib64 /usr/local/cuda*/targets/*/lib \
    "$(python3 -c 'import nvidia.cuda_nvrtc as m, os; print(os.path.join(list(m.__path__)[0], "lib"))' 2>/dev/null)" \
    "$(python3 -c 'import nvidia.cu13 as m, os; print(os.path.join(list(m.__path__)[0], "lib"))' 2>/dev/null)"; do
    found=$(ls "$lib"/libnvrtc.so "$lib"/libnvrtc.so.1[2-9]* 2> /dev/null | head -1) || true
    [ -n "$found" ] && break
  done
  if [ -n "$found" ]; then
    mkdir -p "$dir/nvrtc" && ln -sf "$found" "$dir/nvrtc/libnvrtc.so"
    export LD_LIBRARY_PATH="$(cd "$dir/nvrtc" && pwd):$(dirname "$found")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    echo "NVRTC: $found"
  fi
fi

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2> /dev/null || echo "nvidia-smi: not found"
echo "== device tests (CPU and GPU curves byte for byte)"
FEATRANK_REQUIRE_GPU=1 "$dir/suite" --test-threads 1 --nocapture device::
echo "== GPU bench"
"$dir/gpu-bench" "${ROWS:-100000}" gaussian
