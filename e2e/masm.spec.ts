// The MaSM lab: the route and its panels, every bundled scenario's answers against the CLI with
// every invariant holding, the view staying consistent under step and seek, the toolbar as
// scenario edits, the compare view's four schemes, a bad scenario's field-level message, and
// screenshots (test-results/screenshots/, and docs/screenshots/ with UPDATE_SCREENSHOTS=1).
import { mkdirSync, readdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { test, expect, api, openApp, readScenario, repoRoot, type SimState, type InvariantReport } from "./fixtures";

const FILES = readdirSync(`${repoRoot}/scenarios/masm`).filter((name) => name.endsWith(".json"));
const PANELS = ["masm-controls", "masm-buffer", "masm-keyspace", "masm-memory", "masm-ssd-fill", "masm-log", "masm-timeline", "masm-writes", "masm-writes-chart"];

interface ScenarioDoc {
  params?: { compare?: boolean; key_space?: number };
  workload?: { ops?: unknown[]; generator?: unknown };
}

function doc(file: string): ScenarioDoc {
  return JSON.parse(readScenario(`masm/${file}`)) as ScenarioDoc;
}

/** A bundled scenario of explicit ops (the toolbar's scan, migrate and crash need one). */
const OPS_FILE = FILES.find((f) => Array.isArray(doc(f).workload?.ops)) ?? FILES[0] ?? "";

async function totalSteps(page: Page): Promise<number> {
  const state = await api<SimState>(page, "state");
  return state.totalSteps ?? state.step;
}

async function openScenario(page: Page, file: string): Promise<void> {
  await openApp(page, "#/lab/masm");
  const name = file.replace(/\.json$/, "");
  await page.getByTestId("scenario-select").selectOption(name);
  await expect(page.getByTestId("scenario-select")).toHaveValue(name);
  await expect(page.getByTestId("masm-view")).toBeVisible();
}

/** What the view shows at this step, as text: it must depend only on the step. */
async function viewText(page: Page): Promise<string[]> {
  const parts: Locator[] = [
    page.getByTestId("masm-buffer-status"),
    page.getByTestId("masm-memory"),
    page.getByTestId("masm-ssd-fill"),
    page.getByTestId("masm-log"),
    page.getByTestId("masm-counters"),
    page.getByTestId("masm-writes"),
    page.getByTestId("step-display"),
  ];
  const texts = await Promise.all(parts.map((l) => l.innerText()));
  const runs = await page.getByTestId("masm-run").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-run")}:${e.getAttribute("data-pass")}:${e.getAttribute("data-frozen")}`).join(","));
  return [...texts, runs];
}

async function seekAndSettle(page: Page, step: number): Promise<void> {
  await api(page, "seek", step);
  await expect(page.getByTestId("step-display")).toContainText(step.toLocaleString("en-US"));
}

test("there are bundled MaSM scenarios, one of them with explicit ops", () => {
  expect(FILES.length).toBeGreaterThan(0);
  expect(FILES).toContain("life-of-an-update.json");
  expect(Array.isArray(doc(OPS_FILE).workload?.ops)).toBe(true);
});

test("the MaSM route opens with every panel and no console error", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/masm");
  await expect(page.getByTestId("lab-title")).toHaveText("MaSM");
  await expect(page.getByTestId("scenario-select")).toHaveValue("life-of-an-update");
  for (const id of PANELS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId("masm-sources")).toBeVisible();
  expect((await api<SimState>(page, "state")).lab).toBe("masm");
  await page.getByTestId("step-forward").click();
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText("2");
  expect(consoleErrors).toEqual([]);
});

