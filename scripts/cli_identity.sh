#!/usr/bin/env bash
# Run a fixed set of CLI calls on the bundled datasets with one featrank binary and write every output
# (files, stdout, stderr, exit status) and their SHA-256 sums into a folder, so that a refactoring can show
# "no behaviour change" byte for byte:
#
#   bash scripts/cli_identity.sh path/to/featrank-before before/
#   bash scripts/cli_identity.sh target/debug/featrank after/
#   diff before/SHA256SUMS after/SHA256SUMS
#
# The calls cover the catalogs, every ranking method and wrapper, curves with per-fold rankers (JSON and
# stability), the answers read from a run (score, compare, decide, trade-off), nested evaluation, a
# planned run split into shards and merged, and the error messages of unknown names. Small counts keep it
# to a few minutes on 2 cores.
set -uo pipefail
bin="$(realpath "$1")"
out="$2"
mkdir -p "$out"
out="$(realpath "$out")"
cd "$out" || exit 1
rm -f ./*.txt ./*.csv ./*.json ./*.svg SHA256SUMS

# One call: its stdout, stderr and exit status under the name given.
call() {
    local name="$1"
    shift
    "$bin" "$@" >"$name.stdout.txt" 2>"$name.stderr.txt"
    echo "$?" >"$name.status.txt"
}

call datasets datasets
call methods methods
for m in relieff forest svm binary-relevance bag relief; do
    call "methods-$m" methods "$m"
done
for d in iris wine labor diabetes-progression emotions; do
    call "info-$d" info "$d"
done

# Every ranking method on a class target, the regression ones on a numeric target, the wrappers on labels.
rankers=(relieff forest:trees=20 svm-rfe info-gain gain-ratio symmetrical-uncertainty chi2 fisher mi ecfs inffs
    consensus:folds=3 permutation:folds=3,repeats=2 mrmr mrmr-quotient jmi cmim disr jmim fcbf laplacian variance surf surf-star
    multisurf multisurf-star "bag:base=(relieff),bootstraps=3" "shadow:base=(fisher),rounds=20" "turf:base=(multisurf),keep=5"
    lasso:folds=3 lasso-path "stability-selection:base=(lasso-path),subsamples=10")
for r in "${rankers[@]}"; do
    call "rank-wine-$r" rank wine --method "$r" --seed 3 --out "rank-wine-$r.csv"
done
for r in rrelieff forest:trees=20 inffs laplacian surf multisurf; do
    call "rank-diabetes-$r" rank diabetes-progression --method "$r" --out "rank-diabetes-$r.csv"
done
for r in relieff "binary-relevance:base=(fisher)" "label-powerset:base=(info-gain)" inffs; do
    call "rank-emotions-$r" rank emotions --method "$r" --out "rank-emotions-$r.csv"
done
# Every ranking method the binary lists has a call here: one added to the registry without one fails the script
# (univariate-cox ranks the survival data below; command and python run a user's program, which their own tests do).
covered=" $(for r in "${rankers[@]}" rrelieff binary-relevance label-powerset univariate-cox command python; do
    printf '%s ' "${r%%:*}"
done)"
uncovered=$(awk '/^Ranking methods/ {on = 1; getline; next} /^$/ {on = 0} on {print $1}' methods.stdout.txt |
    while read -r m; do [[ "$covered" == *" $m "* ]] || printf '%s ' "$m"; done)
if [ -n "$uncovered" ]; then
    echo "cli_identity.sh: no call ranks with: $uncovered— add one above" >&2
    exit 1
fi

# Curves with rankers inside the splits, and everything read from the run.
call curves curves wine --method relieff --method info-gain --method "svm-rfe" --folds 5 --repeats 2 --expected 10 \
    --grid 1,2,4,8,13 --quiet --out curves.csv --json curves.json --stability stability.csv
call curves-svm curves iris --method fisher --learner svm --scheme holdout:0.33 --repeats 3 --expected 5 --quiet \
    --out curves-svm.csv
call curves-labels curves emotions --method relieff --folds 3 --repeats 1 --expected 3 --grid 1,5,20 --quiet \
    --out curves-labels.csv
call score score curves.csv
call compare compare curves.json --out compare.csv
call decide decide curves.json --out decide.csv --figure decide.svg
call trade-off trade-off curves.json --k 4 --out trade-off.csv
# A survival study: synthetic Cox–Weibull data, its univariate Cox ranking and honest curves with the Cox model.
call synth-survival synth survival --rows 120 --seed 4 --out survival.csv --truth survival-truth.csv
call rank-survival rank survival.csv --target time,event --task survival --method univariate-cox --out rank-survival.csv
call curves-survival curves survival.csv --target time,event --task survival --method univariate-cox --method variance \
    --learner cox --folds 4 --repeats 1 --expected 3 --grid 1,5,20 --quiet --out curves-survival.csv
# The bundled survival study: kNN survival judged by the integrated Brier score.
call info-pbc info pbc
call curves-pbc curves pbc --method univariate-cox --learner knn:k=15 --measure ibs --folds 4 --repeats 1 --expected 3 \
    --grid 1,3,17 --quiet --out curves-pbc.csv
# A study with replicate rows per subject: grouped folds, leave one subject out, and rows in time order.
call synth-replicates synth replicates --rows 80 --seed 2 --out replicates.csv --truth replicates-truth.csv
call info-groups info replicates.csv --target class --groups subject
call curves-groups curves replicates.csv --target class --groups subject --method fisher --folds 4 --repeats 2 \
    --expected 3 --grid 1,5,50 --quiet --out curves-groups.csv --json curves-groups.json
call curves-logo curves replicates.csv --target class --groups subject --scheme leave-one-group-out --method fisher \
    --expected 0 --grid 5,50 --quiet --out curves-logo.csv
call curves-time curves replicates.csv --target class --scheme time-series:folds=3,gap=2 --method relieff --expected 3 \
    --grid 1,5,50 --quiet --out curves-time.csv
call nested nested wine --method "relieff:k=[5,10]" --learner "knn:k=[5,10]" --folds 3 --inner-folds 3 --grid 2,4,8 \
    --out nested.csv

# A planned run in two shards, merged.
call plan plan wine --method relieff --folds 3 --repeats 2 --expected 4 --grid 1,4,13 --out plan-manifest.json
for i in 0 1; do
    call "run-$i" run --manifest plan-manifest.json --shard "$i/2" --out "shard-$i.csv" --quiet
done
call merge merge plan-manifest.json shard-0.csv shard-1.csv --out merged.csv --json merged.json

# Unknown names.
call unknown-ranker rank iris --method relief --out x.csv
call unknown-learner curves iris --learner svn --out x.csv
call unknown-dataset info irs

sha256sum ./*.txt ./*.csv ./*.json ./*.svg 2>/dev/null | sort -k2 >SHA256SUMS
echo "$(wc -l <SHA256SUMS) outputs hashed in $out/SHA256SUMS"
