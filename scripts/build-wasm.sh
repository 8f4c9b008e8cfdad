#!/usr/bin/env bash
# Builds web/wasm-pkg/<group>/ with wasm-pack, one .wasm per lab group of wasm/groups.json, when
# the Rust sources changed since the last build. A route loads only its group's .wasm (the issue
# "Budgets and hardening": ≤ 400 KB gzipped); each group is the same core built with only its
# labs' cargo features, so behaviour and trace hashes are those of the all-labs build.
# The stamp is a hash of every input, so a warm run costs one `sha256sum`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$root/node_modules/.bin:$PATH"
out="web/wasm-pkg"
stamp="$out/.inputs.sha256"
inputs="$(bash scripts/source-hash.sh)"
# "<group> <cargo features>" per line, from wasm/groups.json.
groups="$(node -e 'const g = JSON.parse(require("fs").readFileSync("wasm/groups.json", "utf8")); for (const [name, labs] of Object.entries(g)) console.log(name + " " + labs.map((l) => "lab-" + l).join(","));')"
complete=1
while read -r group _; do
  [ -f "$out/$group/flashlab_wasm_bg.wasm" ] || complete=0
done <<<"$groups"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ] && [ "$complete" = 1 ]; then
  exit 0
fi
rm -rf "$out"
while read -r group features; do
  echo "[build-wasm] building the wasm package of group $group ($features, release)"
  wasm-pack build wasm --target web --mode no-install --release --out-dir "../$out/$group" \
    --out-name flashlab_wasm --no-pack -- --no-default-features --features "$features"
  rm -f "$out/$group/.gitignore"
  ls -l "$out/$group/flashlab_wasm_bg.wasm" | awk '{printf "[build-wasm] %s: %d bytes\n", $9, $5}'
done <<<"$groups"
echo "$inputs" > "$stamp"
