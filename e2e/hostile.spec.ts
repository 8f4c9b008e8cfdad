// Hostile input and the page's boundaries (issue 14, "Bad input"), on the production build:
// 1. The page sets a Content-Security-Policy that forbids inline script (meta tag injected by
//    vite.config.ts at build), an inline script really is refused, and every route runs under it
//    with no violation and no console error.
// 2. Every route (home, every lab, results, a tour, embed mode) requests nothing from any origin
//    but the page's own.
// 3. Hostile scenarios loaded through the scenario-file button and a share link (markup and
//    script in the title, the file name, field names and values; huge counts; deep nesting;
//    enormous strings) are rejected with a message naming the field, or shown as inert text: no
//    dialog opens, no element is injected, no script runs, and the app stays usable.
import { deflateRawSync } from "node:zlib";
import { test as base, type Page } from "@playwright/test";
import { api, expect, LAB_IDS, openApp, readScenario, test, type SimState } from "./fixtures";

const ROUTES = ["#/", ...LAB_IDS.map((lab) => `#/lab/${lab}`), "#/results", "#/lab/ssd?tour=1-why-gc-copies", "#/lab/hdd?embed=1&controls=1&panels=1"];

/** Records CSP violations and whether any injected script ran, from before the page's own code. */
async function watchPage(page: Page): Promise<{ dialogs: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { dialogs };
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** Nothing a hostile scenario carried has become an element or run as script. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  const injected = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    images: document.querySelectorAll('img[src="x"], img[onerror]').length,
    inlineScripts: document.querySelectorAll("script:not([src])").length,
    handlers: document.querySelectorAll("[onerror], [onload], [onclick]").length,
  }));
  expect(injected).toEqual({ pwned: null, images: 0, inlineScripts: 0, handlers: 0 });
  expect(dialogs).toEqual([]);
}

test("the production page sets a CSP that forbids inline script and allows WebAssembly", async ({ page, consoleErrors }) => {
  await watchPage(page);
  await openApp(page, "#/lab/hdd");
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).not.toBeNull();
  const directives = new Map((policy ?? "").split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  expect(directives.get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(directives.get("default-src")).toEqual(["'self'"]);
  expect(directives.get("object-src")).toEqual(["'none'"]);
  expect(directives.get("connect-src")).toEqual(["'self'"]);
  // The core runs under it (it is WebAssembly in a worker).
  await api(page, "seek", 0);
  await page.getByTestId("step-forward").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1);
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

base("an inline script inserted into the page is refused by the CSP", async ({ page }) => {
  await watchPage(page);
  await openApp(page, "#/lab/hdd");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__pwned = 'inline';";
    document.body.append(script);
    const div = document.createElement("div");
    div.innerHTML = '<img src="data:," onerror="window.__pwned = \'handler\'">';
    document.body.append(div);
  });
  await expect.poll(async () => (await violations(page)).length).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null)).toBeNull();
  expect((await violations(page)).every((v) => v.startsWith("script-src"))).toBe(true);
});

test("every route runs under the CSP with no violation and requests nothing from another origin", async ({ page, consoleErrors, baseURL }) => {
  test.setTimeout(240_000);
  await watchPage(page);
  const own = new URL(baseURL ?? "http://127.0.0.1/").origin;
  const foreign: string[] = [];
  const seen: string[] = [];
  // The context sees the page's, its workers' and its frames' requests.
  page.context().on("request", (request) => {
    const url = request.url();
    seen.push(url);
    if (url.startsWith("data:") || url === "about:blank") return;
    const origin = url.startsWith("blob:") ? new URL(url.slice(5)).origin : new URL(url).origin;
    if (origin !== own) foreign.push(url);
  });
  for (const route of ROUTES) {
    await page.goto("about:blank");
    await openApp(page, route);
    if (route.startsWith("#/lab/")) {
      await api(page, "seek", 0);
      await api(page, "step", 3);
      await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(3);
    }
    if (route === "#/results") await expect(page.locator("table").first()).toBeVisible({ timeout: 120_000 });
    await page.waitForTimeout(300);
    expect(await violations(page), `CSP violations on ${route}`).toEqual([]);
  }
  expect(foreign, "requests to another origin").toEqual([]);
  expect(seen.some((url) => url.endsWith(".wasm")), "the .wasm was seen, so worker requests are observed").toBe(true);
  expect(consoleErrors).toEqual([]);
});

