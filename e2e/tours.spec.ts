// Guided tours: every question's answer is well defined by the simulation (the reveal step
// exists, the metric exists, exactly one choice holds the value), and a student can follow a
// tour by mouse and keyboard, answer, share the link and reopen it with the answers kept.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test, expect, api, openApp, readScenario, repoRoot, type SimState } from "./fixtures";
import { parseTour, type Tour } from "../web/src/tours/model";
import { revealedValue, rightChoice } from "../web/src/tours/answers";

function allTours(): Tour[] {
  const root = `${repoRoot}/scenarios`;
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(`${root}/${e.name}/tours`))
    .flatMap((e) =>
      readdirSync(`${root}/${e.name}/tours`)
        .filter((n) => n.endsWith(".json"))
        .sort()
        .map((n) => parseTour(e.name, n.replace(/\.json$/, ""), readFileSync(`${root}/${e.name}/tours/${n}`, "utf8"))),
    );
}

for (const tour of allTours()) {
  test(`tour ${tour.lab}/${tour.name}: every question is answered by the simulation, unambiguously`, async ({ page, consoleErrors }) => {
    await openApp(page, `#/lab/${tour.lab}`);
    const loaded = await api<SimState>(page, "load", JSON.parse(readScenario(`${tour.lab}/${tour.scenario}.json`)) as unknown);
    const total = loaded.totalSteps ?? 0;
    for (const step of tour.steps) {
      expect(step.step, `${tour.name}: step ${step.title} within the run`).toBeLessThanOrEqual(total);
      const q = step.question;
      if (!q || q.kind === "order") continue;
      expect(q.reveal, `${tour.name}: reveal within the run`).toBeLessThanOrEqual(total);
      const at = async (s: number): Promise<number> => {
        await api(page, "seek", s);
        const metrics = await api<Record<string, number>>(page, "metrics");
        expect(Object.keys(metrics), `${tour.name}: metric ${q.metric}`).toContain(q.metric);
        return metrics[q.metric] ?? Number.NaN;
      };
      const before = q.from === undefined ? null : await at(q.from);
      const value = revealedValue(q, await at(q.reveal), before);
      expect(Number.isFinite(value)).toBe(true);
      if (q.kind === "choice") {
        const holding = q.choices.filter((c) => (c.min === undefined || value >= c.min) && (c.max === undefined || value <= c.max));
        expect(holding.length, `${tour.name}: "${q.ask}" value ${value} must fall in exactly one choice`).toBe(1);
        expect(rightChoice(q.choices, value)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(consoleErrors).toEqual([]);
  });
}

test("a tour is followed by keyboard and mouse, checks an answer with the simulation, and its link keeps the answers", async ({ page, browser, consoleErrors }) => {
  await openApp(page, "#/lab/ssd?tour=1-why-gc-copies");
  await expect(page.getByTestId("tour-position")).toHaveText("step 1 of 6");
  await page.locator("body").press("]");
  await expect(page.getByTestId("tour-position")).toHaveText("step 2 of 6");
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1200);
  await page.getByTestId("tour-next").click();
  await expect(page.getByTestId("tour-position")).toHaveText("step 3 of 6");
  await page.getByTestId("tour-number").fill("25");
  await page.getByTestId("tour-check").click();
  await expect(page.getByTestId("tour-verdict")).toHaveAttribute("data-correct", "true");
  await expect(page.getByTestId("tour-truth")).toContainText("25");
  // The view shows the very state that answers the question: the first victim has been collected.
  expect((await api<SimState>(page, "state")).step).toBe(2253);
  await page.locator("body").press("[");
  await expect(page.getByTestId("tour-position")).toHaveText("step 2 of 6");
  const url = await api<string>(page, "shareUrl");
  expect(url).toContain("tour=1-why-gc-copies");
  expect(url).toContain("ans=2%3A25");

  const other = await browser.newPage();
  await other.goto(url.replace("ts=1", "ts=5"));
  await expect(other.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(other.getByTestId("tour-position")).toHaveText("step 6 of 6");
  await expect(other.getByTestId("tour-score")).toContainText("1 of 2 questions right (1 not answered)");
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test("the home page lists the tours and a tour link opens at its first step", async ({ page, consoleErrors }) => {
  await openApp(page, "#/");
  await expect(page.getByTestId("tours-ssd").getByTestId("tour-link")).toHaveCount(3);
  await page.getByTestId("tours-nand").getByTestId("tour-link").first().click();
  await expect(page.getByTestId("tour-panel")).toBeVisible();
  await expect(page.getByTestId("tour-position")).toHaveText(/step 1 of \d+/);
  expect(consoleErrors).toEqual([]);
});
