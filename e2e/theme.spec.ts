// Light and dark themes: the system's preference is the first theme, the header's switch
// changes it, and the choice is remembered across a reload.
import { test, expect, openApp } from "./fixtures";

test.describe("a reader whose system prefers dark", () => {
  test.use({ colorScheme: "dark" });

  test("gets the dark theme first", async ({ page, consoleErrors }) => {
    await openApp(page, "#/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-pressed", "true");
    expect(consoleErrors).toEqual([]);
  });
});

test("the theme switch changes the colours and is remembered after a reload", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const light = await background();
  await page.getByTestId("theme-toggle").press("Enter");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background()).not.toBe(light);
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(consoleErrors).toEqual([]);
});

test("projector mode: a link switches it on without changing the reader's choice, the switch toggles and remembers it", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd?projector=1");
  await expect(page.locator("html")).toHaveAttribute("data-projector", "on");
  const size = () => page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(await size()).toBeGreaterThan(20);
  expect(await background()).toBe("rgb(255, 255, 255)");
  // Targets at least 24 px (WCAG 2.5.8) on the lab's controls.
  for (const id of ["play", "step-forward", "projector-toggle", "theme-toggle"]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box?.width ?? 0, id).toBeGreaterThanOrEqual(24);
    expect(box?.height ?? 0, id).toBeGreaterThanOrEqual(24);
  }
  await page.goto("./#/lab/hdd");
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("html")).not.toHaveAttribute("data-projector", "on");
  await page.getByTestId("projector-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("data-projector", "on");
  await expect(page.getByTestId("projector-toggle")).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("html")).toHaveAttribute("data-projector", "on");
  expect(consoleErrors).toEqual([]);
});

test.describe("a reader who prefers reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("sees no CSS transition or animation longer than an instant, on any element of a lab page", async ({ page, consoleErrors }) => {
    await openApp(page, "#/lab/ssd");
    await page.getByTestId("copy-share").click();
    const longest = await page.evaluate(() => {
      let worst = 0;
      for (const el of document.querySelectorAll("*")) {
        const style = getComputedStyle(el);
        for (const value of [style.transitionDuration, style.animationDuration]) {
          for (const part of value.split(",")) worst = Math.max(worst, Number.parseFloat(part) * (part.trim().endsWith("ms") ? 1 : 1000));
        }
      }
      return worst;
    });
    expect(longest).toBeLessThanOrEqual(1);
    expect(consoleErrors).toEqual([]);
  });
});
