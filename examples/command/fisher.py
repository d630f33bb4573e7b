"""A ranking program for `featrank --method 'command:run=(python3 examples/command/fisher.py)'`: the generalised
Fisher score of every feature, written with the standard library only — a stand-in for your own R, Julia or
Python method.

featrank runs it on the rows it ranks (every training split of a curve run) as

    python3 fisher.py DATA.csv OUT.csv

with FEATRANK_TARGET naming the target column and FEATRANK_SEED a seed for random choices (unused here). It
reads the data, scores each feature — F = Σ_c n_c (μ_c − μ)² / Σ_c n_c σ_c² over the classes c — and writes
`feature,score` to OUT.csv (higher = more relevant)."""

import csv
import os
import sys
from collections import defaultdict


def fisher(values, labels):
    by_class = defaultdict(list)
    for v, c in zip(values, labels):
        by_class[c].append(v)
    mean = sum(values) / len(values)
    between = within = 0.0
    for group in by_class.values():
        m = sum(group) / len(group)
        between += len(group) * (m - mean) ** 2
        within += sum((v - m) ** 2 for v in group)
    return between / within if within > 0 else 0.0


def main(data_path, out_path):
    target = os.environ["FEATRANK_TARGET"]
    with open(data_path, newline="") as f:
        rows = list(csv.DictReader(f))
    labels = [r[target] for r in rows]
    features = [c for c in rows[0] if c != target]
    with open(out_path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["feature", "score"])
        for name in features:
            out.writerow([name, repr(fisher([float(r[name]) for r in rows], labels))])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
