#!/usr/bin/env bash
# The main job: set up what is missing, build featrank, and describe every bundled dataset with the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --locked
for name in $(./target/release/featrank datasets); do
    echo "== $name"
    ./target/release/featrank info "$name"
done
