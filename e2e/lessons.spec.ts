// Lessons (docs/LESSONS.md): a student walks every bundled lesson through the page, start to end.
// At each step the run stands at the step's moment, the lit part of the view is on screen and the
// text's placeholders are filled; every question is answered through the page (typing a number,
// choosing, clicking the mark in the view, ordering items with the buttons) with the answer the
// simulation gives, and each is judged right. The native rules (answers computable, questions
// unspoiled, numbers true) are in core/tests/lessons.rs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, api, openApp, repoRoot, type SimState } from "./fixtures";
import { parseTour, type Question, type Tour, type TourStep } from "../web/src/tours/model";
import { revealedValue, rightChoice, rightOrder } from "../web/src/tours/answers";

function allLessons(): Tour[] {
  const root = `${repoRoot}/scenarios`;
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(`${root}/${e.name}/lessons`))
    .flatMap((e) =>
      readdirSync(`${root}/${e.name}/lessons`)
        .filter((n) => n.endsWith(".json"))
        .sort()
        .map((n) => parseTour(e.name, n.replace(/\.json$/, ""), readFileSync(`${root}/${e.name}/lessons/${n}`, "utf8"), "lesson")),
    );
}

async function metricsAt(page: Page, step: number): Promise<Record<string, number>> {
  await api(page, "seek", step);
  return api<Record<string, number>>(page, "metrics");
}

/** The simulation's answer, read through the test API; the run goes back to the step shown. */
async function truthOf(page: Page, q: Question, shown: TourStep): Promise<number | number[]> {
  let truth: number | number[];
  if (q.kind === "order") {
    const at = await metricsAt(page, q.reveal);
    truth = q.items.map((item) => at[item.metric] ?? Number.NaN);
  } else {
    const before = q.from === undefined ? null : ((await metricsAt(page, q.from))[q.metric] ?? Number.NaN);
    truth = revealedValue(q, (await metricsAt(page, q.reveal))[q.metric] ?? Number.NaN, before);
  }
  await api(page, "seek", shown.step);
  return truth;
}

async function answer(page: Page, q: Question, truth: number | number[]): Promise<void> {
  const single = Array.isArray(truth) ? Number.NaN : truth;
  switch (q.kind) {
    case "number":
      await page.getByTestId("tour-number").fill(String(single));
      break;
    case "choice":
      await page.getByTestId("tour-choice").nth(rightChoice(q.choices, single)).check();
      break;
    case "click": {
      await page.getByTestId(q.target).first().scrollIntoViewIfNeeded();
      await expect(page.getByTestId(q.target).first()).toBeVisible();
      const at = await api<{ x: number; y: number } | null>(page, "locatePick", q.target, single);
      expect(at, `mark ${single} can be found in ${q.target}`).not.toBeNull();
      if (!at) return;
      await page.mouse.click(at.x, at.y);
      await expect(page.getByTestId("tour-pick")).toHaveAttribute("data-picked", String(single));
      break;
    }
    case "order": {
      const want = rightOrder(Array.isArray(truth) ? truth : []);
      const now = q.items.map((_, i) => i);
      for (let place = 0; place < want.length; place += 1) {
        const from = now.indexOf(want[place] ?? -1);
        for (let at = from; at > place; at -= 1) {
          await page.getByTestId("tour-order").locator("li").nth(at).getByRole("button", { name: /^Move up/ }).click();
          [now[at - 1], now[at]] = [now[at] ?? 0, now[at - 1] ?? 0];
        }
      }
      break;
    }
  }
  await page.getByTestId("tour-check").click();
  await expect(page.getByTestId("tour-verdict")).toHaveAttribute("data-correct", "true");
}

for (const lesson of allLessons()) {
  test(`lesson ${lesson.lab}/${lesson.name}: walked through the page, every view lit is on screen and every question answered is judged right`, async ({ page, consoleErrors }) => {
    test.setTimeout(240_000);
    await openApp(page, `#/lab/${lesson.lab}?tour=${lesson.name}`);
    const n = lesson.steps.length;
    const questions = lesson.steps.filter((s) => s.question).length;
    for (const [i, step] of lesson.steps.entries()) {
      await expect(page.getByTestId("tour-position")).toHaveText(`step ${i + 1} of ${n}`);
      await expect.poll(async () => (await api<SimState>(page, "state")).step, { message: `${step.title}: run at its step` }).toBe(step.step);
      await expect(page.locator(".tour-text")).not.toContainText("{");
      if (step.focus) await expect(page.getByTestId(step.focus).first(), `${step.title}: focus ${step.focus}`).toBeVisible();
      if (step.question) await answer(page, step.question, await truthOf(page, step.question, step));
      if (i < n - 1) await page.getByTestId("tour-next").click();
    }
    await expect(page.getByTestId("tour-score")).toContainText(`${questions} of ${questions} questions right`);
    expect(consoleErrors).toEqual([]);
  });
}
