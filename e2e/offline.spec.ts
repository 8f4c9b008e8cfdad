// Offline (issue 33 item 2): the production build's service worker keeps the app shell and the
// cores of the labs opened, so a lab opened once, and a share link to it, open with the network
// cut; "keep every lab" caches every group's core; a new build's worker replaces the old cache.
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { test, expect, api, repoRoot, type SimState } from "./fixtures";

test.use({ serviceWorkers: "allow" });

test("a lab opened once works offline, and so does a share link to it", async ({ page, context }) => {
  await page.goto("./#/lab/hdd");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("body")).toHaveAttribute("data-offline-labs", /\bhdd\b/, { timeout: 30_000 });
  const online = await api<SimState>(page, "state");
  await api(page, "seek", 20);
  const link = await api<string>(page, "shareUrl");
  const atLink = await api<SimState>(page, "state");

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await page.goto("./#/lab/hdd");
  await expect.poll(async () => (await api<SimState>(page, "state")).lab).toBe("hdd");
  await api(page, "seek", 0);
  expect((await api<SimState>(page, "state")).traceHash).toBe(online.traceHash);

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.locator("body")).toHaveAttribute("data-ready", "true");
  const shared = await api<SimState>(other, "state");
  expect(shared.step).toBe(20);
  expect(shared.traceHash).toBe(atLink.traceHash);
  await expect(other.getByTestId("link-error")).toHaveCount(0);
  await context.setOffline(false);
});

test("after \"keep every lab\", a lab never opened works offline in a new tab", async ({ page, context }) => {
  await page.goto("./#/");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.locator("body")).toHaveAttribute("data-offline", "page", { timeout: 30_000 });
  await page.getByTestId("save-all-labs").click();
  await expect(page.locator("body")).toHaveAttribute("data-offline", "all", { timeout: 30_000 });
  await expect(page.getByTestId("offline-note")).toContainText("Every lab works without a network");

  // A new tab (the first visit's simulation worker started before the service worker did, so
  // only pages opened after it fetch through it).
  await context.setOffline(true);
  const later = await context.newPage();
  await later.goto("./#/lab/layouts");
  await expect(later.locator("body")).toHaveAttribute("data-ready", "true");
  await expect.poll(async () => (await api<SimState>(later, "state")).lab, { timeout: 30_000 }).toBe("layouts");
  expect((await api<SimState>(later, "state")).traceHash).toMatch(/^[0-9a-f]{16}$/);
  await expect(later.getByTestId("load-error")).toHaveCount(0);
  await context.setOffline(false);
});

test("a new build's worker replaces the old one and deletes its cache once the old pages are closed", async ({ context }) => {
  // The takeover poll alone may take 60 s; the steps before it took ~30 s on 2 loaded cores
  // (the full run timed out at the default 60 s while the poll was still inside its budget).
  test.setTimeout(180_000);
  // dist/ served by a server of the test's own, whose sw.js can become the next build's.
  const dist = `${repoRoot}/dist`;
  const built = readFileSync(`${dist}/sw.js`, "utf8");
  const version = /"version":"([0-9a-f]{16})"/.exec(built)?.[1] ?? "";
  let worker = built;
  const types: Record<string, string> = { js: "text/javascript", css: "text/css", wasm: "application/wasm", html: "text/html", svg: "image/svg+xml", json: "application/json", webmanifest: "application/manifest+json" };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path === "/" ? "/index.html" : path;
    if (file.includes("..") || !existsSync(`${dist}${file}`)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream", "cache-control": "no-cache" });
    res.end(file === "/sw.js" ? worker : readFileSync(`${dist}${file}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const cacheNames = (page: Page): Promise<string[]> => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("flashlab-")));
    const first = await context.newPage();
    await first.goto(`${origin}/#/`);
    await expect(first.locator("body")).toHaveAttribute("data-offline", "page", { timeout: 30_000 });
    expect(await cacheNames(first)).toEqual([`flashlab-${version}`]);

    // The next build: the same worker with another version (any change to a built file does that).
    worker = built.replace(`"version":"${version}"`, '"version":"nextbuild"');
    await first.close();
    const second = await context.newPage();
    await second.goto(`${origin}/#/`);
    await expect(second.locator("body")).toHaveAttribute("data-ready", "true");
    // It installs beside the old one while a page of the old one is open…
    await expect.poll(async () => (await cacheNames(second)).sort()).toEqual([`flashlab-${version}`, "flashlab-nextbuild"].sort());
    await second.close();
    // …and takes over, deleting the old cache, once none is. A page opened before the close has
    // released its client is still the old worker's and keeps the new one waiting (on a loaded
    // machine that race was lost once), so each try opens a fresh page and closes it again.
    await expect
      .poll(
        async () => {
          const third = await context.newPage();
          await third.goto(`${origin}/#/`);
          await expect(third.locator("body")).toHaveAttribute("data-ready", "true");
          const names = await cacheNames(third);
          await third.close();
          return names;
        },
        { timeout: 60_000 },
      )
      .toEqual(["flashlab-nextbuild"]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
