import { describe, expect, it } from "vitest";
import { IDENTITY, MAX_SCALE, clampView, panBy, toContent, zoomAt } from "./panZoom";

describe("pan and zoom", () => {
  it("keeps the content point under the pointer where it was when zooming", () => {
    const v = zoomAt(IDENTITY, 2, 100, 50, 400, 200);
    expect(v.scale).toBe(2);
    expect(toContent(v, 100, 50)).toEqual([100, 50]);
    const w = zoomAt(v, 1.5, 300, 120, 400, 200);
    const before = toContent(v, 300, 120);
    const after = toContent(w, 300, 120);
    expect(after[0]).toBeCloseTo(before[0]);
    expect(after[1]).toBeCloseTo(before[1]);
  });

  it("never shows an empty margin: the content always covers the viewport", () => {
    let v = zoomAt(IDENTITY, 3, 0, 0, 400, 200);
    const moves: [number, number][] = [
      [5000, 5000],
      [-5000, -5000],
      [123, -77],
    ];
    for (const [dx, dy] of moves) {
      v = panBy(v, dx, dy, 400, 200);
      expect(v.x).toBeLessThanOrEqual(0);
      expect(v.y).toBeLessThanOrEqual(0);
      expect(v.x + 400 * v.scale).toBeGreaterThanOrEqual(400);
      expect(v.y + 200 * v.scale).toBeGreaterThanOrEqual(200);
    }
  });

  it("clamps the scale to [1, MAX_SCALE] and zooming out fully returns the identity", () => {
    let v = IDENTITY;
    for (let i = 0; i < 20; i++) v = zoomAt(v, 2, 10, 10, 400, 200);
    expect(v.scale).toBe(MAX_SCALE);
    for (let i = 0; i < 20; i++) v = zoomAt(v, 0.5, 390, 190, 400, 200);
    expect(v).toEqual(clampView(IDENTITY, 400, 200));
    expect(v.scale).toBe(1);
    expect(Math.abs(v.x) + Math.abs(v.y)).toBe(0);
  });
});
