#!/usr/bin/env bash
# `npm run bench`: one table of every measured budget, native and browser figures from the same
# run (wall clock on shared machines is noisy: compare ratios within one run, not across runs).
#   npm run bench [-- --quick]     (--quick: tiny sizes, to check the pipeline works)
# 1. native: `flashlab bench --json` in the release profile (every lab's cases + work checks), the
#    profile the browser build's wasm is compiled with (fat LTO, one codegen unit), so the
#    wasm/native ratios compare like with like; bench-fast (thin LTO) stays for the test stages;
#    then `flashlab reproduce --json` (every lab's claims, one process) timed, the reference for
#    the results page's in-browser recomputation (skipped with --quick);
# 2. the production build (vite build), then scripts/bench-browser.mjs in headless Chromium:
#    the same cases in the browser build, load time, frame rate per lab, seek latency;
# 3. scripts/bench-report.mjs prints the table against the budgets and writes
#    target/bench/results.json.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$root/node_modules/.bin:$PATH"
quick=()
scale=()
for arg in "$@"; do
  case "$arg" in
    --quick) quick=(--quick); scale=(--scale 0.05) ;;
    *) echo "bench: unknown argument $arg (expected --quick)"; exit 2 ;;
  esac
done
mkdir -p target/bench
echo "[bench] native cases (release profile)" >&2
cargo run --quiet --release -p flashlab-core --bin flashlab -- bench --json "${scale[@]}" > target/bench/native.json || {
  echo "[bench] a work check failed: see target/bench/native.json" >&2; }
if [ ${#quick[@]} -eq 0 ]; then
  echo "[bench] native reproduce (every claim, one process)" >&2
  cargo build --quiet --release -p flashlab-core --bin flashlab
  t0=$(date +%s%N)
  rc=0
  target/release/flashlab reproduce --json > target/bench/reproduce-claims.json || rc=$?
  t1=$(date +%s%N)
  [ "$rc" -le 1 ] || { echo "[bench] flashlab reproduce failed ($rc)" >&2; exit 1; }
  echo "{\"ms\": $(( (t1 - t0) / 1000000 ))}" > target/bench/reproduce.json
else
  echo '{"ms": null}' > target/bench/reproduce.json
fi
echo "[bench] production build" >&2
vite build --config vite.config.ts --logLevel warn
node scripts/bench-browser.mjs target/bench/browser.json "${quick[@]}"
node scripts/bench-report.mjs target/bench/native.json target/bench/browser.json target/bench/results.json target/bench/reproduce.json
