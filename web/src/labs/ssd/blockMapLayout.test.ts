import { describe, expect, it } from "vitest";
import { blockAt, blockRect, dieGridPosition, layoutBlockMap, pageCounts, type MapShape } from "./blockMapLayout";

const COURSE: MapShape = { channels: 4, diesPerChannel: 2, blocksPerDie: 64, pagesPerBlock: 32 };

describe("block map layout", () => {
  it("puts die d on channel row d mod C, its dies side by side", () => {
    expect(dieGridPosition(0, 4)).toEqual({ row: 0, col: 0 });
    expect(dieGridPosition(5, 4)).toEqual({ row: 1, col: 1 });
    const layout = layoutBlockMap(COURSE, 860, 330);
    expect(layout.dies).toHaveLength(8);
    expect(layout.dies[1]?.y).toBeGreaterThan(layout.dies[0]?.y ?? 0);
    expect(layout.dies[4]?.x).toBeGreaterThan(layout.dies[0]?.x ?? 0);
    expect(layout.dies[4]?.y).toBe(layout.dies[0]?.y);
  });

  it("fits in the box, with whole-pixel tiles and every page at least a pixel high", () => {
    const layout = layoutBlockMap(COURSE, 860, 330);
    expect(layout.width).toBeLessThanOrEqual(860);
    expect(layout.height).toBeLessThanOrEqual(330);
    expect(Number.isInteger(layout.blockW)).toBe(true);
    expect(layout.pageH).toBeGreaterThanOrEqual(1);
    expect(layout.perRow * layout.rows).toBeGreaterThanOrEqual(64);
    expect(layout.blockH).toBeGreaterThan(layout.blockW);
  });

  it("no two blocks overlap, and hit-testing finds each block at its tile", () => {
    const layout = layoutBlockMap(COURSE, 860, 330);
    const seen = new Set<string>();
    for (let block = 0; block < 512; block++) {
      const r = blockRect(layout, COURSE, block);
      const key = `${r.x},${r.y}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      expect(blockAt(layout, COURSE, r.x + r.w / 2, r.y + r.h / 2)).toBe(block);
    }
    // A die's header row hits nothing.
    expect(blockAt(layout, COURSE, 2, 2)).toBeNull();
  });

  it("handles a tiny device and a big one", () => {
    const tiny: MapShape = { channels: 2, diesPerChannel: 1, blocksPerDie: 16, pagesPerBlock: 8 };
    const small = layoutBlockMap(tiny, 800, 300);
    expect(small.blockW).toBeGreaterThan(10);
    const big: MapShape = { channels: 8, diesPerChannel: 4, blocksPerDie: 128, pagesPerBlock: 64 };
    const dense = layoutBlockMap(big, 860, 330);
    expect(dense.blockW).toBeGreaterThanOrEqual(1);
    expect(dense.height).toBeLessThanOrEqual(400);
  });

  it("derives page counts from block counts", () => {
    expect(pageCounts(32, 0, 0, null)).toEqual({ valid: 0, invalid: 0, free: 32 });
    expect(pageCounts(32, 2, 20, null)).toEqual({ valid: 20, invalid: 12, free: 0 });
    expect(pageCounts(32, 1, 5, 8)).toEqual({ valid: 5, invalid: 3, free: 24 });
  });

  it("gives a device of many channels a compact grid instead of a few-pixel row per channel", () => {
    const x25e: MapShape = { channels: 10, diesPerChannel: 1, blocksPerDie: 96, pagesPerBlock: 64 };
    const layout = layoutBlockMap(x25e, 820, 250);
    expect(layout.dies).toHaveLength(10);
    expect(layout.blockH).toBeGreaterThanOrEqual(8);
    expect(layout.height).toBeLessThanOrEqual(250);
    // Every die still gets its own panel, none overlapping.
    for (let a = 0; a < 10; a++) {
      for (let b = a + 1; b < 10; b++) {
        const p = layout.dies[a]!;
        const q = layout.dies[b]!;
        expect(p.x + p.w <= q.x || q.x + q.w <= p.x || p.y + p.h <= q.y || q.y + q.h <= p.y).toBe(true);
      }
    }
  });
});
