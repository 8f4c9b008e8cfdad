// Accessibility: axe-core audits every route and every lab (and a tour, the results page and an
// embedded view) for WCAG A/AA rules, in the light and the dark theme and in projector mode; no
// serious or critical violation is allowed.
import AxeBuilder from "@axe-core/playwright";
import { test, expect, openApp, LAB_IDS } from "./fixtures";

const ROUTES = [
  "#/",
  "#/results",
  ...LAB_IDS.map((lab) => `#/lab/${lab}`),
  "#/lab/ssd?tour=1-why-gc-copies&ts=2",
  "#/lab/fdtree?scenario=wavefront-concurrent-clients&t=120&embed=1",
  "#/lab/hdd?scenario=random-reads-fcfs&t=200&race=random-reads-sstf",
];

// Both themes: the light one, and the dark one as a reader whose system prefers dark gets it; and
// projector mode (chosen before, over the dark theme: the projector palette must win).
for (const scheme of ["light", "dark", "projector"] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme === "light" ? "light" : "dark" });
    for (const route of ROUTES) {
      test(`axe finds no serious or critical violation on ${route} (${scheme})`, async ({ page, consoleErrors }) => {
        // The results page holds every claim (317 rows with their methods and reasons) while
        // its two workers recompute them: axe's checks over that DOM took 40–66 s on the 2-core
        // machine, against the 60 s default. Same audit, more time.
        if (route === "#/results") test.setTimeout(180_000);
        if (scheme === "projector") await page.addInitScript(() => window.localStorage.setItem("flashlab-projector", "on"));
        await openApp(page, route);
        await expect(page.locator("html")).toHaveAttribute("data-theme", scheme === "light" ? "light" : "dark");
        if (scheme === "projector") await expect(page.locator("html")).toHaveAttribute("data-projector", "on");
        await page.waitForTimeout(300);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const bad = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} nodes, e.g. ${v.nodes[0]?.target.join(" ") ?? ""}`);
        expect(bad, bad.join("\n")).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    }
  });
}

test("axe finds no serious or critical violation in the keyboard shortcuts dialog", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd?tour=1-why-gc-copies");
  await page.locator("body").press("?");
  await expect(page.getByTestId("shortcuts-dialog")).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-testid="shortcuts-dialog"]').withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes[0]?.target.join(" ") ?? ""}`);
  expect(bad, bad.join("\n")).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