const MARKUP_TITLE = `<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2;alert(2)</script>`;

function hdd(edit: (doc: Record<string, unknown>) => void): string {
  const doc = JSON.parse(readScenario("hdd/sequential-scan.json")) as Record<string, unknown>;
  edit(doc);
  return JSON.stringify(doc);
}

async function loadFile(page: Page, text: string, name = "hostile.json"): Promise<void> {
  await page.getByTestId("file-input").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

async function stillSteps(page: Page): Promise<void> {
  await api(page, "seek", 0);
  await page.getByTestId("step-forward").click();
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(1);
}

const rejected: [string, () => string, RegExp][] = [
  ["a markup field name", () => hdd((d) => (d['<img src=x onerror="alert(4)">'] = 1)), /<img src=x onerror="alert\(4\)">: unknown field/],
  ["a script as a preset name", () => hdd((d) => (d["device"] = { preset: "<script>alert(5)</script>" })), /device\.preset: .*<script>alert\(5\)<\/script>/],
  ["a huge request count", () => hdd((d) => (d["workload"] = { kind: "sequential_scan", requests: 1e12, request_bytes: 4096 })), /workload\.requests/],
  ["a count past 2^64", () => hdd((d) => (d["params"] = { scheduler: "fcfs", queue_depth: 1e30 })), /params\.queue_depth/],
  ["100,001 explicit ops", () => hdd((d) => (d["workload"] = { ops: Array.from({ length: 100_001 }, () => ({ op: "read", lba: 0, count: 8 })) })), /workload/],
  ["nesting 20,000 deep", () => readScenario("hdd/sequential-scan.json").replace('"device":', `"deep": ${"[".repeat(20_000)}${"]".repeat(20_000)}, "device":`), /scenario: not valid JSON.*recursion limit/],
  ["a 1 MB title", () => hdd((d) => (d["title"] = "<b>x</b>".repeat(125_000))), /title: longer than the limit/],
  ["a 5 MB string", () => hdd((d) => (d["notes"] = MARKUP_TITLE.repeat(60_000))), /scenario: (\d+ bytes is|the file is [\d.]+ MiB,) over the limit/],
];

test("hostile scenario files are rejected naming the field, nothing runs, and the app stays usable", async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  const { dialogs } = await watchPage(page);
  await openApp(page, "#/lab/hdd");
  for (const [name, make, message] of rejected) {
    await loadFile(page, make());
    await expect(page.getByTestId("load-error"), name).toHaveText(message, { timeout: 60_000 });
    await expectInert(page, dialogs);
    await stillSteps(page);
    await page.getByRole("button", { name: "Dismiss" }).first().click();
    await expect(page.getByTestId("load-error")).toHaveCount(0);
  }
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("markup in a title and a file name is shown as text, never run, and another lab still steps", async ({ page, consoleErrors }) => {
  const { dialogs } = await watchPage(page);
  await openApp(page, "#/lab/hdd");
  const fileName = `<img src=x onerror="alert(3)">.json`;
  await loadFile(page, hdd((d) => (d["title"] = MARKUP_TITLE)), fileName);
  await expect(page.getByTestId("scenario-select").locator("option:checked")).toHaveText(`From file: ${fileName}`);
  await expect(page.getByTestId("load-error")).toHaveCount(0);
  expect((await api<SimState>(page, "state")).lab).toBe("hdd");
  await stillSteps(page);
  await expectInert(page, dialogs);

  // The same title through a share link: the picker shows it, as text.
  const json = hdd((d) => (d["title"] = MARKUP_TITLE));
  const payload = deflateRawSync(Buffer.from(json)).toString("base64url");
  await page.goto("about:blank");
  await openApp(page, `#/lab/hdd?s=v1.${payload}&t=2`);
  await expect(page.getByTestId("scenario-select").locator("option:checked")).toHaveText(`From link: ${MARKUP_TITLE}`);
  await expect.poll(async () => (await api<SimState>(page, "state")).step).toBe(2);
  await expectInert(page, dialogs);

  // Another lab opens and steps.
  await page.evaluate(() => (window.location.hash = "#/lab/ssd"));
  await expect.poll(async () => (await api<SimState>(page, "state")).lab, { timeout: 30_000 }).toBe("ssd");
  await stillSteps(page);
  await expectInert(page, dialogs);
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
