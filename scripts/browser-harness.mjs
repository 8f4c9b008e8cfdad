// What the browser scripts (bench-browser.mjs, soak-browser.mjs) share: a loopback static
// server for the production build, and headless Chromium resolved like e2e/playwright.config.ts
// ($CHROMIUM_BIN, a system Chromium, else Playwright's own).
import { chromium } from "@playwright/test";
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml" };

/** Serves `roots` (URL prefix → folder; "/" for the rest, with index.html at "/") on 127.0.0.1:port. */
export function serveFolders(port, roots) {
  const prefixes = Object.keys(roots).sort((a, b) => b.length - a.length);
  return createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0]));
    const prefix = prefixes.find((p) => path.startsWith(p)) ?? "/";
    const folder = roots[prefix];
    const rest = path.slice(prefix.length);
    const file = join(folder, rest === "" ? "index.html" : rest);
    if (!file.startsWith(folder)) { res.statusCode = 403; res.end(); return; }
    try {
      const body = readFileSync(file);
      res.setHeader("content-type", TYPES[extname(file)] ?? "application/octet-stream");
      res.end(body);
    } catch { res.statusCode = 404; res.end(); }
  }).listen(port, "127.0.0.1");
}

/** Headless Chromium with the flags the e2e suite uses (plus `extraArgs`). */
export function launchChromium(extraArgs = []) {
  const executablePath = [process.env.CHROMIUM_BIN, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .find((path) => typeof path === "string" && path !== "" && existsSync(path));
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", ...extraArgs],
  });
}
