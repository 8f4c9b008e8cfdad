#!/usr/bin/env bash
# Throughput benchmarks, native then wasm, in one run: wall clock on shared machines is noisy, so
# compare the ratio within one run rather than absolute numbers across runs.
#   npm run bench [-- --scale X]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$PATH"
echo "native (flashlab bench, bench-fast profile):"
cargo run --quiet --profile bench-fast -p flashlab-core --bin flashlab -- bench "$@"
echo
echo "wasm (web/wasm-pkg, the browser build, in Node's V8):"
node scripts/bench-wasm.mjs "$@"
echo
echo "browser (the same wasm package in headless Chromium):"
node scripts/bench-browser.mjs
