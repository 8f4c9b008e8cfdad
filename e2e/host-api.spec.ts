// The host API (DESIGN §3.4, docs/EMBEDDING.md) across two origins: public/host-example.html is
// served from its own server (http://localhost:<port>) and embeds the app (http://127.0.0.1:<port>).
// It drives the lab with commands, hears its events, and throws hostile messages at it; a host
// that the embed does not name is never heard nor answered.
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Frame, Page } from "@playwright/test";
import { test, expect, repoRoot, type SimState } from "./fixtures";

interface LabMessage {
  flashlab: number;
  type: string;
  id?: string | number | null;
  field?: string;
  message?: string;
  [key: string]: unknown;
}

let server: Server;
let hostOrigin = "";

test.beforeAll(async () => {
  const page = readFileSync(`${repoRoot}/public/host-example.html`, "utf8");
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  hostOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function messages(page: Page): Promise<LabMessage[]> {
  return page.evaluate(() => (window as unknown as { flashlabMessages: LabMessage[] }).flashlabMessages);
}

async function send(page: Page, message: Record<string, unknown>): Promise<number> {
  return page.evaluate((m) => (window as unknown as { sendToLab(m: unknown): number }).sendToLab(m), message);
}

/** The message answering command `id` (its reply or its error). */
async function answer(page: Page, id: number): Promise<LabMessage> {
  let found: LabMessage | undefined;
  await expect
    .poll(async () => {
      found = (await messages(page)).find((m) => m.id === id && (m.type === "reply" || m.type === "error"));
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error("no answer");
  return found;
}

function labFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes("embed=1"));
  if (!frame) throw new Error("no embedded lab");
  return frame;
}

async function labState(page: Page): Promise<SimState> {
  return labFrame(page).evaluate(() => (window as unknown as { __flashlab: { state(): Promise<SimState> } }).__flashlab.state());
}

async function openHost(page: Page, baseURL: string | undefined, lab: string): Promise<void> {
  await page.goto(`${hostOrigin}/host-example.html?app=${encodeURIComponent(baseURL ?? "")}&lab=${lab}`);
  await expect.poll(async () => (await messages(page)).some((m) => m.type === "loaded"), { timeout: 30_000 }).toBe(true);
}

test("a host page on another origin drives the lab and hears its events", async ({ page, baseURL }) => {
  await openHost(page, baseURL, "hdd");
  const loaded = (await messages(page)).find((m) => m.type === "loaded");
  expect(loaded).toMatchObject({ flashlab: 1, lab: "hdd" });
  expect(loaded?.traceHash).toBe((await labState(page)).traceHash);

  const seek = await answer(page, await send(page, { type: "seek", step: 30 }));
  expect(seek).toMatchObject({ type: "reply", command: "seek", result: { step: 30 } });
  expect((await labState(page)).step).toBe(30);
  await expect.poll(async () => (await messages(page)).some((m) => m.type === "step" && m.step === 30)).toBe(true);

  const stepped = await answer(page, await send(page, { type: "step", n: 5 }));
  expect(stepped).toMatchObject({ type: "reply", result: { step: 35 } });

  const got = await answer(page, await send(page, { type: "getState" }));
  const result = got.result as { state: SimState; invariants: { ok: boolean }[]; metrics: Record<string, number> };
  expect(result.state.step).toBe(35);
  expect(result.state.traceHash).toBe((await labState(page)).traceHash);
  expect(result.invariants.length).toBeGreaterThan(0);
  expect(result.invariants.every((i) => i.ok)).toBe(true);
  expect(Object.keys(result.metrics).length).toBeGreaterThan(0);

  await answer(page, await send(page, { type: "panels", show: ["invariants", "timeline"] }));
  const inner = page.frameLocator("#lab");
  await expect(inner.getByTestId("invariants-panel")).toBeVisible();
  await expect(inner.getByTestId("scrubber")).toBeVisible();
  await answer(page, await send(page, { type: "panels", show: [] }));
  await expect(inner.getByTestId("invariants-panel")).toHaveCount(0);
  await expect(inner.getByTestId("scrubber")).toHaveCount(0);

  await answer(page, await send(page, { type: "speed", speed: 0.5 }));
  await answer(page, await send(page, { type: "play" }));
  await expect.poll(async () => (await labState(page)).step, { timeout: 20_000 }).toBeGreaterThan(40);
  await answer(page, await send(page, { type: "pause" }));

  // A lesson: started by the host, answered in the frame (every choice question, first choice),
  // scored back to the host question by question and at the end.
  const tourFile = JSON.parse(readFileSync(`${repoRoot}/scenarios/hdd/tours/1-seek-rotate-transfer.json`, "utf8")) as {
    steps: { question?: { kind: string } }[];
  };
  const lesson = await answer(page, await send(page, { type: "lesson", name: "1-seek-rotate-transfer" }));
  expect(lesson).toMatchObject({ type: "reply", result: { lesson: "1-seek-rotate-transfer", steps: tourFile.steps.length } });
  const verdicts: boolean[] = [];
  for (let i = 1; i < tourFile.steps.length; i += 1) {
    await inner.getByTestId("tour-next").click();
    await expect(inner.getByTestId("tour-panel")).toHaveAttribute("data-index", String(i));
    if (tourFile.steps[i]?.question?.kind !== "choice") continue;
    await inner.getByTestId("tour-choice").first().check();
    await inner.getByTestId("tour-check").click();
    await expect(inner.getByTestId("tour-verdict")).toBeVisible();
    const correct = (await inner.getByTestId("tour-verdict").getAttribute("data-correct")) === "true";
    verdicts.push(correct);
    await expect
      .poll(async () => (await messages(page)).find((m) => m.type === "questionAnswered" && m.question === i))
      .toMatchObject({ lesson: "1-seek-rotate-transfer", answer: { choice: 0 }, correct });
  }
  expect(verdicts.length).toBeGreaterThan(0);
  const right = verdicts.filter(Boolean).length;
  await expect.poll(async () => (await messages(page)).some((m) => m.type === "lessonCompleted")).toBe(true);
  const completed = (await messages(page)).filter((m) => m.type === "lessonCompleted");
  expect(completed).toHaveLength(1);
  expect(completed[0]).toMatchObject({ lesson: "1-seek-rotate-transfer", right, asked: verdicts.length });
  expect(String(completed[0]?.code)).toMatch(new RegExp(`^hdd\\.1-seek-rotate-transfer\\.d\\.${right}of${verdicts.length}\\.[A-Za-z0-9_-]+\\.[0-9a-z]{6}$`));
  await expect(page.locator("#scores")).toContainText(String(completed[0]?.code));
  await expect(inner.getByTestId("tour-code")).toHaveText(String(completed[0]?.code));

  // Loading a share link keeps the lab embedded and answering the same host.
  const link = await labFrame(page).evaluate(() => (window as unknown as { __flashlab: { shareUrl(): Promise<string> } }).__flashlab.shareUrl());
  const reloaded = await answer(page, await send(page, { type: "load", scenario: link }));
  expect(reloaded.type).toBe("reply");
  await expect(inner.getByTestId("embed")).toBeVisible();
  expect(await answer(page, await send(page, { type: "getState" }))).toMatchObject({ type: "reply" });
});

test("hostile messages get an error naming the field, floods are refused, and the lab keeps working", async ({ page, baseURL }) => {
  await openHost(page, baseURL, "hdd");
  const cases: [Record<string, unknown>, string][] = [
    [{ type: "explode" }, "type"],
    [{ type: "seek", step: "thirty" }, "step"],
    [{ type: "seek", step: -4 }, "step"],
    [{ type: "speed", speed: 1e12 }, "speed"],
    [{ type: "panels", show: ["secrets"] }, "show[0]"],
    [{ type: "load", scenario: "x".repeat(5 * 1024 * 1024) }, "scenario"],
    [{ type: "load", scenario: '{"version": 1, "lab": "hdd"}' }, "scenario"],
    [{ type: "lesson", name: "no-such-lesson" }, "name"],
  ];
  for (const [message, field] of cases) {
    const reply = await answer(page, await send(page, message));
    expect(reply, JSON.stringify(message).slice(0, 80)).toMatchObject({ type: "error", field });
    expect(String(reply.message).length).toBeLessThan(600);
  }
  // Not an object, or the wrong version: an error without an id.
  await page.evaluate(() => {
    const frame = document.getElementById("lab") as HTMLIFrameElement;
    const origin = new URL(frame.src).origin;
    frame.contentWindow?.postMessage("play", origin);
    frame.contentWindow?.postMessage({ flashlab: 9, type: "play" }, origin);
  });
  await expect.poll(async () => (await messages(page)).filter((m) => m.type === "error" && (m.field === "message" || m.field === "flashlab")).length).toBe(2);

  // A thousand messages at once: at most the burst is served, the rest refused with one error.
  await page.waitForTimeout(3000); // let the bucket refill after the cases above
  const before = (await messages(page)).length;
  await page.evaluate(() => {
    const send = (window as unknown as { sendToLab(m: unknown): number }).sendToLab;
    for (let i = 0; i < 1000; i += 1) send({ type: "pause" });
  });
  await page.waitForTimeout(2000);
  const flood = (await messages(page)).slice(before);
  const replies = flood.filter((m) => m.type === "reply").length;
  expect(replies).toBeGreaterThanOrEqual(50);
  expect(replies).toBeLessThan(120);
  expect(flood.filter((m) => m.type === "error" && String(m.message).startsWith("too many messages")).length).toBeGreaterThanOrEqual(1);

  // Still working.
  await page.waitForTimeout(3000);
  expect(await answer(page, await send(page, { type: "seek", step: 12 }))).toMatchObject({ type: "reply", result: { step: 12 } });
  await expect(page.frameLocator("#lab").getByTestId("embed")).toBeVisible();
});

test("an embed that names another host ignores this page and tells it nothing", async ({ page, baseURL }) => {
  await page.goto(`${hostOrigin}/host-example.html?app=${encodeURIComponent(baseURL ?? "")}&lab=hdd`);
  // The first embed (which answers this page) sends "loaded" then a "step" at step 0: let both
  // arrive before clearing, or a late one is taken for the second embed's (it was, once).
  await expect.poll(async () => (await messages(page)).map((m) => m.type)).toEqual(expect.arrayContaining(["loaded", "step"]));
  // Re-point the iframe at an embed that answers only http://localhost:1.
  await page.evaluate((app) => {
    (window as unknown as { flashlabMessages: unknown[] }).flashlabMessages.length = 0;
    const frame = document.getElementById("lab") as HTMLIFrameElement;
    // A new document (the query differs), so the embed starts afresh with its own host.
    frame.src = `${app}?other-host#/lab/hdd?embed=1&host=${encodeURIComponent("http://localhost:1")}`;
  }, baseURL ?? "");
  await expect.poll(async () => page.frames().some((f) => f.url().includes("localhost%3A1"))).toBe(true);
  const frame = page.frames().find((f) => f.url().includes("localhost%3A1"));
  if (!frame) throw new Error("no frame");
  await expect(frame.locator("body")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await send(page, { type: "seek", step: 25 });
  await page.waitForTimeout(1500);
  expect(await messages(page)).toEqual([]);
  const state = await frame.evaluate(() => (window as unknown as { __flashlab: { state(): Promise<SimState> } }).__flashlab.state());
  expect(state.step).toBe(0);
});
