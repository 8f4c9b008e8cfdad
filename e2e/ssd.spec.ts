// The SSD & FTL lab: the route and its panels, the FTL's invariants, the over-provisioning
// slider as a scenario edit, and the GC victim label. Every bundled scenario against the CLI is
// in determinism.spec.ts.
import { test, expect, api, openApp, type SimState, type InvariantReport } from "./fixtures";

const PANELS = ["ssd-blockmap", "ssd-timeline", "ssd-wa-chart", "ssd-fill-slider", "ssd-op-slider", "ssd-pattern", "ssd-sources"];

test("the SSD route opens with every panel and no console error", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await expect(page.getByTestId("lab-title")).toHaveText("SSD & FTL");
  for (const id of PANELS) await expect(page.getByTestId(id)).toBeVisible();
  expect((await api<SimState>(page, "state")).lab).toBe("ssd");
  await page.getByTestId("step-forward").click();
  await page.getByTestId("step-forward").click();
  await expect(page.getByTestId("step-display")).toContainText("2");
  // Hovering a block shows its counts.
  const box = await page.getByTestId("ssd-blockmap").locator("canvas").boundingBox();
  expect(box).not.toBeNull();
  if (box) await page.mouse.move(box.x + box.width * 0.25, box.y + 40);
  await expect(page.getByTestId("ssd-block-hover")).toContainText("erased");
  expect(consoleErrors).toEqual([]);
});

test("the die timeline draws its busy intervals on a canvas and names the one under the pointer", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await api(page, "seek", 60);
  const canvas = page.getByTestId("ssd-timeline").locator("canvas");
  const box = await canvas.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  // Along the first lane, from the left edge of the lanes (70 px) to the right.
  let named: string | null = null;
  let at = { x: 0, y: 0 };
  for (let dx = 72; dx < box.width - 10 && named === null; dx += 4) {
    at = { x: dx, y: 10 };
    await page.mouse.move(box.x + at.x, box.y + at.y);
    const tip = page.getByTestId("ssd-timeline-hover");
    if ((await tip.count()) > 0) named = await tip.textContent();
  }
  expect(named).toMatch(/^die \d+: (read|program|GC copy|erase) [\d.,]+ (ns|µs|ms|s)$/);
  // The interval is really drawn where the pointer found it: that pixel is painted.
  const alpha = await canvas.evaluate((c: HTMLCanvasElement, p) => {
    const dpr = c.width / c.clientWidth;
    return c.getContext("2d")?.getImageData(Math.floor(p.x * dpr), Math.floor(p.y * dpr), 1, 1).data[3] ?? 0;
  }, at);
  expect(alpha).toBeGreaterThan(0);
  await page.mouse.move(box.x + 2, box.y + box.height - 2);
  await expect(page.getByTestId("ssd-timeline-hover")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("the GC victim label appears once GC has run", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await page.getByTestId("scenario-select").selectOption("random-writes-gc");
  await api(page, "seek", 100);
  await expect(page.getByTestId("ssd-blockmap")).toBeVisible();
  await expect(page.getByTestId("ssd-gc-victim")).toHaveCount(0);
  // The first GC of this run is at step 2,253 (block 45 on die 0, 25 valid pages).
  await api(page, "seek", 2253);
  const label = page.getByTestId("ssd-gc-victim");
  await expect(label).toHaveText("GC victim: block 45 — 25 valid pages (greedy: fewest valid pages)");
  const metrics = await api<Record<string, number>>(page, "metrics");
  expect(metrics["gc_count"]).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test("moving the over-provisioning slider reloads an edited scenario with another write amplification", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await page.getByTestId("scenario-select").selectOption("random-writes-gc");
  await api(page, "runToEnd");
  const before = await api<Record<string, number>>(page, "metrics");
  expect(before["write_amplification"]).toBeGreaterThan(3);
  const controls = page.getByTestId("ssd-controls");
  await expect(controls).toHaveAttribute("data-op", "0.1");

  await page.getByTestId("ssd-op-slider").fill("0.25");
  await expect(controls).toHaveAttribute("data-op", "0.25");
  await expect(page.getByTestId("ssd-op-slider-value")).toHaveText("25 %");
  const end = await api<SimState>(page, "runToEnd");
  const after = await api<Record<string, number>>(page, "metrics");
  expect(after["write_amplification"]).not.toBe(before["write_amplification"]);
  expect(after["write_amplification"]).toBeLessThan(before["write_amplification"] ?? 0);
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, invariant.name).toBe(true);

  // The edit is an ordinary scenario: its share link replays to the same trace.
  const link = await api<string>(page, "shareUrl");
  await api(page, "load", link);
  const replayed = await api<SimState>(page, "runToEnd");
  expect(replayed.traceHash).toBe(end.traceHash);
  expect(consoleErrors).toEqual([]);
});

test("the pattern select and fill slider edit generated workloads", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await page.getByTestId("scenario-select").selectOption("random-writes-gc");
  await page.getByTestId("ssd-pattern").selectOption("sequential");
  await expect(page.getByTestId("ssd-pattern")).toHaveValue("sequential");
  await page.getByTestId("ssd-fill-slider").fill("0.5");
  await expect(page.getByTestId("ssd-controls")).toHaveAttribute("data-fill", "0.5");
  await api(page, "runToEnd");
  const metrics = await api<Record<string, number>>(page, "metrics");
  expect(metrics["write_amplification"]).toBe(1);
  for (const invariant of await api<InvariantReport[]>(page, "invariants")) expect(invariant.ok, invariant.name).toBe(true);
  // Explicit ops have no pattern.
  await page.getByTestId("scenario-select").selectOption("explicit-ops");
  await expect(page.getByTestId("ssd-pattern")).toBeDisabled();
  expect(consoleErrors).toEqual([]);
});

