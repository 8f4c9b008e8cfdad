#!/usr/bin/env bash
# Prints the hash of every input of the core's builds: the Rust sources of core/ and wasm/, the
# Cargo manifests and lockfile, and wasm/groups.json. The wasm package (build-wasm.sh) and the
# shipped native results (build-results.sh) are stamped with it, and the page is built knowing
# it, so a result computed from other sources is never shown as this build's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
find core/src wasm/src -type f -name '*.rs' | sort | xargs cat Cargo.toml Cargo.lock core/Cargo.toml wasm/Cargo.toml wasm/groups.json | sha256sum | cut -d' ' -f1
