#!/usr/bin/env bash
# Regenerate the Weka references in tests/reference/: scores of Weka's own attribute evaluators, and
# predictions of IBk and SMO on fixed folds.
# Needs Java and Weka 3.6 (Debian: apt-get install weka, which puts weka.jar in /usr/share/java);
# WEKA_JAR overrides the jar's location. The tests only read the committed files.
set -euo pipefail
cd "$(dirname "$0")/../.."
jar="${WEKA_JAR:-/usr/share/java/weka.jar}"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
javac -d "$build" -cp "$jar" scripts/weka/WekaReference.java scripts/weka/WekaPredictions.java
# Weka reports its plugin registration on stderr; the scores go to stdout.
java -cp "$jar:$build" WekaReference data 2>/dev/null > tests/reference/weka_scores.csv
echo "wrote tests/reference/weka_scores.csv ($(wc -l < tests/reference/weka_scores.csv) lines)"
java -cp "$jar:$build" WekaPredictions data 2>/dev/null > tests/reference/weka_predictions.csv
echo "wrote tests/reference/weka_predictions.csv ($(wc -l < tests/reference/weka_predictions.csv) lines)"
