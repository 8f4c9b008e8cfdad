#!/usr/bin/env bash
# Ships the paper-results table computed natively: public/results/native-claims.json, the output of
# `flashlab reproduce --json --lab <lab>` for every lab, computed by the release CLI of these very
# sources. The results page shows it at once, labelled with the core version and source hash it
# was computed from, and recomputes every claim in the browser beside it (web/src/results/run.ts).
# 1. The stamp is the source hash (scripts/source-hash.sh, the wasm package's too): when the file
#    holds the current hash, nothing runs (a warm `npm start`/`npm test` costs one sha256sum).
# 2. Otherwise: build the release CLI, run the labs' reproductions two at a time (about 40 s in
#    all on a 2-core machine), and write the file with the version and hash (atomically, so an
#    interrupted run leaves no half file). Exit status 1 of `reproduce` is a miss, not a failure.
# The file is generated, never checked in (.gitignore): it cannot go stale in the repository.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$root/node_modules/.bin:$PATH"
out="public/results/native-claims.json"
hash="$(bash scripts/source-hash.sh)"
if [ -f "$out" ] && [ "$(node -e 'try { console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).source_hash); } catch { console.log(""); }' "$out")" = "$hash" ]; then
  exit 0
fi
echo "[build-results] computing the paper claims natively (release CLI, about 40 s once per source change)"
cargo build --release -p flashlab-core --bin flashlab --quiet
version="$(awk -F'"' '/^\[workspace.package\]/ {p = 1} p && /^version *=/ {print $2; exit}' Cargo.toml)"
[ -n "$version" ] || { echo "[build-results] cannot read the workspace version from Cargo.toml"; exit 1; }
labs="$(node -e 'const g = JSON.parse(require("fs").readFileSync("wasm/groups.json", "utf8")); console.log(Object.values(g).flat().join("\n"));')"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS
# shellcheck disable=SC2016
printf '%s\n' $labs | xargs -P 2 -I{} sh -c '"$1" reproduce --json --lab "$2" > "$3/$2.json"; rc=$?; [ "$rc" -le 1 ] || { echo "[build-results] flashlab reproduce --lab $2 failed ($rc)" >&2; exit 255; }' _ target/release/flashlab {} "$tmp"
mkdir -p "$(dirname "$out")"
node -e '
const fs = require("fs");
const [dir, version, hash, out, ...labs] = process.argv.slice(1);
const shipped = { core_version: version, source_hash: hash, command: "flashlab reproduce --json --lab <lab> (release build)", labs: {} };
for (const lab of labs) shipped.labs[lab] = JSON.parse(fs.readFileSync(`${dir}/${lab}.json`, "utf8")).claims;
fs.writeFileSync(`${out}.tmp`, JSON.stringify(shipped));
fs.renameSync(`${out}.tmp`, out);
' "$tmp" "$version" "$hash" "$out" $labs
echo "[build-results] wrote $out for flashlab $version (sources ${hash:0:12}) in $((SECONDS - start)) s"
