// Teacher notes and practice mode (issue 31 items 3 and 4): a student practises a lesson's
// questions on a fresh seed and gets a completion code; the lab's teacher-notes page re-judges
// it and verifies it, and refuses a code whose score was raised (even with its check digits
// recomputed, as a determined student could) or whose digits were mistyped.
import { test, expect, api, openApp, type SimState } from "./fixtures";
import { allLessons, answer, truthOf } from "./lessonWalk";
import { completionCode, parseCompletionCode } from "../web/src/tours/completion";

const lessons = allLessons();
const lesson = lessons[0];

test("a practice run on a new seed ends with a code that the teacher notes verify, and a tampered code does not", async ({ page, consoleErrors }) => {
  expect(lesson, "a lesson is bundled").toBeDefined();
  if (!lesson) return;
  test.setTimeout(240_000);
  const seed = 424242;
  await openApp(page, `#/lab/${lesson.lab}?tour=${lesson.name}&practice=${seed}`);
  await expect(page.getByTestId("tour-label")).toContainText(`Practice (seed ${seed})`);
  const practised = lesson.steps.filter((s) => s.question && s.question.practice !== false);
  await expect(page.getByTestId("tour-position")).toHaveText(`step 1 of ${practised.length}`);
  for (const [i, step] of practised.entries()) {
    await expect(page.getByTestId("tour-position")).toHaveText(`step ${i + 1} of ${practised.length}`);
    // On another seed a run may end sooner: the reader stops at its end.
    await expect.poll(async () => (await api<SimState>(page, "state")).step).toBeLessThanOrEqual(step.step);
    if (step.question) await answer(page, step.question, await truthOf(page, step.question, step));
    if (i < practised.length - 1) await page.getByTestId("tour-next").click();
  }
  const code = (await page.getByTestId("tour-code").textContent()) ?? "";
  const claim = parseCompletionCode(code);
  expect(claim?.seed).toBe(seed);
  expect(claim?.right).toBe(practised.length);

  await page.goto(`/#/teach/${lesson.lab}`);
  await expect(page.getByTestId("teach-page")).toBeVisible();
  const check = async (text: string): Promise<string | null> => {
    await page.getByTestId("teach-code-input").fill(text);
    await page.getByTestId("teach-code-check").click();
    const verdict = page.getByTestId("teach-code-verdict");
    await expect(verdict).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId("teach-code-check")).toHaveText("Check", { timeout: 120_000 });
    return verdict.getAttribute("data-verified");
  };
  expect(await check(code)).toBe("true");
  await expect(page.getByTestId("teach-code-verdict")).toContainText(`practice seed ${seed}`);
  // A full score claimed with one answer changed, check digits recomputed: re-judging catches it.
  const [first] = [...(claim?.given ?? new Map()).entries()];
  if (first) {
    const [index, given] = first;
    const wrongGiven =
      given.kind === "number" ? { ...given, value: given.value + 1e9 } : given.kind === "choice" ? { ...given, index: given.index + 1 } : given.kind === "pick" ? { ...given, id: given.id + 1 } : { ...given, order: [...given.order].reverse() };
    const forged = completionCode(lesson.lab, lesson.name, seed, practised.length, practised.length, new Map(claim?.given).set(index, wrongGiven));
    expect(await check(forged)).toBe("false");
    await expect(page.getByTestId("teach-code-verdict")).toContainText("Does not verify");
  }
  expect(await check(code.replace(/\d+of/, "0of"))).toBe("false");
  await expect(page.getByTestId("teach-code-verdict")).toContainText("mistyped");
  expect(consoleErrors).toEqual([]);
});

test("the teacher notes list every lesson step as a link and compute each question's answer with the simulation", async ({ page, consoleErrors }) => {
  expect(lesson, "a lesson is bundled").toBeDefined();
  if (!lesson) return;
  test.setTimeout(180_000);
  await openApp(page, `#/teach/${lesson.lab}`);
  await expect(page.getByTestId("teach-lesson").first().locator("ol li")).toHaveCount(lesson.steps.length);
  const table = page.getByTestId("teach-answers").first();
  await expect(table.locator("tbody tr")).toHaveCount(lesson.steps.filter((s) => s.question).length);
  await page.getByTestId("teach-compute").first().click();
  await expect(table.locator('tbody tr[data-answered="false"]')).toHaveCount(0, { timeout: 120_000 });
  await expect(table).not.toContainText("—");
  expect(consoleErrors).toEqual([]);
});
