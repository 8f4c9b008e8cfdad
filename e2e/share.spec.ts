// Share links restore the scenario and the timeline position; bad links and bad files get a
// clear message and leave the app usable.
import { test, expect, api, openApp, readScenario, type SimState } from "./fixtures";

test("a share link round-trips scenario and timeline position", async ({ page, browser, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  const scenario = JSON.parse(readScenario("hdd/sequential-scan.json")) as Record<string, unknown>;
  await api(page, "load", { ...scenario, title: "Shared: scan ✓", seed: 77 });
  await api(page, "seek", 42);
  const before = await api<SimState>(page, "state");
  const url = await api<string>(page, "shareUrl");
  expect(url).toContain("#/lab/hdd?");

  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.locator("body")).toHaveAttribute("data-ready", "true");
  await expect.poll(async () => (await api<SimState>(other, "state")).step).toBe(42);
  expect(await api<SimState>(other, "state")).toEqual(before);
  const report = await api<{ title: string; seed: number }>(other, "report");
  expect(report.title).toBe("Shared: scan ✓");
  expect(report.seed).toBe(77);
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test("a link to a course scenario keeps its curated title and what-to-watch text", async ({ page, browser, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  const watch = await page.locator(".what-to-watch").innerText();
  await api(page, "seek", 7);
  const url = await api<string>(page, "shareUrl");
  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.locator("body")).toHaveAttribute("data-ready", "true");
  await expect.poll(async () => (await api<SimState>(other, "state")).step).toBe(7);
  await expect(other.locator(".what-to-watch")).toHaveText(watch);
  await expect(other.getByTestId("scenario-select")).not.toContainText("From link");
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test("a link past the end of the run opens the last step and says so", async ({ page, browser, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  const state = await api<SimState>(page, "state");
  const total = state.totalSteps ?? 0;
  const url = (await api<string>(page, "shareUrl")).replace(/t=\d+/, `t=${total + 500}`);
  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(other.getByTestId("link-notice")).toContainText(`step ${(total + 500).toLocaleString("en-US")}`);
  expect((await api<SimState>(other, "state")).step).toBe(total);
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test("the copy-share button shows the link", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 5);
  await page.getByTestId("copy-share").click();
  await expect(page.getByTestId("share-url")).toHaveValue(/#\/lab\/hdd\?s=v1\./);
  expect(consoleErrors).toEqual([]);
});

test("the share popup closes on an outside click, on Escape and on a change of lab, and says where a tour link opens", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd");
  await page.getByTestId("copy-share").click();
  await expect(page.getByTestId("share-url")).toBeVisible();
  await page.getByTestId("lab-title").click();
  await expect(page.getByTestId("share-url")).toHaveCount(0);
  await page.getByTestId("copy-share").click();
  // The popup opens once the link is built (asynchronously): Escape is for an open popup.
  await expect(page.getByTestId("share-url")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("share-url")).toHaveCount(0);
  await expect(page.getByTestId("copy-share")).toBeFocused();
  await page.getByTestId("copy-share").click();
  await expect(page.getByTestId("embed-snippet")).toHaveValue(/#\/lab\/hdd/);
  await page.goto("./#/lab/ssd");
  await expect.poll(async () => (await api<SimState>(page, "state")).lab).toBe("ssd");
  await expect(page.getByTestId("share-url")).toHaveCount(0);
  // A tour link opens the tour at the step shown, not "step 0".
  await page.goto("./#/lab/ssd?tour=1-why-gc-copies&ts=2");
  await expect(page.getByTestId("tour-position")).toHaveText("step 3 of 6");
  await page.getByTestId("copy-share").click();
  await expect(page.getByTestId("share-url")).toHaveValue(/tour=1-why-gc-copies&ts=2/);
  await expect(page.locator(".share-popover")).toContainText("opens this tour at its step 3");
  expect(consoleErrors).toEqual([]);
});

const malformedLinks: [string, (valid: string) => string][] = [
  ["garbage payload", (valid) => valid.replace(/s=v1\.[^&]*/, "s=v1.%%%not-base64")],
  ["unknown version", (valid) => valid.replace("s=v1.", "s=v9.")],
  ["truncated payload", (valid) => valid.replace(/(s=v1\.[^&]{12})[^&]*/, "$1")],
  ["negative step", (valid) => valid.replace(/t=\d+/, "t=-4")],
];

for (const [name, corrupt] of malformedLinks) {
  test(`a malformed share link (${name}) shows a message and the default scenario`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await openApp(page, "#/lab/hdd");
    await api(page, "seek", 3);
    const valid = await api<string>(page, "shareUrl");
    expect(valid).toMatch(/t=3/);
    await page.goto("about:blank");
    await page.goto(corrupt(valid));
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    await expect(page.getByTestId("link-error")).toBeVisible();
    await expect(page.getByTestId("link-error")).not.toBeEmpty();
    // The address bar keeps the link the user was sent, so they can still copy it and report it.
    expect(page.url()).toBe(new URL(corrupt(valid)).href);
    // Still usable: the default scenario is loaded and steps.
    await api(page, "seek", 0);
    await page.getByTestId("step-forward").click();
    await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1);
    expect(errors).toEqual([]);
  });
}

test("a malformed scenario file shows the field-level error and the lab keeps working", async ({ page }) => {
  await openApp(page, "#/lab/hdd");
  const good = JSON.parse(readScenario("hdd/sequential-scan.json")) as Record<string, unknown>;
  const bad = JSON.stringify({ ...good, seed: "seven" });
  await page.getByTestId("file-input").setInputFiles({
    name: "bad.json",
    mimeType: "application/json",
    buffer: Buffer.from(bad),
  });
  await expect(page.getByTestId("load-error")).toContainText("seed");
  await expect(page.getByTestId("load-error")).toContainText("unsigned integer");
  await api(page, "seek", 0);
  await page.getByTestId("step-forward").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1);
});

test("a file that is not JSON names the line and column", async ({ page }) => {
  await openApp(page, "#/lab/hdd");
  await page.getByTestId("file-input").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"version": 1,\n  "lab": }'),
  });
  await expect(page.getByTestId("load-error")).toContainText("line 2");
});

test("the API rejects a bad scenario with the JSON path in the message", async ({ page }) => {
  await openApp(page, "#/lab/hdd");
  const good = JSON.parse(readScenario("hdd/sequential-scan.json")) as Record<string, unknown>;
  const message = await page.evaluate(async (scenario) => {
    try {
      await (window as unknown as { __flashlab: { load: (s: unknown) => Promise<unknown> } }).__flashlab.load(scenario);
      return "resolved";
    } catch (error) {
      return (error as Error).message;
    }
  }, { ...good, version: 99 });
  expect(message).toContain("version");
  const state = await api<SimState>(page, "state");
  expect(state.lab).toBe("hdd");
});
