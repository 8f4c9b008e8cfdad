#!/usr/bin/env bash
# Firefox and WebKit (issue 33, item 5): every lab's default scenario gives the native trace
# hash, a share link reopens its run, the results page shows its table (e2e/engines/engines.mjs).
#   bash scripts/engines.sh [firefox|webkit ...]
# Needs a built dist/ (vite build), the debug CLI (target/debug/flashlab) and Debian's
# firefox-esr, webkit2gtk-driver and xvfb (scripts/setup.sh test installs them as root with apt).
# FLASHLAB_SKIP_ENGINES=1 skips this stage on a machine without them, and says so.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$root/node_modules/.bin:$PATH"

if [ "${FLASHLAB_SKIP_ENGINES:-}" = "1" ]; then
  echo "SKIPPED on request (FLASHLAB_SKIP_ENGINES=1): Firefox and WebKit are not tested"
  exit 0
fi
for tool in firefox-esr WebKitWebDriver xvfb-run; do
  command -v "$tool" >/dev/null || {
    echo "$tool is missing: apt-get install firefox-esr webkit2gtk-driver xvfb (or FLASHLAB_SKIP_ENGINES=1)"
    exit 1
  }
done

port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
vite preview --config vite.config.ts --host 127.0.0.1 --port "$port" --strictPort >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
node -e 'const u=process.argv[1];(async()=>{for(let i=0;i<150;i++){try{if((await fetch(u)).ok)return}catch{}await new Promise(r=>setTimeout(r,200))}process.exit(1)})()' "http://127.0.0.1:$port/" || { echo "vite preview did not start on port $port"; exit 1; }
xvfb-run -a node --experimental-websocket e2e/engines/engines.mjs "http://127.0.0.1:$port" "$@"
