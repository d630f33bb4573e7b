#!/usr/bin/env bash
# `featrank curves` on a Slurm cluster: plan the run, compute it as an array job of SHARDS tasks, merge
# when every task has succeeded. DIR (on a file system every node sees) receives manifest.json, the parts,
# the logs, curves.csv and curves.json — the same bytes `featrank curves ... --out curves.csv --json
# curves.json` writes on one machine.
#   usage: slurm-curves.sh SHARDS DIR CURVES-ARGUMENTS...
#   e.g.:  slurm-curves.sh 32 /shared/run1 data.csv --target class --method relieff --learner svm:c=0.1
# FEATRANK names the binary (default: featrank on the PATH); extra sbatch options go in SBATCH_* variables
# (e.g. SBATCH_PARTITION, SBATCH_TIMELIMIT). Prints the merge job's id; `sacct -j ID` or DIR/merge.log
# tell how it went.
set -euo pipefail
if [ $# -lt 3 ]; then
    sed -n '2,10p' "$0" >&2
    exit 2
fi
shards=$1
dir=$2
shift 2
featrank=$(command -v "${FEATRANK:-featrank}")
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
"$featrank" plan "$@" --out "$dir/manifest.json"
array=$(FEATRANK=$featrank sbatch --parsable --export=ALL --array="0-$((shards - 1))" \
    --output="$dir/run-%a.log" "$here/featrank-shard.sbatch" "$dir/manifest.json" "$dir")
merge=$(sbatch --parsable --dependency="afterok:$array" --job-name=featrank-merge --output="$dir/merge.log" \
    --wrap="'$featrank' merge '$dir/manifest.json' '$dir'/part-*.parquet --out '$dir/curves.csv' --json '$dir/curves.json'")
echo "$merge"
