"""Convert two UCI datasets shipped by R's mlbench package (Debian: r-cran-mlbench) to ARFF.

    apt-get download r-cran-mlbench && dpkg -x r-cran-mlbench_*.deb x
    pip install pyreadr pandas
    python scripts/mlbench/to_arff.py x/usr/lib/R/site-library/mlbench/data data

Writes `breast-w.arff` (BreastCancer: the identifier column `Id` dropped, the nine 1-10 grades as numeric
attributes as in Weka's breast-w, `?` for the 16 missing Bare.nuclei) and `sonar.arff` (Sonar, unchanged).
Values are copied as the shortest text that reads back as the same double; classes keep R's level order.
"""
import math
import sys

import pyreadr


def arff(frame, relation, target, comment):
    lines = [f"% {line}" for line in comment] + ["", f"@relation {relation}", ""]
    features = [c for c in frame.columns if c != target]
    for c in features:
        lines.append(f"@attribute {c} numeric")
    levels = ",".join(str(v) for v in frame[target].cat.categories)
    lines += [f"@attribute {target} {{{levels}}}", "", "@data"]

    def cell(v):
        if v is None or (isinstance(v, float) and math.isnan(v)):
            return "?"
        f = float(v)
        return str(int(f)) if f.is_integer() else repr(f)

    for _, row in frame.iterrows():
        lines.append(",".join([cell(row[c]) for c in features] + [str(row[target])]))
    return "\n".join(lines) + "\n"


def main(source, out):
    bc = pyreadr.read_r(f"{source}/BreastCancer.rda")["BreastCancer"].drop(columns=["Id"])
    for c in bc.columns[:-1]:
        bc[c] = bc[c].astype("string").astype("float64")
    with open(f"{out}/breast-w.arff", "w") as f:
        f.write(arff(bc, "breast-w", "Class", [
            "Wisconsin breast cancer database (original), W. H. Wolberg, University of Wisconsin Hospitals, 1992.",
            "From R's mlbench package (BreastCancer), Debian r-cran-mlbench; Id column dropped.",
        ]))
    sonar = pyreadr.read_r(f"{source}/Sonar.rda")["Sonar"]
    with open(f"{out}/sonar.arff", "w") as f:
        f.write(arff(sonar, "sonar", "Class", [
            "Sonar, mines vs. rocks: R. P. Gorman and T. J. Sejnowski, Neural Networks 1:75-89, 1988.",
            "From R's mlbench package (Sonar), Debian r-cran-mlbench. M = metal cylinder (mine), R = rock.",
        ]))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
