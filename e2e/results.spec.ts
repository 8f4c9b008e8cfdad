// The paper-results page computes the claims in the browser with the same core code as
// `flashlab reproduce`: the values must be the very same numbers, and the page must say how many
// reproductions pass without counting calibration points.
import { test, expect, api, cliClaims, cliRunJson, openApp } from "./fixtures";

test("the paper-results page computes the HDD claims in the browser, equal to the native CLI", async ({ page, consoleErrors }) => {
  await openApp(page, "#/results");
  const group = page.getByTestId("results-hdd");
  await expect(group).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  const native = cliClaims("hdd");
  const rows = group.getByTestId("claim-row");
  await expect(rows).toHaveCount(native.length);
  for (const claim of native) {
    const cell = group.locator(`[data-claim="${claim.id}"] [data-testid="claim-simulated"]`);
    expect(Number(await cell.getAttribute("data-value")), claim.id).toBe(claim.simulated_value);
  }
  await expect(group.getByTestId("results-summary")).toContainText("independent reproductions pass");
  await expect(page.getByTestId("nav-results")).toHaveAttribute("aria-current", "page");
  expect(consoleErrors).toEqual([]);
});

test("a claim row opens to say how it was simulated", async ({ page, consoleErrors }) => {
  await openApp(page, "#/results");
  const group = page.getByTestId("results-hdd");
  await expect(group).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  const toggle = group.locator(".claim-toggle").first();
  await toggle.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(group.locator(".claim-detail")).toContainText("How it was simulated");
  expect(consoleErrors).toEqual([]);
});

test("a claim row opens the course scenario of its mechanism", async ({ page, consoleErrors }) => {
  await openApp(page, "#/results");
  const group = page.getByTestId("results-hdd");
  await expect(group).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  const link = group.locator('[data-claim="seed003.table1.hdd2010.random_bw"] [data-testid="claim-scenario"]');
  await expect(link).toHaveText("mechanism: table1-hdd-2010");
  await link.click();
  await expect(page).toHaveURL(/#\/lab\/hdd\?scenario=table1-hdd-2010/);
  await expect(page.getByTestId("lab-title")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a claim's run link opens the very run its number came from (same trace as the native run)", async ({ page, consoleErrors }) => {
  const id = "seed003.table1.hdd2010.random_bw";
  const native = cliClaims("hdd").find((c) => c.id === id);
  expect(native?.runs.length ?? 0, `${id} links a run`).toBeGreaterThan(0);
  const run = native?.runs[0];
  await openApp(page, "#/results");
  const group = page.getByTestId("results-hdd");
  await expect(group).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  const link = group.locator(`[data-claim="${id}"] [data-testid="claim-run"]`).first();
  await expect(link).toHaveAttribute("data-scale", run?.scale ?? "");
  await link.click();
  await expect(page).toHaveURL(/#\/lab\/hdd\?s=v1\./);
  await expect(page.getByTestId("lab-title")).toBeVisible();
  await api(page, "runToEnd");
  const state = await api<{ lab: string; traceHash: string }>(page, "state");
  expect(state.lab).toBe("hdd");
  expect(state.traceHash).toBe(cliRunJson(JSON.stringify(run?.scenario)).trace_hash);
  expect(consoleErrors).toEqual([]);
});

test("figure-shaped results chart the simulated curve with the paper's points over it", async ({ page, consoleErrors }) => {
  test.setTimeout(600_000);
  await openApp(page, "#/results");
  await expect(page.getByTestId("results-page")).toHaveAttribute("data-figures-complete", "true", { timeout: 580_000 });
  // Every figure the labs' cores report (wasm `labFigures`), not a list kept here: none failed,
  // and each one charts its simulated curve with the paper's points.
  await expect(page.getByText(/^Figures failed/)).toHaveCount(0);
  const ids = await page.locator("[data-figure]").evaluateAll((els) => els.map((e) => e.getAttribute("data-figure") ?? ""));
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids).size, "figure ids are unique").toBe(ids.length);
  for (const id of ids) {
    const figure = page.locator(`[data-figure="${id}"]`);
    await expect(figure, id).toBeVisible();
    expect(await figure.locator('[data-kind="simulated"] circle').count(), id).toBeGreaterThan(2);
    expect(await figure.locator('[data-kind="paper"] path').count(), id).toBeGreaterThan(0);
    await expect(figure.locator(".fig-legend"), id).toContainText("simulated now");
  }
  expect(consoleErrors).toEqual([]);
});
