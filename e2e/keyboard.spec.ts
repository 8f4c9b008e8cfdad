// Keyboard-only use: Space presses the focused button (it does not toggle playback behind the
// user's back), Escape closes the share popup and returns focus, the event log is one Tab stop
// with ↑/↓ inside it, and a narrow window keeps a usable timeline scrubber.
import { test, expect, api, openApp, LAB_IDS, type SimState } from "./fixtures";

test("space on a focused step button steps once and does not start playback", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 0);
  await page.getByTestId("step-forward").focus();
  await page.keyboard.press(" ");
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1);
  await page.waitForTimeout(400);
  const after = await api<SimState>(page, "state");
  expect(after.step).toBe(1);
  await expect(page.getByTestId("play")).toHaveAttribute("aria-label", "Play");
  expect(consoleErrors).toEqual([]);
});

test("escape closes the share popup and gives focus back to the share button", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await page.getByTestId("copy-share").click();
  await expect(page.getByTestId("share-url")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("share-url")).toHaveCount(0);
  await expect(page.getByTestId("copy-share")).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("the event log is a single tab stop and arrow keys move inside it", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 0);
  await api(page, "step", 40);
  await expect.poll(async () => page.getByTestId("event-line").count()).toBeGreaterThan(5);
  const tabbable = await page.locator('[data-testid="event-line"]:not([tabindex="-1"])').count();
  expect(tabbable).toBe(1);
  const first = page.getByTestId("event-line").first();
  await first.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("event-line").nth(1)).toBeFocused();
  await expect(page.getByTestId("event-live")).not.toBeEmpty();
  expect(consoleErrors).toEqual([]);
});

for (const lab of LAB_IDS) {
  test(`at 1024 × 768 the ${lab} timeline scrubber is wide enough to use`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openApp(page, `#/lab/${lab}`);
    const box = await page.getByTestId("scrubber").boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
  });
}

// The shortcuts dialog (`?`) lists every key, and single-character shortcuts ([ ] ?) can be
// turned off (WCAG 2.1.4, level A); keys with a meaning of their own (Page Up/Down, Escape) stay.
test("? opens the shortcuts dialog, which lists the keys, and Escape closes it", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await page.locator("body").press("?");
  const dialog = page.getByTestId("shortcuts-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
  expect(await dialog.getByTestId("shortcut").count()).toBeGreaterThanOrEqual(12);
  await expect(page.getByTestId("single-keys")).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByTestId("shortcuts-open").click();
  await expect(dialog).toBeVisible();
  await page.getByTestId("shortcuts-close").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("shortcuts-open")).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("with single-key shortcuts off, [ ] and ? do nothing, Page Up/Down still move the tour, and the choice is kept", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd?tour=1-why-gc-copies");
  await expect(page.getByTestId("tour-position")).toHaveText("step 1 of 6");
  await page.getByTestId("shortcuts-open").click();
  await page.getByTestId("single-keys").uncheck();
  await expect(page.getByTestId("shortcuts-dialog")).toContainText("(off)");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcuts-dialog")).toBeHidden();
  await page.locator("body").press("]");
  await page.waitForTimeout(300);
  await expect(page.getByTestId("tour-position")).toHaveText("step 1 of 6");
  await page.locator("body").press("?");
  await page.waitForTimeout(200);
  await expect(page.getByTestId("shortcuts-dialog")).toBeHidden();
  await expect(page.locator(".tour-keys")).toHaveText("Page Up/Down also move");
  await page.locator("body").press("PageDown");
  await expect(page.getByTestId("tour-position")).toHaveText("step 2 of 6");
  await page.locator("body").press("PageUp");
  await expect(page.getByTestId("tour-position")).toHaveText("step 1 of 6");

  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await page.locator("body").press("]");
  await page.waitForTimeout(300);
  await expect(page.getByTestId("tour-position")).toHaveText("step 1 of 6");
  await page.getByTestId("shortcuts-open").click();
  await expect(page.getByTestId("single-keys")).not.toBeChecked();
  await page.getByTestId("single-keys").check();
  await page.keyboard.press("Escape");
  await page.locator("body").press("]");
  await expect(page.getByTestId("tour-position")).toHaveText("step 2 of 6");
  expect(consoleErrors).toEqual([]);
});

test("typing ] or ? in a text field neither moves the tour nor opens the dialog", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd?tour=1-why-gc-copies&ts=2");
  await expect(page.getByTestId("tour-position")).toHaveText("step 3 of 6");
  const field = page.getByTestId("tour-number");
  await field.focus();
  await page.keyboard.press("]");
  await page.keyboard.press("?");
  await page.waitForTimeout(300);
  await expect(page.getByTestId("tour-position")).toHaveText("step 3 of 6");
  await expect(page.getByTestId("shortcuts-dialog")).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
