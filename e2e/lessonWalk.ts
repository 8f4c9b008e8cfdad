// Walking a lesson through the page as a student would (e2e/lessons.spec.ts, e2e/teach.spec.ts):
// the simulation's answer to each question is read through the test API, then given through the
// page (typing, choosing, clicking the mark in the view, ordering with the buttons).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, api, repoRoot } from "./fixtures";
import { parseTour, type Question, type Tour, type TourStep } from "../web/src/tours/model";
import { revealedValue, rightChoice, rightOrder } from "../web/src/tours/answers";

export function allLessons(): Tour[] {
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
export async function truthOf(page: Page, q: Question, shown: TourStep): Promise<number | number[]> {
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

export async function answer(page: Page, q: Question, truth: number | number[]): Promise<void> {
  const single = Array.isArray(truth) ? Number.NaN : truth;
  switch (q.kind) {
    case "number":
      await page.getByTestId("tour-number").fill(String(single));
      break;
    case "choice":
      await page.getByTestId("tour-choice").nth(rightChoice(q.choices, single)).check();
      break;
    case "click": {
      const view = page.getByTestId(q.target).first();
      await view.scrollIntoViewIfNeeded();
      await expect(view).toBeVisible();
      const mark = view.locator(`[data-pick="${single}"]`).first();
      if ((await mark.count()) > 0) {
        // A DOM mark: Playwright scrolls it into view (also inside a scrolled list) and clicks it.
        await mark.click();
      } else {
        const at = await api<{ x: number; y: number } | null>(page, "locatePick", q.target, single);
        expect(at, `mark ${single} can be found in ${q.target}`).not.toBeNull();
        if (!at) return;
        await page.mouse.click(at.x, at.y);
      }
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

