#!/usr/bin/env bash
# Execute every notebook headless under the evcxr Jupyter kernel, like a user would run them, and check them.
# Installs what is missing: evcxr_jupyter (cargo, only when absent), its kernel spec, jupyter/nbconvert (pip).
# Output: notebooks/out/NN_name.ipynb (executed) and .html; fails if a cell errors or a display is missing.
# Usage: bash notebooks/run.sh [notebook.ipynb ...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

if ! command -v evcxr_jupyter >/dev/null 2>&1; then
    echo "== installing evcxr_jupyter (once; about 15-20 minutes on 2 cores)"
    cargo install --locked evcxr_jupyter
fi
if ! python3 -c "import nbconvert, nbclient, jupyter_client" >/dev/null 2>&1; then
    echo "== installing jupyter and nbconvert"
    python3 -m pip install --quiet jupyter nbconvert nbclient
fi
if ! python3 -m jupyter kernelspec list 2>/dev/null | grep -q "^ *rust "; then
    evcxr_jupyter --install
fi

# One persistent build directory for all notebooks: featrank and its dependencies compile once
# (the first notebook's first cell), later kernels reuse them.
export EVCXR_TMPDIR="${EVCXR_TMPDIR:-$here/../target/evcxr}"
mkdir -p "$EVCXR_TMPDIR" out

if [ $# -gt 0 ]; then notebooks=("$@"); else notebooks=([0-9][0-9]_*.ipynb); fi
status=0
for nb in "${notebooks[@]}"; do
    nb="$(basename "$nb")"
    start=$(date +%s)
    echo "== $nb"
    if python3 -m jupyter nbconvert --to notebook --execute --ExecutePreprocessor.kernel_name=rust \
        --ExecutePreprocessor.timeout=3600 --output-dir out "$nb"; then
        python3 -m jupyter nbconvert --to html --output-dir out "out/$nb" >/dev/null 2>&1 || true
        python3 check_outputs.py "out/$nb" || status=1
    else
        echo "FAILED: $nb (a cell raised an error; see above)"
        status=1
    fi
    echo "== $nb: $(( $(date +%s) - start )) s wall"
done
exit $status
