"""Make a folder for a featrank notebook of your own, anywhere: the fast build settings of this folder
(evcxr.toml with a build directory inside the study, .cargo/config.toml: polars unoptimised, featrank
optimised) and a starter notebook made of the guide's "Your own CSV, end to end" cells (docs/guide/own-csv.md).
When this clone's notebooks have been run (bash notebooks/run.sh, or bash scripts/main.sh --rust-notebooks),
their build directory, notebooks/.evcxr, is copied in as the study's: the first cell then finds featrank built
and takes evcxr's own time (about 20 s) instead of a build of several minutes.

    python3 notebooks/new_study.py ~/my-study --csv patients.csv --target diagnosis
    python3 notebooks/new_study.py ~/my-study          # the bundled wdbc data as data.csv

The starter notebook is written only when absent (--force replaces it); the settings always are; a build
directory the study already has is kept.
"""
import argparse
import json
import pathlib
import re
import shutil
import sys

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent
PAGE = REPO / "docs" / "guide" / "own-csv.md"


def guide_cells():
    """The code cells of the guide's page "Your own CSV": its rust block, split at `// ---` lines."""
    block = re.search(r"```rust\n(.*?)```", PAGE.read_text(), re.S)
    if not block:
        sys.exit(f"{PAGE} has no rust block")
    return [c.strip("\n") for c in re.split(r"^// ---$", block.group(1), flags=re.M)]


def notebook(cells, csv, target):
    def fill(cell):
        cell = cell.replace('path = "/path/to/featrank"', f"path = {json.dumps(str(REPO))}")
        cell = cell.replace('io::read("patients.csv")', f"io::read({json.dumps(csv)})")
        return cell.replace('Dataset::from_polars(&df, "diagnosis")', f"Dataset::from_polars(&df, {json.dumps(target)})")

    intro = (f"# featrank on `{csv}`\n\nMade by `notebooks/new_study.py` from the guide's \"Your own CSV, end to "
             "end\" (docs/guide/own-csv.md). The first cell builds featrank in `.evcxr` here (a few minutes, once); run one kernel at a "
             "time in this folder.")
    out = [{"cell_type": "markdown", "metadata": {}, "source": intro.splitlines(True), "id": "intro"}]
    for i, cell in enumerate(cells):
        out.append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                    "source": fill(cell).splitlines(True), "id": f"c{i:02d}"})
    return {"cells": out, "metadata": {"kernelspec": {"display_name": "Rust", "language": "rust", "name": "rust"},
                                       "language_info": {"name": "rust"}},
            "nbformat": 4, "nbformat_minor": 5}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=pathlib.Path, help="the study folder (made if absent)")
    ap.add_argument("--csv", type=pathlib.Path, help="your data (.csv, .csv.gz, .arff); default: wdbc as data.csv")
    ap.add_argument("--target", help="the target column of --csv")
    ap.add_argument("--force", action="store_true", help="replace an existing featrank.ipynb")
    ap.add_argument("--build-from", type=pathlib.Path, default=HERE / ".evcxr", metavar="DIR",
                    help="a warm evcxr build directory to copy in as the study's (default: this clone's "
                         "notebooks/.evcxr, when present)")
    a = ap.parse_args()
    study = a.dir.expanduser().resolve()
    if a.csv is None:
        if a.target:
            ap.error("--target goes with --csv")
        csv, target = "data.csv", "diagnosis"
    else:
        if not a.target:
            ap.error("--csv needs --target (the column to predict)")
        if not a.csv.is_file():
            ap.error(f"--csv: no file {a.csv}")
        path = a.csv.expanduser().resolve()
        csv, target = (path.name if path.parent == study else str(path)), a.target
    study.mkdir(parents=True, exist_ok=True)
    if a.csv is None:
        shutil.copyfile(REPO / "data" / "wdbc.csv", study / "data.csv")
    settings = (HERE / "evcxr.toml").read_text()
    settings += ('# The build directory, inside this folder (so .cargo/config.toml applies and later kernels reuse '
                 'it). One kernel at a time here: kernels sharing it overwrite each other\'s code.\ntmpdir = ".evcxr"\n')
    (study / "evcxr.toml").write_text(settings)
    (study / ".cargo").mkdir(exist_ok=True)
    shutil.copyfile(HERE / ".cargo" / "config.toml", study / ".cargo" / "config.toml")
    warm, build = a.build_from.expanduser().resolve(), study / ".evcxr"
    if build.exists():
        print(f"kept the build directory {build}")
    elif (warm / "target").is_dir():
        # Times kept (copy2): cargo reads the copied outputs as up to date for the same :dep line.
        try:
            shutil.copytree(warm, build, symlinks=True)
        except OSError as e:
            shutil.rmtree(build, ignore_errors=True)  # no half copy: the first cell would rebuild it anyway
            sys.exit(f"--build-from: could not copy {warm} to {build}: {e}")
        print(f"copied the warm build directory {warm} to {build}: the first cell finds featrank built")
    nb = study / "featrank.ipynb"
    if nb.exists() and not a.force:
        print(f"kept {nb} (--force replaces it)")
    else:
        nb.write_text(json.dumps(notebook(guide_cells(), csv, target), indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {nb}")
    print(f"start it with:  cd {study} && jupyter lab featrank.ipynb")
    if shutil.which("evcxr_jupyter") is None:
        print("the Rust kernel is not installed yet: cargo install --locked evcxr_jupyter && evcxr_jupyter --install")


if __name__ == "__main__":
    main()
