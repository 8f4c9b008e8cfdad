// The browser half of `npm run bench`, in headless Chromium (the same browser resolution as
// e2e/playwright.config.ts: $CHROMIUM_BIN, a system Chromium, else Playwright's own):
//   1. core cases: every `flashlab bench` case run by the browser build (web/wasm-pkg/<group>/),
//      each called twice and the second call timed, as natively (first call reported beside it);
//   2. load: time from navigation to `window.__flashlab` ready on the production build (dist/),
//      median of 5 fresh contexts;
//   3. frame rate: each lab's default scenario playing at normal speed for 4 s, counted with
//      requestAnimationFrame: average fps and 95th-percentile frame time (and FD+tree's
//      concurrent-clients scenario, its busiest view);
//   4. seek: a one-million-step HDD run, then jumps to 20 random steps (seeded), each timed;
//   5. ready per lab: navigation to `#/lab/<lab>` until the lab's default run is ready
//      (`body[data-ready=true]`), median and min–max of 5 fresh contexts per lab, labs alternated;
//   6. the paper-results page (#/results) as a new user meets it: the first full table (the
//      shipped native claims shown) and the full recomputation in the browser's workers (every
//      claim and figure), from navigation; $FLASHLAB_BENCH_RESULTS_RUNS runs (default 1).
// Writes JSON to the path given as the first argument; prints progress to stderr.
//   node scripts/bench-browser.mjs target/bench/browser.json [--quick]
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { launchChromium, serveFolders } from "./browser-harness.mjs";

const out = process.argv[2] ?? "target/bench/browser.json";
const quick = process.argv.includes("--quick");
const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const pkg = join(root, "web/wasm-pkg");
const port = Number(process.env.FLASHLAB_BENCH_PORT ?? 4399);
const log = (text) => process.stderr.write(`[bench-browser] ${text}\n`);

const server = serveFolders(port, { "/pkg/": pkg, "/": dist });
const browser = await launchChromium();
const base = `http://127.0.0.1:${port}/`;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length === 0 ? NaN : s[Math.floor((s.length - 1) / 2)]; };
const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]; };

async function freshPage() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

// 1. Core cases in the browser build: each lab group's module runs its own labs' cases.
async function coreCases() {
  const { context, page } = await freshPage();
  const groups = Object.keys(JSON.parse(readFileSync(join(root, "wasm/groups.json"), "utf8")));
  await page.goto(`${base}pkg/${groups[0]}/flashlab_wasm.js`); // any page of this origin
  const rows = [];
  for (const group of groups) {
    rows.push(...await page.evaluate(async ({ group, scale }) => {
      const m = await import(`/pkg/${group}/flashlab_wasm.js`);
      await m.default(`/pkg/${group}/flashlab_wasm_bg.wasm`);
      const rows = [];
      for (const c of JSON.parse(m.benchCases())) {
        const size = Math.max(1, Math.round(c.defaultSize * scale));
        // Twice, the second call timed (as `flashlab bench` does): a fresh instance's first call
        // also grows its memory and runs code V8 has not yet optimised.
        const t0 = performance.now();
        const firstUnits = m.benchRun(c.name, size);
        const firstSeconds = Math.max((performance.now() - t0) / 1000, 1e-9);
        const t = performance.now();
        const units = m.benchRun(c.name, size);
        const seconds = Math.max((performance.now() - t) / 1000, 1e-9);
        rows.push({ name: c.name, unit: c.unit, units, seconds, per_second: units / seconds, group,
          first_seconds: firstSeconds, first_per_second: firstUnits / firstSeconds });
      }
      return rows;
    }, { group, scale: quick ? 0.05 : 1 }));
  }
  await context.close();
  return rows;
}

// 2. Load time on the production build.
async function loadTimes() {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const { context, page } = await freshPage();
    await page.goto(`${base}#/`);
    await page.waitForFunction(() => document.body.dataset.ready === "true" && window.__flashlab !== undefined, null, { polling: "raf", timeout: 30_000 });
    times.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  return { median_ms: median(times), samples_ms: times };
}

async function labNames() {
  const { context, page } = await freshPage();
  await page.goto(`${base}#/`);
  await page.waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: 30_000 });
  const hrefs = await page.$$eval("a[href*='#/lab/']", (links) => links.map((a) => a.getAttribute("href") ?? ""));
  await context.close();
  const names = hrefs.map((h) => /#\/lab\/([a-z]+)/.exec(h)?.[1]).filter((n) => n !== undefined);
  return [...new Set(names)];
}

// 3. Frame rate while a lab's default scenario plays.
async function frameRate(lab, scenario = null) {
  const { context, page } = await freshPage();
  await page.goto(`${base}#/lab/${lab}${scenario ? `?scenario=${scenario}` : ""}`);
  await page.waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: 30_000 });
  await page.getByTestId("play").first().click();
  const result = await page.evaluate(async (ms) => {
    const frames = [];
    const start = performance.now();
    let last = start;
    await new Promise((resolve) => {
      const tick = (now) => {
        frames.push(now - last);
        last = now;
        if (now - start < ms) requestAnimationFrame(tick); else resolve();
      };
      requestAnimationFrame(tick);
    });
    return { frames: frames.slice(1), seconds: (last - start) / 1000 };
  }, quick ? 1000 : 4000);
  const state = await page.evaluate(() => window.__flashlab?.state());
  await context.close();
  return {
    lab: scenario ? `${lab} (${scenario})` : lab,
    average_fps: result.frames.length / result.seconds,
    p95_frame_ms: percentile(result.frames, 0.95),
    max_frame_ms: Math.max(...result.frames),
    steps_played: state?.step ?? null,
  };
}

