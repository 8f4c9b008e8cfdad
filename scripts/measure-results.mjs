// Measures the paper-results page as a new user meets it: a fresh browser context opens
// #/results, and we time (from navigation) the first full table (every lab's claims shown) and
// the full recomputation (every claim and figure computed in the browser). Several servers are
// measured alternately, run by run, so they share the machine's load.
//   node scripts/measure-results.mjs [--runs N] NAME=URL [NAME=URL ...]
// e.g. two `vite preview` servers, one of main's dist and one of this branch's.
// "First full table": data-table-complete="true" (the shipped native table) or, on a build
// without one, data-complete="true" (every claim computed in the browser). "Full recomputation":
// data-complete and data-figures-complete both "true".
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const targets = args.filter((a, i) => a.includes("=") && i !== runsAt + 1).map((a) => a.split(/=(.*)/s).slice(0, 2));
const executablePath = [process.env.CHROMIUM_BIN, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => p && existsSync(p));
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ["--headless", "--no-sandbox", "--disable-gpu"] });
/** Polls the page's attributes every 250 ms until `done` holds of them (10 minutes at most). */
async function until(page, done) {
  for (const began = Date.now(); Date.now() - began < 600_000; await page.waitForTimeout(250)) {
    const a = await page.evaluate(() => {
      const e = document.querySelector('[data-testid="results-page"]');
      return { table: e?.getAttribute("data-table-complete"), complete: e?.getAttribute("data-complete"), figures: e?.getAttribute("data-figures-complete") };
    });
    if (done(a)) return;
  }
  throw new Error("the results page did not finish within 10 minutes");
}
const times = Object.fromEntries(targets.map(([name]) => [name, { table: [], full: [] }]));
for (let run = 0; run < runs; run++) {
  for (const [name, url] of targets) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(600_000);
    page.on("pageerror", (error) => console.log(`  ${name}: page error: ${error.message}`));
    const began = Date.now();
    await page.goto(new URL("#/results", url).href);
    await until(page, (a) => a.table === "true" || a.complete === "true");
    const table = Date.now() - began;
    await until(page, (a) => a.complete === "true" && a.figures === "true");
    const full = Date.now() - began;
    const differ = await page.getByTestId("results-check").getAttribute("data-differ").catch(() => null);
    if (differ !== null) console.log(`  recomputed claims that differ from the shipped ones: ${differ}`);
    times[name].table.push(table);
    times[name].full.push(full);
    console.log(`run ${run + 1} ${name}: first full table ${(table / 1000).toFixed(2)} s, full recomputation ${(full / 1000).toFixed(2)} s`);
    await context.close();
  }
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (xs) => `${(median(xs) / 1000).toFixed(2)} s (${(Math.min(...xs) / 1000).toFixed(2)}–${(Math.max(...xs) / 1000).toFixed(2)})`;
for (const [name, t] of Object.entries(times)) {
  console.log(`${name}: first full table ${line(t.table)}; full recomputation ${line(t.full)}; median of ${runs} (min–max)`);
}
