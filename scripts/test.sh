#!/usr/bin/env bash
# Every test, in the order that fails fastest: formatting, lints, Rust tests (unit, property,
# the conformance suite over every lab and scenario, golden trace hashes, CLI, reproductions),
# the largest legal scenarios in an optimised profile, TypeScript types, vitest, production
# build, Playwright.
# Run through `npm test`, which first runs scripts/setup.sh test.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$root/node_modules/.bin:$PATH"
stage() { printf '\n==> %s\n' "$*"; }
start=$SECONDS

stage "rustfmt";            cargo fmt --all --check
stage "clippy -D warnings"; cargo clippy --workspace --all-targets --quiet -- -D warnings
stage "core stays free of wasm dependencies"
if cargo tree -p flashlab-core -e normal --prefix none | grep -Eq '^(wasm-bindgen|js-sys|web-sys) '; then
  echo "flashlab-core must not depend on wasm-bindgen, js-sys or web-sys"; exit 1
fi
stage "cargo test";         cargo test --workspace --quiet 2>&1 | grep -Ev '^\s*$|^running 0 tests'
stage "largest legal scenario of every lab, and a soak of every lab: memory and time (bench-fast profile)"
cargo test --profile bench-fast -p flashlab-core --test work_bounds --test soak --quiet -- --ignored --nocapture 2>&1 | grep -Ev '^\s*$|^running 0 tests'
stage "cargo build (CLI for the browser-vs-native tests)"; cargo build -p flashlab-core --bin flashlab --quiet
stage "TypeScript";         tsc -p tsconfig.json
stage "vitest";             vitest run
stage "vite build";         vite build --config vite.config.ts --logLevel warn
stage "bundle sizes (gzip)"
js_gz=0; wasm_gz=0; wasm_max=0
for file in dist/assets/*.js dist/assets/*.wasm; do
  [ -f "$file" ] || continue
  gz="$(gzip -9c "$file" | wc -c)"
  printf '  %-50s %8d bytes, %8d gzipped\n' "$file" "$(wc -c <"$file")" "$gz"
  case "$file" in *.js) js_gz=$((js_gz + gz)) ;; *.wasm) wasm_gz=$((wasm_gz + gz)); [ "$gz" -gt "$wasm_max" ] && wasm_max=$gz ;; esac
done
# Budgets (issue "Budgets and hardening"), enforced: all JS <= 250 KB gzipped; each .wasm (one
# per lab group, loaded when a route needs it) <= 400 KB gzipped.
printf '  JavaScript %d bytes gzipped; .wasm largest %d, all groups %d bytes gzipped\n' "$js_gz" "$wasm_max" "$wasm_gz"
[ "$js_gz" -le $((250 * 1024)) ] || { echo "JavaScript is $js_gz bytes gzipped, over the 250 KB budget"; exit 1; }
[ "$wasm_max" -gt 0 ] || { echo "no .wasm in dist/assets"; exit 1; }
[ "$wasm_max" -le $((400 * 1024)) ] || { echo "a .wasm is $wasm_max bytes gzipped, over the 400 KB budget per module"; exit 1; }
stage "Playwright";         playwright test -c e2e/playwright.config.ts
stage "Firefox and WebKit: every lab's default scenario, a share link, the results page"; bash scripts/engines.sh
printf '\nall test stages passed in %ds\n' $((SECONDS - start))
