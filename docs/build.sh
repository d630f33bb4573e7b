#!/usr/bin/env bash
# Build the documentation site into target/site (open target/site/index.html):
#   - the guide (docs/guide, with the README as its front page and docs/references.md, docs/results) — mdBook;
#   - the figures of the concepts chapter, drawn by examples/figures.rs;
#   - one page per ranking method and learner, and the measures, generated from the registries
#     (examples/method_pages.rs), so the site and `featrank methods` cannot disagree;
#   - every notebook as a page with its outputs: the executed copies in notebooks/out and python/notebooks/out
#     when present (CI's runs, or bash notebooks/run.sh and python/notebooks/run.sh), else as committed;
#   - the R package's vignette with its outputs as `bash r/check.sh` rendered it (target/r), else as written;
#   - the Rust API (rustdoc, with the gpu feature) under api/, the Python API (pdoc) under python/.
# Tools come from the registries into target/: mdBook into target/tools (about 3 minutes on 2 cores, once),
# nbconvert and pdoc into target/docs-venv. The Python API needs featrank for Python: the one installed in
# target/py-venv (by scripts/main.sh or python/dist.sh) when there is one, else it is built there first
# (bash python/dist.sh --wheel: about 7 minutes on 2 cores). docs/check.sh then checks the built site (links, a
# headless browser).
#
#   bash docs/build.sh           the site
#   bash docs/build.sh --tools   only mdBook, installed when missing (.ci/run: in the background of the tests)
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    ""|--tools) ;;
    *) echo "usage: bash docs/build.sh [--tools]" >&2; exit 2 ;;
esac
mdbook_version=0.4.52
export PATH="$PWD/target/tools/bin:$PATH"
if ! command -v mdbook >/dev/null 2>&1; then
    echo "== installing mdBook $mdbook_version into target/tools"
    cargo install --quiet --locked --root target/tools --version "$mdbook_version" --no-default-features \
        --features search mdbook
fi
[ "${1:-}" = --tools ] && exit 0
venv=target/docs-venv
if ! "$venv/bin/python" -c "import nbconvert, pdoc" >/dev/null 2>&1; then
    echo "== nbconvert and pdoc into $venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet "nbconvert>=7,<8" "pdoc>=15,<17"
fi

src=target/site-src
rm -rf "$src" target/site
mkdir -p "$src"
python3 docs/site.py guide "$src"
python3 docs/site.py readme "$src"
python3 docs/site.py homes "$src"
python3 docs/site.py vignette "$src"

# Both examples in the release build of the workspace's members that the tests, the CLI and the wheel share (one
# set of features: the examples reuse every compiled dependency of that build instead of compiling their own).
cargo build --quiet --release --locked --workspace --example figures --example method_pages
echo "== the figures of the concepts chapter (examples/figures.rs)"
target/release/examples/figures "$src/figures"
echo "== the method pages, from the registries"
methods="$(target/release/examples/method_pages "$src")"
echo "== the notebooks"
python3 docs/site.py notebooks "$src" "$PWD/$venv/bin/python -m nbconvert"
python3 docs/site.py summary "$src" "$methods"

echo "== the guide (mdBook)"
sed "s|^src = .*|src = \"site-src\"|" docs/book.toml > target/book.toml
# A warning fails the build (a chapter that does not parse, a missing file), as rustdoc's do in CI.
(cd target && mdbook build --dest-dir site . 2>&1) | tee target/site-mdbook.log
if grep -E "\[(WARN|ERROR)\]" target/site-mdbook.log; then echo "mdBook warned (above)"; exit 1; fi

echo "== the Rust API (rustdoc)"
cargo doc --quiet --release --no-deps --features gpu
cp -r target/doc target/site/api

echo "== the Python API (pdoc)"
python=target/py-venv/bin/python
if ! "$python" -c "import featrank" >/dev/null 2>&1; then
    echo "   (no featrank in target/py-venv: building it first, as scripts/main.sh does — bash python/dist.sh --wheel)"
    bash python/dist.sh --wheel
fi
# pdoc runs in the interpreter that has featrank, reading the tools' copy of pdoc from the docs environment.
pdoc_path="$("$venv/bin/python" -c 'import pdoc, os; print(os.path.dirname(os.path.dirname(pdoc.__file__)))')"
PYTHONPATH="$pdoc_path" "$python" -m pdoc --docformat restructuredtext --no-show-source -o target/site/python \
    featrank featrank.errors featrank.sklearn 2>&1 | tee target/site-pdoc.log
if grep -q "^Warn" target/site-pdoc.log; then echo "pdoc warned (above)"; exit 1; fi
echo "site: target/site/index.html ($(find target/site -name '*.html' | wc -l) pages)"
