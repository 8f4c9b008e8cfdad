// The NAND cell lab: the route and its panels, the refusal at the refused op, the cell model's
// invariants through the API, the buttons as scenario edits, and the wear slider.
import { readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, api, openApp, readScenario, repoRoot, type SimState, type InvariantReport } from "./fixtures";

const PANELS = ["nand-wordline", "nand-histogram", "nand-ispp", "nand-pages", "nand-wear", "nand-refusal", "nand-program", "nand-append", "nand-erase", "nand-wear-slider"];

async function openScenario(page: Page, name: string): Promise<void> {
  await openApp(page, "#/lab/nand");
  await page.getByTestId("scenario-select").selectOption(name);
  await expect(page.getByTestId("scenario-select")).toHaveValue(name);
}

async function totalSteps(page: Page): Promise<number> {
  const state = await api<SimState>(page, "state");
  return state.totalSteps ?? state.step;
}

test("the NAND route opens with every panel and no console error", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/nand");
  await expect(page.getByTestId("lab-title")).toHaveText("NAND cells");
  for (const id of PANELS) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId("nand-sources")).toBeVisible();
  expect((await api<SimState>(page, "state")).lab).toBe("nand");
  await page.getByTestId("step-forward").click();
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("nand-ispp-status")).toHaveText(/pulsing/i);
  expect(consoleErrors).toEqual([]);
});

test("stepping through slc-program-and-append shows the refusal at the refused op", async ({ page, consoleErrors }) => {
  await openScenario(page, "slc-program-and-append");
  const refusal = page.getByTestId("nand-refusal");
  await api(page, "seek", 13);
  await expect(refusal).toHaveAttribute("data-state", "none");
  // Step 14 reads the page; step 15 is the append of 0xFF over programmed bits.
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText("14");
  await expect(refusal).toHaveAttribute("data-state", "none");
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText("15");
  await expect(refusal).toHaveAttribute("data-state", "now");
  await expect(refusal).toContainText("charge only rises between erases");
  await expect(refusal).toContainText("lower cell 2");
  // The next step keeps it as the last refusal, quietly.
  await page.getByTestId("step-forward").click();
  await expect(refusal).toHaveAttribute("data-state", "earlier");
  // The NOP refusal at step 28.
  await api(page, "seek", 28);
  await expect(refusal).toHaveAttribute("data-state", "now");
  await expect(refusal).toContainText("(NOP)");
  const metrics = await api<Record<string, number>>(page, "metrics");
  expect(metrics["refused_ops"]).toBe(2);
  expect(consoleErrors).toEqual([]);
});

test("charge only rises between erases, and every other cell invariant holds, in every NAND scenario", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/nand");
  const files = readdirSync(`${repoRoot}/scenarios/nand`).filter((name) => name.endsWith(".json"));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    await api(page, "load", readScenario(`nand/${file}`));
    const end = await api<SimState>(page, "runToEnd");
    const invariants = await api<InvariantReport[]>(page, "invariants");
    const charge = invariants.find((i) => i.name === "charge_only_rises_between_erases");
    expect(charge?.ok, file).toBe(true);
    expect(charge?.checks, file).toBe(end.step);
    for (const invariant of invariants) expect(invariant.ok, `${file}: ${invariant.name} ${invariant.detail}`).toBe(true);
  }
  expect(consoleErrors).toEqual([]);
});

test("erase then program through the buttons edits the scenario, and the API agrees with the view", async ({ page, consoleErrors }) => {
  await openScenario(page, "mlc-lsb-vs-msb");
  const before = await totalSteps(page);
  await api(page, "runToEnd");
  const atEnd = await api<Record<string, number>>(page, "metrics");

  // Erase: one op, one step, landing at the new end.
  await page.getByTestId("nand-erase").click();
  await expect.poll(() => totalSteps(page)).toBe(before + 1);
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(before + 1);
  const erased = await api<Record<string, number>>(page, "metrics");
  expect(erased["erases"]).toBe((atEnd["erases"] ?? 0) + 1);
  expect(erased["pe_cycles"]).toBe((atEnd["pe_cycles"] ?? 0) + 1);
  await expect(page.getByTestId("nand-pe")).toHaveText("1");
  for (const chip of await page.getByTestId("nand-page").all()) await expect(chip).toHaveAttribute("data-status", "erased");

  // Program page 0 with zeros: its start plus one step per ISPP pulse; the run plays it.
  await page.getByTestId("nand-page-select").selectOption("0");
  await page.getByTestId("nand-pattern-select").selectOption("zeros");
  await page.getByTestId("nand-program").click();
  await expect.poll(() => totalSteps(page)).toBeGreaterThan(before + 1);
  const end = await api<SimState>(page, "runToEnd");
  const programmed = await api<Record<string, number>>(page, "metrics");
  const loops = programmed["last_program_loops"] ?? 0;
  expect(loops).toBeGreaterThan(0);
  expect(end.step).toBe(before + 1 + 1 + loops);
  expect(programmed["programs"]).toBe((atEnd["programs"] ?? 0) + 1);
  expect(programmed["refused_ops"]).toBe(atEnd["refused_ops"]);
  await expect(page.locator('[data-testid=nand-page][data-page="0"]')).toHaveAttribute("data-status", "written");
  await expect(page.getByTestId("nand-ispp-status")).toContainText(`${loops} loops`);
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, invariant.name).toBe(true);

  // The edit is an ordinary scenario: its share link replays to the same trace.
  const link = await api<string>(page, "shareUrl");
  await api(page, "load", link);
  const replayed = await api<SimState>(page, "runToEnd");
  expect(replayed.traceHash).toBe(end.traceHash);
  expect(replayed.step).toBe(end.step);
  expect(consoleErrors).toEqual([]);
});

test("the wear slider adds P/E cycles and the view's P/E count grows", async ({ page, consoleErrors }) => {
  await openScenario(page, "mlc-lsb-vs-msb");
  await expect(page.getByTestId("nand-pe")).toHaveText("0");
  const apply = page.getByTestId("nand-wear-apply");
  await expect(apply).toBeDisabled();
  await page.getByTestId("nand-wear-slider").fill("5000");
  await expect(apply).toBeEnabled();
  await expect(apply).toContainText("5,000");
  await apply.click();
  await expect(page.getByTestId("nand-pe")).toHaveText("5,000");
  const metrics = await api<Record<string, number>>(page, "metrics");
  expect(metrics["pe_cycles"]).toBe(5000);
  // Every page was re-programmed and read back at that wear.
  const answers = await api<{ pe_cycles: number }[]>(page, "answers");
  expect(answers.filter((a) => a.pe_cycles === 5000)).toHaveLength(8);
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, invariant.name).toBe(true);
  // Wear only grows: the slider cannot go below the current count.
  await page.getByTestId("nand-wear-slider").fill("1000");
  await expect(apply).toBeDisabled();
  expect(consoleErrors).toEqual([]);
});
