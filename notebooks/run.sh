#!/usr/bin/env bash
# Execute every notebook headless under the evcxr Jupyter kernel, like a user would run them, and check them.
# Installs what is missing: evcxr_jupyter (cargo, only when absent), its kernel spec, jupyter/nbconvert (pip).
# Output: notebooks/out/NN_name.ipynb (executed) and .html; fails if a cell errors or a display is missing.
# Usage: bash notebooks/run.sh [notebook.ipynb ...]
#        bash notebooks/run.sh --build    only compile featrank in the kernel's build directory (the notebooks' first
#                                         cell), so the kernels of a Jupyter started on it start warm
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

if ! command -v evcxr_jupyter >/dev/null 2>&1; then
    echo "== installing evcxr_jupyter (once; 6-20 minutes on 2 cores)"
    cargo install --locked evcxr_jupyter
fi
if ! python3 -c "import nbconvert, nbclient, jupyter_client" >/dev/null 2>&1; then
    echo "== installing jupyter and nbconvert"
    python3 -m pip install --quiet jupyter nbconvert nbclient
fi
if ! python3 -m jupyter kernelspec list 2>/dev/null | grep -q "^ *rust "; then
    evcxr_jupyter --install
fi

# One persistent build directory: featrank and its dependencies compile once (the build step below), later
# kernels reuse them. Below this folder, so cargo reads .cargo/config.toml here (the build profile).
export EVCXR_TMPDIR="${EVCXR_TMPDIR:-$here/.evcxr}"
mkdir -p "$EVCXR_TMPDIR" out

build_only=0
if [ "${1:-}" = "--build" ]; then build_only=1; shift; fi
if [ $# -gt 0 ]; then notebooks=("$@"); else notebooks=([0-9][0-9]_*.ipynb); fi

# featrank and its dependencies are compiled by a kernel that runs only the notebooks' first cell (the `:dep`
# line, in a notebook written here and removed after); when the build directory is warm and featrank unchanged,
# only the kernel's start (about 20 s, rust-analyzer's). Every notebook then starts warm.
build=".build_featrank.ipynb"
trap 'rm -f "$here/$build"' EXIT
python3 - "$build" <<'NOTEBOOK'
import json, sys
cell = {"cell_type": "code", "execution_count": None, "id": "build", "metadata": {}, "outputs": [],
        "source": [':dep featrank = { path = "..", default-features = false }']}
kernel = {"kernelspec": {"display_name": "Rust", "language": "rust", "name": "rust"}}
json.dump({"cells": [cell], "metadata": kernel, "nbformat": 4, "nbformat_minor": 5}, open(sys.argv[1], "w"))
NOTEBOOK
start=$(date +%s)
if ! python3 -m jupyter nbconvert --to notebook --execute --ExecutePreprocessor.kernel_name=rust \
    --ExecutePreprocessor.timeout=3600 --stdout "$build" >/dev/null; then
    echo "FAILED: featrank did not build in the kernel (the notebooks' first cell; its output above)"
    exit 1
fi
rm -f "$build"
echo "== featrank built in the kernel: $(( $(date +%s) - start )) s wall"
if [ "$build_only" -eq 1 ]; then exit 0; fi

# Run one notebook in the build directory $2; its log goes to out/NAME.log. Returns non-zero if it failed.
run_one() {
    local nb="$1" start status=0
    start=$(date +%s)
    {
        echo "== $nb"
        if EVCXR_TMPDIR="$2" python3 -m jupyter nbconvert --to notebook --execute \
            --ExecutePreprocessor.kernel_name=rust --ExecutePreprocessor.timeout=3600 --output-dir out "$nb"; then
            python3 -m jupyter nbconvert --to html --output-dir out "out/$nb" >/dev/null 2>&1 || true
            python3 check_outputs.py "out/$nb" || status=1
        else
            echo "FAILED: $nb (a cell raised an error; see above)"
            status=1
        fi
        echo "== $nb: $(( $(date +%s) - start )) s wall"
    } >"out/${nb%.ipynb}.log" 2>&1
    return $status
}

# The notebooks run in NOTEBOOK_LANES lanes at once (default 2), each lane in its own copy of the warm build
# directory, since kernels sharing one directory overwrite each other's code. Most of a notebook's time is
# single-threaded (rust-analyzer typing the variables, rustc per cell), so two lanes on two cores finish about a
# third sooner (three lanes measured no faster). Each lane takes the next notebook not yet claimed, the longest
# first (ORDER: their times in CI), so no long one starts last; logs are printed in notebook order at the end.
lanes="${NOTEBOOK_LANES:-2}"
if ! [[ "$lanes" =~ ^[1-9][0-9]*$ ]]; then
    echo "NOTEBOOK_LANES must be a whole number of at least 1 (got '$lanes')" >&2
    exit 2
fi
status=0
names=()
for nb in "${notebooks[@]}"; do names+=("$(basename "$nb")"); done
ORDER="03 02 08 04 07 09 10 06 01 05"
ordered=()
for key in $ORDER; do for nb in "${names[@]}"; do [[ "$nb" == "$key"_* ]] && ordered+=("$nb"); done; done
for nb in "${names[@]}"; do [[ " ${ordered[*]} " == *" $nb "* ]] || ordered+=("$nb"); done  # new ones last
rm -rf out/.claimed && mkdir -p out/.claimed
# Every lane's copy of the warm build directory is made before any lane's kernel writes into it.
for lane in $(seq 2 "$lanes"); do
    rm -rf "$EVCXR_TMPDIR-lane$lane" && cp -a "$EVCXR_TMPDIR" "$EVCXR_TMPDIR-lane$lane"
done
pids=()
for lane in $(seq 1 "$lanes"); do
    dir="$EVCXR_TMPDIR"
    if [ "$lane" -gt 1 ]; then dir="$EVCXR_TMPDIR-lane$lane"; fi
    (
        lane_status=0
        for nb in "${ordered[@]}"; do
            mkdir "out/.claimed/$nb" 2>/dev/null || continue
            run_one "$nb" "$dir" || lane_status=1
        done
        exit $lane_status
    ) &
    pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for nb in "${names[@]}"; do cat "out/${nb%.ipynb}.log"; done
rm -rf out/.claimed

# A user's own notebook: the guide's "Your own CSV, end to end" (docs/guide/own-csv.md), made by new_study.py in a folder outside this
# repository (its build directory a copy of the one built above, so it starts warm).
if [ $# -eq 0 ]; then
    study="$(mktemp -d)/my-study"
    python3 new_study.py "$study" --build-from "$EVCXR_TMPDIR"
    start=$(date +%s)
    echo "== $study/featrank.ipynb (the guide: your own CSV)"
    if (cd "$study" && python3 -m jupyter nbconvert --to notebook --execute --ExecutePreprocessor.kernel_name=rust \
        --ExecutePreprocessor.timeout=3600 --output-dir "$here/out" --output study_featrank featrank.ipynb); then
        python3 check_outputs.py out/study_featrank.ipynb || status=1
    else
        echo "FAILED: the guide's own-CSV notebook (a cell raised an error; see above)"
        status=1
    fi
    echo "== own-CSV notebook: $(( $(date +%s) - start )) s wall"
    rm -rf "$(dirname "$study")"  # a copy of the build directory: several GB
fi
exit $status
