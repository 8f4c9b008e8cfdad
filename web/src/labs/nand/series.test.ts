import { describe, expect, it } from "vitest";
import { histogramRow, stackedHeights, stackedRects, stateTotals } from "./series";

// 3 states × 4 bins, row-major like `hist_counts`.
const counts = [
  2, 1, 0, 0, // ER
  0, 0, 3, 0, // P1
  0, 1, 1, 4, // P2
];
const edges = [0, 1, 2, 3, 4];

describe("histogram rows", () => {
  it("extracts one state's row, and nothing for a row out of range", () => {
    expect(histogramRow(counts, 4, 0)).toEqual([2, 1, 0, 0]);
    expect(histogramRow(counts, 4, 2)).toEqual([0, 1, 1, 4]);
    expect(histogramRow(counts, 4, 3)).toEqual([]);
    expect(histogramRow(counts, 0, 0)).toEqual([]);
  });

  it("sums rows per state and columns per bin", () => {
    expect(stateTotals(counts, 3, 4)).toEqual([3, 3, 6]);
    expect(stackedHeights(counts, 3, 4)).toEqual([2, 2, 4, 4]);
  });

  it("stacks each state's segments on the states below it, skipping empty ones", () => {
    const rects = stackedRects(edges, counts, 3, 4);
    expect(rects[0]).toEqual([
      { x0: 0, x1: 1, y0: 0, y1: 2 },
      { x0: 1, x1: 2, y0: 0, y1: 1 },
    ]);
    expect(rects[1]).toEqual([{ x0: 2, x1: 3, y0: 0, y1: 3 }]);
    expect(rects[2]).toEqual([
      { x0: 1, x1: 2, y0: 1, y1: 2 },
      { x0: 2, x1: 3, y0: 3, y1: 4 },
      { x0: 3, x1: 4, y0: 0, y1: 4 },
    ]);
  });
});
