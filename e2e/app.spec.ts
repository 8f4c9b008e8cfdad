// The app loads cleanly, every route opens, and the lab's controls drive the run.
import { test, expect, api, openApp, LAB_IDS, type SimState } from "./fixtures";

test("home page loads without console errors and lists every lab", async ({ page, consoleErrors }) => {
  await openApp(page, "#/");
  for (const lab of LAB_IDS) {
    await expect(page.getByTestId(`lab-card-${lab}`)).toBeVisible();
  }
  // The cards are exactly the labs the specs loop over (the scenario folders), in any order.
  const cards = await page.locator('[data-testid^="lab-card-"]').evaluateAll((els) => els.map((e) => (e.getAttribute("data-testid") ?? "").replace("lab-card-", "")));
  expect([...cards].sort()).toEqual([...LAB_IDS].sort());
  expect(consoleErrors).toEqual([]);
});

test("the HDD route opens with its platter, panels and a loaded scenario", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await expect(page.getByTestId("lab-title")).toBeVisible();
  await expect(page.getByTestId("hdd-platter")).toBeVisible();
  await expect(page.getByTestId("invariants-panel")).toBeVisible();
  await expect(page.getByTestId("metrics-panel")).toBeVisible();
  await expect(page.getByTestId("event-log")).toBeVisible();
  await expect(page.getByTestId("leaves-out")).toContainText("What this model leaves out");
  const state = await api<SimState>(page, "state");
  expect(state.lab).toBe("hdd");
  expect(consoleErrors).toEqual([]);
});

test("the home card navigates to the lab", async ({ page, consoleErrors }) => {
  await openApp(page, "#/");
  await page.getByTestId("lab-card-hdd").click();
  await expect(page.getByTestId("hdd-platter")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("step buttons and keyboard move the timeline and the UI shows the step", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 0);
  await page.getByTestId("step-forward").click();
  await page.getByTestId("step-forward").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(2);
  await expect(page.getByTestId("step-display")).toContainText("2");
  await page.getByTestId("step-back").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1);
  await page.locator("body").press("ArrowRight");
  await page.locator("body").press("ArrowRight");
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(3);
  await page.locator("body").press("End");
  const end = await api<SimState>(page, "state");
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(end.totalSteps ?? end.step);
  await page.locator("body").press("Home");
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test("play advances the run and pause stops it", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 0);
  await page.getByTestId("play").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBeGreaterThan(0);
  await page.getByTestId("play").click();
  const paused = (await api<SimState>(page, "state")).step;
  await page.waitForTimeout(500);
  expect((await api<SimState>(page, "state")).step).toBe(paused);
  expect(consoleErrors).toEqual([]);
});

test.describe("a 1024×768 screen", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("shows that more labs are in the header, and keeps Play within reach in every lab", async ({ page, consoleErrors }) => {
    await openApp(page, "#/lab/hdd");
    await expect(page.getByTestId("nav-more-right")).toBeVisible();
    await expect(page.getByTestId("nav-results")).not.toBeInViewport({ ratio: 0.9 });
    // Each press scrolls most of the bar's width; the arrow goes once the end is in view.
    for (let press = 0; press < 5 && (await page.getByTestId("nav-more-right").isVisible()); press += 1) {
      await page.getByTestId("nav-more-right").click();
      await page.waitForTimeout(600);
    }
    await expect(page.getByTestId("nav-more-right")).toHaveCount(0);
    await expect(page.getByTestId("nav-results")).toBeInViewport({ ratio: 0.99 });
    await expect(page.getByTestId("nav-more-left")).toBeVisible();
    for (const lab of LAB_IDS) {
      await page.goto(`./#/lab/${lab}`);
      await expect.poll(async () => (await api<SimState>(page, "state")).lab).toBe(lab);
      await expect(page.getByTestId("play"), lab).toBeInViewport({ ratio: 0.99 });
    }
    expect(consoleErrors).toEqual([]);
  });
});
