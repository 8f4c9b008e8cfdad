// The FD+tree lab: the route and its panels, every bundled scenario's invariants holding to the
// end (and every broken-* one, which drops a protocol rule on purpose, failing one), the
// wavefront and both old and new level rows mid-merge, fence links, the lookup path highlighted,
// the compare view's three schemes and two baselines on one timeline, and screenshots (test-results/screenshots/,
// and docs/screenshots/ with UPDATE_SCREENSHOTS=1).
import { mkdirSync, readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, api, openApp, readScenario, repoRoot, type SimState, type InvariantReport } from "./fixtures";

const FILES = readdirSync(`${repoRoot}/scenarios/fdtree`).filter((name) => name.endsWith(".json"));
/** Scenarios that drop a rule of the latch protocol on purpose (`params.drop_rule`, named broken-*). */
const BROKEN = FILES.filter((f) => doc(f).params?.drop_rule != null);
const HOLDING = FILES.filter((f) => !BROKEN.includes(f));
/** The invariants a dropped protocol rule breaks. */
const PROTOCOL_INVARIANTS = ["answers equal the map", "no read of a reclaimed block"];
const PANELS = ["fd-levels", "fd-merge", "fd-l0", "fd-ops", "fd-rp", "fd-space"];

interface ScenarioDoc {
  params?: { compare?: boolean; drop_rule?: string };
}

function doc(file: string): ScenarioDoc {
  return JSON.parse(readScenario(`fdtree/${file}`)) as ScenarioDoc;
}

async function openScenario(page: Page, file: string): Promise<void> {
  await openApp(page, "#/lab/fdtree");
  const name = file.replace(/\.json$/, "");
  await page.getByTestId("scenario-select").selectOption(name);
  await expect(page.getByTestId("scenario-select")).toHaveValue(name);
  await expect(page.getByTestId("fd-view")).toBeVisible();
}

async function seekAndSettle(page: Page, step: number): Promise<void> {
  await api(page, "seek", step);
  await expect(page.getByTestId("step-display")).toContainText(step.toLocaleString("en-US"));
}

test("the FD+tree route opens with every panel and no console error", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/fdtree");
  await expect(page.getByTestId("lab-title")).toHaveText("FD+tree");
  await expect(page.getByTestId("scenario-select")).toHaveValue("merge-block-by-block");
  for (const id of PANELS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId("fdtree-sources")).toBeVisible();
  expect((await api<SimState>(page, "state")).lab).toBe("fdtree");
  await page.getByTestId("step-forward").click();
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText("2");
  expect(consoleErrors).toEqual([]);
});

test("every invariant holds to the end of every bundled FD+tree scenario", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/fdtree");
  for (const file of HOLDING) {
    await api(page, "load", readScenario(`fdtree/${file}`));
    await api<SimState>(page, "runToEnd");
    const invariants = await api<InvariantReport[]>(page, "invariants");
    expect(invariants.length, file).toBeGreaterThan(0);
    for (const invariant of invariants) {
      expect(invariant.ok, `${file}: ${invariant.name} ${invariant.detail}`).toBe(true);
      expect(invariant.checks, `${file}: ${invariant.name}`).toBeGreaterThan(0);
    }
    await expect(page.getByTestId("fd-levels")).toBeVisible();
    await expect(page.getByTestId("fd-answers-check")).toContainText("✓");
  }
  expect(consoleErrors).toEqual([]);
});

test("every broken-* FD+tree scenario (a protocol rule dropped) fails a protocol invariant", async ({ page, consoleErrors }) => {
  expect(BROKEN.length).toBe(4);
  for (const file of BROKEN) expect(file.startsWith("broken-"), file).toBe(true);
  await openApp(page, "#/lab/fdtree");
  for (const file of BROKEN) {
    await api(page, "load", readScenario(`fdtree/${file}`));
    await api<SimState>(page, "runToEnd");
    const invariants = await api<InvariantReport[]>(page, "invariants");
    const failed = invariants.filter((i) => !i.ok).map((i) => i.name);
    // A wrong answer or a read of a reclaimed block (no retention also breaks the tree's C4).
    expect(failed.filter((name) => PROTOCOL_INVARIANTS.includes(name)), `${file}: ${failed.join(", ")}`).not.toEqual([]);
    await expect(page.getByTestId("fd-answers-check")).toContainText("✗");
  }
  expect(consoleErrors).toEqual([]);
});

/** Steps forward from `from` until `ready` holds (at most `limit` steps); returns the step. */
async function stepUntil(page: Page, from: number, limit: number, ready: () => Promise<boolean>): Promise<number> {
  let step = from;
  await seekAndSettle(page, step);
  while (!(await ready()) && step < from + limit) {
    await page.getByTestId("step-forward").click();
    step += 1;
    await expect(page.getByTestId("step-display")).toContainText(step.toLocaleString("en-US"));
  }
  return step;
}

