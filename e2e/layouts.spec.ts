// The layouts lab (row vs column): the route and its panels, every bundled scenario run to its end
// with every invariant holding and its answers equal to the CLI's, the crossover chart with a
// crossover on the disk and none on flash, PAX as its third curve, and the view depending only on
// the step.
import { readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, api, cliRun, openApp, readScenario, repoRoot, type InvariantReport, type SimState } from "./fixtures";

const FILES = readdirSync(`${repoRoot}/scenarios/layouts`).filter((name) => name.endsWith(".json"));
const PANELS = ["layouts-controls", "layouts-crossover", "layouts-device", "layouts-streams", "layouts-breakdown", "layouts-seeks"];

async function openScenario(page: Page, name: string): Promise<void> {
  await openApp(page, "#/lab/layouts");
  await page.getByTestId("scenario-select").selectOption(name);
  await expect(page.getByTestId("scenario-select")).toHaveValue(name);
  await expect(page.getByTestId("layouts-view")).toBeVisible();
}

test("the layouts route opens with every panel and no console error", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/layouts");
  await expect(page.getByTestId("lab-title")).toHaveText("Row vs column");
  await expect(page.getByTestId("scenario-select")).toHaveValue("crossover-disk");
  for (const id of PANELS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId("layouts-sim-crossover")).toBeVisible();
  await expect(page.getByTestId("layouts-paper-marker")).toBeVisible();
  expect((await api<SimState>(page, "state")).lab).toBe("layouts");
  await page.getByTestId("step-forward").click();
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText("2");
  await expect(page.getByTestId("layouts-head")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("RAID-0 draws each member disk's head, the two within two stripe units of each other", async ({ page, consoleErrors }) => {
  await openScenario(page, "crossover-raid0");
  await api(page, "seek", 40);
  const heads = page.getByTestId("layouts-head");
  await expect(heads).toHaveCount(2);
  const offsets = (await heads.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-head-offset"))))) as number[];
  // Every request is split over both disks, so their heads end within two 64 KiB units of each other.
  expect(Math.abs(offsets[0]! - offsets[1]!)).toBeLessThanOrEqual(2 * 65536);
  await expect(page.getByTestId("layouts-device")).toContainText("both disks' heads");
  expect(consoleErrors).toEqual([]);
});

test("flash shows its channels and no crossover", async ({ page, consoleErrors }) => {
  await openScenario(page, "no-crossover-flash");
  await expect(page.getByTestId("layouts-no-crossover")).toBeVisible();
  await expect(page.getByTestId("layouts-channels")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("PAX is the chart's third curve, simulated only, with the reason it has no model curve", async ({ page, consoleErrors }) => {
  await openScenario(page, "pax-on-flash");
  await expect(page.getByTestId("layouts-pax-curve")).toBeVisible();
  await expect(page.getByTestId("layouts-pax-key")).toContainText("no PAX term");
  expect(consoleErrors).toEqual([]);
});

test("every bundled scenario holds every invariant and answers like the CLI", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/layouts");
  for (const file of FILES) {
    await api(page, "load", readScenario(`layouts/${file}`));
    await api<SimState>(page, "runToEnd");
    const invariants = await api<InvariantReport[]>(page, "invariants");
    expect(invariants.length, file).toBeGreaterThan(0);
    for (const invariant of invariants) {
      expect(invariant.ok, `${file}: ${invariant.name} ${invariant.detail}`).toBe(true);
    }
    expect(await api<unknown[]>(page, "answers"), file).toEqual(cliRun(`layouts/${file}`).answers);
    await expect(page.getByTestId("layouts-device")).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test("the view depends only on the step", async ({ page, consoleErrors }) => {
  await openScenario(page, "crossover-disk");
  const state = await api<SimState>(page, "state");
  const total = state.totalSteps ?? state.step;
  const a = Math.floor(total / 2);
  const text = async (): Promise<string[]> => Promise.all(["layouts-seeks", "layouts-streams", "step-display"].map((id) => page.getByTestId(id).innerText()));
  await api(page, "seek", a);
  await expect(page.getByTestId("step-display")).toContainText(a.toLocaleString("en-US"));
  const atA = await text();
  await api(page, "seek", total);
  await api(page, "seek", a);
  await expect(page.getByTestId("step-display")).toContainText(a.toLocaleString("en-US"));
  expect(await text()).toEqual(atA);
  expect(consoleErrors).toEqual([]);
});

test("a knob is a scenario edit: moving the scan to flash removes the crossover", async ({ page, consoleErrors }) => {
  await openScenario(page, "crossover-disk");
  await expect(page.getByTestId("layouts-sim-crossover")).toBeVisible();
  await page.getByTestId("layouts-device-select").selectOption("ssd_fast");
  await expect(page.getByTestId("layouts-no-crossover")).toBeVisible();
  await expect(page.locator(".scenario-title")).toContainText("edited in the lab");
  const invariants = await api<InvariantReport[]>(page, "invariants");
  for (const invariant of invariants) expect(invariant.ok, invariant.name).toBe(true);
  expect(consoleErrors).toEqual([]);
});
