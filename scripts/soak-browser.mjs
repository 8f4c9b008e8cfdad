// Browser soak: one tab of the production build left playing for N minutes (default 10), going
// through every lab's default scenario in turn at normal speed (each restarted from step 0 when
// it ends), with the JS heap measured after a forced garbage collection at the start and at the
// end, and the resident memory of the renderer processes (page, workers, wasm memory) beside it.
// Memory is bounded if the end figures are close to the start figures.
//   npm run build && node scripts/soak-browser.mjs [--minutes 10]
// Prints one JSON line per lab visit and a summary; exits 1 if the heap grew by more than 50 %
// and 20 MB, or if a page error was seen.
import { fileURLToPath } from "node:url";
import { launchChromium, serveFolders } from "./browser-harness.mjs";
import { execSync } from "node:child_process";

const minutesIndex = process.argv.indexOf("--minutes");
const minutes = minutesIndex > 0 ? Number(process.argv[minutesIndex + 1]) : 10;
const dist = fileURLToPath(new URL("../dist", import.meta.url));
const port = Number(process.env.FLASHLAB_SOAK_PORT ?? 4398);
const server = serveFolders(port, { "/": dist });
// A marker on the browser process's command line, to find its renderers among other Chromiums.
const marker = `--flashlab-soak=${process.pid}`;
const browser = await launchChromium([marker]);
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
const cdp = await page.context().newCDPSession(page);
await cdp.send("HeapProfiler.enable");
async function heapMb() {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize / 1048576;
}

/** Resident memory of this browser's renderer processes (the page, its workers and their wasm
 * memory): descendants of the launched browser only, not other Chromium instances. */
function rendererRssMb() {
  try {
    const rows = execSync("ps -eo pid=,ppid=,rss=,args=", { encoding: "utf8" }).split("\n").map((l) => l.trim().split(/\s+/));
    const rootPid = Number(rows.find((r) => r.slice(3).includes(marker) && !r.slice(3).join(" ").includes("--type="))?.[0] ?? -1);
    const parent = new Map(rows.map((r) => [Number(r[0]), Number(r[1])]));
    const underBrowser = (pid) => {
      for (let p = pid, hops = 0; p > 1 && hops < 20; p = parent.get(p) ?? 0, hops++) if (p === rootPid) return true;
      return false;
    };
    return rows
      .filter((r) => r.slice(3).join(" ").includes("--type=renderer") && underBrowser(Number(r[0])))
      .reduce((sum, r) => sum + Number(r[2] ?? 0), 0) / 1024;
  } catch {
    return NaN;
  }
}

const base = `http://127.0.0.1:${port}/`;
await page.goto(`${base}#/`);
await page.waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: 60_000 });
const labs = [...new Set((await page.$$eval("a[href*='#/lab/']", (as) => as.map((a) => a.getAttribute("href") ?? "")))
  .map((h) => /#\/lab\/([a-z]+)/.exec(h)?.[1]).filter((n) => n !== undefined))];
const perLabMs = (minutes * 60_000) / labs.length;
let startHeap = null;
let startRss = NaN;
const began = Date.now();
for (const lab of labs) {
  await page.evaluate((hash) => { window.location.hash = hash; }, `#/lab/${lab}`);
  await page.waitForFunction((l) => window.location.hash.includes(l) && document.body.dataset.ready === "true", lab, { timeout: 60_000 });
  await page.waitForTimeout(1500);
  if (startHeap === null) { startHeap = await heapMb(); startRss = rendererRssMb(); }
  const labEnd = Date.now() + perLabMs;
  let restarts = 0;
  while (Date.now() < labEnd) {
    const state = await page.evaluate(() => window.__flashlab?.state());
    if (state && state.done) {
      await page.evaluate(() => window.__flashlab?.seek(0));
      restarts += 1;
    }
    const play = page.getByTestId("play").first();
    if ((await play.getAttribute("aria-pressed")) !== "true") {
      await play.click().catch(() => {});
    }
    await page.waitForTimeout(2000);
  }
  const state = await page.evaluate(() => window.__flashlab?.state());
  console.log(JSON.stringify({ lab, restarts, step: state?.step ?? null, heap_mb: Number((await heapMb()).toFixed(1)), renderer_rss_mb: Math.round(rendererRssMb()) }));
}
const endHeap = await heapMb();
const endRss = rendererRssMb();
const grew = endHeap - startHeap;
const ok = errors.length === 0 && !(grew > 20 && endHeap > startHeap * 1.5);
console.log(JSON.stringify({ minutes: (Date.now() - began) / 60_000, start_heap_mb: Number(startHeap.toFixed(1)), end_heap_mb: Number(endHeap.toFixed(1)), start_renderer_rss_mb: Math.round(startRss), end_renderer_rss_mb: Math.round(endRss), page_errors: errors, ok }));
await browser.close();
server.close();
process.exit(ok ? 0 : 1);