test("every invariant is checked in every bundled scenario, and the MaSM view draws its end", async ({ page, consoleErrors }) => {
  // The CLI comparison of every file is in determinism.spec.ts; this is MaSM's own check.
  await openApp(page, "#/lab/masm");
  for (const file of FILES) {
    await api(page, "load", readScenario(`masm/${file}`));
    await api<SimState>(page, "runToEnd");
    const invariants = await api<InvariantReport[]>(page, "invariants");
    expect(invariants.length, file).toBeGreaterThan(0);
    for (const invariant of invariants) {
      expect(invariant.ok, `${file}: ${invariant.name} ${invariant.detail}`).toBe(true);
      expect(invariant.checks, `${file}: ${invariant.name}`).toBeGreaterThan(0);
    }
    // The view drew the end state (the generic fallback would have no buffer panel).
    await expect(page.getByTestId("masm-buffer")).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test("stepping and seeking back and forth shows the same view at the same step", async ({ page, consoleErrors }) => {
  await openScenario(page, "life-of-an-update.json");
  const total = await totalSteps(page);
  const a = Math.floor(total * 0.45);
  const b = Math.floor(total * 0.8);
  await seekAndSettle(page, a);
  const atA = await viewText(page);
  await seekAndSettle(page, b);
  const atB = await viewText(page);
  expect(atB).not.toEqual(atA);
  await seekAndSettle(page, 3);
  await seekAndSettle(page, a);
  expect(await viewText(page)).toEqual(atA);
  // One step forward from a − 1 lands on the same view as seeking to a.
  await seekAndSettle(page, a - 1);
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText(a.toLocaleString("en-US"));
  expect(await viewText(page)).toEqual(atA);
  await seekAndSettle(page, b);
  expect(await viewText(page)).toEqual(atB);
  expect(consoleErrors).toEqual([]);
});

test("the toolbar adds updates, a scan, a migration and a crash as scenario edits", async ({ page, consoleErrors }) => {
  await openScenario(page, OPS_FILE);
  const before = await totalSteps(page);
  const answersBefore = (await api<unknown[]>(page, "runToEnd").then(() => api<unknown[]>(page, "answers"))).length;

  await page.getByTestId("masm-update-count").selectOption("8");
  await page.getByTestId("masm-add-updates").click();
  await expect.poll(() => totalSteps(page)).toBeGreaterThan(before);
  await expect(page.locator(".scenario-title")).toContainText("edited in the lab");

  const keySpace = doc(OPS_FILE).params?.key_space ?? 64;
  await page.getByTestId("masm-scan-from").fill("2");
  await page.getByTestId("masm-scan-to").fill(String(Math.min(keySpace - 1, 17)));
  const afterUpdates = await totalSteps(page);
  await page.getByTestId("masm-add-scan").click();
  await expect.poll(() => totalSteps(page)).toBeGreaterThan(afterUpdates);
  await api(page, "runToEnd");
  const answers = await api<{ kind: string; rows: [number, number][] | null }[]>(page, "answers");
  expect(answers.length).toBe(answersBefore + 1);
  const last = answers[answers.length - 1];
  expect(last?.kind).toBe("scan");
  // The merged output is in key order and inside the range.
  const keys = (last?.rows ?? []).map((r) => r[0]);
  expect(keys).toEqual([...keys].sort((x, y) => x - y));
  for (const k of keys) expect(k >= 2 && k <= 17).toBe(true);

  for (const id of ["masm-migrate", "masm-crash"]) {
    const steps = await totalSteps(page);
    await page.getByTestId(id).click();
    await expect.poll(() => totalSteps(page)).toBeGreaterThan(steps);
  }
  const end = await api<SimState>(page, "runToEnd");
  const metrics = await api<Record<string, number>>(page, "metrics");
  expect(Object.keys(metrics).length).toBeGreaterThan(0);
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, `${invariant.name} ${invariant.detail}`).toBe(true);

  // The edit is an ordinary scenario: its share link replays to the same trace.
  const link = await api<string>(page, "shareUrl");
  await api(page, "load", link);
  const replayed = await api<SimState>(page, "runToEnd");
  expect(replayed.traceHash).toBe(end.traceHash);
  expect(consoleErrors).toEqual([]);
});

test("the compare view shows MaSM, in-place, IU and LSM with their answer checks", async ({ page, consoleErrors }) => {
  const bundled = FILES.find((f) => doc(f).params?.compare === true);
  await openScenario(page, bundled ?? "life-of-an-update.json");
  await expect(page.getByTestId("masm-tab-compare")).toBeVisible();
  if (!bundled) {
    await expect(page.getByTestId("masm-tab-compare")).toBeDisabled();
    await page.getByTestId("masm-compare-toggle").click();
    await expect(page.getByTestId("masm-compare-toggle")).toBeChecked();
    await expect(page.getByTestId("masm-tab-compare")).toBeEnabled();
  }
  await api(page, "runToEnd");
  await page.getByTestId("masm-tab-compare").click();
  await expect(page.getByTestId("masm-compare")).toBeVisible();
  const rows = page.getByTestId("masm-compare-row");
  await expect(rows).toHaveCount(4);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-scheme")))).toEqual(["masm", "in_place", "iu", "lsm"]);
  for (const row of await rows.all()) {
    await expect(row).toHaveAttribute("data-match", "true");
    await expect(row).toContainText("✓ match");
  }
  const lines = page.getByTestId("masm-compare-line");
  await expect(lines).toHaveCount(4);
  // Every scheme ran the same scans.
  const points = await lines.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-points"))));
  expect(new Set(points).size).toBe(1);
  expect(points[0]).toBeGreaterThan(0);
  await page.getByTestId("masm-tab-lab").click();
  await expect(page.getByTestId("masm-keyspace")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("ticking compare reloads the scenario with the baselines and enables the compare tab", async ({ page, consoleErrors }) => {
  await openScenario(page, "life-of-an-update.json");
  await expect(page.getByTestId("masm-tab-compare")).toBeDisabled();
  // The box is controlled by the loaded scenario: it turns on once the reload is done, so click
  // and wait for it rather than `check()`, which demands an immediate change.
  await page.getByTestId("masm-compare-toggle").click();
  await expect(page.getByTestId("masm-compare-toggle")).toBeChecked();
  await expect(page.getByTestId("masm-tab-compare")).toBeEnabled();
  await api(page, "runToEnd");
  await page.getByTestId("masm-tab-compare").click();
  await expect(page.getByTestId("masm-compare-row")).toHaveCount(4);
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, `${invariant.name} ${invariant.detail}`).toBe(true);
  // Unticking drops the baselines: back to the lab tab.
  await page.getByTestId("masm-compare-toggle").click();
  await expect(page.getByTestId("masm-compare-toggle")).not.toBeChecked();
  await expect(page.getByTestId("masm-tab-compare")).toBeDisabled();
  await expect(page.getByTestId("masm-view")).toHaveAttribute("data-tab", "lab");
  expect(consoleErrors).toEqual([]);
});

test("a bad MaSM scenario file gets a message naming the field, and the lab keeps working", async ({ page }) => {
  await openApp(page, "#/lab/masm");
  const good = doc(OPS_FILE) as Record<string, unknown> & ScenarioDoc;
  const keySpace = good.params?.key_space ?? 64;
  const bad = JSON.stringify({ ...good, workload: { ops: [{ op: "delete", key: keySpace + 6 }] } });
  await page.getByTestId("file-input").setInputFiles({ name: "bad-masm.json", mimeType: "application/json", buffer: Buffer.from(bad) });
  await expect(page.getByTestId("load-error")).toContainText("workload.ops[0].key");
  await api(page, "seek", 0);
  await page.getByTestId("step-forward").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1);
  expect((await api<SimState>(page, "state")).lab).toBe("masm");
});

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

test("MaSM lab screenshot mid-run: runs on the SSD and a range scan under way", async ({ page, consoleErrors }) => {
  await openScenario(page, "life-of-an-update.json");
  const total = await totalSteps(page);
  // The first step past 60 % of the run where a scan is running (its band and cursors drawn).
  let step = Math.floor(total * 0.6);
  await seekAndSettle(page, step);
  const scanning = async (): Promise<boolean> => (await page.locator("[data-testid=masm-scan][data-state=running]").count()) > 0;
  while (!(await scanning()) && step < total) {
    await page.getByTestId("step-forward").click();
    step += 1;
    await expect(page.getByTestId("step-display")).toContainText(step.toLocaleString("en-US"));
  }
  expect(await scanning()).toBe(true);
  expect(await page.getByTestId("masm-run").count()).toBeGreaterThan(2);
  await page.waitForTimeout(600); // let the chips' transition settle
  await save(page, "masm-lab");
  expect(consoleErrors).toEqual([]);
});

test("MaSM compare screenshot: four schemes on shared axes", async ({ page, consoleErrors }) => {
  const bundled = FILES.find((f) => doc(f).params?.compare === true);
  await openScenario(page, bundled ?? "life-of-an-update.json");
  if (!bundled) {
    await page.getByTestId("masm-compare-toggle").click();
    await expect(page.getByTestId("masm-compare-toggle")).toBeChecked();
    await expect(page.getByTestId("masm-tab-compare")).toBeEnabled();
  }
  await api(page, "runToEnd");
  await page.getByTestId("masm-tab-compare").click();
  await expect(page.getByTestId("masm-compare-row")).toHaveCount(4);
  await page.waitForTimeout(300);
  await save(page, "masm-compare");
  expect(consoleErrors).toEqual([]);
});
