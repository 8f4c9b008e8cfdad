import { describe, expect, it } from "vitest";
import { arrivalRanks, chipX, flushPhase, keyRanks, pageX, progress, slotLayout, slotX } from "./bufferLayout";
import { granuleSpans, placeLabel, readSpan, rowLayout, runY, scanCursors, scansToDraw, tablePageSpan } from "./keyLayout";
import { sampleMeta } from "./sampleMeta.test-util";

describe("buffer lane layout", () => {
  it("puts P slots in each page box and pages left to right", () => {
    const layout = slotLayout(8, 4, 800);
    expect(layout.pages).toBe(8);
    expect(pageX(layout, 1) - pageX(layout, 0)).toBeCloseTo(layout.pageW + layout.pageGap);
    // The last page ends at the lane's right edge.
    expect(pageX(layout, 7) + layout.pageW).toBeCloseTo(800);
    // Slot 4 is the first slot of page 1; slots inside a page are evenly spaced.
    expect(slotX(layout, 4)).toBeCloseTo(pageX(layout, 1) + 2);
    expect(slotX(layout, 2) - slotX(layout, 1)).toBeCloseTo(slotX(layout, 1) - slotX(layout, 0));
    expect(slotX(layout, 3) + layout.chipW).toBeLessThanOrEqual(pageX(layout, 0) + layout.pageW + 1e-9);
  });

  it("never draws a slot narrower than one pixel", () => {
    const layout = slotLayout(128, 16, 300);
    expect(layout.chipW).toBeGreaterThanOrEqual(1);
  });

  it("ranks records by arrival (ts) and by key then ts", () => {
    const records = [
      { ts: 40, key: 1, kind: "insert" as const },
      { ts: 35, key: 4, kind: "modify" as const },
      { ts: 38, key: 4, kind: "modify" as const },
      { ts: 33, key: 20, kind: "delete" as const },
    ];
    expect(arrivalRanks(records)).toEqual([3, 1, 2, 0]);
    expect(keyRanks([...records].reverse())).toEqual([3, 2, 1, 0]);
  });

  it("interpolates a chip from its arrival slot to its key slot", () => {
    const layout = slotLayout(2, 4, 200);
    expect(chipX(layout, 5, 1, 0)).toBeCloseTo(slotX(layout, 5));
    expect(chipX(layout, 5, 1, 1)).toBeCloseTo(slotX(layout, 1));
    expect(chipX(layout, 5, 1, 0.5)).toBeCloseTo((slotX(layout, 5) + slotX(layout, 1)) / 2);
  });

  it("clamps progress", () => {
    expect(progress(5, 10, 20)).toBe(0);
    expect(progress(15, 10, 20)).toBe(0.5);
    expect(progress(25, 10, 20)).toBe(1);
    expect(progress(10, 10, 10)).toBe(1);
  });

  it("is in arrival order at the flush's start, sorted after it, and fills pages by the core's count and the clock", () => {
    const flush = { records: [], count: 0, pages_written: 0, pages_total: 4, start_ns: 1000, end_ns: 5000 };
    expect(flushPhase(flush, 1000)).toEqual({ sort: 0, pagesWritten: 0, pageFill: 0 });
    expect(flushPhase(flush, 1001).sort).toBe(1);
    expect(flushPhase(flush, 1500).pageFill).toBeCloseTo(0.5);
    const later = { ...flush, pages_written: 2 };
    expect(flushPhase(later, 3000)).toEqual({ sort: 1, pagesWritten: 2, pageFill: 0 });
    expect(flushPhase(later, 3500).pageFill).toBeCloseTo(0.5);
    // Every page written: nothing is filling.
    expect(flushPhase({ ...flush, pages_written: 4 }, 9000).pageFill).toBe(0);
  });
});

describe("key-space layout", () => {
  it("maps table pages and run granules to key spans", () => {
    expect(tablePageSpan(3, 4)).toEqual({ from: 12, to: 16 });
    const [run] = sampleMeta().runs;
    if (!run) throw new Error("sample has runs");
    expect(granuleSpans(run)).toEqual([
      { from: 0, to: 10 },
      { from: 10, to: 22 },
      { from: 22, to: 40 },
      { from: 40, to: 63 },
    ]);
    expect(readSpan(run, 0, 2)).toEqual({ from: 0, to: 22 });
    expect(readSpan(run, 3, 5)).toEqual({ from: 40, to: 63 });
    expect(readSpan(run, 0, 0)).toBeNull();
  });

  it("moves each cursor over the interval the core gives for its device", () => {
    const scan = sampleMeta().scans[0];
    if (!scan) throw new Error("sample has a scan");
    // keys 8..23 = 16 keys; hdd over 2 ms, ssd over the first 1 ms.
    const mid = scanCursors(scan, 5_000_000);
    expect(mid.table).toBeCloseTo(8 + 16 * 0.25);
    expect(mid.runs).toBeCloseTo(8 + 16 * 0.5);
    expect(mid.output).toBeCloseTo(8 + 16 * 0.25);
    const before = scanCursors(scan, 0);
    expect(before.table).toBe(8);
    const done = scanCursors({ ...scan, state: "done" }, 0);
    expect(done).toEqual({ table: 24, runs: 24, output: 24, done: 1 });
    // No SSD reads (no runs): the run cursor follows the whole scan.
    expect(scanCursors({ ...scan, ssd: null }, 5_500_000).runs).toBeCloseTo(8 + 16 * 0.5);
  });

  it("draws every open scan, else only the latest finished one", () => {
    const scan = sampleMeta().scans[0];
    if (!scan) throw new Error("sample has a scan");
    const done = { ...scan, op: 3, state: "done" as const };
    expect(scansToDraw([done, scan]).map((s) => [s.scan.op, s.live])).toEqual([[12, true]]);
    expect(scansToDraw([done, { ...done, op: 5 }]).map((s) => [s.scan.op, s.live])).toEqual([[5, false]]);
    expect(scansToDraw([])).toEqual([]);
  });

  it("stacks runs, then the table, then the output, inside the height", () => {
    const layout = rowLayout(8, 300);
    expect(runY(layout, 1) - runY(layout, 0)).toBeCloseTo(layout.runH + layout.runGap);
    expect(layout.tableY).toBeGreaterThan(runY(layout, 7) + layout.runH);
    expect(layout.outputY + layout.outputH).toBeLessThanOrEqual(300);
    // Many runs get thin rows, never thinner than 3 px.
    expect(rowLayout(40, 200).runH).toBe(3);
  });

  it("puts a scan's label beside its band, longest text that fits first", () => {
    const long = "x".repeat(40); // 256 px
    const short = "x".repeat(10); // 64 px
    expect(placeLabel([long, short], 100, 150, 50, 500)).toEqual({ text: long, x: 156, anchor: "start" });
    expect(placeLabel([long, short], 400, 450, 50, 500)).toEqual({ text: long, x: 394, anchor: "end" });
    expect(placeLabel([long, short], 200, 300, 50, 400)).toEqual({ text: short, x: 306, anchor: "start" });
    // A band over nearly every key: inside it, at its right end.
    expect(placeLabel([long, short], 60, 490, 50, 500)).toEqual({ text: short, x: 486, anchor: "end" });
  });
});