const outDir = `${repoRoot}/test-results/screenshots`;
const docsDir = `${repoRoot}/docs/screenshots`;

async function save(page: Page, name: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: `${outDir}/${name}.png` });
  if (process.env.UPDATE_SCREENSHOTS === "1") {
    mkdirSync(docsDir, { recursive: true });
    await page.screenshot({ path: `${docsDir}/${name}.png` });
  }
}

test("mid-merge the wavefront crosses an old and a new row, and a lookup's path is outlined", async ({ page, consoleErrors }) => {
  await openScenario(page, "wavefront-concurrent-clients.json");
  const midMerge = async (): Promise<boolean> =>
    (await page.getByTestId("fd-wavefront").count()) > 0 &&
    (await page.locator("[data-testid=fd-level][data-role=old]").count()) > 0 &&
    (await page.locator("[data-testid=fd-level][data-role=new]").count()) > 0 &&
    (await page.locator("[data-testid=fd-block][data-on-path=true]").count()) > 0;
  const step = await stepUntil(page, 40, 200, midMerge);
  expect(await midMerge(), `no mid-merge lookup by step ${step}`).toBe(true);
  await expect(page.getByTestId("fd-op-row").first()).toBeVisible();
  // Fences are drawn as links to the level below.
  expect(Number(await page.getByTestId("fd-fence-links").getAttribute("data-count"))).toBeGreaterThan(0);
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, `${invariant.name} ${invariant.detail}`).toBe(true);
  await save(page, "fdtree-lab");
  expect(consoleErrors).toEqual([]);
});

test("the compare view shows FD+XM, FD+DS, FD+FC and the FD-tree and B+tree baselines on one timeline", async ({ page, consoleErrors }) => {
  const bundled = FILES.find((f) => doc(f).params?.compare === true) ?? "why-worst-case-latency.json";
  await openScenario(page, bundled);
  await api(page, "runToEnd");
  await expect(page.getByTestId("fd-tab-compare")).toBeEnabled();
  await page.getByTestId("fd-tab-compare").click();
  await expect(page.getByTestId("fd-compare")).toBeVisible();
  const rows = page.getByTestId("fd-compare-row");
  await expect(rows).toHaveCount(5);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-scheme")))).toEqual(["xm", "ds", "fc", "li", "btree"]);
  await expect(page.getByTestId("fd-space-line")).toHaveCount(5);
  const scatters = page.locator("[data-testid=fd-compare-scatter] svg");
  await expect(scatters).toHaveCount(5);
  // Every scheme completed the same requests.
  const points = await scatters.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-points"))));
  expect(new Set(points).size).toBe(1);
  expect(points[0]).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await save(page, "fdtree-compare");
  await page.getByTestId("fd-tab-lab").click();
  await expect(page.getByTestId("fd-levels")).toBeVisible();
  // The untimed preload's merges are counted apart from the timed run's.
  await expect(page.getByTestId("fd-merges-preload")).toContainText("merges");
  expect(consoleErrors).toEqual([]);
});

test("a bad FD+tree scenario file gets a message naming the field", async ({ page }) => {
  await openApp(page, "#/lab/fdtree");
  const bad = JSON.stringify({ version: 1, lab: "fdtree", title: "bad", seed: 1, workload: { ops: [{ op: "range", from: 9, to: 3 }] } });
  await page.getByTestId("file-input").setInputFiles({ name: "bad-fdtree.json", mimeType: "application/json", buffer: Buffer.from(bad) });
  await expect(page.getByTestId("load-error")).toContainText("workload.ops[0].to");
  expect((await api<SimState>(page, "state")).lab).toBe("fdtree");
});

test("the event log says old side, answered and the op's kind in words, and the L0 row says what it counts", async ({ page, consoleErrors }) => {
  await openScenario(page, "merge-block-by-block.json");
  // Step 215: a merge has just begun on an L0 that held 13 entries (9 data, 4 fences), above
  // the write limit of 10.
  await seekAndSettle(page, 215);
  const slots = page.getByTestId("fd-l0");
  await expect(slots).toContainText("L0 old + new data / write limit");
  await expect(page.getByTestId("fd-l0-slots")).toHaveText("13 / 10");
  await expect(slots).not.toContainText("writer slots");
  await expect(slots).toContainText("L0 old holds 13 entries");
  const log = page.getByTestId("event-log");
  await expect(log).not.toContainText(/\(0 no merge|outcome \d|kind \d:/);
  await expect(log).toContainText(/answer \((answered|inserted|deleted)/);
  await save(page, "fdtree-l0-over-limit");
  expect(consoleErrors).toEqual([]);
});