// 4. Seek latency in a one-million-step run.
async function seekLatency() {
  const requests = quick ? 50_000 : 1_000_000;
  const scenario = {
    version: 1, lab: "hdd", title: "Seek benchmark: one million random reads", seed: 7,
    device: { preset: "barracuda-7200-200gb" }, params: { scheduler: "fcfs", queue_depth: 1 },
    workload: { kind: "random", requests, request_bytes: 4096 },
  };
  const { context, page } = await freshPage();
  await page.goto(`${base}#/lab/hdd`);
  await page.waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: 30_000 });
  const result = await page.evaluate(async ({ scenario }) => {
    const api = window.__flashlab;
    await api.load(scenario);
    const t0 = performance.now();
    const end = await api.runToEnd();
    const runMs = performance.now() - t0;
    // A fixed xorshift so every run jumps to the same steps.
    let x = 0x9e3779b9;
    const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
    const seeks = [];
    for (let i = 0; i < 20; i++) {
      const target = next() % end.step;
      const t = performance.now();
      const s = await api.seek(target);
      seeks.push(performance.now() - t);
      if (s.step !== target) throw new Error(`seek(${target}) landed on ${s.step}`);
    }
    return { steps: end.step, run_to_end_ms: runMs, seeks_ms: seeks };
  }, { scenario });
  await context.close();
  return { ...result, median_ms: median(result.seeks_ms), max_ms: Math.max(...result.seeks_ms) };
}

// 5. Ready time per lab: rounds over the labs, so a burst of load on this shared machine is spread
//    over every lab instead of landing on one.
async function readyTimes(labs, rounds) {
  const samples = Object.fromEntries(labs.map((lab) => [lab, []]));
  for (let round = 0; round < rounds; round++) {
    for (const lab of labs) {
      const { context, page } = await freshPage();
      await page.goto(`${base}#/lab/${lab}`);
      await page.waitForFunction(() => document.body.dataset.ready === "true", null, { polling: "raf", timeout: 30_000 });
      samples[lab].push(await page.evaluate(() => performance.now()));
      await context.close();
    }
  }
  return labs.map((lab) => ({ lab, median_ms: median(samples[lab]), min_ms: Math.min(...samples[lab]), max_ms: Math.max(...samples[lab]), samples_ms: samples[lab] }));
}

// 6. The paper-results page: the attributes web/src/pages/ResultsPage sets (as
//    scripts/measure-results.mjs reads them), polled every 100 ms.
async function resultsPage(runs) {
  const rows = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await freshPage();
    const began = Date.now();
    await page.goto(`${base}#/results`);
    const attrs = () => page.evaluate(() => {
      const e = document.querySelector('[data-testid="results-page"]');
      return { table: e?.getAttribute("data-table-complete"), complete: e?.getAttribute("data-complete"), figures: e?.getAttribute("data-figures-complete") };
    });
    let table = NaN;
    let full = NaN;
    let last = await attrs();
    for (; Date.now() - began < 900_000; await page.waitForTimeout(100)) {
      last = await attrs();
      if (Number.isNaN(table) && (last.table === "true" || last.complete === "true")) table = Date.now() - began;
      if (last.complete === "true" && last.figures === "true") {
        full = Date.now() - began;
        break;
      }
    }
    const differ = await page.getByTestId("results-check").getAttribute("data-differ").catch(() => null);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    rows.push({ first_table_ms: table, full_recomputation_ms: full, differ: differ === null ? null : Number(differ), hardware_concurrency: cores });
    await context.close();
  }
  return rows;
}

try {
  log("core cases in the browser build");
  const cases = await coreCases();
  log("load time (production build)");
  const load = await loadTimes();
  const labs = await labNames();
  const fps = [];
  for (const lab of labs) {
    log(`frame rate: ${lab}`);
    fps.push(await frameRate(lab));
  }
  // FD+FC's concurrent clients racing a merge (issue 28): the lab's busiest drawing.
  log("frame rate: fdtree, concurrent clients");
  fps.push(await frameRate("fdtree", "wavefront-concurrent-clients"));
  log("seek latency");
  const seek = await seekLatency();
  log("ready time per lab");
  const ready = await readyTimes(labs, quick ? 1 : 5);
  log("paper-results page");
  const results = await resultsPage(Number(process.env.FLASHLAB_BENCH_RESULTS_RUNS ?? 1));
  writeFileSync(out, JSON.stringify({ cases, load, fps, seek, ready, results }, null, 2));
  log(`wrote ${out}`);
} finally {
  await browser.close();
  server.close();
}
