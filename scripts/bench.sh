#!/usr/bin/env bash
# Throughput benchmarks (wall clock; compare ratios within one run on shared machines).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
cargo run --quiet --profile bench-fast -p flashlab-core --bin flashlab -- bench "$@"