test("the block map's Pages / Erase count buttons show their focus ring inside the clipped group", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd?scenario=gc-greedy&t=3000");
  await page.getByTestId("ssd-mode-pages").focus();
  for (const id of ["ssd-mode-wear", "ssd-mode-pages"]) {
    await page.keyboard.press(id === "ssd-mode-wear" ? "Tab" : "Shift+Tab");
    const ring = await page.getByTestId(id).evaluate((el) => {
      const cs = getComputedStyle(el);
      const clipped = getComputedStyle(el.parentElement as Element).overflow === "hidden";
      return { focused: el.matches(":focus-visible"), style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), offset: parseFloat(cs.outlineOffset), clipped };
    });
    expect(ring.focused, id).toBe(true);
    expect(ring.style, id).not.toBe("none");
    // A ring drawn outside a group that clips its children is invisible.
    if (ring.clipped) expect(ring.offset + ring.width, id).toBeLessThanOrEqual(0);
  }
  expect(consoleErrors).toEqual([]);
});

test("a scenario link asking for a step past the run's end says where it stopped", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd?scenario=explicit-ops&t=999999");
  const total = (await api<SimState>(page, "state")).totalSteps ?? 0;
  await expect(page.getByTestId("link-notice")).toContainText("asks for step 999,999");
  await expect(page.getByTestId("link-notice")).toContainText(`ends at step ${total.toLocaleString("en-US")}`);
  expect(consoleErrors).toEqual([]);
});

test("the block map zooms about its centre and pans, and hovering still names the block under the pointer", async ({ page, consoleErrors }) => {
  await openApp(page, "#/lab/ssd");
  await api(page, "step", 200);
  const zoom = page.getByTestId("ssd-map-zoom");
  const viewport = zoom.locator(".panzoom-viewport");
  const vb = await viewport.boundingBox();
  expect(vb).not.toBeNull();
  if (!vb) return;
  const [cx, cy] = [vb.x + vb.width / 2, vb.y + vb.height / 2];
  const [px, py] = [vb.x + vb.width * 0.4, vb.y + vb.height * 0.45];
  await page.mouse.move(px, py);
  const hover = page.getByTestId("ssd-block-hover");
  await expect(hover).toBeVisible();
  const block = await hover.getAttribute("data-block");
  await expect(zoom).toHaveAttribute("data-scale", "1.000");
  await page.getByTestId("panzoom-in").click();
  await expect(zoom).toHaveAttribute("data-scale", "1.500");
  // Zoomed 1.5× about the centre: the same block now lies 1.5× as far from the centre.
  await page.mouse.move(cx + (px - cx) * 1.5, cy + (py - cy) * 1.5);
  await expect(hover).toHaveAttribute("data-block", block ?? "");
  const content = zoom.locator(".panzoom-content");
  const before = await content.getAttribute("style");
  await viewport.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => content.getAttribute("style")).not.toBe(before);
  await page.keyboard.press("0");
  await expect(zoom).toHaveAttribute("data-scale", "1.000");
  await expect(page.getByTestId("panzoom-reset")).toBeDisabled();
  expect(consoleErrors).toEqual([]);
});

test("the zoom's buttons sit above the block map and the FD+tree levels, covering none of their labels", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [lab, zoomId] of [["ssd", "ssd-map-zoom"], ["fdtree", "fd-levels-zoom"], ["nand", "nand-vth-zoom"]] as const) {
    await openApp(page, `#/lab/${lab}`);
    const zoom = page.getByTestId(zoomId);
    const controls = await zoom.locator(".panzoom-controls").boundingBox();
    const view = await zoom.locator(".panzoom-viewport").boundingBox();
    expect(controls, lab).not.toBeNull();
    expect(view, lab).not.toBeNull();
    if (!controls || !view) return;
    expect(controls.y + controls.height, lab).toBeLessThanOrEqual(view.y + 0.5);
    // The drawing fits its viewport: the zoom's row did not push it out of its card.
    const inner = await zoom.locator(".panzoom-viewport").evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
    expect(inner.scroll, lab).toBeLessThanOrEqual(inner.client + 1);
  }
  expect(consoleErrors).toEqual([]);
});
