#!/usr/bin/env bash
# featrank for R as it ships: the source package built from r/ (its vignette with it), `R CMD check` on it — the
# examples, the testthat tests (curves byte-identical to the CLI's: FEATRANK_CLI, built first when missing) and
# the vignette — failing on any WARNING or ERROR; then the package installed into target/r/library and the
# vignette rendered as Markdown for the documentation site (target/r/which-ranking.md).
# `bash r/check.sh --tools` installs what it needs from Debian's packages (as root, or through sudo).
# The compiled side is the workspace member r/src/rust, built in this repository's target/ (FEATRANK_ROOT).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
if [ "${1:-}" = "--tools" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
        r-base-dev r-cran-testthat r-cran-knitr r-cran-markdown r-cran-matrix r-cran-survival r-cran-repr \
        r-cran-irdisplay r-bioc-summarizedexperiment >/dev/null
    exit 0
fi
export FEATRANK_ROOT="$root"
# The package's static library built with the features of the README's test command's build — every member's
# library with the site's two examples, so the tests' dev-dependencies and the Python module unify features as
# there (a plain `cargo build` of the R crate after the tests compiled featrank and ~40 dependencies again) —
# which docs/build.sh then reuses. After the tests this compiles only the member crates, pyo3 and savvy (30 s).
export FEATRANK_CARGO="cargo build --release --locked --workspace --lib --example figures --example method_pages"
R_INCLUDE_DIR="$(Rscript -e 'cat(R.home("include"))')" $FEATRANK_CARGO
export FEATRANK_CLI="${FEATRANK_CLI:-$root/target/release/featrank}"
[ -x "$FEATRANK_CLI" ] || cargo build --release --locked --workspace --bin featrank --example figures
out="$root/target/r"
rm -rf "$out/featrank.Rcheck" && mkdir -p "$out/library"
(cd "$out" && R CMD build "$root/r")
(cd "$out" && _R_CHECK_FORCE_SUGGESTS_=false R CMD check --no-manual featrank_*.tar.gz) | tee "$out/check.log"
if grep -qE "^Status: .*(WARNING|ERROR)" "$out/check.log"; then
    echo "FAILED: R CMD check gave warnings or errors (target/r/featrank.Rcheck)"
    exit 1
fi
R CMD INSTALL --no-test-load --library="$out/library" r >/dev/null
R_LIBS="$out/library" Rscript -e \
    'knitr::knit("r/vignettes/which-ranking.Rmd", "target/r/which-ranking.md", quiet = TRUE)' >/dev/null
echo "== featrank for R: checked; the vignette rendered into target/r/which-ranking.md"
