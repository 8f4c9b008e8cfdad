import { describe, expect, it } from "vitest";
import type { FigureData } from "../sim/types";
import { figureGeometry, formatTick, seriesSlots } from "./figureLayout";

const figure = (log: boolean): FigureData => ({
  id: "t",
  lab: "masm",
  title: "t",
  source: "s",
  x: { label: "range", unit: "B", log },
  y: { label: "slowdown", unit: "×", log: false },
  series: [
    { name: "a", kind: "simulated", of: "", points: [[4096, 3], [1 << 20, 1.5], [1 << 30, 1]] },
    { name: "b", kind: "simulated", of: "", points: [[4096, 1.04], [1 << 30, 1]] },
    { name: "paper b", kind: "paper", of: "b", points: [[4096, 1.04]] },
    { name: "paper a", kind: "paper", of: "a", points: [[4096, 3.7]] },
  ],
  claim_prefix: "x",
  scenario: "y",
  method: "m",
});

describe("figure geometry", () => {
  it("gives a paper series the colour slot of the simulated curve it names", () => {
    expect(seriesSlots(figure(false).series)).toEqual([0, 1, 1, 0]);
  });

  it("fits every point, paper points included, inside the plot", () => {
    for (const log of [false, true]) {
      const g = figureGeometry(figure(log), 600, 300);
      for (const s of figure(log).series) {
        for (const [px, py] of s.points) {
          expect(g.x(px)).toBeGreaterThanOrEqual(56 - 1e-9);
          expect(g.x(px)).toBeLessThanOrEqual(600 - 16 + 1e-9);
          expect(g.y(py)).toBeGreaterThanOrEqual(14 - 1e-9);
          expect(g.y(py)).toBeLessThanOrEqual(300 - 44 + 1e-9);
        }
      }
    }
  });

  it("ticks a log axis in bytes at the sizes measured, and others once per decade", () => {
    expect(figureGeometry(figure(true), 600, 300).xTicks).toEqual([4096, 1 << 20, 1 << 30]);
    const decimal = figure(true);
    decimal.x.unit = "ops";
    expect(figureGeometry(decimal, 600, 300).xTicks).toEqual([1e4, 1e5, 1e6, 1e7, 1e8, 1e9]);
  });

  it("labels bytes in binary units and percentages with a sign", () => {
    expect(formatTick(4096, "B")).toBe("4 KB");
    expect(formatTick(100 * 2 ** 30, "B")).toBe("100 GB");
    expect(formatTick(25, "%")).toBe("25 %");
    expect(formatTick(867, "seeks")).toBe("867");
  });
});
