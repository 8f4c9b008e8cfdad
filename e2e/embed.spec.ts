// Embedding: a course page holds a FlashLab view in an iframe (the snippet "copy embed snippet"
// gives); the embedded view has no chrome, honours its options and can be driven.
import { readFileSync } from "node:fs";
import { test, expect, api, openApp, repoRoot, type SimState } from "./fixtures";

const host = readFileSync(`${repoRoot}/e2e/embed-host.html`, "utf8");

test("an embedded view in a course page's iframe loads without chrome, autoplays and can be driven", async ({ page, baseURL }) => {
  const src = `${baseURL}#/lab/ssd?scenario=random-writes-gc&t=40&embed=1&autoplay=1&speed=0.001&controls=1`;
  await page.setContent(host.replace('src="about:blank"', `src="${src}"`));
  const frame = page.frameLocator("#flashlab");
  await expect(frame.locator("body")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await expect(frame.getByTestId("embed")).toBeVisible();
  await expect(frame.locator(".header")).toHaveCount(0);
  await expect(frame.getByTestId("copy-share")).toHaveCount(0);
  await expect(frame.getByTestId("scrubber")).toBeVisible();
  const inner = page.frames().find((f) => f.url().includes("embed=1"));
  expect(inner).toBeDefined();
  if (!inner) return;
  const state = (): Promise<SimState> => inner.evaluate(() => (window as unknown as { __flashlab: { state(): Promise<SimState> } }).__flashlab.state());
  // Autoplay from the linked step.
  await expect.poll(async () => (await state()).step, { timeout: 20_000 }).toBeGreaterThan(40);
  // Driven from the host page: pause, then step with the embedded controls.
  await frame.getByTestId("play").click();
  const paused = (await state()).step;
  await frame.getByTestId("step-forward").click();
  await expect.poll(async () => (await state()).step).toBe(paused + 1);
});

test("controls=0 hides the timeline and panels=1 shows the invariants beside the view", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd?embed=1&controls=0&panels=1");
  await expect(page.getByTestId("embed")).toBeVisible();
  await expect(page.getByTestId("scrubber")).toHaveCount(0);
  await expect(page.getByTestId("invariants-panel")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the share popup offers an embed snippet that opens the same view embedded", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/nand");
  await api(page, "seek", 12);
  await page.getByTestId("copy-share").click();
  const snippet = await page.getByTestId("embed-snippet").inputValue();
  expect(snippet).toMatch(/^<iframe src="[^"]+embed=1[^"]*"/);
  const src = /src="([^"]+)"/.exec(snippet)?.[1]?.replace(/&amp;/g, "&") ?? "";
  await page.goto(src);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("embed")).toBeVisible();
  expect((await api<SimState>(page, "state")).step).toBe(12);
  expect(consoleErrors).toEqual([]);
});

test("an IPA lab embedded at 960×600 shows the cell zoom beside the page, without scrolling", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 960, height: 600 });
  await openApp(page, "#/lab/ipa?embed=1&scenario=life-of-page-4711&t=30");
  const zoom = page.getByTestId("ipa-cell-zoom");
  await expect(zoom).toBeInViewport();
  const [pageBox, zoomBox] = [await page.getByTestId("ipa-page-map").boundingBox(), await zoom.boundingBox()];
  expect(zoomBox && pageBox && zoomBox.x > pageBox.x + pageBox.width / 2, "the zoom sits beside the page, not below it").toBe(true);
  expect(consoleErrors).toEqual([]);
});
