#!/usr/bin/env bash
# Execute the Python notebooks headless under ipykernel, in the Python that runs this script's jupyter
# ($PYTHON, default python3: the environment featrank is installed in), and check their outputs (no error,
# every cell that ends in an expression shows a table or a figure). Output: python/notebooks/out/.
# Usage: bash python/notebooks/run.sh [notebook.ipynb ...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
python="${PYTHON:-python3}"
# A kernel spec inside that environment, so the notebooks run in it whatever else is installed; nbconvert is
# run as a module of that Python (`jupyter nbconvert` would find another installation's jupyter-nbconvert on
# PATH, which does not see this kernel spec). The kernel talks to nbconvert over local sockets (IPC transport, files
# removed when it exits) rather than TCP ports on localhost, which ipykernel warns about as unencrypted traffic.
"$python" -m ipykernel install --sys-prefix --name featrank-python --display-name "Python (featrank)" >/dev/null
mkdir -p out
if [ $# -gt 0 ]; then notebooks=("$@"); else notebooks=([0-9][0-9]_*.ipynb); fi
status=0
for nb in "${notebooks[@]}"; do
    nb="$(basename "$nb")"
    start=$(date +%s)
    echo "== $nb"
    if "$python" -m nbconvert --to notebook --execute --ExecutePreprocessor.kernel_name=featrank-python \
        --KernelManager.transport=ipc \
        --ExecutePreprocessor.timeout=1800 --output-dir out "$nb"; then
        "$python" ../../notebooks/check_outputs.py "out/$nb" || status=1
    else
        echo "FAILED: $nb (a cell raised an error; see above)"
        status=1
    fi
    echo "== $nb: $(( $(date +%s) - start )) s wall"
done
exit $status
