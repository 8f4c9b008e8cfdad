// Screenshots of the home page and the HDD lab mid-run, for people to look at. They are written
// to test-results/screenshots/; with UPDATE_SCREENSHOTS=1 they also refresh docs/screenshots/
// (the README image). The assertions check what must be on screen, not pixels.
import { mkdirSync } from "node:fs";
import { test, expect, api, openApp, repoRoot, type SimState } from "./fixtures";

const outDir = `${repoRoot}/test-results/screenshots`;
const docsDir = `${repoRoot}/docs/screenshots`;

async function save(page: import("@playwright/test").Page, name: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: `${outDir}/${name}.png` });
  if (process.env.UPDATE_SCREENSHOTS === "1") {
    mkdirSync(docsDir, { recursive: true });
    await page.screenshot({ path: `${docsDir}/${name}.png` });
  }
}

test("home page screenshot shows every lab card", async ({ page, consoleErrors }) => {
  await openApp(page, "#/");
  await expect(page.getByTestId("lab-card-hdd")).toBeVisible();
  await save(page, "home");
  expect(consoleErrors).toEqual([]);
});

test("HDD lab mid-run screenshot shows platter, queue, charts and narration", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 0);
  await api(page, "step", 200);
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(200);
  await expect(page.getByTestId("step-display")).toContainText("200");
  await expect(page.getByTestId("hdd-platter")).toBeVisible();
  await expect(page.getByTestId("event-line").first()).toBeVisible();
  await page.waitForTimeout(300); // let the last frame's transition settle
  await save(page, "hdd-lab");
  expect(consoleErrors).toEqual([]);
});
