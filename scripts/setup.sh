#!/usr/bin/env bash
# Install what a fresh machine needs to build featrank: a Rust toolchain (via rustup) if cargo is absent.
# Sourced by scripts/main.sh and .ci/run.
if ! command -v cargo >/dev/null 2>&1; then
    if [ -x "$HOME/.cargo/bin/cargo" ]; then
        export PATH="$HOME/.cargo/bin:$PATH"
    else
        curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
        export PATH="$HOME/.cargo/bin:$PATH"
    fi
fi
