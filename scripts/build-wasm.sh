#!/usr/bin/env bash
# Builds web/wasm-pkg with wasm-pack when the Rust sources changed since the last build.
# The stamp is a hash of every input, so a warm run costs one `sha256sum`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$root/node_modules/.bin:$PATH"
out="web/wasm-pkg"
stamp="$out/.inputs.sha256"
inputs="$(find core/src wasm/src -type f -name '*.rs' | sort | xargs cat Cargo.toml Cargo.lock core/Cargo.toml wasm/Cargo.toml | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ] && [ -f "$out/flashlab_wasm_bg.wasm" ]; then
  exit 0
fi
echo "[build-wasm] building the wasm package (release)"
wasm-pack build wasm --target web --mode no-install --release --out-dir "../$out" --out-name flashlab_wasm --no-pack
echo "$inputs" > "$stamp"
ls -l "$out"/flashlab_wasm_bg.wasm | awk '{printf "[build-wasm] %s: %d bytes\n", $9, $5}'
