#!/usr/bin/env bash
# The main job: set up what is missing, build featrank, describe every bundled dataset, then run the
# evaluation pipeline on synthetic data with known ground truth (generate → curves → ECA scores), and
# build featrank for Python into a virtual environment and run its notebooks, and execute every notebook
# under the evcxr Jupyter kernel (outputs in notebooks/out/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --locked
bin=./target/release/featrank
for name in $($bin datasets); do
    echo "== $name"
    $bin info "$name"
done
out=target/demo
mkdir -p "$out"
echo "== synthetic 'combined' data: ground-truth ranking vs the expected curve of random rankings"
$bin synth combined --seed 1 --out "$out/combined.csv" --truth "$out/truth.csv"
$bin curves "$out/combined.csv" --target class --ranking "$out/truth.csv" --learner knn:k=10 \
    --folds 10 --repeats 10 --expected 20 --seed 1 --out "$out/curves.csv"
$bin score "$out/curves.csv" --out "$out/eca.csv"
cat "$out/eca.csv"
echo "== featrank for Python: the sdist and wheel (target/dist/), the wheel into target/py-venv, then its notebooks (outputs in python/notebooks/out/)"
bash python/dist.sh
PYTHON="$PWD/target/py-venv/bin/python" bash python/notebooks/run.sh
echo "== notebooks (executed headless; outputs in notebooks/out/)"
bash notebooks/run.sh
