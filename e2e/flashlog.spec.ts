// The flashlog lab: the route and its panels, every bundled scenario run to its end with every
// invariant holding and its answers and trace hash equal to the CLI's, the recovery merge after a crash, the
// throughput-vs-devices chart, and the Append/Pack blocks with write amplification.
import { readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, api, openApp, readScenario, cliRun, repoRoot, type SimState, type InvariantReport } from "./fixtures";

const FILES = readdirSync(`${repoRoot}/scenarios/flashlog`).filter((name) => name.endsWith(".json"));

async function openScenario(page: Page, name: string): Promise<void> {
  await openApp(page, "#/lab/flashlog");
  await page.getByTestId("scenario-select").selectOption(name);
  await expect(page.getByTestId("scenario-select")).toHaveValue(name);
  await expect(page.getByTestId("flashlog-view")).toBeVisible();
}

test("there are bundled flashlog scenarios for both modes", () => {
  expect(FILES).toContain("crash-and-recovery.json");
  expect(FILES).toContain("append-pack-packing.json");
});

test("every bundled scenario runs to its end with every invariant holding and the CLI's answers", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/flashlog");
  for (const file of FILES) {
    await api(page, "load", readScenario(`flashlog/${file}`));
    const end = await api<SimState>(page, "runToEnd");
    const invariants = await api<InvariantReport[]>(page, "invariants");
    expect(invariants.length, file).toBeGreaterThan(0);
    for (const invariant of invariants) expect(invariant.ok, `${file}: ${invariant.name} ${invariant.detail}`).toBe(true);
    const cli = cliRun(`flashlog/${file}`);
    expect(await api<unknown[]>(page, "answers"), file).toEqual(cli.answers);
    expect(end.traceHash, file).toBe(cli.trace_hash);
    await expect(page.getByTestId("flashlog-view")).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test("the lanes, the durable prefix and the curve show while running; the merge after the crash", async ({ page, consoleErrors }) => {
  await openScenario(page, "crash-and-recovery");
  await api(page, "seek", 8);
  await expect(page.getByTestId("flashlog-lanes")).toBeVisible();
  await expect(page.getByTestId("flashlog-lane")).toHaveCount(3);
  await expect(page.getByTestId("flashlog-durable")).toBeAttached();
  await expect(page.getByTestId("flashlog-commits")).toBeVisible();
  await expect(page.getByTestId("flashlog-curve")).toBeVisible();
  await api<SimState>(page, "runToEnd");
  await expect(page.getByTestId("flashlog-merge")).toBeVisible();
  await expect(page.getByTestId("flashlog-recovered")).toContainText("Recovered 9 committed transactions");
  await expect(page.getByTestId("flashlog-phase")).toHaveText("recovered");
  expect(consoleErrors).toEqual([]);
});

test("the ideal disk's loss is shown, not an invariant failure", async ({ page, consoleErrors }) => {
  await openScenario(page, "ideal-disk-loses-commits");
  await api<SimState>(page, "runToEnd");
  await expect(page.getByTestId("flashlog-unsafe")).toBeVisible();
  await expect(page.getByTestId("flashlog-recovered")).toContainText("LOST");
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, invariant.name).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("Append/Pack shows the two logs, the free pool and write amplification", async ({ page, consoleErrors }) => {
  await openScenario(page, "append-pack-packing");
  await api(page, "seek", 300);
  for (const id of ["flashlog-ap", "flashlog-blocks-append", "flashlog-blocks-pack", "flashlog-blocks-free", "flashlog-wa", "flashlog-buffers"]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test("'crash now' cuts the power at the time shown, and recovery then finds every acknowledged commit", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/flashlog?scenario=flashlogging-vs-disk-vs-ideal&t=60");
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(60);
  await page.getByTestId("flashlog-crash-now").click();
  await expect(page.getByTestId("flashlog-crash-now")).toHaveText("Crash earlier, here", { timeout: 30_000 });
  const end = await api<SimState>(page, "runToEnd");
  expect(end.step).toBeGreaterThan(60);
  const metrics = await api<Record<string, number>>(page, "metrics");
  expect(metrics["acked_commits_lost"]).toBe(0);
  expect(metrics["recovered_commits"]).toBeGreaterThanOrEqual(metrics["commits_acked"] ?? Number.POSITIVE_INFINITY);
  const invariants = await api<InvariantReport[]>(page, "invariants");
  for (const invariant of invariants) expect(invariant.ok, `${invariant.name} ${invariant.detail}`).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("Append/Pack's pack buffer says dead for a copy re-written while packed, never a raw sentinel", async ({ page, consoleErrors }) => {
  await openScenario(page, "append-pack-packing");
  // 84 steps from step 224 on hold a dead copy in the pack buffer (core/tests/flashlog_lab.rs).
  await api(page, "seek", 230);
  const buffer = page.getByTestId("flashlog-pack-buffer");
  await expect(buffer).toContainText("dead");
  await expect(page.getByTestId("flashlog-buffers")).not.toContainText("4294967295");
  await expect(page.getByTestId("flashlog-buffers")).toContainText("re-written while its packed copy waited");
  await page.getByTestId("flashlog-buffers").screenshot({ path: "test-results/flashlog-pack-buffer.png" });
  expect(consoleErrors).toEqual([]);
});
