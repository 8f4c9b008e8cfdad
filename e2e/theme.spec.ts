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
