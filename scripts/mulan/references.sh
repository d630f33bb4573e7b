#!/usr/bin/env bash
# Regenerate tests/reference/mulan_mlknn.csv: the predictions of Mulan's own ML-kNN (MLkNN.java, k = 10,
# smooth = 1) on the standard train/test splits of emotions and scene, which tests/suite/mulan.rs compares
# with featrank's ML-kNN. Mulan is GPL-3.0 and not copied here: give a clone of github.com/tsoumakas/mulan
# (MULAN_SRC, default ../mulan; checked out at commit 43f6389 for the committed file) — its sources are
# compiled against Weka 3.6 (Debian: apt-get install weka; WEKA_JAR overrides /usr/share/java/weka.jar) and
# JAXB, which Java 11 and later no longer carry (apt-get install libjaxb-api-java libjaxb-java), only the
# classes ML-kNN needs (its label schema read from the sources); its data folder holds the splits and their
# XML label files.
# The tests only read the committed file.
set -euo pipefail
cd "$(dirname "$0")/../.."
mulan="${MULAN_SRC:-../mulan}"
jars=/usr/share/java
jar="${WEKA_JAR:-$jars/weka.jar}:$jars/jaxb-api.jar:$jars/jaxb-runtime.jar:$jars/jaxb-core.jar:$jars/javax.activation.jar"
jar="$jar:$jars/istack-commons-runtime.jar:$jars/txw2.jar:$jars/stax-ex.jar:$jars/FastInfoset.jar"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
echo "Mulan at $(git -C "$mulan" rev-parse --short HEAD 2>/dev/null || echo '(not a git checkout)')" >&2
javac -nowarn -encoding UTF-8 -d "$build" -cp "$jar" -sourcepath "$mulan/mulan/src/main/java" \
    scripts/mulan/MulanMLkNN.java 2> "$build/javac.log" || { cat "$build/javac.log" >&2; exit 1; }
out=tests/reference/mulan_mlknn.csv
echo "data,row,labels,confidences" > "$out"
for name in emotions scene; do
    dir="$mulan/data/multi-label/$name"
    java -cp "$jar:$build:$mulan/mulan/src/main/java" MulanMLkNN "$name" "$dir/$name-train.arff" "$dir/$name-test.arff" "$dir/$name.xml" \
        2>/dev/null >> "$out"
done
echo "wrote $out ($(($(wc -l < "$out") - 1)) test rows)"
