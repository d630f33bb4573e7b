#!/usr/bin/env bash
# featrank for Python as it ships: the sdist, the abi3 wheel built from that sdist (maturin picks the manylinux
# tag this machine's glibc allows and audits the wheel against it), both checked by `twine check --strict`, then
# the wheel installed with its test extras into a fresh target/py-venv by a pip that sees no cargo — what a user
# without Rust gets. Artifacts in target/dist/. Needs python3 (and, to build, the Rust toolchain).
#
#   bash python/dist.sh            the sdist, the wheel from it, twine (CI)
#   bash python/dist.sh --wheel    the wheel from ./python alone, built in target/ beside the CLI's release build,
#                                  whose compiled dependencies it reuses (scripts/main.sh: a user's first run)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
dist="$root/target/dist"
rm -rf "$dist" && mkdir -p "$dist"
wheel_only=0
case "${1:-}" in
    "") ;;
    --wheel) wheel_only=1 ;;
    *) echo "usage: bash python/dist.sh [--wheel]" >&2; exit 2 ;;
esac

echo "== the build tools (maturin, twine) in target/build-venv"
python3 -m venv target/build-venv
target/build-venv/bin/python -m pip install --quiet --upgrade pip
target/build-venv/bin/python -m pip install --quiet "maturin>=1.9,<2" twine

if [ "$wheel_only" -eq 1 ]; then
    echo "== the wheel from ./python (built in target/, reusing what is compiled there)"
    (cd python && CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" \
        "$root/target/build-venv/bin/maturin" build --release --locked --out "$dist")
else
    echo "== the sdist, then the wheel built from it"
    (cd python && "$root/target/build-venv/bin/maturin" sdist --out "$dist")
    sdist=$(ls "$dist"/featrank-*.tar.gz)
    unpacked="$dist/sdist-build"
    # Unpacked with today's times (-m): the sdist's files carry a fixed old time, which would let cargo take the
    # shared target folder's earlier build of featrank for an up-to-date one.
    mkdir -p "$unpacked" && tar xzmf "$sdist" -C "$unpacked"
    # The sdist holds the workspace's lock file, which also locks the R package's crates (r/src/rust, not in the
    # sdist): cargo prunes those entries offline, every package left is checked to be locked as in the repository,
    # and the build is --locked.
    (cd "$unpacked"/featrank-* && cargo metadata --offline --format-version 1 >/dev/null)
    python3 - "$unpacked"/featrank-*/Cargo.lock Cargo.lock <<'PRUNED'
import sys, tomllib
def packages(path):
    with open(path, "rb") as f:
        return {(p["name"], p["version"], p.get("checksum")) for p in tomllib.load(f)["package"]}
other = packages(sys.argv[1]) - packages(sys.argv[2])
if other:
    sys.exit(f"the sdist's lock file locks packages otherwise than the repository's: {sorted(other)[:5]}")
PRUNED
    # The wheel from the unpacked sdist proves the sdist builds. It builds in target/, beside the release build of
    # the tests and the CLI: the compiled dependencies are reused (the same lock file, profile and features), and
    # featrank and the module, a copy at another path, are compiled again.
    (cd "$unpacked"/featrank-* && CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" \
        "$root/target/build-venv/bin/maturin" build --release --locked --out "$dist")
    rm -rf "$unpacked"
    target/build-venv/bin/twine check --strict "$dist"/featrank-*.whl "$sdist"
fi
wheel=$(ls "$dist"/featrank-*.whl)

echo "== the wheel into a fresh target/py-venv, with no cargo on PATH"
rm -rf target/py-venv
python3 -m venv target/py-venv
no_rust_path=$(printf '%s' "$PATH" | tr ':' '\n' | while read -r dir; do
    [ -n "$dir" ] && [ ! -x "$dir/cargo" ] && printf '%s:' "$dir"
done)
env -u CARGO_HOME -u RUSTUP_HOME PATH="${no_rust_path%:}" bash -c '
    set -euo pipefail
    if command -v cargo >/dev/null 2>&1; then echo "cargo is still on PATH: $(command -v cargo)"; exit 1; fi
    target/py-venv/bin/python -m pip install --quiet --upgrade pip
    target/py-venv/bin/python -m pip install --quiet --only-binary featrank "$1[test,xai]"
' _ "$wheel"
echo "installed $(basename "$wheel") into target/py-venv"
