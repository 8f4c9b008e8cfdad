// Runs the core's benchmark cases in headless Chromium, loading web/wasm-pkg (the browser build)
// from a throwaway loopback server, and prints them like `flashlab bench`. Uses the same browser
// resolution as e2e/playwright.config.ts: $CHROMIUM_BIN, a system Chromium, else Playwright's own.
import { chromium } from "@playwright/test";
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../web/wasm-pkg/", import.meta.url));
const executablePath = [process.env.CHROMIUM_BIN, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
  .find((path) => typeof path === "string" && path !== "" && existsSync(path));
const server = createServer((req, res) => {
  const name = req.url === "/" ? "index.html" : req.url.slice(1);
  if (name === "index.html") { res.setHeader("content-type", "text/html"); res.end("<!doctype html><p>bench</p>"); return; }
  try {
    const body = readFileSync(dir + name);
    res.setHeader("content-type", name.endsWith(".wasm") ? "application/wasm" : "text/javascript");
    res.end(body);
  } catch { res.statusCode = 404; res.end(); }
}).listen(4399, "127.0.0.1");
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const page = await browser.newPage();
await page.goto("http://127.0.0.1:4399/");
const results = await page.evaluate(async () => {
  const m = await import("/flashlab_wasm.js");
  await m.default();
  const out = [];
  for (const c of JSON.parse(m.benchCases())) {
    const t = performance.now(); const units = m.benchRun(c.name, c.defaultSize); const s = (performance.now() - t) / 1000;
    out.push(`${c.name.padEnd(40)} ${String(Math.round(units / s)).padStart(14)} ${c.unit}/s  (${units} in ${s.toFixed(3)} s, Chromium)`);
  }
  return out;
});
console.log(results.join("\n"));
await browser.close(); server.close();
