// The main thread's JavaScript until a lab is ready, by function: a V8 CPU profile (100 µs
// sampling) of one fresh load of `#/lab/<lab>` on a production build (with source maps, e.g.
// `vite build --sourcemap`), self time summed per source file and per function.
//   node scripts/profile-ready.mjs DIST_FOLDER [lab]
import { launchChromium, serveFolders } from "./browser-harness.mjs";

const [folder, lab = "fdtree"] = process.argv.slice(2);
const server = serveFolders(4483, { "/": folder });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(`http://127.0.0.1:4483/#/lab/${lab}`);
  await page.waitForFunction(() => document.body.dataset.ready === "true", null, { polling: "raf", timeout: 60_000 });
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i + 1] ?? 0)));
  const perFn = new Map();
  const perFile = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    const f = n.callFrame;
    const file = f.url.split("/").pop() || "(native)";
    const key = `${f.functionName || "(anon)"} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    perFn.set(key, (perFn.get(key) ?? 0) + us);
    perFile.set(file, (perFile.get(file) ?? 0) + us);
  }
  const show = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).forEach(([name, us]) => console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`));
  console.log("== per file"); show(perFile, 10);
  console.log("== per function"); show(perFn, 40);
  await context.close();
} finally {
  await browser.close();
  server.close();
}
