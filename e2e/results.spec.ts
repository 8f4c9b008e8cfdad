// The paper-results page computes the claims in the browser with the same core code as
// `flashlab reproduce`: the values must be the very same numbers, and the page must say how many
// reproductions pass without counting calibration points.
import { test, expect, cliClaims, openApp } from "./fixtures";

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
  await expect(group.getByTestId("results-summary")).toContainText("reproductions within tolerance");
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
