import { describe, expect, it } from "vitest";
import type { FdtreeBlock } from "./payload.gen";
import { blockSpans, decodePairs, decodeRp, fenceLinks, fraction, meanStd, rowLabel, runningMax } from "./layout";

function block(id: number, first: number, last: number, fence_links: number[] = []): FdtreeBlock {
  return { id, first_key: first, last_key: last, inserts: 1, deletes: 0, fences: fence_links.length / 2, state: "live", fence_links };
}

describe("fenceLinks", () => {
  it("links each fence to its target block on a lower row, and skips targets not drawn", () => {
    const upper = blockSpans([block(1, 0, 20, [0, 10, 15, 11, 30, 99])], 40);
    const lower = blockSpans([block(10, 0, 9), block(11, 15, 25)], 40);
    const links = fenceLinks([
      { row: 1, spans: upper },
      { row: 2, spans: lower },
    ]);
    expect(links.map((l) => [l.fromRow, l.fenceKey, l.toRow, l.targetFrom, l.targetId])).toEqual([
      [1, 0, 2, 0, 10],
      [1, 15, 2, 15, 11],
    ]);
  });
});

describe("blockSpans", () => {
  it("tiles the key axis from 0 to the end, each block up to the next one's first key", () => {
    const spans = blockSpans([block(1, 3, 9), block(2, 10, 19), block(3, 20, 25)], 40);
    expect(spans.map((s) => [s.from, s.to])).toEqual([
      [0, 10],
      [10, 20],
      [20, 40],
    ]);
  });
  it("never gives a negative width", () => {
    const spans = blockSpans([block(1, 30, 31), block(2, 5, 6)], 3);
    for (const s of spans) expect(s.to).toBeGreaterThanOrEqual(s.from);
  });
});

describe("rows and series", () => {
  it("names rows by label and role", () => {
    expect(rowLabel({ label: 2, role: "old" })).toBe("L2 old");
    expect(rowLabel({ label: 1, role: "skipped" })).toBe("L1 skipped");
    expect(rowLabel({ label: 3, role: "stable" })).toBe("L3");
  });
  it("decodes triples and pairs, dropping a partial tail", () => {
    expect(decodeRp([1, 2, 3, 4, 5])).toEqual([{ endNs: 1, rpNs: 2, kind: 3 }]);
    expect(decodePairs([1, 2, 3])).toEqual([[1, 2]]);
  });
  it("keeps a running maximum and the mean and σ of one kind", () => {
    const pts = decodeRp([10, 5, 1, 20, 3, 1, 30, 9, 3, 40, 7, 1]);
    expect(runningMax(pts)).toEqual([
      [10, 5],
      [30, 9],
    ]);
    const s = meanStd(pts, 1);
    expect(s.n).toBe(3);
    expect(s.mean).toBeCloseTo(5);
    expect(s.std).toBeCloseTo(Math.sqrt(8 / 3));
    expect(meanStd(pts, 2)).toEqual({ mean: 0, std: 0, n: 0 });
  });
  it("clamps fractions to [0, 1]", () => {
    expect(fraction(3, 0)).toBe(0);
    expect(fraction(5, 4)).toBe(1);
    expect(fraction(1, 4)).toBe(0.25);
  });
});
