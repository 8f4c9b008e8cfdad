// Export: the view as SVG and PNG, the metrics and the series as CSV, the scenario as JSON. Each
// file is downloaded and checked for what it must contain.
import { readFileSync } from "node:fs";
import { test, expect, api, openApp, readScenario, type SimState } from "./fixtures";

async function exported(page: import("@playwright/test").Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const menu = page.getByTestId("export-menu");
  if (!(await menu.evaluate((el) => (el as HTMLDetailsElement).open))) await menu.locator("summary").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

test("the SSD view exports as SVG with its charts and block map, and as a PNG", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await api(page, "seek", 300);
  const svg = await exported(page, "export-svg");
  expect(svg.name).toBe("flashlab-ssd-step300.svg");
  const text = svg.bytes.toString("utf8");
  expect(text.startsWith("<svg")).toBe(true);
  expect(text).toContain("<image"); // the block map is a canvas
  expect((text.match(/<svg/g) ?? []).length).toBeGreaterThan(2); // charts
  const png = await exported(page, "export-png");
  expect(png.bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(png.bytes.length).toBeGreaterThan(10_000);
  expect(consoleErrors).toEqual([]);
});

test("metrics, series and scenario export as CSV and JSON that match the run", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 50);
  const metrics = (await exported(page, "export-metrics")).bytes.toString("utf8").split("\r\n");
  expect(metrics[0]).toBe("step,metric,label,value,unit");
  const now = await api<Record<string, number>>(page, "metrics");
  const completed = metrics.find((line) => line.startsWith("50,requests_completed,"));
  expect(completed?.split(",")[3]).toBe(String(now["requests_completed"]));
  const series = (await exported(page, "export-series")).bytes.toString("utf8").split("\r\n");
  expect(series[0]?.startsWith("step,")).toBe(true);
  expect(series.length).toBeGreaterThan(10);
  const scenario = JSON.parse((await exported(page, "export-scenario")).bytes.toString("utf8")) as unknown;
  const state = await api<SimState>(page, "state");
  expect(state.lab).toBe("hdd");
  expect(scenario).toEqual(JSON.parse(readScenario("hdd/random-reads-sstf.json")));
  expect(consoleErrors).toEqual([]);
});

test("the Export menu closes after a download, on an outside click and on Escape", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  const menu = page.getByTestId("export-menu");
  const isOpen = (): Promise<boolean> => menu.evaluate((el) => (el as HTMLDetailsElement).open);
  await exported(page, "export-metrics");
  expect(await isOpen()).toBe(false);
  await menu.locator("summary").click();
  expect(await isOpen()).toBe(true);
  await page.getByTestId("lab-title").click();
  await expect.poll(isOpen).toBe(false);
  await menu.locator("summary").click();
  await page.keyboard.press("Escape");
  await expect.poll(isOpen).toBe(false);
  expect(consoleErrors).toEqual([]);
});
