#!/usr/bin/env bash
# Build the documentation site into target/site: the guide (docs/guide, with the README and docs/*.md), one page
# per ranking method and learner generated from the registries (examples/method_pages.rs), and the Rust API
# reference (rustdoc) under target/site/api. Installs mdBook into target/tools when it is not on PATH (from the
# crates registry; about 3 minutes on 2 cores). Open target/site/index.html.
set -euo pipefail
cd "$(dirname "$0")/.."
mdbook_version=0.4.52
export PATH="$PWD/target/tools/bin:$PATH"
if ! command -v mdbook >/dev/null 2>&1; then
    echo "== installing mdBook $mdbook_version into target/tools"
    cargo install --quiet --locked --root target/tools --version "$mdbook_version" --no-default-features \
        --features search mdbook
fi
src=target/site-src
rm -rf "$src" target/site
mkdir -p "$src"
cp -r docs/guide/. "$src/"
cp README.md "$src/readme.md"
cp docs/references.md "$src/references.md"
cp -r docs/results "$src/results"
echo "== the method pages, from the registries"
methods="$(cargo run --quiet --features linfa --example method_pages -- "$src")"
python3 - "$src/SUMMARY.md" "$methods" <<'PY'
import sys
path, methods = sys.argv[1], sys.argv[2]
text = open(path).read().replace("METHODS", methods)
open(path, "w").write(text)
PY
echo "== the guide (mdBook)"
sed "s|^src = .*|src = \"site-src\"|" docs/book.toml > target/book.toml
(cd target && mdbook build --dest-dir site .)
echo "== the Rust API reference (rustdoc)"
cargo doc --quiet --no-deps --features linfa,gpu
cp -r target/doc target/site/api
echo "site: target/site/index.html ($(find target/site -name '*.html' | wc -l) pages)"
