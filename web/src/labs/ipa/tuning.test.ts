import { describe, expect, it } from "vitest";
import type { IpaSchemeCell } from "./payload.gen";
import { tuningChart } from "./tuning";

const cell = (n: number, m: number, space: number, appends: number | null): IpaSchemeCell => ({
  n,
  m,
  space_percent: space,
  append_percent: appends,
  appends: 0,
  update_write_backs: 0,
  failed: appends === null ? "the device is full" : null,
});

describe("the [N × M] trade-off chart", () => {
  it("draws one curve per N in increasing M, more space to the right and more appends higher", () => {
    const grid = [cell(1, 6, 10.7, 40), cell(1, 3, 9, 30), cell(2, 3, 18, 50), cell(2, 6, 21.5, 60), cell(2, 10, 26, null)];
    const chart = tuningChart(grid, 300, 200);
    expect(chart.curves.map((c) => c.n)).toEqual([1, 2]);
    expect(chart.curves[0]?.points.map((p) => p.m)).toEqual([3, 6]);
    // The failed run (no share) is not drawn.
    expect(chart.curves[1]?.points.map((p) => p.m)).toEqual([3, 6]);
    const [a, b] = chart.curves[1]?.points ?? [];
    expect(a && b && b.x > a.x && b.y < a.y).toBe(true);
    expect(chart.yTicks[0]?.at).toBeGreaterThan(chart.yTicks[4]?.at ?? Infinity);
  });
});
