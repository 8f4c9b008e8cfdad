// The paper-results page shows the claims the build computed natively (`flashlab reproduce
// --json`, scripts/build-results.sh) at once, and recomputes them in the browser with the same
// core code: both must be the very same numbers as the native CLI's, a shipped value that is not
// what the browser computes must be flagged, and the page must say how many reproductions pass
// without counting calibration points.
import type { Page } from "@playwright/test";
import { test, expect, api, cliClaims, cliRunJson, openApp } from "./fixtures";

const SHIPPED = "**/results/native-claims.json";

test("the paper-results page shows the native HDD claims at once and recomputes them in the browser, both equal to the native CLI", async ({ page, consoleErrors }) => {
  await openApp(page, "#/results");
  const group = page.getByTestId("results-hdd");
  await expect(page.getByTestId("results-shipped")).toContainText(/computed natively by flashlab \d+\.\d+\.\d+ \(sources [0-9a-f]{12}/);
  await expect(page.getByTestId("results-page")).toHaveAttribute("data-table-complete", "true");
  const native = cliClaims("hdd");
  const rows = group.getByTestId("claim-row");
  await expect(rows).toHaveCount(native.length);
  for (const claim of native) {
    const cell = group.locator(`[data-claim="${claim.id}"] [data-testid="claim-simulated"]`);
    expect(Number(await cell.getAttribute("data-value")), `${claim.id} shipped`).toBe(claim.simulated_value);
  }
  await expect(group).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  for (const claim of native) {
    const row = group.locator(`[data-claim="${claim.id}"]`);
    await expect(row, claim.id).toHaveAttribute("data-check", "same");
    expect(Number(await row.getByTestId("claim-recomputed").getAttribute("data-value")), `${claim.id} recomputed`).toBe(claim.simulated_value);
  }
  await expect(group.getByTestId("results-lab-check")).toContainText(`all ${native.length} agree with the native values`);
  await expect(group.getByTestId("results-summary")).toContainText("independent reproductions pass");
  await expect(page.getByTestId("nav-results")).toHaveAttribute("aria-current", "page");
  expect(consoleErrors).toEqual([]);
});

/** Serves the shipped file with `alter` applied to it. */
async function tamperShipped(page: Page, alter: (shipped: { labs: Record<string, { id: string; simulated_value: number }[]> }) => void): Promise<void> {
  await page.route(SHIPPED, async (route) => {
    const response = await route.fetch();
    const shipped = (await response.json()) as { labs: Record<string, { id: string; simulated_value: number }[]> };
    alter(shipped);
    await route.fulfill({ response, json: shipped });
  });
}

test("a shipped value that is not what the browser recomputes is flagged on its row and in the summary", async ({ page, consoleErrors }) => {
  const id = "seed003.table1.hdd2010.random_bw";
  await tamperShipped(page, (shipped) => {
    const claim = shipped.labs.hdd?.find((c) => c.id === id);
    if (!claim) throw new Error(`${id} is not in the shipped table`);
    claim.simulated_value *= 1.01;
  });
  await openApp(page, "#/results");
  const group = page.getByTestId("results-hdd");
  await expect(group).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  const row = group.locator(`[data-claim="${id}"]`);
  await expect(row).toHaveAttribute("data-check", "differs");
  await expect(row.getByTestId("claim-differs")).toContainText("shipped");
  await expect(group.locator('[data-testid="claim-row"][data-check="differs"]')).toHaveCount(1);
  await expect(group.getByTestId("results-lab-check")).toContainText("1 of");
  const summary = page.getByTestId("results-check");
  await expect(summary).toHaveAttribute("data-differ", "1");
  await expect(summary).toContainText(id);
  expect(consoleErrors).toEqual([]);
});

test("a shipped table from other sources is not shown: the page says so and shows the browser's values", async ({ page, consoleErrors }) => {
  await tamperShipped(page, (shipped) => {
    (shipped as unknown as { source_hash: string }).source_hash = "0".repeat(64);
  });
  await openApp(page, "#/results");
  await expect(page.getByTestId("results-shipped")).toHaveAttribute("data-state", "unavailable");
  await expect(page.getByTestId("results-shipped")).toContainText("sources 000000000000");
  const group = page.getByTestId("results-hdd");
  await expect(group).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  await expect(group).toHaveAttribute("data-shipped", "false");
  const native = cliClaims("hdd");
  for (const claim of native) {
    const cell = group.locator(`[data-claim="${claim.id}"] [data-testid="claim-simulated"]`);
    expect(Number(await cell.getAttribute("data-value")), claim.id).toBe(claim.simulated_value);
  }
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
