import { describe, expect, it } from "vitest";
import { histogramBars, totalCount } from "./histogram";

const edges = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe("histogramBars", () => {
  it("pairs each count with its bucket edges", () => {
    const bars = histogramBars([0, 1, 2], [3, 4], { margin: 0 });
    expect(bars).toEqual([
      { x0: 0, x1: 1, count: 3 },
      { x0: 1, x1: 2, count: 4 },
    ]);
  });

  it("trims empty buckets, keeping a margin on each side", () => {
    const counts = [0, 0, 0, 5, 0, 2, 0, 0, 0, 0];
    const bars = histogramBars(edges, counts, { margin: 1 });
    expect(bars.map((b) => b.x0)).toEqual([2, 3, 4, 5, 6]);
    expect(totalCount(bars.map((b) => b.count))).toBe(7);
  });

  it("widens a narrow range to the minimum number of buckets, within bounds", () => {
    const counts = [9, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(histogramBars(edges, counts, { margin: 0, minBuckets: 4 }).map((b) => b.x0)).toEqual([0, 1, 2, 3]);
    const end = [0, 0, 0, 0, 0, 0, 0, 0, 0, 9];
    expect(histogramBars(edges, end, { margin: 0, minBuckets: 4 }).map((b) => b.x0)).toEqual([6, 7, 8, 9]);
  });

  it("returns no bars without data or with mismatched input", () => {
    expect(histogramBars(edges, new Array(10).fill(0))).toEqual([]);
    expect(histogramBars([0], [1])).toEqual([]);
    expect(histogramBars(new Float64Array(edges), new Float64Array(10))).toEqual([]);
  });

  it("never loses counts when the range covers every bucket", () => {
    const counts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(totalCount(histogramBars(edges, counts).map((b) => b.count))).toBe(totalCount(counts));
  });
});
