import { describe, expect, it } from "vitest";
import { cylinderRadius, headAngle, headPoint, platterLayout, polar } from "./platterGeometry";

const layout = platterLayout(200);

describe("platter geometry", () => {
  it("maps cylinder 0 to the outer track and the last cylinder to the inner one", () => {
    expect(cylinderRadius(layout, 0, 1000)).toBeCloseTo(layout.rOuterTrack);
    expect(cylinderRadius(layout, 999, 1000)).toBeCloseTo(layout.rInnerTrack);
    expect(cylinderRadius(layout, 499.5, 1000)).toBeCloseTo((layout.rOuterTrack + layout.rInnerTrack) / 2);
    expect(cylinderRadius(layout, 5000, 1000)).toBeCloseTo(layout.rInnerTrack);
  });

  it("puts the head on the track circle and at arm's length from the pivot, for every radius", () => {
    for (const r of [layout.rOuterTrack, 150, 100, layout.rInnerTrack]) {
      const p = headPoint(layout, r);
      expect(Math.hypot(p.x - layout.center.x, p.y - layout.center.y)).toBeCloseTo(r, 6);
      expect(Math.hypot(p.x - layout.pivot.x, p.y - layout.pivot.y)).toBeCloseTo(layout.armLength, 6);
    }
  });

  it("keeps the head over the platter's right-hand side along the whole stroke", () => {
    for (const r of [layout.rOuterTrack, layout.rInnerTrack]) {
      const a = headAngle(layout, r);
      expect(a).toBeGreaterThan(-60);
      expect(a).toBeLessThan(60);
    }
  });

  it("polar places angles clockwise from 3 o'clock", () => {
    const p = polar({ x: 0, y: 0 }, 10, 90);
    expect(p.x).toBeCloseTo(0);
    expect(p.y).toBeCloseTo(10);
  });
});
