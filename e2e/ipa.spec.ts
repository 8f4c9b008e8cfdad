// The IPA lab: the route and its panels, every bundled scenario run to its end with every
// invariant holding and the IPA view drawing it, the delta area filling in life-of-page-4711,
// the cell zoom of an append, the compare view's three schemes, and no console error.
import { readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, api, openApp, readScenario, repoRoot, type InvariantReport, type SimState } from "./fixtures";

const FILES = readdirSync(`${repoRoot}/scenarios/ipa`).filter((name) => name.endsWith(".json"));
const PANELS = ["ipa-view", "ipa-step-text", "ipa-page-map", "ipa-delta-records", "ipa-cell-zoom", "ipa-flash-blocks", "ipa-counters", "ipa-chain"];

async function openScenario(page: Page, name: string): Promise<void> {
  await openApp(page, "#/lab/ipa");
  await page.getByTestId("scenario-select").selectOption(name);
  await expect(page.getByTestId("scenario-select")).toHaveValue(name);
  await expect(page.getByTestId("ipa-view")).toBeVisible();
}

async function seekAndSettle(page: Page, step: number): Promise<void> {
  await api(page, "seek", step);
  await expect(page.getByTestId("step-display")).toContainText(step.toLocaleString("en-US"));
}

test("there are bundled IPA scenarios, with the digest's animations", () => {
  for (const name of ["life-of-page-4711", "three-way-race", "mlc-pairing-append", "buffer-size-small", "buffer-size-large", "four-byte-update-to-cells", "rollback-with-ipa"]) {
    expect(FILES).toContain(`${name}.json`);
  }
});

