// Pseudo-code beside the view, lit by the core (issue 31, item 2): the panel's current line is
// the one the core says the latest step ran, so it follows the timeline when you seek.
import { test, expect, api, openApp } from "./fixtures";

async function litLine(page: import("@playwright/test").Page): Promise<string | null> {
  const current = page.locator('[data-testid="pseudo-line"][data-current="true"]');
  return (await current.count()) === 0 ? null : current.getAttribute("data-line");
}

test("the NAND lab's ISPP line follows seek: start, pulses and verifies, then the end", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/nand?scenario=slc-program-and-append");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  await expect(page.getByTestId("pseudo-line")).toHaveCount(5);
  const seen: (string | null)[] = [];
  for (let step = 0; step <= 12; step++) {
    await api(page, "seek", step);
    await expect.poll(async () => (await page.getByTestId("pseudo-panel").getAttribute("data-step")) ?? "").toBe(String(step));
    seen.push(await litLine(page));
  }
  expect(seen[0]).toBeNull();
  await api(page, "seek", 0);
  await expect(page.getByTestId("pseudo-status")).toHaveText("No line has run yet");
  expect(seen).toContain("ispp.start");
  expect(seen).toContain("ispp.pulse");
  expect(seen).toContain("ispp.verify");
  // Seeking back lights the same line again: the highlight is a function of the step.
  const at = seen.indexOf("ispp.pulse");
  await api(page, "seek", 0);
  await api(page, "seek", at);
  await expect.poll(() => litLine(page)).toBe("ispp.pulse");
  expect(consoleErrors).toEqual([]);
});

test("the SSD lab's GC lines light up when GC runs", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd?scenario=gc-greedy");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  await api(page, "seek", 0);
  await api(page, "runToEnd");
  const ran = page.locator('[data-testid="pseudo-line"].ran, [data-testid="pseudo-line"][data-current="true"]');
  await expect.poll(() => ran.count()).toBeGreaterThan(0);
  await page.getByTestId("pseudo-panel").locator("summary").click();
  await expect(page.getByTestId("pseudo-line").first()).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

/**
 * Every line lit (current or ran) at some step of `steps`, seeking to each in turn; stops early
 * once every line of `want` has been seen.
 */
async function litAt(page: import("@playwright/test").Page, steps: number[], want: string[] = []): Promise<Set<string>> {
  const seen = new Set<string>();
  const lit = page.locator('[data-testid="pseudo-line"].ran, [data-testid="pseudo-line"][data-current="true"]');
  for (const step of steps) {
    await api(page, "seek", step);
    await expect.poll(async () => (await page.getByTestId("pseudo-panel").getAttribute("data-step")) ?? "").toBe(String(step));
    for (const line of await lit.evaluateAll((els) => els.map((e) => e.getAttribute("data-line") ?? ""))) seen.add(line);
    if (want.length > 0 && want.every((w) => seen.has(w))) break;
  }
  return seen;
}

test("IPA's write-back lights an in-place append and an out-of-place write", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ipa?scenario=life-of-page-4711");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  const total = (await api<{ totalSteps: number | null }>(page, "state")).totalSteps ?? 60;
  const seen = await litAt(page, Array.from({ length: Math.min(total, 60) }, (_, i) => i + 1));
  expect([...seen]).toEqual(expect.arrayContaining(["ipa.append", "ipa.out_of_place"]));
  expect(consoleErrors).toEqual([]);
});

test("FlashLogging's listing shows for a FlashLogging run, Append/Pack's for an A/P run, none for the ideal disk", async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, "#/lab/flashlog?scenario=outlier-reissued");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  const seen = await litAt(page, Array.from({ length: 30 }, (_, i) => i + 1));
  expect([...seen]).toEqual(expect.arrayContaining(["fl.commit", "fl.dispatch", "fl.complete"]));
  await openApp(page, "#/lab/flashlog?scenario=append-pack-packing");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  const apSteps = (await api<{ totalSteps: number | null }>(page, "state")).totalSteps ?? 420;
  const apWant = ["ap.write", "ap.append", "ap.pack"];
  const ap = await litAt(page, Array.from({ length: Math.min(apSteps, 420) }, (_, i) => i + 1), apWant);
  expect([...ap]).toEqual(expect.arrayContaining(apWant));
  expect([...ap].filter((l) => l.startsWith("fl."))).toEqual([]);
  await openApp(page, "#/lab/flashlog?scenario=ideal-disk-loses-commits");
  await expect(page.getByTestId("pseudo-panel")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("FD+FC's listings follow a client's op and the wavefront merge; FD+DS has none", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/fdtree?scenario=merge-block-by-block");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  const total = (await api<{ totalSteps: number | null }>(page, "state")).totalSteps ?? 300;
  const want = ["op.start", "op.answer", "op.done", "merge.begin", "merge.read", "merge.insert", "merge.wavefront"];
  const seen = await litAt(page, Array.from({ length: Math.min(total, 300) }, (_, i) => i + 1), want);
  expect([...seen]).toEqual(expect.arrayContaining(want));
  await openApp(page, "#/lab/fdtree?scenario=ds-writers-wait");
  await expect(page.getByTestId("pseudo-panel")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("MaSM's listing follows updates, the flush and a scan merging runs; the row/column scan plan follows the streams", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/masm?scenario=life-of-an-update");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  const total = (await api<{ totalSteps: number | null }>(page, "state")).totalSteps ?? 304;
  const want = ["masm.update", "masm.flush", "masm.scan_open", "masm.scan_io", "masm.scan_merge"];
  const seen = await litAt(page, Array.from({ length: Math.min(total, 304) }, (_, i) => i + 1), want);
  expect([...seen]).toEqual(expect.arrayContaining(want));
  await openApp(page, "#/lab/layouts?scenario=crossover-disk");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  const columns = await litAt(page, Array.from({ length: 60 }, (_, i) => i + 1), ["lc.read_column", "lc.seek"]);
  expect([...columns]).toEqual(expect.arrayContaining(["lc.read_column", "lc.seek"]));
  expect([...columns]).not.toContain("lc.read_row");
  expect(consoleErrors).toEqual([]);
});

test("the HDD's listing follows a request from the queue through the pick to its completion", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/hdd?scenario=random-reads-sstf");
  await expect(page.getByTestId("pseudo-panel")).toBeVisible();
  const want = ["hdd.arrive", "hdd.pick", "hdd.service", "hdd.complete"];
  const seen = await litAt(page, Array.from({ length: 80 }, (_, i) => i + 1), want);
  expect([...seen]).toEqual(expect.arrayContaining(want));
  expect(consoleErrors).toEqual([]);
});
