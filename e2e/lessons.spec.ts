// Lessons (docs/LESSONS.md): a student walks every bundled lesson through the page, start to end.
// At each step the run stands at the step's moment, the lit part of the view is on screen and the
// text's placeholders are filled; every question is answered through the page (typing a number,
// choosing, clicking the mark in the view, ordering items with the buttons) with the answer the
// simulation gives, and each is judged right. The native rules (answers computable, questions
// unspoiled, numbers true) are in core/tests/lessons.rs.
import { test, expect, api, openApp, type SimState } from "./fixtures";
import { allLessons, answer, truthOf } from "./lessonWalk";

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