test("the IPA route opens with every panel and no console error", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ipa");
  await expect(page.getByTestId("scenario-select")).toHaveValue("life-of-page-4711");
  expect((await api<SimState>(page, "state")).lab).toBe("ipa");
  await page.getByTestId("step-forward").click();
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText("2");
  await seekAndSettle(page, 20);
  for (const id of PANELS) await expect(page.getByTestId(id)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("life of page 4711: δ1 is appended in place, then the page goes out of place", async ({ page, consoleErrors }) => {
  await openScenario(page, "life-of-page-4711");
  // Step 21 is the checkpoint after Tx1, which only queues the page; step 22 is its
  // write-back on a step of its own: one append, one record on flash.
  await seekAndSettle(page, 21);
  await expect(page.getByTestId("ipa-step-text")).toContainText("1 dirty pages queued");
  await seekAndSettle(page, 22);
  await expect(page.getByTestId("ipa-step-text")).toContainText("write-back of page 0");
  await expect(page.getByTestId("ipa-step-text")).toContainText("1 appends");
  await expect(page.getByTestId("ipa-page-map")).toContainText("1 of 2 delta records");
  await expect(page.getByTestId("ipa-cell-zoom")).toContainText("append to page 0");
  // The append plays pulse by pulse from the core's ISPP replay; the player scrubs the loops.
  await expect(page.getByTestId("ipa-pulse-player")).toBeVisible();
  await page.getByTestId("ipa-pulse-player").getByRole("slider", { name: "ISPP pulse" }).fill("1");
  await expect(page.getByTestId("ipa-pulse-index")).toContainText("pulse 1 of");
  await expect(page.getByTestId("ipa-pulse-index")).toContainText("inhibited");
  // Step 30 (the write-back after Tx3's checkpoint): no free slot, so the page was written out
  // of place with a fresh area.
  await seekAndSettle(page, 30);
  await expect(page.getByTestId("ipa-step-text")).toContainText("1 out-of-place");
  await expect(page.getByTestId("ipa-page-map")).toContainText("0 of 2 delta records");
  expect(consoleErrors).toEqual([]);
});

test("the page map and the cell zoom decode their picture: pairs, unused and appended bytes, cell states", async ({ page, consoleErrors }) => {
  await openScenario(page, "life-of-page-4711");
  await seekAndSettle(page, 22);
  const map = page.getByTestId("ipa-page-map");
  await expect(map).toContainText("unused pair of a programmed record (still 0xFF)");
  await expect(map).toContainText("bytes of the latest append");
  await expect(page.getByTestId("ipa-records-key")).toContainText("⟨value, offset⟩ pairs: the byte's new value in hex, then its offset in the page");
  await expect(page.getByTestId("ipa-zoom-key")).toContainText("hollow: still pulsed");
  await expect(page.getByTestId("ipa-zoom-states")).toContainText(/ER · bit 1|bit 1/);
  await page.getByTestId("ipa-view").screenshot({ path: "test-results/ipa-legends.png" });
  expect(consoleErrors).toEqual([]);
});

test("a checkpoint's write-backs come one per step: the pages' delta areas fill one at a time", async ({ page, consoleErrors }) => {
  await openScenario(page, "mlc-pairing-append");
  // Step 78: the checkpoint only queues its 4 dirty pages.
  await seekAndSettle(page, 78);
  await expect(page.getByTestId("ipa-step-text")).toContainText("4 dirty pages queued");
  await expect(page.getByTestId("ipa-pending")).toContainText("4 write-backs queued");
  // Steps 79–82: one write-back each, an append or (on an MSB page) an out-of-place write.
  for (let k = 0; k < 4; k++) {
    await seekAndSettle(page, 79 + k);
    const text = page.getByTestId("ipa-step-text");
    await expect(text).toContainText(`write-back of page ${k} (${3 - k} still queued)`);
    await expect(text).toContainText(k === 2 ? "1 out-of-place, 0 appends" : "0 out-of-place, 1 appends");
  }
  await expect(page.getByTestId("ipa-pending")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("the [N × M] explorer plots space against the share of appends, simulated per scheme", async ({ page, consoleErrors }) => {
  await openScenario(page, "buffer-size-large");
  const card = page.getByTestId("ipa-tuning");
  await expect(card).toContainText("every scheme ran this scenario's ops");
  for (const n of [1, 2, 3, 4]) await expect(page.getByTestId(`ipa-tuning-curve-${n}`)).toBeVisible();
  // The scenario's own [2 × 3] cell: 18.0 % space, and the share of appends its full run reaches.
  await expect(card.locator(".ipa-tuning-current")).toHaveText("18.0 / 41");
  await api<SimState>(page, "runToEnd");
  await expect(card).toContainText("appended 41.4 %");
  expect(consoleErrors).toEqual([]);
});

test("every invariant holds in every bundled scenario, and the IPA view draws its end", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ipa");
  for (const file of FILES) {
    await api(page, "load", readScenario(`ipa/${file}`));
    await api<SimState>(page, "runToEnd");
    const invariants = await api<InvariantReport[]>(page, "invariants");
    expect(invariants.length, file).toBeGreaterThan(0);
    for (const invariant of invariants) {
      expect(invariant.ok, `${file}: ${invariant.name} ${invariant.detail}`).toBe(true);
    }
    await expect(page.getByTestId("ipa-page-map")).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test("the three-way race shows out-of-place, IPL and IPA side by side", async ({ page, consoleErrors }) => {
  await openScenario(page, "three-way-race");
  await api<SimState>(page, "runToEnd");
  await page.getByTestId("ipa-tab-compare").click();
  await expect(page.getByTestId("ipa-compare")).toBeVisible();
  for (const side of ["out-of-place", "IPL", "IPA"]) await expect(page.getByTestId(`ipa-side-${side}`)).toBeVisible();
  await expect(page.getByTestId("ipa-blocks-oop")).toBeVisible();
  await expect(page.getByTestId("ipa-blocks-ipa")).toBeVisible();
  // IPL's own blocks (erase units with their log sectors) beside the other two.
  await expect(page.getByTestId("ipa-blocks-ipl")).toBeVisible();
  await expect(page.getByTestId("ipa-blocks-ipl")).toContainText("log page");
  expect(consoleErrors).toEqual([]);
});

test("at 1440×900 the IPA page scrolls as one document: the view has no scroll box of its own, the timeline and side panels stay in view", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, "#/lab/ipa");
  await seekAndSettle(page, 60);
  const box = await page.getByTestId("ipa-view").evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
  // The view is taller than the screen and shown whole: nothing is hidden in an inner scroll.
  expect(box.scroll).toBeGreaterThan(900);
  expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
  await expect(page.getByTestId("ipa-tuning")).toBeInViewport();
  await expect(page.getByTestId("play")).toBeInViewport();
  await expect(page.getByTestId("step-display")).toBeInViewport();
  await expect(page.locator(".lab-side")).toBeInViewport();
  expect(consoleErrors).toEqual([]);
});
