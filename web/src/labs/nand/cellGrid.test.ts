import { describe, expect, it } from "vitest";
import { cellAt, cellOrigin, gridLayout } from "./cellGrid";

describe("wordline grid", () => {
  it("uses whole bytes per row and the largest squares that fit", () => {
    const g = gridLayout(256, 540, 56);
    expect(g.cols % 8).toBe(0);
    expect(g.rows * g.cols).toBeGreaterThanOrEqual(256);
    expect(g.width).toBeLessThanOrEqual(540);
    expect(g.height).toBeLessThanOrEqual(56);
    // Any other whole-byte column count gives smaller squares.
    for (let cols = 8; cols <= 256; cols += 8) {
      const rows = Math.ceil(256 / cols);
      const pitch = Math.min((540 - (cols / 8 - 1) * 3) / cols, 56 / rows);
      expect(Math.floor(pitch)).toBeLessThanOrEqual(g.pitch);
    }
  });

  it("handles tiny and dense wordlines", () => {
    expect(gridLayout(8, 200, 40).cols).toBe(8);
    const dense = gridLayout(4096, 800, 60);
    expect(dense.rows * dense.cols).toBeGreaterThanOrEqual(4096);
    expect(dense.width).toBeLessThanOrEqual(800);
    expect(dense.height).toBeLessThanOrEqual(60);
    expect(gridLayout(0, 100, 100).cols).toBe(0);
    expect(gridLayout(100, 0, 100).pitch).toBe(0);
  });

  it("finds every cell at its own square, and nothing in the gaps between bytes", () => {
    const g = gridLayout(128, 500, 60);
    for (let i = 0; i < 128; i++) {
      const { x, y } = cellOrigin(g, i);
      expect(cellAt(g, x + 1, y + 1)).toBe(i);
    }
    const endOfFirstByte = cellOrigin(g, 7).x + g.pitch;
    if (g.byteGap >= 2) expect(cellAt(g, endOfFirstByte + 1, 1)).toBeNull();
    expect(cellAt(g, -1, 0)).toBeNull();
    expect(cellAt(g, 0, g.height + 1)).toBeNull();
  });
});
