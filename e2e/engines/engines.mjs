// Every engine students use (issue 33, item 5): the smoke subset of the determinism spec in
// Firefox and WebKit, the two engines Playwright's Chromium run does not cover.
//
// 1. Browsers come from Debian's packages (scripts/setup.sh installs them): Firefox ESR, driven
//    over WebDriver BiDi (its built-in remote agent, a WebSocket), and WebKitGTK's MiniBrowser,
//    driven by WebKitWebDriver over classic WebDriver (HTTP), under Xvfb (scripts/engines.sh).
//    Neither needs a driver library: each protocol is a few JSON messages (`drivers.mjs`).
// 2. For every lab (a folder of scenarios/), its default scenario (the `defaultScenario` of
//    web/src/labs/<lab>/index.ts, else the first file) is opened by URL, run to the end through
//    `window.__flashlab`, and its trace hash and step count must equal the native CLI's
//    (target/debug/flashlab run), with every invariant holding.
// 3. A share link made in the engine reopens the same run (same trace hash).
// 4. The paper-results page shows the shipped claims table.
//
// Usage: node --experimental-websocket e2e/engines/engines.mjs BASE_URL [firefox|webkit ...]
// Exit 1 on the first engine with a failure, after printing every failure.

import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firefox, webkit } from "./drivers.mjs";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const [base, ...asked] = process.argv.slice(2);
if (!base) {
  console.error("usage: engines.mjs BASE_URL [firefox|webkit ...]");
  process.exit(2);
}
const ENGINES = { firefox, webkit };
const engines = asked.length > 0 ? asked : Object.keys(ENGINES);

/** Step 2: each lab and the scenario it opens with. */
function labs() {
  const dir = join(repo, "scenarios");
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((lab) => readdirSync(join(dir, lab)).some((f) => f.endsWith(".json")))
    .sort()
    .map((lab) => {
      const files = readdirSync(join(dir, lab))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.slice(0, -5))
        .sort();
      const index = join(repo, "web", "src", "labs", lab, "index.ts");
      const named = existsSync(index) ? readFileSync(index, "utf8").match(/defaultScenario:\s*"([^"]+)"/)?.[1] : undefined;
      return { lab, scenario: named && files.includes(named) ? named : files[0] };
    });
}

function native(lab, scenario) {
  const bin = join(repo, "target", "debug", "flashlab");
  const run = spawnSync(bin, ["run", join(repo, "scenarios", lab, `${scenario}.json`)], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`native run of ${lab}/${scenario} failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** In-page: wait until the app says it is ready (the lab loaded its wasm and scenario). */
const READY = `await new Promise((resolve, reject) => {
  const t0 = Date.now();
  const poll = () => document.body.dataset.ready === "true" && window.__flashlab ? resolve(true)
    : Date.now() - t0 > 90000 ? reject(new Error("not ready after 90 s")) : setTimeout(poll, 100);
  poll();
});`;

const RUN = `${READY}
const api = window.__flashlab;
const state = await api.runToEnd();
const invariants = await api.invariants();
return { state, invariants };`;

async function checkEngine(name) {
  const failures = [];
  const fail = (what) => {
    failures.push(what);
    console.log(`  ✗ ${what}`);
  };
  const browser = await ENGINES[name]();
  try {
    console.log(`${name} ${browser.version}`);
    for (const { lab, scenario } of labs()) {
      const want = native(lab, scenario);
      await browser.open(`${base}/#/lab/${lab}?scenario=${scenario}`);
      const got = await browser.evaluate(RUN);
      const broken = got.invariants.filter((i) => !i.ok).map((i) => i.name);
      if (got.state.lab !== lab) fail(`${lab}/${scenario}: the page ran lab ${got.state.lab}`);
      else if (got.state.traceHash !== want.trace_hash) fail(`${lab}/${scenario}: trace hash ${got.state.traceHash}, native ${want.trace_hash}`);
      else if (got.state.step !== want.steps) fail(`${lab}/${scenario}: ${got.state.step} steps, native ${want.steps}`);
      else if (got.invariants.length === 0 || broken.length > 0) fail(`${lab}/${scenario}: invariants failing: ${broken.join(", ") || "none checked"}`);
      else console.log(`  ✓ ${lab}/${scenario}: ${want.steps} steps, trace hash ${want.trace_hash}`);
    }
    // Step 3: a share link made here reopens the same run.
    await browser.open(`${base}/#/lab/ssd`);
    const made = await browser.evaluate(`${READY}
      await window.__flashlab.step(40);
      return { url: await window.__flashlab.shareUrl(), state: await window.__flashlab.state() };`);
    await browser.open(made.url);
    const reopened = await browser.evaluate(`${READY} return await window.__flashlab.state();`);
    if (reopened.traceHash !== made.state.traceHash || reopened.step !== made.state.step) {
      fail(`share link: reopened at step ${reopened.step} hash ${reopened.traceHash}, made at ${made.state.step} ${made.state.traceHash}`);
    } else console.log(`  ✓ share link reopens step ${made.state.step} with the same trace hash`);
    // Step 4: the results page shows the shipped table.
    await browser.open(`${base}/#/results`);
    const rows = await browser.evaluate(`await new Promise((resolve) => {
      const t0 = Date.now();
      const poll = () => { const n = document.querySelectorAll('[data-testid="claim-row"]').length;
        n > 0 || Date.now() - t0 > 30000 ? resolve(n) : setTimeout(poll, 200); };
      poll();
    }); return document.querySelectorAll('[data-testid="claim-row"]').length;`);
    if (rows > 0) console.log(`  ✓ results page shows ${rows} claims`);
    else fail("results page: no claim row after 30 s");
  } finally {
    await browser.close();
  }
  return failures;
}

let failed = 0;
for (const name of engines) {
  if (!ENGINES[name]) {
    console.error(`unknown engine ${name}`);
    process.exit(2);
  }
  try {
    failed += (await checkEngine(name)).length;
  } catch (e) {
    console.log(`  ✗ ${name}: ${e instanceof Error ? e.message : String(e)}`);
    failed += 1;
  }
}
process.exit(failed > 0 ? 1 : 0);
