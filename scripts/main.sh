#!/usr/bin/env bash
# The main job, a newcomer's first run on a fresh clone: set up what is missing, build featrank, describe every
# bundled dataset, run the evaluation pipeline on synthetic data with known ground truth (generate → curves →
# ECA scores), build featrank for Python into target/py-venv (the wheel, built beside the CLI so the compiled
# dependencies serve both) and execute its notebooks (outputs in python/notebooks/out/). Each phase says when it
# starts and how long it usually takes; a table of the phases' times ends the run.
#
#   bash scripts/main.sh                    the above (about 25 minutes on a 2-core Zen 3 with nothing built)
#   bash scripts/main.sh --rust-notebooks   also the evcxr Jupyter kernel (installed once: 15-20 minutes) and every
#                                           Rust notebook, executed headless into notebooks/out/, with the starter
#                                           notebook of the guide's "Your own CSV" (about 30 minutes more)
set -euo pipefail
cd "$(dirname "$0")/.."
rust_notebooks=0
case "${1:-}" in
    "") ;;
    --rust-notebooks) rust_notebooks=1 ;;
    *) echo "usage: bash scripts/main.sh [--rust-notebooks]" >&2; exit 2 ;;
esac
source scripts/phases.sh

phase "setup: a Rust toolchain if cargo is missing" "0-2 minutes"
source scripts/setup.sh
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

phase "the featrank command line, with the Python module's dependencies (cargo build --release)" \
    "15 min on a 2-core Zen 3"
# Both workspace members in one build, so every dependency they share is compiled once with the features of both
# (the Python module's pyo3 and numpy turn on defaults of once_cell and num-integer that the command line alone
# would not, and polars, built on them, would then be compiled a second time for the wheel). The command line is
# the same program with the `gpu` feature on, which only adds `--device gpu`. It is the build of the README's test
# command (same profile, members and features), so the tests reuse it.
cargo build --release --locked --workspace
bin=./target/release/featrank

phase "every bundled dataset, described" "a second"
for name in $($bin datasets); do
    echo "-- $name"
    $bin info "$name"
done

phase "synthetic 'combined' data: the ground-truth ranking against the expected curve of random rankings" \
    "under a minute"
out=target/demo
mkdir -p "$out"
$bin synth combined --seed 1 --out "$out/combined.csv" --truth "$out/truth.csv"
$bin curves "$out/combined.csv" --target class --ranking "$out/truth.csv" --learner knn:k=10 \
    --folds 10 --repeats 10 --expected 20 --seed 1 --out "$out/curves.csv"
$bin score "$out/curves.csv" --out "$out/eca.csv"
cat "$out/eca.csv"

phase "featrank for Python: the wheel (target/dist/), installed into target/py-venv" "5 min on a 2-core Zen 3"
bash python/dist.sh --wheel

phase "the Python notebooks, executed (python/notebooks/out/)" "5 min on a 2-core Zen 3"
PYTHON="$PWD/target/py-venv/bin/python" bash python/notebooks/run.sh

if [ "$rust_notebooks" -eq 1 ]; then
    phase "the Rust notebooks under the evcxr kernel (notebooks/out/), the kernel installed first if missing" \
        "45 min on a 2-core Zen 3 the first time"
    bash notebooks/run.sh
fi
phase_table
echo
echo "Next: the notebooks in Jupyter (target/py-venv/bin/pip install jupyterlab, then target/py-venv/bin/jupyter lab python/notebooks/), the guide"
echo "(docs/guide/getting-started.md, or bash docs/build.sh for the site), the Rust notebooks"
echo "(bash scripts/main.sh --rust-notebooks, or bash notebooks/run.sh)."
