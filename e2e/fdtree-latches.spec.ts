// The FD+tree latch view (issue 28 item 6): in a bundled FD+FC scenario, stepping through the run
// until the lock table shows the merge waiting (X) for a block a lookup holds (S), the latch
// panel, the mark on the block in the levels and the lookup's cursor all show it.
import { test, expect, api, openApp, readScenario, type SimState } from "./fixtures";

test("the latch view shows a lookup holding a block while the merge waits for it", async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  await openApp(page, "#/lab/fdtree");
  await api(page, "load", readScenario("fdtree/why-worst-case-latency.json"));
  await expect(page.getByTestId("fd-view")).toBeVisible();
  // Step one event at a time; after each, wait until the view shows that step, then look for
  // a latch row held in S with the merge in its queue.
  const found = await page.evaluate(async () => {
    const fl = (window as unknown as { __flashlab: { step(n: number): Promise<{ step: number; done: boolean }> } }).__flashlab;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let i = 0; i < 3000; i++) {
      const s = await fl.step(1);
      const label = s.step.toLocaleString("en-US");
      for (let f = 0; f < 120 && !(document.querySelector("[data-testid=step-display]")?.textContent ?? "").includes(label); f++) await frame();
      await frame();
      for (const row of document.querySelectorAll<HTMLElement>("[data-testid=fd-latch-row]")) {
        if (row.dataset.holderMode === "S" && (row.dataset.waiters ?? "").split(" ").includes("merge")) {
          return { step: s.step, block: Number(row.dataset.block), holders: row.dataset.holders ?? "" };
        }
      }
      if (s.done) break;
    }
    return null;
  });
  expect(found, "no step shows the merge waiting behind a reader's S latch").not.toBeNull();
  if (!found) return;
  const state = await api<SimState>(page, "state");
  expect(state.step).toBe(found.step);
  // The panel row, the mark on the block and the holder's cursor agree with the lock table.
  const row = page.locator(`[data-testid=fd-latch-row][data-block="${found.block}"]`);
  await expect(row).toHaveAttribute("data-holder-mode", "S");
  await expect(row).toContainText("merge (X)");
  const mark = page.locator(`[data-testid=fd-latch-mark][data-block="${found.block}"]`);
  await expect(mark).toHaveAttribute("data-holder-mode", "S");
  expect(Number(await mark.getAttribute("data-waiters"))).toBeGreaterThan(0);
  const holder = found.holders.split(" ")[0] ?? "";
  expect(holder).toMatch(/^C\d+$/);
  const cursor = page.locator(`[data-testid=fd-cursor][data-client="${holder.slice(1)}"]`);
  await expect(cursor).toHaveAttribute("data-reading", new RegExp(`(^| )${found.block}( |$)`));
  await expect(page.getByTestId("fd-latches")).toHaveAttribute("data-waiting", /[1-9]/);
  expect(consoleErrors).toEqual([]);
});
