// Where a lab's ready time goes: for each lab, a fresh context opens `#/lab/<lab>` on a production
// build and we print, in ms since navigation, the page's resource fetches (JS, CSS, wasm), the
// worker's marks (wasm ready, load start/ran/done, aligned by timeOrigin) and `data-ready`.
//   node scripts/ready-breakdown.mjs DIST_FOLDER [lab ...]
import { launchChromium, serveFolders } from "./browser-harness.mjs";

const [folder, ...rest] = process.argv.slice(2);
const LABS = rest.length > 0 ? rest : ["hdd", "ssd", "nand", "masm", "fdtree", "ipa", "layouts", "flashlog"];
const server = serveFolders(4470, { "/": folder });
const browser = await launchChromium();
try {
  for (const lab of LABS) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:4470/#/lab/${lab}`);
    await page.waitForFunction(() => document.body.dataset.ready === "true", null, { polling: "raf", timeout: 60_000 });
    const main = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      ready: performance.now(),
      nav: performance.getEntriesByType("navigation").map((e) => ({ dcl: e.domContentLoadedEventEnd, load: e.loadEventEnd }))[0],
      res: performance.getEntriesByType("resource").map((e) => ({ name: e.name.split("/").pop(), start: e.startTime, end: e.responseEnd, size: e.transferSize })),
      marks: performance.getEntriesByType("mark").map((e) => ({ name: e.name, t: e.startTime })),
    }));
    const lines = [];
    for (const r of main.res) lines.push([r.end, `fetched ${r.name} (${r.start.toFixed(0)}→)`]);
    for (const m of main.marks) lines.push([m.t, `main mark ${m.name}`]);
    for (const w of page.workers()) {
      const wk = await w.evaluate(() => ({
        origin: performance.timeOrigin,
        marks: performance.getEntriesByType("mark").map((e) => ({ name: e.name, t: e.startTime })),
        res: performance.getEntriesByType("resource").map((e) => ({ name: e.name.split("/").pop(), start: e.startTime, end: e.responseEnd })),
      }));
      const shift = wk.origin - main.origin;
      lines.push([shift, `worker started ${w.url().split("/").pop()}`]);
      for (const m of wk.marks) lines.push([m.t + shift, `worker mark ${m.name}`]);
      for (const r of wk.res) lines.push([r.end + shift, `worker fetched ${r.name} (${(r.start + shift).toFixed(0)}→)`]);
    }
    lines.push([main.nav.dcl, "DOMContentLoaded"]);
    lines.push([main.ready, "data-ready seen"]);
    lines.sort((a, b) => a[0] - b[0]);
    console.log(`== ${lab}`);
    for (const [t, s] of lines) console.log(`${t.toFixed(0).padStart(6)} ms  ${s}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
