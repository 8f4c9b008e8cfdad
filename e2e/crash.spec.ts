// A panic inside the wasm core must never leave a dead page: the UI shows what happened and a
// working "Restart" that brings the lab back at the step it was on.
import { test as base, expect } from "@playwright/test";
import { api, openApp, type SimState } from "./fixtures";

base("a core panic shows the crash banner and Restart resumes at the same step", async ({ page }) => {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));

  await openApp(page, "#/lab/hdd");
  await api(page, "seek", 25);
  const before = await api<SimState>(page, "state");

  const crash = await api<{ crashed: boolean; message: string }>(page, "debugPanic");
  expect(crash.crashed).toBe(true);
  await expect(page.getByTestId("error-banner")).toBeVisible();
  await expect(page.getByTestId("error-banner")).toContainText(/panic|crash/i);
  // The page itself is alive: navigation still works while crashed.
  await expect(page.getByTestId("lab-title")).toBeVisible();

  await page.getByTestId("restart").click();
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(25);
  expect(await api<SimState>(page, "state")).toEqual(before);
  await page.getByTestId("step-forward").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(26);

  // The only console errors are the core's own panic report (logged by the wasm panic hook).
  expect(consoleErrors.filter((text) => !text.includes("flashlab core panic"))).toEqual([]);
  expect(consoleErrors.some((text) => text.includes("deliberate panic"))).toBe(true);
  expect(pageErrors).toEqual([]);
});
