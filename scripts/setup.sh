#!/usr/bin/env bash
# Installs whatever is missing, and nothing else: idempotent, and a few seconds when warm.
#   bash scripts/setup.sh [start|test|bench]
# 1. Rust's wasm32 target (rustup).
# 2. wasm-bindgen-cli at exactly the version Cargo.lock pins for the wasm-bindgen crate
#    (installed without --locked: its lockfile wants a crate version the registry lacks).
# 3. wasm-pack 0.15.1 (run with --mode no-install so it never downloads anything itself).
# 4. npm packages (npm ci) when package-lock.json changed; never a browser download.
# 5. test and bench modes (both drive a browser): a Chromium for Playwright. As root with apt: Debian's chromium.
#    Otherwise: a system Chromium/Chrome if present, else Playwright's own (needs internet).
#    Test mode also: Debian's firefox-esr, webkit2gtk-driver and xvfb (as root with apt).
# 6. The wasm package (web/wasm-pkg), rebuilt only when Rust sources changed.
# 7. The paper claims computed natively (public/results/native-claims.json, the results page's
#    first table): recomputed by the release CLI only when Rust sources changed (about 40 s).
# Never installs Debian's binaryen: its wasm-opt breaks wasm-bindgen 0.2.130 output;
# wasm-opt comes from the npm package binaryen instead.
set -euo pipefail
mode="${1:-start}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export PATH="$HOME/.cargo/bin:$root/node_modules/.bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
say() { printf '[setup] %s\n' "$*"; }

command -v cargo >/dev/null || { say "Rust is missing: install it from https://rustup.rs and re-run."; exit 1; }
command -v node >/dev/null || { say "Node.js >= 20.19 is missing: install it and re-run."; exit 1; }

# 1. wasm32 target.
if command -v rustup >/dev/null; then
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
fi

# 2. wasm-bindgen-cli matching Cargo.lock.
bindgen_version="$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)"
if [ -z "$bindgen_version" ]; then say "cannot read the wasm-bindgen version from Cargo.lock"; exit 1; fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (about 3 minutes, once)"
  cargo install wasm-bindgen-cli --version "$bindgen_version" --force
fi

# 3. wasm-pack.
if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "0.15.1" ]; then
  say "installing wasm-pack 0.15.1 (about 2 minutes, once)"
  cargo install wasm-pack --version 0.15.1 --force
fi

# 4. npm packages, when the lockfile is newer than the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages"
  npm ci --no-audit --no-fund
  touch node_modules/.package-lock.json
fi

# 5. A browser for the end-to-end tests and the browser bench.
if [ "$mode" = "test" ] || [ "$mode" = "bench" ]; then
  if [ -n "${CHROMIUM_BIN:-}" ] && [ -x "${CHROMIUM_BIN}" ]; then
    :
  elif command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null; then
    :
  elif [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    say "installing Debian's Chromium (about a minute, once)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    say "no system Chromium: using Playwright's own browser"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD= npx playwright install chromium
  fi
fi

# 5b. Test mode: the other engines students use, from Debian's packages (Firefox ESR; WebKitGTK's
#     MiniBrowser with its WebDriver; Xvfb for it), driven by e2e/engines (scripts/engines.sh).
if [ "$mode" = "test" ] && ! { command -v firefox-esr && command -v WebKitWebDriver && command -v xvfb-run; } >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    say "installing Debian's Firefox ESR, WebKitGTK driver and Xvfb (about two minutes, once)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb >/dev/null
  else
    say "Firefox ESR / WebKitWebDriver / Xvfb missing and no apt as root: install firefox-esr, webkit2gtk-driver and xvfb, or set FLASHLAB_SKIP_ENGINES=1"
  fi
fi

# 6. The wasm package.
bash scripts/build-wasm.sh

# 7. The natively computed paper claims the results page ships.
bash scripts/build-results.sh
